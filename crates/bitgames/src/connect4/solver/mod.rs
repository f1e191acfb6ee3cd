//! An exact Connect Four solver in the style of Pascal Pons' "Solving Connect 4".
//!
//! Scores follow the test sets' convention: for the player to move, a win
//! with the last stone of the board scores 1 and each earlier stone one more
//! (`(W*H + 1 - n) / 2` for a win with the next stone after `n` stones), a draw
//! scores 0, losses mirror wins. The weak mode tells only win (+1), draw (0) or loss (-1).
//!
//! The search is fail-soft negamax with alpha-beta over null windows (the
//! root probes far from 0 first, then steps from 0 towards the score as
//! MTD(f) does), with:
//! - only *non-losing* moves searched (the opponent's immediate wins are
//!   blocked or, with two of them, the node is lost at once);
//! - a node with one move only passes straight to its child (no table entry:
//!   its parent probes the position after that move instead);
//! - a move that leaves the opponent no non-losing reply wins at once;
//! - the window clamped to the scores still possible;
//! - moves ordered by the transposition table's best move, then by the
//!   threats they create (those one or two cells above a playable cell count
//!   most, those right above an opponent's threat not at all), forcing moves
//!   (one reply left) a little higher, a move right under our own threat
//!   lower, then centre first;
//! - a transposition table ([`table`]) of exact 40-bit partial keys in
//!   two-entry buckets, keyed by the position or its mirror image, whichever
//!   key is smaller (a position and its mirror image have the same score),
//!   which grows with the search so that small searches stay in the cache;
//! - the children's buckets prefetched together, and enhanced transposition
//!   cutoffs (a child's stored bound that refutes the node cuts it);
//! - static bounds: a side that cannot make four at all draws at best, and
//!   *claimeven* (the player who makes the last move answering in the same
//!   column) for the player to move when an even number of cells is empty,
//!   on boards of any height, at every node and for every child before any
//!   child is searched; and the *odd threat* in a column with an odd
//!   number of empty cells (Allis' zugzwang), for either player on any
//!   board, at every node and for every child;
//! - in weak mode, the same root probes, the last ones inside [-1, 1];
//! - lazy SMP on a shared table for one position on several threads, each
//!   leaving the positions another is in to the end (simplified ABDADA),
//!   every other helper starting MTD(f) one higher;
//! - an optional opening book ([`book`]; [`book::builtin`] for 7x6).

pub mod book;
mod busy;
mod geo;
mod root;
mod search;
pub mod table;
pub mod verify;
mod word;

use super::{Geometry, Position};
use crate::time::Instant;
use book::{Book, BookValue};
use busy::Busy;
use geo::Geo;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use table::wide::WideTable;
use table::{Bound, Table};

/// The search was stopped by its deadline before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the search was interrupted by its time limit")]
pub struct Interrupted;

/// Why a position cannot be scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The game is over: there is nothing to score.
    #[error("the game is already over: {0}")]
    GameOver(crate::Outcome),
    /// The deadline passed.
    #[error(transparent)]
    Interrupted(#[from] Interrupted),
    /// The table of a board over 64 bits cannot be had: a board of more
    /// than 102 bits needs at least `2^(bits - 102)` buckets for exact keys
    /// (2 GiB for 16x7), whatever size was asked.
    #[error("{0}")]
    Table(#[from] table::TableError),
}

pub use super::score::Mode;

/// The scores of every column of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// One entry per column: the score for the player to move if they play
    /// there (a move that wins at once scores `(W*H + 1 - n) / 2`), `None` for
    /// a full column. In weak mode the entries are -1, 0 or +1.
    pub scores: Vec<Option<i32>>,
    /// A best column, 0-based (the most central of the best); `None` when no column is playable.
    pub best: Option<usize>,
    /// The score of the position itself (the best of `scores`).
    pub score: Option<i32>,
}

/// One column of an analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// The column is full: no move there.
    Full,
    /// The score for the player to move if they play there.
    Score(i32),
    /// The deadline came before its score was known.
    Unfinished,
}

impl Analysis {
    /// The analysis of finished columns: the best score, and the best column
    /// (the first in `order` among those with the best score).
    #[must_use]
    pub fn of(columns: &[Column], order: &[u8]) -> Analysis {
        let scores: Vec<Option<i32>> = columns
            .iter()
            .map(|c| match c {
                Column::Score(s) => Some(*s),
                _ => None,
            })
            .collect();
        let score = scores.iter().flatten().copied().max();
        let best = order
            .iter()
            .map(|&c| c as usize)
            .find(|&c| scores[c].is_some() && scores[c] == score);
        Analysis {
            scores,
            best,
            score,
        }
    }
}

/// Counters of the last solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes searched (calls of the negamax).
    pub nodes: u64,
    /// The nodes that got past the static checks: those that read the
    /// table, not the ones answered by a bound from their stones alone (a
    /// loss next move, the window, claimeven, no four left) nor those with
    /// one move, passed straight to their child. Steininger's c4 counts
    /// these: it runs those checks on each child before calling its search,
    /// and plays forced moves in place.
    pub searched: u64,
}

/// The default table: 2^23 buckets of two entries (128 MiB).
pub const DEFAULT_TABLE_LOG2: u32 = 23;

/// The table grows (eight times) after this many nodes a bucket since it
/// last grew. A table in the processor's caches answers so much faster that
/// it pays for the entries it loses: 64 against 4 costs Begin-Hard 11 % more
/// nodes and saves a quarter of its time (the 4 MiB table holds out to 16 M
/// nodes).
const GROW_NODES_PER_BUCKET: u64 = 64;

/// A reusable solver: a transposition table, an optional opening book, and
/// an optional deadline. One solver is used by one thread at a time; with
/// [`Solver::set_threads`] it searches one position on several threads that
/// share its table (lazy SMP).
pub struct Solver {
    table: Arc<Table>,
    /// The table of a board over 64 bits, made when one is solved (the
    /// 64-bit table is then shrunk to its smallest).
    wide: Option<Arc<WideTable>>,
    table_log2: u32,
    /// The board of the last solve, and its search constants.
    geometry: Geometry,
    geo: Geos,
    book: Option<Arc<Book>>,
    nodes: u64,
    /// The nodes past the static checks (see [`Stats::searched`]).
    searched: u64,
    /// `nodes` when the table last changed size.
    nodes_at_resize: u64,
    deadline: Option<Instant>,
    /// Set by the thread that finishes first, in a parallel search.
    stop: Option<Arc<AtomicBool>>,
    /// Set by the caller to stop a search early (see [`Solver::set_cancel`]).
    cancel: Option<Arc<AtomicBool>>,
    stopped: bool,
    threads: usize,
    /// The positions the threads of a parallel search of one position are
    /// in (shared), so that each leaves the others' to the end.
    busy: Option<Arc<Busy>>,
    /// Nodes of fewer stones than this, in a parallel search of one
    /// position, use `busy` (0 otherwise).
    share_below: i32,
    /// Where this thread's MTD(f) starts: 0, or [`search::HELPER_FIRST_GUESS`]
    /// for every other helper of a parallel search.
    first_guess: i32,
    /// Enhanced transposition cutoffs run while more cells than this are
    /// empty: fewer of them once the table outgrows the caches.
    etc_min_empty: i32,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the default table (128 MiB).
    #[must_use]
    pub fn new() -> Solver {
        Solver::with_table_log2(DEFAULT_TABLE_LOG2)
    }

    /// A solver with a table of `2^log2` buckets (16 bytes each; the table
    /// grows to that size only as searches need it).
    ///
    /// # Panics
    ///
    /// If `log2` is above 32 (64 GiB) or the memory is refused: see
    /// [`Solver::try_with_table_log2`], which returns an error instead. Sizes
    /// below 2^4 are raised to 2^4.
    #[must_use]
    pub fn with_table_log2(log2: u32) -> Solver {
        match Solver::try_with_table_log2(log2.max(*table::LOG2_RANGE.start())) {
            Ok(solver) => solver,
            Err(e) => panic!("Solver::with_table_log2({log2}): {e}"),
        }
    }

    /// A solver with a table of `2^log2` buckets (16 bytes each), `log2` in
    /// [`table::LOG2_RANGE`] (4..=32); an error for another size or when the
    /// system refuses the memory (the memory is reserved, not touched: pages
    /// are used as the table grows).
    pub fn try_with_table_log2(log2: u32) -> Result<Solver, table::TableError> {
        Ok(Solver {
            table: Arc::new(Table::try_new(log2, key_bits(Geometry::STANDARD))?),
            wide: None,
            table_log2: log2,
            geometry: Geometry::STANDARD,
            geo: Geos::new(Geometry::STANDARD),
            book: None,
            nodes: 0,
            searched: 0,
            nodes_at_resize: 0,
            deadline: None,
            stop: None,
            cancel: None,
            stopped: false,
            threads: 1,
            busy: None,
            share_below: 0,
            first_guess: 0,
            etc_min_empty: search::ETC_MIN_EMPTY,
        })
    }

    /// Searches each position on `threads` threads sharing the table (lazy
    /// SMP: every thread runs the whole search, in a slightly different move
    /// order, and the first to finish answers). 1 by default, at most
    /// [`MAX_THREADS`](crate::engine::MAX_THREADS). A thread the system
    /// refuses to start is left out: the search runs on those that started.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, crate::engine::MAX_THREADS);
    }

    /// The table: its own, growing with the search; or, while threads share
    /// it, all of it.
    fn table_mut(&mut self) -> &mut Table {
        Arc::get_mut(&mut self.table).expect("the table is not shared between searches")
    }

    /// Grows the table once the search has visited [`GROW_NODES_PER_BUCKET`]
    /// times more nodes than it has buckets: a small search stays in the caches.
    /// How deep enhanced transposition cutoffs run, for the table's size
    /// now: their probes wait for memory once it is out of the caches.
    fn etc_min_empty_now(&self) -> i32 {
        let buckets = match &self.wide {
            Some(wide) => wide.modulus(),
            None => self.table.modulus(),
        };
        if buckets >= search::ETC_LARGE_TABLE {
            search::ETC_MIN_EMPTY_LARGE
        } else {
            search::ETC_MIN_EMPTY
        }
    }

    fn maybe_grow_table(&mut self) {
        // Wrapping: `reset_stats` keeps the difference, not the two counts.
        if self.nodes.wrapping_sub(self.nodes_at_resize)
            > GROW_NODES_PER_BUCKET * self.table.modulus()
            && let Some(table) = Arc::get_mut(&mut self.table)
            && table.grow()
        {
            self.nodes_at_resize = self.nodes;
            self.etc_min_empty = self.etc_min_empty_now();
        }
    }

    /// Uses an opening book for positions it holds (of the same board size).
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book;
    }

    /// Stops any later solve that runs past `deadline` with [`Interrupted`].
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// A flag that stops any later solve with [`Interrupted`] once it is set
    /// (checked as often as the deadline): a server stops the search of a
    /// client that went away.
    pub fn set_cancel(&mut self, cancel: Option<Arc<AtomicBool>>) {
        self.cancel = cancel;
    }

    /// `Some(now)` once the cancel flag is set: the deadline of whatever
    /// the caller does next instead of a solve.
    #[must_use]
    pub fn cancelled(&self) -> Option<Instant> {
        self.cancel
            .as_ref()
            .filter(|c| c.load(std::sync::atomic::Ordering::Relaxed))
            .map(|_| Instant::now())
    }

    /// Forgets everything the table learnt (a new generation: free) and
    /// shrinks it to its smallest size.
    pub fn clear(&mut self) {
        self.table_mut().clear();
        if let Some(wide) = &mut self.wide {
            Arc::get_mut(wide)
                .expect("the table is not shared between searches")
                .clear();
        }
        self.nodes_at_resize = self.nodes;
    }

    /// Faults the memory of the table in now, keeping what it holds: the
    /// table of the board of the last position solved (7x6 before any). The
    /// system zeroes each page the first time it is written, inside the
    /// search that first reaches it otherwise (about half a second for 256 MiB on
    /// a virtual machine): call it before timing searches, as the peers'
    /// drivers clear their tables before they start the clock.
    pub fn prefault_table(&mut self) {
        if let Some(table) = Arc::get_mut(&mut self.table) {
            table.prefault();
        }
        if let Some(wide) = self.wide.as_mut().and_then(Arc::get_mut) {
            wide.prefault();
        }
    }

    /// The counters since the last [`Solver::reset_stats`].
    #[must_use]
    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            searched: self.searched,
        }
    }

    /// Sets the counters to zero.
    pub fn reset_stats(&mut self) {
        // The nodes since the table last grew stay as they were.
        self.nodes_at_resize = self.nodes_at_resize.wrapping_sub(self.nodes);
        self.nodes = 0;
        self.searched = 0;
    }

    fn prepare(&mut self, pos: &Position) -> Result<(), SolveError> {
        use crate::Game;
        let outcome = pos.outcome();
        if outcome.is_over() {
            return Err(SolveError::GameOver(outcome));
        }
        if self.geometry != pos.geometry() || (!pos.geometry().fits_u64() && self.wide.is_none()) {
            self.geometry = pos.geometry();
            self.geo = Geos::new(pos.geometry());
            if pos.geometry().fits_u64() {
                self.wide = None;
                self.table = Arc::new(Table::new(self.table_log2, key_bits(pos.geometry())));
            } else {
                // The wide table takes the memory asked for; the 64-bit one
                // is left at its smallest.
                self.table = Arc::new(Table::new(4, 0));
                self.wide = None;
                let wide = WideTable::try_new(self.table_log2, key_bits(pos.geometry()));
                self.wide = Some(Arc::new(wide?));
            }
        }
        self.stopped = false;
        Ok(())
    }

    /// The threads a search uses ([`Solver::set_threads`]).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The exact score of `pos` for the player to move (weak mode: its sign).
    pub fn solve(&mut self, pos: &Position, mode: Mode) -> Result<i32, SolveError> {
        self.prepare(pos)?;
        let score = self.solve_root(pos, search::Goal::Score(mode));
        if self.stopped {
            return Err(Interrupted.into());
        }
        Ok(score)
    }

    /// Whether the score of `pos` for the player to move is at least
    /// `score`: one null-window search, the question a solve asks a few
    /// times. `at_least(pos, 1)` is a win, `at_least(pos, 0)` a draw or better.
    pub fn at_least(&mut self, pos: &Position, score: i32) -> Result<bool, SolveError> {
        self.prepare(pos)?;
        let r = self.solve_root(pos, search::Goal::AtLeast(score));
        if self.stopped {
            return Err(Interrupted.into());
        }
        Ok(r == 1)
    }

    /// The score of every column and the best one. The children share the
    /// table, so this costs little more than one solve; with several threads
    /// ([`Solver::set_threads`]) the columns are solved side by side.
    pub fn analyze(&mut self, pos: &Position, mode: Mode) -> Result<Analysis, SolveError> {
        let columns = self.analyze_columns(pos, mode, &|_, _| {})?;
        if columns.contains(&Column::Unfinished) {
            return Err(Interrupted.into());
        }
        let order: Vec<u8> = pos
            .geometry()
            .centre_first()
            .into_iter()
            .map(|c| c as u8)
            .collect();
        Ok(Analysis::of(&columns, &order))
    }
}

/// The search constants of the board being solved, in the word and the size
/// of move arrays that fit it: a solve dispatches once on them, and the
/// search is compiled for each.
#[derive(Clone, Debug)]
enum Geos {
    /// The standard 7x6 board, its size compiled in.
    Standard(Geo<u64, 7, 6>),
    /// The boards of width + height 15 that fit 64 bits, solved for hours
    /// (`sizes`), their sizes compiled in too: 15 % faster (10x5: 16 % fewer
    /// instructions), about 4 s more build each.
    B10x5(Geo<u64, 10, 5>),
    B9x6(Geo<u64, 9, 6>),
    B8x7(Geo<u64, 8, 7>),
    B7x8(Geo<u64, 7, 8>),
    /// At most 64 bits and 9 columns: every other classic board.
    Narrow(Geo<u64, 9>),
    /// At most 64 bits and 10 to 16 columns (10x4, 11x4, ...).
    Wide(Geo<u64, 16>),
    /// Over 64 bits (8x8, 9x7, 10x6, 7x9, ... 16x7).
    Large(Box<Geo<u128, 16>>),
}

impl Geos {
    fn new(geometry: Geometry) -> Geos {
        match (geometry.width(), geometry.height()) {
            (7, 6) => Geos::Standard(Geo::new(geometry)),
            (10, 5) => Geos::B10x5(Geo::new(geometry)),
            (9, 6) => Geos::B9x6(Geo::new(geometry)),
            (8, 7) => Geos::B8x7(Geo::new(geometry)),
            (7, 8) => Geos::B7x8(Geo::new(geometry)),
            _ if !geometry.fits_u64() => Geos::Large(Box::new(Geo::new(geometry))),
            (width, _) if width <= 9 => Geos::Narrow(Geo::new(geometry)),
            _ => Geos::Wide(Geo::new(geometry)),
        }
    }
}

/// Runs `$body` with `$g` bound to the solver's search constants, whatever
/// their word and size: the one place a solve picks its instantiation.
macro_rules! with_geo {
    ($solver:expr, $g:ident => $body:expr) => {
        match $solver.geo.clone() {
            Geos::Standard($g) => $body,
            Geos::B10x5($g) => $body,
            Geos::B9x6($g) => $body,
            Geos::B8x7($g) => $body,
            Geos::B7x8($g) => $body,
            Geos::Narrow($g) => $body,
            Geos::Wide($g) => $body,
            Geos::Large(boxed) => {
                let $g = *boxed;
                $body
            }
        }
    };
}
use with_geo;

/// The number of bits of the board's largest key.
fn key_bits(geometry: Geometry) -> u32 {
    (geometry.width() * (geometry.height() + 1)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(moves: &str) -> i32 {
        let mut s = Solver::with_table_log2(16);
        s.solve(&Position::from_moves(moves).unwrap(), Mode::Strong)
            .unwrap()
    }

    #[test]
    fn the_tutorials_examples() {
        assert_eq!(solve("4455"), 18); // a win with the 4th stone
        assert_eq!(solve("44455554221"), -15);
        assert_eq!(solve("2252576253462244111563365343671351441"), -1);
    }

    #[test]
    fn resetting_the_counters_after_the_table_grew_is_safe() {
        // Once the table has grown, `reset_stats` used to make the "nodes
        // since it grew" underflow: a panic with debug assertions, a
        // needless growth without.
        let mut s = Solver::new();
        let small = s.table.modulus();
        // Pons' Begin-Medium set, third line (about 590 K nodes).
        let pos = Position::from_moves("2416615552").unwrap();
        assert_eq!(s.solve(&pos, Mode::Strong).unwrap(), 4);
        let grown = s.table.modulus();
        assert!(grown > small, "the solve grew the table");
        let since_growth = s.nodes.wrapping_sub(s.nodes_at_resize);
        s.reset_stats();
        assert_eq!(s.nodes.wrapping_sub(s.nodes_at_resize), since_growth);
        assert_eq!(s.stats().nodes, 0);
        let later = Position::from_moves("2252576253462244111563365343671351441").unwrap();
        assert_eq!(s.solve(&later, Mode::Strong).unwrap(), -1);
        assert_eq!(s.table.modulus(), grown, "a tiny solve grows nothing");
    }

    #[test]
    fn the_nodes_past_the_static_checks_are_counted_on_every_thread() {
        // Pons' Begin-Medium set, first line (score -3).
        let pos = Position::from_moves("32751571231557").unwrap();
        for threads in [1, 2] {
            let mut s = Solver::with_table_log2(16);
            s.set_threads(threads);
            assert_eq!(s.solve(&pos, Mode::Strong).unwrap(), -3);
            let Stats { nodes, searched } = s.stats();
            // Many nodes end in a static bound or pass their one move on.
            assert!(
                searched > 0 && searched < nodes,
                "{threads}: {searched} of {nodes}"
            );
            s.reset_stats();
            assert_eq!(s.stats(), Stats::default());
        }
        // With one thread, the counts are the same at every run.
        let counts = || {
            let mut s = Solver::with_table_log2(16);
            s.solve(&pos, Mode::Strong).unwrap();
            s.stats()
        };
        assert_eq!(counts(), counts());
    }

    #[test]
    fn a_finished_game_has_no_score() {
        let mut s = Solver::with_table_log2(10);
        let won = Position::from_moves("1212121").unwrap();
        assert!(matches!(
            s.solve(&won, Mode::Strong),
            Err(SolveError::GameOver(_))
        ));
    }
}
