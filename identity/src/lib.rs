//! Sign-in for the cinema sites (spec §4, §5): RS256 bearer tokens checked against the
//! issuer's published keys (JWKS), request helpers for the runtime API, and a development
//! identity provider that plays the external provider's part locally and in tests.
//!
//! - [`TokenVerifier`] checks a token strictly: algorithm, key id, signature and every claim
//!   the spec names, with the configured leeway. A bad token is an error, never "anonymous".
//! - [`bearer_token`], [`session_token`] and [`logout_cookie`] are what the API needs around
//!   a request.
//! - [`DevIdentityProvider`] signs tokens with a key kept in the data directory and serves
//!   the sign-in frame; it is for local use only and the API decides whether to mount it.

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
