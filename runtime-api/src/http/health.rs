//! Health probes: `/healthz` (the process answers, and which clock it runs on) and `/readyz`
//! (the server can serve, writes to its client store included).

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
/// client store can take writes — a real write of its probe row, and for SQLite its file
/// still at its path ([`ClientStore::check_writes`]). 200 `{"status":"ready"}`, or 503
/// `{"status":"unavailable","failing":["store_file"|"store_write",…]}` (the reasons go to
/// the log, not to the caller). Costs one small upsert (one round trip and one commit)
/// per second at most, whatever the polling rate.
pub async fn readyz(State(app): State<AppState>) -> Response {
    let headers = [
        (header::CONTENT_TYPE, "application/json"),
        (header::CACHE_CONTROL, "no-store"),
    ];
    let Ok(live) = app.live() else {
        return (headers, "{\"status\":\"ready\",\"live\":false}").into_response();
    };
    let failing = live.readiness.check(live.store.as_ref()).await;
    if failing.is_empty() {
        return (headers, "{\"status\":\"ready\"}").into_response();
    }
    for part in &failing {
        tracing::warn!(part = part.part, reason = %part.reason, "not ready: the client store cannot take writes");
    }
    let parts: Vec<&str> = failing.iter().map(|f| f.part).collect();
    let body = serde_json::json!({"status": "unavailable", "failing": parts});
    (StatusCode::SERVICE_UNAVAILABLE, headers, body.to_string()).into_response()
}
