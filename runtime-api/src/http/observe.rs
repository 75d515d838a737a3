//! What every request goes through once: CORS, its id (`x-request-id`, kept from the caller or made
//! up, sent back), its log line (a span with id, method and path; status and latency when it
//! ends) and its metrics. One middleware instead of four layers: each layer costs per request,
//! and on two cores the cached answers are cheap enough for that to show.

use crate::http::conditional::{self, Asked, Facts};
use crate::http::metrics::Metrics;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::IntoResponse;
use axum::response::Response;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;
use tracing::Instrument;

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

pub struct Observer {
    pub metrics: Arc<Metrics>,
    /// Origins whose browsers may call the API (CORS, with credentials): the sites' own.
    origins: Vec<HeaderValue>,
    /// Send `Strict-Transport-Security` (production, behind HTTPS).
    hsts: bool,
    /// A per-process prefix and a counter: unique, cheap, in order in the logs.
    prefix: String,
    next: AtomicU64,
    /// The state whose known tags answer conditional content requests (`conditional`).
    app: Option<crate::state::AppState>,
}

impl Observer {
    pub fn new(metrics: Arc<Metrics>, origins: Vec<HeaderValue>) -> Observer {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
            ^ u128::from(std::process::id());
        Observer {
            metrics,
            origins,
            hsts: false,
            prefix: format!(
                "{:08x}",
                ((seed as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)) >> 32
            ),
            next: AtomicU64::new(0),
            app: None,
        }
    }

    /// Answers conditional content requests from the tags `app` keeps (`conditional`).
    pub fn with_known_tags(self, app: crate::state::AppState) -> Observer {
        Observer {
            app: Some(app),
            ..self
        }
    }

    pub fn with_hsts(self, hsts: bool) -> Observer {
        Observer { hsts, ..self }
    }

    fn new_id(&self) -> HeaderValue {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        HeaderValue::from_str(&format!("{}-{n:x}", self.prefix))
            .expect("hex is a valid header value")
    }
}

/// Ids from callers are kept only when short and printable.
fn caller_id(value: &HeaderValue) -> bool {
    value.len() <= 128
        && value
            .to_str()
            .is_ok_and(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_graphic()))
}

/// CORS for the allowed origins only, here rather than in a separate layer (one less per
/// request): a preflight is answered at once; an allowed origin's answers carry
/// `Access-Control-Allow-Origin` and `-Credentials`; every answer varies by `Origin`.
fn allowed_origin(observer: &Observer, request: &Request) -> Option<HeaderValue> {
    let origin = request.headers().get(header::ORIGIN)?;
    observer.origins.iter().find(|o| *o == origin).cloned()
}

fn preflight(origin: HeaderValue) -> Response {
    let mut response = StatusCode::NO_CONTENT.into_response();
    let h = response.headers_mut();
    h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
    h.insert(
        header::ACCESS_CONTROL_ALLOW_CREDENTIALS,
        HeaderValue::from_static("true"),
    );
    h.insert(
        header::ACCESS_CONTROL_ALLOW_METHODS,
        HeaderValue::from_static("GET, POST, PATCH, DELETE"),
    );
    h.insert(
        header::ACCESS_CONTROL_ALLOW_HEADERS,
        HeaderValue::from_static("authorization, content-type, x-captcha-response"),
    );
    h.insert(
        header::ACCESS_CONTROL_MAX_AGE,
        HeaderValue::from_static("600"),
    );
    h.insert(
        header::VARY,
        HeaderValue::from_static(
            "origin, access-control-request-method, access-control-request-headers",
        ),
    );
    response
}

pub async fn observe(
    State(observer): State<Arc<Observer>>,
    mut request: Request,
    next: Next,
) -> Response {
    let started = Instant::now();
    let origin = allowed_origin(&observer, &request);
    if let Some(origin) = &origin {
        if request.method() == axum::http::Method::OPTIONS
            && request
                .headers()
                .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD)
        {
            return preflight(origin.clone());
        }
    }
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(MatchedPath::as_str);
    let row = observer.metrics.row_of(route);
    let id = match request.headers().get(&REQUEST_ID) {
        Some(v) if caller_id(v) => v.clone(),
        _ => {
            let id = observer.new_id();
            request.headers_mut().insert(REQUEST_ID, id.clone());
            id
        }
    };
    let method = request.method().clone();
    // API answers get JSON errors and ETags here too (see `etag::finish_api_answer`).
    let api = request.uri().path().starts_with("/api/").then(|| {
        (
            method == axum::http::Method::GET || method == axum::http::Method::HEAD,
            request
                .headers()
                .get(axum::http::header::IF_NONE_MATCH)
                .cloned(),
        )
    });
    // An answer to a request with credentials is the client's own: no cache may keep it, and
    // a browser must not serve it again after the client changed it.
    let personal = request.headers().contains_key(header::AUTHORIZATION);
    let takes_gzip = accepts_gzip(request.headers().get(header::ACCEPT_ENCODING));
    // A content GET whose tag is known and still holds is answered 304 without its handler.
    let asked = match (&observer.app, &api) {
        (Some(app), Some((true, _))) => Some(Asked::of(app, &request)),
        _ => None,
    };
    let known = match (&observer.app, &asked, &api) {
        (Some(app), Some(asked), Some((_, if_none_match))) => {
            conditional::known_answer(app, asked, if_none_match.as_ref())
        }
        _ => None,
    };
    let mut response = if tracing::enabled!(tracing::Level::INFO) {
        let span = tracing::info_span!("request", request_id = %id.to_str().unwrap_or("-"), method = %method, path = %loggable_path(request.uri().path()));
        let response = match known {
            Some(known) => known,
            None => next.run(request).instrument(span.clone()).await,
        };
        span.in_scope(|| {
            tracing::info!(
                status = response.status().as_u16(),
                latency_us = started.elapsed().as_micros() as u64,
                "answered"
            )
        });
        response
    } else {
        match known {
            Some(known) => known,
            None => next.run(request).await,
        }
    };
    let is_api = api.is_some();
    if let Some((is_get, if_none_match)) = api {
        if personal {
            response.headers_mut().insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static("private, no-store"),
            );
        }
        let facts = Facts::of(&response);
        response = crate::http::etag::finish_api_answer(is_get, if_none_match, response).await;
        if let (Some(app), Some(asked), false) = (&observer.app, asked, personal) {
            conditional::remember(app, asked, facts, &response);
        }
        if takes_gzip {
            response = send_gzipped(response);
        }
    }
    observer.metrics.record_at(
        row,
        &method,
        response.status().as_u16(),
        started.elapsed().as_secs_f64(),
    );
    let headers = response.headers_mut();
    headers.insert(REQUEST_ID, id);
    // API answers are data: nothing in them runs, loads or may be framed.
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if is_api {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'; frame-ancestors 'none'"),
        );
        headers.insert(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        );
    }
    if observer.hsts {
        headers.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=63072000; includeSubDomains"),
        );
    }
    headers.append(header::VARY, HeaderValue::from_static("origin"));
    if let Some(origin) = origin {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_CREDENTIALS,
            HeaderValue::from_static("true"),
        );
    }
    response
}

/// The path as logs may keep it: card numbers, PINs and voucher codes travel in the paths of
/// the card calls (spec §7) and never reach a log line.
pub fn loggable_path(path: &str) -> std::borrow::Cow<'_, str> {
    for (prefix, shape) in [
        ("/api/voucher/", "/api/voucher/{code}"),
        ("/api/gift-card/", "/api/gift-card/{a}/{b}"),
        // A private calendar feed's secret.
        (
            crate::http::calendar_feed::FEED_PREFIX,
            "/api/calendar/{token}/feed.ics",
        ),
    ] {
        if path.starts_with(prefix) {
            return std::borrow::Cow::Borrowed(shape);
        }
    }
    std::borrow::Cow::Borrowed(path)
}

/// Whether an `Accept-Encoding` takes gzip (`gzip` or `*`, not with `q=0`).
fn accepts_gzip(accept: Option<&HeaderValue>) -> bool {
    let Some(accept) = accept.and_then(|v| v.to_str().ok()) else {
        return false;
    };
    accept.split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        let coding = parts.next().unwrap_or_default();
        let refused = parts.any(|p| {
            p.strip_prefix("q=")
                .and_then(|q| q.parse::<f32>().ok())
                .is_some_and(|q| q == 0.0)
        });
        (coding.eq_ignore_ascii_case("gzip") || coding == "*") && !refused
    })
}

/// A kept answer sent as its gzipped copy (`content::answer::Gzipped`): the compression
/// layer leaves a response with a `Content-Encoding` alone.
fn send_gzipped(mut response: Response) -> Response {
    let Some(crate::http::content::answer::Gzipped(gzip)) = response.extensions_mut().remove()
    else {
        return response;
    };
    if response.status() != axum::http::StatusCode::OK {
        return response;
    }
    let (mut parts, _) = response.into_parts();
    parts
        .headers
        .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, axum::body::Body::from(gzip))
}

#[cfg(test)]
mod gzip_tests {
    use super::accepts_gzip;
    use axum::http::HeaderValue;

    #[test]
    fn gzip_is_taken_when_named_or_starred_and_not_refused() {
        let takes = |v: &str| accepts_gzip(Some(&HeaderValue::from_str(v).expect("header")));
        assert!(takes("gzip, deflate, br"));
        assert!(takes("br;q=1.0, GZIP;q=0.5"));
        assert!(takes("*"));
        assert!(!takes("br, deflate"));
        assert!(!takes("gzip;q=0"));
        assert!(!takes("identity"));
        assert!(!accepts_gzip(None));
    }
}
