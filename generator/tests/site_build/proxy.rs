//! A content API in front of the real one that fails one path on purpose.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

#[derive(Clone, Copy, Debug)]
pub enum Fault {
    /// 500 on every attempt.
    ServerError,
    /// 200 with a truncated JSON body.
    MalformedJson,
    /// The connection is cut in the middle of the body.
    CutConnection,
    /// 404: the content has no data for a listed item.
    NotFound,
}

pub struct Proxy {
    pub upstream: String,
    /// Path (without query) that fails.
    pub target: String,
    pub fault: Fault,
    pub hits: AtomicUsize,
    pub client: reqwest::Client,
}

/// Answers `target` with the fault, everything else from `upstream`.
pub async fn proxy(
    axum::extract::State(state): axum::extract::State<Arc<Proxy>>,
    request: axum::extract::Request,
) -> axum::response::Response {
    use axum::body::{Body, Bytes};
    use axum::http::{header, StatusCode};
    let uri = request.uri().clone();
    if uri.path() == state.target {
        state.hits.fetch_add(1, Ordering::SeqCst);
        return match state.fault {
            Fault::ServerError => json(
                Body::from(r#"{"error":"injected","message":"injected failure"}"#),
                StatusCode::INTERNAL_SERVER_ERROR,
            ),
            Fault::MalformedJson => json(
                Body::from(r#"{"days": {"2026-11-22": [{"slug": "#),
                StatusCode::OK,
            ),
            Fault::NotFound => json(
                Body::from(r#"{"error":"not_found","message":"no data"}"#),
                StatusCode::NOT_FOUND,
            ),
            Fault::CutConnection => {
                let chunks: Vec<Result<Bytes, std::io::Error>> = vec![
                    Ok(Bytes::from_static(b"{\"days\": {")),
                    Err(std::io::Error::other("injected: connection cut")),
                ];
                json(
                    Body::from_stream(futures_util::stream::iter(chunks)),
                    StatusCode::OK,
                )
            }
        };
    }
    let path_and_query = uri.path_and_query().map(|p| p.as_str()).unwrap_or("/");
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("")
        .to_string();
    let answer = state
        .client
        .get(format!("{}{path_and_query}", state.upstream))
        .header(reqwest::header::HOST, host)
        .send()
        .await;
    match answer {
        Ok(answer) => {
            let status =
                StatusCode::from_u16(answer.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY);
            let body = answer.bytes().await.unwrap_or_default();
            json(Body::from(body), status)
        }
        Err(e) => json(
            Body::from(format!("{{\"error\":\"proxy\",\"message\":\"{e}\"}}")),
            StatusCode::BAD_GATEWAY,
        ),
    }
}

fn json(body: axum::body::Body, status: axum::http::StatusCode) -> axum::response::Response {
    axum::response::Response::builder()
        .status(status)
        .header(axum::http::header::CONTENT_TYPE, "application/json")
        .body(body)
        .expect("a response")
}
