//! The routes every registered game gets, derived from
//! `bitgames::registry::GAMES`: `GET /api/games`, `GET /api/{game}/legal`
//! and `GET /api/{game}/bestmove`, the one engine route of every game. Their keys are the command's `--json` keys: both use
//! [`state_json`] and [`report_json`].

use super::context::Context;
use super::error::{ApiError, Params, optional, split_moves, time_ms};
use bitgames::engine::{Level, Limits, Report};
use bitgames::registry::{self, DynGame, Error, State};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The default and the largest thinking time of `/api/{game}/bestmove`
/// (and of the command's `bitgames bestmove`, which answers the same).
pub const DEFAULT_MS: u64 = 1_000;
pub const MAX_MS: u64 = 60_000;

/// The bits of a seed the server draws: below 2^53, a JavaScript number's
/// exact integers.
pub const JS_SAFE_BITS: u32 = 53;

/// A registry error as an API error: an unknown game is a 404, anything
/// else (a bad position or move) a 400.
fn api_error(e: Error) -> ApiError {
    match e {
        Error::UnknownGame { .. } => ApiError::not_found(e.to_string()),
        _ => ApiError::bad(e.to_string()),
    }
}

fn game(name: &str) -> Result<&'static dyn DynGame, ApiError> {
    registry::find(name).map_err(api_error)
}

/// The position of a request: `position` (absent, empty or `-`: the start)
/// after `moves` (separated by blanks, as the command's `--moves`: a move
/// may itself hold a comma, as Santorini's placements `B3,D3` do), in notation.
/// Connect Four also takes `size` with `moves` from that board's empty
/// position (see [`crate::board_size::generic_start`]).
fn position(g: &dyn DynGame, params: &Params) -> Result<String, ApiError> {
    if g.name() == <bitgames::connect4::Position as bitgames::Game>::NAME
        && let Some(start) = crate::board_size::generic_start(params)
    {
        return start;
    }
    let start = optional(params, "position").unwrap_or("-");
    let moves: Vec<&str> = optional(params, "moves")
        .map(split_moves)
        .unwrap_or_default();
    g.state(start, &moves)
        .map(|s| s.position)
        .map_err(api_error)
}

/// `GET /api/games`: every game, its title, start position and engine.
pub fn games() -> Value {
    let list: Vec<Value> = registry::GAMES
        .iter()
        .map(|g| {
            json!({
                "game": g.name(),
                "title": g.title(),
                "players": g.players(),
                "start": g.start(),
                "engine": g.engine().name(),
            })
        })
        .collect();
    json!({ "games": list })
}

/// `GET /api/{game}/legal?position=...[&moves=...]`.
pub fn legal(name: &str, params: &Params) -> Result<Value, ApiError> {
    let g = game(name)?;
    let pos = position(g, params)?;
    let state = g.state(&pos, &[]).map_err(api_error)?;
    Ok(state_json(&state))
}

/// The `level` (0..=10) and `seed` of a request; a seed needs a level.
fn level_and_seed(params: &Params) -> Result<(Option<Level>, Option<u64>), ApiError> {
    let level = optional(params, "level")
        .map(|text| {
            text.parse::<Level>()
                .map_err(|e| ApiError::bad(e.to_string()))
        })
        .transpose()?;
    let seed = optional(params, "seed")
        .map(|text| {
            text.trim().parse::<u64>().map_err(|_| {
                ApiError::bad(format!(
                    "seed `{}` is not a whole number from 0 to {}",
                    bitgames::excerpt(text),
                    u64::MAX
                ))
            })
        })
        .transpose()?;
    if level.is_none() && seed.is_some() {
        return Err(ApiError::bad(
            "seed is given without a level: add level=0..10",
        ));
    }
    // A level without a seed draws one from the system's randomness (the
    // browser's crypto.getRandomValues in WebAssembly, where the library's
    // own fresh seeds repeat from one page load to the next).
    // Drawn below 2^53, so that a JavaScript number holds it exactly and the
    // page can send it back (a given seed may be any u64).
    let seed = seed.or_else(|| level.map(|_| rand::random::<u64>() >> (64 - JS_SAFE_BITS)));
    Ok((level, seed))
}

/// A position's state as the web API's `/api/{game}/legal` answers it.
pub fn state_json(s: &State) -> Value {
    json!({
        "game": s.game,
        "position": s.position,
        "board": s.board,
        "to_move": s.to_move,
        "status": s.status,
        "winner": s.winner,
        "returns": s.returns,
        "legal_moves": s.legal_moves,
        "actions": s.actions,
        "num_actions": s.num_actions,
    })
}

/// An engine's report as the web API's `/api/{game}/bestmove` answers it;
/// `budget_ms` is the time it was given (`null`: none); `level` and `seed`
/// the level played and the seed of its draw (`null`: none asked, none drawn).
pub fn report_json(
    game: &str,
    position: &str,
    engine: &str,
    limits: Limits,
    r: &Report<String>,
) -> Value {
    json!({
        "game": game,
        "position": position,
        "engine": engine,
        "best": r.best,
        "ties": r.ties,
        "score": r.score,
        "score_text": r.score_text,
        "exact": r.exact,
        "depth": r.depth,
        "nodes": r.nodes,
        "time_ms": (r.elapsed.as_secs_f64() * 1e4).round() / 10.0,
        "budget_ms": limits.time.map(|t| t.as_millis()),
        "level": r.level.map(Level::number),
        "seed": r.seed,
        // The engine's words on its move (Connect Four: exact, or why not).
        "note": r.note,
    })
}

/// A search asked for by `GET /api/{game}/bestmove`: the game, the
/// position (in notation) and the limits.
pub struct Request {
    pub game: &'static dyn DynGame,
    pub position: String,
    pub limits: Limits,
}

/// The request of `GET /api/{game}/bestmove?position=...[&moves=...][&time_ms=1000][&depth=N][&level=0..10][&seed=S]`,
/// or a 4xx naming what is wrong.
pub fn request(name: &str, params: &Params) -> Result<Request, ApiError> {
    let g = game(name)?;
    let pos = position(g, params)?;
    let ms = time_ms(params, DEFAULT_MS, MAX_MS)?;
    let depth = match optional(params, "depth") {
        None => None,
        Some(text) => Some(bitgames::engine::parse_depth(text).map_err(ApiError::bad)?),
    };
    let (level, seed) = level_and_seed(params)?;
    let limits = Limits {
        depth,
        time: Some(Duration::from_millis(ms)),
        level,
        seed,
    };
    Ok(Request {
        game: g,
        position: pos,
        limits,
    })
}

/// The engine's move for `req`: the game's engine (a pooled one, its
/// tables kept); the command's `bestmove --json` keys (`budget_ms` names
/// the search in the request log).
pub fn bestmove(ctx: &Context, req: &Request) -> Result<Value, ApiError> {
    search(ctx, req, None)
}

/// [`bestmove`], stopped early once `cancel` is set. A depth-limited search
/// (`depth`, or a level below 10) gets a fresh engine, so that its answer
/// does not depend on the searches before it; a timed one may reuse the
/// tables an earlier search filled. The engine's memory comes out of the
/// context's budget.
pub fn search(
    ctx: &Context,
    req: &Request,
    cancel: Option<Arc<AtomicBool>>,
) -> Result<Value, ApiError> {
    let g = req.game;
    let fresh = req.limits.depth.is_some() || req.limits.level.is_some();
    let mut leased = ctx.engine(g, &req.position, fresh, cancel)?;
    let report = leased.engine.think(&req.position, req.limits);
    let engine_name = leased.engine.name();
    ctx.give_engine(g, &req.position, leased);
    let report = report.map_err(api_error)?;
    if report.best.is_none() {
        return Err(ApiError::bad(format!(
            "{} position `{}`: the game is over ({}): there is no move to make",
            g.prose_name(),
            bitgames::excerpt(&req.position),
            report.score_text
        )));
    }
    Ok(report_json(
        g.name(),
        &req.position,
        engine_name,
        req.limits,
        &report,
    ))
}
