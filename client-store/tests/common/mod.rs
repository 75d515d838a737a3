//! Fixtures running one test case against a fresh SQLite file or a fresh PostgreSQL
//! database, and the helpers the cases share.
#![allow(dead_code)] // each test file uses part of this module

use client_store::postgres::ScratchDatabase;
use client_store::{open_store, redact_url, ClientRecord, ClientStore, NewClient, PostgresStore};
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection};
use std::future::Future;
use std::io::Write;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres:postgres@127.0.0.1:5432/postgres";

/// The store under test, and a way to open more stores on the same database (a second
/// server process, or a restart).
#[derive(Clone)]
pub struct TestDb {
    pub store: Arc<dyn ClientStore>,
    location: Location,
}

#[derive(Clone)]
enum Location {
    Sqlite(PathBuf),
    Postgres(Box<PgConnectOptions>),
}

impl TestDb {
    /// A new store, with its own pools, on the same database: migrations run again.
    pub async fn reopen(&self) -> Arc<dyn ClientStore> {
        match &self.location {
            Location::Sqlite(dir) => open_store(None, dir).await.expect("reopening SQLite"),
            Location::Postgres(options) => Arc::new(
                PostgresStore::connect_with((**options).clone())
                    .await
                    .expect("reconnecting to PostgreSQL"),
            ),
        }
    }
}

/// A new, empty directory under the system's temporary directory.
pub fn scratch_dir(label: &str) -> PathBuf {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "client-store-{label}-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("creating a scratch directory");
    dir
}

/// Runs `case` on a store in a fresh data directory (through `open_store`, as the API does).
pub async fn on_sqlite<C, F>(case: C)
where
    C: FnOnce(TestDb) -> F,
    F: Future<Output = ()> + Send + 'static,
{
    let dir = scratch_dir("sqlite");
    let store = open_store(None, &dir).await.expect("opening SQLite");
    assert_eq!(store.backend(), "sqlite");
    let db = TestDb {
        store,
        location: Location::Sqlite(dir.clone()),
    };
    // A spawned task turns a failed assertion into a JoinError, so clean-up still runs.
    let outcome = tokio::spawn(case(db)).await;
    let _ = std::fs::remove_dir_all(&dir);
    rethrow(outcome);
}

/// Runs `case` on a store in a fresh PostgreSQL database, dropped afterwards.
pub async fn on_postgres<C, F>(case: C)
where
    C: FnOnce(TestDb) -> F,
    F: Future<Output = ()> + Send + 'static,
{
    let Some(server_url) = postgres_server().await else {
        return;
    };
    let scratch = ScratchDatabase::create(&server_url, "lumen_test")
        .await
        .expect("creating a test database");
    let store = PostgresStore::connect_with(scratch.options())
        .await
        .expect("connecting to the test database");
    let db = TestDb {
        store: Arc::new(store),
        location: Location::Postgres(Box::new(scratch.options())),
    };
    let outcome = tokio::spawn(case(db)).await;
    scratch
        .drop_database()
        .await
        .expect("dropping the test database");
    rethrow(outcome);
}

fn rethrow(outcome: Result<(), tokio::task::JoinError>) {
    if let Err(error) = outcome {
        match error.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(error) => panic!("test case did not finish: {error}"),
        }
    }
}

/// The PostgreSQL server's URL (`TEST_DATABASE_URL`, else the local default) if it answers.
/// If it does not: under CI=true the test fails; elsewhere it fails too unless
/// SKIP_POSTGRES=1, which skips it with a message.
pub async fn postgres_server() -> Option<String> {
    let url = std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|url| !url.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string());
    let why = match reach(&url).await {
        Ok(()) => return Some(url),
        Err(why) => why,
    };
    let ci = std::env::var("CI").is_ok_and(|value| value == "true");
    let skip = std::env::var("SKIP_POSTGRES").is_ok_and(|value| value == "1");
    let shown = redact_url(&url);
    if skip && !ci {
        // Straight to stderr: the test harness would swallow eprintln! of a passing test.
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED on PostgreSQL: {shown} does not answer ({why}); SKIP_POSTGRES=1 is set"
        );
        return None;
    }
    let rule = if ci {
        "CI=true: the PostgreSQL half of the suite may not be skipped"
    } else {
        "set SKIP_POSTGRES=1 to skip the PostgreSQL half of the suite"
    };
    panic!(
        "PostgreSQL at {shown} does not answer: {why}\n\
         Start it with scripts/test (need_postgres in scripts/lib.sh) or `pg_ctlcluster 15 main start`, \
         or point TEST_DATABASE_URL at a server; {rule}."
    );
}

async fn reach(url: &str) -> Result<(), String> {
    let options = PgConnectOptions::from_str(url).map_err(|error| error.to_string())?;
    let attempt = async {
        let conn = options.connect().await?;
        conn.close().await
    };
    match tokio::time::timeout(Duration::from_secs(5), attempt).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(error)) => Err(error.to_string()),
        Err(_) => Err("no answer within 5 s".to_string()),
    }
}

/// Creates (or refreshes) a client the way the API does on an authenticated call.
pub async fn signed_in(store: &dyn ClientStore, id: &str) -> ClientRecord {
    store
        .upsert_client(&NewClient {
            id: id.to_string(),
            email: format!("{id}@example.org"),
            first_name: "Ada".to_string(),
            last_name: "Lovelace".to_string(),
        })
        .await
        .expect("creating a client")
}

pub fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|item| item.to_string()).collect()
}

impl TestDb {
    /// The text column `column` of every row of `table`, read straight from the database
    /// (what a copy of it would show).
    pub async fn raw_column(&self, table: &str, column: &str) -> Vec<String> {
        let sql = sqlx::AssertSqlSafe(format!("SELECT {column} FROM {table}"));
        match &self.location {
            Location::Sqlite(dir) => {
                let path = dir.join(client_store::SQLITE_FILE_NAME);
                let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
                    .filename(path)
                    .read_only(true)
                    .connect()
                    .await
                    .expect("opening the SQLite file");
                sqlx::query_scalar(sql)
                    .fetch_all(&mut conn)
                    .await
                    .expect("reading the column")
            }
            Location::Postgres(options) => {
                let mut conn = options.connect().await.expect("connecting to PostgreSQL");
                sqlx::query_scalar(sql)
                    .fetch_all(&mut conn)
                    .await
                    .expect("reading the column")
            }
        }
    }
}
