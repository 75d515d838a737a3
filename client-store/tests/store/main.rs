//! The client store's integration tests, one binary (one link instead of one per file): the
//! behaviour suite on both backends, calendar-feed secrets, `open_store` and the write check
//! of `/readyz`. `writer_recovery` lowers its process's file-size limit, so it stays a binary
//! of its own.

#[path = "../common/mod.rs"]
mod common;

mod calendar_tokens;
mod open_store;
mod store_suite;
mod write_check;
