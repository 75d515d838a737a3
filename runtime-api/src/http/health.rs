//! Health probes: `/healthz` (the process answers, and which clock it runs on) and `/readyz`
//! (the server can serve, writes to its client store included).

use crate::state::AppState;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use client_store::{ClientStore, NotReady};
use std::time::{Duration, Instant};

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

/// How long a readiness answer is reused: a load balancer (or several) polling every second
/// or two, or anyone calling `/readyz` in a loop, costs the store at most one probe write per
/// this long. Concurrent calls wait for the one check in progress.
const KEEP: Duration = Duration::from_secs(1);
/// A store that takes longer to write the probe is not ready (its clients would time out).
const CHECK_TIMEOUT: Duration = Duration::from_secs(2);

/// The last readiness check of the client store, reused for [`KEEP`].
pub struct Readiness {
    /// Who writes the probe row: `{hostname}:{port}`, for whoever reads `write_probe`.
    by: String,
    last: tokio::sync::Mutex<Option<(Instant, Vec<NotReady>)>>,
}

impl Readiness {
    pub fn new(listen: std::net::SocketAddr) -> Readiness {
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .ok()
            .or_else(|| std::env::var("HOSTNAME").ok())
            .map(|h| h.trim().to_string())
            .filter(|h| !h.is_empty() && h.len() <= 200)
            .unwrap_or_else(|| "runtime-api".into());
        Readiness {
            by: format!("{host}:{}", listen.port()),
            last: Default::default(),
        }
    }

    /// The store's failing parts (empty when it can take writes), checked at most once per
    /// [`KEEP`]: a probe write, and SQLite's file still in place.
    pub async fn check(&self, store: &dyn ClientStore) -> Vec<NotReady> {
        let mut last = self.last.lock().await;
        if let Some((at, failing)) = last.as_ref() {
            if at.elapsed() < KEEP {
                return failing.clone();
            }
        }
        let failing = match tokio::time::timeout(CHECK_TIMEOUT, store.check_writes(&self.by)).await
        {
            Ok(failing) => failing,
            Err(_) => vec![NotReady {
                part: NotReady::WRITE,
                reason: format!("no answer within {} s", CHECK_TIMEOUT.as_secs()),
            }],
        };
        *last = Some((Instant::now(), failing.clone()));
        failing
    }
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
