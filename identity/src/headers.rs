//! Reading credentials off a request, and the session cookie's Set-Cookie values. The cookie
//! holds a signed JWT; it is HttpOnly so page scripts never see it and SameSite=Lax so other
//! sites cannot make the browser send it with their POSTs.

use axum::http::header::{AUTHORIZATION, COOKIE};
use axum::http::{HeaderMap, HeaderValue};

/// Name of the session cookie set by the sign-in frame.
pub const SESSION_COOKIE: &str = "lumen_session";

/// The token of an `Authorization: Bearer …` header (scheme case-insensitive, spaces
/// trimmed). `None` when there is no such header or it uses another scheme.
pub fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(AUTHORIZATION)?.to_str().ok()?.trim();
    let (scheme, token) = value.split_once([' ', '\t'])?;
    if !scheme.eq_ignore_ascii_case("bearer") {
        return None;
    }
    let token = token.trim();
    (!token.is_empty()).then_some(token)
}

/// The session cookie's value, if the request carries a non-empty one.
pub fn session_token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| name.trim() == SESSION_COOKIE)
        .map(|(_, value)| value.trim().trim_matches('"'))
        .filter(|value| !value.is_empty())
}

/// Set-Cookie value that removes the session (for `POST /api/logout` and `/identity/logout`).
pub fn logout_cookie() -> HeaderValue {
    HeaderValue::from_static(
        "lumen_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; \
         Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    )
}

/// Set-Cookie value for a new session. `secure` when the provider is served over HTTPS
/// (browsers drop Secure cookies on plain-HTTP origins other than localhost).
pub(crate) fn session_cookie(token: &str, max_age_secs: u64, secure: bool) -> Option<HeaderValue> {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age_secs}{secure}"
    ))
    .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(name: axum::http::HeaderName, values: &[&'static str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for value in values {
            map.append(name.clone(), HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn bearer_scheme_is_case_insensitive_and_trimmed() {
        assert_eq!(
            bearer_token(&headers(AUTHORIZATION, &["Bearer abc"])),
            Some("abc")
        );
        assert_eq!(
            bearer_token(&headers(AUTHORIZATION, &["  bEaReR   abc  "])),
            Some("abc")
        );
        assert_eq!(bearer_token(&headers(AUTHORIZATION, &["Basic abc"])), None);
        assert_eq!(bearer_token(&headers(AUTHORIZATION, &["Bearer   "])), None);
        assert_eq!(bearer_token(&headers(AUTHORIZATION, &["Bearerabc"])), None);
        assert_eq!(bearer_token(&HeaderMap::new()), None);
    }

    #[test]
    fn session_cookie_found_among_others_and_headers() {
        let map = headers(
            COOKIE,
            &["a=1; lang=fr", "x=2;lumen_session=tok.en.sig ; y=3"],
        );
        assert_eq!(session_token(&map), Some("tok.en.sig"));
        assert_eq!(session_token(&headers(COOKIE, &["lumen_session="])), None);
        assert_eq!(session_token(&headers(COOKIE, &["xlumen_session=1"])), None);
    }

    #[test]
    fn cookies_carry_the_safety_attributes() {
        let set = session_cookie("t", 60, true).expect("ascii");
        let set = set.to_str().expect("ascii");
        for part in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=60", "Secure"] {
            assert!(set.contains(part), "{set}");
        }
        assert!(logout_cookie()
            .to_str()
            .expect("ascii")
            .contains("Max-Age=0"));
    }
}
