//! A development identity provider: a standard OpenID provider (discovery, authorization
//! code with PKCE, refresh-token rotation, userinfo, end session, JWKS) that signs RS256
//! tokens with a key kept in the data directory and serves the sign-in and sign-up forms the
//! sites open in their frame (spec §4). It asks for no password, so it must never be mounted
//! in production; the runtime API decides whether to mount it (loopback only).

mod accounts;
mod form;
mod grants;
mod keys;
mod pages;
mod router;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use jsonwebtoken::{Algorithm, Header};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use site::Site;

use crate::clock::Clock;
use crate::config::VerifierConfig;
use crate::verify::TokenVerifier;
use accounts::{AccountBook, Names};
use keys::SigningKeys;

pub use keys::KEY_FILE;

/// Who a token is about.
#[derive(Clone, Debug)]
pub(crate) struct Identity {
    pub site: Option<Site>,
    /// Lower-cased.
    pub email: String,
    pub given_name: String,
    pub family_name: String,
}

#[derive(Clone)]
pub struct DevIdentityProvider {
    keys: SigningKeys,
    issuer: String,
    audience: String,
    authorized_party: String,
    session_lifetime: Duration,
    access_lifetime: Duration,
    accounts: AccountBook,
    clock: Clock,
    /// Checks the provider's own session cookies, with the same rules as the API.
    local: TokenVerifier,
    /// The site whose visitors this provider signs in (their tokens' `site`).
    site: Option<Site>,
    /// Codes and refresh tokens, shared by the clones the router holds.
    grants: Arc<grants::Grants>,
}

impl std::fmt::Debug for DevIdentityProvider {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DevIdentityProvider")
            .field("issuer", &self.issuer)
            .field("kid", &self.keys.kid)
            .finish_non_exhaustive()
    }
}

impl DevIdentityProvider {
    /// A session lasts a working day; the frame can be reopened after that.
    pub const DEFAULT_SESSION_LIFETIME: Duration = Duration::from_secs(8 * 3600);
    /// Access tokens are short-lived: `POST /token` renews them silently from the session.
    pub const DEFAULT_ACCESS_LIFETIME: Duration = Duration::from_secs(15 * 60);

    /// Loads the key pair from `data_dir` (creating the directory and an RSA 2048 key the
    /// first time), so tokens and sessions survive restarts.
    pub fn open(
        data_dir: &Path,
        issuer: String,
        audience: String,
        authorized_party: String,
    ) -> anyhow::Result<Self> {
        let keys = SigningKeys::load_or_create(data_dir)?;
        let accounts = AccountBook::load(data_dir)?;
        let config = VerifierConfig::new(
            issuer.clone(),
            audience.clone(),
            authorized_party.clone(),
            String::new(),
        );
        let local = TokenVerifier::with_static_jwks(config, &keys.jwks().to_string())
            .context("dev identity provider cannot verify its own key")?;
        Ok(DevIdentityProvider {
            keys,
            issuer,
            audience,
            authorized_party,
            session_lifetime: Self::DEFAULT_SESSION_LIFETIME,
            access_lifetime: Self::DEFAULT_ACCESS_LIFETIME,
            accounts,
            clock: Clock::system(),
            local,
            site: None,
            grants: Arc::default(),
        })
    }

    /// The site whose visitors this provider signs in.
    pub fn with_site(mut self, site: Site) -> Self {
        self.site = Some(site);
        self
    }

    /// `scheme://host[:port]` of the issuer: redirect URIs must be on it.
    pub fn origin(&self) -> String {
        let after_scheme = self.issuer.find("://").map_or(0, |i| i + 3);
        let end = self.issuer[after_scheme..]
            .find('/')
            .map_or(self.issuer.len(), |i| after_scheme + i);
        self.issuer[..end].to_owned()
    }

    /// The discovery document (OpenID Connect Discovery 1.0 §3).
    pub fn discovery(&self) -> Value {
        let issuer = &self.issuer;
        json!({
            "issuer": issuer,
            "authorization_endpoint": format!("{issuer}/authorize"),
            "token_endpoint": format!("{issuer}/token"),
            "userinfo_endpoint": format!("{issuer}/userinfo"),
            "jwks_uri": format!("{issuer}/.well-known/jwks.json"),
            "end_session_endpoint": format!("{issuer}/end_session"),
            "response_types_supported": ["code"],
            "response_modes_supported": ["query"],
            "grant_types_supported": ["authorization_code", "refresh_token"],
            "code_challenge_methods_supported": ["S256"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "token_endpoint_auth_methods_supported": ["none"],
            "scopes_supported": ["openid", "profile", "email", "offline_access"],
            "prompt_values_supported": ["none", "login", "consent", "create"],
            "ui_locales_supported": ["fr", "en", "de", "nl"],
            "claims_supported": ["sub", "iss", "aud", "exp", "iat", "nbf", "auth_time", "nonce", "azp", "email", "email_verified", "given_name", "family_name"],
        })
    }

    /// An ID token (OpenID Connect Core §2): for the client (`aud` and `azp` its id), with the
    /// request's nonce.
    pub(crate) fn id_token(
        &self,
        identity: &Identity,
        auth_time: i64,
        nonce: Option<&str>,
        lifetime: Duration,
    ) -> anyhow::Result<String> {
        let now = self.clock.now();
        let lifetime = i64::try_from(lifetime.as_secs()).unwrap_or(i64::MAX);
        let mut claims = json!({
            "iss": self.issuer,
            "aud": self.authorized_party,
            "azp": self.authorized_party,
            "sub": Self::client_id(&identity.email),
            "iat": now,
            "nbf": now,
            "exp": now.saturating_add(lifetime),
            "auth_time": auth_time,
            "email": identity.email,
            "email_verified": true,
        });
        for (claim, value) in [
            ("given_name", &identity.given_name),
            ("family_name", &identity.family_name),
        ] {
            if !value.is_empty() {
                claims[claim] = json!(value);
            }
        }
        if let Some(nonce) = nonce {
            claims["nonce"] = json!(nonce);
        }
        self.sign_claims(Some(&self.keys.kid), &claims)
    }

    pub fn with_session_lifetime(mut self, lifetime: Duration) -> Self {
        self.session_lifetime = lifetime;
        self
    }

    pub fn with_access_lifetime(mut self, lifetime: Duration) -> Self {
        self.access_lifetime = lifetime;
        self
    }

    /// The time tokens are issued at and session cookies checked against.
    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.local = self.local.with_clock(clock.clone());
        self.clock = clock;
        self
    }

    pub fn issuer(&self) -> &str {
        &self.issuer
    }

    /// Key id of the signing key (16 hex digits of the SHA-256 of its modulus).
    pub fn kid(&self) -> &str {
        &self.keys.kid
    }

    /// Public key as SPKI PEM.
    pub fn public_key_pem(&self) -> &str {
        &self.keys.public_pem
    }

    /// `{"keys":[…]}` with the one signing key.
    pub fn jwks_json(&self) -> String {
        self.keys.jwks().to_string()
    }

    /// Verifier configuration for this provider's tokens, given where its JWKS is served.
    pub fn verifier_config(&self, jwks_url: impl Into<String>) -> VerifierConfig {
        VerifierConfig::new(
            self.issuer.clone(),
            self.audience.clone(),
            self.authorized_party.clone(),
            jwks_url,
        )
    }

    /// A verifier holding this provider's key directly (no HTTP round trip).
    pub fn local_verifier(&self) -> TokenVerifier {
        self.local.clone()
    }

    /// Stable client id for an address: the same email, in any case, gives the same id.
    pub fn client_id(email: &str) -> String {
        let digest = Sha256::digest(email.trim().to_lowercase().as_bytes());
        format!("c-{}", keys::hex_prefix(&digest, 16))
    }

    /// A signed access token for `email`, valid from now for `lifetime`.
    pub fn issue_token(
        &self,
        site: Site,
        email: &str,
        given_name: &str,
        family_name: &str,
        lifetime: Duration,
    ) -> String {
        let identity = Identity {
            site: Some(site),
            email: email.trim().to_lowercase(),
            given_name: given_name.trim().to_owned(),
            family_name: family_name.trim().to_owned(),
        };
        let now = self.clock.now();
        // Signing can only fail on an unusable key, and `open` checked the key (a valid RSA
        // key of at least 2048 bits, round-tripped through DER). Handlers use `mint` directly.
        self.mint(&identity, now, lifetime)
            .expect("signing with a key validated at open cannot fail")
    }

    /// Signs arbitrary claims with this provider's key under the given `kid` header (or
    /// none). For tests and tools that need tokens the provider would never issue.
    pub fn sign_claims(&self, kid: Option<&str>, claims: &Value) -> anyhow::Result<String> {
        let mut header = Header::new(Algorithm::RS256);
        header.kid = kid.map(str::to_owned);
        jsonwebtoken::encode(&header, claims, &self.keys.encoding).context("cannot sign token")
    }

    /// Issues a token for `identity`, authenticated at `auth_time`, valid for `lifetime`.
    pub(crate) fn mint(
        &self,
        identity: &Identity,
        auth_time: i64,
        lifetime: Duration,
    ) -> anyhow::Result<String> {
        let now = self.clock.now();
        let lifetime = i64::try_from(lifetime.as_secs()).unwrap_or(i64::MAX);
        let mut claims = json!({
            "iss": self.issuer,
            "aud": self.audience,
            "azp": self.authorized_party,
            "sub": Self::client_id(&identity.email),
            "iat": now,
            "nbf": now,
            "exp": now.saturating_add(lifetime),
            "auth_time": auth_time,
            "email": identity.email,
            // Every token its own, even two issued in the same second (RFC 7519 §4.1.7).
            "jti": grants::random_token(),
        });
        // Empty names are left out rather than sent as "" so clients fall back cleanly.
        for (claim, value) in [
            ("given_name", &identity.given_name),
            ("family_name", &identity.family_name),
        ] {
            if !value.is_empty() {
                claims[claim] = json!(value);
            }
        }
        if let Some(site) = identity.site {
            claims["site"] = json!(site.code());
        }
        self.sign_claims(Some(&self.keys.kid), &claims)
    }

    /// The routes of the sign-in frame, to be nested (e.g. under `/identity`).
    pub fn router(&self) -> axum::Router {
        router::router(self.clone())
    }

    pub(crate) fn names_for(&self, email: &str) -> Names {
        self.accounts.names(email).unwrap_or_else(|| {
            let (given_name, family_name) = form::names_from_email(email);
            Names {
                given_name,
                family_name,
            }
        })
    }

    /// Session cookies get `Secure` when the provider is reached over HTTPS.
    pub(crate) fn secure_cookies(&self) -> bool {
        self.issuer.starts_with("https://")
    }
}
