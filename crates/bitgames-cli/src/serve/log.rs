//! The server's log on stderr: a line a request (method, target, status,
//! milliseconds) at info level, a line a search (position, budget, outcome),
//! and warnings; `--quiet` keeps only the warnings.
//!
//! ```text
//! 2026-11-22T17:48:03.120Z INFO GET /api/connect4/analyze?moves=4453 200 3.1ms
//! 2026-11-22T17:48:03.120Z INFO search /api/connect4/analyze?moves=4453: budget 3000 ms: best 4, score -2 (loss in 19), 2 ms
//! ```

use axum::body::Body;
use axum::extract::Request;
use axum::http::header::CONTENT_TYPE;
use axum::middleware::Next;
use axum::response::Response;
use serde_json::Value;
use std::io::Write;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// The most characters of a request target a log line quotes.
const TARGET_CHARS: usize = 300;

/// The largest answer read back to log a search's outcome.
const MAX_LOGGED_BODY: usize = 1 << 20;

struct StderrLogger;

impl log::Log for StderrLogger {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata.level() <= log::max_level()
    }

    fn log(&self, record: &log::Record<'_>) {
        if !self.enabled(record.metadata()) {
            return;
        }
        // Our lines only: hyper and tokio speak through `tracing`, not `log`.
        if !record.target().starts_with("bitgames") {
            return;
        }
        let line = format!("{} {} {}\n", utc_now(), record.level(), record.args());
        let _ = std::io::stderr().lock().write_all(line.as_bytes());
    }

    fn flush(&self) {}
}

/// Sends the `log` macros to stderr: info and up, or warnings only if `quiet`.
pub fn init(quiet: bool) {
    static LOGGER: StderrLogger = StderrLogger;
    if log::set_logger(&LOGGER).is_ok() {
        log::set_max_level(if quiet {
            log::LevelFilter::Warn
        } else {
            log::LevelFilter::Info
        });
    }
}

/// The time now, UTC, to the millisecond: `2026-11-22T17:48:03.120Z`.
fn utc_now() -> String {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let secs = now.as_secs();
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60,
        now.subsec_millis()
    )
}

/// `text`, cut to `max` characters with an ellipsis.
fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((at, _)) => format!("{}…", &text[..at]),
    }
}

/// Middleware: one info line a request, and one more for a search.
pub async fn requests(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let target = cut(
        request.uri().path_and_query().map_or("/", |p| p.as_str()),
        TARGET_CHARS,
    );
    let response = next.run(request).await;
    let ms = started.elapsed().as_secs_f64() * 1e3;
    log::info!("{method} {target} {} {ms:.1}ms", response.status().as_u16());
    if target.starts_with("/api/") && is_json(&response) {
        return log_search(&target, response).await;
    }
    response
}

fn is_json(response: &Response) -> bool {
    response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

/// Logs the outcome of a search (an answer with a `budget_ms`), and hands
/// the answer on unchanged.
async fn log_search(target: &str, response: Response) -> Response {
    let (parts, body) = response.into_parts();
    let bytes = match axum::body::to_bytes(body, MAX_LOGGED_BODY).await {
        Ok(bytes) => bytes,
        Err(e) => {
            log::warn!("{target}: cannot read the answer back for the log: {e}");
            return Response::from_parts(parts, Body::empty());
        }
    };
    if let Ok(answer) = serde_json::from_slice::<Value>(&bytes)
        && let Some(budget) = answer.get("budget_ms").and_then(Value::as_u64)
    {
        log::info!("search {target}: budget {budget} ms: {}", outcome(&answer));
    }
    Response::from_parts(parts, Body::from(bytes))
}

/// A search's outcome in words: its best move and score, or its error.
fn outcome(answer: &Value) -> String {
    let text = |key: &str| match answer.get(key) {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(v) => Some(v.to_string()),
    };
    if let Some(error) = text("error") {
        let fallback = text("fallback").map_or(String::new(), |f| format!(", fallback {f}"));
        return format!("error: {error}{fallback}");
    }
    let mut words = Vec::new();
    if let Some(best) = text("best") {
        words.push(format!("best {best}"));
    }
    if let Some(score) = text("score") {
        match text("score_text") {
            Some(t) => words.push(format!("score {score} ({t})")),
            None => words.push(format!("score {score}")),
        }
    }
    if let Some(depth) = text("depth") {
        words.push(format!("depth {depth}"));
    }
    if let Some(ms) = text("time_ms") {
        words.push(format!("{ms} ms"));
    }
    if words.is_empty() {
        "answered".to_string()
    } else {
        words.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_is_utc_to_the_millisecond() {
        let t = utc_now();
        assert_eq!(t.len(), "2026-11-22T17:48:03.120Z".len(), "{t}");
        assert!(t.starts_with("20") && t.ends_with('Z'), "{t}");
        assert_eq!(&t[10..11], "T");
    }

    #[test]
    fn outcomes_name_the_move_the_score_or_the_error() {
        let answer = serde_json::json!({"best": "B3>B4^A3", "score": -5, "score_text": "-5",
            "depth": 6, "time_ms": 12, "budget_ms": 1000});
        assert_eq!(
            outcome(&answer),
            "best B3>B4^A3, score -5 (-5), depth 6, 12 ms"
        );
        let answer = serde_json::json!({"error": "analysis timed out after 5 ms", "fallback": 4});
        assert_eq!(
            outcome(&answer),
            "error: analysis timed out after 5 ms, fallback 4"
        );
        assert_eq!(cut("abcdef", 3), "abc…");
        assert_eq!(cut("abc", 3), "abc");
    }
}
