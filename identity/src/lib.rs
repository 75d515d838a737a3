//! Sign-in for the cinema sites (spec §4, §5): RS256 bearer tokens checked against the
//! issuer's published keys (JWKS), request helpers for the runtime API, and a development
//! identity provider that plays the external provider's part locally and in tests.
//!
//! - [`TokenVerifier`] checks a token strictly: algorithm, key id, signature and every claim
//!   the spec names, with the configured leeway. A bad token is an error, never "anonymous".
//! - [`bearer_token`], [`session_token`] and [`logout_cookie`] are what the API needs around
//!   a request.
//! - [`DevIdentityProvider`] is a standard OpenID provider for local use and tests
//!   (discovery, authorization code with PKCE, refresh-token rotation, userinfo, end
//!   session), signing with a key kept in the data directory; the API decides whether to
//!   mount it. Access tokens of any provider are accepted with their client in `azp` or
//!   `client_id` (RFC 9068), `nbf` and `auth_time` checked when present.

mod claims;
mod clock;
mod config;
pub mod dev_provider;
mod error;
mod headers;
mod jwks;
mod verify;

pub use claims::VerifiedClaims;
pub use clock::Clock;
pub use config::VerifierConfig;
pub use dev_provider::DevIdentityProvider;
pub use error::TokenError;
pub use headers::{bearer_token, logout_cookie, session_token, SESSION_COOKIE};
pub use verify::TokenVerifier;

/// Resolves `localhost` and `*.localhost` in `url` to the loopback address, as RFC 6761 §6.3
/// says and browsers do (the system resolver here knows only `localhost` itself), so a
/// provider served at `http://fr.localhost:9300` in tests and local use is reached at all.
pub fn resolve_localhost(builder: reqwest::ClientBuilder, url: &str) -> reqwest::ClientBuilder {
    match reqwest::Url::parse(url)
        .ok()
        .and_then(|u| u.host_str().map(str::to_ascii_lowercase))
    {
        Some(host) if host == "localhost" || host.ends_with(".localhost") => {
            builder.resolve(&host, std::net::SocketAddr::from(([127, 0, 0, 1], 0)))
        }
        _ => builder,
    }
}
