//! What differs between the two databases the store runs on, and nothing else: how a
//! read-then-write transaction starts, how it locks the client's row, how a list of keys
//! travels as one bind parameter, where the database is. Implemented by sqlx's own driver
//! types, so a store is `SqlStore<Sqlite>` or `SqlStore<Postgres>`.
//!
//! Everything else is written once: the statements ([`crate::statements`]) and the rules
//! ([`crate::store`]). sqlx's SQLite driver reads PostgreSQL's `$N` placeholders, and both
//! databases take `ON CONFLICT … DO UPDATE`, `RETURNING`, `IS DISTINCT FROM` and `CAST`, so
//! the statements' text is shared too. Schemas stay apart (`migrations/sqlite`,
//! `migrations/postgres`): the column types differ, and sqlx's `Any` driver maps too few types
//! to share one.

use sqlx::{Database, Encode, Type};

/// The facts of one database that the shared statements and rules are written over.
pub trait Dialect: Database {
    /// What [`crate::ClientStore::backend`] answers: "sqlite" or "postgres".
    const BACKEND: &'static str;

    /// Opens a transaction that reads, then writes on what it read.
    const BEGIN_WRITE: &'static str;

    /// Ends the `SELECT` that reads a client's row inside such a transaction: the lock that
    /// makes that client's writers take turns until the transaction ends.
    const LOCK_ROW: &'static str;

    /// A list of keys as one bind parameter, whatever its length.
    type Keys: for<'q> Encode<'q, Self> + Type<Self> + Send;

    fn keys(keys: &[&str]) -> Self::Keys;

    /// SQL saying "`column` is one of the keys bound as parameter `$n`".
    fn is_one_of(column: &str, n: usize) -> String;

    /// Where the database is: SQLite's file, PostgreSQL's server and database.
    type Location: Send + Sync;

    /// What keeps the database at `location` from keeping writes that a write statement
    /// would not notice (SQLite: its file deleted or replaced under the running server),
    /// checked without touching the database; `None` when nothing does.
    fn location_problem(location: &Self::Location) -> Option<String>;
}
