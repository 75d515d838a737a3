//! The eight country sites and the four languages (spec §9), and the language choice rule
//! (spec §5). Every other part of the project asks this module, never a list of its own.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A country site. Its code is also its website code and its local host name
/// (`{code}.localhost`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Site {
    Fr,
    Ch,
    Be,
    Nl,
    Tn,
    Sn,
    Ci,
    Ma,
}

/// A language of the UI and of the content.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Fr,
    En,
    De,
    Nl,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::Fr, Lang::En, Lang::De, Lang::Nl];

    pub fn code(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
            Lang::De => "de",
            Lang::Nl => "nl",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code))
    }

    /// BCP 47 tag used in `hreflang`, `og:locale` (with `_`) and `<html lang>`, for this
    /// language on the given site (fr on the Swiss site is fr-CH).
    pub fn locale_on(self, site: Site) -> String {
        format!("{}-{}", self.code(), site.country_code())
    }
}

impl Site {
    pub const ALL: [Site; 8] = [
        Site::Fr,
        Site::Ch,
        Site::Be,
        Site::Nl,
        Site::Tn,
        Site::Sn,
        Site::Ci,
        Site::Ma,
    ];

    /// The site's code: also its website code in the content and its local host name.
    pub fn code(self) -> &'static str {
        match self {
            Site::Fr => "fr",
            Site::Ch => "ch",
            Site::Be => "be",
            Site::Nl => "nl",
            Site::Tn => "tn",
            Site::Sn => "sn",
            Site::Ci => "ci",
            Site::Ma => "ma",
        }
    }

    pub fn from_code(code: &str) -> Option<Site> {
        Site::ALL
            .into_iter()
            .find(|s| s.code().eq_ignore_ascii_case(code))
    }

    /// Website code as the content API's settings name it (spec §9: the same codes).
    pub fn website_code(self) -> &'static str {
        self.code()
    }

    /// Upper-cased country code, as tracking and locales want it.
    pub fn country_code(self) -> &'static str {
        match self {
            Site::Fr => "FR",
            Site::Ch => "CH",
            Site::Be => "BE",
            Site::Nl => "NL",
            Site::Tn => "TN",
            Site::Sn => "SN",
            Site::Ci => "CI",
            Site::Ma => "MA",
        }
    }

    /// Languages the site offers, default first (spec §9).
    pub fn languages(self) -> &'static [Lang] {
        match self {
            Site::Ch => &[Lang::En, Lang::Fr, Lang::De],
            Site::Be => &[Lang::En, Lang::Fr, Lang::Nl],
            Site::Fr | Site::Tn | Site::Sn | Site::Ci | Site::Ma => &[Lang::Fr, Lang::En],
            Site::Nl => &[Lang::Nl, Lang::En],
        }
    }

    pub fn default_language(self) -> Lang {
        self.languages()[0]
    }

    pub fn supports(self, lang: Lang) -> bool {
        self.languages().contains(&lang)
    }

    /// Whether pages of this language carry a language prefix in their path: every pair but
    /// French on the France site (spec §2).
    pub fn has_prefix(self, lang: Lang) -> bool {
        !(self == Site::Fr && lang == Lang::Fr)
    }

    /// How many favourite cinemas a client may keep (spec §6, §9).
    pub fn favourite_limit(self) -> usize {
        match self {
            Site::Fr | Site::Nl => 5,
            _ => 1,
        }
    }

    /// Whether the site offers the identity provider's registration and email-validation
    /// pages (spec §6: "only on certain sites"; our choice, docs/decisions.md: France and the
    /// Netherlands, where the client programme lives). Elsewhere a client signs in only, and
    /// an unfinished account is not forced through those pages.
    pub fn offers_registration(self) -> bool {
        matches!(self, Site::Fr | Site::Nl)
    }

    /// IANA time zone of the country's cinemas: showtimes are local times there.
    pub fn time_zone(self) -> &'static str {
        match self {
            Site::Fr => "Europe/Paris",
            Site::Ch => "Europe/Zurich",
            Site::Be => "Europe/Brussels",
            Site::Nl => "Europe/Amsterdam",
            Site::Tn => "Africa/Tunis",
            Site::Sn => "Africa/Dakar",
            Site::Ci => "Africa/Abidjan",
            Site::Ma => "Africa/Casablanca",
        }
    }

    /// Minutes of pre-show (advertising, trailers) between a showtime's time and the film's
    /// start, for a cinema whose content gives no `preShowMinutes` (issue 17; our choice,
    /// docs/decisions.md "Real start and end": 15 minutes on every site).
    pub fn default_pre_show_minutes(self) -> u32 {
        15
    }

    /// Currency of prices shown on the site. Spec §9 names EUR as the currency; the
    /// non-euro countries are priced in their own currency by the content itself.
    pub fn currency(self) -> &'static str {
        match self {
            Site::Ch => "CHF",
            Site::Tn => "TND",
            Site::Sn | Site::Ci => "XOF",
            Site::Ma => "MAD",
            _ => "EUR",
        }
    }
}

impl fmt::Display for Site {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The language choice rule of spec §5: the route's language if the site supports it, else the
/// cookie's, else the first part of the browser's preferred language, else the site default.
///
/// `accept_language` is the raw `Accept-Language` header (or `navigator.language`); only its
/// first language counts, by its primary subtag (`nl-BE` → `nl`): a browser that prefers a
/// language the site does not offer gets the site's default, not its second choice.
pub fn choose_language(
    site: Site,
    route_lang: Option<&str>,
    cookie_lang: Option<&str>,
    accept_language: Option<&str>,
) -> Lang {
    let supported = |code: &str| Lang::from_code(code.trim()).filter(|l| site.supports(*l));
    if let Some(lang) = route_lang.and_then(supported) {
        return lang;
    }
    if let Some(lang) = cookie_lang.and_then(supported) {
        return lang;
    }
    // "The first part of the browser language": the browser's first language (the first entry
    // of Accept-Language, as navigator.language gives it), by its primary subtag only.
    if let Some(first) = accept_language.and_then(|h| h.split(',').next()) {
        let tag = first.split(';').next().unwrap_or("").trim();
        let primary = tag.split(['-', '_']).next().unwrap_or("");
        if let Some(lang) = supported(primary) {
            return lang;
        }
    }
    site.default_language()
}

/// The language of a request whose route names none (spec §5): the `lang` cookie among the
/// request's `Cookie` header values, else the browser's first language, else the site's.
pub fn request_language<'a>(
    site: Site,
    cookie_headers: impl IntoIterator<Item = &'a str>,
    accept_language: Option<&str>,
) -> Lang {
    let cookie = cookie_headers
        .into_iter()
        .flat_map(|v| v.split(';'))
        .find_map(|pair| pair.trim().strip_prefix("lang="));
    choose_language(site, None, cookie, accept_language)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_and_defaults_are_those_of_spec_9() {
        let expect = [
            (Site::Ch, Lang::En, vec!["fr", "en", "de"]),
            (Site::Be, Lang::En, vec!["fr", "nl", "en"]),
            (Site::Fr, Lang::Fr, vec!["fr", "en"]),
            (Site::Tn, Lang::Fr, vec!["fr", "en"]),
            (Site::Sn, Lang::Fr, vec!["fr", "en"]),
            (Site::Nl, Lang::Nl, vec!["nl", "en"]),
            (Site::Ci, Lang::Fr, vec!["fr", "en"]),
            (Site::Ma, Lang::Fr, vec!["fr", "en"]),
        ];
        for (site, default, langs) in expect {
            assert_eq!(site.default_language(), default, "{site}");
            let mut got: Vec<_> = site.languages().iter().map(|l| l.code()).collect();
            let mut want = langs.clone();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{site}");
        }
        let codes: Vec<_> = Site::ALL.iter().map(|s| s.website_code()).collect();
        assert_eq!(codes, ["fr", "ch", "be", "nl", "tn", "sn", "ci", "ma"]);
    }

    #[test]
    fn only_french_on_the_france_site_has_no_prefix() {
        for site in Site::ALL {
            for &lang in site.languages() {
                assert_eq!(
                    site.has_prefix(lang),
                    !(site == Site::Fr && lang == Lang::Fr)
                );
            }
        }
    }

    #[test]
    fn registration_pages_only_on_fr_and_nl() {
        let offered: Vec<Site> = Site::ALL
            .into_iter()
            .filter(|s| s.offers_registration())
            .collect();
        assert_eq!(offered, [Site::Fr, Site::Nl]);
    }

    #[test]
    fn favourite_limit_is_5_on_fr_and_nl_else_1() {
        for site in Site::ALL {
            let want = if matches!(site, Site::Fr | Site::Nl) {
                5
            } else {
                1
            };
            assert_eq!(site.favourite_limit(), want);
        }
    }

    #[test]
    fn language_choice_follows_route_then_cookie_then_browser_then_default() {
        // Route language wins when the site supports it.
        assert_eq!(
            choose_language(Site::Ch, Some("de"), Some("fr"), Some("en")),
            Lang::De
        );
        // Unsupported route language (nl on CH) falls through to the cookie.
        assert_eq!(
            choose_language(Site::Ch, Some("nl"), Some("fr"), None),
            Lang::Fr
        );
        // Unsupported cookie falls through to the browser's primary subtag.
        assert_eq!(
            choose_language(Site::Be, None, Some("de"), Some("nl-BE,fr;q=0.8")),
            Lang::Nl
        );
        // Only the browser's first language counts: Italian first means the default.
        assert_eq!(
            choose_language(Site::Ch, None, None, Some("it-IT,de;q=0.8")),
            Lang::En
        );
        assert_eq!(
            choose_language(Site::Ch, None, Some("it"), Some("de-CH")),
            Lang::De
        );
        // Nothing usable: the site default.
        assert_eq!(
            choose_language(Site::Nl, None, None, Some("de-DE")),
            Lang::Nl
        );
        assert_eq!(choose_language(Site::Ch, None, None, None), Lang::En);
        assert_eq!(
            choose_language(Site::Fr, Some(""), Some("xx"), Some("*")),
            Lang::Fr
        );
    }
}
