//! The content calls of spec §7 under `/api`, one module per group, for the site of the Host
//! header and the `language` query parameter.

pub mod answer;
pub mod calendar;
mod catalog;
mod editorial;
mod places;
mod site_wide;

use crate::http::doc::ApiRouter;

pub fn router() -> ApiRouter {
    places::router()
        .merge(catalog::router())
        .merge(editorial::router())
        .merge(site_wide::router())
        .merge(calendar::router())
        .map_router(|r| r.layer(axum::middleware::map_response(mark_content)))
}

/// Content answers are made of the snapshot (and the clock, for showtime statuses): their
/// tags may be kept for conditional requests (`content::known_tags`, `http::observe`).
async fn mark_content(mut response: axum::response::Response) -> axum::response::Response {
    response
        .extensions_mut()
        .insert(crate::content::known_tags::ContentAnswer);
    response
}
