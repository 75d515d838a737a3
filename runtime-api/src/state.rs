//! The application state: what every request may need (content, UI strings, the live
//! services, options), built once at start-up and shared by the handlers (axum's `State`).
//! The router (`router.rs`) takes it; handlers take it and nothing of the router.

use crate::captcha::CaptchaVerifier;
use crate::clock::Clock;
use crate::config::Config;
use crate::content::known_tags::KnownTags;
use crate::content::live_cache::LiveCache;
use crate::content::ContentStore;
use crate::http::error::ApiError;
use crate::http::host::SiteResolver;
use crate::http::known_clients::KnownClients;
use crate::locales::Locales;
use crate::providers::Providers;
use crate::rate_limit::RateLimiter;
use anyhow::Context;
use client_store::ClientStore;
use search::SearchIndex;
use site::brand::Brand;
use site::routes::RouteTable;
use site::snapshot::Snapshot;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Shared state, cloned for every request (axum's `State`): one shared pointer, so a clone is
/// one counter increment. (Ten `Arc` fields cost ten contended increments and decrements per
/// request, which a profile showed as the largest item after the kernel.)
#[derive(Clone)]
pub struct AppState(Arc<AppInner>);

impl std::ops::Deref for AppState {
    type Target = AppInner;

    fn deref(&self) -> &AppInner {
        &self.0
    }
}

/// What every request may need, built once at start-up.
#[derive(Clone)]
pub struct AppInner {
    pub sites: Arc<SiteResolver>,
    pub content: Arc<ContentStore>,
    pub locales: Arc<Locales>,
    pub brand: Arc<Brand>,
    /// Root of the generated sites, for local preview.
    pub out: Arc<std::path::Path>,
    /// Media files (posters, backdrops) next to the snapshot.
    pub media: Arc<std::path::Path>,
    pub clock: Clock,
    /// Schedule and search answers kept a few seconds.
    pub cache: Arc<LiveCache>,
    /// The tags of the content answers given, for conditional requests (`known_tags`).
    pub tags: Arc<KnownTags>,
    /// What the live calls need besides content: search, identity, clients' data, captcha.
    pub live: Option<Arc<Live>>,
    pub options: Arc<ServiceOptions>,
}

/// The services behind the live calls.
pub struct Live {
    pub search: Arc<SearchIndex>,
    /// The clients' data, its calls timed into `store_metrics`.
    pub store: Arc<dyn ClientStore>,
    pub store_metrics: Arc<crate::store_metrics::StoreMetrics>,
    /// The last readiness check of the store (`/readyz`), kept a moment.
    pub readiness: crate::readiness::Readiness,
    /// Each site's OpenID provider (and the dev provider of the sites that use it).
    pub providers: Providers,
    pub clients: KnownClients,
    pub captcha: Box<dyn CaptchaVerifier>,
    pub card_limiter: RateLimiter,
    /// Private calendar-feed requests per address (`http::calendar_feed`).
    pub calendar_limiter: RateLimiter,
    /// The proxies whose `X-Forwarded-For` names the client (`rate_limit::client_address`).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// The route table (the sign-in return page's path per site and language).
    pub routes: RouteTable,
}

/// Settings of the HTTP layers.
#[derive(Clone, Debug)]
pub struct ServiceOptions {
    pub request_timeout: Duration,
    /// Extra browser origins allowed besides the sites' own.
    pub cors_origins: Vec<String>,
    pub port: u16,
    /// Serve `out/` at `http://{site}.localhost:PORT/` (local use; a CDN serves the pages in
    /// production). Off unless asked (`--preview`): a preview is not hardened as a web server.
    pub preview: bool,
    /// Answer `Strict-Transport-Security` (the API is reached over HTTPS).
    pub hsts: bool,
    /// The bearer token `/metrics` asks for; without one, it answers this machine only.
    pub metrics_token: Option<Arc<str>>,
    /// The rebuild webhook, when configured (`http::rebuild_hook`).
    pub rebuild_hook: Option<Arc<crate::http::rebuild_hook::RebuildHook>>,
}

impl Default for ServiceOptions {
    fn default() -> Self {
        ServiceOptions {
            request_timeout: Duration::from_secs(10),
            cors_origins: Vec::new(),
            port: 8080,
            preview: false,
            hsts: false,
            metrics_token: None,
            rebuild_hook: None,
        }
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
        let brand_text = std::fs::read_to_string(&config.brand)
            .with_context(|| format!("reading {}", config.brand.display()))?;
        let brand = Brand::from_json(&brand_text).map_err(anyhow::Error::msg)?;
        let snapshot = Snapshot::read(&config.snapshot).map_err(anyhow::Error::msg)?;
        let locales = Locales::load(&config.locales)?;
        let media = config
            .snapshot
            .parent()
            .map(|p| p.join("media"))
            .unwrap_or_else(|| "media".into());
        Ok(Loaded {
            snapshot,
            brand,
            locales,
            media,
        })
    }
}

impl Live {
    /// Search index, store (migrations run), identity and captcha from the configuration.
    pub async fn start(
        config: &Config,
        snapshot: &Snapshot,
        brand: &Brand,
    ) -> anyhow::Result<Live> {
        let routes = RouteTable::try_new(&brand.slug).map_err(anyhow::Error::msg)?;
        let search = SearchIndex::build(snapshot, &routes).context("building the search index")?;
        let store_metrics = Arc::new(crate::store_metrics::StoreMetrics::default());
        let store: Arc<dyn ClientStore> = Arc::new(crate::store_metrics::MeteredStore::new(
            client_store::open_store(config.database_url.as_deref(), &config.data_dir).await?,
            store_metrics.clone(),
        ));
        if config.seed_demo_cards {
            crate::demo_cards::seed(store.as_ref(), config.clock.now().date_naive())
                .await
                .context("seeding the demo cards")?;
        }
        let captcha =
            crate::captcha::from_config(&config.captcha, &config.data_dir, store.clone())?;
        let providers = Providers::start(&config.identity, config.listen.port(), &config.data_dir)?;
        Ok(Live {
            search: Arc::new(search),
            store,
            store_metrics,
            readiness: crate::readiness::Readiness::new(config.listen),
            providers,
            clients: Default::default(),
            captcha,
            card_limiter: RateLimiter::per_minute(config.card_lookups_per_minute),
            calendar_limiter: RateLimiter::per_minute(config.calendar_feeds_per_minute),
            trusted_proxies: config.trusted_proxy_networks()?,
            routes,
        })
    }
}

impl AppState {
    /// The content API alone (live calls answer 503 until `with_live`).
    pub fn new(
        snapshot: Snapshot,
        brand: Brand,
        locales: Locales,
        out: PathBuf,
        media: PathBuf,
        clock: Clock,
    ) -> AppState {
        AppState::from_parts(
            Arc::new(ContentStore::new(snapshot)),
            Arc::new(brand),
            Arc::new(locales),
            out,
            media,
            clock,
        )
    }

    /// For tests sharing one content store between states.
    pub fn from_parts(
        content: Arc<ContentStore>,
        brand: Arc<Brand>,
        locales: Arc<Locales>,
        out: PathBuf,
        media: PathBuf,
        clock: Clock,
    ) -> AppState {
        let sites = SiteResolver::new(
            brand
                .domains
                .iter()
                .map(|(site, host)| (host.clone(), *site)),
        );
        AppState(Arc::new(AppInner {
            sites: Arc::new(sites),
            content,
            locales,
            brand,
            out: Arc::from(out.as_path()),
            media: Arc::from(media.as_path()),
            clock,
            cache: Arc::new(LiveCache::default()),
            tags: Arc::new(KnownTags::default()),
            live: None,
            options: Arc::new(ServiceOptions::default()),
        }))
    }

    fn change(self, f: impl FnOnce(&mut AppInner)) -> AppState {
        let mut inner = Arc::try_unwrap(self.0).unwrap_or_else(|shared| (*shared).clone());
        f(&mut inner);
        AppState(Arc::new(inner))
    }

    pub fn with_live(self, live: Arc<Live>) -> AppState {
        self.change(|s| s.live = Some(live))
    }

    pub fn with_options(self, options: ServiceOptions) -> AppState {
        self.change(|s| s.options = Arc::new(options))
    }

    /// The same state read at another clock (tests: what an answer given earlier is worth
    /// later). Shares the content, caches and known tags.
    pub fn with_clock(self, clock: Clock) -> AppState {
        self.change(|s| s.clock = clock)
    }

    /// The same options with the local preview of `out/` on (tests and local use).
    pub fn with_preview(self) -> AppState {
        let options = ServiceOptions {
            preview: true,
            ..(*self.options).clone()
        };
        self.with_options(options)
    }

    /// The live services, or 503 for a content-only server.
    pub fn live(&self) -> Result<&Live, ApiError> {
        self.live
            .as_deref()
            .ok_or_else(|| ApiError::Unavailable("this server serves content only".into()))
    }
}
