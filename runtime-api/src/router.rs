//! The router: every handler at its path, the API's OpenAPI document, and the layers around
//! them (body limit, load shedding, metrics and CORS, compression), over the state of
//! `state.rs`.

use crate::http::metrics::Metrics;
use crate::state::AppState;
use crate::{http, preview};
use axum::http::{header, HeaderValue, StatusCode};
use axum::routing::{get, post};
use axum::Router;
use std::sync::Arc;
use std::time::Duration;
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

/// Request bodies larger than this are refused with 413 before any handler reads them.
const MAX_BODY_BYTES: usize = 64 * 1024;

/// Where the dev identity provider is mounted.
pub const IDENTITY_PREFIX: &str = crate::providers::DEV_PREFIX;

/// Every API route, documented as it is registered. The calls that wait on something (the
/// store, the identity provider's keys, the captcha service) answer 503 after `timeout`; the
/// content, schedule and search calls compute from memory without waiting, where a timer
/// could not interrupt anything and would only cost each request its registration.
pub fn api_routes(timeout: Duration) -> http::doc::ApiRouter {
    let waiting = http::client::router()
        .merge(http::session::router())
        .merge(http::cards::router())
        .merge(http::calendar_feed::router())
        .map_router(|r| {
            r.layer(TimeoutLayer::with_status_code(
                StatusCode::SERVICE_UNAVAILABLE,
                timeout,
            ))
        });
    http::content::router()
        .merge(http::search::router())
        .merge(http::help::router())
        .merge(waiting)
}

pub fn app(state: AppState) -> Router {
    let (api, operations) = api_routes(state.options.request_timeout).into_parts();
    let metrics = Arc::new(Metrics::new(
        operations
            .iter()
            .map(|op| format!("/api{}", op.path))
            .chain(
                [
                    "/api/openapi.json",
                    "/assets/i18n/{file}",
                    "/healthz",
                    "/readyz",
                    "/metrics",
                    http::rebuild_hook::PATH,
                ]
                .map(String::from),
            )
            .chain([site::revalidate::PATH.to_string()]),
    ));
    // One document per site (its languages), made once.
    let documents: Arc<std::collections::HashMap<site::Site, Vec<u8>>> = Arc::new(
        site::Site::ALL
            .iter()
            .map(|&site| {
                let doc = http::doc::openapi_for_site("/api", &operations, site);
                (
                    site,
                    serde_json::to_vec_pretty(&doc).expect("the document serialises"),
                )
            })
            .collect(),
    );
    let api = api
        .route(
            "/openapi.json",
            get(move |site: http::locale::SiteOnly| {
                let documents = documents.clone();
                async move {
                    (
                        [(header::CONTENT_TYPE, "application/json")],
                        documents[&site.0].clone(),
                    )
                }
            }),
        )
        // The generator's conditional requests in bulk (not in the document: a tool's call).
        .route(
            &site::revalidate::PATH["/api".len()..],
            post(http::revalidate::revalidate),
        )
        .fallback(|uri: axum::http::Uri| async move {
            http::error::ApiError::not_found("call", uri.path().to_string())
        });
    let mut router = Router::new()
        .nest("/api", api)
        .merge(http::i18n::router().layer(axum::middleware::from_fn(http::etag::etag)))
        .route("/healthz", get(http::health::healthz))
        .route("/readyz", get(http::health::readyz))
        .route(
            "/metrics",
            get(http::metrics::expose).with_state(http::metrics::MetricsAccess {
                metrics: metrics.clone(),
                token: state.options.metrics_token.clone(),
                app: state.clone(),
            }),
        );
    if let Some(hook) = state.options.rebuild_hook.clone() {
        router = router.merge(http::rebuild_hook::router(hook));
    }
    if let Some(live) = state.live.as_ref() {
        if let Some(dev) = crate::providers::dev_router(&live.providers, &state.sites) {
            router = router.nest_service(IDENTITY_PREFIX, dev);
        }
    }
    let origins = allowed_origins(&state);
    let hsts = state.options.hsts;
    let known_tags = state.clone();
    let router = if state.options.preview {
        router.fallback(preview::serve)
    } else {
        router.fallback(|| async { (StatusCode::NOT_FOUND, "Not found") })
    };
    router
        .with_state(state)
        .layer(RequestBodyLimitLayer::new(MAX_BODY_BYTES))
        // A request the server refused under load (`server::serve`) goes no further.
        .layer(axum::middleware::from_fn(crate::server::shed_load))
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(
                http::observe::Observer::new(metrics, origins)
                    .with_hsts(hsts)
                    .with_known_tags(known_tags),
            ),
            http::observe::observe,
        ))
        // Outermost: `observe` rewrites error bodies as JSON and hashes bodies for ETags, so it
        // must see them before they are compressed (a gzip body read as text gave garbled
        // error messages to every browser).
        .layer(CompressionLayer::new())
}

/// Browsers may call the API from the sites' own origins (production domains, and
/// `http://{site}.localhost:{port}` when this server previews the sites) and the configured
/// extras; no wildcard, since client calls carry credentials.
fn allowed_origins(state: &AppState) -> Vec<HeaderValue> {
    let mut origins: Vec<HeaderValue> = Vec::new();
    for (site, host) in &state.brand.domains {
        origins.extend(HeaderValue::from_str(&format!("https://{host}")).ok());
        if state.options.preview {
            origins.extend(
                HeaderValue::from_str(&format!(
                    "http://{}.localhost:{}",
                    site.code(),
                    state.options.port
                ))
                .ok(),
            );
        }
    }
    origins.extend(
        state
            .options
            .cors_origins
            .iter()
            .filter_map(|o| HeaderValue::from_str(o).ok()),
    );
    origins
}
