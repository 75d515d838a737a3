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
pub mod router;
pub mod server;
pub mod state;

/// The state and the router under the path they had when one module held both, for the
/// generator's tests (`generator/tests/common`), which still use it.
pub mod app {
    pub use crate::router::app;
    pub use crate::state::AppState;
}
