//! The answers of bitgames' JSON API, from a request's path and query string
//! to a status and a JSON body, with no server: no I/O, no threads, no clock
//! but the library's. `bitgames serve` routes its requests here (and keeps
//! its search slots, time budgets and connections); the WebAssembly module
//! answers the page's worker with [`respond`].
//!
//! - [`context`]: what the answers share (tables, pooled engines, the book);
//! - [`error`]: the 4xx/5xx answers and the query's parameters;
//! - one module a game ([`tictactoe`], [`connect4`], [`santorini`]) and the
//!   routes every registered game gets ([`generic`]).

pub mod board_size;
pub mod connect4;
pub mod context;
pub mod error;
pub mod generic;
pub mod santorini;
pub mod tictactoe;

pub use context::{Context, Pool};
pub use error::{ApiError, Params};
use serde_json::{Value, json};

/// An answer: an HTTP status and a JSON body (`{"error": ...}` when the status is not 200).
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub status: u16,
    pub body: Value,
}

impl From<Result<Value, ApiError>> for Reply {
    fn from(result: Result<Value, ApiError>) -> Reply {
        match result {
            Ok(body) => Reply { status: 200, body },
            Err(e) => Reply {
                status: e.status,
                body: e.body(),
            },
        }
    }
}

/// The routes of the API, for the index at `/api` and the 404 answer: the
/// generic ones for every registered game, then the games' own.
pub fn routes() -> Vec<String> {
    let games = bitgames::registry::GAMES
        .iter()
        .map(|g| g.name())
        .collect::<Vec<_>>()
        .join("|");
    let mut routes = vec![
        "GET /api/games".to_string(),
        format!("GET /api/{{{games}}}/legal?position=...[&moves=...]"),
        format!("GET /api/{{{games}}}/bestmove?position=...[&moves=...][&time_ms=1000][&depth=N]"),
        "GET /api/connect4/{legal,bestmove}?size=8x5&moves=... (a board size other than 7x6: the moves from its empty board)".to_string(),
    ];
    routes.extend(
        [
            "GET /api/tictactoe/analyze?moves=1524",
            "GET /api/connect4/state?moves=4453[&size=8x5]",
            "GET /api/connect4/analyze?moves=4453[&size=8x5][&time_ms=3000][&stream=1]",
            "GET /api/connect4/sizes",
            "GET /api/santorini/state?position=...[&moves=...]",
            "GET /api/santorini/gods[?pick=apollo,random]",
            "GET /api/santorini/move-to?instance=(1,2) [25 levels] | ?position=...&space=C3",
            "GET /api/santorini/distances?instance=(1,2) [25 levels] | ?position=...&space=C3",
        ]
        .map(String::from),
    );
    routes
}

/// The 404 of a path that is no route.
pub fn no_route(path: &str) -> ApiError {
    ApiError::not_found(format!(
        "no API route {}; the routes are: {}",
        bitgames::excerpt(path),
        routes().join("; ")
    ))
}

/// The parameters of a query string (`moves=4453&time_ms=300`, without the
/// `?`), percent-decoded; a name given twice keeps its last value.
pub fn parse_query(query: &str) -> Params {
    form_urlencoded::parse(query.trim_start_matches('?').as_bytes())
        .into_owned()
        .collect()
}

/// The answer to `GET {path}?{query}` (`path` with or without its `/api/`:
/// `connect4/analyze`), every search run here and now within its time
/// budget. A streamed analysis (`stream=1`) hands its lines to `emit` as
/// they come (`emit` returns false to stop) and answers its last line.
pub fn respond(
    ctx: &Context,
    path: &str,
    query: &str,
    emit: &mut dyn FnMut(&Value) -> bool,
) -> Reply {
    let route = path.trim_start_matches('/');
    let route = route.strip_prefix("api").unwrap_or(route);
    let route = route.trim_matches('/');
    let params = parse_query(query);
    let p = &params;
    let answer = match route {
        "" => Ok(json!({ "routes": routes() })),
        "games" => Ok(generic::games()),
        "tictactoe/analyze" => tictactoe::analyze(&ctx.tictactoe, p),
        "connect4/state" => connect4::state(p),
        "connect4/analyze" => connect4::analyze(ctx, p, emit),
        "connect4/sizes" => Ok(board_size::sizes()),
        "santorini/state" => {
            santorini::position(p).map(|(pos, given)| santorini::describe(&pos, &given))
        }
        "santorini/gods" => santorini::gods(p),
        "santorini/move-to" => santorini::move_to(p),
        "santorini/distances" => santorini::distances(p),
        _ => match route.split_once('/') {
            Some((game, "legal")) => generic::legal(game, p),
            Some((game, "bestmove")) => {
                generic::request(game, p).and_then(|req| generic::bestmove(ctx, &req))
            }
            _ => Err(no_route(&format!("/api/{route}"))),
        },
    };
    answer.into()
}
