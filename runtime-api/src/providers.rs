//! Each site's OpenID provider (spec §4, §5), from the configuration alone: the verifier of the
//! access tokens its clients send, and what the islands need to run the authorization-code
//! flow (`GET /api/webview`). A site without an issuer of its own, with the dev provider on,
//! uses the dev provider this process serves under `/identity` on the site's own host.
//!
//! A real provider's endpoints come from its discovery document, read on first need and kept
//! an hour: the API starts while the provider is down, and answers 503 for sign-in meanwhile.

use crate::config::{IdentityConfig, SiteProvider};
use identity::{DevIdentityProvider, TokenError, TokenVerifier, VerifierConfig};
use serde::Deserialize;
use site::content::IdentityProvider;
use site::Site;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

/// Where the dev provider is mounted on every site's host.
pub const DEV_PREFIX: &str = "/identity";
/// A discovery document is read again after this long.
const DISCOVERY_TTL: Duration = Duration::from_secs(3600);
/// After a failure, the provider is not asked again for this long (no hammering).
const DISCOVERY_RETRY: Duration = Duration::from_secs(10);
const DISCOVERY_TIMEOUT: Duration = Duration::from_secs(5);
/// A discovery document is a few kilobytes.
const MAX_DISCOVERY_BYTES: usize = 256 * 1024;

/// The endpoints of a provider's discovery document that the sites use.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct ProviderMetadata {
    pub issuer: String,
    pub authorization_endpoint: String,
    pub token_endpoint: String,
    pub jwks_uri: String,
    #[serde(default)]
    pub userinfo_endpoint: Option<String>,
    #[serde(default)]
    pub end_session_endpoint: Option<String>,
}

impl ProviderMetadata {
    /// The dev provider's endpoints under its issuer (`identity/src/dev_provider`).
    pub fn of_dev_provider(issuer: &str) -> ProviderMetadata {
        ProviderMetadata {
            issuer: issuer.to_owned(),
            authorization_endpoint: format!("{issuer}/authorize"),
            token_endpoint: format!("{issuer}/token"),
            jwks_uri: format!("{issuer}/.well-known/jwks.json"),
            userinfo_endpoint: Some(format!("{issuer}/userinfo")),
            end_session_endpoint: Some(format!("{issuer}/end_session")),
        }
    }
}

/// Why a provider cannot be used right now.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    #[error("the identity provider is unreachable: {0}")]
    Unreachable(String),
    #[error("the identity provider's discovery document is unusable: {0}")]
    Invalid(String),
}

/// One site's provider.
pub struct SiteIdentity {
    pub settings: SiteProvider,
    state: Mutex<Discovered>,
    http: Option<reqwest::Client>,
}

#[derive(Default)]
struct Discovered {
    /// The metadata and the verifier built from it, with when they were read.
    known: Option<(Arc<ProviderMetadata>, TokenVerifier, Instant)>,
    /// The last failure, not retried before `DISCOVERY_RETRY`.
    failed: Option<(String, Instant)>,
}

/// The providers of all sites, and the dev provider of each site that uses it.
pub struct Providers {
    sites: HashMap<Site, SiteIdentity>,
    dev: HashMap<Site, Arc<DevIdentityProvider>>,
}

impl Providers {
    pub fn start(config: &IdentityConfig, port: u16, data_dir: &Path) -> anyhow::Result<Providers> {
        let mut sites = HashMap::new();
        let mut dev = HashMap::new();
        for (site, settings) in config.providers(port)? {
            let identity = if settings.dev {
                let provider = DevIdentityProvider::open(
                    data_dir,
                    settings.issuer.clone(),
                    settings.audience.clone(),
                    settings.client_id.clone(),
                )?
                .with_site(site);
                let verifier = TokenVerifier::with_static_jwks(
                    expectations(&settings, String::new()),
                    &provider.jwks_json(),
                )?;
                let metadata = Arc::new(ProviderMetadata::of_dev_provider(&settings.issuer));
                dev.insert(site, Arc::new(provider));
                let known = Discovered {
                    known: Some((metadata, verifier, far_future())),
                    failed: None,
                };
                SiteIdentity {
                    settings,
                    state: Mutex::new(known),
                    http: None,
                }
            } else {
                let builder = reqwest::Client::builder()
                    .timeout(DISCOVERY_TIMEOUT)
                    .redirect(reqwest::redirect::Policy::none());
                let client = identity::resolve_localhost(builder, &settings.issuer).build()?;
                SiteIdentity {
                    settings,
                    state: Mutex::new(Discovered::default()),
                    http: Some(client),
                }
            };
            sites.insert(site, identity);
        }
        Ok(Providers { sites, dev })
    }

    pub fn site(&self, site: Site) -> &SiteIdentity {
        // `start` made one for every site.
        &self.sites[&site]
    }

    /// The dev provider serving `site`, if it uses it.
    pub fn dev(&self, site: Site) -> Option<&Arc<DevIdentityProvider>> {
        self.dev.get(&site)
    }

    /// The dev providers by site, for the router that serves them under `/identity`.
    pub fn dev_providers(&self) -> impl Iterator<Item = (Site, &Arc<DevIdentityProvider>)> {
        self.dev.iter().map(|(s, p)| (*s, p))
    }
}

/// What a token of this provider must say (spec §5), its keys read from `jwks_url`.
fn expectations(settings: &SiteProvider, jwks_url: String) -> VerifierConfig {
    VerifierConfig::new(
        settings.issuer.clone(),
        settings.audience.clone(),
        settings.client_id.clone(),
        jwks_url,
    )
    .with_organization(settings.organization.clone())
}

/// The dev provider's endpoints never need reading again.
fn far_future() -> Instant {
    Instant::now() + Duration::from_secs(100 * 365 * 24 * 3600)
}

impl SiteIdentity {
    /// The provider's endpoints and the verifier of its tokens, read from its discovery
    /// document when not known or older than an hour.
    async fn current(&self) -> Result<(Arc<ProviderMetadata>, TokenVerifier), ProviderError> {
        let mut state = self.state.lock().await;
        let now = Instant::now();
        if let Some((metadata, verifier, until)) = &state.known {
            if *until > now {
                return Ok((metadata.clone(), verifier.clone()));
            }
        }
        if let Some((reason, at)) = &state.failed {
            if now.duration_since(*at) < DISCOVERY_RETRY {
                // Keep what was known rather than nothing while the provider is away.
                return match &state.known {
                    Some((m, v, _)) => Ok((m.clone(), v.clone())),
                    None => Err(ProviderError::Unreachable(reason.clone())),
                };
            }
        }
        match self.discover().await {
            Ok(metadata) => {
                let jwks = self
                    .settings
                    .jwks_url
                    .clone()
                    .unwrap_or_else(|| metadata.jwks_uri.clone());
                let verifier = TokenVerifier::new(expectations(&self.settings, jwks))
                    .map_err(|e| ProviderError::Invalid(e.to_string()))?;
                let metadata = Arc::new(metadata);
                state.known = Some((metadata.clone(), verifier.clone(), now + DISCOVERY_TTL));
                state.failed = None;
                Ok((metadata, verifier))
            }
            Err(error) => {
                tracing::warn!(issuer = %self.settings.issuer, %error, "identity provider discovery failed");
                state.failed = Some((error.to_string(), now));
                match &state.known {
                    Some((m, v, _)) => Ok((m.clone(), v.clone())),
                    None => Err(error),
                }
            }
        }
    }

    async fn discover(&self) -> Result<ProviderMetadata, ProviderError> {
        let http = self
            .http
            .as_ref()
            .ok_or_else(|| ProviderError::Unreachable("no HTTP client".into()))?;
        let url = format!(
            "{}/.well-known/openid-configuration",
            self.settings.issuer.trim_end_matches('/')
        );
        let response = http
            .get(&url)
            .send()
            .await
            .map_err(|e| ProviderError::Unreachable(format!("{url}: {e}")))?;
        if !response.status().is_success() {
            return Err(ProviderError::Unreachable(format!(
                "{url} answered {}",
                response.status()
            )));
        }
        let body = response
            .bytes()
            .await
            .map_err(|e| ProviderError::Unreachable(format!("{url}: {e}")))?;
        if body.len() > MAX_DISCOVERY_BYTES {
            return Err(ProviderError::Invalid(format!(
                "{url} is over {MAX_DISCOVERY_BYTES} bytes"
            )));
        }
        let metadata: ProviderMetadata = serde_json::from_slice(&body)
            .map_err(|e| ProviderError::Invalid(format!("{url}: {e}")))?;
        // OpenID Connect Discovery §4.3: the document names exactly the issuer asked for.
        if metadata.issuer != self.settings.issuer {
            return Err(ProviderError::Invalid(format!(
                "{url} names the issuer {:?}, not {:?}",
                metadata.issuer, self.settings.issuer
            )));
        }
        for (name, value) in [
            ("authorization_endpoint", &metadata.authorization_endpoint),
            ("token_endpoint", &metadata.token_endpoint),
            ("jwks_uri", &metadata.jwks_uri),
        ] {
            if !(value.starts_with("https://") || value.starts_with("http://")) {
                return Err(ProviderError::Invalid(format!(
                    "{url}: {name} is not an http(s) URL"
                )));
            }
        }
        Ok(metadata)
    }

    /// Checks an access token of this site's provider.
    pub async fn verify(&self, token: &str) -> Result<identity::VerifiedClaims, TokenError> {
        let (_, verifier) = self
            .current()
            .await
            .map_err(|e| TokenError::KeysUnavailable(e.to_string()))?;
        verifier.verify(token).await
    }

    /// What the islands need, for a page whose sign-in return page is `callback_path`.
    /// The origins a visitor's browser reaches this provider at (sign-in frame, token and key
    /// calls), for the pages' Content-Security-Policy: the issuer's and the configured key
    /// URL's always, the discovered endpoints' when the provider answers.
    pub async fn browser_origins(&self) -> Vec<String> {
        let s = &self.settings;
        let mut urls = vec![s.issuer.clone()];
        urls.extend(s.jwks_url.clone());
        if let Ok((m, _)) = self.current().await {
            urls.extend([
                m.authorization_endpoint.clone(),
                m.token_endpoint.clone(),
                m.jwks_uri.clone(),
            ]);
            urls.extend(m.end_session_endpoint.clone());
        }
        let mut origins: Vec<String> = urls
            .iter()
            .filter_map(|u| site::security::origin_of(u))
            .collect();
        origins.sort();
        origins.dedup();
        origins
    }

    pub async fn for_islands(
        &self,
        callback_path: String,
    ) -> Result<IdentityProvider, ProviderError> {
        let (m, _) = self.current().await?;
        let s = &self.settings;
        Ok(IdentityProvider {
            issuer: s.issuer.clone(),
            client_id: s.client_id.clone(),
            audience: Some(s.audience.clone()),
            organization: s.organization.clone(),
            authorization_endpoint: m.authorization_endpoint.clone(),
            token_endpoint: m.token_endpoint.clone(),
            end_session_endpoint: m.end_session_endpoint.clone(),
            jwks_uri: m.jwks_uri.clone(),
            scope: s.scope.clone(),
            signup_hint: s.signup_hint.clone(),
            redirect: s.redirect,
            federated_logout: s.federated_logout,
            callback_path,
        })
    }

    /// The client's email and names from the provider's userinfo endpoint, for access tokens
    /// that carry none (Auth0's, oidc-provider's): asked once per new client.
    pub async fn userinfo(&self, token: &str, sub: &str) -> Result<UserInfo, ProviderError> {
        let (m, _) = self.current().await?;
        let Some(url) = m.userinfo_endpoint.clone() else {
            return Ok(UserInfo::default());
        };
        let http = match &self.http {
            Some(h) => h.clone(),
            None => reqwest::Client::builder()
                .timeout(DISCOVERY_TIMEOUT)
                .build()
                .map_err(|e| ProviderError::Unreachable(e.to_string()))?,
        };
        let response = http
            .get(&url)
            .bearer_auth(token)
            .send()
            .await
            .map_err(|e| ProviderError::Unreachable(format!("{url}: {e}")))?;
        if !response.status().is_success() {
            return Err(ProviderError::Unreachable(format!(
                "{url} answered {}",
                response.status()
            )));
        }
        let info: UserInfo = response
            .json()
            .await
            .map_err(|e| ProviderError::Invalid(format!("{url}: {e}")))?;
        // OpenID Connect Core §5.3.2: a userinfo answer about someone else is not used.
        if info.sub.as_deref() != Some(sub) {
            return Err(ProviderError::Invalid(format!(
                "{url} answered for another subject"
            )));
        }
        Ok(info)
    }
}

/// The claims of a userinfo answer the client record needs.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct UserInfo {
    pub sub: Option<String>,
    pub email: Option<String>,
    pub given_name: Option<String>,
    pub family_name: Option<String>,
}

/// The dev providers under `/identity`, each on its site's host (`http://fr.localhost:8080/
/// identity/…` is the fr site's provider); a host whose site does not use it gets a 404.
pub fn dev_router(
    providers: &Providers,
    sites: &Arc<crate::http::host::SiteResolver>,
) -> Option<axum::Router> {
    use axum::response::IntoResponse;
    use tower::ServiceExt;
    if providers.dev.is_empty() {
        return None;
    }
    let routers: Arc<HashMap<Site, axum::Router>> = Arc::new(
        providers
            .dev_providers()
            .map(|(site, p)| (site, p.router()))
            .collect(),
    );
    let sites = sites.clone();
    Some(
        axum::Router::new().fallback(move |request: axum::extract::Request| {
            let (routers, sites) = (routers.clone(), sites.clone());
            async move {
                let host = request
                    .headers()
                    .get(axum::http::header::HOST)
                    .and_then(|h| h.to_str().ok())
                    .unwrap_or("");
                match sites.resolve(host).and_then(|site| routers.get(&site)) {
                    Some(router) => match router.clone().oneshot(request).await {
                        Ok(response) => response,
                        Err(never) => match never {},
                    },
                    None => crate::http::error::ApiError::not_found(
                        "identity provider",
                        host.to_string(),
                    )
                    .into_response(),
                }
            }
        }),
    )
}
