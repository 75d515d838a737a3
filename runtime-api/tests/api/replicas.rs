//! Several `runtime-api` processes on one store, as behind a load balancer: two real server
//! processes on one PostgreSQL database share a client's favourites, and the favourite limit
//! holds when both are written to at once. `/readyz` turns 503 (naming what fails) when the
//! store cannot keep writes — PostgreSQL turned read-only, SQLite's file deleted under the
//! running server — and 200 again when it can. `/metrics` adds the store's latency and
//! errors, the live cache's hits and the process's figures.
//!
//! Sign-in: replica A serves the dev identity provider; replica B is configured with A's
//! issuer (`IDENTITY_ISSUER`) and reads its discovery document and keys over HTTP, as replicas
//! share one real provider in production. The test signs its tokens with A's key.
//!
//! PostgreSQL: `TEST_DATABASE_URL` (default postgres://postgres:postgres@127.0.0.1:5432/postgres,
//! as scripts/test sets it); each test makes its own database. A server that does not answer
//! fails the test (with CI=true always; elsewhere unless SKIP_POSTGRES=1).

use chrono::Utc;
use client_store::postgres::ScratchDatabase;
use demo_content::{DemoOptions, DEFAULT_SEED};
use serde_json::Value;
use site::brand::Brand;
use site::{Lang, Site};
use sqlx::Connection;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::LazyLock;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_runtime-api");
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
const DEFAULT_DATABASE_URL: &str = "postgres://postgres:postgres@127.0.0.1:5432/postgres";
const FR: &str = "fr.localhost";
/// The French site's favourite limit (spec §6).
const FR_LIMIT: usize = 5;

fn tmp() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("runtime-api-replicas")
}

/// Today's demo snapshot, written once; and the French cinemas' slugs.
static SNAPSHOT: LazyLock<(PathBuf, Vec<String>)> = LazyLock::new(|| {
    let brand =
        Brand::from_json(&std::fs::read_to_string(format!("{ROOT}/config/brand.json")).unwrap())
            .expect("config/brand.json parses");
    let options = DemoOptions {
        seed: DEFAULT_SEED,
        scale: 1,
        today: Utc::now().date_naive(),
    };
    let snapshot = demo_content::generate(&options, &brand).snapshot;
    let cinemas = snapshot
        .locale(Site::Fr, Lang::Fr)
        .expect("the French site in French")
        .cinemas
        .iter()
        .map(|c| c.cinema.slug.clone())
        .collect();
    std::fs::create_dir_all(tmp()).unwrap();
    let path = tmp().join("snapshot.json");
    let partial = tmp().join(format!("snapshot.json.{}", std::process::id()));
    std::fs::write(&partial, snapshot.to_vec()).unwrap();
    std::fs::rename(&partial, &path).unwrap();
    (path, cinemas)
});

fn cinemas() -> &'static [String] {
    &SNAPSHOT.1
}

/// A `runtime-api serve` process on a free loopback port, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
    log: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    fn issuer(&self) -> String {
        format!("http://{FR}:{}/identity", self.port)
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// Starts a server with its data in `data_dir` and `env` on top (DATABASE_URL,
/// IDENTITY_ISSUER), and waits for `/healthz`.
async fn start(name: &str, data_dir: &Path, env: &[(&str, String)]) -> Server {
    let port = free_port();
    let dir = tmp().join(name);
    std::fs::create_dir_all(dir.join("out")).unwrap();
    let log = dir.join(format!("server-{port}.log"));
    let mut cmd = Command::new(BIN);
    cmd.arg("serve")
        .arg("--snapshot")
        .arg(&SNAPSHOT.0)
        .arg("--addr")
        .arg(format!("127.0.0.1:{port}"))
        .arg("--locales")
        .arg(Path::new(ROOT).join("locales"))
        .arg("--brand")
        .arg(Path::new(ROOT).join("config/brand.json"))
        .arg("--data-dir")
        .arg(data_dir)
        .arg("--out")
        .arg(dir.join("out"));
    for name in [
        "PORT",
        "API_LISTEN",
        "API_SNAPSHOT",
        "API_DATA_DIR",
        "DATABASE_URL",
        "IDENTITY_ISSUER",
        "IDENTITY_CLIENT_ID",
        "IDENTITY_AUDIENCE",
        "IDENTITY_JWKS_URL",
        "DEV_IDENTITY",
        "METRICS_TOKEN",
    ] {
        cmd.env_remove(name);
    }
    for (name, value) in env {
        cmd.env(name, value);
    }
    let child = cmd
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .expect("runtime-api starts");
    let mut server = Server { child, port, log };
    let http = reqwest::Client::new();
    for _ in 0..600 {
        if let Some(status) = server.child.try_wait().unwrap() {
            panic!("runtime-api exited ({status}): {}", server.log());
        }
        if http
            .get(server.url("/healthz"))
            .send()
            .await
            .is_ok_and(|r| r.status().is_success())
        {
            return server;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("runtime-api not up after 60 s: {}", server.log());
}

/// A fresh, empty data directory.
fn data_dir(name: &str) -> PathBuf {
    let dir = tmp().join(name).join("data");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A bearer token for `email` on the French site, signed with the dev provider's key in
/// `data_dir` (created here when missing, before a server loads it) under `issuer`.
fn token(data_dir: &Path, issuer: String, email: &str) -> String {
    identity::DevIdentityProvider::open(
        data_dir,
        issuer,
        runtime_api::config::IdentityConfig::DEFAULT_AUDIENCE.into(),
        runtime_api::config::IdentityConfig::DEFAULT_CLIENT_ID.into(),
    )
    .expect("the dev provider's key")
    .with_site(Site::Fr)
    .issue_token(
        Site::Fr,
        email,
        "Camille",
        "Durand",
        Duration::from_secs(3600),
    )
}

fn client_id(email: &str) -> String {
    identity::DevIdentityProvider::client_id(email)
}

struct Reply {
    status: u16,
    body: Value,
}

async fn call(server: &Server, method: reqwest::Method, path: &str, bearer: &str) -> Reply {
    call_at(&server.url(""), method, path, bearer).await
}

/// As `call`, at the server whose address is `base` (`http://127.0.0.1:PORT`).
async fn call_at(base: &str, method: reqwest::Method, path: &str, bearer: &str) -> Reply {
    let reply = reqwest::Client::new()
        .request(method.clone(), format!("{base}{path}"))
        .header("Host", FR)
        .bearer_auth(bearer)
        .send()
        .await
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    let status = reply.status().as_u16();
    let text = reply.text().await.expect("a body");
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    Reply { status, body }
}

async fn readyz(server: &Server) -> (u16, Value) {
    let reply = reqwest::Client::new()
        .get(server.url("/readyz"))
        .send()
        .await
        .expect("/readyz answers");
    let status = reply.status().as_u16();
    (status, reply.json().await.expect("/readyz answers JSON"))
}

/// Polls `/readyz` until it answers `status` (the answer is reused for a second), for 20 s.
async fn readyz_becomes(server: &Server, status: u16) -> Value {
    let mut last = (0, Value::Null);
    for _ in 0..100 {
        last = readyz(server).await;
        if last.0 == status {
            return last.1;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!(
        "/readyz still answers {} {} instead of {status}; log: {}",
        last.0,
        last.1,
        server.log()
    );
}

fn favourites(body: &Value) -> Vec<String> {
    body["favoriteCinemas"]
        .as_array()
        .unwrap_or_else(|| panic!("no favoriteCinemas in {body}"))
        .iter()
        .map(|v| v.as_str().expect("slugs").to_string())
        .collect()
}

/// The PostgreSQL server's URL and a fresh database on it; `None` only when it does not
/// answer and SKIP_POSTGRES=1 (never under CI=true).
async fn scratch_database() -> Option<(String, ScratchDatabase)> {
    let url = std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|u| !u.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string());
    match ScratchDatabase::create(&url, "lumen_replicas").await {
        Ok(db) => Some((url, db)),
        Err(error) => {
            let ci = std::env::var("CI").is_ok_and(|v| v == "true");
            let skip = std::env::var("SKIP_POSTGRES").is_ok_and(|v| v == "1");
            let shown = client_store::redact_url(&url);
            if skip && !ci {
                eprintln!("SKIPPED on PostgreSQL: {shown} does not answer ({error:#}); SKIP_POSTGRES=1 is set");
                return None;
            }
            panic!(
                "PostgreSQL at {shown} does not answer: {error:#}\n\
                 Start it with `pg_ctlcluster 15 main start` (scripts/test does: need_postgres) or point \
                 TEST_DATABASE_URL at a server; {}",
                if ci {
                    "CI=true: this test may not be skipped"
                } else {
                    "SKIP_POSTGRES=1 skips it"
                }
            );
        }
    }
}

/// The PostgreSQL server's URL and a fresh database's URL and name, given to `case`; the
/// database is dropped afterwards, whether `case` passed or failed.
async fn on_postgres<C, F>(case: C)
where
    C: FnOnce(String, String, String) -> F,
    F: std::future::Future<Output = ()> + Send + 'static,
{
    let Some((server, db)) = scratch_database().await else {
        return;
    };
    let outcome = tokio::spawn(case(server, db.url(), db.name().to_string())).await;
    db.drop_database()
        .await
        .expect("dropping the test database");
    if let Err(error) = outcome {
        std::panic::resume_unwind(error.into_panic());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_on_one_postgres_share_favourites_and_hold_the_limit_together() {
    on_postgres(|_, url, _| two_replicas(url)).await;
}

async fn two_replicas(database_url: String) {
    let database = [("DATABASE_URL", database_url)];
    let a_data = data_dir("replica-a");
    let b_data = data_dir("replica-b");
    // A makes the dev provider's key in its data directory; the test signs with it.
    let a = start("replica-a", &a_data, &database).await;
    let b_env = [database[0].clone(), ("IDENTITY_ISSUER", a.issuer())];
    let b = start("replica-b", &b_data, &b_env).await;
    let cinemas = cinemas();
    assert!(cinemas.len() >= 16, "the demo has enough French cinemas");

    // Written through A, read through B; removed through B, gone through A.
    let email = "replicas@example.org";
    let me = client_id(email);
    let bearer = token(&a_data, a.issuer(), email);
    let added = call(
        &a,
        reqwest::Method::POST,
        &format!("/api/client/{me}/cinema/{}", cinemas[0]),
        &bearer,
    )
    .await;
    assert_eq!(added.status, 200, "add through A: {}", added.body);
    let read = call(
        &b,
        reqwest::Method::GET,
        &format!("/api/client/{me}"),
        &bearer,
    )
    .await;
    assert_eq!(
        read.status,
        200,
        "read through B: {}; B's log: {}",
        read.body,
        b.log()
    );
    assert_eq!(favourites(&read.body), vec![cinemas[0].clone()]);
    let removed = call(
        &b,
        reqwest::Method::DELETE,
        &format!("/api/client/{me}/cinema/{}", cinemas[0]),
        &bearer,
    )
    .await;
    assert_eq!(removed.status, 200, "remove through B: {}", removed.body);
    let read = call(
        &a,
        reqwest::Method::GET,
        &format!("/api/client/{me}"),
        &bearer,
    )
    .await;
    assert_eq!(favourites(&read.body), Vec::<String>::new());

    // Sixteen adds of a new client at once, alternately through A and B: exactly the limit
    // pass, every other one is refused with the limit.
    let email = "racing-replicas@example.org";
    let me = client_id(email);
    let bearer = token(&a_data, a.issuer(), email);
    let bases = [a.url(""), b.url("")];
    let calls = cinemas.iter().take(16).enumerate().map(|(i, slug)| {
        let base = bases[i % 2].clone();
        let path = format!("/api/client/{me}/cinema/{slug}");
        let bearer = bearer.clone();
        async move {
            let reply = call_at(&base, reqwest::Method::POST, &path, &bearer).await;
            (slug.clone(), reply)
        }
    });
    let replies = futures_join_all(calls).await;
    let mut passed: Vec<String> = Vec::new();
    let mut refused = 0;
    for (slug, reply) in &replies {
        match reply.status {
            200 => passed.push(slug.clone()),
            409 => {
                assert_eq!(reply.body["error"], "limit_reached", "{}", reply.body);
                assert_eq!(reply.body["limit"], FR_LIMIT, "{}", reply.body);
                refused += 1;
            }
            other => panic!("{slug}: unexpected {other}: {}", reply.body),
        }
    }
    assert_eq!(
        (passed.len(), refused),
        (FR_LIMIT, 16 - FR_LIMIT),
        "the limit holds across replicas"
    );
    passed.sort();
    for server in [&a, &b] {
        let read = call(
            server,
            reqwest::Method::GET,
            &format!("/api/client/{me}"),
            &bearer,
        )
        .await;
        let mut listed = favourites(&read.body);
        listed.sort();
        assert_eq!(listed, passed, "both replicas list the adds that passed");
    }
}

/// Runs the futures at once (spawned, so the two replicas are written to in parallel).
async fn futures_join_all<F, T>(futures: impl Iterator<Item = F>) -> Vec<T>
where
    F: std::future::Future<Output = T> + Send + 'static,
    T: Send + 'static,
{
    let handles: Vec<_> = futures.map(tokio::spawn).collect();
    let mut out = Vec::new();
    for handle in handles {
        out.push(handle.await.expect("a call"));
    }
    out
}

/// Runs `statement` on the PostgreSQL server (connected to its maintenance database, which
/// the test never makes read-only).
async fn on_server(url: &str, statement: String) {
    let mut conn = sqlx::PgConnection::connect(url)
        .await
        .expect("connecting to PostgreSQL");
    sqlx::raw_sql(sqlx::AssertSqlSafe(statement.clone()))
        .execute(&mut conn)
        .await
        .unwrap_or_else(|e| panic!("{statement}: {e}"));
    conn.close().await.ok();
}

/// New sessions of `database` start read-only (or not), and its open sessions are ended so
/// the server's pool opens new ones.
async fn set_read_only(url: &str, database: &str, on: bool) {
    let setting = if on {
        "SET default_transaction_read_only = on"
    } else {
        "RESET default_transaction_read_only"
    };
    on_server(url, format!("ALTER DATABASE {database} {setting}")).await;
    on_server(
        url,
        format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = '{database}' AND pid <> pg_backend_pid()"
        ),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_follows_whether_postgres_takes_writes() {
    on_postgres(readiness_on_postgres).await;
}

async fn readiness_on_postgres(url: String, database_url: String, name: String) {
    let data = data_dir("readyz-postgres");
    let server = start("readyz-postgres", &data, &[("DATABASE_URL", database_url)]).await;
    let (status, body) = readyz(&server).await;
    assert_eq!(
        (status, &body),
        (200, &serde_json::json!({"status": "ready"}))
    );
    let email = "readiness@example.org";
    let me = client_id(email);
    let bearer = token(&data, server.issuer(), email);
    let add = |slug: &str| format!("/api/client/{me}/cinema/{slug}");
    let cinemas = cinemas();
    assert_eq!(
        call(&server, reqwest::Method::POST, &add(&cinemas[0]), &bearer)
            .await
            .status,
        200
    );

    set_read_only(&url, &name, true).await;
    let body = readyz_becomes(&server, 503).await;
    assert_eq!(
        body,
        serde_json::json!({"status": "unavailable", "failing": ["store_write"]})
    );
    // What readiness foretold: a client's write fails meanwhile.
    let refused = call(&server, reqwest::Method::POST, &add(&cinemas[1]), &bearer).await;
    assert_eq!(refused.status, 503, "{}", refused.body);

    set_read_only(&url, &name, false).await;
    readyz_becomes(&server, 200).await;
    let added = call(&server, reqwest::Method::POST, &add(&cinemas[1]), &bearer).await;
    assert_eq!(added.status, 200, "{}", added.body);
    assert_eq!(favourites(&added.body).len(), 2);

    let metrics = reqwest::get(server.url("/metrics"))
        .await
        .expect("/metrics answers")
        .text()
        .await
        .unwrap();
    let errors: u64 = metrics
        .lines()
        .find_map(|l| l.strip_prefix("api_store_errors_total{operation=\"check_writes\"} "))
        .unwrap_or_else(|| panic!("no check_writes errors line: {metrics}"))
        .parse()
        .unwrap();
    assert!(
        errors >= 1,
        "the failed probe writes are counted: {metrics}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_follows_whether_the_sqlite_file_is_in_place_and_metrics_show_the_process() {
    let data = data_dir("readyz-sqlite");
    let server = start("readyz-sqlite", &data, &[]).await;
    assert_eq!(readyz(&server).await.0, 200);
    let file = data.join(client_store::SQLITE_FILE_NAME);
    let kept = data.join("kept-aside.sqlite3");
    // Deleted under the running server (a second name keeps the inode to put it back).
    std::fs::hard_link(&file, &kept).unwrap();
    std::fs::remove_file(&file).unwrap();
    let body = readyz_becomes(&server, 503).await;
    assert_eq!(
        body,
        serde_json::json!({"status": "unavailable", "failing": ["store_file"]}),
        "the probe write still lands on the unlinked inode: only the file is named"
    );
    // Another file at the path is not the one the server writes to either.
    std::fs::write(&file, b"").unwrap();
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(readyz(&server).await.0, 503, "a replaced file is not ready");
    std::fs::rename(&kept, &file).unwrap();
    readyz_becomes(&server, 200).await;

    // The live cache answers the second asking of a cinema's day from memory.
    let today = Utc::now().date_naive();
    for _ in 0..2 {
        let reply = reqwest::Client::new()
            .get(server.url(&format!("/api/cinema/{}/shows?date={today}", cinemas()[0])))
            .header("Host", FR)
            .send()
            .await
            .unwrap();
        assert_eq!(reply.status().as_u16(), 200);
    }
    let metrics = reqwest::get(server.url("/metrics"))
        .await
        .expect("/metrics answers")
        .text()
        .await
        .unwrap();
    let value = |name: &str| -> f64 {
        metrics
            .lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
            .unwrap_or_else(|| panic!("no {name} in {metrics}"))
            .parse()
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    assert!(value("process_cpu_seconds_total") > 0.0);
    assert!(value("process_resident_memory_bytes") > 1e6);
    assert!(value("process_open_fds") >= 3.0);
    let started = value("process_start_time_seconds");
    let now = Utc::now().timestamp() as f64;
    assert!(
        started <= now + 1.0 && started > now - 600.0,
        "started {started}, now {now}"
    );
    assert!(value("api_live_cache_requests_total{result=\"hit\"}") >= 1.0);
    assert!(value("api_live_cache_requests_total{result=\"miss\"}") >= 1.0);
    assert!(value("api_store_duration_seconds_count{operation=\"check_writes\"}") >= 3.0);
    assert!(value("api_request_duration_seconds_count{route=\"/readyz\"}") >= 3.0);
    assert!(
        value("api_request_duration_seconds_count{route=\"/api/cinema/{slug}/shows\"}") >= 2.0,
        "{metrics}"
    );
}
