//! The OpenID side of the dev provider: the authorization request as the sites send it
//! (RFC 6749 §4.1, PKCE RFC 7636, OpenID Connect Core §3.1), authorization codes (single use,
//! 60 s) and refresh tokens (rotated at each use; presenting a spent one revokes its whole
//! family, RFC 9700 §4.14). Kept in memory: after a restart the sites fall back to a silent
//! `prompt=none` sign-in with the session cookie.

use std::collections::HashMap;
use std::sync::Mutex;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use rand::RngCore;
use sha2::{Digest, Sha256};
use site::Lang;

use super::Identity;

/// Codes are exchanged at once by the callback page: a minute is plenty.
pub(crate) const CODE_LIFETIME_SECS: i64 = 60;
/// Entries kept at most, so a flood of sign-ins cannot grow memory without end.
const MAX_ENTRIES: usize = 100_000;

/// What the sign-in request asked for, carried through the form until a code is issued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AuthRequest {
    pub client_id: String,
    pub redirect_uri: String,
    pub scope: String,
    pub state: Option<String>,
    pub nonce: Option<String>,
    pub code_challenge: String,
    /// `none`, `login`, `create`, `consent` or nothing.
    pub prompt: Option<String>,
    pub lang: Lang,
}

/// Why an authorization request is refused. Before the redirect URI is known to be the
/// client's, nothing is redirected anywhere (RFC 6749 §4.1.2.1): `Page` errors are shown.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum RequestError {
    /// Shown to the visitor: an unknown client, or a redirect URI that is not the site's.
    Page(&'static str),
    /// Sent back to the client's redirect URI with `error` and `state`.
    Redirect {
        error: &'static str,
        description: &'static str,
    },
}

impl AuthRequest {
    /// Reads and checks an authorization request: the client, a redirect URI on the
    /// issuer's own origin, `response_type=code`, an `openid` scope and an S256 challenge.
    pub(crate) fn parse(
        fields: &HashMap<String, String>,
        client_id: &str,
        origin: &str,
    ) -> Result<AuthRequest, RequestError> {
        let get = |name: &str| fields.get(name).map(|v| v.trim()).filter(|v| !v.is_empty());
        if get("client_id") != Some(client_id) {
            return Err(RequestError::Page("unknown client_id"));
        }
        let redirect_uri =
            get("redirect_uri").ok_or(RequestError::Page("redirect_uri is required"))?;
        if !same_origin_url(redirect_uri, origin) {
            return Err(RequestError::Page("redirect_uri is not on this site"));
        }
        let refuse = |error, description| RequestError::Redirect { error, description };
        if fields.contains_key("response_type") && get("response_type") != Some("code") {
            return Err(refuse(
                "unsupported_response_type",
                "only response_type=code is supported",
            ));
        }
        let scope = get("scope").unwrap_or_default();
        if !scope.split(' ').any(|s| s == "openid") {
            return Err(refuse("invalid_scope", "the scope must include openid"));
        }
        let code_challenge = get("code_challenge").ok_or(refuse(
            "invalid_request",
            "PKCE is required: code_challenge",
        ))?;
        if get("code_challenge_method") != Some("S256")
            || !(43..=128).contains(&code_challenge.len())
        {
            return Err(refuse(
                "invalid_request",
                "PKCE: code_challenge_method must be S256 with a 43-128 character challenge",
            ));
        }
        let mut prompt = get("prompt").map(str::to_owned);
        if get("screen_hint") == Some("signup") {
            prompt = Some("create".into());
        }
        if let Some(p) = &prompt {
            if !["none", "login", "create", "consent"].contains(&p.as_str()) {
                return Err(refuse(
                    "invalid_request",
                    "prompt must be none, login, create or consent",
                ));
            }
        }
        let lang = get("ui_locales")
            .into_iter()
            .flat_map(|l| l.split(' '))
            .find_map(|l| Lang::from_code(l.split('-').next().unwrap_or(l)))
            .unwrap_or(Lang::Fr);
        Ok(AuthRequest {
            client_id: client_id.to_owned(),
            redirect_uri: redirect_uri.to_owned(),
            scope: scope.to_owned(),
            state: get("state").map(str::to_owned),
            nonce: get("nonce").map(str::to_owned),
            code_challenge: code_challenge.to_owned(),
            prompt,
            lang,
        })
    }

    /// The request as form fields (for the hidden inputs and the links between the forms).
    pub(crate) fn fields(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![
            ("client_id", self.client_id.clone()),
            ("redirect_uri", self.redirect_uri.clone()),
            ("scope", self.scope.clone()),
            ("code_challenge", self.code_challenge.clone()),
            ("code_challenge_method", "S256".into()),
            ("ui_locales", self.lang.code().into()),
        ];
        if let Some(state) = &self.state {
            out.push(("state", state.clone()));
        }
        if let Some(nonce) = &self.nonce {
            out.push(("nonce", nonce.clone()));
        }
        out
    }

    /// The redirect URI with these query parameters and the request's `state`.
    pub(crate) fn answer(&self, params: &[(&str, &str)]) -> String {
        let mut url = self.redirect_uri.clone();
        let mut sep = if url.contains('?') { '&' } else { '?' };
        let state = self.state.as_deref().map(|s| ("state", s));
        for (name, value) in params.iter().copied().chain(state) {
            url.push(sep);
            url.push_str(name);
            url.push('=');
            url.push_str(&super::form::percent_encode(value));
            sep = '&';
        }
        url
    }
}

/// `url` is an http(s) URL on `origin` (`http://fr.localhost:8080`): the origin followed by
/// a path, nothing that a browser could read as another host.
pub(crate) fn same_origin_url(url: &str, origin: &str) -> bool {
    url.strip_prefix(origin)
        .and_then(super::form::safe_return_path)
        .is_some()
}

/// 256 random bits, base64url: codes and refresh tokens.
pub(crate) fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// RFC 7636 §4.6: BASE64URL(SHA256(verifier)) == challenge, with a well-formed verifier.
pub(crate) fn pkce_matches(verifier: &str, challenge: &str) -> bool {
    let well_formed = (43..=128).contains(&verifier.len())
        && verifier
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b));
    well_formed && URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes())) == challenge
}

/// What a code or a refresh token stands for.
#[derive(Clone, Debug)]
pub(crate) struct Grant {
    pub identity: Identity,
    pub auth_time: i64,
    pub scope: String,
    pub client_id: String,
    pub nonce: Option<String>,
}

#[derive(Debug)]
struct Code {
    grant: Grant,
    redirect_uri: String,
    code_challenge: String,
    expires: i64,
}

#[derive(Debug)]
struct Refresh {
    grant: Grant,
    family: String,
    spent: bool,
    expires: i64,
}

/// Why a grant at the token endpoint is refused (RFC 6749 §5.2).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct GrantError(pub &'static str, pub &'static str);

#[derive(Default)]
pub(crate) struct Grants {
    codes: Mutex<HashMap<String, Code>>,
    refresh: Mutex<HashMap<String, Refresh>>,
}

impl Grants {
    pub(crate) fn issue_code(&self, grant: Grant, request: &AuthRequest, now: i64) -> String {
        let code = random_token();
        let mut codes = self.codes.lock().unwrap_or_else(|e| e.into_inner());
        codes.retain(|_, c| c.expires >= now);
        if codes.len() < MAX_ENTRIES {
            codes.insert(
                code.clone(),
                Code {
                    grant,
                    redirect_uri: request.redirect_uri.clone(),
                    code_challenge: request.code_challenge.clone(),
                    expires: now + CODE_LIFETIME_SECS,
                },
            );
        }
        code
    }

    /// The code's grant, once: a code is removed as it is presented, right or wrong.
    pub(crate) fn redeem_code(
        &self,
        code: &str,
        client_id: &str,
        redirect_uri: &str,
        verifier: &str,
        now: i64,
    ) -> Result<Grant, GrantError> {
        let found = self
            .codes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(code);
        let Some(found) = found.filter(|c| c.expires >= now) else {
            return Err(GrantError("invalid_grant", "unknown, used or expired code"));
        };
        if found.grant.client_id != client_id || found.redirect_uri != redirect_uri {
            return Err(GrantError(
                "invalid_grant",
                "the code was issued to another client or redirect_uri",
            ));
        }
        if !pkce_matches(verifier, &found.code_challenge) {
            return Err(GrantError("invalid_grant", "PKCE verification failed"));
        }
        Ok(found.grant)
    }

    /// A new refresh token in `family` (a new family at sign-in).
    pub(crate) fn issue_refresh(
        &self,
        grant: Grant,
        family: Option<String>,
        expires: i64,
        now: i64,
    ) -> String {
        let token = random_token();
        let mut all = self.refresh.lock().unwrap_or_else(|e| e.into_inner());
        all.retain(|_, r| r.expires >= now);
        if all.len() < MAX_ENTRIES {
            let family = family.unwrap_or_else(random_token);
            all.insert(
                token.clone(),
                Refresh {
                    grant,
                    family,
                    spent: false,
                    expires,
                },
            );
        }
        token
    }

    /// Spends a refresh token: its grant and family, for the new one. A spent token presented
    /// again means it leaked: the whole family is revoked.
    pub(crate) fn rotate(
        &self,
        token: &str,
        client_id: &str,
        now: i64,
    ) -> Result<(Grant, String, i64), GrantError> {
        let mut all = self.refresh.lock().unwrap_or_else(|e| e.into_inner());
        let Some(found) = all.get_mut(token).filter(|r| r.expires >= now) else {
            return Err(GrantError(
                "invalid_grant",
                "unknown or expired refresh token",
            ));
        };
        if found.spent {
            let family = found.family.clone();
            all.retain(|_, r| r.family != family);
            return Err(GrantError(
                "invalid_grant",
                "refresh token reused: its family is revoked",
            ));
        }
        if found.grant.client_id != client_id {
            return Err(GrantError(
                "invalid_grant",
                "the refresh token was issued to another client",
            ));
        }
        found.spent = true;
        Ok((found.grant.clone(), found.family.clone(), found.expires))
    }

    /// Sign-out: every refresh token of this subject.
    pub(crate) fn revoke_subject(&self, email: &str) {
        self.refresh
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|_, r| r.grant.identity.email != email);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pkce_s256_as_rfc_7636_appendix_b() {
        assert!(pkce_matches(
            "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        ));
        assert!(!pkce_matches(
            "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXl",
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        ));
        assert!(!pkce_matches(
            "short",
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        ));
    }

    #[test]
    fn redirect_uris_stay_on_the_issuers_origin() {
        let o = "http://fr.localhost:8080";
        assert!(same_origin_url("http://fr.localhost:8080/callback", o));
        assert!(same_origin_url(
            "http://fr.localhost:8080/en/callback?x=1",
            o
        ));
        for bad in [
            "http://fr.localhost:8080.evil.test/callback",
            "http://fr.localhost:8080@evil.test/",
            "http://fr.localhost:8080//evil.test/",
            "http://fr.localhost:8080/\\evil.test",
            "https://evil.test/callback",
            "http://fr.localhost:8080",
        ] {
            assert!(!same_origin_url(bad, o), "{bad}");
        }
    }
}
