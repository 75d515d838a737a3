//! Shared fixture of the runtime API tests: the demo snapshot of 2026-11-22, the real router
//! with a fixed clock at 2026-11-22T12:00:00Z, and small helpers to send requests through it
//! with `tower::ServiceExt::oneshot`.

#![allow(dead_code)]

use axum::body::{to_bytes, Body, Bytes};
use axum::http::{header, HeaderMap, Method, Request, StatusCode};
use axum::Router;
use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use demo_content::{DemoOptions, DEFAULT_SEED};
use runtime_api::clock::Clock;
use runtime_api::locales::Locales;
use runtime_api::router::app;
use runtime_api::state::AppState;
use serde_json::Value;
use site::brand::Brand;
use site::snapshot::{LocaleContent, SiteContent, Snapshot};
use site::{Lang, Site};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;
use tower::ServiceExt;

pub const BRAND_JSON: &str = include_str!("../../../config/brand.json");
pub const LOCALES_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../locales");

/// Bodies larger than this are a test failure rather than a hang.
const MAX_TEST_BODY: usize = 256 * 1024 * 1024;

pub fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 22).expect("valid date")
}

/// The instant the fixed clock gives every request.
pub fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0)
        .single()
        .expect("valid instant")
}

pub struct Fixture {
    pub router: Router,
    /// The snapshot the router serves, to pick real items and compare against.
    pub snapshot: Snapshot,
    /// Root of the generated sites the preview serves (`out/{site}/…`).
    pub out: PathBuf,
}

pub static FIXTURE: LazyLock<Fixture> = LazyLock::new(build);

fn build() -> Fixture {
    let brand = Brand::from_json(BRAND_JSON).expect("config/brand.json parses");
    let options = DemoOptions {
        seed: DEFAULT_SEED,
        scale: 1,
        today: today(),
    };
    let demo = demo_content::generate(&options, &brand);
    let locales = Locales::load(Path::new(LOCALES_DIR)).expect("locales load");
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("runtime-api-content-api");
    let out = root.join("out");
    let media = root.join("media");
    write_preview_fixture(&root, &out, &media);
    let state = AppState::new(
        demo.snapshot.clone(),
        brand,
        locales,
        out.clone(),
        media,
        Clock::Fixed(now()),
    )
    .with_preview();
    Fixture {
        router: app(state),
        snapshot: demo.snapshot,
        out,
    }
}

/// A tiny generated site for the preview tests, and a file next to it (outside `out/`) that
/// must never be reachable. Written atomically: other test processes may read it meanwhile.
fn write_preview_fixture(root: &Path, out: &Path, media: &Path) {
    let files: [(PathBuf, &str); 5] = [
        (
            out.join("fr/index.html"),
            "<!doctype html><title>Accueil</title><h1>Lumen FR home</h1>",
        ),
        (
            out.join("fr/cinemas.html"),
            "<!doctype html><title>Cinémas</title><h1>Lumen FR cinemas</h1>",
        ),
        (
            out.join("fr/404.html"),
            "<!doctype html><title>Introuvable</title><h1>Lumen FR not found</h1>",
        ),
        (
            media.join("posters/probe.svg"),
            "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        ),
        (root.join("secret.txt"), "TOP-SECRET-OUTSIDE-OUT"),
    ];
    for (path, text) in files {
        std::fs::create_dir_all(path.parent().expect("has a parent"))
            .expect("create fixture folder");
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        std::fs::write(&tmp, text).expect("write fixture file");
        std::fs::rename(&tmp, &path).expect("move fixture file into place");
    }
}

pub fn snapshot() -> &'static Snapshot {
    &FIXTURE.snapshot
}

pub fn site_content(site: Site) -> &'static SiteContent {
    snapshot()
        .site(site)
        .expect("every site is in the snapshot")
}

pub fn locale(site: Site, lang: Lang) -> &'static LocaleContent {
    snapshot()
        .locale(site, lang)
        .expect("every site has each of its languages")
}

/// What came back from the router.
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
    /// The request, for failure messages.
    pub what: String,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("{}: body is not JSON ({e}): {}", self.what, self.text()))
    }

    pub fn etag(&self) -> Option<&str> {
        self.header("etag")
    }

    /// `max-age` of Cache-Control, if any.
    pub fn max_age(&self) -> Option<u64> {
        self.header("cache-control")?
            .split(',')
            .find_map(|d| d.trim().strip_prefix("max-age="))
            .and_then(|v| v.parse().ok())
    }

    pub fn assert_status(&self, status: StatusCode) -> &Self {
        assert_eq!(
            self.status,
            status,
            "{}: unexpected status; body: {}",
            self.what,
            self.text()
        );
        self
    }
}

pub async fn send(request: Request<Body>) -> Reply {
    let what = format!(
        "{} {} (Host {:?})",
        request.method(),
        request.uri(),
        request.headers().get(header::HOST)
    );
    let response = FIXTURE
        .router
        .clone()
        .oneshot(request)
        .await
        .expect("the router is infallible");
    let (parts, body) = response.into_parts();
    let body = to_bytes(body, MAX_TEST_BODY).await.expect("readable body");
    Reply {
        status: parts.status,
        headers: parts.headers,
        body,
        what,
    }
}

pub fn request(
    method: Method,
    host: &str,
    uri: &str,
    headers: &[(&str, &str)],
    body: Body,
) -> Request<Body> {
    let mut builder = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::HOST, host);
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    builder.body(body).expect("valid request")
}

pub async fn get(host: &str, uri: &str) -> Reply {
    send(request(Method::GET, host, uri, &[], Body::empty())).await
}

pub async fn get_with(host: &str, uri: &str, headers: &[(&str, &str)]) -> Reply {
    send(request(Method::GET, host, uri, headers, Body::empty())).await
}

/// A content call that must succeed: 200, JSON, an ETag, and a Cache-Control.
pub async fn api(host: &str, uri: &str) -> Value {
    let reply = get(host, uri).await;
    reply.assert_status(StatusCode::OK);
    let content_type = reply.header("content-type").unwrap_or("");
    assert!(
        content_type.starts_with("application/json"),
        "{}: content-type {content_type:?}",
        reply.what
    );
    let etag = reply
        .etag()
        .unwrap_or_else(|| panic!("{}: a 200 GET must carry an ETag", reply.what));
    assert!(
        etag.starts_with('"') && etag.ends_with('"') && etag.len() > 2,
        "{}: malformed ETag {etag:?}",
        reply.what
    );
    assert!(
        reply.header("cache-control").is_some(),
        "{}: no Cache-Control",
        reply.what
    );
    reply.json()
}

/// A content call that must fail with `status` and the JSON error body `{"error": code, …}`.
pub async fn api_error(host: &str, uri: &str, status: StatusCode, code: &str) -> Value {
    let reply = get(host, uri).await;
    reply.assert_status(status);
    let body = reply.json();
    assert_eq!(
        body["error"], code,
        "{}: error code; body {body}",
        reply.what
    );
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{}: error message missing: {body}",
        reply.what
    );
    assert!(
        reply.etag().is_none(),
        "{}: an error answer must not carry an ETag",
        reply.what
    );
    body
}

/// The string at `key`, or a failure naming the value.
pub fn s<'a>(value: &'a Value, key: &str) -> &'a str {
    value[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key:?} is not a string in {value}"))
}

/// The array at `key` (or the value itself when `key` is empty).
pub fn arr<'a>(value: &'a Value, key: &str) -> &'a Vec<Value> {
    let v = if key.is_empty() { value } else { &value[key] };
    v.as_array()
        .unwrap_or_else(|| panic!("{key:?} is not an array in {}", truncate(value)))
}

pub fn obj<'a>(value: &'a Value, key: &str) -> &'a serde_json::Map<String, Value> {
    let v = if key.is_empty() { value } else { &value[key] };
    v.as_object()
        .unwrap_or_else(|| panic!("{key:?} is not an object in {}", truncate(value)))
}

pub fn slugs(list: &Value) -> Vec<String> {
    arr(list, "")
        .iter()
        .map(|x| s(x, "slug").to_string())
        .collect()
}

pub fn truncate(value: &Value) -> String {
    let text = value.to_string();
    if text.len() > 600 {
        format!(
            "{}…",
            &text[..text
                .char_indices()
                .nth(600)
                .map(|(i, _)| i)
                .unwrap_or(text.len())]
        )
    } else {
        text
    }
}

// ---------------------------------------------------------------------------------------
// Live calls: the same content with search, a real SQLite store in a fresh data directory,
// the dev identity provider and the dev captcha.

pub struct LiveFixture {
    pub router: Router,
    pub live: std::sync::Arc<runtime_api::state::Live>,
}

impl LiveFixture {
    /// The dev identity provider of a site (every site uses it in the default configuration).
    pub fn dev(&self, site: Site) -> &identity::DevIdentityProvider {
        self.live
            .providers
            .dev(site)
            .expect("the dev identity provider is on by default")
    }
}

/// Requests allowed per address and minute on the voucher and gift-card calls in tests.
pub const CARD_LOOKUPS_PER_MINUTE: u32 = 5;

pub static LIVE: LazyLock<LiveFixture> = LazyLock::new(build_live);

fn build_live() -> LiveFixture {
    let data_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("runtime-api-live-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data_dir);
    // The dev captcha (a fixed answer): these tests are about the calls; ALTCHA has its own.
    let captcha = runtime_api::config::CaptchaConfig {
        verifier: "dev".into(),
        ..Default::default()
    };
    let config = runtime_api::config::Config {
        data_dir,
        card_lookups_per_minute: CARD_LOOKUPS_PER_MINUTE,
        captcha,
        ..Default::default()
    };
    let brand = Brand::from_json(BRAND_JSON).expect("config/brand.json parses");
    let snapshot = snapshot().clone();
    // Started on a runtime of its own, on its own thread (tests already run inside one), and
    // kept for the whole test process: the store's connections live on it.
    let (for_start, brand_for_start, config_for_start) =
        (snapshot.clone(), brand.clone(), config.clone());
    let live = std::thread::spawn(move || {
        let runtime: &'static tokio::runtime::Runtime = Box::leak(Box::new(
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .enable_all()
                .build()
                .expect("a runtime"),
        ));
        runtime.block_on(runtime_api::state::Live::start(
            &config_for_start,
            &for_start,
            &brand_for_start,
        ))
    })
    .join()
    .expect("the start thread")
    .expect("live services start");
    let live = std::sync::Arc::new(live);
    let locales = Locales::load(Path::new(LOCALES_DIR)).expect("locales load");
    let state = AppState::new(
        snapshot,
        brand,
        locales,
        FIXTURE.out.clone(),
        PathBuf::from("media"),
        Clock::Fixed(now()),
    )
    .with_live(live.clone())
    .with_preview();
    LiveFixture {
        router: app(state),
        live,
    }
}

/// A bearer token of the dev identity provider for `email` on `site`, valid an hour.
pub fn token(site: Site, email: &str) -> String {
    LIVE.dev(site).issue_token(
        site,
        email,
        "Camille",
        "Durand",
        std::time::Duration::from_secs(3600),
    )
}

pub fn client_id(email: &str) -> String {
    identity::DevIdentityProvider::client_id(email)
}

pub async fn send_live(request: Request<Body>) -> Reply {
    let what = format!(
        "{} {} (Host {:?})",
        request.method(),
        request.uri(),
        request.headers().get(header::HOST)
    );
    let response = LIVE
        .router
        .clone()
        .oneshot(request)
        .await
        .expect("the router is infallible");
    let (parts, body) = response.into_parts();
    let body = to_bytes(body, MAX_TEST_BODY).await.expect("readable body");
    Reply {
        status: parts.status,
        headers: parts.headers,
        body,
        what,
    }
}

/// A live call with an optional bearer token and JSON body.
pub async fn call(
    method: Method,
    host: &str,
    uri: &str,
    bearer: Option<&str>,
    body: Option<Value>,
) -> Reply {
    let auth = bearer.map(|t| format!("Bearer {t}"));
    let mut headers: Vec<(&str, &str)> = Vec::new();
    if let Some(a) = auth.as_deref() {
        headers.push(("authorization", a));
    }
    if body.is_some() {
        headers.push(("content-type", "application/json"));
    }
    let body = body
        .map(|b| Body::from(b.to_string()))
        .unwrap_or_else(Body::empty);
    send_live(request(method, host, uri, &headers, body)).await
}
