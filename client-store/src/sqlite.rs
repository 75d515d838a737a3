//! The SQLite dialect: one database file under the data directory, for a single server.
//!
//! SQLite allows one writer at a time. Letting many pooled connections compete for the write
//! lock makes them sleep in SQLite's busy handler (coarse back-off, "database is locked" after
//! `busy_timeout`), so writes go through a pool of exactly one connection: writers queue in
//! the pool, in order, without ever touching the busy handler. Reads use a separate pool and,
//! thanks to WAL, never wait for the writer. Read-then-write transactions start with
//! `BEGIN IMMEDIATE` so that a second process on the same file (or a second store in tests)
//! cannot slip in between the read and the write; `busy_timeout` covers that case.

use crate::dialect::Dialect;
use crate::store::ACQUIRE_TIMEOUT;
use crate::SqlStore;
use anyhow::Context;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Connection, Sqlite};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long a statement waits for another process's write lock before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// Readers never block each other in WAL mode; a few cover a 2-core server.
const READER_CONNECTIONS: u32 = 4;

/// Signed-in clients' data in one SQLite file.
pub type SqliteStore = SqlStore<Sqlite>;

impl Dialect for Sqlite {
    const BACKEND: &'static str = "sqlite";

    /// Takes the database's write lock at the first statement rather than at the first write.
    const BEGIN_WRITE: &'static str = "BEGIN IMMEDIATE";

    /// Nothing more: the write lock of `BEGIN IMMEDIATE` already keeps every other writer out.
    const LOCK_ROW: &'static str = "";

    /// A JSON array, read back in SQL with `json_each`.
    type Keys = String;

    fn keys(keys: &[&str]) -> String {
        serde_json::Value::from(keys.to_vec()).to_string()
    }

    fn is_one_of(column: &str, n: usize) -> String {
        format!("{column} IN (SELECT value FROM json_each(${n}))")
    }

    /// The database file.
    type Location = SqliteFile;

    /// The file is gone from its path or another file took its place: the connections keep
    /// writing to the inode they opened, which nobody will open again, so every later write
    /// would be lost at the next start.
    fn location_problem(file: &SqliteFile) -> Option<String> {
        match (file_id(&file.path), file.id) {
            (None, _) => Some(format!("the database file {} is gone", file.path.display())),
            (Some(now), Some(opened)) if now != opened => Some(format!(
                "the database file {} was replaced after it was opened",
                file.path.display()
            )),
            _ => None,
        }
    }
}

/// The database file: its path, and which file it was when the store opened it.
pub struct SqliteFile {
    pub path: PathBuf,
    /// Device and inode of the file opened (`None` where the platform has none).
    id: Option<(u64, u64)>,
}

/// Device and inode of the file at `path`; `Some((0, 0))` on platforms without them, `None`
/// when there is no file.
fn file_id(path: &Path) -> Option<(u64, u64)> {
    let metadata = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((metadata.dev(), metadata.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = metadata;
        Some((0, 0))
    }
}

impl SqlStore<Sqlite> {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    /// One API process owns the file; two processes creating the same new file at the same
    /// instant could both try the first migration (SQLite has no migration lock), so a
    /// second process should start after the first.
    pub async fn open(path: &Path) -> anyhow::Result<SqliteStore> {
        if let Some(parent) = path
            .parent()
            .filter(|parent| !parent.as_os_str().is_empty())
        {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("creating the directory of {}", path.display()))?;
        }
        // NORMAL is the recommended durability for WAL: a commit survives a crash of the
        // process, only an OS crash or power loss may lose the last commits; FULL would add
        // an fsync per favourite toggle.
        let options = SqliteConnectOptions::new()
            .filename(path)
            .busy_timeout(BUSY_TIMEOUT)
            .foreign_keys(true)
            .synchronous(SqliteSynchronous::Normal);
        let writer = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .idle_timeout(None)
            .max_lifetime(None)
            // A COMMIT that fails on an I/O error (a full disk) may have been rolled back by
            // SQLite already; sqlx then still counts an open transaction, its ROLLBACK fails,
            // and every later BEGIN on that connection would fail ("non-zero transaction
            // depth") while plain writes ran inside the stale transaction. A connection that
            // still believes it is in a transaction is never reused: closing it makes SQLite
            // roll back whatever is left, and the pool opens a fresh one.
            .before_acquire(|conn, _| Box::pin(async move { Ok(!conn.is_in_transaction()) }))
            .connect_with(
                options
                    .clone()
                    .create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal),
            )
            .await
            .with_context(|| format!("opening the client database {}", path.display()))?;
        crate::migrations::SQLITE
            .run(&writer)
            .await
            .with_context(|| format!("migrating the client database {}", path.display()))?;
        // query_only keeps a write from sneaking past the single writer by mistake.
        let reader = SqlitePoolOptions::new()
            .max_connections(READER_CONNECTIONS)
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_with(options.pragma("query_only", "ON"))
            .await
            .with_context(|| format!("opening readers of {}", path.display()))?;
        tracing::info!(path = %path.display(), "client store: SQLite");
        let file = SqliteFile {
            path: path.to_path_buf(),
            id: file_id(path),
        };
        Ok(SqlStore::new(writer, reader, file))
    }

    pub fn path(&self) -> &Path {
        &self.location().path
    }
}
