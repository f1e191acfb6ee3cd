//! bitgames' engines in WebAssembly (wasm-bindgen), for the browser and Node:
//!
//! - [`respond`] and [`respond_lines`]: the JSON API's answers
//!   (`bitgames_api::respond`), for the page's Web Worker (`web/worker.js`),
//!   which answers the page's modules as `bitgames serve` would;
//! - a small typed API for the npm package: [`analyze_connect4`],
//!   [`best_move`], [`legal`], [`tictactoe_analyze`], each answering the API's
//!   JSON keys as a JavaScript object, or throwing an `Error` with the API's
//!   message;
//! - [`set_connect4_book`]: the Connect Four opening book, handed over once
//!   it is fetched. Before it arrives every analysis is still right: exact
//!   where it finished in its time, and saying which columns are not.
//!
//! One thread, no threads spawned: the engines search on the caller's thread
//! (the worker's, so the page never freezes; a search is stopped by
//! terminating the worker). The Connect Four solvers' tables are smaller
//! than the server's (2^20 buckets, 16 MiB), to suit a browser tab.

use bitgames::connect4::solver::book::Book;
use bitgames_api::{Context, Reply};
use serde_json::{Value, json};
use std::cell::RefCell;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// The Connect Four solvers' tables: 2^20 buckets of 16 bytes (16 MiB).
const CONNECT4_TABLE_LOG2: u32 = 20;

thread_local! {
    static CONTEXT: RefCell<Context> = RefCell::new(Context::new(CONNECT4_TABLE_LOG2, None));
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** An answer of the JSON API: its HTTP status and its body (`{error: ...}` unless 200). */
export interface ApiReply { status: number; body: any; }
/** A Connect Four analysis: the API's /api/connect4/analyze keys. */
export interface Connect4Analysis {
  moves: string; to_move: number; status: string; over: boolean;
  /** Each column's exact score (Pons'), null when unknown or full. */
  scores: (number | null)[];
  /** Each column's win (1), draw (0) or loss (-1), null when unknown. */
  signs: (number | null)[];
  /** Each column's score in words ("win in 9"). */
  texts: (string | null)[];
  /** Every column exact: then best, best_columns and score are set. */
  complete: boolean;
  best: number | null; best_columns: number[]; score: number | null; score_text: string | null;
  /** The position's result as far as known: "win", "draw", "loss" or exact words. */
  result: string | null;
  time_ms: number; budget_ms: number; book: boolean; note: string | null;
  [key: string]: any;
}
/** An engine's move: the API's /api/{game}/bestmove keys. */
export interface BestMove {
  game: string; position: string; engine: string;
  best: string; ties: string[]; score: number; score_text: string; exact: boolean;
  depth: number; nodes: number; time_ms: number; budget_ms: number | null;
  /** The engine's words on its move (Connect Four: "exact: win in 9 (score 3)", or why not exact). */
  note: string | null;
}
/** A position's state: the API's /api/{game}/legal keys. */
export interface GameState {
  game: string; position: string; board: string; to_move: number | null; status: string;
  winner: number | null; returns: number[] | null; legal_moves: string[]; actions: number[];
  num_actions: number;
}
"#;

/// `bitgames_api::respond` on the one context of this module.
fn reply(path: &str, query: &str, emit: &mut dyn FnMut(&Value) -> bool) -> Reply {
    CONTEXT.with(|ctx| bitgames_api::respond(&ctx.borrow(), path, query, emit))
}

/// A JSON value as a JavaScript object.
fn to_js(value: &Value) -> JsValue {
    js_sys::JSON::parse(&value.to_string()).unwrap_or(JsValue::NULL)
}

/// The body of a 200, or an `Error` with the API's message.
fn body_or_error(reply: Reply) -> Result<JsValue, JsError> {
    if reply.status == 200 {
        return Ok(to_js(&reply.body));
    }
    let message = reply.body["error"].as_str().unwrap_or("error").to_string();
    Err(JsError::new(&message))
}

/// The query string of these parameters (empty ones left out, but for
/// `moves`: no moves is the start).
fn query(params: &[(&str, &str)]) -> String {
    let mut out = String::new();
    for (k, v) in params
        .iter()
        .filter(|(k, v)| *k == "moves" || !v.is_empty())
    {
        if !out.is_empty() {
            out.push('&');
        }
        out.push_str(k);
        out.push('=');
        out.push_str(&String::from(js_sys::encode_uri_component(v)));
    }
    out
}

/// The answer of the JSON API to `GET {path}?{query}` (`path` with or
/// without `/api/`: `connect4/state`), as `bitgames serve` would give it.
#[wasm_bindgen(unchecked_return_type = "ApiReply")]
pub fn respond(path: &str, query: &str) -> JsValue {
    let r = reply(path, query, &mut |_| true);
    to_js(&json!({ "status": r.status, "body": r.body }))
}

/// [`respond`] for a streamed answer (`connect4/analyze` with `stream=1`):
/// `on_line` gets each line as a JavaScript object as it comes; the
/// answer is the last line.
#[wasm_bindgen(unchecked_return_type = "ApiReply")]
pub fn respond_lines(path: &str, query: &str, on_line: &js_sys::Function) -> JsValue {
    let r = reply(path, query, &mut |line| {
        on_line.call1(&JsValue::NULL, &to_js(line)).is_ok()
    });
    to_js(&json!({ "status": r.status, "body": r.body }))
}

/// Hands the Connect Four solvers an opening book (the bytes of
/// `7x6-standard.book`, or any book `bitgames connect4 book` reads); the
/// number of positions it holds. Throws if the bytes are not a 7x6 book.
#[wasm_bindgen(js_name = setConnect4Book)]
pub fn set_connect4_book(bytes: &[u8]) -> Result<usize, JsError> {
    // The built-in book's bytes load at once; any other book is checked entry by entry.
    let book = Book::from_bytes_trusting_builtin(bytes)
        .map_err(|e| JsError::new(&format!("not a Connect Four book: {e}")))?;
    if book.geometry() != bitgames::connect4::Geometry::STANDARD {
        return Err(JsError::new(&format!(
            "the book is for a {} board: only 7x6 books are used here",
            book.geometry()
        )));
    }
    let entries = book.len();
    CONTEXT.with(|ctx| ctx.borrow_mut().set_connect4_book(Some(Arc::new(book))));
    Ok(entries)
}

/// Whether the Connect Four solvers have a book.
#[wasm_bindgen(js_name = hasConnect4Book)]
pub fn has_connect4_book() -> bool {
    CONTEXT.with(|ctx| ctx.borrow().connect4_book.is_some())
}

/// The score of every column of the Connect Four position after `moves`
/// (column digits, `"4453"`), solved within `time_ms` milliseconds
/// (default 3000): exact where `complete`, else as far as it got.
#[wasm_bindgen(js_name = analyzeConnect4, unchecked_return_type = "Connect4Analysis")]
pub fn analyze_connect4(moves: &str, time_ms: Option<u32>) -> Result<JsValue, JsError> {
    let ms = time_ms.unwrap_or(3000).to_string();
    body_or_error(reply(
        "connect4/analyze",
        &query(&[("moves", moves), ("time_ms", &ms)]),
        &mut |_| true,
    ))
}

/// The engine's move in `game` (`tictactoe`, `connect4`, `santorini`) at
/// `position` (its notation; `"-"` or `""`: the start) after `moves`
/// (separated by blanks), thinking at most `time_ms` milliseconds (default
/// 1000) and, if given, `depth` plies.
#[wasm_bindgen(js_name = bestMove, unchecked_return_type = "BestMove")]
pub fn best_move(
    game: &str,
    position: &str,
    moves: &str,
    time_ms: Option<u32>,
    depth: Option<u32>,
) -> Result<JsValue, JsError> {
    let ms = time_ms.unwrap_or(1000).to_string();
    let depth = depth.map(|d| d.to_string()).unwrap_or_default();
    body_or_error(reply(
        &format!("{game}/bestmove"),
        &query(&[
            ("position", position),
            ("moves", moves),
            ("time_ms", &ms),
            ("depth", &depth),
        ]),
        &mut |_| true,
    ))
}

/// The state of `game` at `position` after `moves`: the board, whose turn,
/// the status and the legal moves.
#[wasm_bindgen(unchecked_return_type = "GameState")]
pub fn legal(game: &str, position: &str, moves: &str) -> Result<JsValue, JsError> {
    body_or_error(reply(
        &format!("{game}/legal"),
        &query(&[("position", position), ("moves", moves)]),
        &mut |_| true,
    ))
}

/// The solved tic-tac-toe position after `moves` (squares 1-9, `"1524"`):
/// the value of every move and the best ones.
#[wasm_bindgen(js_name = tictactoeAnalyze)]
pub fn tictactoe_analyze(moves: &str) -> Result<JsValue, JsError> {
    body_or_error(reply(
        "tictactoe/analyze",
        &query(&[("moves", moves)]),
        &mut |_| true,
    ))
}
