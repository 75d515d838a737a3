//! The PostgreSQL dialect, for several API servers sharing one database.
//!
//! Read-then-write calls on a client's data lock the client's row first
//! (`SELECT … FOR NO KEY UPDATE`): two racing adds of one client run one after the other,
//! and under READ COMMITTED the second one's next statements see the first one's commit, so
//! the limit holds. `NO KEY UPDATE` rather than `UPDATE` because it still lets other
//! transactions insert rows referencing the client (their foreign-key check takes a
//! `KEY SHARE` lock, which `NO KEY UPDATE` does not block).

use crate::dialect::Dialect;
use crate::store::ACQUIRE_TIMEOUT;
use crate::{redact_url, SqlStore};
use anyhow::Context;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{ConnectOptions, Connection, Postgres};
use std::str::FromStr;
use std::sync::atomic::{AtomicU32, Ordering};

/// Connections per API server; PostgreSQL's default `max_connections` (100) leaves room for
/// several servers.
const POOL_CONNECTIONS: u32 = 16;

/// Signed-in clients' data in a PostgreSQL database.
pub type PostgresStore = SqlStore<Postgres>;

impl Dialect for Postgres {
    const BACKEND: &'static str = "postgres";

    /// A plain transaction (READ COMMITTED): the row lock orders the client's writers.
    const BEGIN_WRITE: &'static str = "BEGIN";

    const LOCK_ROW: &'static str = " FOR NO KEY UPDATE";

    /// A `TEXT[]` array.
    type Keys = Vec<String>;

    fn keys(keys: &[&str]) -> Vec<String> {
        keys.iter().map(|key| key.to_string()).collect()
    }

    fn is_one_of(column: &str, n: usize) -> String {
        format!("{column} = ANY(${n})")
    }

    /// The server and database, `host:port/database`.
    type Location = String;

    /// Nothing beyond what a write tells: the server keeps the files.
    fn location_problem(_: &String) -> Option<String> {
        None
    }
}

impl SqlStore<Postgres> {
    /// Connects to `database_url` (`postgres://user:password@host:port/database`) and brings
    /// the schema up to date.
    pub async fn connect(database_url: &str) -> anyhow::Result<PostgresStore> {
        let options = PgConnectOptions::from_str(database_url)
            .with_context(|| format!("reading the database URL {}", redact_url(database_url)))?;
        PostgresStore::connect_with(options).await
    }

    pub async fn connect_with(options: PgConnectOptions) -> anyhow::Result<PostgresStore> {
        let target = format!(
            "{}:{}/{}",
            options.get_host(),
            options.get_port(),
            options.get_database().unwrap_or("")
        );
        let pool = PgPoolOptions::new()
            .max_connections(POOL_CONNECTIONS)
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_with(options)
            .await
            .with_context(|| format!("connecting to PostgreSQL at {target}"))?;
        // The migrator takes an advisory lock: servers starting together migrate once.
        crate::migrations::POSTGRES
            .run(&pool)
            .await
            .with_context(|| format!("migrating the client database at {target}"))?;
        tracing::info!(database = %target, "client store: PostgreSQL");
        // One pool serves reads and writes: PostgreSQL runs them side by side.
        Ok(SqlStore::new(pool.clone(), pool, target))
    }
}

/// A throw-away database on a PostgreSQL server, for tests and benchmarks: created empty
/// from the server's URL, dropped by [`ScratchDatabase::drop_database`].
pub struct ScratchDatabase {
    server_url: String,
    server: PgConnectOptions,
    name: String,
}

impl ScratchDatabase {
    /// Creates `{prefix}_{pid}_{n}` on the server `server_url` points at (its database part
    /// only says where to connect to issue CREATE DATABASE). A database of that name left by
    /// an earlier run that crashed under the same process id is dropped first.
    pub async fn create(server_url: &str, prefix: &str) -> anyhow::Result<ScratchDatabase> {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let well_formed = !prefix.is_empty()
            && prefix
                .bytes()
                .all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'_');
        anyhow::ensure!(well_formed, "database prefix {prefix:?} is not [a-z0-9_]+");
        let server = PgConnectOptions::from_str(server_url)
            .with_context(|| format!("reading the database URL {}", redact_url(server_url)))?;
        let name = format!(
            "{prefix}_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let scratch = ScratchDatabase {
            server_url: server_url.to_string(),
            server,
            name,
        };
        scratch.drop_database().await?;
        // The name is built from [a-z0-9_] only, so it is safe to splice into the statement.
        scratch
            .execute(format!("CREATE DATABASE {}", scratch.name))
            .await?;
        Ok(scratch)
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// Connection options for the scratch database itself.
    pub fn options(&self) -> PgConnectOptions {
        self.server.clone().database(&self.name)
    }

    /// The URL of the scratch database: the server's URL with its database replaced.
    pub fn url(&self) -> String {
        let (head, query) = match self.server_url.split_once('?') {
            Some((head, query)) => (head, Some(query)),
            None => (self.server_url.as_str(), None),
        };
        let authority = head.find("://").map_or(0, |at| at + 3);
        let path = head[authority..]
            .find('/')
            .map_or(head.len(), |at| authority + at);
        let mut url = format!("{}/{}", &head[..path], self.name);
        if let Some(query) = query {
            url.push('?');
            url.push_str(query);
        }
        url
    }

    /// Drops the database, disconnecting whoever is still connected (PostgreSQL ≥ 13).
    pub async fn drop_database(&self) -> anyhow::Result<()> {
        self.execute(format!(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)",
            self.name
        ))
        .await
    }

    async fn execute(&self, statement: String) -> anyhow::Result<()> {
        let mut conn =
            self.server.connect().await.with_context(|| {
                format!("connecting to PostgreSQL at {}", self.server.get_host())
            })?;
        sqlx::raw_sql(sqlx::AssertSqlSafe(statement.clone()))
            .execute(&mut conn)
            .await
            .with_context(|| format!("running {statement}"))?;
        conn.close().await?;
        Ok(())
    }
}
