//! `GET /api/connect4/analyze?moves=4453[&time_ms=3000]`: the exact score of
//! every column, in the convention of Pascal Pons' test sets (see
//! `shared/data/connect4/README.md`), the best column, the board and its bitboards.

use super::api::AppState;
use super::error::{ApiError, Params, required, time_ms};
use bitgames::connect4::Position;
use bitgames::connect4::solver::{Mode, SolveError, Solver};
use bitgames::{Game, Player};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The default and the largest time budget of one analysis.
pub const DEFAULT_TIME_MS: u64 = 3000;
pub const MAX_TIME_MS: u64 = 10_000;

/// Transposition table of a server solver: 2^21 buckets (32 MiB), one solver per search slot.
const TABLE_LOG2: u32 = 21;

/// A score in words, as `bitgames connect4 analyze` writes it: `win in 2`
/// (the winner's stones still to play, the winning one included), `draw`, `loss in 3`.
fn score_words(score: i32, stones: usize, cells: usize) -> String {
    crate::connect4::score_words(score, stones, cells, false)
}

/// What describes the position whether or not the solve finished.
fn describe(pos: &Position, moves: &str) -> Value {
    let outcome = pos.outcome();
    let mark = |p: Player| if p == Player::One { 'X' } else { 'O' };
    let board: Vec<String> = (0..pos.height())
        .rev()
        .map(|row| {
            (0..pos.width())
                .map(|col| pos.cell(col, row).map_or('.', mark))
                .collect()
        })
        .collect();
    json!({
        "game": "connect4",
        "moves": moves,
        "moves_played": pos.moves_played(),
        "to_move": pos.to_move().number(),
        "status": outcome.to_string(),
        "winner": outcome.winner().map(Player::number),
        "board": board,
        "width": pos.width(),
        "height": pos.height(),
        "bits": {
            "position": pos.current(),
            "mask": pos.mask(),
            "key": pos.key(),
            "bottom": pos.geometry().bottom_mask(),
        },
    })
}

/// Columns from the centre out.
fn centre_out(width: usize) -> Vec<usize> {
    let mut cols: Vec<usize> = (0..width).collect();
    cols.sort_by_key(|&c| (2 * c as i64 - (width as i64 - 1)).abs());
    cols
}

/// A quick move for when the exact analysis runs out of time: win at once,
/// else block the opponent's win, else the best move of a depth-limited
/// alpha-beta search (deepening until `deadline`) whose leaves count the
/// empty cells that would complete a four for each side; if not even depth 1
/// finishes, the most central column that hands the opponent no immediate win.
pub fn fallback_column(pos: &Position, deadline: Instant) -> Option<usize> {
    let playable: Vec<usize> = centre_out(pos.width())
        .into_iter()
        .filter(|&c| pos.can_play(c))
        .collect();
    if let Some(&c) = playable.iter().find(|&&c| pos.is_winning_move(c)) {
        return Some(c);
    }
    let geometry = pos.geometry();
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
        for c in centre_out(pos.width()) {
            let Ok(child) = pos.after(c) else { continue };
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

/// The analysis of the position after `moves`.
pub async fn analyze(state: Arc<AppState>, params: &Params) -> Result<Value, ApiError> {
    let moves = required(params, "moves")?.trim().to_string();
    let pos = Position::from_moves(&moves).map_err(|e| {
        ApiError::bad(format!(
            "bad Connect Four moves `{}`: {e}",
            bitgames::excerpt(&moves)
        ))
    })?;
    let ms = time_ms(params, DEFAULT_TIME_MS, MAX_TIME_MS)?;
    let mut answer = describe(&pos, &moves);
    let cells = pos.width() * pos.height();
    let n = pos.moves_played();
    if pos.outcome().is_over() {
        let extra = json!({
            "scores": vec![Value::Null; pos.width()],
            "texts": vec![Value::Null; pos.width()],
            "best": null,
            "score": null,
        });
        merge(&mut answer, extra);
        return Ok(answer);
    }
    let shared = Arc::clone(&state);
    let (result, elapsed, fallback) = state
        .solve(move || {
            let mut solver = shared
                .connect4_solvers
                .lock()
                .map(|mut idle| idle.pop())
                .ok()
                .flatten()
                .unwrap_or_else(|| {
                    let mut solver = Solver::with_table_log2(TABLE_LOG2);
                    solver.set_book(shared.connect4_book.clone());
                    solver
                });
            let started = Instant::now();
            solver.set_deadline(Some(started + Duration::from_millis(ms)));
            let result = solver.analyze(&pos, Mode::Strong);
            let elapsed = started.elapsed();
            solver.set_deadline(None);
            if let Ok(mut idle) = shared.connect4_solvers.lock() {
                idle.push(solver);
            }
            // Out of time: a quick move from a shallow search, in a quarter more time.
            let fallback = result.is_err().then(|| {
                let extra = Duration::from_millis((ms / 4).clamp(10, 500));
                fallback_column(&pos, Instant::now() + extra)
            });
            (result, elapsed, fallback.flatten())
        })
        .await?;
    let elapsed_ms = (elapsed.as_secs_f64() * 1e3).round() as u64;
    match result {
        Ok(a) => {
            let texts: Vec<Option<String>> = a
                .scores
                .iter()
                .map(|s| s.map(|s| score_words(s, n, cells)))
                .collect();
            merge(
                &mut answer,
                json!({
                    "scores": a.scores,
                    "texts": texts,
                    "best": a.best.map(|c| c + 1),
                    "score": a.score,
                    "score_text": a.score.map(|s| score_words(s, n, cells)),
                    "time_ms": elapsed_ms,
                    "budget_ms": ms,
                    "book": state.connect4_book.is_some(),
                }),
            );
            Ok(answer)
        }
        Err(SolveError::Interrupted(_)) => {
            merge(
                &mut answer,
                json!({
                    "fallback": fallback.map(|c| c + 1),
                    "book": state.connect4_book.is_some(),
                    "budget_ms": ms,
                }),
            );
            Err(ApiError::unavailable(format!(
                "analysis timed out after {ms} ms (positions this early need more time or an opening book)"
            ))
            .with(answer))
        }
        Err(e) => Err(ApiError::bad(e.to_string())),
    }
}

fn merge(answer: &mut Value, extra: Value) {
    if let (Value::Object(map), Value::Object(extra)) = (answer, extra) {
        map.extend(extra);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fallback_wins_then_blocks_then_searches() {
        let pos = |m: &str| Position::from_moves(m).unwrap();
        let soon = || Instant::now() + Duration::from_millis(200);
        assert_eq!(
            fallback_column(&pos("121212"), soon()),
            Some(0),
            "win at once"
        );
        assert_eq!(
            fallback_column(&pos("21212"), soon()),
            Some(1),
            "block the four"
        );
        assert_eq!(fallback_column(&pos(""), soon()), Some(3), "the centre");
        // Even with no time at all there is a move.
        assert!(fallback_column(&pos("4"), Instant::now()).is_some());
        // Red on columns 3 and 4 of the bottom row, yellow on column 1: only
        // column 5 makes an open three with both ends free, a double threat.
        assert_eq!(
            fallback_column(&pos("3141"), soon()),
            Some(4),
            "double threat"
        );
    }

    #[test]
    fn the_fallback_agrees_with_the_solver_on_forced_wins() {
        // Test-set positions whose player to move wins soon (Test_L3_R1 style):
        // the quick search must pick a column the exact analysis scores as a win.
        let mut solver = Solver::with_table_log2(16);
        for moves in [
            "44455554221",
            "5554224333234511764415115",
            "175617344365477255",
        ] {
            let p = Position::from_moves(moves).unwrap();
            let exact = solver.analyze(&p, Mode::Strong).unwrap();
            let quick = fallback_column(&p, Instant::now() + Duration::from_millis(300)).unwrap();
            let best = exact.score.unwrap();
            if best > 0 {
                assert!(
                    exact.scores[quick].unwrap() > 0,
                    "{moves}: quick {quick} loses the win"
                );
            }
        }
    }
}
