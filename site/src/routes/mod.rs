//! The route table: every page kind, for every site and language where it exists.
//!
//! - `kind`: what a page is (layout, SEO key, tracking type, menu, parameters), site-neutral.
//! - `names`: the localized path patterns of spec §2 — the route data, written once.
//! - `params`: path parameters and the rule for a value that may go in a path.
//! - `pattern`: a compiled pattern (fill, match, overlap).
//! - `table`: [`RouteTable`], built from the above: page → path, path → page, alternates.
//! - `feeds`: the paths of the calendar feeds (no pages: `.ics` files beside them).
//! - `doc`: `docs/routes.md`, generated from the table.

mod doc;
mod feeds;
mod kind;
mod names;
mod params;
mod pattern;
mod table;

pub use feeds::{Feed, FEEDS_DIR};
pub use kind::{Layout, Menu, PageKind, ShowsTab};
pub use params::{is_param_value, Params};
pub use table::{Route, RouteMatch, RouteTable, WEBVIEW_SEGMENT};
