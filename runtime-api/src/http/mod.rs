//! HTTP surface: one module per group of calls, each exporting `router()`, merged in
//! `crate::router`; the extractors, the error type and the layers they share.

pub mod auth;
pub mod body;
pub mod calendar_feed;
pub mod cards;
pub mod client;
pub mod conditional;
pub mod content;
pub mod doc;
pub mod error;
pub mod etag;
pub mod health;
pub mod help;
pub mod host;
pub mod i18n;
pub mod known_clients;
pub mod locale;
pub mod metrics;
pub mod observe;
pub mod rebuild_hook;
pub mod revalidate;
pub mod search;
pub mod session;
