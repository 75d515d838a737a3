//! The claim rules, applied to the raw JSON payload. jsonwebtoken coerces and skips (a
//! missing `nbf` passes, a float `exp` is rounded, a string one reads as "absent"), so every
//! claim the spec names is checked here explicitly, with its own error.

use serde::Serialize;
use serde_json::{Map, Value};
use site::Site;

use crate::error::TokenError;

/// What a verified token says about the client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifiedClaims {
    /// Stable client id.
    pub sub: String,
    pub iss: String,
    pub email: Option<String>,
    pub given_name: Option<String>,
    pub family_name: Option<String>,
    /// Country site the client signed in on, when the issuer says (the dev provider does).
    pub site: Option<Site>,
    /// When the client actually authenticated (Unix seconds), when the issuer says.
    pub auth_time: Option<i64>,
    pub iat: Option<i64>,
    pub nbf: Option<i64>,
    pub exp: i64,
    pub nonce: Option<String>,
}

/// Everything a payload is checked against, at one instant.
pub(crate) struct Expectations<'a> {
    pub issuer: &'a str,
    pub audience: &'a str,
    pub authorized_party: &'a str,
    pub leeway: i64,
    pub now: i64,
    /// Only ID tokens carry a nonce; bearer tokens are checked without one.
    pub nonce: Option<&'a str>,
    /// The organization the client must belong to (`org_id`), when configured.
    pub organization: Option<&'a str>,
}

const NUMERIC_DATE: &str = "a JSON number (NumericDate)";
const STRING: &str = "a string";

pub(crate) fn check(
    payload: &Map<String, Value>,
    expect: &Expectations<'_>,
) -> Result<VerifiedClaims, TokenError> {
    let iss = required_string(payload, "iss")?;
    if iss != expect.issuer {
        return Err(TokenError::WrongIssuer);
    }
    check_audience(payload, expect.audience)?;
    // The client the token was issued to: `azp` (OpenID Connect, Auth0, Keycloak) or
    // `client_id` (RFC 9068 JWT access tokens, oidc-provider); each one present must match.
    let azp = optional_string(payload, "azp")?;
    let client_id = optional_string(payload, "client_id")?;
    if azp.is_none() && client_id.is_none() {
        return Err(TokenError::MissingClaim("azp"));
    }
    if [azp, client_id]
        .into_iter()
        .flatten()
        .any(|party| party != expect.authorized_party)
    {
        return Err(TokenError::WrongAuthorizedParty);
    }
    let sub = required_string(payload, "sub")?;
    if sub.trim().is_empty() {
        return Err(TokenError::EmptySubject);
    }

    let exp = required_time(payload, "exp")?;
    // Not every provider sets them (RFC 9068 access tokens have neither); checked when set.
    let nbf = optional_time(payload, "nbf")?;
    let auth_time = optional_time(payload, "auth_time")?;
    let iat = optional_time(payload, "iat")?;
    // Saturating: a hostile i64::MAX must not wrap around into "valid".
    if expect.now > exp.saturating_add(expect.leeway) {
        return Err(TokenError::Expired);
    }
    if nbf.is_some_and(|nbf| nbf > expect.now.saturating_add(expect.leeway)) {
        return Err(TokenError::NotYetValid);
    }
    if auth_time.is_some_and(|t| t > expect.now.saturating_add(expect.leeway)) {
        return Err(TokenError::AuthTimeInFuture);
    }
    if let Some(organization) = expect.organization {
        if optional_string(payload, "org_id")? != Some(organization) {
            return Err(TokenError::WrongOrganization);
        }
    }

    let nonce = optional_string(payload, "nonce")?;
    if let Some(expected) = expect.nonce {
        match nonce {
            None => return Err(TokenError::MissingClaim("nonce")),
            Some(found) if found != expected => return Err(TokenError::NonceMismatch),
            Some(_) => {}
        }
    }

    Ok(VerifiedClaims {
        sub: sub.to_owned(),
        iss: iss.to_owned(),
        email: optional_string(payload, "email")?.map(str::to_owned),
        given_name: optional_string(payload, "given_name")?.map(str::to_owned),
        family_name: optional_string(payload, "family_name")?.map(str::to_owned),
        // Informational only; an issuer that names a site we do not know is not an error.
        site: optional_string(payload, "site")?.and_then(Site::from_code),
        auth_time,
        iat,
        nbf,
        exp,
        nonce: nonce.map(str::to_owned),
    })
}

/// `aud` may be one string or an array of strings (RFC 7519 §4.1.3); ours must be in it.
fn check_audience(payload: &Map<String, Value>, audience: &str) -> Result<(), TokenError> {
    const EXPECTED: &str = "a string or an array of strings";
    match payload.get("aud") {
        None | Some(Value::Null) => Err(TokenError::MissingClaim("aud")),
        Some(Value::String(aud)) if aud == audience => Ok(()),
        Some(Value::String(_)) => Err(TokenError::WrongAudience),
        Some(Value::Array(items)) => {
            let mut found = false;
            for item in items {
                match item {
                    Value::String(aud) => found |= aud == audience,
                    _ => {
                        return Err(TokenError::ClaimType {
                            claim: "aud",
                            expected: EXPECTED,
                        })
                    }
                }
            }
            if found {
                Ok(())
            } else {
                Err(TokenError::WrongAudience)
            }
        }
        Some(_) => Err(TokenError::ClaimType {
            claim: "aud",
            expected: EXPECTED,
        }),
    }
}

fn required_string<'p>(
    payload: &'p Map<String, Value>,
    claim: &'static str,
) -> Result<&'p str, TokenError> {
    optional_string(payload, claim)?.ok_or(TokenError::MissingClaim(claim))
}

fn optional_string<'p>(
    payload: &'p Map<String, Value>,
    claim: &'static str,
) -> Result<Option<&'p str>, TokenError> {
    match payload.get(claim) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(value)) => Ok(Some(value)),
        Some(_) => Err(TokenError::ClaimType {
            claim,
            expected: STRING,
        }),
    }
}

fn required_time(payload: &Map<String, Value>, claim: &'static str) -> Result<i64, TokenError> {
    optional_time(payload, claim)?.ok_or(TokenError::MissingClaim(claim))
}

/// A NumericDate is a JSON number, possibly fractional (RFC 7519 §2). A string holding
/// digits is refused, whatever a lenient parser would make of it.
fn optional_time(
    payload: &Map<String, Value>,
    claim: &'static str,
) -> Result<Option<i64>, TokenError> {
    let number = match payload.get(claim) {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Number(number)) => number,
        Some(_) => {
            return Err(TokenError::ClaimType {
                claim,
                expected: NUMERIC_DATE,
            })
        }
    };
    if let Some(seconds) = number.as_i64() {
        return Ok(Some(seconds));
    }
    // Fractional seconds are legal; anything beyond ±1e15 s (30 million years) is nonsense
    // that would only serve to overflow arithmetic.
    match number.as_f64() {
        Some(seconds) if seconds.is_finite() && seconds.abs() < 1e15 => {
            Ok(Some(seconds.floor() as i64))
        }
        _ => Err(TokenError::ClaimType {
            claim,
            expected: NUMERIC_DATE,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn expectations(now: i64) -> Expectations<'static> {
        Expectations {
            issuer: "https://id.example",
            audience: "api",
            authorized_party: "web",
            leeway: 60,
            now,
            nonce: None,
            organization: None,
        }
    }

    fn payload(now: i64) -> Map<String, Value> {
        let value = json!({
            "iss": "https://id.example", "aud": ["other", "api"], "azp": "web", "sub": "c-1",
            "exp": now + 10, "nbf": now, "auth_time": now, "iat": now, "email": "a@b.fr",
            "site": "be",
        });
        match value {
            Value::Object(map) => map,
            _ => unreachable!("literal is an object"),
        }
    }

    #[test]
    fn accepts_a_complete_payload_with_audience_array() {
        let claims = check(&payload(1000), &expectations(1000)).expect("valid");
        assert_eq!(claims.sub, "c-1");
        assert_eq!(claims.site, Some(Site::Be));
    }

    #[test]
    fn leeway_edges_are_inclusive() {
        let mut p = payload(1000);
        p.insert("exp".into(), json!(940));
        assert!(check(&p, &expectations(1000)).is_ok());
        p.insert("exp".into(), json!(939));
        assert_eq!(check(&p, &expectations(1000)), Err(TokenError::Expired));
    }

    #[test]
    fn fractional_and_huge_times() {
        let mut p = payload(1000);
        p.insert("exp".into(), json!(1009.9));
        assert_eq!(check(&p, &expectations(1000)).map(|c| c.exp), Ok(1009));
        p.insert("exp".into(), json!(1e300));
        assert!(matches!(
            check(&p, &expectations(1000)),
            Err(TokenError::ClaimType { claim: "exp", .. })
        ));
        p.insert("exp".into(), json!(i64::MAX));
        p.insert("nbf".into(), json!(i64::MAX));
        assert_eq!(check(&p, &expectations(1000)), Err(TokenError::NotYetValid));
    }

    #[test]
    fn non_string_audience_item_and_wrong_email_type() {
        let mut p = payload(1000);
        p.insert("aud".into(), json!(["api", 3]));
        assert!(matches!(
            check(&p, &expectations(1000)),
            Err(TokenError::ClaimType { claim: "aud", .. })
        ));
        let mut p = payload(1000);
        p.insert("email".into(), json!(true));
        assert!(matches!(
            check(&p, &expectations(1000)),
            Err(TokenError::ClaimType { claim: "email", .. })
        ));
    }

    #[test]
    fn rfc_9068_access_tokens_name_the_client_in_client_id_and_may_lack_nbf_and_auth_time() {
        let mut p = payload(1000);
        p.remove("azp");
        p.remove("nbf");
        p.remove("auth_time");
        p.insert("client_id".into(), json!("web"));
        assert!(check(&p, &expectations(1000)).is_ok());
        p.insert("client_id".into(), json!("other"));
        assert_eq!(
            check(&p, &expectations(1000)),
            Err(TokenError::WrongAuthorizedParty)
        );
        p.remove("client_id");
        assert_eq!(
            check(&p, &expectations(1000)),
            Err(TokenError::MissingClaim("azp"))
        );
        // Both present: both must be ours.
        let mut p = payload(1000);
        p.insert("client_id".into(), json!("other"));
        assert_eq!(
            check(&p, &expectations(1000)),
            Err(TokenError::WrongAuthorizedParty)
        );
    }

    #[test]
    fn the_organization_is_checked_when_configured() {
        let mut expect = expectations(1000);
        expect.organization = Some("org_1");
        assert_eq!(
            check(&payload(1000), &expect),
            Err(TokenError::WrongOrganization)
        );
        let mut p = payload(1000);
        p.insert("org_id".into(), json!("org_1"));
        assert!(check(&p, &expect).is_ok());
    }

    #[test]
    fn nonce_is_checked_when_expected() {
        let mut expect = expectations(1000);
        expect.nonce = Some("n-1");
        assert_eq!(
            check(&payload(1000), &expect),
            Err(TokenError::MissingClaim("nonce"))
        );
        let mut p = payload(1000);
        p.insert("nonce".into(), json!("n-2"));
        assert_eq!(check(&p, &expect), Err(TokenError::NonceMismatch));
        p.insert("nonce".into(), json!("n-1"));
        assert!(check(&p, &expect).is_ok());
    }
}
