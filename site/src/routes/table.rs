//! The route table built from `names.rs` for one brand: every (kind, site, language, webview)
//! entry with its compiled pattern, and the two directions generator and runtime need —
//! page → path ([`RouteTable::path`]) and path → page ([`RouteTable::parse`]).

use std::collections::HashMap;

use super::kind::{Layout, Menu, PageKind};
use super::names;
use super::params::{is_param_value, Params};
use super::pattern::Pattern;
use crate::filters::{self, Filters};
use crate::sites::{Lang, Site};

/// The segment that introduces a webview variant, after the language prefix.
pub const WEBVIEW_SEGMENT: &str = "m";

/// One entry of the table.
#[derive(Clone, Debug)]
pub struct Route {
    pub kind: PageKind,
    pub site: Site,
    pub lang: Lang,
    /// The `m/` variant rendered without header and footer.
    pub webview: bool,
    /// The localized pattern after the language prefix and `m/`, e.g. `cinemas/ville/{slug}`;
    /// empty for home.
    pub pattern: String,
    compiled: Pattern,
}

impl Route {
    /// The full pattern with prefixes, e.g. `/en/m/help/article/id/{id}`; `/` for the FR home.
    pub fn full_pattern(&self) -> String {
        self.compiled.display()
    }

    /// Webview variants use the webview layout whatever their kind.
    pub fn layout(&self) -> Layout {
        if self.webview {
            Layout::Webview
        } else {
            self.kind.layout()
        }
    }

    pub fn seo_key(&self) -> &'static str {
        self.kind.seo_key()
    }

    /// Whether search engines may index the page: its kind allows it and it is no webview
    /// variant (those live inside the mobile app).
    pub fn indexed(&self) -> bool {
        self.kind.indexed() && !self.webview
    }

    pub fn tracking_type(&self) -> &'static str {
        self.kind.tracking_type()
    }

    pub fn menu(&self) -> Menu {
        self.kind.menu()
    }

    pub fn param_names(&self) -> &'static [&'static str] {
        self.kind.params()
    }

    /// Filters apply to the regular page only: webview variants are help and news pages.
    pub fn accepts_filters(&self) -> bool {
        !self.webview && self.kind.accepts_filters()
    }

    /// The path for these params (`None` if one is missing or not a valid value).
    pub fn path(&self, params: &Params) -> Option<String> {
        self.compiled.fill(params)
    }

    /// The params if this route alone matches a base path (no filters part). The table's
    /// [`RouteTable::parse`] is what callers want; this is for checks across routes.
    pub fn matches(&self, base_path: &str) -> Option<Params> {
        let parts = split_segments(base_path)?;
        self.compiled.matches(&parts)
    }
}

/// `/a/b` → [a, b]; `/` → []; `None` for a path without leading slash, with a trailing slash
/// or an empty segment (those are never routes: the caller redirects or 404s).
fn split_segments(path: &str) -> Option<Vec<&str>> {
    let rest = path.strip_prefix('/')?;
    if rest.is_empty() {
        return Some(Vec::new());
    }
    let parts: Vec<&str> = rest.split('/').collect();
    if parts.iter().any(|p| p.is_empty()) {
        return None;
    }
    Some(parts)
}

/// What a path is: the answer of [`RouteTable::parse`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RouteMatch {
    pub kind: PageKind,
    pub site: Site,
    pub lang: Lang,
    pub params: Params,
    pub webview: bool,
    /// The `/filters/...` part, when the path had one.
    pub filters: Option<Filters>,
    /// The path without its filters part (the "base URL" of spec §2).
    pub base_path: String,
}

/// Every route of every site for one brand (the brand slug is part of some names).
#[derive(Clone, Debug)]
pub struct RouteTable {
    brand: String,
    routes: Vec<Route>,
    by_key: HashMap<(PageKind, Site, Lang, bool), usize>,
    by_site: HashMap<Site, Vec<usize>>,
}

impl RouteTable {
    /// Builds the table for a brand slug (`config/brand.json`, field `slug`).
    ///
    /// Panics with the reason if the table cannot be built (see [`RouteTable::try_new`]): a
    /// bad brand is a configuration error to fix before anything is served or generated.
    pub fn new(brand_slug: &str) -> RouteTable {
        RouteTable::try_new(brand_slug).unwrap_or_else(|e| panic!("route table: {e}"))
    }

    /// Builds the table, refusing a brand slug that is not a lowercase URL-safe slug or that
    /// would make two routes of a site match the same path.
    pub fn try_new(brand_slug: &str) -> Result<RouteTable, String> {
        let brand_ok = is_param_value(brand_slug)
            && brand_slug
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !brand_ok {
            return Err(format!(
                "brand slug {brand_slug:?} is not a lowercase slug (a-z, 0-9, -)"
            ));
        }
        let mut routes = Vec::new();
        for kind in PageKind::ALL {
            for site in Site::ALL {
                for &lang in site.languages() {
                    let Some(pattern) = names::pattern(kind, site, lang, brand_slug) else {
                        continue;
                    };
                    let webviews: &[bool] = if kind.has_webview() {
                        &[false, true]
                    } else {
                        &[false]
                    };
                    for &webview in webviews {
                        let mut prefix = Vec::new();
                        if site.has_prefix(lang) {
                            prefix.push(lang.code());
                        }
                        if webview {
                            prefix.push(WEBVIEW_SEGMENT);
                        }
                        let compiled = Pattern::compile(&prefix, &pattern, lang)?;
                        routes.push(Route {
                            kind,
                            site,
                            lang,
                            webview,
                            pattern: pattern.clone(),
                            compiled,
                        });
                    }
                }
            }
        }
        let mut by_key = HashMap::new();
        let mut by_site: HashMap<Site, Vec<usize>> = HashMap::new();
        for (i, r) in routes.iter().enumerate() {
            by_key.insert((r.kind, r.site, r.lang, r.webview), i);
            by_site.entry(r.site).or_default().push(i);
        }
        let table = RouteTable {
            brand: brand_slug.to_string(),
            routes,
            by_key,
            by_site,
        };
        if let Some((a, b)) = table.ambiguities().first() {
            return Err(format!(
                "{} and {} on site {} can match the same path",
                a.full_pattern(),
                b.full_pattern(),
                a.site
            ));
        }
        Ok(table)
    }

    pub fn brand(&self) -> &str {
        &self.brand
    }

    /// Every entry: by page kind, then site, then language (site order), regular before webview.
    pub fn routes(&self) -> impl Iterator<Item = &Route> {
        self.routes.iter()
    }

    /// The entries of one site and language, webview variants included.
    pub fn routes_for(&self, site: Site, lang: Lang) -> impl Iterator<Item = &Route> {
        self.site_routes(site).filter(move |r| r.lang == lang)
    }

    /// The entry for a page, if the page exists there.
    pub fn route(&self, kind: PageKind, site: Site, lang: Lang, webview: bool) -> Option<&Route> {
        self.by_key
            .get(&(kind, site, lang, webview))
            .map(|&i| &self.routes[i])
    }

    pub fn exists(&self, kind: PageKind, site: Site, lang: Lang) -> bool {
        self.route(kind, site, lang, false).is_some()
    }

    /// The path of a page: `None` when the page does not exist on that site and language (or
    /// has no webview variant), or when a parameter is missing or not a URL-safe value.
    /// Parameters the page does not use are ignored, so one `Params` can serve several pages.
    pub fn path(
        &self,
        kind: PageKind,
        site: Site,
        lang: Lang,
        params: &Params,
        webview: bool,
    ) -> Option<String> {
        self.route(kind, site, lang, webview)?.path(params)
    }

    /// The page in every language of the site, for `hreflang` links and the language switch.
    /// `params_for` gives the params in each language (slugs may differ per language, from the
    /// `/translate` calls); a language where it returns `None` or the page does not exist is
    /// left out. Languages come in site order, default first.
    pub fn alternates(
        &self,
        kind: PageKind,
        site: Site,
        webview: bool,
        params_for: impl Fn(Lang) -> Option<Params>,
    ) -> Vec<(Lang, String)> {
        site.languages()
            .iter()
            .filter_map(|&lang| {
                let params = params_for(lang)?;
                Some((lang, self.path(kind, site, lang, &params, webview)?))
            })
            .collect()
    }

    /// What page a path is on a site. `path` is the URL path without query or hash, with a
    /// leading slash; a `/filters/...` part is split off first and returned in the match.
    /// `None` for anything that is not exactly a route: unknown names, a prefix the site does
    /// not use (`/fr/...` on the FR site), a trailing slash, empty segments, bad filters, or
    /// filters on a page that takes none. The bare root of a site whose languages are all
    /// prefixed is not a page either: the caller negotiates the language there (spec §5).
    pub fn parse(&self, site: Site, path: &str) -> Option<RouteMatch> {
        // Check the shape of the whole path before splitting off the filters, so that a bad
        // filters part (`/films/filters/`, `/films/filters//x`) is refused too.
        split_segments(path)?;
        let (base, filters) = filters::split_path(path).ok()?;
        let parts = split_segments(base)?;
        let (route, params) = self
            .site_routes(site)
            .filter_map(|r| r.compiled.matches(&parts).map(|p| (r, p)))
            .max_by(|(a, _), (b, _)| a.compiled.specificity().cmp(&b.compiled.specificity()))?;
        if filters.is_some() && !route.accepts_filters() {
            return None;
        }
        Some(RouteMatch {
            kind: route.kind,
            site,
            lang: route.lang,
            params,
            webview: route.webview,
            filters,
            base_path: base.to_string(),
        })
    }

    /// Pairs of routes of one site that some path could match both of. Empty for a sound
    /// table; [`RouteTable::try_new`] refuses to build otherwise. Public so tests can show it.
    pub fn ambiguities(&self) -> Vec<(&Route, &Route)> {
        let mut found = Vec::new();
        for site in Site::ALL {
            let routes: Vec<&Route> = self.site_routes(site).collect();
            for (i, a) in routes.iter().enumerate() {
                for b in &routes[i + 1..] {
                    if a.compiled.overlaps(&b.compiled) {
                        found.push((*a, *b));
                    }
                }
            }
        }
        found
    }

    fn site_routes(&self, site: Site) -> impl Iterator<Item = &Route> {
        self.by_site
            .get(&site)
            .into_iter()
            .flatten()
            .map(|&i| &self.routes[i])
    }
}
