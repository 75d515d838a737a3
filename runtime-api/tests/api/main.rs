//! The runtime API's integration tests, one binary (one link instead of one per file): the
//! content API, the live calls, calendars, the help chat, conditional requests, the rebuild
//! webhook, the clock flags and replicas on the real binary, and the module graph.
//! `server_limits` (timings over real TCP) and `card_privacy` (a request log captured by a
//! thread's tracing subscriber) stay binaries of their own, alone in their process.

#[path = "../common/mod.rs"]
mod common;

mod calendar;
mod calendar_feed;
mod clock_flags;
mod content_api;
mod help_chat;
mod known_tags;
mod live_calls;
mod module_graph;
mod rebuild_hook;
mod replicas;
