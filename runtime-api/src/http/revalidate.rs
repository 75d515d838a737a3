//! Conditional content requests in bulk, for the generator's rebuilds (issue 16, the no-change
//! rebuild): `POST /api/content/revalidate` takes the calls of a site (its host, as every
//! content call) with the tags the generator kept, and answers, in the same order, whether
//! each tag is still its call's answer — what a `GET` of that call with `If-None-Match` would
//! answer 304. One request instead of one per call: a nightly build with nothing changed asks
//! a few dozen times rather than thousands.
//!
//! Only tags this process already gave and that still hold are fresh (`content::known_tags`,
//! the same test `conditional::known_answer` makes): nothing is computed for an entry, so a
//! call costs a lookup per entry whatever it names. An unknown tag (a restarted API, another
//! replica, a made-up path) is "not fresh": the generator then asks that call alone, as it
//! would without this endpoint. Not part of the documented API (a tool's call, as the rebuild
//! webhook).

use crate::content::known_tags::KnownTags;
use crate::http::body::JsonObject;
use crate::http::error::ApiError;
use crate::http::etag::matches_etag;
use crate::http::locale::SiteOnly;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use site::revalidate::{Fresh, Revalidate, MAX_CALLS};

pub async fn revalidate(
    State(app): State<AppState>,
    _site: SiteOnly,
    headers: HeaderMap,
    JsonObject(asked): JsonObject<Revalidate>,
) -> Response {
    if asked.calls.len() > MAX_CALLS {
        return ApiError::BadRequest(format!(
            "{} calls asked; at most {MAX_CALLS} in one request",
            asked.calls.len()
        ))
        .into_response();
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let now = app.clock.now();
    let fresh = asked
        .calls
        .iter()
        .map(|call| {
            let Ok(asked_tag) = HeaderValue::from_str(&call.etag) else {
                return false;
            };
            app.tags
                .get(&KnownTags::key(host, &call.path), now)
                .and_then(|known| known.etag.to_str().ok().map(str::to_string))
                .is_some_and(|tag| matches_etag(&asked_tag, &tag))
        })
        .collect();
    let mut answer = Json(Fresh { fresh }).into_response();
    // Whether a tag holds changes with the clock: never kept by a cache.
    answer
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    answer
}
