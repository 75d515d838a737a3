//! Shared fixture of the generator's test suites (`tests/pages`, `tests/site_build`): the real
//! content API (the demo of 2026-11-22 at scale 1, a fixed clock) served over HTTP on a free
//! local port, one full build of all 8 sites shared by the tests, a small blocking client for
//! the API, the generated files read back ([`files`]), the pages read with an HTML5 parser
//! ([`html`]), what the build must contain ([`model`]), raw HTTP ([`http`]) and builds of a
//! modified demo snapshot ([`modified`]).

// Each suite uses a part of the fixture.
#![allow(dead_code, unused_imports)]

pub mod files;
pub mod html;
pub mod http;
pub mod model;
pub mod modified;

pub use files::*;
pub use html::*;
pub use http::*;
pub use model::*;
pub use modified::*;

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use demo_content::{DemoOptions, DEFAULT_SEED};
use generator::BuildOptions;
use runtime_api::clock::Clock;
use runtime_api::locales::Locales;
use runtime_api::{router::app, state::AppState};
use serde_json::Value;
use site::brand::Brand;
use site::routes::RouteTable;
use site::{Lang, Site};
use std::collections::{BTreeMap, BTreeSet};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;
use std::time::{Duration, Instant};

pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Failure messages list at most this many offending files or URLs.
pub const SHOW_AT_MOST: usize = 20;

pub fn root() -> PathBuf {
    PathBuf::from(ROOT)
}

pub fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 22).expect("valid date")
}

/// The instant the test API's clock and every test build read: noon of the demo's first day.
/// Builds made as of the wall clock would differ as its showtimes pass (a targeted build
/// compared with a full one a minute later, say).
pub fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0)
        .single()
        .expect("valid instant")
}

pub fn brand() -> Brand {
    let text =
        std::fs::read_to_string(root().join("config/brand.json")).expect("config/brand.json");
    Brand::from_json(&text).expect("config/brand.json parses")
}

pub static TABLE: LazyLock<RouteTable> = LazyLock::new(|| RouteTable::new(&brand().slug));

/// A folder of this test binary under the target's temporary folder, emptied first.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("generator-site-build")
        .join(name);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).unwrap_or_else(|e| panic!("emptying {}: {e}", dir.display()));
    }
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
    dir
}

/// Serves `router` on 127.0.0.1 (free port) from a background thread with its own runtime.
pub fn serve(router: axum::Router) -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a tokio runtime");
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("bind 127.0.0.1:0");
            tx.send(listener.local_addr().expect("local address"))
                .expect("the test waits for the address");
            axum::serve(listener, router).await.expect("serving");
        });
    });
    rx.recv_timeout(Duration::from_secs(30))
        .expect("the server started")
}

/// The real content API over the demo content.
pub struct Api {
    pub base: String,
    /// Paths (relative to the media folder) of every demo image: `/media/{key}`.
    pub media: BTreeSet<String>,
    /// The folder the API's local preview serves (`{out}/{site}/…` by Host): a build written
    /// here is served at `{base}` with the production domain as Host.
    pub out: PathBuf,
}

pub static API: LazyLock<Api> = LazyLock::new(|| {
    let brand = brand();
    let demo = demo_content::generate(
        &DemoOptions {
            seed: DEFAULT_SEED,
            scale: 1,
            today: today(),
        },
        &brand,
    );
    let locales = Locales::load(&root().join("locales")).expect("locales load");
    let dir = scratch("api");
    let state = AppState::new(
        demo.snapshot,
        brand,
        locales,
        dir.join("out"),
        dir.join("media"),
        Clock::Fixed(now()),
    )
    .with_preview();
    let addr = serve(app(state));
    Api {
        base: format!("http://{addr}"),
        media: demo.media.into_keys().collect(),
        out: dir.join("out"),
    }
});

pub fn options(api: &str, out: &Path) -> BuildOptions {
    BuildOptions {
        api: api.to_string(),
        out: out.to_path_buf(),
        sites: Vec::new(),
        langs: Vec::new(),
        templates: root().join("templates"),
        locales: root().join("locales"),
        brand: root().join("config/brand.json"),
        islands: islands_dir(),
        no_fetch_cache: false,
        // Pre-compression is most of a build's CPU (brotli and gzip of every page) and the
        // tests read the pages themselves: the small build nginx serves (pages/serving.rs)
        // turns it on; `Output`'s own tests cover the siblings' rules.
        no_precompress: true,
        lock_wait: 300,
        textfile: None,
        changed: Vec::new(),
        now: Some(now()),
    }
}

/// The islands' bundle when it was built (scripts/test bundles them first), else `none`.
pub fn islands_dir() -> PathBuf {
    let dist = root().join("islands/dist");
    if dist.join("manifest.json").is_file() {
        dist
    } else {
        eprintln!("islands/dist/manifest.json is missing: building pages without islands (node islands/build.mjs)");
        PathBuf::from("none")
    }
}

/// The one full build (all sites, all languages) the read-only tests share.
pub struct Build {
    pub out: PathBuf,
    pub report: generator::build::Report,
    pub seconds: f64,
}

pub static BUILD: LazyLock<Build> = LazyLock::new(|| {
    let out = scratch("full").join("out");
    let started = Instant::now();
    let report = generator::build(&options(&API.base, &out))
        .unwrap_or_else(|e| panic!("the full demo build failed: {e:#}"));
    Build {
        out,
        report,
        seconds: started.elapsed().as_secs_f64(),
    }
});

// ---------------------------------------------------------------------------------------
// The content API, read the way the generator reads it.

/// One runtime and one connection pool for every API call of the tests.
pub(crate) static CLIENT: LazyLock<(tokio::runtime::Runtime, reqwest::Client)> =
    LazyLock::new(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a tokio runtime");
        (runtime, reqwest::Client::new())
    });

/// GET `/api{path}` for a site (Host `{site}.localhost`) and language: status and JSON body
/// (`Null` when the body is not JSON).
pub fn api_get(site: Site, lang: Option<Lang>, path: &str) -> (u16, Value) {
    let mut url = format!("{}/api{path}", API.base);
    if let Some(lang) = lang {
        url.push(if path.contains('?') { '&' } else { '?' });
        url.push_str(&format!("language={}", lang.code()));
    }
    let (runtime, client) = &*CLIENT;
    runtime.block_on(async {
        let response = client
            .get(&url)
            .header(reqwest::header::HOST, format!("{}.localhost", site.code()))
            .send()
            .await
            .unwrap_or_else(|e| panic!("GET {url}: {e}"));
        let status = response.status().as_u16();
        let body = response
            .bytes()
            .await
            .unwrap_or_else(|e| panic!("GET {url}: body: {e}"));
        (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
    })
}

/// A call that must answer 200.
pub fn api_json(site: Site, lang: Option<Lang>, path: &str) -> Value {
    let (status, value) = api_get(site, lang, path);
    assert_eq!(
        status, 200,
        "GET /api{path} on {site} ({lang:?}) answered {status}: {value}"
    );
    value
}

pub fn str_of<'a>(value: &'a Value, key: &str) -> Option<&'a str> {
    value.get(key).and_then(Value::as_str)
}

pub fn list<'a>(value: &'a Value, key: &str) -> &'a [Value] {
    let v = if key.is_empty() { value } else { &value[key] };
    v.as_array().map(Vec::as_slice).unwrap_or(&[])
}

/// Fails with the first [`SHOW_AT_MOST`] problems, and how many there were.
pub fn assert_none(what: &str, problems: &[String]) {
    if problems.is_empty() {
        return;
    }
    let shown: Vec<&str> = problems
        .iter()
        .take(SHOW_AT_MOST)
        .map(String::as_str)
        .collect();
    let more = if problems.len() > SHOW_AT_MOST {
        format!("\n  … and {} more", problems.len() - SHOW_AT_MOST)
    } else {
        String::new()
    };
    panic!(
        "{what}: {} problem(s)\n  {}{more}",
        problems.len(),
        shown.join("\n  ")
    );
}

/// A UI string of `locales/{lang}.json` by its dotted key (`schedule.status.full`).
pub fn ui_string(lang: Lang, key: &str) -> String {
    static LOCALES: LazyLock<std::sync::Mutex<BTreeMap<Lang, Value>>> =
        LazyLock::new(Default::default);
    let mut cache = LOCALES.lock().unwrap_or_else(|e| e.into_inner());
    let tree = cache.entry(lang).or_insert_with(|| {
        let path = root().join("locales").join(format!("{}.json", lang.code()));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    });
    let mut node = &*tree;
    for part in key.split('.') {
        node = &node[part];
    }
    node.as_str()
        .unwrap_or_else(|| panic!("no UI string {key:?} in locales/{}.json", lang.code()))
        .to_string()
}
