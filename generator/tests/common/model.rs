//! What the build must contain, from the route table and the content API alone.

use super::{api_get, api_json, list, str_of, TABLE};
use serde_json::Value;
use site::routes::{PageKind, Params};
use site::{Lang, Site};
use std::collections::BTreeMap;
use std::sync::LazyLock;

/// What must be at a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Want {
    /// An HTML page.
    Page,
    /// A `_redirects` rule (and no page).
    Redirect { to: String, status: u16 },
    /// Either a page or a redirect rule (the spec leaves the choice open).
    PageOrRedirect,
    /// Nothing: the route exists but a feature flag or the content turns the page off.
    Absent,
}

#[derive(Clone, Debug)]
pub struct Expected {
    pub site: Site,
    pub lang: Lang,
    pub kind: PageKind,
    pub webview: bool,
    pub path: String,
    /// Identity of the item across languages (a reference, a vista ref, an id; empty for
    /// pages without parameters).
    pub key: String,
    pub want: Want,
    /// Where the expectation comes from, for messages.
    pub why: String,
}

pub struct Model {
    pub entries: Vec<Expected>,
    /// `siteFeaturesResolved` of each site's `/api/settings`.
    pub features: BTreeMap<Site, Value>,
}

impl Model {
    /// Pages (wanted or optional) by site and path.
    pub fn by_path(&self) -> BTreeMap<(Site, String), &Expected> {
        self.entries
            .iter()
            .map(|e| ((e.site, e.path.clone()), e))
            .collect()
    }
}

pub static MODEL: LazyLock<Model> = LazyLock::new(build_model);

fn build_model() -> Model {
    let table = &*TABLE;
    let mut entries = Vec::new();
    let mut features = BTreeMap::new();
    for site in Site::ALL {
        let settings = api_json(site, Some(site.default_language()), "/settings");
        let flags = settings["siteFeaturesResolved"].clone();
        assert!(
            flags.is_object(),
            "/api/settings on {site} has no siteFeaturesResolved: {settings}"
        );
        let flag = |name: &str| flags[name].as_bool().unwrap_or(false);
        let (voucher, gift_card) = (flag("voucherCheckerEnabled"), flag("giftCardEnabled"));
        let gone = api_json(site, Some(site.default_language()), "/shows/gone");
        for &lang in site.languages() {
            let mut news_lists: Vec<Expected> = Vec::new();
            let mut add = |kind: PageKind, params: &Params, key: &str, want: Want, why: String| {
                for webview in [false, true] {
                    if let Some(path) = table.path(kind, site, lang, params, webview) {
                        let want = match (&want, webview) {
                            // Redirect rules are written for the regular pages only.
                            (Want::Redirect { .. }, true) => Want::PageOrRedirect,
                            _ => want.clone(),
                        };
                        entries.push(Expected {
                            site,
                            lang,
                            kind,
                            webview,
                            path,
                            key: key.to_string(),
                            want,
                            why: why.clone(),
                        });
                    }
                }
            };
            let none = Params::new();
            let subscription = api_get(site, Some(lang), "/cinepass").0 == 200;
            let ecards = !list(&api_json(site, Some(lang), "/ecards"), "").is_empty();
            for kind in PageKind::ALL {
                use PageKind::*;
                let on = |cond: bool| if cond { Want::Page } else { Want::Absent };
                let want = match kind {
                    Home | Cinemas | Shows | Events | Experiences | Offers | News | Help
                    | HelpSearch | App | Cvd | GeneralTerms | Sitemap | Callback | Evenings
                    | NotFound | NotFoundAlias | Gone | Club | ExperienceLanding => Want::Page,
                    Ecards5 | Ecards3 => {
                        if ecards {
                            Want::Page
                        } else {
                            Want::PageOrRedirect
                        }
                    }
                    Voucher => on(voucher),
                    GiftCard => on(gift_card),
                    GiftCardBalance => on(gift_card),
                    Subscription => on(subscription),
                    _ => continue,
                };
                add(
                    kind,
                    &none,
                    "",
                    want,
                    format!("route {} on {site}/{lang}", kind.name()),
                );
            }
            for tab in site::routes::ShowsTab::ALL {
                add(
                    PageKind::ShowsTab,
                    &Params::new().with("tab", tab.key()),
                    tab.key(),
                    Want::Page,
                    format!("shows tab {}", tab.key()),
                );
            }
            let slug = |s: &str| Params::new().with("slug", s);
            let cinema_path = |s: &str| table.path(PageKind::Cinema, site, lang, &slug(s), false);
            for c in list(&api_json(site, Some(lang), "/cinemas"), "") {
                let (s, key) = (
                    str_of(c, "slug").unwrap_or_default(),
                    str_of(c, "vistaRef").unwrap_or_default(),
                );
                add(
                    PageKind::Cinema,
                    &slug(s),
                    key,
                    Want::Page,
                    format!("/api/cinemas item {s}"),
                );
                add(
                    PageKind::CinemaLight,
                    &slug(s),
                    key,
                    Want::Page,
                    format!("/api/cinemas item {s}"),
                );
            }
            for c in list(&api_json(site, Some(lang), "/cities"), "") {
                let s = str_of(c, "slug").unwrap_or_default();
                let detail = api_json(site, Some(lang), &format!("/city/{s}"));
                let cinemas = list(&detail, "cinemas");
                let why = format!("/api/cities item {s} with {} cinema(s)", cinemas.len());
                if let [only] = cinemas {
                    let to = cinema_path(str_of(only, "slug").unwrap_or_default())
                        .expect("a cinema page path");
                    add(
                        PageKind::City,
                        &slug(s),
                        s,
                        Want::Redirect { to, status: 301 },
                        why.clone(),
                    );
                    add(PageKind::CityLight, &slug(s), s, Want::PageOrRedirect, why);
                } else {
                    add(PageKind::City, &slug(s), s, Want::Page, why.clone());
                    add(PageKind::CityLight, &slug(s), s, Want::Page, why);
                }
            }
            for show in list(&api_json(site, Some(lang), "/shows"), "") {
                let (s, key) = (
                    str_of(show, "slug").unwrap_or_default(),
                    str_of(show, "reference").unwrap_or_default(),
                );
                let kind = if show["isMovie"].as_bool().unwrap_or(true) {
                    PageKind::Show
                } else {
                    PageKind::Event
                };
                add(
                    kind,
                    &slug(s),
                    key,
                    Want::Page,
                    format!("/api/shows item {s}"),
                );
            }
            let gone_to = table
                .path(PageKind::Gone, site, lang, &none, false)
                .expect("every site has a 410 page");
            for g in list(&gone, "") {
                let s = g.as_str().unwrap_or_default();
                add(
                    PageKind::Show,
                    &slug(s),
                    s,
                    Want::Redirect {
                        to: gone_to.clone(),
                        status: 410,
                    },
                    format!("/api/shows/gone item {s}"),
                );
            }
            let events = api_json(site, Some(lang), "/events");
            for season in list(&events, "seasons") {
                let s = str_of(season, "slug").unwrap_or_default();
                let detail = api_json(site, Some(lang), &format!("/event/{s}"));
                let kind = if str_of(season, "type") == Some("special-event") {
                    PageKind::SpecialEvent
                } else {
                    PageKind::Season
                };
                let key = str_of(season, "reference").unwrap_or(s);
                let moved = str_of(&detail, "redirectSlug").or(str_of(season, "redirectSlug"));
                let want = match moved.and_then(|to| table.path(kind, site, lang, &slug(to), false))
                {
                    Some(to) => Want::Redirect { to, status: 301 },
                    None => Want::Page,
                };
                add(kind, &slug(s), key, want, format!("/api/events season {s}"));
            }
            for x in list(&api_json(site, Some(lang), "/gpxp"), "") {
                let s = str_of(x, "slug").unwrap_or_default();
                add(
                    PageKind::Experience,
                    &slug(s),
                    str_of(x, "reference").unwrap_or(s),
                    Want::Page,
                    format!("/api/gpxp item {s}"),
                );
            }
            for g in list(&api_json(site, Some(lang), "/experience-groups"), "") {
                let s = str_of(g, "slug").unwrap_or_default();
                add(
                    PageKind::ExperienceGroup,
                    &slug(s),
                    str_of(g, "reference").unwrap_or(s),
                    Want::Page,
                    format!("/api/experience-groups item {s}"),
                );
                for a in list(g, "articles") {
                    let s = str_of(a, "slug").unwrap_or_default();
                    add(
                        PageKind::ExperienceArticle,
                        &slug(s),
                        str_of(a, "reference").unwrap_or(s),
                        Want::Page,
                        format!("experience group article {s}"),
                    );
                }
            }
            let news = api_json(site, Some(lang), "/news");
            // The news list's pages per type filter and page (issue 13, generator/src/news_list.rs):
            // the whole list without its highlighted items, with the first 4 offers pushed in, or
            // every item of one type; 6 per page.
            {
                let (items, offers, highlighted) = (
                    list(&news, "news"),
                    list(&news, "offers"),
                    list(&news, "highlighted"),
                );
                let all = items.iter().chain(offers);
                let mut filters: Vec<Option<&str>> = vec![None];
                for t in ["news", "event", "offer", "experience"] {
                    if all.clone().any(|a| str_of(a, "type") == Some(t)) {
                        filters.push(Some(t));
                    }
                }
                for filter in filters {
                    let count = match filter {
                        None => {
                            items
                                .iter()
                                .filter(|a| {
                                    !highlighted
                                        .iter()
                                        .any(|h| str_of(h, "slug") == str_of(a, "slug"))
                                })
                                .count()
                                + offers.len().min(4)
                        }
                        Some(t) => all.clone().filter(|a| str_of(a, "type") == Some(t)).count(),
                    };
                    for number in 1..=count.div_ceil(6).max(1) {
                        let mut suffix = filter.map(|t| format!("/type-{t}")).unwrap_or_default();
                        if number > 1 {
                            suffix.push_str(&format!("/page-{number}"));
                        }
                        if suffix.is_empty() {
                            continue; // the list's own route, expected above
                        }
                        for webview in [false, true] {
                            if let Some(base) =
                                table.path(PageKind::News, site, lang, &none, webview)
                            {
                                news_lists.push(Expected {
                                    site,
                                    lang,
                                    kind: PageKind::News,
                                    webview,
                                    path: format!("{base}{suffix}"),
                                    key: suffix.clone(),
                                    want: Want::Page,
                                    why: format!("/api/news list {suffix}"),
                                });
                            }
                        }
                    }
                }
            }
            for a in list(&news, "news") {
                let s = str_of(a, "slug").unwrap_or_default();
                add(
                    PageKind::NewsItem,
                    &slug(s),
                    str_of(a, "reference").unwrap_or(s),
                    Want::Page,
                    format!("/api/news item {s}"),
                );
            }
            for a in list(&news, "offers") {
                let s = str_of(a, "slug").unwrap_or_default();
                add(
                    PageKind::Offer,
                    &slug(s),
                    str_of(a, "reference").unwrap_or(s),
                    Want::Page,
                    format!("/api/news offer {s}"),
                );
            }
            if let Some(moved) = news["moved"].as_object() {
                for (old, new) in moved {
                    if let Some(to) = new
                        .as_str()
                        .and_then(|n| table.path(PageKind::NewsItem, site, lang, &slug(n), false))
                    {
                        add(
                            PageKind::NewsItem,
                            &slug(old),
                            old,
                            Want::Redirect { to, status: 301 },
                            format!("/api/news moved {old}"),
                        );
                    }
                }
            }
            for m in list(&api_json(site, Some(lang), "/master-template/pages"), "") {
                let s = str_of(m, "slug").unwrap_or_default();
                add(
                    PageKind::MasterTemplate,
                    &slug(s),
                    str_of(m, "reference").unwrap_or(s),
                    Want::Page,
                    format!("master template {s}"),
                );
            }
            for category in list(&api_json(site, Some(lang), "/faq/categories"), "") {
                let id = str_of(category, "id").unwrap_or_default();
                let why = format!("/api/faq/categories {id}");
                if !list(category, "articles").is_empty() {
                    add(
                        PageKind::HelpCategory,
                        &Params::new().with("id", id),
                        id,
                        Want::Page,
                        why.clone(),
                    );
                }
                for a in list(category, "articles") {
                    let (aid, s) = (
                        str_of(a, "id").unwrap_or_default(),
                        str_of(a, "slug").unwrap_or_default(),
                    );
                    add(
                        PageKind::HelpArticleById,
                        &Params::new().with("id", aid),
                        aid,
                        Want::Page,
                        format!("{why} article {aid}"),
                    );
                    add(
                        PageKind::HelpArticleBySlug,
                        &slug(s),
                        aid,
                        Want::Page,
                        format!("{why} article {s}"),
                    );
                }
            }
            entries.extend(news_lists);
        }
        features.insert(site, flags);
    }
    Model { entries, features }
}
