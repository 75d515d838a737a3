//! `generator publish` against a real S3-compatible server: `s3s-fs` (an S3 server over a
//! folder), started in-process on loopback with signature checks on, so it can be stopped in
//! the middle of a publish and started again on the same data. Every request it receives is
//! logged (method, key), which gives the order of a publish. And the same steps to a
//! folder (`--to DIR`). The builds are made with the generator's own `Output` (pages, assets,
//! their pre-compressed siblings, the build's top-level files).

use generator::output::Output;
use generator::publish::{publish, PublishOptions, Step, CACHE_IMMUTABLE, CACHE_SHORT};
use rusty_s3::S3Action as _;
use sha2::Digest as _;
use std::collections::BTreeMap;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const KEY: &str = "test-access-key";
const SECRET: &str = "test-secret-key-0123456789";
const BUCKET: &str = "origin";
const PREFIX: &str = "live";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("generator-publish-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// A page big enough to get both siblings.
fn page(title: &str, css: &str) -> Vec<u8> {
    format!(
        "<!doctype html><html lang=fr><link rel=stylesheet href=/{css}><title>{title}</title>{}",
        format!("<p>{title}: séances, horaires et salles.</p>").repeat(40)
    )
    .into_bytes()
}

/// One build of two sites' worth of files into `out`, through the generator's `Output`.
fn build(out: &Path, css_version: &str, pages: &[(&str, &str)]) {
    let css = format!("fr/assets/site.{css_version}.css");
    let output = Output::begin(out).expect("output");
    let css_bytes = format!("body{{color:#{css_version}}}").repeat(60);
    output.write(&css, css_bytes.as_bytes()).unwrap();
    output
        .write("fr/robots.txt", b"User-agent: *\nAllow: /\n")
        .unwrap();
    output.write("fr/favicon.svg", b"<svg/>").unwrap();
    let rel_css = css.trim_start_matches("fr/");
    for (rel, title) in pages {
        output.write(rel, &page(title, rel_css)).unwrap();
    }
    output
        .write("nginx.conf", b"# top-level: never published\n")
        .unwrap();
    output.commit().expect("commit");
    std::fs::write(out.join("build-report.json"), b"{}").unwrap();
}

/// Every file of the build's site folders, by key.
fn build_files(out: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    for entry in walkdir::WalkDir::new(out) {
        let entry = entry.unwrap();
        let rel = entry
            .path()
            .strip_prefix(out)
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        if entry.file_type().is_file() && rel.contains('/') {
            files.insert(rel, std::fs::read(entry.path()).unwrap());
        }
    }
    files
}

#[derive(Clone, Debug)]
struct Logged {
    method: String,
    key: String,
}

#[derive(Default)]
struct State {
    log: Mutex<Vec<Logged>>,
    puts: AtomicUsize,
    /// Stop the server when this many PUTs have been answered (the next one is not).
    stop_after_puts: Option<usize>,
    stop: tokio::sync::Notify,
}

/// s3s-fs on 127.0.0.1:`port` over `root`, on a thread of its own; stopped when dropped or
/// after `stop_after_puts` uploads (its connections are then cut, as when a server dies).
struct Server {
    port: u16,
    state: Arc<State>,
    thread: Option<std::thread::JoinHandle<()>>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Server {
    fn start(root: &Path, port: u16, stop_after_puts: Option<usize>) -> Server {
        let state = Arc::new(State {
            stop_after_puts,
            ..State::default()
        });
        let fs = s3s_fs::FileSystem::new(root).expect("s3s-fs over the folder");
        let mut builder = s3s::service::S3ServiceBuilder::new(fs);
        builder.set_auth(s3s::auth::SimpleAuth::from_single(KEY, SECRET));
        let service = builder.build();
        let std_listener = std::net::TcpListener::bind(("127.0.0.1", port)).expect("a port");
        std_listener.set_nonblocking(true).unwrap();
        let port = std_listener.local_addr().unwrap().port();
        let (shutdown, mut shutdown_rx) = tokio::sync::oneshot::channel::<()>();
        let thread_state = state.clone();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(std_listener).unwrap();
                let mut connections = tokio::task::JoinSet::new();
                loop {
                    tokio::select! {
                        accepted = listener.accept() => {
                            let Ok((socket, _)) = accepted else { continue };
                            let service = Logging { inner: service.clone(), state: thread_state.clone() };
                            connections.spawn(async move {
                                let builder = hyper_util::server::conn::auto::Builder::new(
                                    hyper_util::rt::TokioExecutor::new(),
                                );
                                let _ = builder
                                    .serve_connection(hyper_util::rt::TokioIo::new(socket), service)
                                    .await;
                            });
                        }
                        _ = thread_state.stop.notified() => break,
                        _ = &mut shutdown_rx => break,
                    }
                }
                // Every connection cut at once, answers in flight lost.
                connections.abort_all();
                drop(listener);
            });
            runtime.shutdown_timeout(Duration::from_secs(1));
        });
        Server {
            port,
            state,
            thread: Some(thread),
            shutdown: Some(shutdown),
        }
    }

    fn log(&self) -> Vec<Logged> {
        self.state.log.lock().unwrap().clone()
    }

    fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.halt();
    }
}

#[derive(Clone)]
struct Logging {
    inner: s3s::service::S3Service,
    state: Arc<State>,
}

type Answer = Result<s3s::HttpResponse, s3s::HttpError>;

impl hyper::service::Service<hyper::Request<hyper::body::Incoming>> for Logging {
    type Response = s3s::HttpResponse;
    type Error = s3s::HttpError;
    type Future = Pin<Box<dyn Future<Output = Answer> + Send>>;

    fn call(&self, req: hyper::Request<hyper::body::Incoming>) -> Self::Future {
        let method = req.method().to_string();
        let path = req.uri().path().to_string();
        let key = path
            .strip_prefix(&format!("/{BUCKET}/"))
            .map(|k| {
                percent_encoding::percent_decode_str(k)
                    .decode_utf8_lossy()
                    .into_owned()
            })
            .unwrap_or_default();
        if method == "PUT" {
            let n = self.state.puts.fetch_add(1, Ordering::SeqCst);
            if self.state.stop_after_puts.is_some_and(|max| n >= max) {
                self.state.stop.notify_one();
                return Box::pin(std::future::pending());
            }
        }
        self.state.log.lock().unwrap().push(Logged { method, key });
        let service = self.inner.clone();
        Box::pin(async move { hyper::service::Service::call(&service, req).await })
    }
}

fn options(from: &Path, to: String) -> PublishOptions {
    PublishOptions {
        from: from.to_path_buf(),
        to,
        jobs: 4,
    }
}

fn set_env(port: u16) {
    std::env::set_var("AWS_ENDPOINT_URL", format!("http://127.0.0.1:{port}"));
    std::env::set_var("AWS_REGION", "us-east-1");
    std::env::set_var("AWS_ACCESS_KEY_ID", KEY);
    std::env::set_var("AWS_SECRET_ACCESS_KEY", SECRET);
    std::env::remove_var("AWS_SESSION_TOKEN");
    std::env::remove_var("AWS_ENDPOINT_URL_S3");
}

/// A signed GET of `key`: status, headers, body.
fn get(port: u16, key: &str) -> (u16, BTreeMap<String, String>, Vec<u8>) {
    let bucket = rusty_s3::Bucket::new(
        format!("http://127.0.0.1:{port}").parse().unwrap(),
        rusty_s3::UrlStyle::Path,
        BUCKET,
        "us-east-1",
    )
    .unwrap();
    let credentials = rusty_s3::Credentials::new(KEY, SECRET);
    let full = format!("{PREFIX}/{key}");
    let url = bucket
        .get_object(Some(&credentials), &full)
        .sign(Duration::from_secs(60));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let answer = reqwest::get(url).await.expect("GET");
        let status = answer.status().as_u16();
        let headers = answer
            .headers()
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_str().unwrap_or("").to_string()))
            .collect();
        (status, headers, answer.bytes().await.unwrap().to_vec())
    })
}

/// The bucket's objects under the prefix, read from the server's folder.
fn bucket_files(root: &Path) -> BTreeMap<String, Vec<u8>> {
    let base = root.join(BUCKET).join(PREFIX);
    let mut files = BTreeMap::new();
    if !base.exists() {
        return files;
    }
    for entry in walkdir::WalkDir::new(&base) {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy();
        if entry.file_type().is_file() && !name.starts_with(".tmp.") {
            let rel = entry
                .path()
                .strip_prefix(&base)
                .unwrap()
                .to_str()
                .unwrap()
                .to_string();
            files.insert(rel, std::fs::read(entry.path()).unwrap());
        }
    }
    files
}

fn puts(log: &[Logged]) -> Vec<String> {
    log.iter()
        .filter(|l| l.method == "PUT")
        .map(|l| l.key.trim_start_matches(&format!("{PREFIX}/")).to_string())
        .collect()
}

fn is_page(key: &str) -> bool {
    key.ends_with(".html") || key.ends_with(".html.gz") || key.ends_with(".html.br")
}

/// Assets, then pages, then removals, in the server's log.
fn assert_safe_order(log: &[Logged]) {
    let steps: Vec<u8> = log
        .iter()
        .filter_map(|l| match l.method.as_str() {
            "PUT" if is_page(&l.key) => Some(1),
            "PUT" => Some(0),
            "DELETE" => Some(2),
            _ => None,
        })
        .collect();
    let mut sorted = steps.clone();
    sorted.sort();
    assert_eq!(
        steps,
        sorted,
        "requests out of the safe order (0 asset, 1 page, 2 removal): {:?}",
        log.iter()
            .filter(|l| l.method != "GET" && l.method != "HEAD")
            .map(|l| format!("{} {}", l.method, l.key))
            .collect::<Vec<_>>()
    );
}

#[test]
fn publish_to_s3_sends_only_changes_in_a_safe_order_and_a_cut_off_run_is_completed() {
    let dir = scratch("s3");
    let root = dir.join("s3");
    std::fs::create_dir_all(root.join(BUCKET)).unwrap();
    let out = dir.join("out");
    let target = format!("s3://{BUCKET}/{PREFIX}");
    let v1_pages = [
        ("fr/index.html", "Accueil"),
        ("fr/fr/films/dune.html", "Dune"),
        ("fr/fr/films/alien.html", "Alien"),
        ("fr/sitemap.xml", "sitemap"),
    ];
    build(&out, "aa11", &v1_pages);
    let files = build_files(&out);
    assert!(
        files.contains_key("fr/fr/films/dune.html.gz")
            && files.contains_key("fr/fr/films/dune.html.br")
    );

    let server = Server::start(&root, 0, None);
    let port = server.port;
    set_env(port);

    // First publish: everything of the site folders, nothing of the top level.
    let report = publish(&options(&out, target.clone())).expect("first publish");
    assert_eq!(report.uploaded, files.len(), "{report:?}");
    assert_eq!(
        bucket_files(&root),
        files,
        "the bucket equals the build's site folders"
    );
    assert!(!bucket_files(&root).keys().any(|k| !k.contains('/')));
    assert_safe_order(&server.log());

    // Headers and metadata, read back with a GET.
    let (status, headers, body) = get(port, "fr/fr/films/dune.html.gz");
    assert_eq!(status, 200);
    assert_eq!(body, files["fr/fr/films/dune.html.gz"]);
    assert_eq!(headers["content-type"], "text/html; charset=utf-8");
    assert_eq!(headers["content-encoding"], "gzip");
    assert_eq!(headers["cache-control"], CACHE_SHORT);
    assert_eq!(
        headers["x-amz-meta-sha256"],
        format!("{:x}", sha2::Sha256::digest(&body))
    );
    let (_, headers, _) = get(port, "fr/assets/site.aa11.css.br");
    assert_eq!(headers["content-type"], "text/css; charset=utf-8");
    assert_eq!(headers["content-encoding"], "br");
    assert_eq!(headers["cache-control"], CACHE_IMMUTABLE);
    let (_, headers, _) = get(port, "fr/fr/films/alien.html");
    assert!(!headers.contains_key("content-encoding"));
    assert_eq!(headers["cache-control"], CACHE_SHORT);

    // Nothing changed: nothing sent.
    let before = server.log().len();
    let report = publish(&options(&out, target.clone())).expect("no-change publish");
    assert_eq!((report.uploaded, report.deleted), (0, 0), "{report:?}");
    assert_eq!(report.unchanged, files.len());
    assert!(puts(&server.log()[before..]).is_empty());

    // One page changed: it and its siblings only.
    let before = server.log().len();
    build(
        &out,
        "aa11",
        &[
            ("fr/index.html", "Accueil"),
            ("fr/fr/films/dune.html", "Dune, deuxième partie"),
            ("fr/fr/films/alien.html", "Alien"),
            ("fr/sitemap.xml", "sitemap"),
        ],
    );
    let report = publish(&options(&out, target.clone())).expect("one-page publish");
    let mut sent = puts(&server.log()[before..]);
    sent.sort();
    assert_eq!(
        sent,
        [
            "fr/fr/films/dune.html",
            "fr/fr/films/dune.html.br",
            "fr/fr/films/dune.html.gz"
        ]
    );
    assert_eq!(report.uploaded_pages, 3);

    // A removed page: deleted with its siblings, after the uploads.
    build(
        &out,
        "aa11",
        &[
            ("fr/index.html", "Accueil"),
            ("fr/fr/films/dune.html", "Dune, deuxième partie"),
            ("fr/sitemap.xml", "sitemap, sans Alien"),
        ],
    );
    let report = publish(&options(&out, target.clone())).expect("removal publish");
    assert_eq!(report.deleted, 3, "{report:?}");
    assert_eq!(bucket_files(&root), build_files(&out));
    let previous = bucket_files(&root);

    // A new stylesheet and every page: the server stops after 2 uploads.
    server.stop();
    let server = Server::start(&root, port, Some(2));
    build(
        &out,
        "bb22",
        &[
            ("fr/index.html", "Accueil v2"),
            ("fr/fr/films/dune.html", "Dune v2"),
            ("fr/fr/films/nosferatu.html", "Nosferatu"),
            ("fr/sitemap.xml", "sitemap v2"),
        ],
    );
    let files = build_files(&out);
    let err = publish(&options(&out, target.clone())).expect_err("a publish cut off half-way");
    let message = format!("{err:#}");
    eprintln!("the cut-off publish: {message}");
    let named = message
        .strip_prefix(&format!("publishing stopped at {PREFIX}/"))
        .and_then(|rest| rest.split(':').next())
        .unwrap_or_else(|| panic!("the failure names no object: {message}"));
    assert!(
        files.contains_key(named),
        "{named} is not a file of the build: {message}"
    );
    let log = server.log();
    assert!(
        puts(&log).iter().all(|k| !is_page(k)),
        "a page was sent before every asset: {:?}",
        puts(&log)
    );
    // The origin still serves the previous site: its pages untouched, their stylesheet there.
    let cut = bucket_files(&root);
    for (key, bytes) in previous.iter().filter(|(k, _)| is_page(k)) {
        assert_eq!(
            cut.get(key),
            Some(bytes),
            "{key} changed by the cut-off run"
        );
    }
    assert!(cut.contains_key("fr/assets/site.aa11.css"));
    drop(server);

    // Started again: the next run completes it, and the bucket equals the build.
    let server = Server::start(&root, port, None);
    let report = publish(&options(&out, target.clone())).expect("the completing publish");
    assert!(report.uploaded > 0 && report.deleted > 0, "{report:?}");
    assert_eq!(bucket_files(&root), files);
    assert_safe_order(&server.log());
    let report = publish(&options(&out, target)).expect("after completion");
    assert_eq!(report.uploaded + report.deleted, 0);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn publish_to_a_folder_has_the_same_semantics() {
    let dir = scratch("dir");
    let out = dir.join("out");
    let to = dir.join("origin");
    build(
        &out,
        "aa11",
        &[
            ("fr/index.html", "Accueil"),
            ("fr/fr/films/dune.html", "Dune"),
        ],
    );
    let target = to.to_str().unwrap().to_string();
    let report = publish(&options(&out, target.clone())).expect("first publish");
    assert_eq!(report.uploaded, build_files(&out).len());
    assert!(!to.join("nginx.conf").exists() && !to.join("build-report.json").exists());
    assert!(!to.join("build-manifest.json").exists());
    let order: Vec<Step> = report.steps.iter().map(|(s, _)| *s).collect();
    let mut sorted = order.clone();
    sorted.sort();
    assert_eq!(order, sorted);
    let report = publish(&options(&out, target.clone())).expect("no-change publish");
    assert_eq!((report.uploaded, report.deleted), (0, 0));
    build(&out, "bb22", &[("fr/index.html", "Accueil v2")]);
    let report = publish(&options(&out, target.clone())).expect("a changed build");
    let steps: Vec<Step> = report.steps.iter().map(|(s, _)| *s).collect();
    let mut sorted = steps.clone();
    sorted.sort();
    assert_eq!(steps, sorted, "{:?}", report.steps);
    assert!(report.deleted >= 3, "{report:?}");
    let mut published = BTreeMap::new();
    for entry in walkdir::WalkDir::new(&to) {
        let entry = entry.unwrap();
        if entry.file_type().is_file() {
            let rel = entry
                .path()
                .strip_prefix(&to)
                .unwrap()
                .to_str()
                .unwrap()
                .to_string();
            published.insert(rel, std::fs::read(entry.path()).unwrap());
        }
    }
    assert_eq!(published, build_files(&out));
    assert!(
        !to.join("fr/fr/films").exists(),
        "an emptied folder is removed"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
