//! `open_store` picks the backend from the configured URL, as the runtime API calls it.

use crate::common;

use crate::common::{scratch_dir, signed_in};
use client_store::{open_store, SQLITE_FILE_NAME};

#[tokio::test]
async fn no_url_means_sqlite_in_the_data_directory_in_wal_mode() {
    let dir = scratch_dir("open").join("not-yet-created");
    let store = open_store(None, &dir).await.unwrap();
    assert_eq!(store.backend(), "sqlite");
    signed_in(&*store, "c1").await;
    store.add_favourite("c1", "fr", "a", 5).await.unwrap();
    assert!(dir.join(SQLITE_FILE_NAME).is_file());
    // The write went to the write-ahead log, so WAL mode is on.
    assert!(dir.join(format!("{SQLITE_FILE_NAME}-wal")).is_file());
    // An empty URL is the same as none.
    let again = open_store(Some("  "), &dir).await.unwrap();
    assert_eq!(again.favourites("c1", "fr").await.unwrap(), ["a"]);
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

#[tokio::test]
async fn a_sqlite_url_names_the_file() {
    let dir = scratch_dir("open-url");
    let url = format!("sqlite://{}", dir.join("elsewhere.db").display());
    let store = open_store(Some(&url), &dir.join("unused")).await.unwrap();
    signed_in(&*store, "c1").await;
    assert!(dir.join("elsewhere.db").is_file());
    assert!(!dir.join("unused").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn an_unknown_scheme_is_refused_without_showing_the_password() {
    let dir = scratch_dir("open-bad");
    let error = open_store(Some("mysql://root:hunter2@db/clients"), &dir)
        .await
        .err()
        .expect("mysql is not a backend")
        .to_string();
    assert!(error.contains("unsupported database URL"), "{error}");
    assert!(!error.contains("hunter2"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_postgres_url_means_postgresql() {
    let Some(server_url) = common::postgres_server().await else {
        return;
    };
    let scratch = client_store::postgres::ScratchDatabase::create(&server_url, "lumen_test")
        .await
        .unwrap();
    let unused = scratch_dir("open-pg");
    let store = open_store(Some(&scratch.url()), &unused).await.unwrap();
    assert_eq!(store.backend(), "postgres");
    signed_in(&*store, "c1").await;
    drop(store);
    scratch.drop_database().await.unwrap();
    let _ = std::fs::remove_dir_all(&unused);
}
