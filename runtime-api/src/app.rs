//! Application state and the router: everything a request needs, built once at start-up.

use crate::captcha::CaptchaVerifier;
use crate::clock::Clock;
use crate::config::Config;
use crate::content::live_cache::LiveCache;
use crate::content::ContentStore;
use crate::http::locale::SiteResolver;
use crate::http::metrics::Metrics;
use crate::locales::Locales;
use crate::rate_limit::RateLimiter;
use crate::{http, preview};
use anyhow::Context;
use axum::http::{header, HeaderName, HeaderValue, Method, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use client_store::ClientStore;
use identity::{DevIdentityProvider, TokenVerifier};
use search::SearchIndex;
use site::brand::Brand;
use site::routes::RouteTable;
use site::snapshot::Snapshot;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::request_id::{MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;

/// Request bodies larger than this are refused with 413 before any handler reads them.
const MAX_BODY_BYTES: usize = 64 * 1024;

/// Where the dev identity provider is mounted.
pub const IDENTITY_PREFIX: &str = "/identity";

/// Shared state: cheap to clone (a few `Arc`s).
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
    /// Schedule and search answers kept a few seconds.
    pub cache: Arc<LiveCache>,
    pub metrics: Arc<Metrics>,
    /// What the live calls need besides content: search, identity, clients' data, captcha.
    pub live: Option<Arc<Live>>,
    pub options: Arc<ServiceOptions>,
}

/// The services behind the live calls.
pub struct Live {
    pub search: Arc<SearchIndex>,
    pub store: Arc<dyn ClientStore>,
    pub verifier: TokenVerifier,
    pub dev_identity: Option<Arc<DevIdentityProvider>>,
    pub clients: http::auth::KnownClients,
    pub captcha: Box<dyn CaptchaVerifier>,
    pub card_limiter: RateLimiter,
    pub login_url: String,
    pub signup_url: String,
}

/// Settings of the HTTP layers.
#[derive(Clone, Debug)]
pub struct ServiceOptions {
    pub request_timeout: Duration,
    /// Extra browser origins allowed besides the sites' own.
    pub cors_origins: Vec<String>,
    pub port: u16,
}

impl Default for ServiceOptions {
    fn default() -> Self {
        ServiceOptions { request_timeout: Duration::from_secs(10), cors_origins: Vec::new(), port: 8080 }
    }
}

/// What start-up loads from files: content, brand, UI strings.
pub struct Loaded {
    pub snapshot: Snapshot,
    pub brand: Brand,
    pub locales: Locales,
    pub media: PathBuf,
}

impl Loaded {
    pub fn read(config: &Config) -> anyhow::Result<Loaded> {
        let brand_text = std::fs::read_to_string(&config.brand).with_context(|| format!("reading {}", config.brand.display()))?;
        let brand = Brand::from_json(&brand_text).map_err(anyhow::Error::msg)?;
        let snapshot = Snapshot::read(&config.snapshot).map_err(anyhow::Error::msg)?;
        let locales = Locales::load(&config.locales)?;
        let media = config.snapshot.parent().map(|p| p.join("media")).unwrap_or_else(|| "media".into());
        Ok(Loaded { snapshot, brand, locales, media })
    }
}

impl Live {
    /// Search index, store (migrations run), identity and captcha from the configuration.
    pub async fn start(config: &Config, snapshot: &Snapshot, brand: &Brand) -> anyhow::Result<Live> {
        let routes = RouteTable::try_new(&brand.slug).map_err(anyhow::Error::msg)?;
        let search = SearchIndex::build(snapshot, &routes).context("building the search index")?;
        let store = client_store::open_store(config.database_url.as_deref(), &config.data_dir).await?;
        if config.seed_demo_cards {
            crate::demo_cards::seed(store.as_ref(), chrono::Utc::now().date_naive()).await.context("seeding the demo cards")?;
        }
        let id = &config.identity;
        let dev_identity = if id.dev_provider {
            Some(Arc::new(DevIdentityProvider::open(&config.data_dir, id.issuer.clone(), id.audience.clone(), id.authorized_party.clone())?))
        } else {
            None
        };
        let verifier = match (&id.jwks_url, &dev_identity) {
            (Some(url), _) => TokenVerifier::new(identity::VerifierConfig::new(id.issuer.clone(), id.audience.clone(), id.authorized_party.clone(), url.clone()))?,
            (None, Some(dev)) => dev.local_verifier(),
            (None, None) => anyhow::bail!("identity.jwks_url is required when the dev identity provider is off"),
        };
        let login_url = id.login_url.clone().unwrap_or_else(|| format!("{IDENTITY_PREFIX}/login"));
        let signup_url = id.signup_url.clone().unwrap_or_else(|| format!("{IDENTITY_PREFIX}/signup"));
        Ok(Live {
            search: Arc::new(search),
            store,
            verifier,
            dev_identity,
            clients: Default::default(),
            captcha: crate::captcha::from_config(&config.captcha.verifier)?,
            card_limiter: RateLimiter::per_minute(config.card_lookups_per_minute),
            login_url,
            signup_url,
        })
    }
}

impl AppState {
    /// The content API alone (live calls answer 503 until `with_live`).
    pub fn new(snapshot: Snapshot, brand: Brand, locales: Locales, out: PathBuf, media: PathBuf, clock: Clock) -> AppState {
        AppState::from_parts(Arc::new(ContentStore::new(snapshot)), Arc::new(brand), Arc::new(locales), out, media, clock)
    }

    /// For tests sharing one content store between states.
    pub fn from_parts(content: Arc<ContentStore>, brand: Arc<Brand>, locales: Arc<Locales>, out: PathBuf, media: PathBuf, clock: Clock) -> AppState {
        let sites = SiteResolver::new(brand.domains.iter().map(|(site, host)| (host.clone(), *site)));
        AppState {
            sites,
            content,
            locales,
            brand,
            out,
            media,
            clock,
            cache: Arc::new(LiveCache::default()),
            metrics: Arc::new(Metrics::default()),
            live: None,
            options: Arc::new(ServiceOptions::default()),
        }
    }

    pub fn with_live(mut self, live: Arc<Live>) -> AppState {
        self.live = Some(live);
        self
    }

    pub fn with_options(mut self, options: ServiceOptions) -> AppState {
        self.options = Arc::new(options);
        self
    }

    /// The live services, or 503 for a content-only server.
    pub fn live(&self) -> Result<&Live, http::error::ApiError> {
        self.live.as_deref().ok_or_else(|| http::error::ApiError::Unavailable("this server serves content only".into()))
    }
}

/// Every API route, documented as it is registered.
pub fn api_routes() -> http::doc::ApiRouter {
    http::content::router()
        .merge(http::search::router())
        .merge(http::client::router())
        .merge(http::session::router())
        .merge(http::cards::router())
}

pub fn app(state: AppState) -> Router {
    let (api, operations) = api_routes().into_parts();
    let openapi = Arc::new(serde_json::to_vec_pretty(&http::doc::openapi("/api", &operations)).expect("the document serialises"));
    let api = api
        .route(
            "/openapi.json",
            get(move || {
                let doc = openapi.clone();
                async move { ([(header::CONTENT_TYPE, "application/json")], doc.as_ref().clone()) }
            }),
        )
        .fallback(|uri: axum::http::Uri| async move { http::error::ApiError::not_found("call", uri.path().to_string()) })
        .layer(TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, state.options.request_timeout))
        .layer(axum::middleware::from_fn(http::etag::etag))
        .layer(axum::middleware::from_fn(http::error::json_errors));
    let mut router = Router::new()
        .nest("/api", api)
        .merge(http::i18n::router().layer(axum::middleware::from_fn(http::etag::etag)))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(http::metrics::expose).with_state(state.metrics.clone()));
    if let Some(dev) = state.live.as_ref().and_then(|l| l.dev_identity.as_ref()) {
        router = router.nest_service(IDENTITY_PREFIX, dev.router());
    }
    let cors = cors_layer(&state);
    let metrics = state.metrics.clone();
    router
        .fallback(preview::serve)
        .with_state(state)
        .layer(axum::middleware::from_fn_with_state(metrics, http::metrics::track))
        .layer(CompressionLayer::new())
        .layer(cors)
        .layer(RequestBodyLimitLayer::new(MAX_BODY_BYTES))
        .layer(
            tower_http::trace::TraceLayer::new_for_http()
                .make_span_with(|request: &axum::http::Request<_>| {
                    let id = request.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
                    tracing::info_span!("request", request_id = %id, method = %request.method(), path = %request.uri().path())
                })
                .on_response(|response: &axum::http::Response<_>, latency: Duration, _span: &tracing::Span| {
                    tracing::info!(status = response.status().as_u16(), latency_us = latency.as_micros() as u64, "answered");
                }),
        )
        .layer(PropagateRequestIdLayer::new(HeaderName::from_static(REQUEST_ID)))
        .layer(SetRequestIdLayer::new(HeaderName::from_static(REQUEST_ID), RequestIds::default()))
}

const REQUEST_ID: &str = "x-request-id";

/// Request ids: a per-process random prefix and a counter (unique, cheap, sortable in logs).
#[derive(Clone)]
struct RequestIds {
    prefix: Arc<str>,
    next: Arc<std::sync::atomic::AtomicU64>,
}

impl Default for RequestIds {
    fn default() -> Self {
        let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0) ^ u128::from(std::process::id());
        RequestIds { prefix: format!("{:08x}", (seed as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32).into(), next: Default::default() }
    }
}

impl MakeRequestId for RequestIds {
    fn make_request_id<B>(&mut self, _request: &axum::http::Request<B>) -> Option<RequestId> {
        let n = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        HeaderValue::from_str(&format!("{}-{n:x}", self.prefix)).ok().map(RequestId::new)
    }
}

/// Browsers may call the API from the sites' own origins (production domains and
/// `http://{site}.localhost:{port}`) and the configured extras; no wildcard, since client calls
/// carry credentials.
fn cors_layer(state: &AppState) -> CorsLayer {
    let mut origins: Vec<HeaderValue> = Vec::new();
    for (site, host) in &state.brand.domains {
        origins.extend(HeaderValue::from_str(&format!("https://{host}")).ok());
        origins.extend(HeaderValue::from_str(&format!("http://{}.localhost:{}", site.code(), state.options.port)).ok());
    }
    origins.extend(state.options.cors_origins.iter().filter_map(|o| HeaderValue::from_str(o).ok()));
    CorsLayer::new()
        .allow_origin(AllowOrigin::list(origins))
        .allow_methods([Method::GET, Method::POST, Method::PATCH, Method::DELETE])
        .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE, HeaderName::from_static(http::cards::CAPTCHA_HEADER)])
        .allow_credentials(true)
        .max_age(Duration::from_secs(600))
}

/// Liveness: the process answers.
async fn healthz() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], "{\"status\":\"ok\"}")
}

/// Readiness: content and search are loaded (they are before the server listens) and the
/// client store answers.
async fn readyz(axum::extract::State(app): axum::extract::State<AppState>) -> axum::response::Response {
    let Ok(live) = app.live() else {
        return ([(header::CONTENT_TYPE, "application/json")], "{\"status\":\"ready\",\"live\":false}").into_response();
    };
    match live.store.client("readiness-probe").await {
        Ok(_) => ([(header::CONTENT_TYPE, "application/json")], "{\"status\":\"ready\"}").into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "not ready: the client store does not answer");
            (StatusCode::SERVICE_UNAVAILABLE, [(header::CONTENT_TYPE, "application/json")], "{\"status\":\"unavailable\",\"reason\":\"client store\"}").into_response()
        }
    }
}
