//! The rebuild webhook (issue "Run it for real"): a CMS's signed call queues a targeted
//! rebuild, run as a real process with `--changed KEY` per key, one run at a time; a call with
//! a bad or missing signature, or naming something that is not a content key, runs nothing.

use crate::common::*;
use axum::body::Body;
use axum::http::{Method, StatusCode};
use hmac::{Hmac, Mac};
use runtime_api::clock::Clock;
use runtime_api::http::rebuild_hook::{RebuildHook, PATH, SIGNATURE_HEADER};
use runtime_api::locales::Locales;
use runtime_api::router::app;
use runtime_api::state::{AppState, ServiceOptions};
use sha2::Sha256;
use site::brand::Brand;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tower::ServiceExt;

const SECRET: &str = "a-test-secret-of-at-least-32-bytes-long";

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("rebuild-hook-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// The API with the hook on, running `script` under `sh` (its arguments: `--changed KEY`…).
fn api_with_hook(dir: &Path, script: &str) -> axum::Router {
    let hook = RebuildHook::start(
        SECRET,
        vec![
            "/bin/sh".into(),
            "-c".into(),
            script.into(),
            "rebuild".into(),
        ],
    )
    .expect("the hook starts");
    api(dir, Some(hook))
}

fn api(dir: &Path, rebuild_hook: Option<std::sync::Arc<RebuildHook>>) -> axum::Router {
    let state = AppState::new(
        snapshot().clone(),
        Brand::from_json(BRAND_JSON).expect("brand"),
        Locales::load(Path::new(LOCALES_DIR)).expect("locales"),
        dir.join("out"),
        dir.join("media"),
        Clock::Fixed(now()),
    )
    .with_options(ServiceOptions {
        rebuild_hook,
        ..ServiceOptions::default()
    });
    app(state)
}

fn sign(secret: &str, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key");
    mac.update(body);
    let bytes = mac.finalize().into_bytes();
    format!(
        "sha256={}",
        bytes.iter().map(|b| format!("{b:02x}")).collect::<String>()
    )
}

async fn post(
    router: &axum::Router,
    body: &str,
    signature: Option<String>,
) -> (StatusCode, String) {
    let headers: Vec<(&str, &str)> = signature
        .as_deref()
        .map(|s| vec![(SIGNATURE_HEADER, s), ("content-type", "application/json")])
        .unwrap_or_default();
    let request = request(
        Method::POST,
        "api.localhost",
        PATH,
        &headers,
        Body::from(body.to_string()),
    );
    let response = router.clone().oneshot(request).await.expect("infallible");
    let status = response.status();
    let body = axum::body::to_bytes(response.into_body(), 1 << 20)
        .await
        .expect("a body");
    (status, String::from_utf8_lossy(&body).into_owned())
}

fn lines(log: &Path) -> Vec<String> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(String::from)
        .collect()
}

async fn wait_for(log: &Path, ends: usize) -> Vec<String> {
    let started = Instant::now();
    loop {
        let lines = lines(log);
        if lines.iter().filter(|l| *l == "end").count() >= ends {
            return lines;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the rebuilds did not finish: {lines:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_call_without_the_right_signature_runs_nothing() {
    let dir = scratch("refused");
    let log = dir.join("runs.log");
    let router = api_with_hook(&dir, &format!("echo \"$*\" >> {}", log.display()));
    let body = r#"{"changed":["show/the-scouts"]}"#;
    let other = r#"{"changed":["show/another"]}"#;
    for (what, signature) in [
        ("no signature", None),
        (
            "another secret",
            Some(sign("not-the-secret-not-the-secret-xx", body.as_bytes())),
        ),
        ("another body's", Some(sign(SECRET, other.as_bytes()))),
        ("not hex", Some("sha256=zz".to_string())),
        (
            "no scheme",
            Some(sign(SECRET, body.as_bytes()).replace("sha256=", "")),
        ),
    ] {
        let (status, text) = post(&router, body, signature).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{what}: {text}");
        assert!(text.contains("bad_signature"), "{what}: {text}");
    }
    // Signed, but not content keys: refused before anything runs.
    for bad in [
        r#"{"changed":["film/x"]}"#,
        r#"{"changed":["show/../../etc/passwd"]}"#,
        r#"{"changed":["show/x --out /tmp/elsewhere"]}"#,
        r#"{"changed":[]}"#,
        r#"{"changes":["show/x"]}"#,
        "not json",
    ] {
        let (status, text) = post(&router, bad, Some(sign(SECRET, bad.as_bytes()))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {text}");
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        !log.exists(),
        "a refused call ran the rebuild: {:?}",
        lines(&log)
    );
}

#[tokio::test]
async fn signed_changes_rebuild_one_run_at_a_time() {
    let dir = scratch("queued");
    let log = dir.join("runs.log");
    let router = api_with_hook(
        &dir,
        &format!(
            "echo \"start $*\" >> {log}; sleep 0.5; echo end >> {log}",
            log = log.display()
        ),
    );
    let first = r#"{"changed":["show/the-scouts"]}"#;
    let (status, text) = post(&router, first, Some(sign(SECRET, first.as_bytes()))).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{text}");
    let answer: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(answer["queued"], serde_json::json!(["show/the-scouts"]));
    // While the first run goes, two more calls: gathered into one next run.
    tokio::time::sleep(Duration::from_millis(150)).await;
    for body in [
        r#"{"changed":["cinema/aix-en-provence"]}"#,
        r#"{"changed":["show/the-scouts","cinema/aix-en-provence"]}"#,
    ] {
        let (status, text) = post(&router, body, Some(sign(SECRET, body.as_bytes()))).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{text}");
    }
    let runs = wait_for(&log, 2).await;
    assert_eq!(
        runs,
        [
            "start --changed show/the-scouts",
            "end",
            "start --changed cinema/aix-en-provence --changed show/the-scouts",
            "end",
        ],
        "runs overlapped or were not gathered"
    );
    // Nothing more was queued.
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(lines(&log).len(), 4, "{:?}", lines(&log));
}

#[tokio::test]
async fn without_configuration_there_is_no_hook() {
    let router = api(&scratch("off"), None);
    let body = r#"{"changed":["show/the-scouts"]}"#;
    let (status, text) = post(&router, body, Some(sign(SECRET, body.as_bytes()))).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{text}");
}

#[tokio::test]
async fn a_short_secret_or_no_command_is_refused_at_start() {
    assert!(RebuildHook::start("short", vec!["/bin/true".into()]).is_err());
    assert!(RebuildHook::start(SECRET, Vec::new()).is_err());
}
