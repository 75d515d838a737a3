//! Signed-in clients' data of the runtime API (spec §3 Client, Feelings; §4 Favourite cinemas;
//! §6 limits; §7 Client calls): the client row, favourite cinemas per site, intentions (wish
//! list) and emotions per show, and the cards the voucher checker and gift-card page look up.
//!
//! One trait, [`ClientStore`], and one implementation of it, [`SqlStore`], over two databases:
//! [`SqliteStore`] for a single server and [`PostgresStore`] for several. [`open_store`] picks
//! one from configuration. The store is written once, in layers:
//!
//! - `store`: the rules — inputs checked ([`validate`]), which pool and transaction each
//!   call uses, favourites' order and limit, feelings folded per show (`feelings`);
//! - `statements`: every SQL statement, written once over sqlx's generic API, rows read
//!   through `sqlx::FromRow` (`row_struct!`, in `rows`);
//! - [`Dialect`]: what differs, implemented by sqlx's driver types in [`sqlite`] and
//!   [`postgres`] (how a write transaction starts, the row lock, how a list of keys is bound),
//!   beside each database's connection set-up and migrations folder (sqlx's `Any` driver maps
//!   too few types to share one schema).
//!
//! The store knows no site rules: the caller passes the favourite limit (`site` crate,
//! `Site::favourite_limit`), which [`validate::favourite_limit`] applies, and reads whichever
//! newsletter flag its site uses. Ids and slugs are opaque strings, checked for length and
//! control characters only ([`validate`]).

#[macro_use]
mod rows;

pub mod calendar_tokens;
mod columns;
mod dialect;
mod error;
mod feelings;
mod migrations;
pub mod postgres;
pub mod sqlite;
mod statements;
mod store;
pub mod validate;

pub use dialect::Dialect;
pub use error::StoreError;
pub use postgres::PostgresStore;
pub use sqlite::SqliteStore;
pub use store::SqlStore;

use anyhow::Context;
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, SubsecRound, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;

/// File name of the SQLite database inside the data directory.
pub const SQLITE_FILE_NAME: &str = "clients.sqlite3";

/// The signed-in clients' data. Every method is one transaction; list-returning writes return
/// the list as committed, so the caller never needs a second read.
#[async_trait]
pub trait ClientStore: Send + Sync {
    /// "sqlite" or "postgres", for logs and benchmarks.
    fn backend(&self) -> &'static str;

    /// Creates the client on its first authenticated call (from the token's claims) or
    /// refreshes its email and names; flags set since are kept.
    async fn upsert_client(&self, client: &NewClient) -> Result<ClientRecord, StoreError>;

    async fn client(&self, id: &str) -> Result<Option<ClientRecord>, StoreError>;

    /// Changes the given flags and fields of an existing client (`NotFound` otherwise).
    async fn update_client(
        &self,
        id: &str,
        changes: &ClientChanges,
    ) -> Result<ClientRecord, StoreError>;

    /// Cinema slugs of the client on `site`, newest first (empty for an unknown client).
    async fn favourites(&self, client_id: &str, site: &str) -> Result<Vec<String>, StoreError>;

    /// Puts the cinema first in the list. Already present: the list is returned unchanged.
    /// Full (`limit` entries): `LimitReached { limit }`. Racing adds never exceed the limit.
    async fn add_favourite(
        &self,
        client_id: &str,
        site: &str,
        cinema_slug: &str,
        limit: usize,
    ) -> Result<Vec<String>, StoreError>;

    /// Removes the cinema if present (absent is not an error) and returns the list.
    async fn remove_favourite(
        &self,
        client_id: &str,
        site: &str,
        cinema_slug: &str,
    ) -> Result<Vec<String>, StoreError>;

    /// Replaces the whole list (PATCH accounts/me/cinemas): `cinema_slugs[0]` becomes the
    /// newest; duplicates count once; more than `limit` distinct slugs is `LimitReached`
    /// and changes nothing.
    async fn replace_favourites(
        &self,
        client_id: &str,
        site: &str,
        cinema_slugs: &[String],
        limit: usize,
    ) -> Result<Vec<String>, StoreError>;

    /// Removes each listed cinema that is present (DELETE accounts/me/cinemas).
    async fn remove_favourites(
        &self,
        client_id: &str,
        site: &str,
        cinema_slugs: &[String],
    ) -> Result<Vec<String>, StoreError>;

    /// Sets (upsert) or, with `None`, removes the client's intention for a show.
    async fn set_intention(
        &self,
        client_id: &str,
        show_slug: &str,
        intention: Option<i16>,
    ) -> Result<(), StoreError>;

    /// Sets (upsert) or, with `None`, removes the client's emotion for a show.
    async fn set_emotion(
        &self,
        client_id: &str,
        show_slug: &str,
        emotion: Option<Emotion>,
    ) -> Result<(), StoreError>;

    /// Feelings of the listed shows that have an intention or an emotion, in the order asked
    /// (each slug once). At most [`validate::MAX_SLUGS_PER_CALL`] slugs.
    async fn feelings(
        &self,
        client_id: &str,
        show_slugs: &[String],
    ) -> Result<Vec<ShowFeeling>, StoreError>;

    /// Every feeling of the client, most recently changed first (the wish list page).
    async fn all_feelings(&self, client_id: &str) -> Result<Vec<ShowFeeling>, StoreError>;

    /// Creates or replaces the voucher `(site, code)`.
    async fn put_voucher(&self, voucher: &Voucher) -> Result<(), StoreError>;

    async fn voucher(&self, site: &str, code: &str) -> Result<Option<Voucher>, StoreError>;

    /// Spends `key` until `expires_at` (Unix seconds): true the first time, false while it is
    /// spent. Atomic across replicas sharing the store (captcha solutions are used once).
    async fn spend_once(&self, key: &str, expires_at: i64) -> Result<bool, StoreError>;

    /// Creates or replaces the gift card `(site, number)`.
    async fn put_gift_card(&self, card: &GiftCard) -> Result<(), StoreError>;

    /// The card only when both number and PIN match (a wrong PIN looks like no card).
    async fn gift_card(
        &self,
        site: &str,
        number: &str,
        pin: &str,
    ) -> Result<Option<GiftCard>, StoreError>;

    /// Creates the client's calendar-feed secret on `site`, replacing the one it had (whose
    /// feed then answers no more), and returns it: the only time it is seen, since the store
    /// keeps its hash only ([`calendar_tokens`]). `NotFound` for an unknown client.
    async fn create_calendar_token(
        &self,
        client_id: &str,
        site: &str,
    ) -> Result<String, StoreError>;

    /// Deletes the client's calendar-feed secret on `site`; true when there was one.
    async fn revoke_calendar_token(&self, client_id: &str, site: &str) -> Result<bool, StoreError>;

    /// Whose feed a secret opens: `None` for a revoked, replaced, unknown or ill-formed one.
    async fn calendar_feed_owner(
        &self,
        secret: &str,
    ) -> Result<Option<CalendarFeedOwner>, StoreError>;

    /// Whether the store can keep writes now, for a readiness check: a real write (the one
    /// row of `write_probe` set to now and `by`, through the pool writes use) and, for SQLite,
    /// the database file still the one opened at its path (a file deleted under a running
    /// server keeps taking writes on its unlinked inode, all lost). Empty when ready; else
    /// each failing part ([`NotReady::FILE`], [`NotReady::WRITE`]) with why.
    async fn check_writes(&self, by: &str) -> Vec<NotReady>;
}

/// A part of the store that keeps it from taking writes ([`ClientStore::check_writes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotReady {
    pub part: &'static str,
    pub reason: String,
}

impl NotReady {
    /// SQLite's database file is gone from its path or was replaced.
    pub const FILE: &'static str = "store_file";
    /// The probe write failed (a read-only database, file or folder, a full disk, no server).
    pub const WRITE: &'static str = "store_write";
}

/// What the token tells about a client on an authenticated call.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewClient {
    pub id: String,
    /// May be empty when the token carries no email.
    pub email: String,
    pub first_name: String,
    pub last_name: String,
}

row_struct! {
    /// A stored client. A new client is `registered` (the identity provider knows them), on
    /// their `first_login`, with an unverified email and no newsletter.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct ClientRecord {
        pub id: String,
        pub email: String,
        pub first_name: String,
        pub last_name: String,
        pub photo_url: Option<String>,
        pub registered: bool,
        pub email_verified: bool,
        pub first_login: bool,
        /// The newsletter flag of sites other than FR (spec §6).
        pub send_newsletter: bool,
        /// The newsletter flag of the FR site (spec §6).
        pub mail_communication: bool,
        pub loyalty_level: Option<String>,
        pub created_at: DateTime<Utc>,
    }
}

/// Changes to a client; `None` leaves a field as it is. For the optional fields,
/// `Some(None)` clears them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClientChanges {
    pub photo_url: Option<Option<String>>,
    pub registered: Option<bool>,
    pub email_verified: Option<bool>,
    pub first_login: Option<bool>,
    pub send_newsletter: Option<bool>,
    pub mail_communication: Option<bool>,
    pub loyalty_level: Option<Option<String>>,
}

impl ClientRecord {
    /// The record with `changes` applied.
    pub fn with_changes(mut self, changes: &ClientChanges) -> ClientRecord {
        if let Some(photo_url) = &changes.photo_url {
            self.photo_url = photo_url.clone();
        }
        if let Some(loyalty_level) = &changes.loyalty_level {
            self.loyalty_level = loyalty_level.clone();
        }
        let flags = [
            (&mut self.registered, changes.registered),
            (&mut self.email_verified, changes.email_verified),
            (&mut self.first_login, changes.first_login),
            (&mut self.send_newsletter, changes.send_newsletter),
            (&mut self.mail_communication, changes.mail_communication),
        ];
        for (flag, change) in flags {
            if let Some(value) = change {
                *flag = value;
            }
        }
        self
    }
}

row_struct! {
    /// The client and site of a calendar-feed secret ([`ClientStore::calendar_feed_owner`]).
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct CalendarFeedOwner {
        pub client_id: String,
        pub site: String,
    }
}

/// A client's rating of a show (spec §3 Feelings).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Emotion {
    Disappointed,
    Liked,
    Loved,
}

impl Emotion {
    pub const ALL: [Emotion; 3] = [Emotion::Disappointed, Emotion::Liked, Emotion::Loved];

    /// The stored and serialised name (the migrations' CHECK lists the same three).
    pub fn as_str(self) -> &'static str {
        match self {
            Emotion::Disappointed => "disappointed",
            Emotion::Liked => "liked",
            Emotion::Loved => "loved",
        }
    }
}

impl fmt::Display for Emotion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Emotion {
    type Err = StoreError;

    fn from_str(text: &str) -> Result<Emotion, StoreError> {
        Emotion::ALL
            .into_iter()
            .find(|emotion| emotion.as_str() == text)
            .ok_or_else(|| StoreError::Invalid(format!("unknown emotion {text:?}")))
    }
}

/// A client's intention (wish list) and emotion for one show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ShowFeeling {
    pub slug: String,
    pub intention: Option<i16>,
    pub emotion: Option<Emotion>,
}

/// Where a voucher stands. The voucher checker answers "card found" only for `Valid`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VoucherStatus {
    Valid,
    Used,
    Expired,
    Cancelled,
}

impl VoucherStatus {
    pub const ALL: [VoucherStatus; 4] = [
        VoucherStatus::Valid,
        VoucherStatus::Used,
        VoucherStatus::Expired,
        VoucherStatus::Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            VoucherStatus::Valid => "valid",
            VoucherStatus::Used => "used",
            VoucherStatus::Expired => "expired",
            VoucherStatus::Cancelled => "cancelled",
        }
    }
}

impl FromStr for VoucherStatus {
    type Err = StoreError;

    fn from_str(text: &str) -> Result<VoucherStatus, StoreError> {
        VoucherStatus::ALL
            .into_iter()
            .find(|status| status.as_str() == text)
            .ok_or_else(|| StoreError::Invalid(format!("unknown voucher status {text:?}")))
    }
}

row_struct! {
    /// A voucher the voucher checker looks up by code, per site.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct Voucher {
        pub code: String,
        pub site: String,
        pub label: String,
        /// What the voucher is for (e.g. "cinecarte-5", "ticket"); opaque to the store.
        pub kind: String,
        pub valid_until: Option<NaiveDate>,
        /// Remaining amount, when the voucher carries one.
        pub balance_cents: Option<i64>,
        pub status: VoucherStatus,
    }
}

row_struct! {
    /// A gift card looked up by number and PIN, per site.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct GiftCard {
        pub number: String,
        pub pin: String,
        pub site: String,
        pub balance_cents: i64,
        /// ISO 4217 code, e.g. "EUR".
        pub currency: String,
        pub valid_until: Option<NaiveDate>,
    }
}

/// Opens the configured store: a `postgres://` (or `postgresql://`) URL selects PostgreSQL,
/// a `sqlite:` URL that file, and no URL SQLite at `data_dir/clients.sqlite3`. Any other
/// scheme is refused rather than silently falling back to SQLite.
pub async fn open_store(
    database_url: Option<&str>,
    data_dir: &Path,
) -> anyhow::Result<Arc<dyn ClientStore>> {
    let url = database_url.map(str::trim).filter(|url| !url.is_empty());
    let store: Arc<dyn ClientStore> = match url {
        Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
            Arc::new(PostgresStore::connect(url).await?)
        }
        Some(url) if url.starts_with("sqlite:") => {
            let path = url.trim_start_matches("sqlite:").trim_start_matches("//");
            Arc::new(SqliteStore::open(Path::new(path)).await?)
        }
        Some(url) => anyhow::bail!(
            "unsupported database URL {}: use postgres://…, sqlite:PATH or none (SQLite in the data directory)",
            redact_url(url)
        ),
        None => {
            std::fs::create_dir_all(data_dir)
                .with_context(|| format!("creating the data directory {}", data_dir.display()))?;
            Arc::new(SqliteStore::open(&data_dir.join(SQLITE_FILE_NAME)).await?)
        }
    };
    Ok(store)
}

/// The URL with its password replaced by `***`, for logs and error messages.
pub fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    match rest[..authority_end].rfind('@') {
        Some(at) => match rest[..at].split_once(':') {
            Some((user, _password)) => format!("{scheme}://{user}:***{}", &rest[at..]),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

/// "Now" at the microsecond, the precision PostgreSQL keeps, so both backends return the
/// same timestamps they were given.
pub(crate) fn now() -> DateTime<Utc> {
    Utc::now().trunc_subsecs(6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redacts_only_the_password() {
        assert_eq!(
            redact_url("postgres://postgres:secret@127.0.0.1:5432/db?sslmode=disable"),
            "postgres://postgres:***@127.0.0.1:5432/db?sslmode=disable"
        );
        assert_eq!(
            redact_url("postgres://127.0.0.1/db"),
            "postgres://127.0.0.1/db"
        );
        assert_eq!(
            redact_url("postgres://user@host/db"),
            "postgres://user@host/db"
        );
    }

    #[test]
    fn emotions_and_statuses_round_trip_through_their_names() {
        for emotion in Emotion::ALL {
            assert_eq!(emotion.as_str().parse::<Emotion>().unwrap(), emotion);
            assert_eq!(
                serde_json::to_string(&emotion).unwrap(),
                format!("\"{emotion}\"")
            );
        }
        for status in VoucherStatus::ALL {
            assert_eq!(status.as_str().parse::<VoucherStatus>().unwrap(), status);
        }
        assert!(matches!(
            "hated".parse::<Emotion>(),
            Err(StoreError::Invalid(_))
        ));
    }

    #[test]
    fn changes_touch_only_what_they_name() {
        let client = ClientRecord {
            id: "c1".into(),
            email: "a@b.c".into(),
            first_name: "Ada".into(),
            last_name: "Lovelace".into(),
            photo_url: Some("https://x/p.png".into()),
            registered: true,
            email_verified: false,
            first_login: true,
            send_newsletter: false,
            mail_communication: false,
            loyalty_level: None,
            created_at: now(),
        };
        let changed = client.clone().with_changes(&ClientChanges {
            photo_url: Some(None),
            first_login: Some(false),
            loyalty_level: Some(Some("gold".into())),
            ..ClientChanges::default()
        });
        assert_eq!(changed.photo_url, None);
        assert!(!changed.first_login);
        assert_eq!(changed.loyalty_level.as_deref(), Some("gold"));
        assert_eq!(changed.registered, client.registered);
        assert_eq!(changed.email, client.email);
    }
}
