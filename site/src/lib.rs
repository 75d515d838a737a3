//! The site model shared by the generator, the runtime API and the demo content: one source
//! of truth for countries and languages, routes, URL filters, content shapes and the pure
//! rules of the spec (§4, §5, §9).

pub mod brand;
pub mod calendar;
pub mod changes;
pub mod content;
pub mod escape;
pub mod feedback_widget;
pub mod filters;
pub mod format;
pub mod islands;
pub mod locale_strings;
pub mod revalidate;
pub mod routes;
pub mod rules;
pub mod security;
pub mod sites;
pub mod snapshot;
pub mod text;
pub mod theme;

pub use sites::{choose_language, request_language, Lang, Site};
