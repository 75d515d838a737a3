//! `check_writes`, the readiness check of the runtime API's `/readyz`: a real write of the
//! probe row on both databases, and SQLite's file still the one opened at its path.

use crate::common::{on_postgres, on_sqlite, scratch_dir};
use client_store::{open_store, NotReady, SQLITE_FILE_NAME};

#[tokio::test]
async fn a_store_that_takes_writes_is_ready_on_both_databases() {
    on_sqlite(|db| async move {
        assert_eq!(db.store.check_writes("host:8080").await, vec![]);
        assert_eq!(db.store.check_writes("host:8081").await, vec![]);
    })
    .await;
    on_postgres(|db| async move {
        assert_eq!(db.store.check_writes("host:8080").await, vec![]);
        // A second server on the same database writes the same row.
        let other = db.reopen().await;
        assert_eq!(other.check_writes("host:8081").await, vec![]);
    })
    .await;
}

#[tokio::test]
async fn a_sqlite_file_deleted_or_replaced_under_the_store_is_named() {
    let dir = scratch_dir("write-check");
    let store = open_store(None, &dir).await.unwrap();
    let file = dir.join(SQLITE_FILE_NAME);
    let aside = dir.join("aside.sqlite3");
    std::fs::hard_link(&file, &aside).unwrap();
    std::fs::remove_file(&file).unwrap();
    let failing = store.check_writes("t").await;
    // The write itself succeeds, on the unlinked inode: only the file check sees it.
    assert_eq!(
        failing.iter().map(|f| f.part).collect::<Vec<_>>(),
        [NotReady::FILE],
        "{failing:?}"
    );
    assert!(failing[0].reason.contains("is gone"), "{failing:?}");
    std::fs::write(&file, b"").unwrap();
    let failing = store.check_writes("t").await;
    assert_eq!(failing.len(), 1, "{failing:?}");
    assert!(failing[0].reason.contains("replaced"), "{failing:?}");
    std::fs::rename(&aside, &file).unwrap();
    assert_eq!(store.check_writes("t").await, vec![]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_bad_writer_name_fails_the_write_check() {
    let dir = scratch_dir("write-check-name");
    let store = open_store(None, &dir).await.unwrap();
    let failing = store.check_writes("").await;
    assert_eq!(
        failing.iter().map(|f| f.part).collect::<Vec<_>>(),
        [NotReady::WRITE]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
