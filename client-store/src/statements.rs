//! Every SQL statement of the store, written once for both databases over sqlx's generic API;
//! the few words that differ come from the [`Dialect`]. A statement runs on the connection it
//! is given (a pooled one, or a transaction's): which pool and which transaction is the rules'
//! choice ([`crate::store`]). Rows decode through `sqlx::FromRow` (`row_struct!`), by column name.
//!
//! Writes with RETURNING read every row (`fetch_all`): an autocommit statement commits when it
//! runs to its end, so stopping at the first row would drop a failed COMMIT's error (SQLite on
//! a full disk) and report a write that was never kept.

use crate::dialect::Dialect;
use crate::feelings::FeelingRow;
use crate::{
    now, CalendarFeedOwner, ClientRecord, Emotion, GiftCard, NewClient, StoreError, Voucher,
    VoucherStatus,
};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use sqlx::{AssertSqlSafe, Database, Encode, Executor, FromRow, IntoArguments, Type};

/// Columns of [`ClientRecord`].
macro_rules! client_columns {
    () => {
        "id, email, first_name, last_name, photo_url, registered, email_verified, first_login, \
         send_newsletter, mail_communication, loyalty_level, created_at"
    };
}

type Conn<D> = <D as Database>::Connection;

/// A value bound as a parameter.
pub trait Bind<D: Database>: for<'q> Encode<'q, D> + Type<D> {}

impl<D: Database, T: for<'q> Encode<'q, D> + Type<D>> Bind<D> for T {}

/// SQL text assembled from this file's words and the dialect's, never from input.
fn assembled(sql: String) -> AssertSqlSafe<String> {
    AssertSqlSafe(sql)
}

/// The statements, one method each. Implemented once, below, for every dialect whose sqlx
/// driver binds and decodes the store's values (both drivers do).
#[async_trait]
pub trait Statements: Dialect {
    async fn client(conn: &mut Conn<Self>, id: &str) -> Result<Option<ClientRecord>, StoreError>;

    /// The client, its row locked until the transaction ends ([`Dialect::LOCK_ROW`]).
    async fn lock_client(
        conn: &mut Conn<Self>,
        id: &str,
    ) -> Result<Option<ClientRecord>, StoreError>;

    /// Inserts the client, or refreshes its claims when they changed; `None` when they had
    /// not (nothing written).
    async fn upsert_client(
        conn: &mut Conn<Self>,
        client: &NewClient,
    ) -> Result<Option<ClientRecord>, StoreError>;

    /// Writes the flags and optional fields of an existing client.
    async fn update_client(conn: &mut Conn<Self>, client: &ClientRecord) -> Result<(), StoreError>;

    /// Cinema slugs of the client on the site, newest first.
    async fn favourites(
        conn: &mut Conn<Self>,
        client_id: &str,
        site: &str,
    ) -> Result<Vec<String>, StoreError>;

    /// Adds a cinema as the newest favourite (it must not be one already).
    async fn insert_favourite(
        conn: &mut Conn<Self>,
        client_id: &str,
        site: &str,
        cinema_slug: &str,
    ) -> Result<(), StoreError>;

    /// Removes the listed cinemas that are favourites.
    async fn remove_favourites(
        conn: &mut Conn<Self>,
        client_id: &str,
        site: &str,
        cinema_slugs: &[&str],
    ) -> Result<(), StoreError>;

    /// Removes every favourite of the client on the site.
    async fn clear_favourites(
        conn: &mut Conn<Self>,
        client_id: &str,
        site: &str,
    ) -> Result<(), StoreError>;

    /// Sets (upsert) or, with `None`, removes an intention. An unchanged intention keeps its
    /// timestamp, so repeating a call does not move the show up the wish list.
    async fn set_intention(
        conn: &mut Conn<Self>,
        client_id: &str,
        show_slug: &str,
        intention: Option<i16>,
    ) -> Result<(), StoreError>;

    /// Sets (upsert) or, with `None`, removes an emotion; unchanged, it keeps its timestamp.
    async fn set_emotion(
        conn: &mut Conn<Self>,
        client_id: &str,
        show_slug: &str,
        emotion: Option<Emotion>,
    ) -> Result<(), StoreError>;

    /// The client's intention rows and emotion rows, of the listed shows or (`None`) of all.
    async fn feeling_rows(
        conn: &mut Conn<Self>,
        client_id: &str,
        show_slugs: Option<&[&str]>,
    ) -> Result<Vec<FeelingRow>, StoreError>;

    async fn put_voucher(conn: &mut Conn<Self>, voucher: &Voucher) -> Result<(), StoreError>;

    async fn voucher(
        conn: &mut Conn<Self>,
        site: &str,
        code: &str,
    ) -> Result<Option<Voucher>, StoreError>;

    /// Spends the key unless it is spent and not expired at `now` (Unix seconds); true when
    /// spent by this call. Then deletes a few expired keys.
    async fn spend_once(
        conn: &mut Conn<Self>,
        key: &str,
        expires_at: i64,
        now: i64,
    ) -> Result<bool, StoreError>;

    async fn put_gift_card(conn: &mut Conn<Self>, card: &GiftCard) -> Result<(), StoreError>;

    /// Sets the client's calendar-feed hash on the site, replacing the one it had.
    async fn put_calendar_token(
        conn: &mut Conn<Self>,
        client_id: &str,
        site: &str,
        token_hash: &str,
    ) -> Result<(), StoreError>;

    /// Deletes the client's calendar-feed hash on the site; true when there was one.
    async fn delete_calendar_token(
        conn: &mut Conn<Self>,
        client_id: &str,
        site: &str,
    ) -> Result<bool, StoreError>;

    async fn calendar_feed_owner(
        conn: &mut Conn<Self>,
        token_hash: &str,
    ) -> Result<Option<CalendarFeedOwner>, StoreError>;

    /// Writes the readiness probe's one row (`write_probe`): `now` (Unix seconds) and who.
    async fn probe_write(conn: &mut Conn<Self>, now: i64, by: &str) -> Result<(), StoreError>;

    async fn gift_card(
        conn: &mut Conn<Self>,
        site: &str,
        number: &str,
        pin: &str,
    ) -> Result<Option<GiftCard>, StoreError>;
}

/// The bounds spell out what the statements ask of a driver: run on its connections, bind
/// the store's values, decode its rows.
#[async_trait]
impl<D> Statements for D
where
    D: Dialect,
    for<'c> &'c mut Conn<D>: Executor<'c, Database = D>,
    D::Arguments: IntoArguments<D>,
    for<'a> &'a str: Bind<D>,
    Option<String>: Bind<D>,
    bool: Bind<D>,
    i16: Bind<D>,
    i64: Bind<D>,
    Option<i64>: Bind<D>,
    Option<NaiveDate>: Bind<D>,
    DateTime<Utc>: Bind<D>,
    Emotion: Bind<D>,
    VoucherStatus: Bind<D>,
    (String,): for<'r> FromRow<'r, D::Row>,
    ClientRecord: for<'r> FromRow<'r, D::Row>,
    FeelingRow: for<'r> FromRow<'r, D::Row>,
    Voucher: for<'r> FromRow<'r, D::Row>,
    GiftCard: for<'r> FromRow<'r, D::Row>,
    CalendarFeedOwner: for<'r> FromRow<'r, D::Row>,
{
    async fn client(conn: &mut Conn<D>, id: &str) -> Result<Option<ClientRecord>, StoreError> {
        Ok(sqlx::query_as(concat!(
            "SELECT ",
            client_columns!(),
            " FROM clients WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(conn)
        .await?)
    }

    async fn lock_client(conn: &mut Conn<D>, id: &str) -> Result<Option<ClientRecord>, StoreError> {
        let sql = format!(
            concat!(
                "SELECT ",
                client_columns!(),
                " FROM clients WHERE id = $1{}"
            ),
            D::LOCK_ROW
        );
        Ok(sqlx::query_as(assembled(sql))
            .bind(id)
            .fetch_optional(conn)
            .await?)
    }

    async fn upsert_client(
        conn: &mut Conn<D>,
        client: &NewClient,
    ) -> Result<Option<ClientRecord>, StoreError> {
        // The WHERE leaves unchanged claims untouched (no write, no dead row version).
        let rows = sqlx::query_as(concat!(
            "INSERT INTO clients (id, email, first_name, last_name, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $5) \
             ON CONFLICT (id) DO UPDATE SET email = excluded.email, \
             first_name = excluded.first_name, last_name = excluded.last_name, \
             updated_at = excluded.updated_at \
             WHERE (clients.email, clients.first_name, clients.last_name) \
             IS DISTINCT FROM (excluded.email, excluded.first_name, excluded.last_name) \
             RETURNING ",
            client_columns!()
        ))
        .bind(client.id.as_str())
        .bind(client.email.as_str())
        .bind(client.first_name.as_str())
        .bind(client.last_name.as_str())
        .bind(now())
        .fetch_all(conn)
        .await?;
        Ok(rows.into_iter().next())
    }

    async fn update_client(conn: &mut Conn<D>, client: &ClientRecord) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE clients SET photo_url = $2, registered = $3, email_verified = $4, \
             first_login = $5, send_newsletter = $6, mail_communication = $7, \
             loyalty_level = $8, updated_at = $9 WHERE id = $1",
        )
        .bind(client.id.as_str())
        .bind(&client.photo_url)
        .bind(client.registered)
        .bind(client.email_verified)
        .bind(client.first_login)
        .bind(client.send_newsletter)
        .bind(client.mail_communication)
        .bind(&client.loyalty_level)
        .bind(now())
        .execute(conn)
        .await?;
        Ok(())
    }

    async fn favourites(
        conn: &mut Conn<D>,
        client_id: &str,
        site: &str,
    ) -> Result<Vec<String>, StoreError> {
        // The id orders the list: a newer favourite always has a larger one.
        Ok(sqlx::query_scalar(
            "SELECT cinema_slug FROM favourite_cinemas \
             WHERE client_id = $1 AND site = $2 ORDER BY id DESC",
        )
        .bind(client_id)
        .bind(site)
        .fetch_all(conn)
        .await?)
    }

    async fn insert_favourite(
        conn: &mut Conn<D>,
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

    async fn remove_favourites(
        conn: &mut Conn<D>,
        client_id: &str,
        site: &str,
        cinema_slugs: &[&str],
    ) -> Result<(), StoreError> {
        let sql = format!(
            "DELETE FROM favourite_cinemas WHERE client_id = $1 AND site = $2 AND {}",
            D::is_one_of("cinema_slug", 3)
        );
        sqlx::query(assembled(sql))
            .bind(client_id)
            .bind(site)
            .bind(D::keys(cinema_slugs))
            .execute(conn)
            .await?;
        Ok(())
    }

    async fn clear_favourites(
        conn: &mut Conn<D>,
        client_id: &str,
        site: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM favourite_cinemas WHERE client_id = $1 AND site = $2")
            .bind(client_id)
            .bind(site)
            .execute(conn)
            .await?;
        Ok(())
    }

    async fn set_intention(
        conn: &mut Conn<D>,
        client_id: &str,
        show_slug: &str,
        intention: Option<i16>,
    ) -> Result<(), StoreError> {
        let query = match intention {
            Some(intention) => sqlx::query(
                "INSERT INTO show_intentions (client_id, show_slug, intention, updated_at) \
                 VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (client_id, show_slug) DO UPDATE \
                 SET intention = excluded.intention, updated_at = excluded.updated_at \
                 WHERE show_intentions.intention IS DISTINCT FROM excluded.intention",
            )
            .bind(client_id)
            .bind(show_slug)
            .bind(intention)
            .bind(now()),
            None => {
                sqlx::query("DELETE FROM show_intentions WHERE client_id = $1 AND show_slug = $2")
                    .bind(client_id)
                    .bind(show_slug)
            }
        };
        query.execute(conn).await?;
        Ok(())
    }

    async fn set_emotion(
        conn: &mut Conn<D>,
        client_id: &str,
        show_slug: &str,
        emotion: Option<Emotion>,
    ) -> Result<(), StoreError> {
        let query = match emotion {
            Some(emotion) => sqlx::query(
                "INSERT INTO show_emotions (client_id, show_slug, emotion, updated_at) \
                 VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (client_id, show_slug) DO UPDATE \
                 SET emotion = excluded.emotion, updated_at = excluded.updated_at \
                 WHERE show_emotions.emotion IS DISTINCT FROM excluded.emotion",
            )
            .bind(client_id)
            .bind(show_slug)
            .bind(emotion)
            .bind(now()),
            None => {
                sqlx::query("DELETE FROM show_emotions WHERE client_id = $1 AND show_slug = $2")
                    .bind(client_id)
                    .bind(show_slug)
            }
        };
        query.execute(conn).await?;
        Ok(())
    }

    async fn feeling_rows(
        conn: &mut Conn<D>,
        client_id: &str,
        show_slugs: Option<&[&str]>,
    ) -> Result<Vec<FeelingRow>, StoreError> {
        let among_shows = match show_slugs {
            Some(_) => format!(" AND {}", D::is_one_of("show_slug", 2)),
            None => String::new(),
        };
        // One query for both tables: each row carries one of intention and emotion.
        let sql = format!(
            "SELECT show_slug AS slug, intention, CAST(NULL AS TEXT) AS emotion, \
             updated_at AS changed_at FROM show_intentions WHERE client_id = $1{among_shows} \
             UNION ALL \
             SELECT show_slug, CAST(NULL AS SMALLINT), emotion, updated_at \
             FROM show_emotions WHERE client_id = $1{among_shows}"
        );
        let query = sqlx::query_as(assembled(sql)).bind(client_id);
        let query = match show_slugs {
            Some(slugs) => query.bind(D::keys(slugs)),
            None => query,
        };
        Ok(query.fetch_all(conn).await?)
    }

    async fn put_voucher(conn: &mut Conn<D>, voucher: &Voucher) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO vouchers \
             (site, code, label, kind, valid_until, balance_cents, status, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
             ON CONFLICT (site, code) DO UPDATE SET label = excluded.label, \
             kind = excluded.kind, valid_until = excluded.valid_until, \
             balance_cents = excluded.balance_cents, status = excluded.status, \
             updated_at = excluded.updated_at",
        )
        .bind(voucher.site.as_str())
        .bind(voucher.code.as_str())
        .bind(voucher.label.as_str())
        .bind(voucher.kind.as_str())
        .bind(voucher.valid_until)
        .bind(voucher.balance_cents)
        .bind(voucher.status)
        .bind(now())
        .execute(conn)
        .await?;
        Ok(())
    }

    async fn voucher(
        conn: &mut Conn<D>,
        site: &str,
        code: &str,
    ) -> Result<Option<Voucher>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT site, code, label, kind, valid_until, balance_cents, status \
             FROM vouchers WHERE site = $1 AND code = $2",
        )
        .bind(site)
        .bind(code)
        .fetch_optional(conn)
        .await?)
    }

    async fn spend_once(
        conn: &mut Conn<D>,
        key: &str,
        expires_at: i64,
        now: i64,
    ) -> Result<bool, StoreError> {
        // One statement: concurrent spends of one key serialise on its row and exactly one
        // gets a row back; a key still spent is left alone, an expired one is spent again.
        let spent = sqlx::query(
            "INSERT INTO spent_keys (key, expires_at) VALUES ($1, $2) \
             ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at \
             WHERE spent_keys.expires_at < $3 RETURNING key",
        )
        .bind(key)
        .bind(expires_at)
        .bind(now)
        .fetch_all(&mut *conn)
        .await?
        .len()
            == 1;
        // Expired keys go a few at a time, so no call pays for a long sweep.
        sqlx::query(
            "DELETE FROM spent_keys WHERE key IN \
             (SELECT key FROM spent_keys WHERE expires_at < $1 LIMIT 32)",
        )
        .bind(now)
        .execute(conn)
        .await?;
        Ok(spent)
    }

    async fn put_gift_card(conn: &mut Conn<D>, card: &GiftCard) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO gift_cards \
             (site, number, pin, balance_cents, currency, valid_until, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) \
             ON CONFLICT (site, number) DO UPDATE SET pin = excluded.pin, \
             balance_cents = excluded.balance_cents, currency = excluded.currency, \
             valid_until = excluded.valid_until, updated_at = excluded.updated_at",
        )
        .bind(card.site.as_str())
        .bind(card.number.as_str())
        .bind(card.pin.as_str())
        .bind(card.balance_cents)
        .bind(card.currency.as_str())
        .bind(card.valid_until)
        .bind(now())
        .execute(conn)
        .await?;
        Ok(())
    }

    async fn put_calendar_token(
        conn: &mut Conn<D>,
        client_id: &str,
        site: &str,
        token_hash: &str,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO calendar_tokens (client_id, site, token_hash, created_at) \
             VALUES ($1, $2, $3, $4) \
             ON CONFLICT (client_id, site) DO UPDATE \
             SET token_hash = excluded.token_hash, created_at = excluded.created_at",
        )
        .bind(client_id)
        .bind(site)
        .bind(token_hash)
        .bind(now())
        .execute(conn)
        .await?;
        Ok(())
    }

    async fn delete_calendar_token(
        conn: &mut Conn<D>,
        client_id: &str,
        site: &str,
    ) -> Result<bool, StoreError> {
        let deleted = sqlx::query(
            "DELETE FROM calendar_tokens WHERE client_id = $1 AND site = $2 RETURNING site",
        )
        .bind(client_id)
        .bind(site)
        .fetch_all(conn)
        .await?;
        Ok(!deleted.is_empty())
    }

    async fn calendar_feed_owner(
        conn: &mut Conn<D>,
        token_hash: &str,
    ) -> Result<Option<CalendarFeedOwner>, StoreError> {
        Ok(
            sqlx::query_as("SELECT client_id, site FROM calendar_tokens WHERE token_hash = $1")
                .bind(token_hash)
                .fetch_optional(conn)
                .await?,
        )
    }

    async fn probe_write(conn: &mut Conn<D>, now: i64, by: &str) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO write_probe (id, checked_at, checked_by) VALUES (1, $1, $2) \
             ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at, \
             checked_by = excluded.checked_by",
        )
        .bind(now)
        .bind(by)
        .execute(conn)
        .await?;
        Ok(())
    }

    async fn gift_card(
        conn: &mut Conn<D>,
        site: &str,
        number: &str,
        pin: &str,
    ) -> Result<Option<GiftCard>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT site, number, pin, balance_cents, currency, valid_until \
             FROM gift_cards WHERE site = $1 AND number = $2 AND pin = $3",
        )
        .bind(site)
        .bind(number)
        .bind(pin)
        .fetch_optional(conn)
        .await?)
    }
}
