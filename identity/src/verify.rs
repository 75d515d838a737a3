//! Bearer-token verification: the order of the checks is the point of this module.
//!
//! 1. Shape: three base64url parts, a JSON object header and payload, a bounded length.
//! 2. Header: `alg` must be exactly RS256 and `kid` present, *before* any key is touched, so
//!    `alg: none` and HS256-signed-with-the-public-key tokens never reach a verifier.
//! 3. Key: looked up by kid in the issuer's JWKS (one rate-limited refresh if unknown).
//! 4. Signature and jsonwebtoken's own claim checks (issuer, audience, exp, nbf, required
//!    claims all set), then our explicit checks on the raw payload (claims.rs), which add
//!    azp, auth_time, non-empty sub and strict JSON types, and give each failure its name.

use std::sync::Arc;
use std::time::Duration;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, Validation};
use serde_json::{Map, Value};

use crate::claims::{self, Expectations, VerifiedClaims};
use crate::clock::Clock;
use crate::config::VerifierConfig;
use crate::error::TokenError;
use crate::jwks::{KeySet, KeySource};

/// Real tokens are around 1 KB; a bound keeps base64 and JSON work on garbage small.
const MAX_TOKEN_BYTES: usize = 16 * 1024;
const DEFAULT_MIN_REFRESH: Duration = Duration::from_secs(10);

/// Checks RS256 bearer tokens for one issuer. Cheap to clone (shared key cache).
#[derive(Clone)]
pub struct TokenVerifier {
    config: VerifierConfig,
    keys: Arc<KeySource>,
    clock: Clock,
    min_refresh: Duration,
}

impl std::fmt::Debug for TokenVerifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenVerifier")
            .field("config", &self.config)
            .field("min_refresh", &self.min_refresh)
            .finish_non_exhaustive()
    }
}

impl TokenVerifier {
    /// A verifier that fetches the issuer's keys from `config.jwks_url` on first use.
    pub fn new(config: VerifierConfig) -> anyhow::Result<Self> {
        config.check(true)?;
        let keys = KeySource::remote(config.jwks_url.clone())?;
        Ok(Self::with_source(config, keys))
    }

    /// A verifier over a fixed JWKS document (`config.jwks_url` is not used): for a provider
    /// checking its own tokens, and for tools.
    pub fn with_static_jwks(config: VerifierConfig, jwks_json: &str) -> anyhow::Result<Self> {
        config.check(false)?;
        let keys = KeySet::parse(jwks_json.as_bytes()).map_err(anyhow::Error::msg)?;
        Ok(Self::with_source(config, KeySource::Static(keys)))
    }

    fn with_source(config: VerifierConfig, keys: KeySource) -> Self {
        TokenVerifier {
            config,
            keys: Arc::new(keys),
            clock: Clock::system(),
            min_refresh: DEFAULT_MIN_REFRESH,
        }
    }

    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.clock = clock;
        self
    }

    /// Smallest time between two JWKS fetches caused by unknown key ids (default 10 s).
    pub fn with_min_refresh_interval(mut self, interval: Duration) -> Self {
        self.min_refresh = interval;
        self
    }

    pub fn config(&self) -> &VerifierConfig {
        &self.config
    }

    /// Fetches the issuer's keys now (e.g. at start-up, to fail early on a wrong URL).
    /// Returns how many usable keys it holds.
    pub async fn load_keys(&self) -> Result<usize, TokenError> {
        self.keys.load().await
    }

    /// Verifies a bearer (access) token.
    pub async fn verify(&self, token: &str) -> Result<VerifiedClaims, TokenError> {
        self.verify_with(token, None).await
    }

    /// Verifies an ID token from an authorization-code flow: as [`Self::verify`], plus its
    /// `nonce` must be the one the sign-in request carried (spec §5).
    pub async fn verify_id_token(
        &self,
        token: &str,
        expected_nonce: &str,
    ) -> Result<VerifiedClaims, TokenError> {
        self.verify_with(token, Some(expected_nonce)).await
    }

    async fn verify_with(
        &self,
        token: &str,
        nonce: Option<&str>,
    ) -> Result<VerifiedClaims, TokenError> {
        let parts = RawToken::parse(token)?;
        let kid = check_header(&parts.header)?;
        let key = self.keys.key_for(kid, self.min_refresh).await?;

        let leeway = self.config.leeway_secs;
        let expect = Expectations {
            issuer: &self.config.issuer,
            audience: &self.config.audience,
            authorized_party: &self.config.authorized_party,
            leeway: i64::try_from(leeway).unwrap_or(i64::MAX),
            now: self.clock.now(),
            nonce,
            organization: self.config.organization.as_deref(),
        };
        match jsonwebtoken::decode::<Value>(token, &key, &self.library_validation()) {
            Ok(_) => claims::check(&parts.payload, &expect),
            Err(error) => Err(self.explain(error.into_kind(), &parts.payload, &expect)),
        }
    }

    /// jsonwebtoken's rules, all switched on (see TOOLCHAIN.md: nbf is off by default, iss and
    /// aud are only checked when set, and only listed claims are required).
    fn library_validation(&self) -> Validation {
        let mut validation = Validation::new(Algorithm::RS256);
        validation.leeway = self.config.leeway_secs;
        validation.set_issuer(&[&self.config.issuer]);
        validation.set_audience(&[&self.config.audience]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.validate_aud = true;
        // jsonwebtoken reads the machine's clock; with an injected clock, time is ours alone.
        validation.validate_exp = self.clock.is_system();
        validation.validate_nbf = self.clock.is_system();
        validation
    }

    /// Turns a jsonwebtoken refusal into our error. Claim refusals come after the signature
    /// was verified; our own checks then name the exact rule (jsonwebtoken reports a
    /// string-typed `exp` as "missing", for instance).
    fn explain(
        &self,
        kind: ErrorKind,
        payload: &Map<String, Value>,
        expect: &Expectations<'_>,
    ) -> TokenError {
        match kind {
            ErrorKind::InvalidSignature => TokenError::BadSignature,
            ErrorKind::InvalidAlgorithm | ErrorKind::UnsupportedAlgorithm => {
                TokenError::UnsupportedAlgorithm("RS256 with a non-RSA key".to_owned())
            }
            ErrorKind::InvalidToken
            | ErrorKind::Base64(_)
            | ErrorKind::Json(_)
            | ErrorKind::Utf8(_) => TokenError::Malformed(format!("{kind:?}")),
            ErrorKind::MissingRequiredClaim(_)
            | ErrorKind::InvalidClaimFormat(_)
            | ErrorKind::ExpiredSignature
            | ErrorKind::ImmatureSignature
            | ErrorKind::InvalidIssuer
            | ErrorKind::InvalidAudience
            | ErrorKind::InvalidSubject => match claims::check(payload, expect) {
                Err(precise) => precise,
                Ok(_) => {
                    tracing::warn!(?kind, "jsonwebtoken refused a token our checks accept");
                    TokenError::Rejected(format!("{kind:?}"))
                }
            },
            // Key format and provider errors: the key from the JWKS could not be used.
            other => {
                tracing::warn!(kind = ?other, "token verification failed inside jsonwebtoken");
                TokenError::Rejected(format!("{other:?}"))
            }
        }
    }
}

/// A token split and decoded, nothing verified yet.
struct RawToken {
    header: Map<String, Value>,
    payload: Map<String, Value>,
}

impl RawToken {
    fn parse(token: &str) -> Result<RawToken, TokenError> {
        let malformed = |why: &str| TokenError::Malformed(why.to_owned());
        if token.is_empty() {
            return Err(malformed("empty token"));
        }
        if token.len() > MAX_TOKEN_BYTES {
            return Err(malformed("token longer than 16 KiB"));
        }
        let mut parts = token.split('.');
        let (Some(header), Some(payload), Some(signature), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(malformed("expected three dot-separated parts"));
        };
        let header = json_object(header, "header")?;
        let payload = json_object(payload, "payload")?;
        // An empty signature is left for the algorithm check to refuse (`alg: none` tokens
        // look like this and deserve that clearer error); otherwise it must be base64url.
        if !signature.is_empty() && URL_SAFE_NO_PAD.decode(signature).is_err() {
            return Err(malformed("signature is not base64url"));
        }
        Ok(RawToken { header, payload })
    }
}

fn json_object(part: &str, name: &str) -> Result<Map<String, Value>, TokenError> {
    if part.is_empty() {
        return Err(TokenError::Malformed(format!("empty {name}")));
    }
    let bytes = URL_SAFE_NO_PAD
        .decode(part)
        .map_err(|_| TokenError::Malformed(format!("{name} is not base64url")))?;
    match serde_json::from_slice(&bytes) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(TokenError::Malformed(format!(
            "{name} is not a JSON object"
        ))),
        Err(_) => Err(TokenError::Malformed(format!("{name} is not JSON"))),
    }
}

/// Returns the key id. Only the exact string "RS256" passes: no case folding, no lists.
fn check_header(header: &Map<String, Value>) -> Result<&str, TokenError> {
    match header.get("alg") {
        Some(Value::String(alg)) if alg == "RS256" => {}
        Some(Value::String(alg)) => return Err(TokenError::UnsupportedAlgorithm(alg.clone())),
        Some(other) => return Err(TokenError::UnsupportedAlgorithm(other.to_string())),
        None => return Err(TokenError::Malformed("header has no alg".to_owned())),
    }
    if header.contains_key("crit") {
        return Err(TokenError::CriticalHeader);
    }
    match header.get("kid") {
        Some(Value::String(kid)) if !kid.is_empty() => Ok(kid),
        _ => Err(TokenError::MissingKeyId),
    }
}
