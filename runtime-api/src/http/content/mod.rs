//! The content calls of spec §7 under `/api`, one module per group, for the site of the Host
//! header and the `language` query parameter.

pub mod answer;
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
}
