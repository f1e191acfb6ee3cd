//! What the answers share: the tic-tac-toe table, one pool of idle engines a
//! game (they keep their tables), the Connect Four analysis' solvers, the
//! Connect Four book, and the memory budget that every solver's or engine's
//! table comes out of. The game modules all use it; it uses none of them.
//! The server wraps it with its search slots; the WebAssembly module holds one.
//!
//! The budget ([`Memory`]): a search reserves its table's bytes before the
//! table is made ([`Lease`]), and gives them back when its engine is dropped.
//! A search that does not fit drops the idle engines, then takes a smaller
//! table where the board allows one, else waits for memory (at most
//! [`Context::memory_wait`]) and is answered a 503. Only standard 7x6
//! solvers and the engines of 7x6 and Santorini are kept between searches;
//! the tables of other boards are given back at once.

use super::error::ApiError;
use bitgames::connect4::registered::Exact;
use bitgames::connect4::solver::Solver;
use bitgames::connect4::solver::book::Book;
use bitgames::connect4::solver::table;
use bitgames::connect4::{Geometry, Position};
use bitgames::registry::{self, DynEngine, DynGame};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// Transposition table of a server's Connect Four solver: 2^21 buckets
/// (32 MiB), one solver per search slot.
pub const CONNECT4_TABLE_LOG2: u32 = 21;

/// The smallest table a Connect Four search is given when memory is short:
/// 2^16 buckets (1 MiB).
pub const MIN_TABLE_LOG2: u32 = 16;

/// The memory of a Santorini engine: its table (2^20 entries of 16 bytes),
/// histories and caches.
pub const SANTORINI_ENGINE_BYTES: usize = 20 << 20;

/// What any other engine is counted (tic-tac-toe's is a few KiB).
pub const SMALL_ENGINE_BYTES: usize = 1 << 20;

/// A memory budget: bytes reserved by [`Lease`]s, at most `limit` at once.
pub struct Memory {
    limit: usize,
    used: Mutex<usize>,
    freed: Condvar,
}

/// Bytes of a [`Memory`], given back when dropped.
pub struct Lease {
    memory: Arc<Memory>,
    bytes: usize,
}

impl Drop for Lease {
    fn drop(&mut self) {
        let mut used = self.memory.lock();
        *used -= self.bytes;
        drop(used);
        self.memory.freed.notify_all();
    }
}

impl Lease {
    /// The bytes reserved.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.bytes
    }
}

impl Memory {
    /// A budget of `limit` bytes.
    #[must_use]
    pub fn new(limit: usize) -> Arc<Memory> {
        Arc::new(Memory {
            limit,
            used: Mutex::new(0),
            freed: Condvar::new(),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, usize> {
        self.used.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The budget in bytes.
    #[must_use]
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// The bytes reserved now.
    #[must_use]
    pub fn used(&self) -> usize {
        *self.lock()
    }

    /// The bytes not reserved now.
    #[must_use]
    pub fn left(&self) -> usize {
        self.limit.saturating_sub(self.used())
    }

    /// `bytes` if they are free now.
    pub fn try_reserve(self: &Arc<Memory>, bytes: usize) -> Option<Lease> {
        let mut used = self.lock();
        if bytes > self.limit.saturating_sub(*used) {
            return None;
        }
        *used += bytes;
        Some(Lease {
            memory: Arc::clone(self),
            bytes,
        })
    }

    /// `bytes`, waiting at most `wait` for others to give theirs back (and
    /// not once `cancel` is set).
    fn reserve_within(
        self: &Arc<Memory>,
        bytes: usize,
        wait: Duration,
        cancel: Option<&AtomicBool>,
    ) -> Option<Lease> {
        let until = std::time::Instant::now() + wait;
        let mut used = self.lock();
        loop {
            if bytes <= self.limit.saturating_sub(*used) {
                *used += bytes;
                return Some(Lease {
                    memory: Arc::clone(self),
                    bytes,
                });
            }
            let now = std::time::Instant::now();
            if now >= until || cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                return None;
            }
            // In slices, to see a cancellation.
            let slice = (until - now).min(Duration::from_millis(20));
            used = self
                .freed
                .wait_timeout(used, slice)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }
}

/// An engine and the memory its table holds.
pub struct Leased<T> {
    pub engine: T,
    lease: Lease,
}

/// An engine of any game and the memory it holds.
pub type LeasedEngine = Leased<Box<dyn DynEngine>>;

/// Idle engines of one kind, reused so that their tables are kept.
pub struct Pool<T>(Mutex<Vec<T>>);

impl<T> Default for Pool<T> {
    fn default() -> Pool<T> {
        Pool(Mutex::new(Vec::new()))
    }
}

impl<T> Pool<T> {
    /// An idle engine, if any.
    pub fn take_idle(&self) -> Option<T> {
        self.0.lock().map(|mut idle| idle.pop()).ok().flatten()
    }

    /// An idle engine, or a new one from `make`.
    pub fn take(&self, make: impl FnOnce() -> T) -> T {
        self.take_idle().unwrap_or_else(make)
    }

    /// Puts an engine back for the next search.
    pub fn give(&self, engine: T) {
        if let Ok(mut idle) = self.0.lock() {
            idle.push(engine);
        }
    }

    /// Drops every idle engine (their memory is given back).
    pub fn clear(&self) {
        let idle = self.0.lock().map(|mut idle| std::mem::take(&mut *idle));
        drop(idle);
    }
}

/// What the answers share.
pub struct Context {
    /// The solved tic-tac-toe table (built once, read-only).
    pub tictactoe: bitgames::tictactoe::solver::Solver,
    /// Idle 7x6 Connect Four solvers of the analysis (each keeps its table).
    connect4_solvers: Pool<Leased<Solver>>,
    /// An opening book for the Connect Four solvers (`bitgames serve --book`).
    pub connect4_book: Option<Arc<Book>>,
    /// The size of a Connect Four solver's table: 2^this buckets of 16 bytes.
    connect4_table_log2: u32,
    /// Idle engines of every registered game, for `/api/{game}/bestmove`.
    engines: HashMap<&'static str, Arc<Pool<LeasedEngine>>>,
    /// The budget every table comes out of.
    pub memory: Arc<Memory>,
    /// How long a search waits for memory before a 503.
    pub memory_wait: Duration,
}

/// The bits of the largest key of `geometry`'s boards.
fn key_bits(geometry: Geometry) -> u32 {
    (geometry.width() * (geometry.height() + 1)) as u32
}

impl Context {
    /// A context whose Connect Four solvers have tables of
    /// 2^`connect4_table_log2` buckets and this book, with no memory limit
    /// (the WebAssembly module: the browser has its own).
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
            memory: Memory::new(usize::MAX),
            memory_wait: Duration::ZERO,
        }
    }

    /// The same context with a memory budget of `bytes`, a search waiting
    /// at most `wait` for its share.
    #[must_use]
    pub fn with_memory(mut self, bytes: usize, wait: Duration) -> Context {
        self.memory = Memory::new(bytes);
        self.memory_wait = wait;
        self
    }

    /// Gives the Connect Four solvers a book from now on (the page's worker
    /// receives the book after its first answers): the idle solvers and
    /// engines of Connect Four, made without it, are dropped.
    pub fn set_connect4_book(&mut self, book: Option<Arc<Book>>) {
        self.connect4_book = book;
        self.connect4_solvers = Pool::default();
        let name = <Position as bitgames::Game>::NAME;
        self.engines.insert(name, Arc::new(Pool::default()));
    }

    /// Drops every idle engine, giving their memory back.
    pub fn drop_idle(&self) {
        self.connect4_solvers.clear();
        for pool in self.engines.values() {
            pool.clear();
        }
    }

    /// `bytes` of the budget for `what`: at once, or once the idle engines
    /// are dropped, or within [`Context::memory_wait`]; a 503 otherwise.
    pub fn reserve(
        &self,
        bytes: usize,
        what: &str,
        cancel: Option<&AtomicBool>,
    ) -> Result<Lease, ApiError> {
        let mib = |b: usize| (b + (1 << 19)) >> 20;
        self.fits(bytes, what)?;
        if let Some(lease) = self.memory.try_reserve(bytes) {
            return Ok(lease);
        }
        self.drop_idle();
        self.memory
            .reserve_within(bytes, self.memory_wait, cancel)
            .ok_or_else(|| {
                ApiError::unavailable(format!(
                    "server busy: {what} needs {} MiB of memory and {} MiB of the {} MiB budget are free; try again",
                    mib(bytes),
                    mib(self.memory.left()),
                    mib(self.memory.limit())
                ))
            })
    }

    /// A 503 if a Connect Four search on `geometry` can never fit the
    /// budget (16x7 needs 2 GiB), before it queues for a slot.
    pub fn connect4_fits(&self, geometry: Geometry) -> Result<(), ApiError> {
        let bytes = table::bytes_for(MIN_TABLE_LOG2, key_bits(geometry));
        self.fits(bytes, &format!("a Connect Four search on {geometry}"))
    }

    /// A 503 if a search of `game` from `position` can never fit the budget.
    pub fn engine_fits(&self, game: &dyn DynGame, position: &str) -> Result<(), ApiError> {
        match registry::parse_position::<Position>(position) {
            Ok(pos) if game.name() == "connect4" => self.connect4_fits(pos.geometry()),
            _ => Ok(()),
        }
    }

    fn fits(&self, bytes: usize, what: &str) -> Result<(), ApiError> {
        let mib = |b: usize| (b + (1 << 19)) >> 20;
        if bytes > self.memory.limit() {
            return Err(ApiError::unavailable(format!(
                "{what} needs {} MiB of memory, more than the server's budget of {} MiB (bitgames serve --memory)",
                mib(bytes),
                mib(self.memory.limit())
            )));
        }
        Ok(())
    }

    /// The table size a Connect Four search on `geometry` gets: the
    /// context's, or less when the budget has less left (never under
    /// [`MIN_TABLE_LOG2`]); its bytes.
    fn connect4_table(&self, geometry: Geometry) -> (u32, usize) {
        let bits = key_bits(geometry);
        if table::bytes_for(self.connect4_table_log2, bits) > self.memory.left() {
            self.drop_idle();
        }
        let left = self.memory.left();
        let mut log2 = self.connect4_table_log2;
        while log2 > MIN_TABLE_LOG2 && table::bytes_for(log2, bits) > left {
            log2 -= 1;
        }
        (log2, table::bytes_for(log2, bits))
    }

    /// A Connect Four solver for a search on `geometry`, its table out of
    /// the budget, stopped early by `cancel`: an idle one (7x6) or a new one.
    pub fn connect4_solver(
        &self,
        geometry: Geometry,
        cancel: Option<Arc<AtomicBool>>,
    ) -> Result<Leased<Solver>, ApiError> {
        let idle = if geometry == Geometry::STANDARD {
            self.connect4_solvers.take_idle()
        } else {
            None
        };
        let mut leased = match idle {
            Some(idle) => idle,
            None => {
                let (log2, bytes) = self.connect4_table(geometry);
                let what = format!("a Connect Four search on {geometry}");
                let lease = self.reserve(bytes, &what, cancel.as_deref())?;
                let mut solver = Solver::with_table_log2(log2);
                solver.set_book(self.connect4_book.clone());
                Leased {
                    engine: solver,
                    lease,
                }
            }
        };
        leased.engine.set_cancel(cancel);
        Ok(leased)
    }

    /// Puts a solver of [`Context::connect4_solver`] back: kept for the
    /// next search on 7x6, dropped (its memory given back) otherwise.
    pub fn give_connect4_solver(&self, geometry: Geometry, mut leased: Leased<Solver>) {
        leased.engine.set_deadline(None);
        leased.engine.set_cancel(None);
        let full = leased.lease.bytes() >= table::bytes_for(self.connect4_table_log2, 49);
        if geometry == Geometry::STANDARD && full {
            self.connect4_solvers.give(leased);
        }
    }

    /// Whether the book answers every column of `pos` (7x6): then its
    /// analysis is a few book probes, not a search.
    #[must_use]
    pub fn book_answers(&self, pos: &Position) -> bool {
        use bitgames::Game;
        let Some(book) = &self.connect4_book else {
            return false;
        };
        pos.geometry() == Geometry::STANDARD
            && !pos.outcome().is_over()
            && (pos.winning_moves() != 0
                || (0..pos.width()).filter(|&c| pos.can_play(c)).all(|c| {
                    pos.after(c).is_ok_and(|child| {
                        child.outcome().is_over()
                            || child.winning_moves() != 0
                            || book.score(&child).is_some()
                    })
                }))
    }

    /// A solver with a tiny table and the book, for [`Context::book_answers`]'s
    /// positions (outside the budget: 16 KiB).
    #[must_use]
    pub fn book_solver(&self) -> Solver {
        let mut solver = Solver::with_table_log2(10);
        solver.set_book(self.connect4_book.clone());
        solver
    }

    /// The bytes an engine of `game` holds for `position` (Connect Four's
    /// table depends on the board).
    fn engine_bytes(&self, game: &dyn DynGame, position: &str) -> usize {
        match game.name() {
            "santorini" => SANTORINI_ENGINE_BYTES,
            "connect4" => {
                let geometry = registry::parse_position::<Position>(position)
                    .map_or(Geometry::STANDARD, |p| p.geometry());
                self.connect4_table(geometry).1
            }
            _ => SMALL_ENGINE_BYTES,
        }
    }

    /// An engine of `game` for a search of `position`, its memory out of the
    /// budget, stopped early by `cancel`: an idle one, or with `fresh` (a
    /// search whose answer must not depend on earlier ones) a new one.
    pub fn engine(
        &self,
        game: &dyn DynGame,
        position: &str,
        fresh: bool,
        cancel: Option<Arc<AtomicBool>>,
    ) -> Result<LeasedEngine, ApiError> {
        let pool = self.pool(game)?;
        let idle = if fresh || !self.keeps(game, position) {
            None
        } else {
            pool.take_idle()
        };
        let mut leased = match idle {
            Some(idle) => idle,
            None => {
                let bytes = self.engine_bytes(game, position);
                let what = format!("a {} search", game.title());
                let lease = self.reserve(bytes, &what, cancel.as_deref())?;
                Leased {
                    engine: self.new_engine(game, position),
                    lease,
                }
            }
        };
        leased.engine.set_cancel(cancel);
        Ok(leased)
    }

    /// Whether an engine of `game` that searched `position` is kept for the
    /// next search: not Connect Four's off 7x6 (its table is given back).
    fn keeps(&self, game: &dyn DynGame, position: &str) -> bool {
        game.name() != "connect4"
            || registry::parse_position::<Position>(position)
                .is_ok_and(|p| p.geometry() == Geometry::STANDARD)
    }

    /// Puts an engine of [`Context::engine`] back for the next search, or
    /// drops it (Connect Four engines off 7x6 are not kept: their table is given back).
    pub fn give_engine(&self, game: &dyn DynGame, position: &str, mut leased: LeasedEngine) {
        leased.engine.set_cancel(None);
        if self.keeps(game, position)
            && let Ok(pool) = self.pool(game)
        {
            pool.give(leased);
        }
    }

    fn pool(&self, game: &dyn DynGame) -> Result<&Pool<LeasedEngine>, ApiError> {
        self.engines
            .get(game.name())
            .map(|p| &**p)
            .ok_or_else(|| ApiError::internal(format!("no engine pool for {}", game.name())))
    }

    /// A new engine of `game`: the registry's, except that Connect Four's
    /// solver gets the context's book and a table sized for `position`'s board.
    fn new_engine(&self, game: &dyn DynGame, position: &str) -> Box<dyn DynEngine> {
        if game.name() == <Position as bitgames::Game>::NAME {
            let geometry = registry::parse_position::<Position>(position)
                .map_or(Geometry::STANDARD, |p| p.geometry());
            let mut solver = Solver::with_table_log2(self.connect4_table(geometry).0);
            solver.set_book(self.connect4_book.clone());
            registry::dyn_engine::<Position>(Box::new(Exact::new(solver)))
        } else {
            game.engine()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leases_come_out_of_the_budget_and_go_back_when_dropped() {
        let memory = Memory::new(100);
        let a = memory.try_reserve(60).expect("60 of 100");
        assert!(memory.try_reserve(50).is_none(), "60 + 50 > 100");
        let b = memory.try_reserve(40).expect("60 + 40");
        assert_eq!(memory.used(), 100);
        drop(a);
        assert_eq!(memory.left(), 60);
        drop(b);
        assert_eq!(memory.used(), 0);
    }

    #[test]
    fn a_search_too_large_for_the_budget_is_a_503_that_says_so() {
        let ctx = Context::new(CONNECT4_TABLE_LOG2, None).with_memory(512 << 20, Duration::ZERO);
        let geometry = Geometry::new(16, 7).unwrap();
        let e = ctx
            .connect4_solver(geometry, None)
            .err()
            .expect("2 GiB > 512 MiB");
        assert_eq!(e.status, 503);
        assert!(
            e.message
                .starts_with("a Connect Four search on 16x7 needs 2048 MiB of memory, more than"),
            "{}",
            e.message
        );
        assert_eq!(ctx.memory.used(), 0);
    }

    #[test]
    fn a_short_budget_gives_a_smaller_table_and_the_idle_solvers_give_theirs_back() {
        let full = table::bytes_for(CONNECT4_TABLE_LOG2, 49);
        let ctx =
            Context::new(CONNECT4_TABLE_LOG2, None).with_memory(full + full / 2, Duration::ZERO);
        let a = ctx.connect4_solver(Geometry::STANDARD, None).unwrap();
        assert_eq!(a.lease.bytes(), full);
        // Half a table left: the next search gets a table that fits.
        let b = ctx.connect4_solver(Geometry::STANDARD, None).unwrap();
        assert!(b.lease.bytes() <= full / 2, "{}", b.lease.bytes());
        ctx.give_connect4_solver(Geometry::STANDARD, b);
        // The small table is not kept; the full one is, holding its memory.
        ctx.give_connect4_solver(Geometry::STANDARD, a);
        assert_eq!(ctx.memory.used(), full);
        // Another board's search drops the idle solver for a full table.
        let geometry = Geometry::new(8, 5).unwrap();
        let other = ctx.connect4_solver(geometry, None).unwrap();
        assert_eq!(other.lease.bytes(), full);
        ctx.give_connect4_solver(geometry, other);
        assert_eq!(ctx.memory.used(), 0);
    }
}
