//! The whole demo build at scale 1 (all 8 sites, every language), from the real content API
//! over HTTP (one test binary, one module per concern): every route-table page exists for
//! exactly its sites and languages, no internal link is broken, hreflang sets are complete
//! and reciprocal (head and sitemaps), JSON-LD carries what search engines require, every
//! page kind renders with a title, an `h1` and the right `<html lang>`, a no-change rebuild
//! writes nothing, a failing content API leaves the previous output intact, a second theme
//! comes from configuration alone, and hostile content keeps `_redirects` and `nginx.conf`
//! well formed (fuzzed).
//!
//! One full build is shared by the read-only tests (`common::BUILD`); the tests that build
//! again use folders of their own. Pages are read with an HTML5 parser (`common::html`).

#[path = "../common/mod.rs"]
mod common;
mod proxy;
mod support;

/// Cron-safe runs: one build at a time, exit codes.
mod cron;
/// A content API that fails half-way leaves the previous output intact.
mod failures;
/// The calendar feeds, read by a real iCalendar parser.
mod feeds;
/// Hostile content through the real writers, fuzzed by property.
mod fuzz;
/// A second build with no change writes nothing.
mod incremental;
/// JSON-LD.
mod json_ld;
/// Internal links.
mod links;
/// What the full build writes: page kinds, titles, languages, the report.
mod output;
/// The readers of `common::html` on minified markup.
mod readers;
/// Redirects for content without data.
mod redirects;
/// Route-table pages, for exactly their sites and languages.
mod routes;
/// hreflang, in the head and in the sitemaps.
mod sitemaps;
/// Targeted regeneration: one show edited, only its pages rendered.
mod targeted;
/// The brand theme: a second look from configuration alone.
mod theme;
