//! ETag and If-None-Match for every successful GET, in one place: the body is hashed after the
//! handler ran, so no handler can forget it. A matching If-None-Match answers 304 with no body.

use axum::body::{to_bytes, Body};
use axum::extract::Request;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use xxhash_rust::xxh3::xxh3_128;

/// Responses larger than this are passed through without an ETag rather than buffered.
const MAX_HASHED_BODY: usize = 64 * 1024 * 1024;

/// Default freshness for API answers that did not set their own Cache-Control: content changes
/// nightly, so a minute of caching is safe and revalidation is cheap thanks to the ETag.
const DEFAULT_CACHE_CONTROL: &str = "public, max-age=60";

/// The end of every API answer (called by `observe`, one middleware for all, since each layer
/// costs per request): error bodies as JSON (`error::as_json_error`), then ETag and
/// If-None-Match.
pub async fn finish_api_answer(
    is_get: bool,
    if_none_match: Option<HeaderValue>,
    response: Response,
) -> Response {
    if response.status() != StatusCode::OK {
        return crate::http::error::as_json_error(response).await;
    }
    tag(is_get, if_none_match, response).await
}

pub async fn etag(request: Request, next: Next) -> Response {
    let is_get = request.method() == Method::GET || request.method() == Method::HEAD;
    let if_none_match = request.headers().get(header::IF_NONE_MATCH).cloned();
    let response = next.run(request).await;
    tag(is_get, if_none_match, response).await
}

async fn tag(is_get: bool, if_none_match: Option<HeaderValue>, response: Response) -> Response {
    if !is_get || response.status() != StatusCode::OK {
        return response;
    }
    // A handler that keeps its answers (the live cache) sets their tag itself.
    if let Some(tag) = response
        .headers()
        .get(header::ETAG)
        .and_then(|t| t.to_str().ok())
    {
        if if_none_match.as_ref().is_some_and(|v| matches_etag(v, tag)) {
            let (parts, _) = response.into_parts();
            return not_modified(&parts);
        }
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let bytes = match to_bytes(body, MAX_HASHED_BODY).await {
        Ok(bytes) => bytes,
        Err(err) => {
            tracing::error!(error = %err, "could not buffer a response body to hash it");
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    };
    let tag_value = tag_of(&bytes);
    let tag = tag_value.to_str().expect("ascii").to_string();
    parts.headers.insert(header::ETAG, tag_value.clone());
    parts
        .headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static(DEFAULT_CACHE_CONTROL));
    if if_none_match.is_some_and(|v| matches_etag(&v, &tag)) {
        return not_modified(&parts);
    }
    Response::from_parts(parts, Body::from(bytes))
}

/// The tag of a body, as every answer carries it.
pub fn tag_of(bytes: &[u8]) -> HeaderValue {
    HeaderValue::from_str(&format!("\"{:032x}\"", xxh3_128(bytes)))
        .expect("hex is a valid header value")
}

fn not_modified(parts: &axum::http::response::Parts) -> Response {
    let mut answer = Response::new(Body::empty());
    *answer.status_mut() = StatusCode::NOT_MODIFIED;
    for name in [header::ETAG, header::CACHE_CONTROL, header::VARY] {
        if let Some(v) = parts.headers.get(&name) {
            answer.headers_mut().insert(name, v.clone());
        }
    }
    answer
}

/// If-None-Match holds a list of tags (possibly weak, `W/"…"`) or `*`.
pub fn matches_etag(header: &HeaderValue, tag: &str) -> bool {
    let Ok(list) = header.to_str() else {
        return false;
    };
    list.split(',').map(str::trim).any(|candidate| {
        candidate == "*" || candidate.strip_prefix("W/").unwrap_or(candidate) == tag
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn if_none_match_lists_and_weak_tags_match() {
        let tag = "\"abc\"";
        assert!(matches_etag(&HeaderValue::from_static("\"abc\""), tag));
        assert!(matches_etag(
            &HeaderValue::from_static("\"x\", W/\"abc\""),
            tag
        ));
        assert!(matches_etag(&HeaderValue::from_static("*"), tag));
        assert!(!matches_etag(&HeaderValue::from_static("\"abd\""), tag));
        assert!(!matches_etag(&HeaderValue::from_static(""), tag));
    }
}
