//! The router: the page, its assets and the JSON API under `/api`.
//!
//! Cheap answers (tic-tac-toe from the solved table, Santorini positions,
//! move-to sets, distances, a Connect Four analysis the book answers) never
//! wait behind a search. Searches run in the search pool
//! ([`AppState::solve`](super::state::AppState::solve)): a request that
//! cannot get a slot in time, or finds the queue full, gets a 503 with
//! `Retry-After`; every search has a time budget, and stops when its client
//! goes away. Unknown or repeated parameters are 400s; HEAD on a search
//! route is a 405 (no search for a body thrown away).

use super::reply::Failure;
use super::state::AppState;
use super::{analysis, assets};
use axum::extract::Request;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::Next;
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
        .layer(axum::middleware::from_fn(no_search_on_head))
        .with_state(state)
}

/// Whether `path` is a route that searches (its answer costs a search).
fn is_search(path: &str) -> bool {
    let route = bitgames_api::route_of(path);
    route == "connect4/analyze" || route.ends_with("/bestmove")
}

/// A HEAD of a search route is refused (405, `Allow: GET`) instead of
/// running the search for an answer whose body is thrown away.
async fn no_search_on_head(request: Request, next: Next) -> Response {
    if request.method() == Method::HEAD && is_search(request.uri().path()) {
        let mut answer = Failure(ApiError {
            status: StatusCode::METHOD_NOT_ALLOWED.as_u16(),
            message: format!(
                "HEAD {} would run a search for nothing: use GET",
                bitgames::excerpt(request.uri().path())
            ),
            extra: None,
        })
        .into_response();
        answer
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET"));
        return answer;
    }
    next.run(request).await
}

type Answer = Result<Json<Value>, Failure>;

/// The parameters of `route` in the query: a 400 names one it does not
/// take, or one given twice.
fn params(route: &str, query: RawQuery) -> Result<Params, Failure> {
    Ok(bitgames_api::route_params(
        route,
        query.0.as_deref().unwrap_or(""),
    )?)
}

async fn api_index(query: RawQuery) -> Answer {
    params("", query)?;
    Ok(Json(json!({ "routes": routes() })))
}

async fn not_found(uri: Uri) -> Response {
    if uri.path().starts_with("/api") {
        Failure(bitgames_api::no_route(uri.path())).into_response()
    } else {
        Failure(ApiError::not_found(format!(
            "not found: {} (the page is at /)",
            bitgames::excerpt(uri.path())
        )))
        .into_response()
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

async fn tictactoe_analyze(State(state): State<Arc<AppState>>, query: RawQuery) -> Answer {
    let p = params("tictactoe/analyze", query)?;
    Ok(Json(tictactoe::analyze(&state.ctx.tictactoe, &p)?))
}

async fn connect4_state(query: RawQuery) -> Answer {
    let p = params("connect4/state", query)?;
    Ok(Json(bitgames_api::connect4::state(&p)?))
}

async fn connect4_sizes(query: RawQuery) -> Answer {
    params("connect4/sizes", query)?;
    Ok(Json(bitgames_api::board_size::sizes()))
}

async fn connect4_analyze(
    State(state): State<Arc<AppState>>,
    query: RawQuery,
) -> Result<Response, Failure> {
    let p = params("connect4/analyze", query)?;
    analysis::analyze(state, &p).await
}

async fn generic_games(query: RawQuery) -> Answer {
    params("games", query)?;
    Ok(Json(generic::games()))
}

async fn generic_bestmove(
    State(state): State<Arc<AppState>>,
    Path(game): Path<String>,
    query: RawQuery,
) -> Answer {
    let p = params(&format!("{game}/bestmove"), query)?;
    let req = generic::request(&game, &p)?;
    let shared = Arc::clone(&state);
    let answer = if req.game.name() == "tictactoe" {
        // The solved table: answered at once, never behind a search.
        state
            .cheap(move || generic::search(&shared.ctx, &req, None))
            .await??
    } else {
        // A search whose table can never fit the memory budget does not queue.
        state.ctx.engine_fits(req.game, &req.position)?;
        state
            .solve(move |cancel| generic::search(&shared.ctx, &req, Some(cancel)))
            .await??
    };
    Ok(Json(answer))
}

async fn generic_legal(Path(game): Path<String>, query: RawQuery) -> Answer {
    let p = params(&format!("{game}/legal"), query)?;
    Ok(Json(generic::legal(&game, &p)?))
}

async fn santorini_state(query: RawQuery) -> Answer {
    let p = params("santorini/state", query)?;
    Ok(Json(santorini::state(&p)?))
}

async fn santorini_gods(query: RawQuery) -> Answer {
    let p = params("santorini/gods", query)?;
    Ok(Json(santorini::gods(&p)?))
}

async fn santorini_move_to(query: RawQuery) -> Answer {
    let p = params("santorini/move-to", query)?;
    Ok(Json(santorini::move_to(&p)?))
}

async fn santorini_distances(query: RawQuery) -> Answer {
    let p = params("santorini/distances", query)?;
    Ok(Json(santorini::distances(&p)?))
}
