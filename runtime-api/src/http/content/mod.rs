//! The content calls of spec §7 under `/api`, one module per group, for the site of the Host
//! header and the `language` query parameter.

mod catalog;
mod editorial;
mod places;
mod site_wide;

use crate::app::AppState;
use crate::content::index::Translatable;
use crate::content::LocaleIndex;
use crate::http::error::{ApiError, ApiResult};
use crate::http::locale::Locale;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use serde::Serialize;
use site::content::Translations;

pub fn router() -> Router<AppState> {
    Router::new().merge(places::router()).merge(catalog::router()).merge(editorial::router()).merge(site_wide::router())
}

/// Showtime answers change as showtimes pass: caches keep them only seconds.
pub const LIVE_CACHE: &str = "public, max-age=15";

pub fn live<T: Serialize>(value: T) -> Response {
    let mut response = Json(value).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(LIVE_CACHE));
    response
}

/// `/…/translate`: the item's slug in every language of the site that has it.
pub fn translations(app: &AppState, locale: Locale, kind: Translatable, reference: &str) -> Translations {
    locale
        .site
        .languages()
        .iter()
        .filter_map(|&lang| app.content.locale(locale.site, lang).slug_of(kind, reference).map(|slug| (lang, slug)))
        .collect()
}

pub fn found<T>(item: Option<T>, kind: &'static str, slug: &str) -> ApiResult<T> {
    item.ok_or_else(|| ApiError::not_found(kind, slug))
}

pub fn locale_of(app: &AppState, locale: Locale) -> &LocaleIndex {
    app.content.locale(locale.site, locale.lang)
}
