//! Depth-limited negamax with alpha-beta pruning, over any [`Game`].
//!
//! Scores are from the point of view of the player to move. A won game scores
//! [`WIN_SCORE`] minus the number of plies to the win, so a sooner win scores
//! higher and a later loss scores higher than a sooner one; a draw scores 0;
//! a position at the depth limit scores what the [`Evaluator`] says.

use crate::time::Instant;
use crate::{Game, Outcome};

/// The score of a win on the spot; a win `n` plies away scores `WIN_SCORE - n`.
pub const WIN_SCORE: i32 = 1_000_000;

/// Scores below this distance from [`WIN_SCORE`] are forced wins or losses.
const MAX_MATE_PLIES: i32 = 10_000;

/// A static evaluation of a non-terminal position, for the player to move.
/// Its values must stay well inside `±(WIN_SCORE - 10_000)`.
pub trait Evaluator<G: Game> {
    /// The evaluation of `pos` for [`Game::to_move`].
    fn evaluate(&mut self, pos: &G) -> i32;
}

impl<G: Game, F: FnMut(&G) -> i32> Evaluator<G> for F {
    fn evaluate(&mut self, pos: &G) -> i32 {
        self(pos)
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The score for the player to move at the root.
    pub score: i32,
    /// A best move, or `None` if the root has no legal move.
    pub best: Option<M>,
    /// Positions visited.
    pub nodes: u64,
}

/// Searches `depth` plies from `pos` with alpha-beta inside `(alpha, beta)`.
/// With `depth` at least the longest remaining game and the full window
/// `(-WIN_SCORE, WIN_SCORE)`, the score is exact.
pub fn negamax<G: Game, E: Evaluator<G>>(
    pos: &G,
    depth: u32,
    alpha: i32,
    beta: i32,
    eval: &mut E,
) -> SearchResult<G::Move> {
    let mut budget = Budget::default();
    let (score, best) = search(pos, depth, 0, alpha, beta, eval, &mut budget);
    SearchResult {
        score,
        best,
        nodes: budget.nodes,
    }
}

/// [`negamax()`] that gives up at `deadline`: `None` if the time ran out
/// before the search finished (its partial result would mislead).
pub fn negamax_until<G: Game, E: Evaluator<G>>(
    pos: &G,
    depth: u32,
    alpha: i32,
    beta: i32,
    eval: &mut E,
    deadline: Instant,
) -> Option<SearchResult<G::Move>> {
    let mut budget = Budget {
        deadline: Some(deadline),
        ..Budget::default()
    };
    let (score, best) = search(pos, depth, 0, alpha, beta, eval, &mut budget);
    (!budget.stopped).then_some(SearchResult {
        score,
        best,
        nodes: budget.nodes,
    })
}

/// The nodes a search visited and when it must stop.
#[derive(Default)]
struct Budget {
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

impl Budget {
    /// Counts a node; whether the time is up (looked at every 64 nodes).
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(64)
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.stopped = true;
        }
        self.stopped
    }
}

/// The score of a finished game for the player to move, `ply` plies from the root.
fn terminal_score<G: Game>(pos: &G, outcome: Outcome, ply: i32) -> i32 {
    match outcome {
        Outcome::Win(p) if p == pos.to_move() => WIN_SCORE - ply,
        Outcome::Win(_) => -(WIN_SCORE - ply),
        Outcome::Draw | Outcome::Ongoing => 0,
    }
}

fn search<G: Game, E: Evaluator<G>>(
    pos: &G,
    depth: u32,
    ply: i32,
    mut alpha: i32,
    beta: i32,
    eval: &mut E,
    budget: &mut Budget,
) -> (i32, Option<G::Move>) {
    if budget.visit() {
        return (0, None);
    }
    let outcome = pos.outcome();
    if outcome.is_over() {
        return (terminal_score(pos, outcome, ply), None);
    }
    if depth == 0 {
        return (eval.evaluate(pos), None);
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        // A game that reports no moves but no end is scored as a loss for the
        // side that cannot move (the common rule: Santorini, stalemate-free games).
        return (-(WIN_SCORE - ply), None);
    }
    let mut best_score = -WIN_SCORE - 1;
    let mut best_move = None;
    for &mv in moves.iter() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let (s, _) = search(&child, depth - 1, ply + 1, -beta, -alpha, eval, budget);
        if budget.stopped {
            return (0, None);
        }
        let s = -s;
        if s > best_score {
            best_score = s;
            best_move = Some(mv);
            if s > alpha {
                alpha = s;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    (best_score, best_move)
}

/// Plies to the end of a forced game, if `score` is a forced win (positive)
/// or loss (negative); `None` for a heuristic or drawn score.
#[must_use]
pub fn plies_to_end(score: i32) -> Option<i32> {
    // `i32::MIN` has no absolute value: it is no forced result either.
    let d = WIN_SCORE.checked_sub(score.checked_abs()?)?;
    (0..MAX_MATE_PLIES).contains(&d).then_some(d)
}

/// A score in words: `win in 3`, `loss in 4`, `draw`-or-heuristic number.
#[must_use]
pub fn score_to_string(score: i32) -> String {
    match plies_to_end(score) {
        Some(n) if score > 0 => format!("win in {n}"),
        Some(n) => format!("loss in {n}"),
        None => score.to_string(),
    }
}
