//! The one implementation of [`ClientStore`], for both databases: inputs checked, the
//! transaction and pool each call uses, the favourite rules. The SQL is in
//! [`crate::statements`]; what differs between SQLite and PostgreSQL, in [`Dialect`].

use crate::dialect::Dialect;
use crate::statements::Statements;
use crate::{
    calendar_tokens, feelings, validate, CalendarFeedOwner, ClientChanges, ClientRecord,
    ClientStore, Emotion, GiftCard, NewClient, NotReady, ShowFeeling, StoreError, Voucher,
};
use async_trait::async_trait;
use sqlx::{Pool, Transaction};
use std::time::Duration;

/// How long a call waits for a pooled connection (SQLite's writer is shared by all writes).
pub(crate) const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);

/// Signed-in clients' data in an SQL database: [`crate::SqliteStore`] or
/// [`crate::PostgresStore`].
pub struct SqlStore<D: Dialect> {
    /// Where writes run: SQLite's single writer connection, PostgreSQL's pool.
    writer: Pool<D>,
    /// Where reads run: SQLite's readers (which never wait for the writer), PostgreSQL's pool.
    reader: Pool<D>,
    location: D::Location,
}

impl<D: Dialect> SqlStore<D> {
    /// A store over open pools of a migrated database (the two may be one pool).
    pub(crate) fn new(writer: Pool<D>, reader: Pool<D>, location: D::Location) -> SqlStore<D> {
        SqlStore {
            writer,
            reader,
            location,
        }
    }

    pub(crate) fn location(&self) -> &D::Location {
        &self.location
    }

    /// Closes the pools, waiting for calls in progress.
    pub async fn close(&self) {
        self.reader.close().await;
        self.writer.close().await;
    }

    /// A transaction that reads, then writes on what it read ([`Dialect::BEGIN_WRITE`]).
    async fn begin_write(&self) -> Result<Transaction<'static, D>, StoreError> {
        Ok(self.writer.begin_with(D::BEGIN_WRITE).await?)
    }
}

impl<D: Statements> SqlStore<D> {
    /// Removes the listed cinemas in one transaction and returns the list left.
    async fn remove_listed(
        &self,
        client_id: &str,
        site: &str,
        cinema_slugs: &[&str],
    ) -> Result<Vec<String>, StoreError> {
        let mut tx = self.begin_write().await?;
        D::remove_favourites(&mut tx, client_id, site, cinema_slugs).await?;
        let list = D::favourites(&mut tx, client_id, site).await?;
        tx.commit().await?;
        Ok(list)
    }
}

#[async_trait]
impl<D: Statements> ClientStore for SqlStore<D> {
    fn backend(&self) -> &'static str {
        D::BACKEND
    }

    async fn upsert_client(&self, client: &NewClient) -> Result<ClientRecord, StoreError> {
        validate::new_client(client)?;
        // Most calls come from a known client with unchanged claims: a read answers them,
        // without a write (nor a wait for SQLite's single writer).
        if let Some(existing) = self.client(&client.id).await? {
            if existing.email == client.email
                && existing.first_name == client.first_name
                && existing.last_name == client.last_name
            {
                return Ok(existing);
            }
        }
        let stored = D::upsert_client(&mut *self.writer.acquire().await?, client).await?;
        match stored {
            Some(stored) => Ok(stored),
            // A concurrent call stored the same claims first.
            None => self.client(&client.id).await?.ok_or(StoreError::NotFound),
        }
    }

    async fn client(&self, id: &str) -> Result<Option<ClientRecord>, StoreError> {
        validate::key("client id", id)?;
        D::client(&mut *self.reader.acquire().await?, id).await
    }

    async fn update_client(
        &self,
        id: &str,
        changes: &ClientChanges,
    ) -> Result<ClientRecord, StoreError> {
        validate::key("client id", id)?;
        validate::client_changes(changes)?;
        let mut tx = self.begin_write().await?;
        let client = D::lock_client(&mut tx, id)
            .await?
            .ok_or(StoreError::NotFound)?
            .with_changes(changes);
        D::update_client(&mut tx, &client).await?;
        tx.commit().await?;
        Ok(client)
    }

    async fn favourites(&self, client_id: &str, site: &str) -> Result<Vec<String>, StoreError> {
        validate::favourite_scope(client_id, site)?;
        D::favourites(&mut *self.reader.acquire().await?, client_id, site).await
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
        // The client's row lock (or SQLite's write lock) makes racing adds take turns, so
        // each one counts the list as the previous one left it.
        let mut tx = self.begin_write().await?;
        D::lock_client(&mut tx, client_id)
            .await?
            .ok_or(StoreError::NotFound)?;
        let mut list = D::favourites(&mut tx, client_id, site).await?;
        if list.iter().any(|slug| slug == cinema_slug) {
            tx.rollback().await?;
            return Ok(list);
        }
        if let Err(full) = validate::favourite_limit(list.len() + 1, limit) {
            tx.rollback().await?;
            return Err(full);
        }
        D::insert_favourite(&mut tx, client_id, site, cinema_slug).await?;
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
        self.remove_listed(client_id, site, &[cinema_slug]).await
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
        D::lock_client(&mut tx, client_id)
            .await?
            .ok_or(StoreError::NotFound)?;
        D::clear_favourites(&mut tx, client_id, site).await?;
        // Oldest first, so the first slug asked for gets the largest id: newest.
        for slug in wanted.iter().rev() {
            D::insert_favourite(&mut tx, client_id, site, slug).await?;
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
        self.remove_listed(client_id, site, &unwanted).await
    }

    async fn set_intention(
        &self,
        client_id: &str,
        show_slug: &str,
        intention: Option<i16>,
    ) -> Result<(), StoreError> {
        validate::key("client id", client_id)?;
        validate::key("show slug", show_slug)?;
        if let Some(intention) = intention {
            validate::intention(intention)?;
        }
        let mut conn = self.writer.acquire().await?;
        D::set_intention(&mut conn, client_id, show_slug, intention).await
    }

    async fn set_emotion(
        &self,
        client_id: &str,
        show_slug: &str,
        emotion: Option<Emotion>,
    ) -> Result<(), StoreError> {
        validate::key("client id", client_id)?;
        validate::key("show slug", show_slug)?;
        let mut conn = self.writer.acquire().await?;
        D::set_emotion(&mut conn, client_id, show_slug, emotion).await
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
        let mut conn = self.reader.acquire().await?;
        let rows = D::feeling_rows(&mut conn, client_id, Some(&asked)).await?;
        Ok(feelings::in_order_asked(&asked, rows))
    }

    async fn all_feelings(&self, client_id: &str) -> Result<Vec<ShowFeeling>, StoreError> {
        validate::key("client id", client_id)?;
        let mut conn = self.reader.acquire().await?;
        let rows = D::feeling_rows(&mut conn, client_id, None).await?;
        Ok(feelings::newest_first(rows))
    }

    async fn put_voucher(&self, voucher: &Voucher) -> Result<(), StoreError> {
        validate::voucher(voucher)?;
        D::put_voucher(&mut *self.writer.acquire().await?, voucher).await
    }

    async fn voucher(&self, site: &str, code: &str) -> Result<Option<Voucher>, StoreError> {
        validate::site(site)?;
        validate::key("voucher code", code)?;
        D::voucher(&mut *self.reader.acquire().await?, site, code).await
    }

    async fn spend_once(&self, key: &str, expires_at: i64) -> Result<bool, StoreError> {
        validate::spent_key(key)?;
        let now = chrono::Utc::now().timestamp();
        D::spend_once(&mut *self.writer.acquire().await?, key, expires_at, now).await
    }

    async fn put_gift_card(&self, card: &GiftCard) -> Result<(), StoreError> {
        validate::gift_card(card)?;
        D::put_gift_card(&mut *self.writer.acquire().await?, card).await
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
        D::gift_card(&mut *self.reader.acquire().await?, site, number, pin).await
    }

    async fn create_calendar_token(
        &self,
        client_id: &str,
        site: &str,
    ) -> Result<String, StoreError> {
        validate::favourite_scope(client_id, site)?;
        let secret = calendar_tokens::new_secret();
        let mut tx = self.begin_write().await?;
        D::lock_client(&mut tx, client_id)
            .await?
            .ok_or(StoreError::NotFound)?;
        D::put_calendar_token(&mut tx, client_id, site, &calendar_tokens::hash(&secret)).await?;
        tx.commit().await?;
        Ok(secret)
    }

    async fn revoke_calendar_token(&self, client_id: &str, site: &str) -> Result<bool, StoreError> {
        validate::favourite_scope(client_id, site)?;
        D::delete_calendar_token(&mut *self.writer.acquire().await?, client_id, site).await
    }

    async fn calendar_feed_owner(
        &self,
        secret: &str,
    ) -> Result<Option<CalendarFeedOwner>, StoreError> {
        if !calendar_tokens::is_secret_shaped(secret) {
            return Ok(None);
        }
        let hash = calendar_tokens::hash(secret);
        D::calendar_feed_owner(&mut *self.reader.acquire().await?, &hash).await
    }

    async fn check_writes(&self, by: &str) -> Vec<NotReady> {
        let mut failing = Vec::new();
        if let Some(reason) = D::location_problem(&self.location) {
            failing.push(NotReady {
                part: NotReady::FILE,
                reason,
            });
        }
        let written = async {
            validate::key("probe writer", by)?;
            let now = chrono::Utc::now().timestamp();
            D::probe_write(&mut *self.writer.acquire().await?, now, by).await
        };
        if let Err(error) = written.await {
            failing.push(NotReady {
                part: NotReady::WRITE,
                reason: error.to_string(),
            });
        }
        failing
    }
}
