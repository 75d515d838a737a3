//! The rebuild webhook (issue "Run it for real", targeted regeneration): a CMS posts the
//! content it changed, `POST /hooks/content-changed` with `{"changed":["show/SLUG", …]}`,
//! signed with the shared secret (`X-Signature-256: sha256=<hex HMAC-SHA-256 of the body>`,
//! the form GitHub and most CMS webhooks use). The API answers 202 at once and runs the
//! configured rebuild command with `--changed KEY` for each key, one run at a time: keys that
//! arrive while a run is going are gathered, de-duplicated, and rebuilt together next.
//!
//! Off unless both the secret and the command are configured (`[rebuild_hook]`,
//! REBUILD_HOOK_SECRET, REBUILD_HOOK_COMMAND): the route then answers 404. The command is run
//! without a shell, its arguments exactly the configured ones plus the keys — which are read
//! with `site::changes::ContentKey`, so nothing a caller sends reaches it unchecked.
//! Showtime statuses never need it: the islands read them live.

use super::error::ApiError;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use site::changes::ContentKey;
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};
use tokio::sync::Notify;

pub const PATH: &str = "/hooks/content-changed";
pub const SIGNATURE_HEADER: &str = "x-signature-256";
/// Keys one call may name (a CMS sends what one save touched).
pub const MAX_KEYS: usize = 200;
/// Shorter secrets are refused at start: the signature is all that guards the rebuilds.
pub const MIN_SECRET_BYTES: usize = 32;

pub struct RebuildHook {
    secret: Vec<u8>,
    /// Keys waiting for the next run.
    pending: Mutex<BTreeSet<String>>,
    wake: Notify,
}

/// The secret never reaches a log.
impl std::fmt::Debug for RebuildHook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RebuildHook").finish_non_exhaustive()
    }
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Changes {
    changed: Vec<String>,
}

impl RebuildHook {
    /// Checks the secret and starts the one worker that runs `command` (program, then its
    /// arguments) for each batch of keys.
    pub fn start(secret: &str, command: Vec<String>) -> anyhow::Result<Arc<RebuildHook>> {
        if secret.len() < MIN_SECRET_BYTES {
            anyhow::bail!(
                "the rebuild hook's secret must be at least {MIN_SECRET_BYTES} bytes (REBUILD_HOOK_SECRET)"
            );
        }
        if command.is_empty() {
            anyhow::bail!("the rebuild hook has a secret but no command (REBUILD_HOOK_COMMAND)");
        }
        let hook = Arc::new(RebuildHook {
            secret: secret.as_bytes().to_vec(),
            pending: Mutex::new(BTreeSet::new()),
            wake: Notify::new(),
        });
        tokio::spawn(worker(hook.clone(), command));
        Ok(hook)
    }

    fn verify(&self, headers: &HeaderMap, body: &[u8]) -> bool {
        let Some(signature) = headers
            .get(SIGNATURE_HEADER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("sha256="))
            .and_then(decode_hex)
        else {
            return false;
        };
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.secret).expect("any key length");
        mac.update(body);
        // Constant time: the comparison says nothing of how close a guess was.
        mac.verify_slice(&signature).is_ok()
    }

    fn enqueue(&self, keys: &[ContentKey]) -> usize {
        let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
        pending.extend(keys.iter().map(ContentKey::text));
        let waiting = pending.len();
        drop(pending);
        // A permit is kept when the worker is busy: it runs again after the current run.
        self.wake.notify_one();
        waiting
    }
}

async fn worker(hook: Arc<RebuildHook>, command: Vec<String>) {
    loop {
        hook.wake.notified().await;
        loop {
            let keys: Vec<String> = {
                let mut pending = hook.pending.lock().unwrap_or_else(|e| e.into_inner());
                std::mem::take(&mut *pending).into_iter().collect()
            };
            if keys.is_empty() {
                break;
            }
            run(&command, &keys).await;
        }
    }
}

async fn run(command: &[String], keys: &[String]) {
    let started = std::time::Instant::now();
    let mut process = tokio::process::Command::new(&command[0]);
    process.args(&command[1..]);
    for key in keys {
        process.arg("--changed").arg(key);
    }
    tracing::info!(keys = %keys.join(" "), "rebuild started");
    match process.output().await {
        Ok(output) if output.status.success() => {
            tracing::info!(
                keys = %keys.join(" "),
                seconds = started.elapsed().as_secs_f64(),
                "rebuild done"
            );
        }
        Ok(output) => {
            let stderr = String::from_utf8_lossy(&output.stderr);
            let tail: String = stderr.lines().rev().take(5).collect::<Vec<_>>().join(" | ");
            tracing::error!(
                keys = %keys.join(" "),
                code = output.status.code(),
                stderr = %tail,
                "rebuild failed: the published site is the last good one"
            );
        }
        Err(err) => {
            tracing::error!(error = %err, program = %command[0], "rebuild command could not start");
        }
    }
}

fn decode_hex(text: &str) -> Option<Vec<u8>> {
    if text.len() != 64 {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

pub fn router<S: Clone + Send + Sync + 'static>(hook: Arc<RebuildHook>) -> Router<S> {
    Router::new().route(PATH, post(changed).with_state(hook))
}

async fn changed(
    State(hook): State<Arc<RebuildHook>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !hook.verify(&headers, &body) {
        return ApiError::Unauthorized {
            code: "bad_signature",
            message: format!("{SIGNATURE_HEADER} is missing or is not the body's HMAC-SHA-256"),
        }
        .into_response();
    }
    let changes: Changes = match serde_json::from_slice(&body) {
        Ok(changes) => changes,
        Err(err) => {
            return ApiError::BadRequest(format!(
                "expected {{\"changed\":[\"kind/slug\",…]}}: {err}"
            ))
            .into_response()
        }
    };
    if changes.changed.is_empty() || changes.changed.len() > MAX_KEYS {
        return ApiError::BadRequest(format!("name 1 to {MAX_KEYS} changed items")).into_response();
    }
    let keys: Result<Vec<ContentKey>, String> = changes
        .changed
        .iter()
        .map(|k| ContentKey::parse(k))
        .collect();
    let keys = match keys {
        Ok(keys) => keys,
        Err(message) => return ApiError::BadRequest(message).into_response(),
    };
    let waiting = hook.enqueue(&keys);
    (
        StatusCode::ACCEPTED,
        Json(serde_json::json!({
            "queued": keys.iter().map(ContentKey::text).collect::<Vec<_>>(),
            "waiting": waiting,
        })),
    )
        .into_response()
}
