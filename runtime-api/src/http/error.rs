//! One error type for every handler. Each variant maps to a status and the JSON error body of
//! `site::content::ContentError`; internal causes are logged, never sent to the client.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use schemars::JsonSchema;
use serde::Serialize;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The Host header names no site we serve.
    #[error("unknown site for host {0:?}")]
    UnknownSite(String),
    /// A query or path value we cannot use; the message says which and why.
    #[error("{0}")]
    BadRequest(String),
    /// No such item for this site and language.
    #[error("{kind} {slug:?} not found")]
    NotFound { kind: &'static str, slug: String },
    /// The item existed and is gone for good (spec §8: a show answering 410).
    #[error("{kind} {slug:?} is gone")]
    Gone { kind: &'static str, slug: String },
    /// No valid bearer token: absent, malformed, expired, wrong issuer… (spec §5).
    #[error("{message}")]
    Unauthorized { code: &'static str, message: String },
    /// A valid client asking for someone else's data.
    #[error("{0}")]
    Forbidden(String),
    /// The favourite list is full (spec §4): the islands show the limit in their alert.
    #[error("favourite cinemas limit of {limit} reached")]
    LimitReached { limit: usize },
    /// Too many look-ups from one address (vouchers, gift cards).
    #[error("too many requests, retry in {retry_after} s")]
    TooManyRequests { retry_after: u64 },
    /// The captcha response is missing or refused.
    #[error("{0}")]
    Captcha(String),
    /// A dependency (database, identity provider) is not answering.
    #[error("{0}")]
    Unavailable(String),
    /// Too many requests in progress: this one is answered at once rather than late.
    #[error("the server is busy: retry in a second")]
    Overloaded,
    #[error("internal error")]
    Internal(#[from] anyhow::Error),
}

/// The body of every error answer.
// `Error` in the OpenAPI document (`components/schemas`).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "Error")]
pub struct ErrorBody<'a> {
    /// A code for programs: `not_found`, `bad_request`, `token_expired`…
    error: &'a str,
    /// What went wrong, for people.
    message: String,
    /// The favourite-list limit, with `limit_reached`.
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<usize>,
}

impl ApiError {
    pub fn not_found(kind: &'static str, slug: impl Into<String>) -> Self {
        ApiError::NotFound {
            kind,
            slug: slug.into(),
        }
    }

    fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            ApiError::UnknownSite(_) => (StatusCode::BAD_REQUEST, "unknown_site"),
            ApiError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            ApiError::NotFound { .. } => (StatusCode::NOT_FOUND, "not_found"),
            ApiError::Gone { .. } => (StatusCode::GONE, "gone"),
            ApiError::Unauthorized { code, .. } => (StatusCode::UNAUTHORIZED, code),
            ApiError::Forbidden(_) => (StatusCode::FORBIDDEN, "forbidden"),
            ApiError::LimitReached { .. } => (StatusCode::CONFLICT, "limit_reached"),
            ApiError::TooManyRequests { .. } => {
                (StatusCode::TOO_MANY_REQUESTS, "too_many_requests")
            }
            ApiError::Captcha(_) => (StatusCode::BAD_REQUEST, "captcha_invalid"),
            ApiError::Unavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
            ApiError::Overloaded => (StatusCode::SERVICE_UNAVAILABLE, "overloaded"),
            ApiError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code) = self.status_and_code();
        if let ApiError::Internal(cause) = &self {
            tracing::error!(error = ?cause, "internal error");
        }
        let limit = match &self {
            ApiError::LimitReached { limit } => Some(*limit),
            _ => None,
        };
        let body = ErrorBody {
            error: code,
            message: self.to_string(),
            limit,
        };
        let mut response = (status, Json(body)).into_response();
        match &self {
            ApiError::Unauthorized { .. } => {
                response.headers_mut().insert(
                    axum::http::header::WWW_AUTHENTICATE,
                    axum::http::HeaderValue::from_static("Bearer"),
                );
            }
            ApiError::TooManyRequests { retry_after } => {
                response.headers_mut().insert(
                    axum::http::header::RETRY_AFTER,
                    axum::http::HeaderValue::from(*retry_after),
                );
            }
            _ => {}
        }
        response
    }
}

/// Store errors as API errors, so handlers write `?`: the limit keeps its number, bad input is a
/// 400, the rest a 503 (the database is the dependency that failed) without its details.
impl From<client_store::StoreError> for ApiError {
    fn from(error: client_store::StoreError) -> Self {
        use client_store::StoreError;
        match error {
            StoreError::LimitReached { limit } => ApiError::LimitReached { limit },
            StoreError::Invalid(message) => ApiError::BadRequest(message),
            StoreError::NotFound => ApiError::not_found("client", ""),
            StoreError::Backend(message) => {
                tracing::error!(%message, "client store failed");
                ApiError::Unavailable("the client store is unavailable".into())
            }
        }
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

/// Errors axum answers by itself (a query string it cannot read, an invalid path, an unknown
/// route, a body too large) come as plain text; API clients get the same JSON shape as for
/// ours.
/// An error answer with the JSON error body (a success, or JSON already, passes as it is).
pub async fn as_json_error(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 64 * 1024)
        .await
        .unwrap_or_default();
    let message = String::from_utf8_lossy(&text).trim().to_string();
    let code = match status {
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::PAYLOAD_TOO_LARGE => "payload_too_large",
        StatusCode::REQUEST_TIMEOUT | StatusCode::SERVICE_UNAVAILABLE => "timeout",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
        StatusCode::UNPROCESSABLE_ENTITY => "invalid_body",
        s if s.is_server_error() => "internal",
        _ => "bad_request",
    };
    let message = if message.is_empty() {
        status.canonical_reason().unwrap_or("error").to_string()
    } else {
        message
    };
    let mut response = (
        status,
        Json(ErrorBody {
            error: code,
            message,
            limit: None,
        }),
    )
        .into_response();
    for (name, value) in parts.headers.iter() {
        if name == axum::http::header::ALLOW {
            response.headers_mut().insert(name.clone(), value.clone());
        }
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use client_store::StoreError;
    use serde_json::{json, Value};

    async fn answer(error: StoreError) -> (StatusCode, Value) {
        let response = ApiError::from(error).into_response();
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), 64 * 1024)
            .await
            .expect("a body");
        (status, serde_json::from_slice(&body).expect("a JSON body"))
    }

    /// The limit keeps its number, bad input is a 400, a missing client a 404, and a failing
    /// database a 503 that says nothing of the failure.
    #[tokio::test]
    async fn store_errors_answer_with_their_status_and_body() {
        let cases = [
            (
                StoreError::LimitReached { limit: 3 },
                StatusCode::CONFLICT,
                json!({"error": "limit_reached", "message": "favourite cinemas limit of 3 reached", "limit": 3}),
            ),
            (
                StoreError::Invalid("email is too long".into()),
                StatusCode::BAD_REQUEST,
                json!({"error": "bad_request", "message": "email is too long"}),
            ),
            (
                StoreError::NotFound,
                StatusCode::NOT_FOUND,
                json!({"error": "not_found", "message": "client \"\" not found"}),
            ),
            (
                StoreError::Backend("connection refused by db.internal:5432".into()),
                StatusCode::SERVICE_UNAVAILABLE,
                json!({"error": "unavailable", "message": "the client store is unavailable"}),
            ),
        ];
        for (error, status, body) in cases {
            assert_eq!(answer(error).await, (status, body));
        }
    }
}
