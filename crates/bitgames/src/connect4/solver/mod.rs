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
//!   most, those right above an opponent's threat not at all), then centre first;
//! - a transposition table ([`table`]) of exact 40-bit partial keys in
//!   two-entry buckets, keyed by the position or its mirror image, whichever
//!   key is smaller (a position and its mirror image have the same score),
//!   which grows with the search so that small searches stay in the cache;
//! - the children's buckets prefetched together, and enhanced transposition
//!   cutoffs (a child's stored bound that refutes the node cuts it);
//! - static bounds: a side that cannot make four at all draws at best, and
//!   *claimeven* (the second player answering in the same column) for the
//!   first player to move on boards of even height, at every node and for
//!   every child before any child is searched;
//! - in weak mode, the same root probes, the last ones inside [-1, 1];
//! - lazy SMP on a shared table for one position on several threads;
//! - an optional opening book ([`book`]; [`book::builtin`] for 7x6).

pub mod book;
pub mod table;
pub mod verify;

use super::{Geometry, Position};
use book::{Book, BookValue};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
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
}

/// Exact or win/draw/loss only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// The exact score (how soon the win or how late the loss).
    #[default]
    Strong,
    /// Only the sign: +1 win, 0 draw, -1 loss.
    Weak,
}

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
}

/// Board constants the search reads at every node.
#[derive(Clone, Copy, Debug)]
struct Geo {
    geometry: Geometry,
    cells: i32,
    bottom: u64,
    board: u64,
    columns: [u64; 9],
    /// Columns from the centre out.
    order: [u8; 9],
    width: usize,
    /// The shifts of the horizontal and the two diagonal directions.
    shifts: [u32; 3],
    /// For each pair of mirror columns (c, W - 1 - c): column c's bits and the
    /// shift that carries them onto column W - 1 - c.
    mirror_pairs: [(u64, u32); 4],
    /// The middle column's bits (odd widths), which the mirror keeps.
    centre: u64,
    /// Cells of the even rows (2, 4, .. counted from 1 at the bottom).
    even_rows: u64,
    even_height: bool,
    height: usize,
    /// For each even row r (0-based odd), the cells of rows <= r and the most
    /// stones on the board when a four with no empty cell above row r completes.
    claimeven_rows: [(u64, i32); 8],
}

impl Geo {
    fn new(geometry: Geometry) -> Geo {
        let width = geometry.width();
        let mut columns = [0; 9];
        for (c, m) in columns.iter_mut().enumerate().take(width) {
            *m = geometry.column_mask(c);
        }
        let mut order = [0u8; 9];
        for (o, c) in order.iter_mut().zip(super::policy::centre_first(geometry)) {
            *o = c as u8;
        }
        Geo {
            geometry,
            cells: geometry.cells() as i32,
            bottom: geometry.bottom_mask(),
            board: geometry.board_mask(),
            columns,
            order,
            width,
            even_rows: (1..geometry.height())
                .step_by(2)
                .fold(0, |m, r| m | geometry.bottom_mask() << r),
            even_height: geometry.height().is_multiple_of(2),
            height: geometry.height(),
            shifts: {
                let h = geometry.height() as u32;
                [h + 1, h, h + 2]
            },
            mirror_pairs: {
                let h1 = geometry.height() + 1;
                let mut pairs = [(0, 0); 4];
                for (c, p) in pairs.iter_mut().enumerate().take(width / 2) {
                    *p = (
                        ((1u64 << h1) - 1) << (c * h1),
                        ((width - 1 - 2 * c) * h1) as u32,
                    );
                }
                pairs
            },
            centre: if width % 2 == 1 {
                ((1u64 << (geometry.height() + 1)) - 1) << (width / 2 * (geometry.height() + 1))
            } else {
                0
            },
            claimeven_rows: {
                let mut rows = [(0, 0); 8];
                let h = geometry.height();
                for (i, r) in (1..h).step_by(2).enumerate() {
                    rows[i] = (
                        geometry.bottom_mask() * ((1 << (r + 1)) - 1),
                        (geometry.cells() - (h - 1 - r)) as i32,
                    );
                }
                rows
            },
        }
    }

    /// [`Geometry::winning_cells`] with the board's constants at hand.
    #[inline(always)]
    fn winning_cells(&self, bits: u64, mask: u64) -> u64 {
        let mut r = (bits << 1) & (bits << 2) & (bits << 3);
        for s in self.shifts {
            let p = (bits << s) & (bits << (2 * s));
            r |= p & (bits << (3 * s));
            r |= p & (bits >> s);
            let p = (bits >> s) & (bits >> (2 * s));
            r |= p & (bits << s);
            r |= p & (bits >> (3 * s));
        }
        r & (self.board ^ mask)
    }

    /// [`Geometry::alignment`] with the board's constants at hand.
    #[inline(always)]
    fn alignment(&self, bits: u64) -> bool {
        let m = bits & (bits >> 1);
        let mut found = m & (m >> 2);
        for s in self.shifts {
            let m = bits & (bits >> s);
            found |= m & (m >> (2 * s));
        }
        found != 0
    }

    /// Claimeven, for the first player to move on a board of even height: if
    /// the second player answers every move in the same column (and a move on
    /// an even row with one on an even row in another column of odd height),
    /// it gets every empty cell of an even row that is not playable now. If
    /// the first player has no four even with all the other empty cells, it
    /// cannot win (score <= 0); if the second player then has a four, it wins.
    /// When its four is complete, the cells above the last one filled are
    /// still empty: a four whose empty cells lie at rows <= r is complete with
    /// at most `cells - (H - 1 - r)` stones on the board. Returns an upper
    /// bound of the score of the player to move (`i32::MAX`: none).
    #[inline(always)]
    fn claimeven_bound(&self, cur: u64, mask: u64, stones: i32) -> i32 {
        if !self.even_height || stones % 2 != 0 {
            return i32::MAX;
        }
        let empty = self.board & !mask;
        let possible = (mask + self.bottom) & self.board;
        let theirs = empty & self.even_rows & !possible;
        if self.alignment(cur | (empty & !theirs)) {
            return i32::MAX;
        }
        let opp = cur ^ mask;
        for &(rows, most_stones) in &self.claimeven_rows[..self.height / 2] {
            if self.alignment(opp | (theirs & rows)) {
                return most_stones / 2 - (self.cells / 2 + 1);
            }
        }
        0
    }

    /// The smaller of the key and its mirror image's: columns swapped in pairs.
    #[inline(always)]
    fn key(&self, cur: u64, mask: u64) -> u64 {
        let k = cur + mask + self.bottom;
        let mut m = k & self.centre;
        for &(left, shift) in &self.mirror_pairs[..self.width / 2] {
            m |= (k & left) << shift | (k >> shift) & left;
        }
        k.min(m)
    }
}

/// The default table: 2^23 buckets of two entries (128 MiB).
pub const DEFAULT_TABLE_LOG2: u32 = 23;

/// A reusable solver: a transposition table, an optional opening book, and
/// an optional deadline. One solver is used by one thread at a time; with
/// [`Solver::set_threads`] it searches one position on several threads that
/// share its table (lazy SMP).
pub struct Solver {
    table: Arc<Table>,
    table_log2: u32,
    geo: Geo,
    book: Option<Arc<Book>>,
    nodes: u64,
    /// `nodes` when the table last changed size.
    nodes_at_resize: u64,
    deadline: Option<Instant>,
    /// Set by the thread that finishes first, in a parallel search.
    stop: Option<Arc<AtomicBool>>,
    /// Set by the caller to stop a search early (see [`Solver::set_cancel`]).
    cancel: Option<Arc<AtomicBool>>,
    stopped: bool,
    threads: usize,
    /// 0 for the main thread; a helper's number varies its move order.
    helper: u32,
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
        let geo = Geo::new(Geometry::STANDARD);
        Ok(Solver {
            table: Arc::new(Table::try_new(log2, key_bits(Geometry::STANDARD))?),
            table_log2: log2,
            geo,
            book: None,
            nodes: 0,
            nodes_at_resize: 0,
            deadline: None,
            stop: None,
            cancel: None,
            stopped: false,
            threads: 1,
            helper: 0,
        })
    }

    /// Searches each position on `threads` threads sharing the table (lazy
    /// SMP: every thread runs the whole search, in a slightly different move
    /// order, and the first to finish answers). 1 by default.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// The table: its own, growing with the search; or, while threads share
    /// it, all of it.
    fn table_mut(&mut self) -> &mut Table {
        Arc::get_mut(&mut self.table).expect("the table is not shared between searches")
    }

    /// Grows the table once the search has stored several times more
    /// positions than it has buckets: a small search stays in the caches.
    fn maybe_grow_table(&mut self) {
        // Wrapping: `reset_stats` keeps the difference, not the two counts.
        if self.nodes.wrapping_sub(self.nodes_at_resize) > 4 * self.table.modulus()
            && let Some(table) = Arc::get_mut(&mut self.table)
            && table.grow()
        {
            self.nodes_at_resize = self.nodes;
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

    /// Forgets everything the table learnt (a new generation: free) and
    /// shrinks it to its smallest size.
    pub fn clear(&mut self) {
        self.table_mut().clear();
        self.nodes_at_resize = self.nodes;
    }

    /// The counters since the last [`Solver::reset_stats`].
    #[must_use]
    pub fn stats(&self) -> Stats {
        Stats { nodes: self.nodes }
    }

    /// Sets the counters to zero.
    pub fn reset_stats(&mut self) {
        // The nodes since the table last grew stay as they were.
        self.nodes_at_resize = self.nodes_at_resize.wrapping_sub(self.nodes);
        self.nodes = 0;
    }

    fn prepare(&mut self, pos: &Position) -> Result<(), SolveError> {
        use crate::Game;
        let outcome = pos.outcome();
        if outcome.is_over() {
            return Err(SolveError::GameOver(outcome));
        }
        if self.geo.geometry != pos.geometry() {
            self.geo = Geo::new(pos.geometry());
            self.table = Arc::new(Table::new(self.table_log2, key_bits(pos.geometry())));
        }
        self.stopped = false;
        Ok(())
    }

    /// The exact score of `pos` for the player to move (weak mode: its sign).
    pub fn solve(&mut self, pos: &Position, mode: Mode) -> Result<i32, SolveError> {
        self.prepare(pos)?;
        let score = self.solve_root(pos.current(), pos.mask(), mode);
        if self.stopped {
            return Err(Interrupted.into());
        }
        Ok(score)
    }

    /// The score of every column and the best one. The children share the
    /// table, so this costs little more than one solve; with several threads
    /// ([`Solver::set_threads`]) the columns are solved side by side.
    pub fn analyze(&mut self, pos: &Position, mode: Mode) -> Result<Analysis, SolveError> {
        let columns = self.analyze_columns(pos, mode, &|_, _| {})?;
        if columns.contains(&Column::Unfinished) {
            return Err(Interrupted.into());
        }
        Ok(Analysis::of(&columns, &self.geo.order[..self.geo.width]))
    }

    /// Every column's score, each reported to `done` (column, score) as soon
    /// as it is known; a column the deadline stops is [`Column::Unfinished`]
    /// (the others keep their scores). Columns are shared out over the
    /// solver's threads, centre first; they share the table.
    pub fn analyze_columns(
        &mut self,
        pos: &Position,
        mode: Mode,
        done: &(dyn Fn(usize, i32) + Sync),
    ) -> Result<Vec<Column>, SolveError> {
        self.prepare(pos)?;
        let g = self.geo;
        let n = pos.moves_played() as i32;
        let mut columns = vec![Column::Full; g.width];
        let mut todo = Vec::new();
        for &col in &g.order[..g.width] {
            let col = col as usize;
            if !pos.can_play(col) {
                continue;
            }
            let known = if pos.is_winning_move(col) {
                Some(match mode {
                    Mode::Strong => (g.cells + 1 - n) / 2,
                    Mode::Weak => 1,
                })
            } else {
                let child = pos.after(col).expect("a playable column");
                if child.moves_played() == g.geometry.cells() {
                    Some(0)
                } else {
                    todo.push((col, child));
                    None
                }
            };
            if let Some(score) = known {
                columns[col] = Column::Score(score);
                done(col, score);
            }
        }
        if self.threads <= 1 || todo.len() <= 1 {
            for (col, child) in &todo {
                if self.stopped || self.out_of_time() {
                    columns[*col] = Column::Unfinished;
                    continue;
                }
                let score = -self.solve_root(child.current(), child.mask(), mode);
                columns[*col] = if self.stopped {
                    Column::Unfinished
                } else {
                    done(*col, score);
                    Column::Score(score)
                };
            }
            self.stopped = false;
            return Ok(columns);
        }
        // One column a thread at a time, all on the one table.
        self.table_mut().use_all();
        let mut workers: Vec<Solver> = (1..self.threads.min(todo.len()))
            .map(|_| self.sharer(None, 0))
            .collect();
        let next = std::sync::atomic::AtomicUsize::new(0);
        let results = std::sync::Mutex::new(&mut columns);
        let threads = self.threads;
        self.threads = 1;
        {
            let work = |solver: &mut Solver| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((col, child)) = todo.get(i) else {
                        break;
                    };
                    let result = if solver.out_of_time() {
                        Column::Unfinished
                    } else {
                        let score = -solver.solve_prepared(child.current(), child.mask(), mode);
                        if solver.stopped {
                            Column::Unfinished
                        } else {
                            done(*col, score);
                            Column::Score(score)
                        }
                    };
                    results.lock().unwrap_or_else(|e| e.into_inner())[*col] = result;
                }
            };
            std::thread::scope(|scope| {
                for w in &mut workers {
                    scope.spawn(|| work(w));
                }
                work(self);
            });
        }
        self.threads = threads;
        self.stopped = false;
        self.nodes += workers.iter().map(|w| w.nodes).sum::<u64>();
        Ok(columns)
    }

    /// The score of one column for the player to move (`None` for a full
    /// column or one off the board): what [`Solver::analyze`] gives for it.
    pub fn analyze_column(
        &mut self,
        pos: &Position,
        col: usize,
        mode: Mode,
    ) -> Result<Option<i32>, SolveError> {
        self.prepare(pos)?;
        if col >= pos.width() || !pos.can_play(col) {
            return Ok(None);
        }
        let g = self.geo;
        let n = pos.moves_played() as i32;
        let score = if pos.is_winning_move(col) {
            match mode {
                Mode::Strong => (g.cells + 1 - n) / 2,
                Mode::Weak => 1,
            }
        } else {
            let child = pos.after(col).expect("a playable column");
            if child.moves_played() == g.geometry.cells() {
                0
            } else {
                -self.solve_root(child.current(), child.mask(), mode)
            }
        };
        if self.stopped {
            return Err(Interrupted.into());
        }
        Ok(Some(score))
    }

    /// A solver for another thread that shares this one's table, book,
    /// deadline and cancel flag; `helper` varies its move order.
    fn sharer(&self, stop: Option<Arc<AtomicBool>>, helper: u32) -> Solver {
        Solver {
            table: self.table.clone(),
            table_log2: self.table_log2,
            geo: self.geo,
            book: self.book.clone(),
            nodes: 0,
            nodes_at_resize: 0,
            deadline: self.deadline,
            stop,
            cancel: self.cancel.clone(),
            stopped: false,
            threads: 1,
            helper,
        }
    }

    /// The root search, on this thread alone or with helpers.
    fn solve_root(&mut self, cur: u64, mask: u64, mode: Mode) -> i32 {
        if self.threads <= 1 {
            return self.solve_prepared(cur, mask, mode);
        }
        self.table_mut().use_all();
        let stop = Arc::new(AtomicBool::new(false));
        self.stop = Some(stop.clone());
        let mut helpers: Vec<Solver> = (1..self.threads)
            .map(|i| self.sharer(Some(stop.clone()), i as u32))
            .collect();
        let (mine, theirs) = std::thread::scope(|scope| {
            let handles: Vec<_> = helpers
                .iter_mut()
                .map(|h| {
                    let stop = &stop;
                    scope.spawn(move || {
                        let r = h.solve_prepared(cur, mask, mode);
                        if h.stopped {
                            None
                        } else {
                            stop.store(true, Ordering::Relaxed);
                            Some(r)
                        }
                    })
                })
                .collect();
            let r = self.solve_prepared(cur, mask, mode);
            let mine = (!self.stopped).then_some(r);
            if mine.is_some() {
                stop.store(true, Ordering::Relaxed);
            }
            let theirs: Vec<Option<i32>> = handles
                .into_iter()
                .map(|h| h.join().expect("a solver thread panicked"))
                .collect();
            (mine, theirs)
        });
        self.nodes += helpers.iter().map(|h| h.nodes).sum::<u64>();
        self.stop = None;
        match mine.or_else(|| theirs.into_iter().flatten().next()) {
            Some(r) => {
                self.stopped = false;
                r
            }
            None => {
                self.stopped = true;
                0
            }
        }
    }

    /// Root search: an immediate win, else null-window searches: two far from
    /// 0, then MTD(f) from 0.
    fn solve_prepared(&mut self, cur: u64, mask: u64, mode: Mode) -> i32 {
        let g = self.geo;
        let n = mask.count_ones() as i32;
        if g.winning_cells(cur, mask) & (mask + g.bottom) & g.board != 0 {
            return match mode {
                Mode::Strong => (g.cells + 1 - n) / 2,
                Mode::Weak => 1,
            };
        }
        let (mut min, mut max) = (-(g.cells - n) / 2, (g.cells + 1 - n) / 2);
        let key = g.key(cur, mask);
        // Two probes far from 0 first: a quick win or loss is proved in a
        // small tree; otherwise they are refuted cheaply and bound the score.
        for probe in [max / 2, min / 2] {
            if probe > min && probe < max && !self.stopped {
                let r = self.negamax(&g, cur, mask, key, probe, probe + 1);
                if r <= probe {
                    max = r;
                } else {
                    min = r;
                }
            }
        }
        if mode == Mode::Weak {
            min = min.clamp(-1, 1);
            max = max.clamp(-1, 1);
        }
        // Then MTD(f): null windows from 0 towards the score, each at the
        // bound the last one returned (most scores are small).
        let mut guess = 0;
        while min < max && !self.stopped {
            let probe = guess.clamp(min, max - 1);
            let r = self.negamax(&g, cur, mask, key, probe, probe + 1);
            if r <= probe {
                max = r;
                guess = r - 1;
            } else {
                min = r;
                guess = r;
            }
        }
        match mode {
            Mode::Weak => min.signum(),
            Mode::Strong => min,
        }
    }

    fn out_of_time(&mut self) -> bool {
        if let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.stopped = true;
        }
        if let Some(stop) = &self.stop
            && stop.load(Ordering::Relaxed)
        {
            self.stopped = true;
        }
        if let Some(cancel) = &self.cancel
            && cancel.load(Ordering::Relaxed)
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Negamax with alpha-beta on a position where the player to move cannot
    /// win at once. Fail-soft: a result `<= alpha` is an upper bound of the
    /// score, one `>= beta` a lower bound, one between them the score.
    /// `g` is the solver's `geo`, passed down (a copy at every node would cost).
    fn negamax(
        &mut self,
        g: &Geo,
        cur: u64,
        mask: u64,
        key: u64,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 0x3ff == 0 {
            self.maybe_grow_table();
            if self.out_of_time() {
                return alpha;
            }
        }
        if self.stopped {
            return alpha;
        }
        let n = mask.count_ones() as i32;
        let possible = (mask + g.bottom) & g.board;
        let opp = cur ^ mask;
        let opp_wins = g.winning_cells(opp, mask);
        let forced = possible & opp_wins;
        let mut next = possible;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                // Two cells to block: the opponent wins with its next stone.
                return -(g.cells - n) / 2;
            }
            next = forced;
        }
        // Never play under an opponent's winning cell.
        next &= !(opp_wins >> 1);
        if next == 0 {
            return -(g.cells - n) / 2;
        }
        if n >= g.cells - 2 {
            return 0;
        }
        // The opponent cannot win with its next stone: the score is at least this.
        let min = -(g.cells - 2 - n) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // We cannot win with our next stone either.
        let max = (g.cells - 1 - n) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        {
            // A side that cannot make four even with every empty cell can at
            // best draw.
            let empty = g.board & !mask;
            if beta > 0 && !g.alignment(cur | empty) {
                beta = 0;
                if alpha >= beta {
                    return beta;
                }
            }
            if alpha < 0 && !g.alignment(opp | empty) {
                alpha = 0;
                if alpha >= beta {
                    return alpha;
                }
            }
        }
        let bound = g.claimeven_bound(cur, mask, n);
        if beta > bound {
            beta = bound;
            if alpha >= beta {
                return beta;
            }
        }
        // The book, before a one-move node passes to its child: a book of
        // one layer must stop the search at that layer.
        if let Some(book) = &self.book
            && book.holds(g.geometry, n as usize)
            && let Some(value) = book.probe(g.geometry, n as usize, cur, mask)
        {
            match value {
                BookValue::Exact(score) => return score,
                BookValue::AtLeast(score) => {
                    if score > alpha {
                        alpha = score;
                        if alpha >= beta {
                            return alpha;
                        }
                    }
                }
                BookValue::AtMost(score) => {
                    if score < beta {
                        beta = score;
                        if alpha >= beta {
                            return beta;
                        }
                    }
                }
            }
        }
        if next & (next - 1) == 0 {
            // One move only: the child's table entry stands for this node too.
            let child_mask = mask | next;
            return -self.negamax(g, opp, child_mask, g.key(opp, child_mask), -beta, -alpha);
        }
        let mut tt_best = None;
        if let Some(hit) = self.table.get(key) {
            match hit.bound {
                Bound::Exact => return hit.score,
                Bound::Lower => {
                    if hit.score > alpha {
                        alpha = hit.score;
                        if alpha >= beta {
                            return alpha;
                        }
                    }
                }
                Bound::Upper => {
                    if hit.score < beta {
                        beta = hit.score;
                        if alpha >= beta {
                            return beta;
                        }
                    }
                }
            }
            tt_best = hit.best;
        }

        // Order the moves: the table's best first, then by the threats they
        // create, centre first among equals.
        let mirrored = key != cur + mask + g.bottom;
        // The table keeps the best column of the position its key stands for.
        let stored_col = |col: u8| {
            if mirrored {
                (g.width - 1 - col as usize) as u8
            } else {
                col
            }
        };
        let tt_col = tt_best.map(|c| {
            if mirrored {
                g.width - 1 - c as usize
            } else {
                c as usize
            }
        });
        let mut moves = [(0i32, 0u64, 0u8, 0u64); 9];
        let mut count = 0;
        for &col in &g.order[..g.width] {
            let mv = next & g.columns[col as usize];
            if mv == 0 {
                continue;
            }
            let child_mask = mask | mv;
            let wins = g.winning_cells(cur | mv, child_mask);
            // The opponent's non-losing replies: none, and we win with our
            // next stone (the best score this node can have); one, and the
            // child passes straight to its only reply (no table entry).
            let playable = (child_mask + g.bottom) & g.board;
            let only_reply = {
                let must = playable & wins;
                let replies = if must != 0 { must } else { playable };
                let safe = replies & !(wins >> 1);
                if must & must.wrapping_sub(1) != 0 || safe == 0 {
                    return max;
                }
                // The only reply, if there is one.
                if safe & (safe - 1) == 0 { safe } else { 0 }
            };
            // Threats: those one and two cells above their column's
            // playable cell count most; a threat right above one of the
            // opponent's counts for nothing.
            let useful = wins & !(opp_wins << 1);
            let mut score = 12 * (useful & playable << 1).count_ones() as i32
                + 5 * (useful & playable << 2).count_ones() as i32
                + 3 * useful.count_ones() as i32;
            if self.helper != 0 {
                // Helpers of a parallel search break ties in their own orders.
                let h = (key ^ u64::from(col) << 56 ^ u64::from(self.helper) << 60)
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15);
                score += (h >> 60) as i32;
            }
            if Some(col as usize) == tt_col {
                score += 1 << 16;
            }
            // insertion sort, stable: equal scores keep the centre-first order
            let mut i = count;
            while i > 0 && moves[i - 1].0 < score {
                moves[i] = moves[i - 1];
                i -= 1;
            }
            moves[i] = (score, mv, col, only_reply);
            count += 1;
        }
        // Every move leaves the opponent a non-losing reply, after which we
        // cannot win at once either: we win with our third stone at best.
        let max = (g.cells - 3 - n) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }

        let nodes_before = self.nodes;
        // Enhanced transposition cutoffs: a child whose stored bound already
        // refutes this node cuts it at once; one that cannot raise alpha is skipped.
        let mut skip = 0u16;
        // The best score found (fail-soft: an upper bound when all fail low).
        let mut best = i32::MIN;
        // The children's keys, and the entries that score them, fetched from
        // memory now, while this node works: a child with one reply keeps no
        // entry, the position after that reply (ours to move again) does.
        let mut keys = [0u64; 9];
        let mut entry_keys = [0u64; 9];
        for (i, &(_, mv, _, reply)) in moves[..count].iter().enumerate() {
            keys[i] = g.key(opp, mask | mv);
            entry_keys[i] = if reply == 0 {
                keys[i]
            } else {
                g.key(cur | mv, mask | mv | reply)
            };
            self.table.prefetch(entry_keys[i]);
        }
        if g.even_height && n % 2 == 1 {
            // The children's claimeven bounds, before any child is searched:
            // one that already refutes this node cuts it.
            for &(_, mv, col, _) in &moves[..count] {
                let low = -g.claimeven_bound(opp, mask | mv, n + 1);
                if low >= beta {
                    self.table
                        .put(key, low, Bound::Lower, Some(stored_col(col)), 0);
                    return low;
                }
                alpha = alpha.max(low);
            }
        }
        if n < g.cells - 12 {
            for (i, &(_, _, col, reply)) in moves[..count].iter().enumerate() {
                // The child's score is minus its entry's; the score after its
                // only reply is the move's own.
                let sign = if reply == 0 { -1 } else { 1 };
                let Some(hit) = self.table.get(entry_keys[i]) else {
                    continue;
                };
                let v = sign * hit.score;
                let (low, high) = match (hit.bound, sign) {
                    (Bound::Exact, _) => (v, v),
                    (Bound::Upper, -1) | (Bound::Lower, 1) => (v, i32::MAX),
                    _ => (i32::MIN, v),
                };
                if low >= beta {
                    self.table
                        .put(key, low, Bound::Lower, Some(stored_col(col)), 0);
                    return low;
                }
                if high <= alpha {
                    best = best.max(high);
                    skip |= 1 << i;
                } else if low == high {
                    alpha = alpha.max(low);
                    best = best.max(low);
                    skip |= 1 << i;
                }
            }
        }
        for (i, &(_, mv, col, _)) in moves[..count].iter().enumerate() {
            if skip & (1 << i) != 0 {
                continue;
            }
            let child_cur = opp;
            let child_mask = mask | mv;
            let score = -self.negamax(g, child_cur, child_mask, keys[i], -beta, -alpha);
            if self.stopped {
                return alpha;
            }
            if score >= beta {
                let work = 64 - (self.nodes - nodes_before).leading_zeros();
                self.table
                    .put(key, score, Bound::Lower, Some(stored_col(col)), work);
                return score;
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
            }
        }
        let work = 64 - (self.nodes - nodes_before).leading_zeros();
        self.table.put(key, best, Bound::Upper, None, work);
        best
    }
}

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
        // Pons' Begin-Medium set, first line.
        let pos = Position::from_moves("32751571231557").unwrap();
        assert_eq!(s.solve(&pos, Mode::Strong).unwrap(), -3);
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
    fn a_finished_game_has_no_score() {
        let mut s = Solver::with_table_log2(10);
        let won = Position::from_moves("1212121").unwrap();
        assert!(matches!(
            s.solve(&won, Mode::Strong),
            Err(SolveError::GameOver(_))
        ));
    }
}
