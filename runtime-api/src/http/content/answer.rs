//! How the content calls answer: items found or 404, an item's translations, and the schedule
//! answers kept a few seconds in the live cache with their tag.

use crate::content::index::Translatable;
use crate::content::live_cache::{LiveAnswer, LiveKey};
use crate::content::schedule::ScheduleQuery;
use crate::content::LocaleIndex;
use crate::http::error::{ApiError, ApiResult};
use crate::http::locale::Locale;
use crate::state::AppState;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use site::content::Translations;

/// Showtime answers change as showtimes pass: caches keep them only seconds.
pub const LIVE_CACHE: &str = "public, max-age=15";

pub fn live<T: Serialize>(value: T) -> Response {
    let mut response = Json(value).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(LIVE_CACHE));
    response
}

/// A schedule answer from the live cache (see `content::live_cache`): computed and serialised
/// at most once per few seconds per key, with its tag, so the ETag layer need not hash it.
/// `compute` is given the instant it computes for (the answer's statuses are those of then).
pub fn live_cached<T: Serialize>(
    app: &AppState,
    key: LiveKey,
    compute: impl FnOnce(chrono::DateTime<chrono::Utc>) -> T,
) -> Response {
    let now = app.clock.now();
    let answer = app.cache.get_or_compute(key, now, || {
        axum::body::Bytes::from(serde_json::to_vec(&compute(now)).expect("content types serialise"))
    });
    answer_response(answer)
}

/// A schedule answer (spec §3 Schedule) of the given showtimes, in time order, from the live
/// cache: `call` and `slug` (with `extra` options) name it in the cache.
pub fn schedule_answer<'a, I>(
    app: &'a AppState,
    locale: Locale,
    call: &'static str,
    slug: &str,
    extra: &str,
    query: &ScheduleQuery,
    showtimes: impl FnOnce() -> I,
) -> Response
where
    I: Iterator<Item = &'a site::content::Showtime>,
{
    let key = LiveKey {
        call,
        site: locale.site,
        lang: locale.lang,
        slug: slug.to_string(),
        date: query.date,
        extra: format!("{}|{extra}", query.without_show_data),
    };
    live_cached(app, key, |now| {
        let mut list: Vec<&site::content::Showtime> = showtimes()
            .filter(|s| query.date.is_none_or(|d| s.datetime.date_naive() == d))
            .collect();
        list.sort_by_key(|s| s.datetime);
        app.content.schedule(
            locale.site,
            locale_of(app, locale),
            list.into_iter(),
            query,
            now,
        )
    })
}

/// As `live_cached`, for a computation that can fail (errors are not kept).
pub fn live_cached_result<T: Serialize>(
    app: &AppState,
    key: LiveKey,
    compute: impl FnOnce() -> ApiResult<T>,
) -> ApiResult<Response> {
    let now = app.clock.now();
    if let Some(answer) = app.cache.fresh(&key, now) {
        return Ok(answer_response(answer));
    }
    let value = compute()?;
    let answer = app.cache.get_or_compute(key, now, || {
        axum::body::Bytes::from(serde_json::to_vec(&value).expect("answers serialise"))
    });
    Ok(answer_response(answer))
}

/// A kept answer; its gzipped copy rides along as an extension, which `http::observe` sends
/// instead of the body to a client that accepts gzip (so no layer compresses it again).
fn answer_response(answer: LiveAnswer) -> Response {
    let mut response = (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static(LIVE_CACHE)),
            (header::ETAG, answer.etag),
            (header::VARY, HeaderValue::from_static("accept-encoding")),
        ],
        answer.body,
    )
        .into_response();
    response.extensions_mut().insert(Gzipped(answer.gzip));
    response
        .extensions_mut()
        .insert(crate::content::known_tags::ComputedAt(answer.computed));
    response
}

/// The gzipped copy of a response's body (see `answer_response`).
#[derive(Clone)]
pub struct Gzipped(pub axum::body::Bytes);

/// `/…/translate`: the item's slug in every language of the site that has it.
pub fn translations(
    app: &AppState,
    locale: Locale,
    kind: Translatable,
    reference: &str,
) -> Translations {
    locale
        .site
        .languages()
        .iter()
        .filter_map(|&lang| {
            app.content
                .locale(locale.site, lang)
                .slug_of(kind, reference)
                .map(|slug| (lang, slug))
        })
        .collect()
}

pub fn found<T>(item: Option<T>, kind: &'static str, slug: &str) -> ApiResult<T> {
    item.ok_or_else(|| ApiError::not_found(kind, slug))
}

pub fn locale_of(app: &AppState, locale: Locale) -> &LocaleIndex {
    app.content.locale(locale.site, locale.lang)
}
