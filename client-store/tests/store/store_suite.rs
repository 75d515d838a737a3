//! The behaviour every `ClientStore` must have, written once and run on both backends:
//! `sqlite::<case>` on a fresh SQLite file, `postgres::<case>` on a fresh PostgreSQL database
//! (see tests/common/mod.rs for the PostgreSQL server and SKIP_POSTGRES).

use crate::common::{signed_in, strings, TestDb};
use chrono::NaiveDate;
use client_store::{
    ClientChanges, ClientStore, Emotion, GiftCard, NewClient, ShowFeeling, StoreError, Voucher,
    VoucherStatus,
};
use std::sync::Arc;
use tokio::task::JoinSet;

on_both_backends!(
    workers = 4;
    new_favourites_come_first_and_repeats_change_nothing,
    removing_a_favourite_keeps_the_others_in_order,
    a_full_list_refuses_with_its_limit,
    favourites_are_kept_per_site,
    writes_need_a_known_client,
    racing_adds_stop_at_a_limit_of_5,
    racing_adds_stop_at_a_limit_of_1,
    racing_adds_through_two_stores_stop_at_the_limit,
    fifty_writers_toggle_without_losing_or_duplicating_rows,
    lists_are_replaced_and_removed_in_one_call,
    intentions_are_set_replaced_and_removed,
    emotions_are_set_replaced_and_removed,
    feelings_come_in_the_order_asked,
    signing_in_again_refreshes_claims_and_keeps_flags,
    vouchers_and_gift_cards_round_trip,
    invalid_inputs_are_refused_and_not_stored,
    migrations_run_again_without_harm,
    a_key_is_spent_once_until_it_expires,
);

const FR: &str = "fr";
const NL: &str = "nl";
const BE: &str = "be";

async fn new_favourites_come_first_and_repeats_change_nothing(db: TestDb) {
    let store = db.store;
    signed_in(&*store, "c1").await;
    assert_eq!(
        store.favourites("c1", FR).await.unwrap(),
        Vec::<String>::new()
    );
    assert_eq!(store.add_favourite("c1", FR, "a", 5).await.unwrap(), ["a"]);
    assert_eq!(
        store.add_favourite("c1", FR, "b", 5).await.unwrap(),
        ["b", "a"]
    );
    // Adding a present cinema is idempotent: same list, same order.
    assert_eq!(
        store.add_favourite("c1", FR, "a", 5).await.unwrap(),
        ["b", "a"]
    );
    assert_eq!(
        store.add_favourite("c1", FR, "c", 5).await.unwrap(),
        ["c", "b", "a"]
    );
    assert_eq!(store.favourites("c1", FR).await.unwrap(), ["c", "b", "a"]);
}

async fn removing_a_favourite_keeps_the_others_in_order(db: TestDb) {
    let store = db.store;
    signed_in(&*store, "c1").await;
    for slug in ["a", "b", "c"] {
        store.add_favourite("c1", FR, slug, 5).await.unwrap();
    }
    assert_eq!(
        store.remove_favourite("c1", FR, "b").await.unwrap(),
        ["c", "a"]
    );
    // Removing an absent cinema is not an error.
    assert_eq!(
        store.remove_favourite("c1", FR, "b").await.unwrap(),
        ["c", "a"]
    );
    assert_eq!(
        store.remove_favourite("c1", FR, "zz").await.unwrap(),
        ["c", "a"]
    );
    assert_eq!(store.favourites("c1", FR).await.unwrap(), ["c", "a"]);
    // Re-adding puts it first, as a new favourite.
    assert_eq!(
        store.add_favourite("c1", FR, "b", 5).await.unwrap(),
        ["b", "c", "a"]
    );
}

async fn a_full_list_refuses_with_its_limit(db: TestDb) {
    let store = db.store;
    signed_in(&*store, "c1").await;
    for slug in ["a", "b", "c", "d", "e"] {
        store.add_favourite("c1", FR, slug, 5).await.unwrap();
    }
    let refused = store.add_favourite("c1", FR, "f", 5).await.unwrap_err();
    assert_eq!(refused, StoreError::LimitReached { limit: 5 });
    assert!(refused.to_string().contains('5'), "{refused}");
    assert_eq!(
        store.favourites("c1", FR).await.unwrap(),
        ["e", "d", "c", "b", "a"]
    );
    // A full list still answers a repeated add with the list.
    assert_eq!(
        store.add_favourite("c1", FR, "c", 5).await.unwrap(),
        ["e", "d", "c", "b", "a"]
    );
    store.remove_favourite("c1", FR, "a").await.unwrap();
    assert_eq!(
        store.add_favourite("c1", FR, "f", 5).await.unwrap(),
        ["f", "e", "d", "c", "b"]
    );

    // Sites other than FR and NL allow one favourite.
    assert_eq!(store.add_favourite("c1", BE, "x", 1).await.unwrap(), ["x"]);
    assert_eq!(
        store.add_favourite("c1", BE, "y", 1).await,
        Err(StoreError::LimitReached { limit: 1 })
    );
    assert_eq!(store.favourites("c1", BE).await.unwrap(), ["x"]);
}

async fn favourites_are_kept_per_site(db: TestDb) {
    let store = db.store;
    signed_in(&*store, "c1").await;
    for slug in ["a", "b", "c", "d", "e"] {
        store.add_favourite("c1", FR, slug, 5).await.unwrap();
    }
    // A full FR list does not count against NL, and the same slug may be on both.
    assert_eq!(store.add_favourite("c1", NL, "a", 5).await.unwrap(), ["a"]);
    assert_eq!(store.add_favourite("c1", BE, "z", 1).await.unwrap(), ["z"]);
    assert_eq!(
        store.remove_favourite("c1", NL, "a").await.unwrap(),
        Vec::<String>::new()
    );
    assert_eq!(
        store.favourites("c1", FR).await.unwrap(),
        ["e", "d", "c", "b", "a"]
    );
    assert_eq!(store.favourites("c1", BE).await.unwrap(), ["z"]);
    // And per client.
    signed_in(&*store, "c2").await;
    assert_eq!(
        store.favourites("c2", FR).await.unwrap(),
        Vec::<String>::new()
    );
    assert_eq!(store.add_favourite("c2", FR, "a", 5).await.unwrap(), ["a"]);
}

async fn writes_need_a_known_client(db: TestDb) {
    let store = db.store;
    let slugs = strings(&["a"]);
    assert_eq!(store.client("ghost").await.unwrap(), None);
    assert_eq!(
        store.add_favourite("ghost", FR, "a", 5).await,
        Err(StoreError::NotFound)
    );
    assert_eq!(
        store.replace_favourites("ghost", FR, &slugs, 5).await,
        Err(StoreError::NotFound)
    );
    assert_eq!(
        store.set_intention("ghost", "dune", Some(2)).await,
        Err(StoreError::NotFound)
    );
    assert_eq!(
        store
            .set_emotion("ghost", "dune", Some(Emotion::Liked))
            .await,
        Err(StoreError::NotFound)
    );
    assert_eq!(
        store
            .update_client("ghost", &ClientChanges::default())
            .await,
        Err(StoreError::NotFound)
    );
    // Reads and removals of an unknown client find nothing rather than fail.
    assert_eq!(
        store.favourites("ghost", FR).await.unwrap(),
        Vec::<String>::new()
    );
    assert_eq!(
        store.remove_favourite("ghost", FR, "a").await.unwrap(),
        Vec::<String>::new()
    );
    assert_eq!(
        store.remove_favourites("ghost", FR, &slugs).await.unwrap(),
        Vec::<String>::new()
    );
    assert_eq!(store.set_intention("ghost", "dune", None).await, Ok(()));
    assert_eq!(
        store.all_feelings("ghost").await.unwrap(),
        Vec::<ShowFeeling>::new()
    );
}

/// `adders` different cinemas added at once to one client's list through `stores` in turn;
/// exactly `limit` must win and the rest must be told the limit.
async fn race_adds(stores: &[Arc<dyn ClientStore>], adders: usize, limit: usize) {
    signed_in(&*stores[0], "racer").await;
    let mut adds = JoinSet::new();
    for n in 0..adders {
        let store = stores[n % stores.len()].clone();
        adds.spawn(async move {
            let slug = format!("cinema-{n}");
            (
                slug.clone(),
                store.add_favourite("racer", FR, &slug, limit).await,
            )
        });
    }
    let mut winners = Vec::new();
    let mut refused = 0;
    while let Some(joined) = adds.join_next().await {
        match joined.expect("an add panicked") {
            (slug, Ok(list)) => {
                assert!(list.len() <= limit, "{list:?} exceeds {limit}");
                assert_eq!(list[0], slug, "a new favourite comes first");
                winners.push(slug);
            }
            (_, Err(StoreError::LimitReached { limit: told })) => {
                assert_eq!(told, limit);
                refused += 1;
            }
            (slug, Err(other)) => panic!("adding {slug} failed: {other}"),
        }
    }
    assert_eq!(winners.len(), limit);
    assert_eq!(refused, adders - limit);
    let mut stored = stores[0].favourites("racer", FR).await.unwrap();
    stored.sort();
    winners.sort();
    assert_eq!(stored, winners);
}

async fn racing_adds_stop_at_a_limit_of_5(db: TestDb) {
    race_adds(&[db.store], 20, 5).await;
}

async fn racing_adds_stop_at_a_limit_of_1(db: TestDb) {
    race_adds(&[db.store], 20, 1).await;
}

/// Two stores on one database stand for two server processes: the limit must hold across
/// them too (SQLite: BEGIN IMMEDIATE and busy_timeout; PostgreSQL: the client's row lock).
async fn racing_adds_through_two_stores_stop_at_the_limit(db: TestDb) {
    let other = db.reopen().await;
    race_adds(&[db.store.clone(), other.clone()], 20, 5).await;
    race_adds_on("racer-1", &[db.store, other], 1).await;
}

async fn race_adds_on(client: &str, stores: &[Arc<dyn ClientStore>], limit: usize) {
    signed_in(&*stores[0], client).await;
    let mut adds = JoinSet::new();
    for n in 0..10 {
        let store = stores[n % stores.len()].clone();
        let client = client.to_string();
        adds.spawn(async move {
            store
                .add_favourite(&client, NL, &format!("c{n}"), limit)
                .await
        });
    }
    let results: Vec<_> = adds.join_all().await;
    assert_eq!(
        results.iter().filter(|result| result.is_ok()).count(),
        limit
    );
    assert!(results
        .iter()
        .all(|result| result.is_ok() || *result == Err(StoreError::LimitReached { limit })));
    assert_eq!(stores[1].favourites(client, NL).await.unwrap().len(), limit);
}

/// A small deterministic generator, so a failure replays the same toggles.
fn next(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 33
}

async fn fifty_writers_toggle_without_losing_or_duplicating_rows(db: TestDb) {
    const WRITERS: u64 = 50;
    const TOGGLES: usize = 40;
    const LIMIT: usize = 5;
    let mut writers = JoinSet::new();
    for writer in 0..WRITERS {
        let store = db.store.clone();
        writers.spawn(async move {
            let client = format!("writer-{writer}");
            signed_in(&*store, &client).await;
            // What the list must be, newest first, mirrored from each answer we expect.
            let mut expected: Vec<String> = Vec::new();
            let mut seed = writer + 1;
            for _ in 0..TOGGLES {
                let slug = format!("cinema-{}", next(&mut seed) % 8);
                if let Some(at) = expected.iter().position(|s| *s == slug) {
                    expected.remove(at);
                    let list = store.remove_favourite(&client, FR, &slug).await;
                    assert_eq!(list.as_ref(), Ok(&expected), "{client} removing {slug}");
                } else if expected.len() == LIMIT {
                    let refused = store.add_favourite(&client, FR, &slug, LIMIT).await;
                    assert_eq!(refused, Err(StoreError::LimitReached { limit: LIMIT }));
                } else {
                    expected.insert(0, slug.clone());
                    let list = store.add_favourite(&client, FR, &slug, LIMIT).await;
                    assert_eq!(list.as_ref(), Ok(&expected), "{client} adding {slug}");
                }
            }
            (client, expected)
        });
    }
    let finished = writers.join_all().await;
    assert_eq!(finished.len(), WRITERS as usize);
    for (client, expected) in finished {
        assert_eq!(
            db.store.favourites(&client, FR).await.unwrap(),
            expected,
            "{client}"
        );
    }
}

async fn lists_are_replaced_and_removed_in_one_call(db: TestDb) {
    let store = db.store;
    signed_in(&*store, "c1").await;
    store.add_favourite("c1", FR, "old", 5).await.unwrap();
    let replaced = store
        .replace_favourites("c1", FR, &strings(&["a", "b", "c"]), 5)
        .await;
    assert_eq!(replaced.unwrap(), ["a", "b", "c"]);
    // The first of a replacement is the newest: an add comes before it.
    assert_eq!(store.favourites("c1", FR).await.unwrap(), ["a", "b", "c"]);
    assert_eq!(
        store.add_favourite("c1", FR, "d", 5).await.unwrap(),
        ["d", "a", "b", "c"]
    );
    // Duplicates count once.
    let replaced = store
        .replace_favourites("c1", FR, &strings(&["x", "y", "x"]), 5)
        .await;
    assert_eq!(replaced.unwrap(), ["x", "y"]);
    // Too many is refused and changes nothing.
    let six = strings(&["1", "2", "3", "4", "5", "6"]);
    assert_eq!(
        store.replace_favourites("c1", FR, &six, 5).await,
        Err(StoreError::LimitReached { limit: 5 })
    );
    assert_eq!(store.favourites("c1", FR).await.unwrap(), ["x", "y"]);
    // Other sites are untouched.
    store.add_favourite("c1", NL, "x", 5).await.unwrap();
    let left = store
        .remove_favourites("c1", FR, &strings(&["x", "absent"]))
        .await;
    assert_eq!(left.unwrap(), ["y"]);
    assert_eq!(store.favourites("c1", NL).await.unwrap(), ["x"]);
    assert_eq!(
        store.replace_favourites("c1", FR, &[], 5).await.unwrap(),
        Vec::<String>::new()
    );
    assert_eq!(store.remove_favourites("c1", NL, &[]).await.unwrap(), ["x"]);
}

fn feeling(slug: &str, intention: Option<i16>, emotion: Option<Emotion>) -> ShowFeeling {
    ShowFeeling {
        slug: slug.to_string(),
        intention,
        emotion,
    }
}

async fn intentions_are_set_replaced_and_removed(db: TestDb) {
    let store = db.store;
    signed_in(&*store, "c1").await;
    let dune = strings(&["dune"]);
    store.set_intention("c1", "dune", Some(2)).await.unwrap();
    assert_eq!(
        store.feelings("c1", &dune).await.unwrap(),
        [feeling("dune", Some(2), None)]
    );
    // Repeating is harmless; a new value replaces the old one.
    store.set_intention("c1", "dune", Some(2)).await.unwrap();
    assert_eq!(
        store.feelings("c1", &dune).await.unwrap(),
        [feeling("dune", Some(2), None)]
    );
    store.set_intention("c1", "dune", Some(3)).await.unwrap();
    assert_eq!(
        store.feelings("c1", &dune).await.unwrap(),
        [feeling("dune", Some(3), None)]
    );
    store.set_intention("c1", "dune", None).await.unwrap();
    assert_eq!(
        store.feelings("c1", &dune).await.unwrap(),
        Vec::<ShowFeeling>::new()
    );
    store.set_intention("c1", "dune", None).await.unwrap();
}

async fn emotions_are_set_replaced_and_removed(db: TestDb) {
    let store = db.store;
    signed_in(&*store, "c1").await;
    let dune = strings(&["dune"]);
    store
        .set_emotion("c1", "dune", Some(Emotion::Liked))
        .await
        .unwrap();
    store
        .set_emotion("c1", "dune", Some(Emotion::Liked))
        .await
        .unwrap();
    let liked = feeling("dune", None, Some(Emotion::Liked));
    assert_eq!(store.feelings("c1", &dune).await.unwrap(), [liked]);
    store
        .set_emotion("c1", "dune", Some(Emotion::Loved))
        .await
        .unwrap();
    store.set_intention("c1", "dune", Some(2)).await.unwrap();
    let both = feeling("dune", Some(2), Some(Emotion::Loved));
    assert_eq!(store.feelings("c1", &dune).await.unwrap(), [both]);
    // Removing the emotion leaves the intention.
    store.set_emotion("c1", "dune", None).await.unwrap();
    store.set_emotion("c1", "dune", None).await.unwrap();
    let intention = feeling("dune", Some(2), None);
    assert_eq!(store.feelings("c1", &dune).await.unwrap(), [intention]);
    store
        .set_emotion("c1", "dune", Some(Emotion::Disappointed))
        .await
        .unwrap();
    let disappointed = feeling("dune", Some(2), Some(Emotion::Disappointed));
    assert_eq!(store.all_feelings("c1").await.unwrap(), [disappointed]);
}

async fn feelings_come_in_the_order_asked(db: TestDb) {
    let store = db.store;
    signed_in(&*store, "c1").await;
    signed_in(&*store, "c2").await;
    let pause = || tokio::time::sleep(std::time::Duration::from_millis(5));
    store.set_intention("c1", "alien", Some(2)).await.unwrap();
    pause().await;
    store
        .set_emotion("c1", "brazil", Some(Emotion::Loved))
        .await
        .unwrap();
    pause().await;
    store
        .set_intention("c1", "casablanca", Some(1))
        .await
        .unwrap();
    store
        .set_emotion("c1", "casablanca", Some(Emotion::Liked))
        .await
        .unwrap();
    store.set_intention("c2", "alien", Some(9)).await.unwrap();

    let asked = strings(&["casablanca", "unknown", "alien", "brazil", "alien"]);
    assert_eq!(
        store.feelings("c1", &asked).await.unwrap(),
        [
            feeling("casablanca", Some(1), Some(Emotion::Liked)),
            feeling("alien", Some(2), None),
            feeling("brazil", None, Some(Emotion::Loved)),
        ]
    );
    assert_eq!(
        store.feelings("c1", &[]).await.unwrap(),
        Vec::<ShowFeeling>::new()
    );
    let newest_first: Vec<String> = store
        .all_feelings("c1")
        .await
        .unwrap()
        .into_iter()
        .map(|feeling| feeling.slug)
        .collect();
    assert_eq!(newest_first, ["casablanca", "brazil", "alien"]);
    // Repeating an unchanged intention does not move the show up.
    pause().await;
    store.set_intention("c1", "alien", Some(2)).await.unwrap();
    let first = store.all_feelings("c1").await.unwrap().remove(0);
    assert_eq!(first.slug, "casablanca");
    assert_eq!(
        store.feelings("c2", &asked).await.unwrap(),
        [feeling("alien", Some(9), None)]
    );
}

async fn signing_in_again_refreshes_claims_and_keeps_flags(db: TestDb) {
    let store = db.store;
    let created = signed_in(&*store, "c1").await;
    assert_eq!(created.email, "c1@example.org");
    assert!(created.registered && created.first_login);
    assert!(!created.email_verified && !created.send_newsletter && !created.mail_communication);
    assert_eq!(
        (
            created.photo_url.as_deref(),
            created.loyalty_level.as_deref()
        ),
        (None, None)
    );
    assert_eq!(store.client("c1").await.unwrap().as_ref(), Some(&created));

    let changes = ClientChanges {
        photo_url: Some(Some("https://img.example.org/c1.png".to_string())),
        email_verified: Some(true),
        first_login: Some(false),
        mail_communication: Some(true),
        loyalty_level: Some(Some("gold".to_string())),
        ..ClientChanges::default()
    };
    let changed = store.update_client("c1", &changes).await.unwrap();
    assert!(changed.email_verified && !changed.first_login && changed.mail_communication);
    assert!(!changed.send_newsletter);
    assert_eq!(store.client("c1").await.unwrap().as_ref(), Some(&changed));

    // Unchanged claims: the same record. New claims: refreshed, flags kept.
    assert_eq!(signed_in(&*store, "c1").await, changed);
    let refreshed = store
        .upsert_client(&NewClient {
            id: "c1".to_string(),
            email: "ada@example.org".to_string(),
            first_name: "Ada".to_string(),
            last_name: "King".to_string(),
        })
        .await
        .unwrap();
    assert_eq!(
        (refreshed.email.as_str(), refreshed.last_name.as_str()),
        ("ada@example.org", "King")
    );
    assert_eq!(refreshed.created_at, created.created_at);
    assert_eq!(refreshed.photo_url, changed.photo_url);
    assert_eq!(refreshed.loyalty_level.as_deref(), Some("gold"));
    assert!(refreshed.email_verified && !refreshed.first_login && refreshed.mail_communication);
    // Clearing optional fields.
    let cleared = ClientChanges {
        photo_url: Some(None),
        loyalty_level: Some(None),
        ..ClientChanges::default()
    };
    let cleared = store.update_client("c1", &cleared).await.unwrap();
    assert_eq!((cleared.photo_url, cleared.loyalty_level), (None, None));
}

async fn vouchers_and_gift_cards_round_trip(db: TestDb) {
    let store = db.store;
    let mut voucher = Voucher {
        code: "CINE-5-0001".to_string(),
        site: FR.to_string(),
        label: "Cinécarte 5 places".to_string(),
        kind: "cinecarte-5".to_string(),
        valid_until: NaiveDate::from_ymd_opt(2027, 6, 30),
        balance_cents: None,
        status: VoucherStatus::Valid,
    };
    store.put_voucher(&voucher).await.unwrap();
    assert_eq!(
        store.voucher(FR, &voucher.code).await.unwrap().as_ref(),
        Some(&voucher)
    );
    assert_eq!(store.voucher(NL, &voucher.code).await.unwrap(), None);
    assert_eq!(store.voucher(FR, "CINE-5-9999").await.unwrap(), None);
    voucher.status = VoucherStatus::Used;
    voucher.balance_cents = Some(0);
    voucher.valid_until = None;
    store.put_voucher(&voucher).await.unwrap();
    assert_eq!(
        store.voucher(FR, &voucher.code).await.unwrap(),
        Some(voucher)
    );

    let mut card = GiftCard {
        number: "6280001234567890".to_string(),
        pin: "4321".to_string(),
        site: NL.to_string(),
        balance_cents: 2_500,
        currency: "EUR".to_string(),
        valid_until: NaiveDate::from_ymd_opt(2027, 12, 31),
    };
    store.put_gift_card(&card).await.unwrap();
    let found = store.gift_card(NL, &card.number, &card.pin).await.unwrap();
    assert_eq!(found.as_ref(), Some(&card));
    assert_eq!(
        store.gift_card(NL, &card.number, "0000").await.unwrap(),
        None
    );
    assert_eq!(
        store.gift_card(FR, &card.number, &card.pin).await.unwrap(),
        None
    );
    card.balance_cents = 1_000;
    store.put_gift_card(&card).await.unwrap();
    let found = store.gift_card(NL, &card.number, &card.pin).await.unwrap();
    assert_eq!(found.map(|card| card.balance_cents), Some(1_000));
}

fn assert_invalid<T: std::fmt::Debug>(result: Result<T, StoreError>, what: &str) {
    assert!(
        matches!(result, Err(StoreError::Invalid(_))),
        "{what}: {result:?}"
    );
}

async fn invalid_inputs_are_refused_and_not_stored(db: TestDb) {
    let store = db.store;
    signed_in(&*store, "c1").await;
    let long = "x".repeat(201);
    let mut client = NewClient {
        id: String::new(),
        email: "a@b.c".to_string(),
        first_name: String::new(),
        last_name: String::new(),
    };
    assert_invalid(store.upsert_client(&client).await, "empty client id");
    client.id = long.clone();
    assert_invalid(store.upsert_client(&client).await, "long client id");
    client.id = "c9".to_string();
    client.email = "not an email".to_string();
    assert_invalid(store.upsert_client(&client).await, "junk email");
    assert_eq!(store.client("c9").await.unwrap(), None);

    assert_invalid(store.add_favourite("c1", FR, &long, 5).await, "long slug");
    assert_invalid(store.add_favourite("c1", FR, "", 5).await, "empty slug");
    assert_invalid(
        store.add_favourite("c1", FR, "a\nb", 5).await,
        "control character",
    );
    assert_invalid(store.add_favourite("c1", "FR", "a", 5).await, "site code");
    assert_invalid(store.add_favourite("c1", "", "a", 5).await, "empty site");
    let with_junk = vec!["a".to_string(), long.clone()];
    assert_invalid(
        store.replace_favourites("c1", FR, &with_junk, 5).await,
        "junk in list",
    );
    assert_eq!(
        store.favourites("c1", FR).await.unwrap(),
        Vec::<String>::new()
    );

    assert_invalid(
        store.set_intention("c1", "dune", Some(-1)).await,
        "negative intention",
    );
    assert_invalid(
        store.set_emotion("c1", &long, Some(Emotion::Liked)).await,
        "long show slug",
    );
    let too_many: Vec<String> = (0..501).map(|n| format!("show-{n}")).collect();
    assert_invalid(store.feelings("c1", &too_many).await, "too many slugs");
    assert_eq!(
        store.all_feelings("c1").await.unwrap(),
        Vec::<ShowFeeling>::new()
    );

    let voucher = Voucher {
        code: " padded".to_string(),
        site: FR.to_string(),
        label: "x".to_string(),
        kind: "ticket".to_string(),
        valid_until: None,
        balance_cents: None,
        status: VoucherStatus::Valid,
    };
    assert_invalid(store.put_voucher(&voucher).await, "padded code");
    let voucher = Voucher {
        code: "V1".to_string(),
        balance_cents: Some(-5),
        ..voucher
    };
    assert_invalid(
        store.put_voucher(&voucher).await,
        "negative voucher balance",
    );
    let card = GiftCard {
        number: "1".to_string(),
        pin: "2".to_string(),
        site: FR.to_string(),
        balance_cents: 100,
        currency: "eur".to_string(),
        valid_until: None,
    };
    assert_invalid(store.put_gift_card(&card).await, "currency code");
    assert_invalid(store.gift_card(FR, "1", "").await, "empty PIN");
    let photo = ClientChanges {
        photo_url: Some(Some("x".repeat(3000))),
        ..ClientChanges::default()
    };
    assert_invalid(store.update_client("c1", &photo).await, "long photo URL");
}

async fn migrations_run_again_without_harm(db: TestDb) {
    signed_in(&*db.store, "c1").await;
    db.store.add_favourite("c1", FR, "a", 5).await.unwrap();
    db.store
        .set_emotion("c1", "dune", Some(Emotion::Loved))
        .await
        .unwrap();
    // Opening the same database again (a restart, a second server) migrates nothing new
    // and sees everything.
    let second = db.reopen().await;
    let third = db.reopen().await;
    assert_eq!(second.favourites("c1", FR).await.unwrap(), ["a"]);
    assert_eq!(
        third.add_favourite("c1", FR, "b", 5).await.unwrap(),
        ["b", "a"]
    );
    assert_eq!(db.store.favourites("c1", FR).await.unwrap(), ["b", "a"]);
    let loved = feeling("dune", None, Some(Emotion::Loved));
    assert_eq!(second.all_feelings("c1").await.unwrap(), [loved]);
}

/// Captcha solutions: accepted once across replicas (two stores on one database), refused
/// while spent, usable again once expired; an oversized key is refused.
async fn a_key_is_spent_once_until_it_expires(db: TestDb) {
    let now = chrono::Utc::now().timestamp();
    let store = db.store.clone();
    assert!(store.spend_once("sig-1", now + 300).await.expect("spend"));
    assert!(!store
        .spend_once("sig-1", now + 300)
        .await
        .expect("spend again"));
    // Expired: spent anew.
    assert!(store.spend_once("sig-old", now - 1).await.expect("spend"));
    assert!(store
        .spend_once("sig-old", now + 300)
        .await
        .expect("spend after expiry"));
    // Sixteen racers through two stores: exactly one wins.
    let other = db.reopen().await;
    let mut racers = JoinSet::new();
    for n in 0..16 {
        let s = if n % 2 == 0 {
            store.clone()
        } else {
            other.clone()
        };
        racers.spawn(async move { s.spend_once("sig-race", now + 300).await.expect("spend") });
    }
    let mut wins = 0;
    while let Some(won) = racers.join_next().await {
        wins += usize::from(won.expect("task"));
    }
    assert_eq!(wins, 1);
    assert!(store.spend_once(&"k".repeat(513), now + 300).await.is_err());
    assert!(store.spend_once("", now + 300).await.is_err());
}
