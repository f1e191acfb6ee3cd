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
use bitgames::connect4::analysis::{Analysis, Budget, analyze as analyze_columns};
use bitgames::connect4::score::Mode;
use bitgames::connect4::solver::Solver;
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
        // The grid of 0/1/2, top row first, as `bitgames connect4 analyze` reads it.
        "grid": bitgames::connect4::grid_string(pos),
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

/// An analysis as every surface writes it (`/api/connect4/analyze`, and
/// `bitgames connect4 analyze --json` with the keys of [`describe`]):
/// per-column arrays (`scores`: exact, else null; `signs`: win 1, draw 0,
/// loss -1, else null; `exact`: null for a full column; `texts`: the
/// library's words), the best columns and the score once complete (in weak
/// mode, by result), the result as far as it is known, the time taken and
/// the time given (`budget_ms`, null: none), whether a book was used, and
/// `note`: what to do when not complete.
pub fn summary(a: &Analysis, budget_ms: Option<u64>, book: bool, note: Option<String>) -> Value {
    let best: Vec<usize> = a.best_columns().iter().map(|c| c + 1).collect();
    let width = a.columns().len();
    json!({
        "mode": match a.mode() {
            Mode::Strong => "strong",
            Mode::Weak => "weak",
        },
        "scores": a.exact_scores(),
        "signs": a.signs(),
        "exact": a
            .columns()
            .iter()
            .map(|k| k.is_open().then(|| k.exact().is_some()))
            .collect::<Vec<_>>(),
        "texts": (0..width).map(|c| a.words(c)).collect::<Vec<_>>(),
        "complete": a.complete(),
        "best": best.first(),
        "best_columns": best,
        "score": a.score(),
        "score_text": a.score_words(),
        "result": a.result(),
        "nodes": a.nodes(),
        "time_ms": (a.elapsed().as_secs_f64() * 1e3).round() as u64,
        "budget_ms": budget_ms,
        "book": book,
        "note": note,
    })
}

/// One column's line of a streamed analysis: `{"type": "column", "column":
/// 4, "exact": true, "score": 3, "words": "win in 9"}` (`score` is the sign
/// when only win/draw/loss is known).
pub fn column_line(a: &Analysis, col: usize) -> Value {
    let k = a.column(col);
    json!({
        "type": "column",
        "column": col + 1,
        "exact": k.exact().is_some(),
        "score": k.exact().or(k.sign()),
        "words": a.words(col),
    })
}

/// The API's summary of `a`, given `budget_ms`: [`summary`], with a note
/// asking for more time when not every column was solved.
fn api_summary(a: &Analysis, budget_ms: u64, book: bool) -> Value {
    let note = (!a.complete()).then(|| format!(
        "not every column was solved exactly within {budget_ms} ms: ask again with more time (time_ms, at most {MAX_TIME_MS})"
    ));
    summary(a, Some(budget_ms), book, note)
}

/// The summary of a game that is over: no column to play.
pub fn finished_summary(pos: &Position, budget_ms: u64, book: bool) -> Value {
    api_summary(&Analysis::new(pos, Mode::Strong), budget_ms, book)
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
/// line as it is solved (the library's [`analyze_columns`]); the summary of
/// what was found. The solver's table comes out of the context's memory
/// budget (a 503 when it does not fit in time); a position the book answers
/// takes a tiny table outside it. The budget counts from the start, the
/// table's making included.
pub fn analysis(
    ctx: &Context,
    pos: &Position,
    ms: u64,
    cancel: Option<Arc<AtomicBool>>,
    emit: &mut dyn FnMut(&Value) -> bool,
) -> Result<Value, ApiError> {
    let deadline = Instant::now() + Duration::from_millis(ms);
    let mut emit_column = |a: &Analysis, col: usize| emit(&column_line(a, col));
    let mut run = |solver: &mut Solver| {
        analyze_columns(solver, pos, Budget::until(deadline), &mut emit_column)
            // No table for this board (a memory limit): nothing is known.
            .unwrap_or_else(|_| Analysis::new(pos, Mode::Strong))
    };
    let found = if ctx.book_answers(pos) {
        let mut solver = ctx.book_solver();
        solver.set_cancel(cancel);
        run(&mut solver)
    } else {
        let mut leased = ctx.connect4_solver(pos.geometry(), cancel)?;
        let found = run(&mut leased.engine);
        ctx.give_connect4_solver(pos.geometry(), leased);
        found
    };
    Ok(api_summary(&found, ms, ctx.connect4_book.is_some()))
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
        finished_summary(&req.pos, req.ms, book)
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
    use bitgames::connect4::analysis::Known;

    #[test]
    fn the_summary_says_what_is_known_in_the_apis_keys() {
        use Known::{Exact, Full, Sign, Unknown};
        let pos = Position::from_moves("444444").unwrap();
        let columns = [
            Sign(1),
            Exact(-2),
            Unknown,
            Full,
            Sign(0),
            Exact(1),
            Sign(-1),
        ];
        let a = Analysis::with_columns(&pos, Mode::Strong, &columns);
        let s = api_summary(&a, 50, false);
        assert_eq!(s["scores"], json!([null, -2, null, null, null, 1, null]));
        assert_eq!(s["signs"], json!([1, -1, null, null, 0, 1, -1]));
        assert_eq!(
            s["exact"],
            json!([false, true, false, null, false, true, false])
        );
        assert_eq!(
            s["texts"],
            json!(["win", "loss in 17", null, null, "draw", "win in 18", "loss"])
        );
        assert_eq!(
            (&s["complete"], &s["best"], &s["score"]),
            (&json!(false), &json!(null), &json!(null))
        );
        assert_eq!(s["best_columns"], json!([]));
        assert_eq!(s["result"], Value::Null, "column 3 is unknown");
        assert_eq!(
            s["note"],
            "not every column was solved exactly within 50 ms: ask again with more time (time_ms, at most 60000)"
        );
        let line = column_line(&a, 0);
        assert_eq!(
            line,
            json!({"type": "column", "column": 1, "exact": false, "score": 1, "words": "win"})
        );
    }
}
