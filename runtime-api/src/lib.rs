//! The runtime API: the content API of spec §7 over an in-memory snapshot, the calls that
//! cannot be static, and a local preview of the generated sites.

pub mod captcha;
pub mod clock;
pub mod config;
pub mod content;
pub mod demo_cards;
pub mod http;
pub mod locales;
pub mod preview;
pub mod providers;
pub mod rate_limit;
pub mod readiness;
pub mod router;
pub mod server;
pub mod state;
pub mod store_metrics;
