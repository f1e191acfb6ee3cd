//! The analysis of a position under a deadline: what is known of every
//! column (its exact score, or only its win/draw/loss), the best columns,
//! the words, and each column as it is solved, for streaming. The command's
//! `connect4 analyze`, the JSON API's `/api/connect4/analyze` (and so the
//! page, through the server or the WebAssembly module) and the engine's move
//! ([`super::policy::choose_move`]) all run [`analyze`]; they only format
//! its [`Analysis`].
//!
//! The time is spent in passes, each over the columns not yet known, centre
//! first:
//! 1. exact scores that come at once ([`AT_ONCE`]: a book, a late position);
//! 2. win/draw/loss of the others (the solver's cheaper weak mode);
//! 3. their exact scores, in the time left, on the warmed table.
//!
//! The first pass runs on one thread (its answers need no more, and the
//! table stays small); the others on the solver's threads. Without a
//! deadline the last pass solves every column exactly, however long that
//! takes; a weak analysis ([`Mode::Weak`]) asks only for win/draw/loss.
//!
//! ```
//! use bitgames::connect4::analysis::{Budget, Known, analyze};
//! use bitgames::connect4::{Position, solver::Solver};
//! let pos = Position::from_moves("4455").unwrap();
//! let mut solver = Solver::with_table_log2(16);
//! let a = analyze(&mut solver, &pos, Budget::exact(), &mut |_, _| true).unwrap();
//! // Column 3 or 6 makes a double threat: a win with the second stone.
//! assert_eq!(a.column(2), Known::Exact(18));
//! assert_eq!(a.words(2).as_deref(), Some("win in 2"));
//! assert_eq!(a.best_columns().to_vec(), [2, 5]);
//! ```

use super::score::{Mode, Verdict};
use super::solver::{Column, SolveError, Solver};
use super::{Geometry, MAX_WIDTH, Position};
use crate::Game;
use crate::time::Instant;
use arrayvec::ArrayVec;
use std::time::Duration;

/// The first pass of an analysis: exact scores that come this quickly.
pub const AT_ONCE: Duration = Duration::from_millis(150);

/// What is known of one column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// The column is full, or the game is over: no move there.
    Full,
    /// Not solved yet (or not in time).
    Unknown,
    /// Only win (+1), draw (0) or loss (-1), for the player to move.
    Sign(i32),
    /// The exact score (Pons'), for the player to move.
    Exact(i32),
}

impl Known {
    /// The exact score, if known.
    #[must_use]
    pub fn exact(self) -> Option<i32> {
        match self {
            Known::Exact(s) => Some(s),
            _ => None,
        }
    }

    /// Win (+1), draw (0) or loss (-1), if known (from the exact score too).
    #[must_use]
    pub fn sign(self) -> Option<i32> {
        match self {
            Known::Exact(s) | Known::Sign(s) => Some(s.signum()),
            _ => None,
        }
    }

    /// Whether a move can be played there.
    #[must_use]
    pub fn is_open(self) -> bool {
        self != Known::Full
    }

    /// Whether it is known as far as `mode` asks: exactly, or its sign.
    #[must_use]
    pub fn is_known_in(self, mode: Mode) -> bool {
        match mode {
            Mode::Strong => matches!(self, Known::Exact(_) | Known::Full),
            Mode::Weak => self != Known::Unknown,
        }
    }
}

/// What an analysis may spend: a deadline (none: solve to the end) and how
/// much it asks for, exact scores or win/draw/loss only.
#[derive(Clone, Copy)]
pub struct Budget<'a> {
    /// When to stop; `None`: every column solved, however long it takes.
    pub deadline: Option<Instant>,
    /// Exact scores, or only win/draw/loss.
    pub mode: Mode,
    /// Told (column, score) as each column is solved, from the solver's
    /// threads, when the solver has several (they solve columns side by
    /// side, and the columns of a pass come to the analysis' `watch` when
    /// the pass ends): a progress bar.
    pub tick: Option<&'a (dyn Fn(usize, i32) + Sync)>,
}

impl Budget<'_> {
    /// Exact scores, no deadline.
    #[must_use]
    pub fn exact() -> Budget<'static> {
        Budget {
            deadline: None,
            mode: Mode::Strong,
            tick: None,
        }
    }

    /// Exact scores as far as they come by `deadline`.
    #[must_use]
    pub fn until(deadline: Instant) -> Budget<'static> {
        Budget {
            deadline: Some(deadline),
            ..Budget::exact()
        }
    }
}

/// What an analysis knows of every column of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    geometry: Geometry,
    stones: usize,
    mode: Mode,
    columns: Vec<Known>,
    elapsed: Duration,
    nodes: u64,
}

impl Analysis {
    /// Nothing known yet of `pos`'s columns (every one full when the game is over).
    #[must_use]
    pub fn new(pos: &Position, mode: Mode) -> Analysis {
        let over = pos.outcome().is_over();
        Analysis {
            geometry: pos.geometry(),
            stones: pos.moves_played(),
            mode,
            columns: (0..pos.width())
                .map(|c| {
                    if !over && pos.can_play(c) {
                        Known::Unknown
                    } else {
                        Known::Full
                    }
                })
                .collect(),
            elapsed: Duration::ZERO,
            nodes: 0,
        }
    }

    /// [`Analysis::new`] with these columns known (one entry per column;
    /// `Full` where no move can be played).
    ///
    /// # Panics
    /// If `columns` does not have one entry per column of `pos`.
    #[must_use]
    pub fn with_columns(pos: &Position, mode: Mode, columns: &[Known]) -> Analysis {
        let mut a = Analysis::new(pos, mode);
        assert_eq!(columns.len(), a.columns.len(), "one entry per column");
        for (k, &c) in a.columns.iter_mut().zip(columns) {
            if k.is_open() {
                *k = c;
            }
        }
        a
    }

    /// The board.
    #[must_use]
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Exact scores asked for, or win/draw/loss only.
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Every column, 0-based.
    #[must_use]
    pub fn columns(&self) -> &[Known] {
        &self.columns
    }

    /// One column, 0-based (`Full` off the board).
    #[must_use]
    pub fn column(&self, col: usize) -> Known {
        self.columns.get(col).copied().unwrap_or(Known::Full)
    }

    /// The time the analysis took.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// The nodes the solver searched for it.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A column's score in words (`win in 9`; `win`, `draw` or `loss` when
    /// only that is known); `None` for a full or an unknown column.
    #[must_use]
    pub fn words(&self, col: usize) -> Option<String> {
        match self.column(col) {
            Known::Exact(s) => Some(self.exact_words(s)),
            Known::Sign(s) => Some(Verdict::weak(s).to_string()),
            Known::Full | Known::Unknown => None,
        }
    }

    fn exact_words(&self, score: i32) -> String {
        Verdict::strong(score, self.stones, self.geometry.cells())
            .map_or_else(|e| e.to_string(), |v| v.to_string())
    }

    /// Whether every open column is known as far as the mode asks (exactly;
    /// in weak mode, its result).
    #[must_use]
    pub fn complete(&self) -> bool {
        self.columns.iter().all(|k| k.is_known_in(self.mode))
    }

    /// What a column is ranked by: its exact score, in weak mode its sign.
    fn rank(&self, k: Known) -> Option<i32> {
        match self.mode {
            Mode::Strong => k.exact(),
            Mode::Weak => k.sign(),
        }
    }

    /// The position's score once complete: the best exact score (in weak
    /// mode, the best result: +1, 0 or -1); `None` until then, never a guess.
    #[must_use]
    pub fn score(&self) -> Option<i32> {
        if !self.complete() {
            return None;
        }
        self.columns.iter().filter_map(|&k| self.rank(k)).max()
    }

    /// The columns of the best score once complete, centre first (ties go to
    /// the first); empty until then.
    #[must_use]
    pub fn best_columns(&self) -> ArrayVec<usize, MAX_WIDTH> {
        let Some(best) = self.score() else {
            return ArrayVec::new();
        };
        self.geometry
            .centre_first()
            .into_iter()
            .filter(|&c| self.rank(self.column(c)) == Some(best))
            .collect()
    }

    /// The best column once complete (the most central of the best).
    #[must_use]
    pub fn best(&self) -> Option<usize> {
        self.best_columns().first().copied()
    }

    /// [`Analysis::score`] in words.
    #[must_use]
    pub fn score_words(&self) -> Option<String> {
        let score = self.score()?;
        Some(match self.mode {
            Mode::Strong => self.exact_words(score),
            Mode::Weak => Verdict::weak(score).to_string(),
        })
    }

    /// The position's result as far as it is known: the words of its score
    /// once complete, else `win`, `draw` or `loss` once every open column's
    /// result is known; `None` while a better result may hide in a column.
    #[must_use]
    pub fn result(&self) -> Option<String> {
        if self.complete() {
            return self.score_words();
        }
        let mut open = self.columns.iter().filter(|k| k.is_open()).peekable();
        open.peek()?;
        open.map(|k| k.sign())
            .collect::<Option<Vec<i32>>>()?
            .into_iter()
            .max()
            .map(|s| Verdict::weak(s).to_string())
    }

    /// The best column by result when every open column's result is known
    /// (the most central of those with the best sign), and that sign.
    #[must_use]
    pub fn best_by_result(&self) -> Option<(usize, i32)> {
        let signs: Option<Vec<(usize, i32)>> = self
            .geometry
            .centre_first()
            .into_iter()
            .filter(|&c| self.column(c).is_open())
            .map(|c| self.column(c).sign().map(|s| (c, s)))
            .collect();
        let signs = signs?;
        let best = signs.iter().map(|&(_, s)| s).max()?;
        signs.into_iter().find(|&(_, s)| s == best)
    }

    /// The columns' exact scores (`None` where not known exactly).
    #[must_use]
    pub fn exact_scores(&self) -> Vec<Option<i32>> {
        self.columns.iter().map(|k| k.exact()).collect()
    }

    /// The columns' results (`None` where not known).
    #[must_use]
    pub fn signs(&self) -> Vec<Option<i32>> {
        self.columns.iter().map(|k| k.sign()).collect()
    }

    fn learn(&mut self, col: usize, mode: Mode, score: i32) {
        self.columns[col] = match mode {
            Mode::Strong => Known::Exact(score),
            Mode::Weak => Known::Sign(score.signum()),
        };
    }
}

/// One pass of an analysis: the mode, the deadline, and whether it runs on
/// one thread (the first: a book's answers and late positions need no more,
/// and the table stays small, in the caches).
struct Pass {
    mode: Mode,
    until: Option<Instant>,
    one_thread: bool,
}

/// The passes of an analysis (see the [module](self)'s documentation).
fn passes(budget: &Budget<'_>, started: Instant) -> Vec<Pass> {
    let at_once = Some(
        budget
            .deadline
            .map_or(started + AT_ONCE, |d| d.min(started + AT_ONCE)),
    );
    let pass = |mode, until, one_thread| Pass {
        mode,
        until,
        one_thread,
    };
    let mut passes = vec![pass(Mode::Strong, at_once, true)];
    match budget.mode {
        Mode::Weak => passes[0].mode = Mode::Weak,
        Mode::Strong if budget.deadline.is_some() => {
            passes.push(pass(Mode::Weak, budget.deadline, false));
        }
        Mode::Strong => {}
    }
    passes.push(pass(budget.mode, budget.deadline, false));
    passes
}

/// Analyses `pos` within `budget` (see the [module](self)'s documentation),
/// calling `watch` with the analysis so far and each column as it is known
/// (a column may come twice: its result, then its exact score); stops early
/// when `watch` returns false (the client went away). The solver's deadline
/// is cleared on return; its cancel flag, if any, stops the analysis too.
///
/// A game that is over has nothing to analyse: every column is full. The
/// only error is a board whose table cannot be had ([`SolveError::Table`]).
pub fn analyze(
    solver: &mut Solver,
    pos: &Position,
    budget: Budget<'_>,
    watch: &mut dyn FnMut(&Analysis, usize) -> bool,
) -> Result<Analysis, SolveError> {
    let started = Instant::now();
    let nodes_before = solver.stats().nodes;
    let mut a = Analysis::new(pos, budget.mode);
    let result = run_passes(solver, pos, &budget, started, &mut a, watch);
    solver.set_deadline(None);
    a.elapsed = started.elapsed();
    a.nodes = solver.stats().nodes.saturating_sub(nodes_before);
    match result {
        Ok(()) | Err(SolveError::GameOver(_) | SolveError::Interrupted(_)) => Ok(a),
        Err(e) => Err(e),
    }
}

fn run_passes(
    solver: &mut Solver,
    pos: &Position,
    budget: &Budget<'_>,
    started: Instant,
    a: &mut Analysis,
    watch: &mut dyn FnMut(&Analysis, usize) -> bool,
) -> Result<(), SolveError> {
    if pos.outcome().is_over() {
        return Ok(());
    }
    let threads = solver.threads();
    for pass in passes(budget, started) {
        if pass.one_thread {
            solver.set_threads(1);
        }
        let more = run_pass(solver, pos, budget, &pass, a, watch);
        solver.set_threads(threads);
        if !more? {
            break;
        }
    }
    Ok(())
}

/// One pass over the columns not yet known as far as its mode asks, centre
/// first; `false` when `watch` asked to stop.
fn run_pass(
    solver: &mut Solver,
    pos: &Position,
    budget: &Budget<'_>,
    pass: &Pass,
    a: &mut Analysis,
    watch: &mut dyn FnMut(&Analysis, usize) -> bool,
) -> Result<bool, SolveError> {
    let mode = pass.mode;
    let todo: ArrayVec<usize, MAX_WIDTH> = pos
        .geometry()
        .centre_first()
        .into_iter()
        .filter(|&c| !a.column(c).is_known_in(mode))
        .collect();
    if todo.is_empty() {
        return Ok(true);
    }
    solver.set_deadline(pass.until);
    if solver.threads() <= 1 {
        for &col in &todo {
            match solver.analyze_column(pos, col, mode) {
                Ok(Some(score)) => a.learn(col, mode, score),
                Ok(None) => continue,
                // A pass that runs out of time leaves its other columns to the next.
                Err(SolveError::Interrupted(_)) => break,
                Err(e) => return Err(e),
            }
            if !watch(a, col) {
                return Ok(false);
            }
        }
        return Ok(true);
    }
    let skip = (0..pos.width())
        .filter(|c| !todo.contains(c))
        .fold(0u32, |m, c| m | 1 << c);
    let tick = budget.tick.unwrap_or(&|_, _| {});
    let columns = solver.solve_columns(pos, mode, skip, &|c, s, _| tick(c, s))?;
    for &col in &todo {
        if let Column::Score(score) = columns[col] {
            a.learn(col, mode, score);
            if !watch(a, col) {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests;
