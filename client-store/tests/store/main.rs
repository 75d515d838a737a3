//! The client store's integration tests, one binary (one link instead of one per file): the
//! behaviour suite on both backends, calendar-feed secrets, `open_store` and the write check
//! of `/readyz`. `writer_recovery` lowers its process's file-size limit, so it stays a binary
//! of its own.

#[path = "../common/mod.rs"]
mod common;

/// Runs each case as `sqlite::case` and `postgres::case`, each on a runtime of `workers`
/// threads (defined before the modules that use it: a `macro_rules!` is seen below it).
macro_rules! on_both_backends {
    (workers = $workers:literal; $($case:ident),+ $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = $workers)]
                async fn $case() {
                    crate::common::on_sqlite(super::$case).await;
                }
            )+
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = $workers)]
                async fn $case() {
                    crate::common::on_postgres(super::$case).await;
                }
            )+
        }
    };
}

mod calendar_tokens;
mod open_store;
mod store_suite;
mod write_check;
