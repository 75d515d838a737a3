//! Health probes: `/healthz` (the process answers, and which clock it runs on) and `/readyz`
//! (the server can serve, its client store included).

use crate::state::AppState;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// Liveness: the process answers; with the API's clock (`--now`, `--clock-offset`):
/// `{"status":"ok","clock":{"mode":"system"|"fixed"|"offset","now":…,"offset":…,"offsetSeconds":…}}`.
pub async fn healthz(State(app): State<AppState>) -> Response {
    let body = serde_json::json!({"status": "ok", "clock": app.clock.report()});
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body.to_string(),
    )
        .into_response()
}

/// Readiness: content and search are loaded (they are before the server listens) and the
/// client store answers.
pub async fn readyz(State(app): State<AppState>) -> Response {
    let Ok(live) = app.live() else {
        return (
            [(header::CONTENT_TYPE, "application/json")],
            "{\"status\":\"ready\",\"live\":false}",
        )
            .into_response();
    };
    match live.store.client("readiness-probe").await {
        Ok(_) => (
            [(header::CONTENT_TYPE, "application/json")],
            "{\"status\":\"ready\"}",
        )
            .into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "not ready: the client store does not answer");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                [(header::CONTENT_TYPE, "application/json")],
                "{\"status\":\"unavailable\",\"reason\":\"client store\"}",
            )
                .into_response()
        }
    }
}
