//! Application state and the router: everything a request needs, built once at start-up.

use crate::clock::Clock;
use crate::content::ContentStore;
use crate::http::locale::SiteResolver;
use crate::locales::Locales;
use crate::{http, preview};
use anyhow::Context;
use axum::Router;
use site::brand::Brand;
use site::snapshot::Snapshot;
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::limit::RequestBodyLimitLayer;

/// Request bodies larger than this are refused with 413 before any handler reads them.
const MAX_BODY_BYTES: usize = 64 * 1024;

pub struct AppConfig {
    pub snapshot: PathBuf,
    pub out: PathBuf,
    pub locales: PathBuf,
    pub brand: PathBuf,
}

/// Shared, read-only state: cheap to clone (a few `Arc`s).
#[derive(Clone)]
pub struct AppState {
    pub sites: SiteResolver,
    pub content: Arc<ContentStore>,
    pub locales: Arc<Locales>,
    pub brand: Arc<Brand>,
    /// Root of the generated sites, for local preview.
    pub out: PathBuf,
    /// Media files (posters, backdrops) next to the snapshot.
    pub media: PathBuf,
    pub clock: Clock,
}

impl AppState {
    pub fn load(config: &AppConfig) -> anyhow::Result<AppState> {
        let brand_text = std::fs::read_to_string(&config.brand)
            .with_context(|| format!("reading {}", config.brand.display()))?;
        let brand = Brand::from_json(&brand_text).map_err(anyhow::Error::msg)?;
        let snapshot = Snapshot::read(&config.snapshot).map_err(anyhow::Error::msg)?;
        let locales = Locales::load(&config.locales)?;
        let media = config.snapshot.parent().map(|p| p.join("media")).unwrap_or_else(|| "media".into());
        Ok(AppState::new(snapshot, brand, locales, config.out.clone(), media, Clock::System))
    }

    pub fn new(snapshot: Snapshot, brand: Brand, locales: Locales, out: PathBuf, media: PathBuf, clock: Clock) -> AppState {
        let sites = SiteResolver::new(brand.domains.iter().map(|(site, host)| (host.clone(), *site)));
        AppState {
            sites,
            content: Arc::new(ContentStore::new(snapshot)),
            locales: Arc::new(locales),
            brand: Arc::new(brand),
            out,
            media,
            clock,
        }
    }
}

pub fn app(state: AppState) -> Router {
    let api = http::content::router()
        .fallback(|uri: axum::http::Uri| async move { http::error::ApiError::not_found("call", uri.path().to_string()) })
        .layer(axum::middleware::from_fn(http::etag::etag))
        .layer(axum::middleware::from_fn(http::error::json_errors));
    Router::new()
        .nest("/api", api)
        .merge(http::i18n::router().layer(axum::middleware::from_fn(http::etag::etag)))
        .fallback(preview::serve)
        .layer(RequestBodyLimitLayer::new(MAX_BODY_BYTES))
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .with_state(state)
}
