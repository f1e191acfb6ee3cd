//! The server's state: the search slots (a semaphore), the tic-tac-toe
//! table, one pool of idle engines a game (they keep their tables), the
//! Connect Four analysis' solvers, and the Connect Four book. The game modules and the router all use it; it uses none of them.

use super::error::ApiError;
use bitgames::connect4::registered::Exact;
use bitgames::connect4::solver::Solver;
use bitgames::connect4::solver::book::Book;
use bitgames::registry::{self, DynEngine, DynGame};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

/// Transposition table of a server's Connect Four solver: 2^21 buckets
/// (32 MiB), one solver per search slot.
const CONNECT4_TABLE_LOG2: u32 = 21;

/// How long a search request may wait for a free slot before a 503.
pub const QUEUE_WAIT: Duration = Duration::from_secs(20);

/// Idle engines of one kind, reused so that their tables are kept.
pub struct Pool<T>(Mutex<Vec<T>>);

impl<T> Default for Pool<T> {
    fn default() -> Pool<T> {
        Pool(Mutex::new(Vec::new()))
    }
}

impl<T> Pool<T> {
    /// An idle engine, or a new one from `make`.
    pub fn take(&self, make: impl FnOnce() -> T) -> T {
        self.0
            .lock()
            .map(|mut idle| idle.pop())
            .ok()
            .flatten()
            .unwrap_or_else(make)
    }

    /// Puts an engine back for the next search.
    pub fn give(&self, engine: T) {
        if let Ok(mut idle) = self.0.lock() {
            idle.push(engine);
        }
    }
}

/// What the handlers share.
pub struct AppState {
    /// One permit per search that may run at once.
    solves: Arc<Semaphore>,
    max_solves: usize,
    /// The solved tic-tac-toe table (built once, read-only).
    pub tictactoe: bitgames::tictactoe::solver::Solver,
    /// Idle Connect Four solvers of the analysis (each keeps its table).
    pub connect4_solvers: Pool<Solver>,
    /// An opening book for the Connect Four solvers (`bitgames serve --book`).
    pub connect4_book: Option<Arc<Book>>,
    /// Idle engines of every registered game, for `/api/{game}/bestmove`.
    engines: HashMap<&'static str, Arc<Pool<Box<dyn DynEngine>>>>,
}

impl AppState {
    /// A state allowing `max_solves` searches at once.
    pub fn new(max_solves: usize, connect4_book: Option<Arc<Book>>) -> AppState {
        AppState {
            solves: Arc::new(Semaphore::new(max_solves)),
            max_solves,
            tictactoe: bitgames::tictactoe::solver::Solver::new(),
            connect4_solvers: Pool::default(),
            connect4_book,
            engines: registry::GAMES
                .iter()
                .map(|g| (g.name(), Arc::new(Pool::default())))
                .collect(),
        }
    }

    /// The pool of idle engines of `game`.
    pub fn engines(&self, game: &dyn DynGame) -> Result<Arc<Pool<Box<dyn DynEngine>>>, ApiError> {
        self.engines
            .get(game.name())
            .cloned()
            .ok_or_else(|| ApiError::internal(format!("no engine pool for {}", game.name())))
    }

    /// A new engine of `game`: the registry's, except that Connect Four's
    /// solver gets the server's book and table size.
    pub fn new_engine(&self, game: &dyn DynGame) -> Box<dyn DynEngine> {
        if game.name() == <bitgames::connect4::Position as bitgames::Game>::NAME {
            registry::dyn_engine::<bitgames::connect4::Position>(Box::new(Exact::new(
                self.new_connect4_solver(),
            )))
        } else {
            game.engine()
        }
    }

    /// A Connect Four solver with the server's book and table size.
    pub fn new_connect4_solver(&self) -> Solver {
        let mut solver = Solver::with_table_log2(CONNECT4_TABLE_LOG2);
        solver.set_book(self.connect4_book.clone());
        solver
    }

    /// Runs `work` on a blocking thread once a search slot is free.
    pub async fn solve<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let permit = tokio::time::timeout(QUEUE_WAIT, self.solves.clone().acquire_owned())
            .await
            .map_err(|_| {
                ApiError::unavailable(format!(
                    "server busy: {} searches running and none free within {} s; try again",
                    self.max_solves,
                    QUEUE_WAIT.as_secs()
                ))
            })?
            .map_err(|_| ApiError::internal("the search slots are closed"))?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await
        .map_err(|e| ApiError::internal(format!("the search failed: {e}")))
    }
}
