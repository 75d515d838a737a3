//! The issuer's signing keys: parsing a JWKS document, and a cache that fetches it over
//! HTTP, refreshes it when a token names a key we do not know (key rotation), and refuses to
//! refresh more often than a set interval so unknown key ids cannot make us hammer the issuer.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use jsonwebtoken::DecodingKey;
use serde_json::Value;

use crate::error::TokenError;

/// Keys below this size are ignored: RS256 with a short modulus is forgeable.
const MIN_RSA_BITS: usize = 2048;
/// A JWKS is a few kilobytes; anything far larger is not one.
const MAX_JWKS_BYTES: usize = 256 * 1024;
const FETCH_TIMEOUT: Duration = Duration::from_secs(5);

/// Usable verification keys by key id.
#[derive(Default)]
pub(crate) struct KeySet {
    keys: HashMap<String, Arc<DecodingKey>>,
}

impl KeySet {
    /// Keeps only RSA signature keys for RS256 that carry a key id; anything else in the
    /// document (encryption keys, EC keys, other algorithms) is skipped, not an error, since
    /// issuers publish several kinds side by side.
    pub(crate) fn parse(json: &[u8]) -> Result<KeySet, String> {
        let document: Value =
            serde_json::from_slice(json).map_err(|e| format!("JWKS is not JSON: {e}"))?;
        let Some(entries) = document.get("keys").and_then(Value::as_array) else {
            return Err("JWKS has no `keys` array".to_owned());
        };
        let mut keys = HashMap::new();
        for entry in entries {
            match rsa_signing_key(entry) {
                Ok((kid, key)) => {
                    if let Entry::Vacant(slot) = keys.entry(kid) {
                        slot.insert(Arc::new(key));
                    } else {
                        // Two keys under one id: which one signed a token is ambiguous.
                        tracing::warn!("JWKS lists a key id twice; keeping the first");
                    }
                }
                Err(reason) => tracing::debug!(%reason, "JWKS entry skipped"),
            }
        }
        if keys.is_empty() {
            tracing::warn!("JWKS holds no usable RS256 signing key");
        }
        Ok(KeySet { keys })
    }

    pub(crate) fn get(&self, kid: &str) -> Option<Arc<DecodingKey>> {
        self.keys.get(kid).cloned()
    }

    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }
}

fn rsa_signing_key(entry: &Value) -> Result<(String, DecodingKey), String> {
    let field = |name: &str| entry.get(name).and_then(Value::as_str);
    if field("kty") != Some("RSA") {
        return Err("not an RSA key".to_owned());
    }
    if entry.get("use").is_some() && field("use") != Some("sig") {
        return Err("not a signature key".to_owned());
    }
    if entry.get("alg").is_some() && field("alg") != Some("RS256") {
        return Err("not an RS256 key".to_owned());
    }
    let kid = field("kid").filter(|k| !k.is_empty()).ok_or("no kid")?;
    let n = field("n").ok_or("no modulus")?;
    let e = field("e").ok_or("no exponent")?;
    let n = URL_SAFE_NO_PAD
        .decode(n)
        .map_err(|_| "modulus is not base64url")?;
    let e = URL_SAFE_NO_PAD
        .decode(e)
        .map_err(|_| "exponent is not base64url")?;
    let n_bits = significant_bits(&n);
    if n_bits < MIN_RSA_BITS {
        return Err(format!("{n_bits}-bit modulus is below {MIN_RSA_BITS}"));
    }
    if e.is_empty() || e.len() > 8 {
        return Err("implausible exponent".to_owned());
    }
    Ok((kid.to_owned(), DecodingKey::from_rsa_raw_components(&n, &e)))
}

fn significant_bits(big_endian: &[u8]) -> usize {
    match big_endian.iter().position(|&b| b != 0) {
        Some(first) => (big_endian.len() - first) * 8 - big_endian[first].leading_zeros() as usize,
        None => 0,
    }
}

/// Where a verifier gets its keys.
pub(crate) enum KeySource {
    /// Keys known up front (the dev provider checking its own session cookies).
    Static(KeySet),
    Remote(RemoteJwks),
}

pub(crate) struct RemoteJwks {
    url: String,
    client: reqwest::Client,
    current: RwLock<Arc<KeySet>>,
    /// Held across a fetch so concurrent requests for an unknown kid cause one fetch.
    refresh: tokio::sync::Mutex<RefreshState>,
}

#[derive(Default)]
struct RefreshState {
    last_attempt: Option<Instant>,
    last_error: Option<String>,
}

impl KeySource {
    pub(crate) fn remote(url: String) -> anyhow::Result<KeySource> {
        let builder = reqwest::Client::builder()
            .timeout(FETCH_TIMEOUT)
            .connect_timeout(FETCH_TIMEOUT)
            .redirect(reqwest::redirect::Policy::limited(3));
        let client = crate::resolve_localhost(builder, &url).build()?;
        Ok(KeySource::Remote(RemoteJwks {
            url,
            client,
            current: RwLock::new(Arc::new(KeySet::default())),
            refresh: tokio::sync::Mutex::new(RefreshState::default()),
        }))
    }

    /// The key for `kid`. An unknown kid triggers one refresh, unless the keys were fetched
    /// less than `min_interval` ago: then the keys are as fresh as the issuer would give us
    /// and the kid is simply unknown.
    pub(crate) async fn key_for(
        &self,
        kid: &str,
        min_interval: Duration,
    ) -> Result<Arc<DecodingKey>, TokenError> {
        let remote = match self {
            KeySource::Static(keys) => {
                return keys
                    .get(kid)
                    .ok_or_else(|| TokenError::UnknownKeyId(kid.to_owned()))
            }
            KeySource::Remote(remote) => remote,
        };
        if let Some(key) = remote.snapshot().get(kid) {
            return Ok(key);
        }
        let mut state = remote.refresh.lock().await;
        // Another request may have refreshed while this one waited for the lock.
        let keys = remote.snapshot();
        if let Some(key) = keys.get(kid) {
            return Ok(key);
        }
        let recently = state
            .last_attempt
            .is_some_and(|at| at.elapsed() < min_interval);
        if recently {
            return Err(match (&state.last_error, keys.len()) {
                (Some(error), 0) => TokenError::KeysUnavailable(error.clone()),
                _ => TokenError::UnknownKeyId(kid.to_owned()),
            });
        }
        state.last_attempt = Some(Instant::now());
        match remote.fetch().await {
            Ok(fresh) => {
                state.last_error = None;
                let fresh = Arc::new(fresh);
                remote.replace(fresh.clone());
                fresh
                    .get(kid)
                    .ok_or_else(|| TokenError::UnknownKeyId(kid.to_owned()))
            }
            Err(error) => {
                // Keep the keys we had: an issuer outage must not sign everybody out.
                tracing::warn!(url = %remote.url, %error, "JWKS refresh failed");
                state.last_error = Some(error.clone());
                if keys.len() == 0 {
                    Err(TokenError::KeysUnavailable(error))
                } else {
                    Err(TokenError::UnknownKeyId(kid.to_owned()))
                }
            }
        }
    }

    /// Fetches now, whatever the interval (start-up warm-up). Returns how many keys are usable.
    pub(crate) async fn load(&self) -> Result<usize, TokenError> {
        let remote = match self {
            KeySource::Static(keys) => return Ok(keys.len()),
            KeySource::Remote(remote) => remote,
        };
        let mut state = remote.refresh.lock().await;
        state.last_attempt = Some(Instant::now());
        match remote.fetch().await {
            Ok(fresh) => {
                state.last_error = None;
                let count = fresh.len();
                remote.replace(Arc::new(fresh));
                Ok(count)
            }
            Err(error) => {
                state.last_error = Some(error.clone());
                Err(TokenError::KeysUnavailable(error))
            }
        }
    }
}

impl RemoteJwks {
    fn snapshot(&self) -> Arc<KeySet> {
        // A poisoned lock only means a panic elsewhere while swapping an Arc; the value is intact.
        match self.current.read() {
            Ok(keys) => keys.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    fn replace(&self, keys: Arc<KeySet>) {
        match self.current.write() {
            Ok(mut current) => *current = keys,
            Err(poisoned) => *poisoned.into_inner() = keys,
        }
    }

    async fn fetch(&self) -> Result<KeySet, String> {
        tracing::debug!(url = %self.url, "fetching JWKS");
        let mut response = self
            .client
            .get(&self.url)
            .header(reqwest::header::ACCEPT, "application/json")
            .send()
            .await
            .map_err(|e| format!("cannot fetch {}: {e}", self.url))?;
        if !response.status().is_success() {
            return Err(format!("{} answered {}", self.url, response.status()));
        }
        // Read in chunks so an endless or huge body is cut off instead of filling memory.
        let mut body = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|e| format!("reading {}: {e}", self.url))?
        {
            if body.len() + chunk.len() > MAX_JWKS_BYTES {
                return Err(format!(
                    "{} sent more than {MAX_JWKS_BYTES} bytes",
                    self.url
                ));
            }
            body.extend_from_slice(&chunk);
        }
        KeySet::parse(&body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_count() {
        assert_eq!(significant_bits(&[0, 0x80, 0]), 16);
        assert_eq!(significant_bits(&[0x01]), 1);
        assert_eq!(significant_bits(&[0, 0]), 0);
    }

    #[test]
    fn skips_what_is_not_an_rs256_signing_key() {
        let n = URL_SAFE_NO_PAD.encode([0xC5u8; 256]);
        let short = URL_SAFE_NO_PAD.encode([0xC5u8; 128]);
        let doc = serde_json::json!({ "keys": [
            { "kty": "RSA", "kid": "good", "use": "sig", "alg": "RS256", "n": n, "e": "AQAB" },
            { "kty": "RSA", "kid": "enc", "use": "enc", "n": n, "e": "AQAB" },
            { "kty": "RSA", "kid": "ps", "alg": "PS256", "n": n, "e": "AQAB" },
            { "kty": "RSA", "kid": "short", "n": short, "e": "AQAB" },
            { "kty": "EC", "kid": "ec", "crv": "P-256", "x": "AA", "y": "AA" },
            { "kty": "RSA", "n": n, "e": "AQAB" },
            "not an object"
        ]});
        let keys = KeySet::parse(doc.to_string().as_bytes()).expect("parses");
        assert_eq!(keys.len(), 1);
        assert!(keys.get("good").is_some());
    }

    #[test]
    fn refuses_documents_that_are_not_a_jwks() {
        assert!(KeySet::parse(b"<html>").is_err());
        assert!(KeySet::parse(b"{\"keys\": 3}").is_err());
    }
}
