//! One error type for every handler. Each variant maps to a status and the JSON error body of
//! `site::content::ContentError`; internal causes are logged, never sent to the client.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
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
    #[error("internal error")]
    Internal(#[from] anyhow::Error),
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    message: String,
}

impl ApiError {
    pub fn not_found(kind: &'static str, slug: impl Into<String>) -> Self {
        ApiError::NotFound { kind, slug: slug.into() }
    }

    fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            ApiError::UnknownSite(_) => (StatusCode::BAD_REQUEST, "unknown_site"),
            ApiError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            ApiError::NotFound { .. } => (StatusCode::NOT_FOUND, "not_found"),
            ApiError::Gone { .. } => (StatusCode::GONE, "gone"),
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
        let body = ErrorBody { error: code, message: self.to_string() };
        (status, Json(body)).into_response()
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
