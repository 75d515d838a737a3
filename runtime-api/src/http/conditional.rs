//! Conditional content requests answered from the tags already given (`content::known_tags`):
//! `observe` asks `known_answer` before running a GET to the API, and `remember`s the tag of
//! each content answer after. An answer with showtime statuses (`answer::live`, the live
//! cache: `Cache-Control` of `answer::LIVE_CACHE`) holds from the instant it was computed for
//! until the first of its site's showtimes stops being bookable; any other content answer is
//! made of the snapshot alone and holds as long as the process.

use crate::content::known_tags::{ComputedAt, ContentAnswer, Known, KnownTags};
use crate::http::content::answer::LIVE_CACHE;
use crate::state::AppState;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::Response;
use chrono::{DateTime, Utc};

/// A GET to the API as `observe` saw it before running it.
pub struct Asked {
    key: String,
    host_len: usize,
    before: DateTime<Utc>,
}

impl Asked {
    pub fn of(app: &AppState, request: &Request) -> Asked {
        let host = request
            .headers()
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .or_else(|| request.uri().host())
            .unwrap_or("");
        let uri = request
            .uri()
            .path_and_query()
            .map_or_else(|| request.uri().path(), |p| p.as_str());
        Asked {
            key: KnownTags::key(host, uri),
            host_len: host.len(),
            before: app.clock.now(),
        }
    }

    fn host(&self) -> &str {
        &self.key[..self.host_len]
    }
}

/// The 304 of a call whose answer's tag is known, still holds, and is the one asked with.
pub fn known_answer(
    app: &AppState,
    asked: &Asked,
    if_none_match: Option<&HeaderValue>,
) -> Option<Response> {
    let if_none_match = if_none_match?;
    let known = app.tags.get(&asked.key, asked.before)?;
    let tag = known.etag.to_str().ok()?;
    if !crate::http::etag::matches_etag(if_none_match, tag) {
        return None;
    }
    let mut answer = Response::new(Body::empty());
    *answer.status_mut() = StatusCode::NOT_MODIFIED;
    let headers = answer.headers_mut();
    headers.insert(header::ETAG, known.etag);
    if let Some(v) = known.cache_control {
        headers.insert(header::CACHE_CONTROL, v);
    }
    if let Some(v) = known.vary {
        headers.insert(header::VARY, v);
    }
    Some(answer)
}

/// What the handler's answer says of itself, read before `etag::finish_api_answer` (which
/// may replace it by a 304 without its extensions).
pub struct Facts {
    content: bool,
    computed: Option<DateTime<Utc>>,
    with_statuses: bool,
}

impl Facts {
    pub fn of(response: &Response) -> Facts {
        let computed = response.extensions().get::<ComputedAt>().map(|c| c.0);
        Facts {
            content: response.status() == StatusCode::OK
                && response.extensions().get::<ContentAnswer>().is_some(),
            computed,
            with_statuses: computed.is_some()
                || response
                    .headers()
                    .get(header::CACHE_CONTROL)
                    .is_some_and(|v| v == LIVE_CACHE),
        }
    }
}

/// Keeps the tag of a content answer (`finished`: the 200 or the 304 sent) with how long it
/// holds.
pub fn remember(app: &AppState, asked: Asked, facts: Facts, finished: &Response) {
    if !facts.content {
        return;
    }
    let headers = finished.headers();
    let Some(etag) = headers.get(header::ETAG) else {
        return;
    };
    let (from, until) = if facts.with_statuses {
        let Some(site) = app.sites.resolve(asked.host()) else {
            return;
        };
        let showtimes = app.content.site(site);
        // Computed for the live cache's instant, or for one between `before` and now.
        let from = facts.computed.unwrap_or(asked.before);
        let until = showtimes.unchanged_until(from);
        if facts.computed.is_none() && until.is_some_and(|until| app.clock.now() > until) {
            // A status may have changed while it was computed: which one it shows is unsure.
            return;
        }
        (Some(from), until)
    } else {
        (None, None)
    };
    if let Some(kept) = app.tags.get(&asked.key, asked.before) {
        if kept.etag == etag && kept.from == from && kept.until == until {
            return;
        }
    }
    app.tags.insert(
        asked.key,
        Known {
            etag: etag.clone(),
            cache_control: headers.get(header::CACHE_CONTROL).cloned(),
            vary: headers.get(header::VARY).cloned(),
            from,
            until,
        },
    );
}
