//! The API's answers to a failed request: one status and one sentence as `{"error": ...}`, and
//! JSON bodies read with those answers. Used by every module that serves a route.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, Request};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::json;

/// An error answer: a status and one sentence.
#[derive(Debug)]
pub struct ApiError(pub(crate) StatusCode, pub(crate) String);

impl ApiError {
    pub(crate) fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError(status, message.into())
    }
    pub(crate) fn bad(message: impl Into<String>) -> ApiError {
        ApiError(StatusCode::BAD_REQUEST, message.into())
    }
    pub(crate) fn conflict(message: impl Into<String>) -> ApiError {
        ApiError(StatusCode::CONFLICT, message.into())
    }
    pub(crate) fn not_found(message: impl Into<String>) -> ApiError {
        ApiError(StatusCode::NOT_FOUND, message.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut res = (self.0, axum::Json(json!({ "error": self.1 }))).into_response();
        // When to try again: a busy moment, or a limit (the rate limiter sets its own wait).
        let retry = match self.0 {
            StatusCode::SERVICE_UNAVAILABLE => Some("2"),
            StatusCode::TOO_MANY_REQUESTS => Some("1"),
            _ => None,
        };
        if let Some(seconds) = retry {
            res.headers_mut().insert(
                header::RETRY_AFTER,
                header::HeaderValue::from_static(seconds),
            );
        }
        res
    }
}

impl From<crate::WebError> for ApiError {
    /// A busy database or a stopping server is a moment to wait (503); a game changed or deleted
    /// under the request is a conflict (409) or gone (404). What is left cannot come from a
    /// request: a broken database or data directory.
    fn from(e: crate::WebError) -> ApiError {
        use crate::WebError::*;
        let status = match e {
            Busy | Stopping => StatusCode::SERVICE_UNAVAILABLE,
            Conflict(_) => StatusCode::CONFLICT,
            NoGame(_) => StatusCode::NOT_FOUND,
            Data(_) | DataInUse { .. } | Database(_) | Bind { .. } | Serve(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        };
        ApiError(status, e.to_string())
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

/// A JSON body read with our own error answers (413 for an oversize body, 400 for bad JSON).
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e: BytesRejection| {
                if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        format!(
                            "the request body is larger than {} bytes",
                            crate::BODY_LIMIT
                        ),
                    )
                } else if timed_out(&e) {
                    ApiError(
                        StatusCode::REQUEST_TIMEOUT,
                        "the request body stopped arriving: nothing was changed".to_string(),
                    )
                } else {
                    ApiError::bad(format!("cannot read the request body: {e}"))
                }
            })?;
        let text = if bytes.is_empty() { &b"{}"[..] } else { &bytes };
        serde_json::from_slice(text)
            .map(ApiJson)
            .map_err(|e| ApiError::bad(format!("malformed JSON: {e}")))
    }
}

/// Whether reading a body failed on the server's body timeout (crate::connections).
fn timed_out(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(e);
    while let Some(err) = cause {
        if err.is::<tower_http::timeout::TimeoutError>() {
            return true;
        }
        cause = err.source();
    }
    false
}
