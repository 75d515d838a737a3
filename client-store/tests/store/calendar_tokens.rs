//! The private calendar feed's secrets (issue 17, item 1), on both backends: one per client
//! and site, kept hashed, replaced by a new one, gone once revoked.

use crate::common::{signed_in, TestDb};
use client_store::calendar_tokens::SECRET_LEN;
use client_store::{CalendarFeedOwner, StoreError};

on_both_backends!(
    workers = 2;
    a_secret_opens_its_clients_feed_until_revoked,
    a_new_secret_replaces_the_old_one,
    secrets_are_per_client_and_site,
    only_the_hash_is_stored,
    a_secret_needs_a_known_client,
    malformed_secrets_open_nothing,
);

fn owner(client: &str, site: &str) -> Option<CalendarFeedOwner> {
    Some(CalendarFeedOwner {
        client_id: client.to_string(),
        site: site.to_string(),
    })
}

async fn a_secret_opens_its_clients_feed_until_revoked(db: TestDb) {
    let store = db.store.clone();
    signed_in(&*store, "c1").await;
    let secret = store.create_calendar_token("c1", "fr").await.unwrap();
    assert_eq!(secret.len(), SECRET_LEN);
    assert_eq!(
        store.calendar_feed_owner(&secret).await.unwrap(),
        owner("c1", "fr")
    );
    assert!(store.revoke_calendar_token("c1", "fr").await.unwrap());
    assert_eq!(store.calendar_feed_owner(&secret).await.unwrap(), None);
    // Revoking again is harmless and says there was nothing.
    assert!(!store.revoke_calendar_token("c1", "fr").await.unwrap());
}

async fn a_new_secret_replaces_the_old_one(db: TestDb) {
    let store = db.store.clone();
    signed_in(&*store, "c1").await;
    let old = store.create_calendar_token("c1", "fr").await.unwrap();
    let new = store.create_calendar_token("c1", "fr").await.unwrap();
    assert_ne!(old, new);
    assert_eq!(store.calendar_feed_owner(&old).await.unwrap(), None);
    assert_eq!(
        store.calendar_feed_owner(&new).await.unwrap(),
        owner("c1", "fr")
    );
    // A second server on the same database sees the same.
    let other = db.reopen().await;
    assert_eq!(other.calendar_feed_owner(&old).await.unwrap(), None);
    assert_eq!(
        other.calendar_feed_owner(&new).await.unwrap(),
        owner("c1", "fr")
    );
}

async fn secrets_are_per_client_and_site(db: TestDb) {
    let store = db.store.clone();
    signed_in(&*store, "c1").await;
    signed_in(&*store, "c2").await;
    let c1_fr = store.create_calendar_token("c1", "fr").await.unwrap();
    let c1_be = store.create_calendar_token("c1", "be").await.unwrap();
    let c2_fr = store.create_calendar_token("c2", "fr").await.unwrap();
    assert_eq!(
        store.calendar_feed_owner(&c1_fr).await.unwrap(),
        owner("c1", "fr")
    );
    assert_eq!(
        store.calendar_feed_owner(&c1_be).await.unwrap(),
        owner("c1", "be")
    );
    assert_eq!(
        store.calendar_feed_owner(&c2_fr).await.unwrap(),
        owner("c2", "fr")
    );
    // Revoking one leaves the others.
    assert!(store.revoke_calendar_token("c1", "fr").await.unwrap());
    assert_eq!(store.calendar_feed_owner(&c1_fr).await.unwrap(), None);
    assert!(store.calendar_feed_owner(&c1_be).await.unwrap().is_some());
    assert!(store.calendar_feed_owner(&c2_fr).await.unwrap().is_some());
}

async fn only_the_hash_is_stored(db: TestDb) {
    signed_in(&*db.store, "c1").await;
    let secret = db.store.create_calendar_token("c1", "fr").await.unwrap();
    let stored = db.raw_column("calendar_tokens", "token_hash").await;
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].len(), 64, "a SHA-256 in hex: {stored:?}");
    assert!(!stored[0].contains(&secret));
    // The hash itself opens nothing.
    assert_eq!(
        db.store.calendar_feed_owner(&stored[0]).await.unwrap(),
        None
    );
}

async fn a_secret_needs_a_known_client(db: TestDb) {
    let store = db.store.clone();
    assert_eq!(
        store.create_calendar_token("nobody", "fr").await,
        Err(StoreError::NotFound)
    );
    assert!(matches!(
        store.create_calendar_token("c1", "").await,
        Err(StoreError::Invalid(_))
    ));
    assert!(db
        .raw_column("calendar_tokens", "token_hash")
        .await
        .is_empty());
}

async fn malformed_secrets_open_nothing(db: TestDb) {
    let store = db.store.clone();
    signed_in(&*store, "c1").await;
    let secret = store.create_calendar_token("c1", "fr").await.unwrap();
    for wrong in [
        String::new(),
        "x".to_string(),
        secret[1..].to_string(),
        format!("{secret}x"),
        secret.to_uppercase(),
        format!("{}\n", &secret[..SECRET_LEN - 1]),
    ] {
        if wrong == secret {
            continue;
        }
        assert_eq!(
            store.calendar_feed_owner(&wrong).await.unwrap(),
            None,
            "{wrong:?}"
        );
    }
}
