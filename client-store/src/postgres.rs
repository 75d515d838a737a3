//! The PostgreSQL backend, for several API servers sharing one database.
//!
//! Read-then-write calls on a client's favourites lock the client's row first
//! (`SELECT … FOR NO KEY UPDATE`): two racing adds of one client run one after the other,
//! and under READ COMMITTED the second one's next statements see the first one's commit, so
//! the limit holds. `NO KEY UPDATE` rather than `UPDATE` because it still lets other
//! transactions insert rows referencing the client (their foreign-key check takes a
//! `KEY SHARE` lock, which `NO KEY UPDATE` does not block).

use crate::feelings::{self, FeelingRow};
use crate::{
    now, redact_url, validate, ClientChanges, ClientRecord, ClientStore, Emotion, GiftCard,
    NewClient, ShowFeeling, StoreError, Voucher,
};
use anyhow::Context;
use async_trait::async_trait;
use sqlx::postgres::{PgConnectOptions, PgConnection, PgPool, PgPoolOptions, PgRow};
use sqlx::{ConnectOptions, Connection, Row};
use std::str::FromStr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// Connections per API server; PostgreSQL's default `max_connections` (100) leaves room for
/// several servers.
const POOL_CONNECTIONS: u32 = 16;
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// Columns of [`ClientRecord`], in the order [`client_from_row`] reads them.
macro_rules! client_columns {
    () => {
        "id, email, first_name, last_name, photo_url, registered, email_verified, first_login, \
         send_newsletter, mail_communication, loyalty_level, created_at"
    };
}

const FAVOURITES: &str =
    "SELECT cinema_slug FROM favourite_cinemas WHERE client_id = $1 AND site = $2 ORDER BY id DESC";

/// Signed-in clients' data in a PostgreSQL database.
pub struct PostgresStore {
    pool: PgPool,
}

impl PostgresStore {
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
        MIGRATOR
            .run(&pool)
            .await
            .with_context(|| format!("migrating the client database at {target}"))?;
        tracing::info!(database = %target, "client store: PostgreSQL");
        Ok(PostgresStore { pool })
    }

    /// Closes the pool, waiting for calls in progress.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

fn client_from_row(row: &PgRow) -> Result<ClientRecord, sqlx::Error> {
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

fn voucher_from_row(row: &PgRow) -> Result<Voucher, StoreError> {
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

fn gift_card_from_row(row: &PgRow) -> Result<GiftCard, sqlx::Error> {
    Ok(GiftCard {
        number: row.try_get("number")?,
        pin: row.try_get("pin")?,
        site: row.try_get("site")?,
        balance_cents: row.try_get("balance_cents")?,
        currency: row.try_get("currency")?,
        valid_until: row.try_get("valid_until")?,
    })
}

fn feeling_from_row(row: &PgRow) -> Result<FeelingRow, StoreError> {
    let emotion: Option<String> = row.try_get(2)?;
    Ok(FeelingRow {
        slug: row.try_get(0)?,
        intention: row.try_get(1)?,
        emotion: emotion.map(|name| name.parse::<Emotion>()).transpose()?,
        changed_at: row.try_get(3)?,
    })
}

/// Locks the client's row until the transaction ends; `NotFound` if there is none.
async fn lock_client(conn: &mut PgConnection, client_id: &str) -> Result<(), StoreError> {
    sqlx::query("SELECT 1 FROM clients WHERE id = $1 FOR NO KEY UPDATE")
        .bind(client_id)
        .fetch_optional(conn)
        .await?
        .map(|_| ())
        .ok_or(StoreError::NotFound)
}

async fn favourites_in(
    conn: &mut PgConnection,
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
    conn: &mut PgConnection,
    client_id: &str,
    site: &str,
    cinema_slug: &str,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO favourite_cinemas (client_id, site, cinema_slug, added_at) \
         VALUES ($1, $2, $3, $4)",
    )
    .bind(client_id)
    .bind(site)
    .bind(cinema_slug)
    .bind(now())
    .execute(conn)
    .await?;
    Ok(())
}

#[async_trait]
impl ClientStore for PostgresStore {
    fn backend(&self) -> &'static str {
        "postgres"
    }

    async fn upsert_client(&self, client: &NewClient) -> Result<ClientRecord, StoreError> {
        validate::new_client(client)?;
        // The WHERE keeps an unchanged row untouched (no dead tuple per authenticated call);
        // RETURNING is then empty and the row is read as it is.
        let inserted = sqlx::query(concat!(
            "INSERT INTO clients (id, email, first_name, last_name, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $5) \
             ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, \
             first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, \
             updated_at = EXCLUDED.updated_at \
             WHERE (clients.email, clients.first_name, clients.last_name) \
             IS DISTINCT FROM (EXCLUDED.email, EXCLUDED.first_name, EXCLUDED.last_name) \
             RETURNING ",
            client_columns!()
        ))
        .bind(&client.id)
        .bind(&client.email)
        .bind(&client.first_name)
        .bind(&client.last_name)
        .bind(now())
        .fetch_optional(&self.pool)
        .await?;
        match inserted {
            Some(row) => Ok(client_from_row(&row)?),
            None => self.client(&client.id).await?.ok_or(StoreError::NotFound),
        }
    }

    async fn client(&self, id: &str) -> Result<Option<ClientRecord>, StoreError> {
        validate::key("client id", id)?;
        let row = sqlx::query(concat!(
            "SELECT ",
            client_columns!(),
            " FROM clients WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
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
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(concat!(
            "SELECT ",
            client_columns!(),
            " FROM clients WHERE id = $1 FOR NO KEY UPDATE"
        ))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(StoreError::NotFound)?;
        let client = client_from_row(&row)?.with_changes(changes);
        sqlx::query(
            "UPDATE clients SET photo_url = $2, registered = $3, email_verified = $4, \
             first_login = $5, send_newsletter = $6, mail_communication = $7, \
             loyalty_level = $8, updated_at = $9 WHERE id = $1",
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
        let mut conn = self.pool.acquire().await?;
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
        let mut tx = self.pool.begin().await?;
        lock_client(&mut tx, client_id).await?;
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
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "DELETE FROM favourite_cinemas WHERE client_id = $1 AND site = $2 AND cinema_slug = $3",
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
        let mut tx = self.pool.begin().await?;
        lock_client(&mut tx, client_id).await?;
        sqlx::query("DELETE FROM favourite_cinemas WHERE client_id = $1 AND site = $2")
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
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "DELETE FROM favourite_cinemas WHERE client_id = $1 AND site = $2 \
             AND cinema_slug = ANY($3)",
        )
        .bind(client_id)
        .bind(site)
        .bind(&unwanted)
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
                     VALUES ($1, $2, $3, $4) \
                     ON CONFLICT (client_id, show_slug) DO UPDATE \
                     SET intention = EXCLUDED.intention, updated_at = EXCLUDED.updated_at \
                     WHERE show_intentions.intention IS DISTINCT FROM EXCLUDED.intention",
                )
                .bind(client_id)
                .bind(show_slug)
                .bind(intention)
                .bind(now())
            }
            None => {
                sqlx::query("DELETE FROM show_intentions WHERE client_id = $1 AND show_slug = $2")
                    .bind(client_id)
                    .bind(show_slug)
            }
        };
        query.execute(&self.pool).await?;
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
                 VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (client_id, show_slug) DO UPDATE \
                 SET emotion = EXCLUDED.emotion, updated_at = EXCLUDED.updated_at \
                 WHERE show_emotions.emotion IS DISTINCT FROM EXCLUDED.emotion",
            )
            .bind(client_id)
            .bind(show_slug)
            .bind(emotion.as_str())
            .bind(now()),
            None => {
                sqlx::query("DELETE FROM show_emotions WHERE client_id = $1 AND show_slug = $2")
                    .bind(client_id)
                    .bind(show_slug)
            }
        };
        query.execute(&self.pool).await?;
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
            "SELECT show_slug, intention, NULL::text, updated_at FROM show_intentions \
             WHERE client_id = $1 AND show_slug = ANY($2) \
             UNION ALL \
             SELECT show_slug, NULL::smallint, emotion, updated_at FROM show_emotions \
             WHERE client_id = $1 AND show_slug = ANY($2)",
        )
        .bind(client_id)
        .bind(&asked)
        .fetch_all(&self.pool)
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
            "SELECT show_slug, intention, NULL::text, updated_at FROM show_intentions \
             WHERE client_id = $1 \
             UNION ALL \
             SELECT show_slug, NULL::smallint, emotion, updated_at FROM show_emotions \
             WHERE client_id = $1",
        )
        .bind(client_id)
        .fetch_all(&self.pool)
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
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
             ON CONFLICT (site, code) DO UPDATE SET label = EXCLUDED.label, \
             kind = EXCLUDED.kind, valid_until = EXCLUDED.valid_until, \
             balance_cents = EXCLUDED.balance_cents, status = EXCLUDED.status, \
             updated_at = EXCLUDED.updated_at",
        )
        .bind(&voucher.site)
        .bind(&voucher.code)
        .bind(&voucher.label)
        .bind(&voucher.kind)
        .bind(voucher.valid_until)
        .bind(voucher.balance_cents)
        .bind(voucher.status.as_str())
        .bind(now())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn voucher(&self, site: &str, code: &str) -> Result<Option<Voucher>, StoreError> {
        validate::site(site)?;
        validate::key("voucher code", code)?;
        let row = sqlx::query(
            "SELECT site, code, label, kind, valid_until, balance_cents, status \
             FROM vouchers WHERE site = $1 AND code = $2",
        )
        .bind(site)
        .bind(code)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(voucher_from_row).transpose()
    }

    async fn spend_once(&self, key: &str, expires_at: i64) -> Result<bool, StoreError> {
        validate::spent_key(key)?;
        let now = chrono::Utc::now().timestamp();
        // One statement: concurrent spends of one key serialise on its row, and exactly one
        // gets a row back.
        let spent = sqlx::query(
            "INSERT INTO spent_keys (key, expires_at) VALUES ($1, $2) \
             ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at \
             WHERE spent_keys.expires_at < $3 RETURNING key",
        )
        .bind(key)
        .bind(expires_at)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?
        .is_some();
        sqlx::query("DELETE FROM spent_keys WHERE key IN (SELECT key FROM spent_keys WHERE expires_at < $1 LIMIT 32)")
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(spent)
    }

    async fn put_gift_card(&self, card: &GiftCard) -> Result<(), StoreError> {
        validate::gift_card(card)?;
        sqlx::query(
            "INSERT INTO gift_cards \
             (site, number, pin, balance_cents, currency, valid_until, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) \
             ON CONFLICT (site, number) DO UPDATE SET pin = EXCLUDED.pin, \
             balance_cents = EXCLUDED.balance_cents, currency = EXCLUDED.currency, \
             valid_until = EXCLUDED.valid_until, updated_at = EXCLUDED.updated_at",
        )
        .bind(&card.site)
        .bind(&card.number)
        .bind(&card.pin)
        .bind(card.balance_cents)
        .bind(&card.currency)
        .bind(card.valid_until)
        .bind(now())
        .execute(&self.pool)
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
             FROM gift_cards WHERE site = $1 AND number = $2 AND pin = $3",
        )
        .bind(site)
        .bind(number)
        .bind(pin)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(gift_card_from_row).transpose()?)
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
