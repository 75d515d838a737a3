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
    /// Write the demo vouchers and gift cards at start (local use; off in production).
    pub seed_demo_cards: bool,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct IdentityConfig {
    /// Serve the built-in dev identity provider under `/identity` (`DEV_IDENTITY=1|0`).
    pub dev_provider: bool,
    /// Expected `iss` (`IDENTITY_ISSUER`).
    pub issuer: String,
    /// Expected `aud` (`IDENTITY_AUDIENCE`).
    pub audience: String,
    /// Expected `azp` (`IDENTITY_AUTHORIZED_PARTY`).
    pub authorized_party: String,
    /// The issuer's JWKS (`IDENTITY_JWKS_URL`); with the dev provider and no URL, its own key.
    pub jwks_url: Option<String>,
    /// Sign-in and sign-up pages (`GET /api/webview`); default: the dev provider's.
    pub login_url: Option<String>,
    pub signup_url: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CaptchaConfig {
    /// `dev` accepts the response `dev-ok` (and refuses anything else); `none` refuses every
    /// look-up, for a deployment without a captcha service yet (`CAPTCHA_VERIFIER`).
    pub verifier: String,
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
            seed_demo_cards: true,
        }
    }
}

impl Default for IdentityConfig {
    fn default() -> Self {
        IdentityConfig {
            dev_provider: true,
            issuer: "http://localhost/identity".into(),
            audience: "lumen-api".into(),
            authorized_party: "lumen-web".into(),
            jwks_url: None,
            login_url: None,
            signup_url: None,
        }
    }
}

impl Default for CaptchaConfig {
    fn default() -> Self {
        CaptchaConfig { verifier: "dev".into() }
    }
}

impl Config {
    /// The file (if any), then the environment.
    pub fn load(file: Option<&Path>) -> anyhow::Result<Config> {
        let mut config = match file {
            Some(path) => {
                let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
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
            self.listen = v.parse().with_context(|| format!("API_LISTEN={v:?} is not an address"))?;
        }
        if let Some(v) = env("PORT") {
            self.listen.set_port(v.parse().with_context(|| format!("PORT={v:?} is not a port number"))?);
        }
        if let Some(v) = env("API_SNAPSHOT") {
            self.snapshot = v.into();
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
            self.request_timeout_secs = v.parse().with_context(|| format!("API_REQUEST_TIMEOUT_SECS={v:?}"))?;
        }
        if let Some(v) = env("API_CORS_ORIGINS") {
            self.cors_origins = v.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect();
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
        if let Some(v) = env("IDENTITY_ISSUER") {
            self.identity.issuer = v;
        }
        if let Some(v) = env("IDENTITY_AUDIENCE") {
            self.identity.audience = v;
        }
        if let Some(v) = env("IDENTITY_AUTHORIZED_PARTY") {
            self.identity.authorized_party = v;
        }
        if let Some(v) = env("IDENTITY_JWKS_URL") {
            self.identity.jwks_url = Some(v);
        }
        if let Some(v) = env("CAPTCHA_VERIFIER") {
            self.captcha.verifier = v;
        }
        if self.request_timeout_secs == 0 {
            anyhow::bail!("request_timeout_secs must be at least 1");
        }
        if !self.identity.dev_provider && self.identity.jwks_url.is_none() {
            anyhow::bail!("identity.jwks_url is required when the dev identity provider is off");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        move |k| map.get(k).cloned()
    }

    #[test]
    fn the_environment_overrides_the_file() {
        let mut config: Config = toml::from_str("listen = \"0.0.0.0:9000\"\n[identity]\ndev_provider = false\njwks_url = \"https://id.example/jwks\"\n").expect("parses");
        config.apply_env(env(&[("PORT", "9100"), ("DATABASE_URL", "postgres://x@h/db"), ("API_CORS_ORIGINS", "https://a.example, https://b.example")])).expect("valid");
        assert_eq!(config.listen.to_string(), "0.0.0.0:9100");
        assert_eq!(config.database_url.as_deref(), Some("postgres://x@h/db"));
        assert_eq!(config.cors_origins, ["https://a.example", "https://b.example"]);
        assert!(!config.identity.dev_provider);
    }

    #[test]
    fn bad_settings_are_refused_with_their_name() {
        let err = Config::default().apply_env(env(&[("PORT", "eighty")])).unwrap_err();
        assert!(err.to_string().contains("PORT"), "{err}");
        let err = Config::default().apply_env(env(&[("DEV_IDENTITY", "0")])).unwrap_err();
        assert!(err.to_string().contains("jwks_url"), "{err}");
        assert!(toml::from_str::<Config>("unknown_key = 1").is_err());
    }

    #[test]
    fn the_production_file_turns_the_dev_services_off() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/runtime-api.production.toml");
        let text = std::fs::read_to_string(&path).expect("production config exists");
        let config: Config = toml::from_str(&text).expect("parses");
        assert!(!config.identity.dev_provider);
        assert_ne!(config.captcha.verifier, "dev");
        assert!(config.identity.jwks_url.is_some());
        assert!(!config.seed_demo_cards);
    }
}
