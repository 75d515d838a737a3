//! The runtime API: the content API of spec §7 over an in-memory snapshot, the calls that
//! cannot be static, and a local preview of the generated sites.

pub mod app;
pub mod clock;
pub mod content;
pub mod http;
pub mod locales;
pub mod preview;
