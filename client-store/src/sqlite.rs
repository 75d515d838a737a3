//! The SQLite backend: one database file under the data directory, for a single server.
//!
//! SQLite allows one writer at a time. Letting many pooled connections compete for the write
//! lock makes them sleep in SQLite's busy handler (coarse back-off, "database is locked" after
//! `busy_timeout`), so writes go through a pool of exactly one connection: writers queue in
//! the pool, in order, without ever touching the busy handler. Reads use a separate pool and,
//! thanks to WAL, never wait for the writer. Read-then-write transactions start with
//! `BEGIN IMMEDIATE` so that a second process on the same file (or a second store in tests)
//! cannot slip in between the read and the write; `busy_timeout` covers that case.

use crate::feelings::{self, FeelingRow};
use crate::{
    now, validate, ClientChanges, ClientRecord, ClientStore, Emotion, GiftCard, NewClient,
    ShowFeeling, StoreError, Voucher,
};
use anyhow::Context;
use async_trait::async_trait;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteRow, SqliteSynchronous,
};
use sqlx::{Connection, Row};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long a statement waits for another process's write lock before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a call waits for a pooled connection (the writer is shared by all writes).
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);
/// Readers never block each other in WAL mode; a few cover a 2-core server.
const READER_CONNECTIONS: u32 = 4;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");

/// Columns of [`ClientRecord`], in the order [`client_from_row`] reads them.
macro_rules! client_columns {
    () => {
        "id, email, first_name, last_name, photo_url, registered, email_verified, first_login, \
         send_newsletter, mail_communication, loyalty_level, created_at"
    };
}

const FAVOURITES: &str =
    "SELECT cinema_slug FROM favourite_cinemas WHERE client_id = ?1 AND site = ?2 ORDER BY id DESC";

// Writes with RETURNING read every row (`fetch_all`): an autocommit statement commits when it
// runs to its end, so stopping at the first row (`fetch_one`) would drop a failed COMMIT's
// error (a full disk) and report a write that was never kept.

/// Signed-in clients' data in one SQLite file.
pub struct SqliteStore {
    writer: SqlitePool,
    reader: SqlitePool,
    path: PathBuf,
}

impl SqliteStore {
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
        MIGRATOR
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
        Ok(SqliteStore {
            writer,
            reader,
            path: path.to_path_buf(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Closes both pools, waiting for calls in progress.
    pub async fn close(&self) {
        self.reader.close().await;
        self.writer.close().await;
    }

    /// A write transaction holding the database's write lock from its first statement.
    async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Sqlite>, StoreError> {
        Ok(self.writer.begin_with("BEGIN IMMEDIATE").await?)
    }
}

fn client_from_row(row: &SqliteRow) -> Result<ClientRecord, sqlx::Error> {
    Ok(ClientRecord {
        id: row.try_get(0)?,
        email: row.try_get(1)?,
        first_name: row.try_get(2)?,
        last_name: row.try_get(3)?,
        photo_url: row.try_get(4)?,
        registered: row.try_get(5)?,
        email_verified: row.try_get(6)?,
        first_login: row.try_get(7)?,
        send_newsletter: row.try_get(8)?,
        mail_communication: row.try_get(9)?,
        loyalty_level: row.try_get(10)?,
        created_at: row.try_get(11)?,
    })
}

fn voucher_from_row(row: &SqliteRow) -> Result<Voucher, StoreError> {
    let status: String = row.try_get("status")?;
    Ok(Voucher {
        code: row.try_get("code")?,
        site: row.try_get("site")?,
        label: row.try_get("label")?,
        kind: row.try_get("kind")?,
        valid_until: row.try_get("valid_until")?,
        balance_cents: row.try_get("balance_cents")?,
        status: status.parse()?,
    })
}

fn gift_card_from_row(row: &SqliteRow) -> Result<GiftCard, sqlx::Error> {
    Ok(GiftCard {
        number: row.try_get("number")?,
        pin: row.try_get("pin")?,
        site: row.try_get("site")?,
        balance_cents: row.try_get("balance_cents")?,
        currency: row.try_get("currency")?,
        valid_until: row.try_get("valid_until")?,
    })
}

fn feeling_from_row(row: &SqliteRow) -> Result<FeelingRow, StoreError> {
    let emotion: Option<String> = row.try_get(2)?;
    Ok(FeelingRow {
        slug: row.try_get(0)?,
        intention: row.try_get(1)?,
        emotion: emotion.map(|name| name.parse::<Emotion>()).transpose()?,
        changed_at: row.try_get(3)?,
    })
}

/// `NotFound` unless the client exists (inside a write transaction, so it stays so).
async fn ensure_client(conn: &mut SqliteConnection, client_id: &str) -> Result<(), StoreError> {
    sqlx::query("SELECT 1 FROM clients WHERE id = ?1")
        .bind(client_id)
        .fetch_optional(conn)
        .await?
        .map(|_| ())
        .ok_or(StoreError::NotFound)
}

async fn favourites_in(
    conn: &mut SqliteConnection,
    client_id: &str,
    site: &str,
) -> Result<Vec<String>, StoreError> {
    Ok(sqlx::query_scalar(FAVOURITES)
        .bind(client_id)
        .bind(site)
        .fetch_all(conn)
        .await?)
}

async fn insert_favourite(
    conn: &mut SqliteConnection,
    client_id: &str,
    site: &str,
    cinema_slug: &str,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO favourite_cinemas (client_id, site, cinema_slug, added_at) \
         VALUES (?1, ?2, ?3, ?4)",
    )
    .bind(client_id)
    .bind(site)
    .bind(cinema_slug)
    .bind(now())
    .execute(conn)
    .await?;
    Ok(())
}

/// A JSON array of the slugs, read back in SQL with `json_each` (one bind for any count).
fn json_list(slugs: &[&str]) -> String {
    serde_json::Value::from(slugs.to_vec()).to_string()
}

#[async_trait]
impl ClientStore for SqliteStore {
    fn backend(&self) -> &'static str {
        "sqlite"
    }

    async fn upsert_client(&self, client: &NewClient) -> Result<ClientRecord, StoreError> {
        validate::new_client(client)?;
        // Most calls come from a known client with unchanged claims: answer them from a
        // reader instead of queueing for the single writer.
        if let Some(existing) = self.client(&client.id).await? {
            if existing.email == client.email
                && existing.first_name == client.first_name
                && existing.last_name == client.last_name
            {
                return Ok(existing);
            }
        }
        let row = sqlx::query(concat!(
            "INSERT INTO clients (id, email, first_name, last_name, created_at, updated_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?5) \
             ON CONFLICT (id) DO UPDATE SET email = excluded.email, \
             first_name = excluded.first_name, last_name = excluded.last_name, \
             updated_at = excluded.updated_at \
             RETURNING ",
            client_columns!()
        ))
        .bind(&client.id)
        .bind(&client.email)
        .bind(&client.first_name)
        .bind(&client.last_name)
        .bind(now())
        .fetch_all(&self.writer)
        .await?;
        let row = row.first().ok_or(sqlx::Error::RowNotFound)?;
        Ok(client_from_row(row)?)
    }

    async fn client(&self, id: &str) -> Result<Option<ClientRecord>, StoreError> {
        validate::key("client id", id)?;
        let row = sqlx::query(concat!(
            "SELECT ",
            client_columns!(),
            " FROM clients WHERE id = ?1"
        ))
        .bind(id)
        .fetch_optional(&self.reader)
        .await?;
        Ok(row.as_ref().map(client_from_row).transpose()?)
    }

    async fn update_client(
        &self,
        id: &str,
        changes: &ClientChanges,
    ) -> Result<ClientRecord, StoreError> {
        validate::key("client id", id)?;
        validate::client_changes(changes)?;
        let mut tx = self.begin_write().await?;
        let row = sqlx::query(concat!(
            "SELECT ",
            client_columns!(),
            " FROM clients WHERE id = ?1"
        ))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(StoreError::NotFound)?;
        let client = client_from_row(&row)?.with_changes(changes);
        sqlx::query(
            "UPDATE clients SET photo_url = ?2, registered = ?3, email_verified = ?4, \
             first_login = ?5, send_newsletter = ?6, mail_communication = ?7, \
             loyalty_level = ?8, updated_at = ?9 WHERE id = ?1",
        )
        .bind(id)
        .bind(&client.photo_url)
        .bind(client.registered)
        .bind(client.email_verified)
        .bind(client.first_login)
        .bind(client.send_newsletter)
        .bind(client.mail_communication)
        .bind(&client.loyalty_level)
        .bind(now())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(client)
    }

    async fn favourites(&self, client_id: &str, site: &str) -> Result<Vec<String>, StoreError> {
        validate::favourite_scope(client_id, site)?;
        let mut conn = self.reader.acquire().await?;
        favourites_in(&mut conn, client_id, site).await
    }

    async fn add_favourite(
        &self,
        client_id: &str,
        site: &str,
        cinema_slug: &str,
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        validate::favourite_scope(client_id, site)?;
        validate::key("cinema slug", cinema_slug)?;
        let mut tx = self.begin_write().await?;
        ensure_client(&mut tx, client_id).await?;
        let mut list = favourites_in(&mut tx, client_id, site).await?;
        if list.iter().any(|slug| slug == cinema_slug) {
            tx.rollback().await?;
            return Ok(list);
        }
        if let Err(full) = validate::favourite_limit(list.len() + 1, limit) {
            tx.rollback().await?;
            return Err(full);
        }
        insert_favourite(&mut tx, client_id, site, cinema_slug).await?;
        tx.commit().await?;
        list.insert(0, cinema_slug.to_string());
        Ok(list)
    }

    async fn remove_favourite(
        &self,
        client_id: &str,
        site: &str,
        cinema_slug: &str,
    ) -> Result<Vec<String>, StoreError> {
        validate::favourite_scope(client_id, site)?;
        validate::key("cinema slug", cinema_slug)?;
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "DELETE FROM favourite_cinemas WHERE client_id = ?1 AND site = ?2 AND cinema_slug = ?3",
        )
        .bind(client_id)
        .bind(site)
        .bind(cinema_slug)
        .execute(&mut *tx)
        .await?;
        let list = favourites_in(&mut tx, client_id, site).await?;
        tx.commit().await?;
        Ok(list)
    }

    async fn replace_favourites(
        &self,
        client_id: &str,
        site: &str,
        cinema_slugs: &[String],
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        validate::favourite_scope(client_id, site)?;
        let wanted = validate::replacement(cinema_slugs, limit)?;
        let mut tx = self.begin_write().await?;
        ensure_client(&mut tx, client_id).await?;
        sqlx::query("DELETE FROM favourite_cinemas WHERE client_id = ?1 AND site = ?2")
            .bind(client_id)
            .bind(site)
            .execute(&mut *tx)
            .await?;
        // Oldest first, so the first slug asked for gets the largest id: newest.
        for slug in wanted.iter().rev() {
            insert_favourite(&mut tx, client_id, site, slug).await?;
        }
        tx.commit().await?;
        Ok(wanted.into_iter().map(String::from).collect())
    }

    async fn remove_favourites(
        &self,
        client_id: &str,
        site: &str,
        cinema_slugs: &[String],
    ) -> Result<Vec<String>, StoreError> {
        validate::favourite_scope(client_id, site)?;
        let unwanted = validate::keys("cinema slug", cinema_slugs)?;
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "DELETE FROM favourite_cinemas WHERE client_id = ?1 AND site = ?2 \
             AND cinema_slug IN (SELECT value FROM json_each(?3))",
        )
        .bind(client_id)
        .bind(site)
        .bind(json_list(&unwanted))
        .execute(&mut *tx)
        .await?;
        let list = favourites_in(&mut tx, client_id, site).await?;
        tx.commit().await?;
        Ok(list)
    }

    async fn set_intention(
        &self,
        client_id: &str,
        show_slug: &str,
        intention: Option<i16>,
    ) -> Result<(), StoreError> {
        validate::key("client id", client_id)?;
        validate::key("show slug", show_slug)?;
        let query = match intention {
            Some(intention) => {
                validate::intention(intention)?;
                // An unchanged intention keeps its timestamp, so repeating a call does not
                // move the show up the wish list.
                sqlx::query(
                    "INSERT INTO show_intentions (client_id, show_slug, intention, updated_at) \
                     VALUES (?1, ?2, ?3, ?4) \
                     ON CONFLICT (client_id, show_slug) DO UPDATE \
                     SET intention = excluded.intention, updated_at = excluded.updated_at \
                     WHERE intention IS NOT excluded.intention",
                )
                .bind(client_id)
                .bind(show_slug)
                .bind(intention)
                .bind(now())
            }
            None => {
                sqlx::query("DELETE FROM show_intentions WHERE client_id = ?1 AND show_slug = ?2")
                    .bind(client_id)
                    .bind(show_slug)
            }
        };
        query.execute(&self.writer).await?;
        Ok(())
    }

    async fn set_emotion(
        &self,
        client_id: &str,
        show_slug: &str,
        emotion: Option<Emotion>,
    ) -> Result<(), StoreError> {
        validate::key("client id", client_id)?;
        validate::key("show slug", show_slug)?;
        let query = match emotion {
            Some(emotion) => sqlx::query(
                "INSERT INTO show_emotions (client_id, show_slug, emotion, updated_at) \
                 VALUES (?1, ?2, ?3, ?4) \
                 ON CONFLICT (client_id, show_slug) DO UPDATE \
                 SET emotion = excluded.emotion, updated_at = excluded.updated_at \
                 WHERE emotion IS NOT excluded.emotion",
            )
            .bind(client_id)
            .bind(show_slug)
            .bind(emotion.as_str())
            .bind(now()),
            None => {
                sqlx::query("DELETE FROM show_emotions WHERE client_id = ?1 AND show_slug = ?2")
                    .bind(client_id)
                    .bind(show_slug)
            }
        };
        query.execute(&self.writer).await?;
        Ok(())
    }

    async fn feelings(
        &self,
        client_id: &str,
        show_slugs: &[String],
    ) -> Result<Vec<ShowFeeling>, StoreError> {
        validate::key("client id", client_id)?;
        let asked = validate::keys("show slug", show_slugs)?;
        if asked.is_empty() {
            return Ok(Vec::new());
        }
        let rows = sqlx::query(
            "SELECT show_slug, intention, NULL, updated_at FROM show_intentions \
             WHERE client_id = ?1 AND show_slug IN (SELECT value FROM json_each(?2)) \
             UNION ALL \
             SELECT show_slug, NULL, emotion, updated_at FROM show_emotions \
             WHERE client_id = ?1 AND show_slug IN (SELECT value FROM json_each(?2))",
        )
        .bind(client_id)
        .bind(json_list(&asked))
        .fetch_all(&self.reader)
        .await?;
        let rows = rows
            .iter()
            .map(feeling_from_row)
            .collect::<Result<_, _>>()?;
        Ok(feelings::in_order_asked(&asked, rows))
    }

    async fn all_feelings(&self, client_id: &str) -> Result<Vec<ShowFeeling>, StoreError> {
        validate::key("client id", client_id)?;
        let rows = sqlx::query(
            "SELECT show_slug, intention, NULL, updated_at FROM show_intentions \
             WHERE client_id = ?1 \
             UNION ALL \
             SELECT show_slug, NULL, emotion, updated_at FROM show_emotions \
             WHERE client_id = ?1",
        )
        .bind(client_id)
        .fetch_all(&self.reader)
        .await?;
        let rows = rows
            .iter()
            .map(feeling_from_row)
            .collect::<Result<_, _>>()?;
        Ok(feelings::newest_first(rows))
    }

    async fn put_voucher(&self, voucher: &Voucher) -> Result<(), StoreError> {
        validate::voucher(voucher)?;
        sqlx::query(
            "INSERT INTO vouchers \
             (site, code, label, kind, valid_until, balance_cents, status, updated_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) \
             ON CONFLICT (site, code) DO UPDATE SET label = excluded.label, \
             kind = excluded.kind, valid_until = excluded.valid_until, \
             balance_cents = excluded.balance_cents, status = excluded.status, \
             updated_at = excluded.updated_at",
        )
        .bind(&voucher.site)
        .bind(&voucher.code)
        .bind(&voucher.label)
        .bind(&voucher.kind)
        .bind(voucher.valid_until)
        .bind(voucher.balance_cents)
        .bind(voucher.status.as_str())
        .bind(now())
        .execute(&self.writer)
        .await?;
        Ok(())
    }

    async fn voucher(&self, site: &str, code: &str) -> Result<Option<Voucher>, StoreError> {
        validate::site(site)?;
        validate::key("voucher code", code)?;
        let row = sqlx::query(
            "SELECT site, code, label, kind, valid_until, balance_cents, status \
             FROM vouchers WHERE site = ?1 AND code = ?2",
        )
        .bind(site)
        .bind(code)
        .fetch_optional(&self.reader)
        .await?;
        row.as_ref().map(voucher_from_row).transpose()
    }

    async fn spend_once(&self, key: &str, expires_at: i64) -> Result<bool, StoreError> {
        validate::spent_key(key)?;
        let now = chrono::Utc::now().timestamp();
        // One statement: a key still spent is left alone (no row returned), an expired one is
        // spent again.
        let spent = sqlx::query(
            "INSERT INTO spent_keys (key, expires_at) VALUES (?1, ?2) \
             ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at \
             WHERE spent_keys.expires_at < ?3 RETURNING key",
        )
        .bind(key)
        .bind(expires_at)
        .bind(now)
        .fetch_all(&self.writer)
        .await?
        .len()
            == 1;
        // Expired keys go a few at a time, so no call pays for a long sweep.
        sqlx::query("DELETE FROM spent_keys WHERE key IN (SELECT key FROM spent_keys WHERE expires_at < ?1 LIMIT 32)")
            .bind(now)
            .execute(&self.writer)
            .await?;
        Ok(spent)
    }

    async fn put_gift_card(&self, card: &GiftCard) -> Result<(), StoreError> {
        validate::gift_card(card)?;
        sqlx::query(
            "INSERT INTO gift_cards \
             (site, number, pin, balance_cents, currency, valid_until, updated_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) \
             ON CONFLICT (site, number) DO UPDATE SET pin = excluded.pin, \
             balance_cents = excluded.balance_cents, currency = excluded.currency, \
             valid_until = excluded.valid_until, updated_at = excluded.updated_at",
        )
        .bind(&card.site)
        .bind(&card.number)
        .bind(&card.pin)
        .bind(card.balance_cents)
        .bind(&card.currency)
        .bind(card.valid_until)
        .bind(now())
        .execute(&self.writer)
        .await?;
        Ok(())
    }

    async fn gift_card(
        &self,
        site: &str,
        number: &str,
        pin: &str,
    ) -> Result<Option<GiftCard>, StoreError> {
        validate::site(site)?;
        validate::key("gift card number", number)?;
        validate::key("gift card PIN", pin)?;
        let row = sqlx::query(
            "SELECT site, number, pin, balance_cents, currency, valid_until \
             FROM gift_cards WHERE site = ?1 AND number = ?2 AND pin = ?3",
        )
        .bind(site)
        .bind(number)
        .bind(pin)
        .fetch_optional(&self.reader)
        .await?;
        Ok(row.as_ref().map(gift_card_from_row).transpose()?)
    }
}
