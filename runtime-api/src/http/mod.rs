//! HTTP surface: one module per group of calls, each exporting `router()`, merged in `app`.

pub mod content;
pub mod error;
pub mod etag;
pub mod i18n;
pub mod locale;
