//! The server's state: the search slots (a semaphore), the tic-tac-toe
//! table, pools of idle engines that keep their tables, and the Connect Four
//! book. The game modules and the router all use it; it uses none of them.

use super::error::ApiError;
use bitgames::connect4::solver::book::Book;
use bitgames::registry::{self, DynEngine, DynGame};
use bitgames::santorini::search::Engine;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

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
    /// Idle Santorini engines (their tables are large: reuse them).
    pub santorini_engines: Pool<Engine>,
    /// Idle Connect Four solvers (each keeps its transposition table).
    pub connect4_solvers: Pool<bitgames::connect4::solver::Solver>,
    /// An opening book for the Connect Four solvers (`bitgames serve --book`).
    pub connect4_book: Option<Arc<Book>>,
    /// Idle engines of every registered game, for the generic bestmove.
    engines: HashMap<&'static str, Arc<Pool<Box<dyn DynEngine>>>>,
}

impl AppState {
    /// A state allowing `max_solves` searches at once.
    pub fn new(max_solves: usize, connect4_book: Option<Arc<Book>>) -> AppState {
        AppState {
            solves: Arc::new(Semaphore::new(max_solves)),
            max_solves,
            tictactoe: bitgames::tictactoe::solver::Solver::new(),
            santorini_engines: Pool::default(),
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
