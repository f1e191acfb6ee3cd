//! The API's errors as axum answers: a status and `{"error": "..."}`.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bitgames_api::ApiError;
use serde_json::Value;

/// The `Retry-After` of a 503 (server busy, or a search out of memory).
pub const RETRY_AFTER_SECONDS: u32 = 2;

/// An [`ApiError`] that axum can send; a 503 with `Retry-After`.
#[derive(Debug)]
pub struct Failure(pub ApiError);

impl Failure {
    /// The same error with more fields in its body.
    pub fn with(self, extra: Value) -> Failure {
        Failure(self.0.with(extra))
    }
}

impl From<ApiError> for Failure {
    fn from(e: ApiError) -> Failure {
        Failure(e)
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let status =
            StatusCode::from_u16(self.0.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut answer = (status, Json(self.0.body())).into_response();
        if status == StatusCode::SERVICE_UNAVAILABLE {
            answer
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECONDS));
        }
        answer
    }
}
