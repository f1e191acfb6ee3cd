//! What the answers share: the tic-tac-toe table, one pool of idle engines a
//! game (they keep their tables), the Connect Four analysis' solvers, and the
//! Connect Four book. The game modules all use it; it uses none of them. The
//! server wraps it with its search slots; the WebAssembly module holds one.

use super::error::ApiError;
use bitgames::connect4::registered::Exact;
use bitgames::connect4::solver::Solver;
use bitgames::connect4::solver::book::Book;
use bitgames::registry::{self, DynEngine, DynGame};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Transposition table of a server's Connect Four solver: 2^21 buckets
/// (32 MiB), one solver per search slot.
pub const CONNECT4_TABLE_LOG2: u32 = 21;

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

/// What the answers share.
pub struct Context {
    /// The solved tic-tac-toe table (built once, read-only).
    pub tictactoe: bitgames::tictactoe::solver::Solver,
    /// Idle Connect Four solvers of the analysis (each keeps its table).
    pub connect4_solvers: Pool<Solver>,
    /// An opening book for the Connect Four solvers (`bitgames serve --book`).
    pub connect4_book: Option<Arc<Book>>,
    /// The size of a Connect Four solver's table: 2^this buckets of 16 bytes.
    connect4_table_log2: u32,
    /// Idle engines of every registered game, for `/api/{game}/bestmove`.
    engines: HashMap<&'static str, Arc<Pool<Box<dyn DynEngine>>>>,
}

impl Context {
    /// A context whose Connect Four solvers have tables of
    /// 2^`connect4_table_log2` buckets and this book.
    pub fn new(connect4_table_log2: u32, connect4_book: Option<Arc<Book>>) -> Context {
        Context {
            tictactoe: bitgames::tictactoe::solver::Solver::new(),
            connect4_solvers: Pool::default(),
            connect4_book,
            connect4_table_log2,
            engines: registry::GAMES
                .iter()
                .map(|g| (g.name(), Arc::new(Pool::default())))
                .collect(),
        }
    }

    /// Gives the Connect Four solvers a book from now on (the page's worker
    /// receives the book after its first answers): the idle solvers and
    /// engines of Connect Four, made without it, are dropped.
    pub fn set_connect4_book(&mut self, book: Option<Arc<Book>>) {
        self.connect4_book = book;
        self.connect4_solvers = Pool::default();
        let name = <bitgames::connect4::Position as bitgames::Game>::NAME;
        self.engines.insert(name, Arc::new(Pool::default()));
    }

    /// The pool of idle engines of `game`.
    pub fn engines(&self, game: &dyn DynGame) -> Result<Arc<Pool<Box<dyn DynEngine>>>, ApiError> {
        self.engines
            .get(game.name())
            .cloned()
            .ok_or_else(|| ApiError::internal(format!("no engine pool for {}", game.name())))
    }

    /// A new engine of `game`: the registry's, except that Connect Four's
    /// solver gets the context's book and table size.
    pub fn new_engine(&self, game: &dyn DynGame) -> Box<dyn DynEngine> {
        if game.name() == <bitgames::connect4::Position as bitgames::Game>::NAME {
            registry::dyn_engine::<bitgames::connect4::Position>(Box::new(Exact::new(
                self.new_connect4_solver(),
            )))
        } else {
            game.engine()
        }
    }

    /// A Connect Four solver with the context's book and table size.
    pub fn new_connect4_solver(&self) -> Solver {
        let mut solver = Solver::with_table_log2(self.connect4_table_log2);
        solver.set_book(self.connect4_book.clone());
        solver
    }
}
