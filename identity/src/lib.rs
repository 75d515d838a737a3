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
