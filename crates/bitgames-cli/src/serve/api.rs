//! The router: the page, its assets and the JSON API under `/api`.
//!
//! Cheap answers (tic-tac-toe from the solved table, Santorini positions,
//! move-to sets, distances) are computed in the handler. Searches run on
//! tokio's blocking threads, at most `max_solves` at once (a semaphore); a
//! request that cannot get a slot within [`QUEUE_WAIT`](super::state::QUEUE_WAIT) gets a 503, and every
//! search has a time budget, so a slow position never stalls the server.

use super::assets;
use super::error::{ApiError, Params};
use super::state::AppState;
use super::{connect4, generic, santorini, tictactoe};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};
use std::sync::Arc;

/// The routes of the API, for the index at `/api` and the 404 answer: the
/// generic ones for every registered game, then the games' own.
fn routes() -> Vec<String> {
    let games = bitgames::registry::GAMES
        .iter()
        .map(|g| g.name())
        .collect::<Vec<_>>()
        .join("|");
    let mut routes = vec![
        "GET /api/games".to_string(),
        format!("GET /api/{{{games}}}/legal?position=...[&moves=...]"),
        format!("GET /api/{{{games}}}/bestmove?position=...[&moves=...][&time_ms=1000][&depth=N]"),
    ];
    routes.extend(
        [
            "GET /api/tictactoe/analyze?moves=1524",
            "GET /api/connect4/state?moves=4453",
            "GET /api/connect4/analyze?moves=4453[&time_ms=3000][&stream=1]",
            "GET /api/santorini/state?position=...[&moves=...]",
            "GET /api/santorini/gods[?pick=apollo,random]",
            "GET /api/santorini/move-to?instance=(1,2) [25 levels] | ?position=...&space=C3",
            "GET /api/santorini/distances?instance=(1,2) [25 levels] | ?position=...&space=C3",
        ]
        .map(String::from),
    );
    routes
}

/// The whole app: page, assets and API.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{file}", get(assets::asset))
        .route("/api", get(api_index))
        .route("/api/tictactoe/analyze", get(tictactoe_analyze))
        .route("/api/connect4/state", get(connect4_state))
        .route("/api/connect4/analyze", get(connect4_analyze))
        .route("/api/santorini/state", get(santorini_state))
        .route("/api/santorini/gods", get(santorini_gods))
        .route("/api/santorini/move-to", get(santorini_move_to))
        .route("/api/santorini/distances", get(santorini_distances))
        .route("/api/games", get(generic_games))
        .route("/api/{game}/legal", get(generic_legal))
        .route("/api/{game}/bestmove", get(generic_bestmove))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state)
}

type Answer = Result<Json<Value>, ApiError>;

fn params(query: Result<Query<Params>, QueryRejection>) -> Result<Params, ApiError> {
    query
        .map(|Query(p)| p)
        .map_err(|e| ApiError::bad(format!("bad query string: {e}")))
}

async fn api_index() -> Json<Value> {
    Json(json!({ "routes": routes() }))
}

async fn not_found(uri: Uri) -> Response {
    if uri.path().starts_with("/api") {
        ApiError::not_found(format!(
            "no API route {}; the routes are: {}",
            bitgames::excerpt(uri.path()),
            routes().join("; ")
        ))
        .into_response()
    } else {
        (StatusCode::NOT_FOUND, "not found: the page is at /\n").into_response()
    }
}

async fn method_not_allowed(method: Method, uri: Uri) -> Response {
    ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: format!(
            "{method} {} is not served: use GET",
            bitgames::excerpt(uri.path())
        ),
        extra: None,
    }
    .into_response()
}

async fn tictactoe_analyze(
    State(state): State<Arc<AppState>>,
    query: Result<Query<Params>, QueryRejection>,
) -> Answer {
    let p = params(query)?;
    tictactoe::analyze(&state.tictactoe, &p).map(Json)
}

async fn connect4_state(query: Result<Query<Params>, QueryRejection>) -> Answer {
    let p = params(query)?;
    connect4::state(&p).map(Json)
}

async fn connect4_analyze(
    State(state): State<Arc<AppState>>,
    query: Result<Query<Params>, QueryRejection>,
) -> Result<Response, ApiError> {
    let p = params(query)?;
    connect4::analyze(state, &p).await
}

async fn generic_games() -> Json<Value> {
    Json(generic::games())
}

async fn generic_bestmove(
    State(state): State<Arc<AppState>>,
    Path(game): Path<String>,
    query: Result<Query<Params>, QueryRejection>,
) -> Answer {
    let p = params(query)?;
    generic::bestmove(state, &game, &p).await.map(Json)
}

async fn generic_legal(
    Path(game): Path<String>,
    query: Result<Query<Params>, QueryRejection>,
) -> Answer {
    let p = params(query)?;
    generic::legal(&game, &p).map(Json)
}

async fn santorini_state(query: Result<Query<Params>, QueryRejection>) -> Answer {
    let p = params(query)?;
    let (pos, given) = santorini::position(&p)?;
    Ok(Json(santorini::describe(&pos, &given)))
}

async fn santorini_gods(query: Result<Query<Params>, QueryRejection>) -> Answer {
    let p = params(query)?;
    santorini::gods(&p).map(Json)
}

async fn santorini_move_to(query: Result<Query<Params>, QueryRejection>) -> Answer {
    let p = params(query)?;
    santorini::move_to(&p).map(Json)
}

async fn santorini_distances(query: Result<Query<Params>, QueryRejection>) -> Answer {
    let p = params(query)?;
    santorini::distances(&p).map(Json)
}
