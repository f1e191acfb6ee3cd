//! The router: the page, its assets and the JSON API under `/api`.
//!
//! Cheap answers (tic-tac-toe from the solved table, Santorini positions,
//! move-to sets, distances) are computed in the handler. Searches run on
//! tokio's blocking threads, at most `max_solves` at once (a semaphore); a
//! request that cannot get a slot within [`QUEUE_WAIT`](super::state::QUEUE_WAIT) gets a 503, and every
//! search has a time budget, so a slow position never stalls the server.

use super::reply::Failure;
use super::state::AppState;
use super::{analysis, assets};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use bitgames_api::{ApiError, Params, generic, routes, santorini, tictactoe};
use serde_json::{Value, json};
use std::sync::Arc;

/// The whole app: page, assets and API.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{file}", get(assets::asset))
        .route("/api", get(api_index))
        .route("/api/tictactoe/analyze", get(tictactoe_analyze))
        .route("/api/connect4/state", get(connect4_state))
        .route("/api/connect4/analyze", get(connect4_analyze))
        .route("/api/connect4/sizes", get(connect4_sizes))
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

type Answer = Result<Json<Value>, Failure>;

fn params(query: Result<Query<Params>, QueryRejection>) -> Result<Params, Failure> {
    query
        .map(|Query(p)| p)
        .map_err(|e| ApiError::bad(format!("bad query string: {e}")).into())
}

async fn api_index() -> Json<Value> {
    Json(json!({ "routes": routes() }))
}

async fn not_found(uri: Uri) -> Response {
    if uri.path().starts_with("/api") {
        Failure(bitgames_api::no_route(uri.path())).into_response()
    } else {
        (StatusCode::NOT_FOUND, "not found: the page is at /\n").into_response()
    }
}

async fn method_not_allowed(method: Method, uri: Uri) -> Response {
    Failure(ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED.as_u16(),
        message: format!(
            "{method} {} is not served: use GET",
            bitgames::excerpt(uri.path())
        ),
        extra: None,
    })
    .into_response()
}

async fn tictactoe_analyze(
    State(state): State<Arc<AppState>>,
    query: Result<Query<Params>, QueryRejection>,
) -> Answer {
    let p = params(query)?;
    Ok(Json(tictactoe::analyze(&state.ctx.tictactoe, &p)?))
}

async fn connect4_state(query: Result<Query<Params>, QueryRejection>) -> Answer {
    let p = params(query)?;
    Ok(Json(bitgames_api::connect4::state(&p)?))
}

async fn connect4_sizes() -> Json<Value> {
    Json(bitgames_api::board_size::sizes())
}

async fn connect4_analyze(
    State(state): State<Arc<AppState>>,
    query: Result<Query<Params>, QueryRejection>,
) -> Result<Response, Failure> {
    let p = params(query)?;
    analysis::analyze(state, &p).await
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
    let req = generic::request(&game, &p)?;
    let shared = Arc::clone(&state);
    let answer = state
        .solve(move || generic::bestmove(&shared.ctx, &req))
        .await??;
    Ok(Json(answer))
}

async fn generic_legal(
    Path(game): Path<String>,
    query: Result<Query<Params>, QueryRejection>,
) -> Answer {
    let p = params(query)?;
    Ok(Json(generic::legal(&game, &p)?))
}

async fn santorini_state(query: Result<Query<Params>, QueryRejection>) -> Answer {
    let p = params(query)?;
    let (pos, given) = santorini::position(&p)?;
    Ok(Json(santorini::describe(&pos, &given)))
}

async fn santorini_gods(query: Result<Query<Params>, QueryRejection>) -> Answer {
    let p = params(query)?;
    Ok(Json(santorini::gods(&p)?))
}

async fn santorini_move_to(query: Result<Query<Params>, QueryRejection>) -> Answer {
    let p = params(query)?;
    Ok(Json(santorini::move_to(&p)?))
}

async fn santorini_distances(query: Result<Query<Params>, QueryRejection>) -> Answer {
    let p = params(query)?;
    Ok(Json(santorini::distances(&p)?))
}
