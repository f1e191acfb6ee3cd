//! `GET /api/connect4/analyze` on the server: the answer is
//! [`bitgames_api::connect4`]'s, searched on a blocking thread in a search
//! slot; with `stream=1` it is sent as NDJSON, a line per column as it is
//! solved, and the search stops when the client goes away.

use super::reply::Failure;
use super::state::AppState;
use axum::body::Body;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use bitgames::Game;
use bitgames::connect4::Position;
use bitgames_api::connect4::{analysis, describe, finished_summary, merge, request};
use bitgames_api::{ApiError, Params};
use serde_json::{Value, json};
use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// `GET /api/connect4/analyze`: one JSON answer, or NDJSON lines with `stream=1`.
pub async fn analyze(state: Arc<AppState>, params: &Params) -> Result<Response, Failure> {
    let req = request(params)?;
    let (pos, ms, stream) = (req.pos, req.ms, req.stream);
    let book = state.ctx.connect4_book.is_some();
    let mut answer = describe(&pos, &req.moves);
    if pos.outcome().is_over() {
        merge(&mut answer, finished_summary(&pos, ms, book));
        if stream {
            merge(&mut answer, json!({"type": "done"}));
            return Ok(ndjson_once(&answer));
        }
        return Ok(axum::Json(answer).into_response());
    }
    // A board whose table can never fit the memory budget does not queue.
    state
        .ctx
        .connect4_fits(pos.geometry())
        .map_err(|e| Failure::from(e).with(answer.clone()))?;
    if stream {
        return analyze_stream(state, pos, answer, ms).await;
    }
    let busy_body = answer.clone();
    let shared = Arc::clone(&state);
    let summary = if state.ctx.book_answers(&pos) {
        state
            .cheap(move || analysis(&shared.ctx, &pos, ms, None, &mut |_| true))
            .await
    } else {
        state
            .solve(move |cancel| analysis(&shared.ctx, &pos, ms, Some(cancel), &mut |_| true))
            .await
    }
    .and_then(|answer| answer.map_err(Failure::from))
    // A busy server still describes the position.
    .map_err(|e| e.with(busy_body))?;
    merge(&mut answer, summary);
    Ok(axum::Json(answer).into_response())
}

fn ndjson_response(body: Body) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/x-ndjson; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

fn ndjson_once(line: &Value) -> Response {
    ndjson_response(Body::from(format!("{line}\n")))
}

/// The streamed analysis: a first line with the position (`"type":
/// "position"`), a line per column as it is solved (`"type": "column"`), and
/// the summary (`"type": "done"`). The search starts once an engine is free
/// (a 503 if none is within the queue's wait) and stops when the client goes away.
async fn analyze_stream(
    state: Arc<AppState>,
    pos: Position,
    mut head: Value,
    ms: u64,
) -> Result<Response, Failure> {
    let (lines, rx) = tokio::sync::mpsc::channel::<String>(32);
    let (started_tx, started_rx) = tokio::sync::oneshot::channel::<()>();
    let (done_tx, done_rx) = tokio::sync::oneshot::channel::<()>();
    let cancel = Arc::new(AtomicBool::new(false));
    // A client that goes away cancels the search (the body, and with it the
    // receiver, is dropped).
    {
        let watch = lines.clone();
        let cancel = Arc::clone(&cancel);
        tokio::spawn(async move {
            tokio::select! {
                () = watch.closed() => cancel.store(true, Ordering::Relaxed),
                _ = done_rx => {}
            }
        });
    }
    let busy_body = head.clone();
    merge(&mut head, json!({"type": "position", "budget_ms": ms}));
    let shared = Arc::clone(&state);
    let work = move || {
        let _ = started_tx.send(());
        let send = |line: &Value| lines.blocking_send(format!("{line}\n")).is_ok();
        if send(&head) {
            let mut done = analysis(&shared.ctx, &pos, ms, Some(cancel), &mut |line| send(line))
                .unwrap_or_else(|e| e.body());
            merge(&mut done, json!({"type": "done"}));
            send(&done);
        }
        let _ = done_tx.send(());
    };
    let cheap = state.ctx.book_answers(&pos);
    let task = tokio::spawn(async move {
        if cheap {
            state.cheap(work).await
        } else {
            // The stream's own flag cancels it: the request ends as the body starts.
            state.solve(move |_| work()).await
        }
    });
    if started_rx.await.is_err() {
        // The work never started: no engine was free (or the slots closed).
        return match task.await {
            Ok(Err(e)) => Err(e.with(busy_body)),
            _ => Err(ApiError::internal("the analysis did not start").into()),
        };
    }
    let body = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|line| (Ok::<_, Infallible>(line), rx))
    });
    Ok(ndjson_response(Body::from_stream(body)))
}
