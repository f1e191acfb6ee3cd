//! How the engine picks a move: the centre-first column order, the exact
//! move when the book or the solver answers in time, and a quick move when
//! neither does. The command's `play` and the server's engine both call
//! [`choose_move`], so they play the same moves and say the same things.

use super::analysis::{Budget, analyze};
use super::score::Verdict;
use super::solver::{SolveError, Solver};
use super::{Geometry, MAX_WIDTH, Position};
use crate::Game;
use crate::time::Instant;
use arrayvec::ArrayVec;
use std::fmt;

/// The columns from the centre out: [`Geometry::centre_first`] (kept here
/// for the callers of the policy).
#[must_use]
pub fn centre_first(geometry: Geometry) -> ArrayVec<usize, MAX_WIDTH> {
    geometry.centre_first()
}

/// The columns of `scores` (one entry per column, `None` for a full or an
/// unknown one) that share the best score, centre first.
#[must_use]
pub fn best_columns(geometry: Geometry, scores: &[Option<i32>]) -> ArrayVec<usize, MAX_WIDTH> {
    let best = scores.iter().flatten().max();
    geometry
        .centre_first()
        .into_iter()
        .filter(|&c| best.is_some() && scores.get(c).copied().flatten().as_ref() == best)
        .collect()
}

/// Why the engine chose its column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// Every column was solved exactly: the column has the best score.
    Exact {
        /// The column's exact score (the position's).
        score: i32,
    },
    /// Only win, draw or loss of every column was solved in time: the column
    /// keeps the best result, though maybe not the quickest win or the
    /// slowest loss.
    Result {
        /// +1, 0 or -1.
        sign: i32,
    },
    /// Nothing was solved in time: the column of [`quick_move`], no promise.
    Quick,
}

/// A move chosen by [`choose_move`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineMove {
    /// The column, 0-based.
    pub column: usize,
    /// Why this column.
    pub basis: Basis,
    /// What the engine knows of every column when it chose: the exact scores
    /// (or the signs, with [`Basis::Result`]); empty with [`Basis::Quick`].
    pub scores: Vec<Option<i32>>,
    /// The stones on the board before the move, for the words.
    stones: usize,
    geometry: Geometry,
}

impl EngineMove {
    /// Whether the move is a perfect one (the best exact score).
    #[must_use]
    pub fn is_exact(&self) -> bool {
        matches!(self.basis, Basis::Exact { .. })
    }

    /// The verdict for the player who moves, if the engine knows it.
    #[must_use]
    pub fn verdict(&self) -> Option<Verdict> {
        match self.basis {
            Basis::Exact { score } => {
                Verdict::strong(score, self.stones, self.geometry.cells()).ok()
            }
            Basis::Result { sign } => Some(Verdict::weak(sign)),
            Basis::Quick => None,
        }
    }
}

/// The reason in words: `exact: win in 9 (score 3)`, `not exact: ...`.
impl fmt::Display for EngineMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.basis, self.verdict()) {
            (Basis::Exact { score }, Some(v)) => write!(f, "exact: {v} (score {score})"),
            (Basis::Result { .. }, Some(v)) => write!(
                f,
                "not exact: it keeps the {v}, but the exact score was not solved in time"
            ),
            _ => f.write_str(
                "not exact: a quick move (a short search), the position was not solved in time",
            ),
        }
    }
}

/// The engine's move for the player to move, by `deadline`: the
/// [analysis](super::analysis) of every column in the first seven eighths
/// of the time (exact scores at once where a book or a late position gives
/// them, else win/draw/loss, then exact scores in the time left), then
/// 1. the best exact score when every column is exact;
/// 2. else the best win/draw/loss when every column's is known;
/// 3. else [`quick_move`] in the last eighth (a short search needs little).
///
/// So a deeper opening book makes more moves exact without any change here.
/// The solver's deadline is cleared on return. The only error is a game
/// that is over.
pub fn choose_move(
    solver: &mut Solver,
    pos: &Position,
    deadline: Instant,
) -> Result<EngineMove, SolveError> {
    let outcome = pos.outcome();
    if outcome.is_over() {
        return Err(SolveError::GameOver(outcome));
    }
    let start = Instant::now();
    let total = deadline.saturating_duration_since(start);
    let budget = Budget::until(start + total * 7 / 8);
    // No table for a very large board (a memory limit): the quick move.
    let known = analyze(solver, pos, budget, &mut |_, _| true).ok();
    let chosen = |column, basis, scores| EngineMove {
        column,
        basis,
        scores,
        stones: pos.moves_played(),
        geometry: pos.geometry(),
    };
    if let Some(a) = &known {
        if let (Some(column), Some(score)) = (a.best(), a.score()) {
            return Ok(chosen(column, Basis::Exact { score }, a.exact_scores()));
        }
        if let Some((column, sign)) = a.best_by_result() {
            return Ok(chosen(column, Basis::Result { sign }, a.signs()));
        }
    }
    // A cancelled search gives its quick move at once.
    let quick_until = solver.cancelled().unwrap_or(deadline);
    let column = quick_move(pos, quick_until).expect("a game not over has a column");
    Ok(chosen(column, Basis::Quick, Vec::new()))
}

/// A quick move for when the exact analysis runs out of time: win at once,
/// else block the opponent's win, else the best move of a depth-limited
/// alpha-beta search (deepening until `deadline`) whose leaves count the
/// empty cells that would complete a four for each side; if not even depth 1
/// finishes, the most central column that hands the opponent no immediate
/// win. `None` only when no column is playable.
#[must_use]
pub fn quick_move(pos: &Position, deadline: Instant) -> Option<usize> {
    let geometry = pos.geometry();
    let playable: ArrayVec<usize, MAX_WIDTH> = centre_first(geometry)
        .into_iter()
        .filter(|&c| pos.can_play(c))
        .collect();
    if let Some(&c) = playable.iter().find(|&&c| pos.is_winning_move(c)) {
        return Some(c);
    }
    let threats = geometry.winning_cells(pos.opponent(), pos.mask()) & pos.playable_cells();
    if let Some(&c) = playable
        .iter()
        .find(|&&c| threats & geometry.column_mask(c) != 0)
    {
        return Some(c);
    }
    let mut best = playable
        .iter()
        .copied()
        .find(|&c| pos.after(c).is_ok_and(|child| child.winning_moves() == 0))
        .or_else(|| playable.first().copied());
    let mut search = QuickSearch {
        deadline,
        nodes: 0,
        stopped: false,
        order: centre_first(geometry),
    };
    let empty_cells = geometry.cells() - pos.moves_played();
    for depth in 1..=empty_cells as u32 {
        let mut alpha = -QUICK_WIN - 1;
        let mut best_here = None;
        for &c in &playable {
            let Ok(child) = pos.after(c) else { continue };
            let score = -search.negamax(&child, depth - 1, -QUICK_WIN - 1, -alpha);
            if search.stopped {
                break;
            }
            if score > alpha {
                alpha = score;
                best_here = Some(c);
            }
        }
        if search.stopped {
            break;
        }
        best = best_here.or(best);
        if alpha.abs() >= QUICK_WIN - 64 {
            break; // a forced result: deeper searches will not change it
        }
    }
    best
}

/// Scores of the quick search: a win is worth more than any count of cells.
const QUICK_WIN: i32 = 10_000;

struct QuickSearch {
    deadline: Instant,
    nodes: u64,
    stopped: bool,
    order: ArrayVec<usize, MAX_WIDTH>,
}

impl QuickSearch {
    /// Negamax with alpha-beta for the player to move; `pos` is not won.
    fn negamax(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096) && Instant::now() >= self.deadline {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let geometry = pos.geometry();
        let n = pos.moves_played() as i32;
        if n as usize == geometry.cells() {
            return 0;
        }
        if pos.winning_moves() != 0 {
            return QUICK_WIN - n;
        }
        if depth == 0 {
            let empty = !pos.mask() & geometry.board_mask();
            let mine = geometry.winning_cells(pos.current(), pos.mask()) & empty;
            let theirs = geometry.winning_cells(pos.opponent(), pos.mask()) & empty;
            return mine.count_ones() as i32 - theirs.count_ones() as i32;
        }
        let mut best = -QUICK_WIN - 1;
        for i in 0..self.order.len() {
            let Ok(child) = pos.after(self.order[i]) else {
                continue;
            };
            let score = -self.negamax(&child, depth - 1, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect4::solver::Mode;
    use std::time::Duration;

    fn pos(m: &str) -> Position {
        Position::from_moves(m).unwrap()
    }

    #[test]
    fn the_centre_comes_first_then_alternately_outwards() {
        let order = |w, h| centre_first(Geometry::new(w, h).unwrap()).to_vec();
        assert_eq!(order(7, 6), [3, 2, 4, 1, 5, 0, 6]);
        assert_eq!(order(6, 5), [2, 3, 1, 4, 0, 5]);
        assert_eq!(order(4, 4), [1, 2, 0, 3]);
        assert_eq!(order(9, 6), [4, 3, 5, 2, 6, 1, 7, 0, 8]);
        let g = Geometry::STANDARD;
        let scores = [Some(-2), Some(1), None, Some(1), Some(0), Some(1), None];
        assert_eq!(best_columns(g, &scores).to_vec(), [3, 1, 5]);
        assert!(best_columns(g, &[None; 7]).is_empty());
    }

    #[test]
    fn the_quick_move_wins_then_blocks_then_searches() {
        let soon = || Instant::now() + Duration::from_millis(200);
        assert_eq!(quick_move(&pos("121212"), soon()), Some(0), "win at once");
        assert_eq!(quick_move(&pos("21212"), soon()), Some(1), "block the four");
        assert_eq!(quick_move(&pos(""), soon()), Some(3), "the centre");
        // Even with no time at all there is a move.
        assert!(quick_move(&pos("4"), Instant::now()).is_some());
        // Red on columns 3 and 4 of the bottom row, yellow on column 1: only
        // column 5 makes an open three with both ends free, a double threat.
        assert_eq!(quick_move(&pos("3141"), soon()), Some(4), "double threat");
    }

    #[test]
    fn the_quick_move_keeps_forced_wins() {
        // Test-set positions whose player to move wins soon (Test_L3_R1 style):
        // the quick search must pick a column the exact analysis scores as a win.
        let mut solver = Solver::with_table_log2(16);
        for moves in [
            "44455554221",
            "5554224333234511764415115",
            "175617344365477255",
        ] {
            let p = pos(moves);
            let exact = solver.analyze(&p, Mode::Strong).unwrap();
            let quick = quick_move(&p, Instant::now() + Duration::from_millis(300)).unwrap();
            if exact.score.unwrap() > 0 {
                assert!(
                    exact.scores[quick].unwrap() > 0,
                    "{moves}: quick {quick} loses the win"
                );
            }
        }
    }

    #[test]
    fn the_engine_plays_the_exact_move_when_it_is_solved_in_time() {
        // A middle-game position of Pons' sets (Test_L2_R1): solved at once, so
        // the move is exact; columns 3 and 6 tie (score 11), 3 is more central.
        let p = pos("175617344365477255");
        let mut solver = Solver::with_table_log2(18);
        let m = choose_move(&mut solver, &p, Instant::now() + Duration::from_secs(30)).unwrap();
        assert_eq!((m.column, m.basis), (2, Basis::Exact { score: 11 }));
        assert!(m.is_exact());
        assert_eq!(best_columns(p.geometry(), &m.scores).to_vec(), [2, 5]);
        assert_eq!(m.to_string(), "exact: win in 2 (score 11)");
        // The empty board is in the built-in book: exact from the first move.
        let mut solver = Solver::with_table_log2(18);
        solver.set_book(super::super::solver::book::builtin_shared(
            Geometry::STANDARD,
        ));
        let m = choose_move(
            &mut solver,
            &pos(""),
            Instant::now() + Duration::from_secs(5),
        )
        .unwrap();
        assert_eq!((m.column, m.basis), (3, Basis::Exact { score: 1 }));
        assert_eq!(m.to_string(), "exact: win in 21 (score 1)");
    }

    #[test]
    fn without_time_the_engine_says_its_move_is_not_exact() {
        // Three stones, past the built-in book: not solved in 1 ms.
        let p = pos("445");
        let mut solver = Solver::with_table_log2(18);
        let m = choose_move(&mut solver, &p, Instant::now() + Duration::from_millis(1)).unwrap();
        assert_eq!(m.basis, Basis::Quick);
        assert!(!m.is_exact());
        assert!(p.can_play(m.column));
        assert_eq!(
            m.to_string(),
            "not exact: a quick move (a short search), the position was not solved in time"
        );
        let over = pos("1212121");
        assert!(matches!(
            choose_move(&mut solver, &over, Instant::now()),
            Err(SolveError::GameOver(_))
        ));
    }
}
