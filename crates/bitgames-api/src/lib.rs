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
/// `?`), percent-decoded; a name given twice keeps its last value. The
/// routes check theirs with [`route_params`] instead.
pub fn parse_query(query: &str) -> Params {
    form_urlencoded::parse(query.trim_start_matches('?').as_bytes())
        .into_owned()
        .collect()
}

/// The parameters `route` takes (`connect4/analyze`, `santorini/bestmove`,
/// `""` for the index): a name not in the list is refused, not ignored.
/// `None` for a path that is no route (its answer is a 404).
pub fn params_of(route: &str) -> Option<&'static [&'static str]> {
    const SEARCH: &[&str] = &["position", "moves", "time_ms", "depth", "level", "seed"];
    Some(match route {
        "" | "games" | "connect4/sizes" => &[],
        "tictactoe/analyze" => &["moves"],
        "connect4/state" => &["moves", "size"],
        "connect4/analyze" => &["moves", "size", "time_ms", "stream"],
        "connect4/legal" => &["position", "moves", "size"],
        "connect4/bestmove" => &[
            "position", "moves", "time_ms", "depth", "level", "seed", "size",
        ],
        "santorini/state" => &["position", "moves"],
        "santorini/gods" => &["pick"],
        "santorini/move-to" | "santorini/distances" => &["instance", "position", "moves", "space"],
        _ => match route.split_once('/') {
            Some((game, "legal")) if !game.contains('/') => &["position", "moves"],
            Some((game, "bestmove")) if !game.contains('/') => SEARCH,
            _ => return None,
        },
    })
}

/// The parameters of `query` for `route`, percent-decoded; a 400 naming a
/// parameter the route does not take, or one given twice.
pub fn route_params(route: &str, query: &str) -> Result<Params, ApiError> {
    let Some(allowed) = params_of(route) else {
        return Ok(parse_query(query));
    };
    let mut params = Params::new();
    for (name, value) in form_urlencoded::parse(query.trim_start_matches('?').as_bytes()) {
        if !allowed.contains(&name.as_ref()) {
            let takes = if allowed.is_empty() {
                "no parameters".to_string()
            } else {
                allowed.join(", ")
            };
            return Err(ApiError::bad(format!(
                "unknown parameter `{}`: /api/{route} takes {takes}",
                bitgames::excerpt(&name)
            )));
        }
        if params
            .insert(name.to_string(), value.into_owned())
            .is_some()
        {
            return Err(ApiError::bad(format!(
                "parameter `{name}` is given twice: give it once"
            )));
        }
    }
    Ok(params)
}

/// The route of a path (`/api/connect4/analyze` or `connect4/analyze`):
/// `connect4/analyze`, `""` for the index.
pub fn route_of(path: &str) -> &str {
    let route = path.trim_start_matches('/');
    let route = route.strip_prefix("api").unwrap_or(route);
    route.trim_matches('/')
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
    let route = route_of(path);
    let params = match route_params(route, query) {
        Ok(params) => params,
        Err(e) => return Reply::from(Err(e)),
    };
    let p = &params;
    let answer = match route {
        "" => Ok(json!({ "routes": routes() })),
        "games" => Ok(generic::games()),
        "tictactoe/analyze" => tictactoe::analyze(&ctx.tictactoe, p),
        "connect4/state" => connect4::state(p),
        "connect4/analyze" => connect4::analyze(ctx, p, emit),
        "connect4/sizes" => Ok(board_size::sizes()),
        "santorini/state" => santorini::state(p),
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
