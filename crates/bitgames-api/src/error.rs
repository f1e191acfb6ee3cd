//! The API's errors: a status and a message, sent as `{"error": "..."}`.

use serde_json::{Value, json};
use std::collections::HashMap;

/// An error answer: 4xx for a bad request, 503 when the server is busy or a
/// solve ran out of time. `extra` fields (such as the board) may ride along.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status: 400, 404, 405, 500 or 503.
    pub status: u16,
    pub message: String,
    pub extra: Option<Value>,
}

impl ApiError {
    /// 400 Bad Request.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 400,
            message: message.into(),
            extra: None,
        }
    }

    /// 404 Not Found.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 404,
            message: message.into(),
            extra: None,
        }
    }

    /// 503 Service Unavailable.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 503,
            message: message.into(),
            extra: None,
        }
    }

    /// 500, for a solve thread that failed (never expected).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 500,
            message: message.into(),
            extra: None,
        }
    }

    /// The same error with more fields in its body.
    pub fn with(mut self, extra: Value) -> ApiError {
        self.extra = Some(extra);
        self
    }
}

impl ApiError {
    /// The answer's body: `{"error": message}` and the extra fields.
    #[must_use]
    pub fn body(self) -> Value {
        let mut body = json!({ "error": self.message });
        if let (Some(Value::Object(extra)), Value::Object(map)) = (self.extra, &mut body) {
            for (k, v) in extra {
                map.entry(k).or_insert(v);
            }
        }
        body
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message, self.status)
    }
}

impl std::error::Error for ApiError {}

/// The query parameters of a request.
pub type Params = HashMap<String, String>;

/// A required parameter.
pub fn required<'a>(params: &'a Params, name: &str) -> Result<&'a str, ApiError> {
    params
        .get(name)
        .map(String::as_str)
        .ok_or_else(|| ApiError::bad(format!("missing parameter `{name}`")))
}

/// An optional parameter, absent or empty as `None`.
pub fn optional<'a>(params: &'a Params, name: &str) -> Option<&'a str> {
    params
        .get(name)
        .map(String::as_str)
        .filter(|s| !s.trim().is_empty())
}

/// The moves of a `moves` parameter: separated by blanks, or by `;` when it
/// holds one (then a move may hold a blank, as Prometheus' `^C3 A1>B2^C4`;
/// split at blanks, the game joins those words again: `read_move_at`).
pub fn split_moves(text: &str) -> Vec<&str> {
    if text.contains(';') {
        text.split(';')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .collect()
    } else {
        text.split_whitespace().collect()
    }
}

/// A time budget in milliseconds: `default` when absent, `1..=max` otherwise.
pub fn time_ms(params: &Params, default: u64, max: u64) -> Result<u64, ApiError> {
    match optional(params, "time_ms") {
        None => Ok(default),
        Some(text) => match text.trim().parse::<u64>() {
            Ok(ms) if (1..=max).contains(&ms) => Ok(ms),
            _ => Err(ApiError::bad(format!(
                "time_ms `{}` is not a whole number of milliseconds in 1..{max}",
                bitgames::excerpt(text)
            ))),
        },
    }
}
