//! HTTP surface: one module per group of calls, each exporting `router()`, merged in `app`.

pub mod auth;
pub mod body;
pub mod cards;
pub mod client;
pub mod content;
pub mod doc;
pub mod error;
pub mod etag;
pub mod help;
pub mod i18n;
pub mod locale;
pub mod metrics;
pub mod observe;
pub mod search;
pub mod session;
