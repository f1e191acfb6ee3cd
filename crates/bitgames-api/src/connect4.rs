//! Connect Four routes. Scores are Pascal Pons' (see `data/connect4/README.md`),
//! words and moves come from the library (`bitgames::connect4::{score, policy}`):
//!
//! Every route takes `size=WxH` (7x6 when absent; see [`board_size`]) and
//! moves in that board's notation (`10,3,4` from 10 columns on).
//!
//! - `GET /api/connect4/state?moves=4453`: the board, whose turn, the end of
//!   the game (winner, the cells of the four); no search, answered at once.
//! - `GET /api/connect4/analyze?moves=4453[&time_ms=3000][&stream=1]`: the
//!   score of every column, found in three passes within the time budget:
//!   exact scores that come at once (a book, a late position), then
//!   win/draw/loss of the others (the solver's cheaper weak mode), then their
//!   exact scores. Running out of time is not an error: the answer says
//!   which columns are exact (`complete` when all are). With `stream=1` the
//!   answer is NDJSON, one line per column as it is solved, then the summary.
//!   A 503 only when every engine is busy.
//!
//! The engine's move is the generic `GET /api/connect4/bestmove` (with
//! `size` and `moves`, or a `position` grid). Off 7x6 there is no book: the
//! columns not solved in time are answered not exact, never guessed.
//!
//! The answers do not depend on what the server solved before, only their
//! speed does (the solvers keep their tables between requests).

use super::board_size;
use super::context::Context;
use super::error::{ApiError, Params, optional, required, time_ms};
use bitgames::connect4::policy::{best_columns, centre_first};
use bitgames::connect4::score::Verdict;
use bitgames::connect4::solver::{Mode, Solver};
use bitgames::connect4::{Geometry, Position, read_position};
use bitgames::time::Instant;
use bitgames::{Game, Player};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The default and the largest time budget of one analysis.
pub const DEFAULT_TIME_MS: u64 = 3000;
pub const MAX_TIME_MS: u64 = 60_000;
/// The first pass of an analysis: exact scores that come this quickly.
const AT_ONCE: Duration = Duration::from_millis(150);

/// The position of the `moves` parameter on the board of `size` (7x6 when
/// absent; see [`board_size`]): column digits, or numbers separated by
/// commas (any board; written back as digits up to 9 columns); blanks
/// between digits, as the generic routes write moves, are dropped, and
/// separate the columns of a board of 10 or more. A 400 names the bad size
/// or the bad move; the latter also describes the position before the
/// refused move (`before_refused`: the keys of `state`), so that the page
/// draws the stones of a bad link without replaying the moves itself.
pub fn position(params: &Params) -> Result<(Position, String), ApiError> {
    let geometry = board_size::geometry(params)?;
    let moves = board_size::moves_text(required(params, "moves")?, geometry.width());
    read_position(geometry, &moves).map_err(|e| {
        let on = if geometry == Geometry::STANDARD {
            String::new()
        } else {
            format!(" on {geometry}")
        };
        let error = ApiError::bad(format!(
            "bad Connect Four moves `{}`{on}: {e}",
            bitgames::excerpt(&moves)
        ));
        let before = board_size::moves_before(&moves, e.index());
        match read_position(geometry, &before) {
            Ok((pos, before)) => error.with(json!({ "before_refused": describe(&pos, &before) })),
            Err(_) => error,
        }
    })
}

/// What describes the position: the board, whose turn, and how the game ended.
pub fn describe(pos: &Position, moves: &str) -> Value {
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
    let geometry = pos.geometry();
    // The four (or fours) of the winner, as [column, row], 1-based, row 1 at the bottom.
    let fours = outcome
        .winner()
        .map_or(0, |p| geometry.fours(pos.stones(p)));
    let winning_cells: Vec<[usize; 2]> = (0..pos.width())
        .flat_map(|c| (0..pos.height()).map(move |r| (c, r)))
        .filter(|&(c, r)| fours & geometry.bit(c, r) != 0)
        .map(|(c, r)| [c + 1, r + 1])
        .collect();
    json!({
        "game": "connect4",
        "moves": moves,
        "moves_played": pos.moves_played(),
        "to_move": pos.to_move().number(),
        "status": outcome.to_string(),
        "over": outcome.is_over(),
        "winner": outcome.winner().map(Player::number),
        "winning_cells": winning_cells,
        "playable": (0..pos.width()).map(|c| !outcome.is_over() && pos.can_play(c)).collect::<Vec<_>>(),
        "board": board,
        "width": pos.width(),
        "height": pos.height(),
        "size": geometry.to_string(),
        // Decimal strings: a board past 53 bits does not fit a JavaScript number.
        "bits": {
            "position": pos.current().to_string(),
            "mask": pos.mask().to_string(),
            "key": pos.key().to_string(),
            "bottom": geometry.bottom_mask().to_string(),
        },
    })
}

/// `GET /api/connect4/state`: the position alone, no search.
pub fn state(params: &Params) -> Result<Value, ApiError> {
    let (pos, moves) = position(params)?;
    Ok(describe(&pos, &moves))
}

/// What the analysis knows of each column so far.
pub struct Known {
    stones: usize,
    geometry: Geometry,
    /// Exact scores.
    exact: Vec<Option<i32>>,
    /// Win (+1), draw (0) or loss (-1), from the weak pass or the exact score.
    signs: Vec<Option<i32>>,
    playable: Vec<bool>,
}

impl Known {
    pub fn new(pos: &Position) -> Known {
        let w = pos.width();
        Known {
            stones: pos.moves_played(),
            geometry: pos.geometry(),
            exact: vec![None; w],
            signs: vec![None; w],
            playable: (0..w)
                .map(|c| !pos.outcome().is_over() && pos.can_play(c))
                .collect(),
        }
    }

    fn words(&self, col: usize) -> Option<String> {
        let cells = self.geometry.cells();
        match (self.exact[col], self.signs[col]) {
            (Some(s), _) => Some(
                Verdict::strong(s, self.stones, cells)
                    .map_or_else(|e| e.to_string(), |v| v.to_string()),
            ),
            (None, Some(sign)) => Some(Verdict::weak(sign).to_string()),
            _ => None,
        }
    }

    fn complete(&self) -> bool {
        (0..self.playable.len()).all(|c| !self.playable[c] || self.exact[c].is_some())
    }

    /// One column's line: `{"column": 4, "exact": true, "score": 3, "words": "win in 9"}`
    /// (`score` is the sign when only win/draw/loss is known).
    fn column(&self, col: usize) -> Value {
        json!({
            "type": "column",
            "column": col + 1,
            "exact": self.exact[col].is_some(),
            "score": self.exact[col].or(self.signs[col]),
            "words": self.words(col),
        })
    }

    /// The whole analysis: per-column arrays, and the best columns once complete.
    pub fn summary(&self, elapsed: Duration, budget_ms: u64, book: bool) -> Value {
        let complete = self.complete();
        let w = self.playable.len();
        let best: Vec<usize> = if complete {
            best_columns(self.geometry, &self.exact)
                .iter()
                .map(|c| c + 1)
                .collect()
        } else {
            Vec::new()
        };
        let score = if complete {
            self.exact.iter().flatten().copied().max()
        } else {
            None
        };
        let cells = self.geometry.cells();
        let score_text = score.map(|s| {
            Verdict::strong(s, self.stones, cells).map_or_else(|e| e.to_string(), |v| v.to_string())
        });
        // The position's result as far as it is known: the exact words once
        // complete, else win/draw/loss once every open column's is known.
        let open: Vec<Option<i32>> = (0..w)
            .filter(|&c| self.playable[c])
            .map(|c| self.signs[c])
            .collect();
        let result = if complete {
            score_text.clone()
        } else if !open.is_empty() && open.iter().all(Option::is_some) {
            open.iter()
                .flatten()
                .copied()
                .max()
                .map(|s| Verdict::weak(s).to_string())
        } else {
            None
        };
        json!({
            "scores": self.exact,
            "signs": self.signs,
            // null for a full column, as `bitgames connect4 analyze --json` says.
            "exact": (0..w)
                .map(|c| self.playable[c].then(|| self.exact[c].is_some()))
                .collect::<Vec<_>>(),
            "texts": (0..w).map(|c| self.words(c)).collect::<Vec<_>>(),
            "complete": complete,
            "best": best.first(),
            "best_columns": best,
            "score": score,
            "score_text": score_text,
            "result": result,
            "time_ms": (elapsed.as_secs_f64() * 1e3).round() as u64,
            "budget_ms": budget_ms,
            "book": book,
            "note": (!complete).then(|| format!(
                "not every column was solved exactly within {budget_ms} ms: ask again with more time (time_ms, at most {MAX_TIME_MS})"
            )),
        })
    }
}

/// Solves the columns of `pos` in three passes until `deadline` (see the
/// module's documentation), calling `emit` with each column as it is
/// solved; stops early when `emit` returns false (the client went away).
fn run_analysis(
    solver: &mut Solver,
    pos: &Position,
    deadline: Instant,
    emit: &mut dyn FnMut(&Known, usize) -> bool,
) -> Known {
    let mut known = Known::new(pos);
    let order: Vec<usize> = centre_first(pos.geometry())
        .into_iter()
        .filter(|&c| pos.can_play(c))
        .collect();
    let at_once = deadline.min(Instant::now() + AT_ONCE);
    let passes = [
        (Mode::Strong, at_once),
        (Mode::Weak, deadline),
        (Mode::Strong, deadline),
    ];
    for (mode, until) in passes {
        solver.set_deadline(Some(until));
        for &col in &order {
            let done = match mode {
                Mode::Strong => known.exact[col].is_some(),
                Mode::Weak => known.signs[col].is_some(),
            };
            if done {
                continue;
            }
            match solver.analyze_column(pos, col, mode) {
                Ok(Some(score)) => {
                    if mode == Mode::Strong {
                        known.exact[col] = Some(score);
                    }
                    known.signs[col] = Some(score.signum());
                    if !emit(&known, col) {
                        return known;
                    }
                }
                // A pass that runs out of time leaves its other columns to the next.
                Ok(None) | Err(_) => break,
            }
        }
    }
    known
}

/// Adds the fields of `extra` to `answer`.
pub fn merge(answer: &mut Value, extra: Value) {
    if let (Value::Object(map), Value::Object(extra)) = (answer, extra) {
        map.extend(extra);
    }
}

/// An analysis asked for: the position, its moves, the time budget and
/// whether the answer is streamed.
pub struct Request {
    pub pos: Position,
    pub moves: String,
    pub ms: u64,
    pub stream: bool,
}

/// The request of `GET /api/connect4/analyze`, or a 400 naming what is wrong.
pub fn request(params: &Params) -> Result<Request, ApiError> {
    let (pos, moves) = position(params)?;
    let ms = time_ms(params, DEFAULT_TIME_MS, MAX_TIME_MS)?;
    let stream = match optional(params, "stream") {
        None | Some("0") => false,
        Some("1") => true,
        Some(other) => {
            return Err(ApiError::bad(format!(
                "stream `{other}` is not 0 or 1 (1: one line per column as it is solved)"
            )));
        }
    };
    Ok(Request {
        pos,
        moves,
        ms,
        stream,
    })
}

/// Solves the columns of `pos` within `ms` milliseconds with a pooled
/// solver (stopped early by `cancel`), calling `emit` with each column's
/// line as it is solved; the summary of what was found. The solver's table
/// comes out of the context's memory budget (a 503 when it does not fit in
/// time); a position the book answers takes a tiny table outside it. The
/// budget counts from the start, the table's making included.
pub fn analysis(
    ctx: &Context,
    pos: &Position,
    ms: u64,
    cancel: Option<Arc<AtomicBool>>,
    emit: &mut dyn FnMut(&Value) -> bool,
) -> Result<Value, ApiError> {
    let started = Instant::now();
    let deadline = started + Duration::from_millis(ms);
    let mut emit_column = |known: &Known, col: usize| emit(&known.column(col));
    let known = if ctx.book_answers(pos) {
        let mut solver = ctx.book_solver();
        solver.set_cancel(cancel);
        run_analysis(&mut solver, pos, deadline, &mut emit_column)
    } else {
        let mut leased = ctx.connect4_solver(pos.geometry(), cancel)?;
        let known = run_analysis(&mut leased.engine, pos, deadline, &mut emit_column);
        ctx.give_connect4_solver(pos.geometry(), leased);
        known
    };
    Ok(known.summary(started.elapsed(), ms, ctx.connect4_book.is_some()))
}

/// `GET /api/connect4/analyze`, answered where it is asked (the page's
/// worker): one JSON answer; with `stream=1` the lines go to `emit` first
/// (the position, then a line per column) and the answer is the last line.
pub fn analyze(
    ctx: &Context,
    params: &Params,
    emit: &mut dyn FnMut(&Value) -> bool,
) -> Result<Value, ApiError> {
    let req = request(params)?;
    let book = ctx.connect4_book.is_some();
    let mut answer = describe(&req.pos, &req.moves);
    let summary = if req.pos.outcome().is_over() {
        Known::new(&req.pos).summary(Duration::ZERO, req.ms, book)
    } else if req.stream {
        let mut head = answer.clone();
        merge(&mut head, json!({"type": "position", "budget_ms": req.ms}));
        if !emit(&head) {
            return Ok(answer);
        }
        analysis(ctx, &req.pos, req.ms, None, emit)?
    } else {
        analysis(ctx, &req.pos, req.ms, None, &mut |_| true)?
    };
    merge(&mut answer, summary);
    if req.stream {
        merge(&mut answer, json!({"type": "done"}));
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The summary of `moves` with these exact scores and signs known.
    fn summary(moves: &str, exact: [Option<i32>; 7], signs: [Option<i32>; 7]) -> Value {
        let pos = Position::from_moves(moves).unwrap();
        let mut known = Known::new(&pos);
        known.exact = exact.to_vec();
        known.signs = signs.to_vec();
        known.summary(Duration::from_millis(5), 50, false)
    }

    #[test]
    fn the_result_is_stated_as_far_as_it_is_known() {
        // Every column's result known, none exact: the best of them, in words.
        let s = summary(
            "445",
            [None; 7],
            [
                Some(-1),
                Some(0),
                Some(-1),
                Some(1),
                Some(0),
                Some(-1),
                Some(-1),
            ],
        );
        assert_eq!(s["complete"], false);
        assert_eq!(s["result"], "win");
        let s = summary(
            "445",
            [None; 7],
            [
                Some(-1),
                Some(0),
                Some(-1),
                Some(-1),
                Some(0),
                Some(-1),
                Some(-1),
            ],
        );
        assert_eq!(s["result"], "draw");
        let s = summary("445", [None; 7], [Some(-1); 7]);
        assert_eq!(s["result"], "loss");
        // One column unknown: a draw or a win may hide there.
        let s = summary(
            "445",
            [None; 7],
            [
                Some(-1),
                Some(0),
                None,
                Some(-1),
                Some(0),
                Some(-1),
                Some(-1),
            ],
        );
        assert_eq!(s["result"], Value::Null);
        // A full column does not count: only the open ones.
        let s = summary(
            "444444",
            [None; 7],
            [Some(0), Some(0), Some(0), None, Some(0), Some(0), Some(0)],
        );
        assert_eq!(s["result"], "draw");
        // Complete: the exact words, as `score_text`.
        let exact = [
            Some(-2),
            Some(-1),
            Some(0),
            Some(1),
            Some(0),
            Some(-1),
            Some(-2),
        ];
        let s = summary("", exact, exact.map(|e| e.map(i32::signum)));
        assert_eq!(s["complete"], true);
        assert_eq!(s["result"], s["score_text"]);
        assert_eq!(s["result"], "win in 21");
    }
}
