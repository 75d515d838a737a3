//! The SQLite writer recovers by itself after an error inside a write transaction.
//!
//! A real fault, not a simulated one: the process's file-size limit (RLIMIT_FSIZE) drops to 0,
//! so every write(2) to the database files fails (EFBIG, SIGXFSZ ignored) and SQLite reports
//! "database or disk is full" at COMMIT — what a full disk does on a server. The limit is
//! process-wide, hence this file holds a single test and runs in its own process.

mod common;

use client_store::open_store;
use common::{scratch_dir, signed_in};

fn set_file_size_limit(bytes: libc::rlim_t) {
    // SAFETY: plain libc calls on this process; SIGXFSZ ignored so that exceeding the limit
    // fails the write instead of killing the test.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        let mut limit: libc::rlimit = std::mem::zeroed();
        assert_eq!(libc::getrlimit(libc::RLIMIT_FSIZE, &mut limit), 0);
        limit.rlim_cur = bytes.min(limit.rlim_max);
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &limit), 0, "setrlimit");
    }
}

#[tokio::test]
async fn writes_succeed_again_after_the_disk_refused_them_without_a_restart() {
    let dir = scratch_dir("writer-recovery");
    let store = open_store(None, &dir).await.unwrap();
    signed_in(&*store, "c1").await;
    store.add_favourite("c1", "fr", "a", 5).await.unwrap();

    // The disk refuses every write for a moment: favourites, a replaced list and a spent key
    // (three different write paths) fail with an error, never a panic or a hang.
    set_file_size_limit(0);
    let mut failed = 0;
    for slug in ["b", "c", "d"] {
        if store.add_favourite("c1", "fr", slug, 5).await.is_err() {
            failed += 1;
        }
    }
    let replaced = store
        .replace_favourites("c1", "fr", &["x".to_string()], 5)
        .await;
    let spent = store.spend_once("key-1", i64::MAX).await;
    set_file_size_limit(libc::RLIM_INFINITY);
    assert_eq!(failed, 3, "the writes under a full disk failed");
    assert!(
        replaced.is_err() && spent.is_err(),
        "every write path failed: {replaced:?} {spent:?}"
    );

    // The disk accepts writes again: the very next write of each kind succeeds.
    let list = store
        .add_favourite("c1", "fr", "e", 5)
        .await
        .expect("a favourite is added at the first try after the fault");
    assert_eq!(list, ["e", "a"], "nothing of the failed writes was kept");
    let replaced = store
        .replace_favourites("c1", "fr", &["f".to_string(), "g".to_string()], 5)
        .await
        .expect("a list is replaced after the fault");
    assert!(
        store.spend_once("key-1", i64::MAX).await.unwrap(),
        "not spent by the failed try"
    );
    assert!(!store.spend_once("key-1", i64::MAX).await.unwrap());
    assert_eq!(store.favourites("c1", "fr").await.unwrap(), replaced);
    assert_eq!(replaced.len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}
