//! Configuration: a TOML file (`--config`, default none) with environment variables on top,
//! then command-line flags. Every field has a default that suits local use; the production
//! file (`config/runtime-api.production.toml`) turns the dev identity provider and the dev
//! captcha off. docs/operations.md lists every setting.

use anyhow::Context;
use serde::Deserialize;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Address to listen on (`API_LISTEN`; `PORT` replaces the port).
    pub listen: SocketAddr,
    /// Content snapshot (`API_SNAPSHOT`).
    pub snapshot: PathBuf,
    /// Generated sites served for local preview (`API_OUT`).
    pub out: PathBuf,
    /// UI strings, one JSON file per language.
    pub locales: PathBuf,
    /// Brand configuration.
    pub brand: PathBuf,
    /// Where the SQLite file and the dev identity key live (`API_DATA_DIR`).
    pub data_dir: PathBuf,
    /// `postgres://…` to keep clients' data in PostgreSQL (`DATABASE_URL`); SQLite otherwise.
    pub database_url: Option<String>,
    /// A request taking longer is answered 503 (`API_REQUEST_TIMEOUT_SECS`).
    pub request_timeout_secs: u64,
    /// Origins allowed to call the API from a browser besides the sites' own domains and
    /// `http://{site}.localhost:{port}` (`API_CORS_ORIGINS`, comma-separated).
    pub cors_origins: Vec<String>,
    /// `text` or `json` log lines (`API_LOG_FORMAT`).
    pub log_format: LogFormat,
    pub identity: IdentityConfig,
    pub captcha: CaptchaConfig,
    /// Voucher and gift-card look-ups allowed per client IP and minute.
    pub card_lookups_per_minute: u32,
    /// Private calendar-feed requests allowed per client IP and minute (a calendar
    /// application polls a feed every few minutes to hours).
    pub calendar_feeds_per_minute: u32,
    /// Addresses or networks (CIDR) of the proxies in front of this server (CDN, load
    /// balancer): behind them, a client's address is read from `X-Forwarded-For`.
    pub trusted_proxies: Vec<String>,
    /// Write the demo vouchers and gift cards at start (local use; off in production).
    pub seed_demo_cards: bool,
    /// Serve the generated sites of `out` for local preview (`--preview`, API_PREVIEW=1).
    pub preview: bool,
    /// Answer `Strict-Transport-Security` (on in production, where clients come over HTTPS).
    pub hsts: bool,
    /// Connection and load limits of the HTTP server.
    pub server: crate::server::Limits,
    /// The bearer token a scraper sends to `/metrics` (METRICS_TOKEN); without one, `/metrics`
    /// answers only callers on this machine.
    pub metrics_token: Option<String>,
    /// The rebuild webhook a CMS calls when it saves content (`http::rebuild_hook`).
    pub rebuild_hook: RebuildHookConfig,
    /// The API's clock: the system's unless `--now` fixes it or `--clock-offset` shifts it
    /// (flags only, for demos and tests; never read from the file or the environment).
    #[serde(skip)]
    pub clock: crate::clock::Clock,
}

/// `[rebuild_hook]`: off unless both are set.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RebuildHookConfig {
    /// The secret the CMS signs each call's body with (REBUILD_HOOK_SECRET; at least 32 bytes).
    pub secret: Option<String>,
    /// The program and its arguments, run with `--changed KEY` appended per key
    /// (REBUILD_HOOK_COMMAND, split on spaces), e.g. a script that runs `generator build`
    /// then `generator publish`.
    pub command: Vec<String>,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Text,
    Json,
}

/// Sign-in (spec §4, §5): each site's OpenID provider, chosen by configuration alone. The
/// `[identity]` keys are every site's defaults; `[identity.sites.{code}]` overrides any of them
/// for one site. docs/operations.md shows Auth0, Keycloak and any OpenID provider.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct IdentityConfig {
    /// Serve the built-in dev OpenID provider under `/identity` (`DEV_IDENTITY=1|0`); sites
    /// without an issuer then use it (`http://{site}.localhost:{port}/identity`).
    pub dev_provider: bool,
    /// The provider's issuer URL (`IDENTITY_ISSUER`): its discovery document is read from
    /// `{issuer}/.well-known/openid-configuration`.
    pub issuer: Option<String>,
    /// The sites' client id at the provider (`IDENTITY_CLIENT_ID`): the ID token's audience,
    /// the access token's authorized party.
    #[serde(alias = "authorized_party")]
    pub client_id: Option<String>,
    /// The API the access tokens are for (`IDENTITY_AUDIENCE`): their `aud`.
    pub audience: Option<String>,
    /// Organization the clients must belong to (`org_id`), if any (`IDENTITY_ORGANIZATION`).
    pub organization: Option<String>,
    /// The issuer's keys, when not the discovery document's `jwks_uri` (`IDENTITY_JWKS_URL`).
    pub jwks_url: Option<String>,
    /// Scopes asked for; `offline_access` gives refresh tokens.
    pub scope: Option<String>,
    /// What a sign-up adds to the request, `name=value` (`prompt=create`; Auth0:
    /// `screen_hint=signup`).
    pub signup_hint: Option<String>,
    /// Navigate to the provider instead of the frame over the page (spec §4's redirect flag).
    pub redirect: Option<bool>,
    /// Ask the provider to end federated sessions too at sign-out.
    pub federated_logout: Option<bool>,
    /// Per-site overrides, by site code (`fr`, `nl`…).
    pub sites: std::collections::BTreeMap<String, SiteIdentityConfig>,
}

/// One site's overrides of the `[identity]` defaults.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SiteIdentityConfig {
    pub issuer: Option<String>,
    #[serde(alias = "authorized_party")]
    pub client_id: Option<String>,
    pub audience: Option<String>,
    pub organization: Option<String>,
    pub jwks_url: Option<String>,
    pub scope: Option<String>,
    pub signup_hint: Option<String>,
    pub redirect: Option<bool>,
    pub federated_logout: Option<bool>,
}

/// A site's provider, once defaults and overrides are merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteProvider {
    pub issuer: String,
    pub client_id: String,
    pub audience: String,
    pub organization: Option<String>,
    pub jwks_url: Option<String>,
    pub scope: String,
    pub signup_hint: String,
    pub redirect: bool,
    pub federated_logout: bool,
    /// Served by this process's dev provider.
    pub dev: bool,
}

impl IdentityConfig {
    pub const DEFAULT_CLIENT_ID: &'static str = "lumen-web";
    pub const DEFAULT_AUDIENCE: &'static str = "lumen-api";
    pub const DEFAULT_SCOPE: &'static str = "openid profile email offline_access";
    pub const DEFAULT_SIGNUP_HINT: &'static str = "prompt=create";

    /// The dev provider's issuer for a site served on `port`.
    pub fn dev_issuer(site: site::Site, port: u16) -> String {
        format!("http://{}.localhost:{port}/identity", site.code())
    }

    /// The provider of `site`: its own settings, else the defaults, else (with the dev provider
    /// on and no issuer anywhere) the dev provider.
    pub fn for_site(&self, site: site::Site, port: u16) -> anyhow::Result<SiteProvider> {
        let own = self.sites.get(site.code()).cloned().unwrap_or_default();
        let pick = |a: &Option<String>, b: &Option<String>| {
            a.clone()
                .or_else(|| b.clone())
                .filter(|v| !v.trim().is_empty())
        };
        let (issuer, dev) = match pick(&own.issuer, &self.issuer) {
            Some(issuer) => (issuer, false),
            None if self.dev_provider => (Self::dev_issuer(site, port), true),
            None => anyhow::bail!("identity: no issuer for site {0}: set identity.issuer or identity.sites.{0}.issuer (or turn the dev provider on)", site.code()),
        };
        if !(issuer.starts_with("https://") || issuer.starts_with("http://")) {
            anyhow::bail!(
                "identity: the issuer of site {} must be an http(s) URL, got {issuer:?}",
                site.code()
            );
        }
        Ok(SiteProvider {
            issuer,
            client_id: pick(&own.client_id, &self.client_id)
                .unwrap_or_else(|| Self::DEFAULT_CLIENT_ID.into()),
            audience: pick(&own.audience, &self.audience)
                .unwrap_or_else(|| Self::DEFAULT_AUDIENCE.into()),
            organization: pick(&own.organization, &self.organization),
            jwks_url: pick(&own.jwks_url, &self.jwks_url),
            scope: pick(&own.scope, &self.scope).unwrap_or_else(|| Self::DEFAULT_SCOPE.into()),
            signup_hint: pick(&own.signup_hint, &self.signup_hint)
                .unwrap_or_else(|| Self::DEFAULT_SIGNUP_HINT.into()),
            redirect: own.redirect.or(self.redirect).unwrap_or(false),
            federated_logout: own
                .federated_logout
                .or(self.federated_logout)
                .unwrap_or(false),
            dev,
        })
    }

    /// Every site's provider, checked at start-up: a mistake is a clear error, not a 503 later.
    pub fn providers(&self, port: u16) -> anyhow::Result<Vec<(site::Site, SiteProvider)>> {
        for code in self.sites.keys() {
            if site::Site::from_code(code).is_none() {
                anyhow::bail!("identity.sites.{code}: unknown site code");
            }
        }
        site::Site::ALL
            .iter()
            .map(|&site| Ok((site, self.for_site(site, port)?)))
            .collect()
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CaptchaConfig {
    /// `altcha` (the widget's proof of work, checked here), `dev` (accepts `dev-ok`: for curl
    /// and the API's tests, never for visitors) or `none` (refuses every look-up)
    /// (`CAPTCHA_VERIFIER`).
    pub verifier: String,
    /// ALTCHA's HMAC key, at least 32 characters, the same on every replica
    /// (`CAPTCHA_HMAC_KEY`).
    pub hmac_key: Option<String>,
    /// Without a key, make one in the data directory (one replica, local use); production
    /// turns this off so that a missing key stops start-up.
    pub generate_hmac_key: bool,
    /// The largest number of a challenge: the work a visitor's browser does (about half of it
    /// on average).
    pub max_number: u64,
    /// How long a challenge, and so its solution, stays valid.
    pub expires_secs: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            listen: "127.0.0.1:8080".parse().expect("valid address"),
            snapshot: "data/demo/snapshot.json".into(),
            out: "out".into(),
            locales: "locales".into(),
            brand: "config/brand.json".into(),
            data_dir: "data/runtime".into(),
            database_url: None,
            request_timeout_secs: 10,
            cors_origins: Vec::new(),
            log_format: LogFormat::Text,
            identity: IdentityConfig::default(),
            captcha: CaptchaConfig::default(),
            card_lookups_per_minute: 10,
            calendar_feeds_per_minute: 30,
            trusted_proxies: Vec::new(),
            seed_demo_cards: true,
            preview: false,
            hsts: false,
            server: Default::default(),
            metrics_token: None,
            rebuild_hook: RebuildHookConfig::default(),
            clock: crate::clock::Clock::System,
        }
    }
}

impl Default for IdentityConfig {
    fn default() -> Self {
        IdentityConfig {
            dev_provider: true,
            issuer: None,
            client_id: None,
            audience: None,
            organization: None,
            jwks_url: None,
            scope: None,
            signup_hint: None,
            redirect: None,
            federated_logout: None,
            sites: Default::default(),
        }
    }
}

impl Default for CaptchaConfig {
    fn default() -> Self {
        CaptchaConfig {
            verifier: "altcha".into(),
            hmac_key: None,
            generate_hmac_key: true,
            max_number: 50_000,
            expires_secs: 300,
        }
    }
}

impl Config {
    /// The services here that let anybody in (sign in as anyone, a known captcha answer,
    /// known cards): for local use only.
    pub fn dev_services(&self) -> Vec<&'static str> {
        let mut on = Vec::new();
        if self.identity.dev_provider
            && self
                .identity
                .providers(self.listen.port())
                .is_ok_and(|p| p.iter().any(|(_, p)| p.dev))
        {
            on.push("the dev identity provider (sign in as anyone, no password)");
        }
        if self.captcha.verifier == "dev" {
            on.push("the dev captcha (a fixed answer)");
        }
        if self.seed_demo_cards {
            on.push("the demo vouchers and gift cards");
        }
        if self.preview {
            on.push("the preview of the generated sites");
        }
        on
    }

    /// Dev services answer on the loopback address only: on any other, start-up stops.
    pub fn check_exposure(&self) -> anyhow::Result<()> {
        let dev = self.dev_services();
        if !dev.is_empty() && !self.listen.ip().is_loopback() {
            anyhow::bail!(
                "refusing to listen on {} with {}: these are for local use on a loopback address; \
                 run with --config config/runtime-api.production.toml (or turn off identity.dev_provider, \
                 captcha.verifier = \"dev\" and seed_demo_cards)",
                self.listen,
                dev.join(", ")
            );
        }
        Ok(())
    }

    /// `trusted_proxies` as networks; a lone address is a network of one.
    pub fn trusted_proxy_networks(&self) -> anyhow::Result<Vec<ipnet::IpNet>> {
        self.trusted_proxies
            .iter()
            .map(|text| {
                text.parse::<ipnet::IpNet>()
                    .or_else(|_| text.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
                    .map_err(|_| {
                        anyhow::anyhow!(
                            "trusted_proxies: {text:?} is not an address or a CIDR network"
                        )
                    })
            })
            .collect()
    }

    /// The file (if any), then the environment.
    pub fn load(file: Option<&Path>) -> anyhow::Result<Config> {
        let mut config = match file {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("reading {}", path.display()))?;
                toml::from_str(&text).with_context(|| format!("parsing {}", path.display()))?
            }
            None => Config::default(),
        };
        config.apply_env(|name| std::env::var(name).ok())?;
        Ok(config)
    }

    /// Environment variables override the file; `env` is injectable for tests.
    pub fn apply_env(&mut self, env: impl Fn(&str) -> Option<String>) -> anyhow::Result<()> {
        let parse_bool = |name: &str, v: String| match v.as_str() {
            "1" | "true" | "yes" => Ok(true),
            "0" | "false" | "no" => Ok(false),
            _ => anyhow::bail!("{name}={v:?}: expected 1 or 0"),
        };
        if let Some(v) = env("API_LISTEN") {
            self.listen = v
                .parse()
                .with_context(|| format!("API_LISTEN={v:?} is not an address"))?;
        }
        if let Some(v) = env("PORT") {
            self.listen.set_port(
                v.parse()
                    .with_context(|| format!("PORT={v:?} is not a port number"))?,
            );
        }
        if let Some(v) = env("API_SNAPSHOT") {
            self.snapshot = v.into();
        }
        if let Some(v) = env("API_TRUSTED_PROXIES") {
            self.trusted_proxies = v
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
        }
        if let Some(v) = env("METRICS_TOKEN").filter(|v| !v.is_empty()) {
            self.metrics_token = Some(v);
        }
        if let Some(v) = env("REBUILD_HOOK_SECRET").filter(|v| !v.is_empty()) {
            self.rebuild_hook.secret = Some(v);
        }
        if let Some(v) = env("REBUILD_HOOK_COMMAND").filter(|v| !v.trim().is_empty()) {
            self.rebuild_hook.command = v.split_whitespace().map(String::from).collect();
        }
        if let Some(v) = env("API_PREVIEW") {
            self.preview = matches!(v.as_str(), "1" | "true" | "yes");
        }
        if let Some(v) = env("API_OUT") {
            self.out = v.into();
        }
        if let Some(v) = env("API_DATA_DIR") {
            self.data_dir = v.into();
        }
        if let Some(v) = env("DATABASE_URL").filter(|v| !v.is_empty()) {
            self.database_url = Some(v);
        }
        if let Some(v) = env("API_REQUEST_TIMEOUT_SECS") {
            self.request_timeout_secs = v
                .parse()
                .with_context(|| format!("API_REQUEST_TIMEOUT_SECS={v:?}"))?;
        }
        if let Some(v) = env("API_CORS_ORIGINS") {
            self.cors_origins = v
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
        }
        if let Some(v) = env("API_LOG_FORMAT") {
            self.log_format = match v.as_str() {
                "json" => LogFormat::Json,
                "text" => LogFormat::Text,
                _ => anyhow::bail!("API_LOG_FORMAT={v:?}: expected text or json"),
            };
        }
        if let Some(v) = env("DEV_IDENTITY") {
            self.identity.dev_provider = parse_bool("DEV_IDENTITY", v)?;
        }
        for (name, field) in [
            ("IDENTITY_ISSUER", &mut self.identity.issuer),
            ("IDENTITY_CLIENT_ID", &mut self.identity.client_id),
            ("IDENTITY_AUDIENCE", &mut self.identity.audience),
            ("IDENTITY_ORGANIZATION", &mut self.identity.organization),
            ("IDENTITY_JWKS_URL", &mut self.identity.jwks_url),
        ] {
            if let Some(v) = env(name) {
                *field = Some(v);
            }
        }
        // The former name of the client id.
        if let Some(v) = env("IDENTITY_AUTHORIZED_PARTY") {
            self.identity.client_id.get_or_insert(v);
        }
        if let Some(v) = env("CAPTCHA_VERIFIER") {
            self.captcha.verifier = v;
        }
        if let Some(v) = env("CAPTCHA_HMAC_KEY").filter(|v| !v.is_empty()) {
            self.captcha.hmac_key = Some(v);
        }
        if self.request_timeout_secs == 0 {
            anyhow::bail!("request_timeout_secs must be at least 1");
        }
        self.identity.providers(self.listen.port())?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| map.get(k).cloned()
    }

    #[test]
    fn the_environment_overrides_the_file() {
        let mut config: Config = toml::from_str("listen = \"0.0.0.0:9000\"\n[identity]\ndev_provider = false\nissuer = \"https://id.example/\"\n").expect("parses");
        config
            .apply_env(env(&[
                ("PORT", "9100"),
                ("DATABASE_URL", "postgres://x@h/db"),
                ("API_CORS_ORIGINS", "https://a.example, https://b.example"),
            ]))
            .expect("valid");
        assert_eq!(config.listen.to_string(), "0.0.0.0:9100");
        assert_eq!(config.database_url.as_deref(), Some("postgres://x@h/db"));
        assert_eq!(
            config.cors_origins,
            ["https://a.example", "https://b.example"]
        );
        assert!(!config.identity.dev_provider);
    }

    #[test]
    fn bad_settings_are_refused_with_their_name() {
        let err = Config::default()
            .apply_env(env(&[("PORT", "eighty")]))
            .unwrap_err();
        assert!(err.to_string().contains("PORT"), "{err}");
        let err = Config::default()
            .apply_env(env(&[("DEV_IDENTITY", "0")]))
            .unwrap_err();
        assert!(err.to_string().contains("identity.issuer"), "{err}");
        let err =
            toml::from_str::<Config>("[identity.sites.xx]\nissuer = \"https://id.example/\"\n")
                .expect("parses")
                .apply_env(env(&[]))
                .unwrap_err();
        assert!(err.to_string().contains("identity.sites.xx"), "{err}");
        let err = toml::from_str::<Config>("[identity]\nissuer = \"id.example\"\n")
            .expect("parses")
            .apply_env(env(&[]))
            .unwrap_err();
        assert!(err.to_string().contains("http(s) URL"), "{err}");
        assert!(toml::from_str::<Config>("unknown_key = 1").is_err());
    }

    #[test]
    fn the_production_file_turns_the_dev_services_off() {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/runtime-api.production.toml");
        let text = std::fs::read_to_string(&path).expect("production config exists");
        let config: Config = toml::from_str(&text).expect("parses");
        assert!(!config.identity.dev_provider);
        assert_eq!(config.captcha.verifier, "altcha");
        assert!(
            !config.captcha.generate_hmac_key,
            "replicas share a configured key"
        );
        assert!(config.identity.issuer.is_some());
        assert!(!config.seed_demo_cards);
        assert!(!config.preview, "the CDN serves the pages, not the API");
        assert!(config.hsts);
        // Every site has a provider that is not the dev one.
        let providers = config
            .identity
            .providers(443)
            .expect("every site has a provider");
        assert!(providers
            .iter()
            .all(|(_, p)| !p.dev && p.issuer.starts_with("https://")));
    }

    #[test]
    fn dev_services_are_named_and_kept_off_other_addresses() {
        let local = Config::default();
        assert!(
            local.listen.ip().is_loopback(),
            "the default address is the loopback"
        );
        let dev = local.dev_services();
        assert_eq!(dev.len(), 2, "{dev:?}");
        assert!(local.check_exposure().is_ok());
        let exposed = Config {
            listen: "0.0.0.0:8080".parse().unwrap(),
            ..Config::default()
        };
        let err = exposed.check_exposure().unwrap_err().to_string();
        assert!(
            err.contains("dev identity provider") && err.contains("demo vouchers"),
            "{err}"
        );
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/runtime-api.production.toml");
        let production: Config = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        assert!(production.dev_services().is_empty());
        assert!(production.check_exposure().is_ok());
    }

    #[test]
    fn each_site_takes_the_defaults_and_its_own_overrides() {
        let config: Config = toml::from_str(
            "[identity]\ndev_provider = false\nissuer = \"https://login.example/\"\nclient_id = \"web\"\naudience = \"api\"\n\
             [identity.sites.nl]\nissuer = \"https://login.example.nl/\"\norganization = \"org_nl\"\nsignup_hint = \"screen_hint=signup\"\nredirect = true\n",
        )
        .expect("parses");
        let fr = config.identity.for_site(site::Site::Fr, 8080).expect("fr");
        let nl = config.identity.for_site(site::Site::Nl, 8080).expect("nl");
        assert_eq!(
            (
                fr.issuer.as_str(),
                fr.client_id.as_str(),
                fr.audience.as_str(),
                fr.organization.as_deref()
            ),
            ("https://login.example/", "web", "api", None)
        );
        assert_eq!(
            (
                nl.issuer.as_str(),
                nl.client_id.as_str(),
                nl.organization.as_deref(),
                nl.signup_hint.as_str(),
                nl.redirect
            ),
            (
                "https://login.example.nl/",
                "web",
                Some("org_nl"),
                "screen_hint=signup",
                true
            )
        );
        assert_eq!(fr.scope, IdentityConfig::DEFAULT_SCOPE);
        // Without an issuer, the dev provider of the site's own host.
        let dev = Config::default()
            .identity
            .for_site(site::Site::Sn, 8181)
            .expect("dev");
        assert_eq!(
            (dev.issuer.as_str(), dev.dev),
            ("http://sn.localhost:8181/identity", true)
        );
        // The former name of the client id still reads.
        let old: Config =
            toml::from_str("[identity]\nauthorized_party = \"legacy\"\n").expect("parses");
        assert_eq!(
            old.identity
                .for_site(site::Site::Fr, 1)
                .expect("fr")
                .client_id,
            "legacy"
        );
    }
}
