//! Why a token was refused. Each variant names one rule so logs and tests can tell them
//! apart; the messages are safe to log (they never echo the token itself).

use thiserror::Error;

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TokenError {
    /// Not three base64url parts of JSON, too long, or otherwise not a JWT.
    #[error("malformed token: {0}")]
    Malformed(String),
    /// Any `alg` but RS256, refused before a key is even looked up (this is what stops
    /// `alg: none` and HS256 tokens "signed" with the public key).
    #[error("token algorithm {0:?} is not accepted; only RS256 is")]
    UnsupportedAlgorithm(String),
    /// The header has a `crit` list: we implement no header extension, so RFC 7515 says refuse.
    #[error("token header lists critical extensions this verifier does not implement")]
    CriticalHeader,
    #[error("token header has no key id (kid)")]
    MissingKeyId,
    #[error("token key id {0:?} is not among the issuer's published keys")]
    UnknownKeyId(String),
    /// The issuer's keys could not be fetched: our problem or the issuer's, not the client's.
    #[error("issuer keys unavailable: {0}")]
    KeysUnavailable(String),
    #[error("token signature does not verify")]
    BadSignature,
    #[error("token has no `{0}` claim")]
    MissingClaim(&'static str),
    #[error("token claim `{claim}` must be {expected}")]
    ClaimType {
        claim: &'static str,
        expected: &'static str,
    },
    #[error("token issuer does not match")]
    WrongIssuer,
    #[error("token audience does not match")]
    WrongAudience,
    #[error("token authorized party (azp) does not match")]
    WrongAuthorizedParty,
    #[error("token subject is empty")]
    EmptySubject,
    #[error("token organization (org_id) does not match")]
    WrongOrganization,
    #[error("token expired")]
    Expired,
    #[error("token not valid yet (nbf in the future)")]
    NotYetValid,
    #[error("token auth_time is in the future")]
    AuthTimeInFuture,
    #[error("token nonce does not match")]
    NonceMismatch,
    /// jsonwebtoken refused what our own checks accepted. Should not happen; kept so the two
    /// lines of defence can never disagree silently.
    #[error("token rejected: {0}")]
    Rejected(String),
}

impl TokenError {
    /// A stable, machine-readable reason for API error bodies and metrics.
    pub fn code(&self) -> &'static str {
        match self {
            TokenError::Malformed(_) => "token_malformed",
            TokenError::UnsupportedAlgorithm(_) => "token_algorithm",
            TokenError::CriticalHeader => "token_critical_header",
            TokenError::MissingKeyId => "token_missing_kid",
            TokenError::UnknownKeyId(_) => "token_unknown_kid",
            TokenError::KeysUnavailable(_) => "keys_unavailable",
            TokenError::BadSignature => "token_signature",
            TokenError::MissingClaim(_) => "token_missing_claim",
            TokenError::ClaimType { .. } => "token_claim_type",
            TokenError::WrongIssuer => "token_issuer",
            TokenError::WrongOrganization => "token_organization",
            TokenError::WrongAudience => "token_audience",
            TokenError::WrongAuthorizedParty => "token_authorized_party",
            TokenError::EmptySubject => "token_subject",
            TokenError::Expired => "token_expired",
            TokenError::NotYetValid => "token_not_yet_valid",
            TokenError::AuthTimeInFuture => "token_auth_time",
            TokenError::NonceMismatch => "token_nonce",
            TokenError::Rejected(_) => "token_rejected",
        }
    }

    /// True when the fault is on the server side (keys could not be fetched): the API should
    /// answer 503, not 401, so a client does not throw away a token that may well be good.
    pub fn is_unavailable(&self) -> bool {
        matches!(self, TokenError::KeysUnavailable(_))
    }
}
