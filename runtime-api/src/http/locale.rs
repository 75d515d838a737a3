//! Which site and language a request is for: the site from the Host header (`{site}.localhost`
//! locally, the configured domain map in production), the language from the `language` query
//! parameter (spec §7), defaulting to the site's default language.

use crate::http::error::ApiError;
use crate::http::host::SiteResolver;
use crate::state::AppState;
use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use site::{Lang, Site};

/// The site and language of a content request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Locale {
    pub site: Site,
    pub lang: Lang,
}

/// The site alone, for calls that take no language (spec §7: settings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SiteOnly(pub Site);

fn site_of(parts: &Parts, resolver: &SiteResolver) -> Result<Site, ApiError> {
    let host = parts
        .headers
        .get(axum::http::header::HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| parts.uri.host())
        .unwrap_or("");
    resolver
        .resolve(host)
        .ok_or_else(|| ApiError::UnknownSite(host.to_string()))
}

/// Reads `language` from the query string without failing on other parameters.
fn language_param(parts: &Parts) -> Option<String> {
    let query = parts.uri.query()?;
    form_pairs(query)
        .find(|(k, _)| k == "language")
        .map(|(_, v)| v)
}

/// Decodes `a=b&c=d` pairs (percent-decoding, `+` as space).
pub fn form_pairs(query: &str) -> impl Iterator<Item = (String, String)> + '_ {
    query.split('&').filter(|p| !p.is_empty()).map(|pair| {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        (percent_decode(k, true), percent_decode(v, true))
    })
}

/// Percent-decodes a URL component; `plus_as_space` for query strings (form encoding), not
/// for paths (`site::escape::percent_decode`).
pub use site::escape::percent_decode;

impl<S> FromRequestParts<S> for Locale
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let app = AppState::from_ref(state);
        let site = site_of(parts, &app.sites)?;
        let lang = match language_param(parts) {
            None => site.default_language(),
            // Exactly as the OpenAPI document lists them (lower case).
            Some(code) => Lang::ALL
                .into_iter()
                .find(|l| l.code() == code)
                .filter(|l| site.supports(*l))
                .ok_or_else(|| {
                    let offered: Vec<_> = site.languages().iter().map(|l| l.code()).collect();
                    ApiError::BadRequest(format!(
                        "language {code:?} is not offered on the {site} site (offered: {})",
                        offered.join(", ")
                    ))
                })?,
        };
        Ok(Locale { site, lang })
    }
}

impl<S> FromRequestParts<S> for SiteOnly
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let app = AppState::from_ref(state);
        site_of(parts, &app.sites).map(SiteOnly)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_pairs_are_decoded() {
        let pairs: Vec<_> = form_pairs("q=caf%C3%A9+noir&language=en&bad=%zz&x").collect();
        assert_eq!(pairs[0], ("q".into(), "café noir".into()));
        assert_eq!(pairs[1], ("language".into(), "en".into()));
        assert_eq!(pairs[2], ("bad".into(), "%zz".into()));
        assert_eq!(pairs[3], ("x".into(), "".into()));
    }
}
