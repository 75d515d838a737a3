//! What a verifier expects of a token: who issued it, for whom, and where the issuer's keys
//! are published.

use serde::{Deserialize, Serialize};

/// Expectations for bearer tokens (spec §5: issuer, audience, authorized party, 60 s leeway).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VerifierConfig {
    /// Exact `iss` value, e.g. `http://fr.localhost:8080/identity`.
    pub issuer: String,
    /// Value `aud` must be or contain: the API the token is meant for.
    pub audience: String,
    /// Exact `azp` value: the client application the token was issued to.
    pub authorized_party: String,
    /// Where the issuer publishes its signing keys (JWKS).
    pub jwks_url: String,
    /// Clock skew tolerated on `exp`, `nbf` and `auth_time`.
    #[serde(default = "default_leeway")]
    pub leeway_secs: u64,
    /// The organization a client must belong to (`org_id`), when the sites require one.
    #[serde(default)]
    pub organization: Option<String>,
}

fn default_leeway() -> u64 {
    VerifierConfig::DEFAULT_LEEWAY_SECS
}

impl VerifierConfig {
    /// Spec §5 and §9: 60 s on every time claim.
    pub const DEFAULT_LEEWAY_SECS: u64 = 60;

    pub fn new(
        issuer: impl Into<String>,
        audience: impl Into<String>,
        authorized_party: impl Into<String>,
        jwks_url: impl Into<String>,
    ) -> Self {
        VerifierConfig {
            issuer: issuer.into(),
            audience: audience.into(),
            authorized_party: authorized_party.into(),
            jwks_url: jwks_url.into(),
            leeway_secs: Self::DEFAULT_LEEWAY_SECS,
            organization: None,
        }
    }

    /// Requires tokens to name this organization (`org_id`), when `Some`.
    pub fn with_organization(mut self, organization: Option<String>) -> Self {
        self.organization = organization.filter(|o| !o.trim().is_empty());
        self
    }

    /// An empty expectation would make its check vacuous, so it is a configuration error,
    /// reported at start-up rather than discovered as "every token accepted".
    pub(crate) fn check(&self, needs_jwks_url: bool) -> anyhow::Result<()> {
        for (name, value) in [
            ("issuer", &self.issuer),
            ("audience", &self.audience),
            ("authorized_party", &self.authorized_party),
        ] {
            if value.trim().is_empty() {
                anyhow::bail!("identity verifier: `{name}` must not be empty");
            }
        }
        if needs_jwks_url
            && !(self.jwks_url.starts_with("https://") || self.jwks_url.starts_with("http://"))
        {
            anyhow::bail!(
                "identity verifier: `jwks_url` must be an http(s) URL, got {:?}",
                self.jwks_url
            );
        }
        // Far more than any clock skew: a larger value would quietly extend token lifetimes.
        if self.leeway_secs > 600 {
            anyhow::bail!(
                "identity verifier: `leeway_secs` {} is above the 600 s ceiling",
                self.leeway_secs
            );
        }
        Ok(())
    }
}
