//! The route table against spec §2: which pages exist where, their concrete paths, the
//! path ↔ page round trip, refusals, unambiguity, and the generated `docs/routes.md`.

use site::filters::Filters;
use site::routes::{Layout, Menu, PageKind, Params, RouteTable, ShowsTab};
use site::{Lang, Site};
use std::collections::BTreeSet;

const BRAND: &str = "lumen";

fn table() -> RouteTable {
    RouteTable::new(BRAND)
}

/// `"slug=x"` / `"id=1"` / `"tab=book"` / `""` → Params.
fn params(spec: &str) -> Params {
    spec.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').expect("name=value"))
        .collect()
}

fn site(code: &str) -> Site {
    Site::from_code(code).unwrap()
}

fn lang(code: &str) -> Lang {
    Lang::from_code(code).unwrap()
}

/// The (site, language) pairs where a page kind exists, per spec §2 (and our choices for the
/// pages it leaves unnamed, which exist everywhere).
fn expected_presence(kind: PageKind) -> BTreeSet<(Site, Lang)> {
    use PageKind::*;
    let only = |sites: &[Site]| -> BTreeSet<(Site, Lang)> {
        sites
            .iter()
            .flat_map(|&s| s.languages().iter().map(move |&l| (s, l)))
            .collect()
    };
    match kind {
        Help | HelpArticleById | HelpArticleBySlug | HelpSearch | HelpCategory => {
            only(&[Site::Fr, Site::Nl])
        }
        Ecards3 | GeneralTerms => only(&[Site::Fr]),
        Club | ExperienceLanding => only(&[Site::Nl]),
        Subscription => only(&[Site::Fr, Site::Nl, Site::Ch]),
        Ecards5 => only(&[Site::Fr, Site::Nl, Site::Be]),
        _ => only(&Site::ALL),
    }
}

#[test]
fn every_page_exists_exactly_where_the_spec_says() {
    let t = table();
    for kind in PageKind::ALL {
        let want = expected_presence(kind);
        for s in Site::ALL {
            for l in Lang::ALL {
                let exists = t.route(kind, s, l, false).is_some();
                assert_eq!(exists, want.contains(&(s, l)), "{kind} on {s} {l}");
                // Webview variants: every help page and the news list, wherever the page is.
                let webview = t.route(kind, s, l, true).is_some();
                assert_eq!(
                    webview,
                    exists && kind.has_webview(),
                    "{kind} webview on {s} {l}"
                );
            }
        }
    }
    // The webview set of spec §2, spelled out.
    let with_webview: Vec<_> = PageKind::ALL
        .into_iter()
        .filter(|k| k.has_webview())
        .collect();
    use PageKind::*;
    assert_eq!(
        with_webview,
        [
            News,
            Help,
            HelpArticleById,
            HelpArticleBySlug,
            HelpSearch,
            HelpCategory
        ]
    );
}

#[test]
fn restricted_pages_are_absent_elsewhere() {
    let t = table();
    let none = Params::new();
    // Help centre: FR and NL only.
    for s in [Site::Ch, Site::Be, Site::Tn, Site::Sn, Site::Ci, Site::Ma] {
        for &l in s.languages() {
            assert_eq!(t.path(PageKind::Help, s, l, &none, false), None);
            assert_eq!(t.path(PageKind::Help, s, l, &none, true), None);
        }
        assert!(t.parse(s, "/en/help").is_none());
        assert!(t.parse(s, "/fr/aide").is_none());
    }
    assert!(t.parse(Site::Be, "/nl/help").is_none());
    // 3-seat e-card and general terms: FR only.
    assert!(t.parse(Site::Be, "/fr/cinecarte-3-places").is_none());
    assert!(t.parse(Site::Ch, "/fr/conditions-generales").is_none());
    assert!(t.parse(Site::Tn, "/fr/conditions-generales").is_none());
    // Club and the experience landing: NL only.
    assert!(t.parse(Site::Be, "/nl/club").is_none());
    assert!(t.parse(Site::Be, "/nl/meer-van-lumen").is_none());
    // Subscription: FR, NL, CH only; each site its own name.
    assert!(t.parse(Site::Be, "/fr/cinepass").is_none());
    assert!(t.parse(Site::Tn, "/fr/cinepass").is_none());
    assert!(t.parse(Site::Ch, "/fr/cinepass").is_none());
    assert!(t.parse(Site::Fr, "/lumenpass").is_none());
    // E-card 5: FR, NL, BE only.
    assert!(t.parse(Site::Ch, "/fr/carte-5-places").is_none());
    assert!(t.parse(Site::Ma, "/fr/cinecarte-5-places").is_none());
    // A language the site does not offer has no pages at all.
    assert!(t.routes_for(Site::Fr, Lang::De).next().is_none());
    assert!(t.routes_for(Site::Ch, Lang::Nl).next().is_none());
    assert!(t.parse(Site::Fr, "/de").is_none());
    assert!(t.parse(Site::Ch, "/nl/films").is_none());
}

/// (kind, site, lang, params, webview, path) — the spec's names and our detail patterns.
#[rustfmt::skip]
const SPOT_CHECKS: &[(PageKind, &str, &str, &str, bool, &str)] = {
    use PageKind::*;
    &[
        (Home, "fr", "fr", "", false, "/"),
        (Home, "fr", "en", "", false, "/en"),
        (Home, "ch", "de", "", false, "/de"),
        (Home, "ch", "fr", "", false, "/fr"),
        (Home, "be", "nl", "", false, "/nl"),
        (Home, "nl", "nl", "", false, "/nl"),
        (Cinemas, "fr", "fr", "", false, "/cinemas"),
        (Cinemas, "fr", "en", "", false, "/en/cinemas"),
        (Cinemas, "ch", "de", "", false, "/de/kinos"),
        (Cinemas, "nl", "nl", "", false, "/nl/bioscopen"),
        (Cinema, "fr", "fr", "slug=lumen-opera", false, "/cinemas/lumen-opera"),
        (Cinema, "be", "nl", "slug=brussel-1", false, "/nl/bioscopen/brussel-1"),
        (CinemaLight, "fr", "fr", "slug=lumen-opera", false, "/cinemas/l/lumen-opera"),
        (CinemaLight, "ch", "de", "slug=zurich-1", false, "/de/kinos/l/zurich-1"),
        (City, "fr", "fr", "slug=paris", false, "/cinemas/ville/paris"),
        (City, "fr", "en", "slug=paris", false, "/en/cinemas/city/paris"),
        (City, "ch", "de", "slug=zurich", false, "/de/kinos/stadt/zurich"),
        (City, "nl", "nl", "slug=amsterdam", false, "/nl/bioscopen/stad/amsterdam"),
        (CityLight, "fr", "fr", "slug=paris", false, "/cinemas/ville-list/paris"),
        (CityLight, "be", "en", "slug=brussels", false, "/en/cinemas/city-list/brussels"),
        (CityLight, "ch", "de", "slug=zurich", false, "/de/kinos/stadt-list/zurich"),
        (CityLight, "nl", "nl", "slug=utrecht", false, "/nl/bioscopen/stad-list/utrecht"),
        (Shows, "fr", "fr", "", false, "/films"),
        (Shows, "fr", "en", "", false, "/en/movies-events"),
        (Shows, "ch", "fr", "", false, "/fr/films-evenements"),
        (Shows, "tn", "fr", "", false, "/fr/films-evenements"),
        (Shows, "ch", "de", "", false, "/de/filme-events"),
        (Shows, "be", "nl", "", false, "/nl/films-evenementen"),
        (Shows, "nl", "nl", "", false, "/nl/films"),
        (ShowsTab, "fr", "fr", "tab=book", false, "/films/reserver"),
        (ShowsTab, "fr", "fr", "tab=presales", false, "/films/preventes"),
        (ShowsTab, "fr", "fr", "tab=upcoming", false, "/films/prochainement"),
        (ShowsTab, "fr", "en", "tab=presales", false, "/en/movies-events/presales"),
        (ShowsTab, "ch", "de", "tab=book", false, "/de/filme-events/buchen"),
        (ShowsTab, "ch", "de", "tab=presales", false, "/de/filme-events/vorverkauf"),
        (ShowsTab, "ch", "de", "tab=upcoming", false, "/de/filme-events/kommenden"),
        (ShowsTab, "be", "nl", "tab=book", false, "/nl/films-evenementen/boek"),
        (ShowsTab, "nl", "nl", "tab=upcoming", false, "/nl/films/aankomende"),
        (ShowsTab, "nl", "nl", "tab=kids", false, "/nl/films/kids"),
        (ShowsTab, "ch", "fr", "tab=special", false, "/fr/films-evenements/special"),
        (Show, "fr", "fr", "slug=dune-2", false, "/film/dune-2"),
        (Show, "fr", "en", "slug=dune-2", false, "/en/movie/dune-2"),
        (Show, "ch", "de", "slug=dune-2", false, "/de/film/dune-2"),
        (Show, "nl", "nl", "slug=dune-2", false, "/nl/film/dune-2"),
        (Events, "fr", "fr", "", false, "/evenements"),
        (Events, "fr", "en", "", false, "/en/events"),
        (Events, "ch", "de", "", false, "/de/events"),
        (Events, "be", "nl", "", false, "/nl/evenementen"),
        (Event, "fr", "fr", "slug=opera-live", false, "/evenement/opera-live"),
        (Event, "ch", "en", "slug=opera-live", false, "/en/event/opera-live"),
        (Season, "fr", "fr", "slug=opera-2025", false, "/saison/opera-2025"),
        (Season, "ch", "de", "slug=opera-2025", false, "/de/saison/opera-2025"),
        (Season, "ch", "en", "slug=opera-2025", false, "/en/season/opera-2025"),
        (Season, "nl", "nl", "slug=opera-2025", false, "/nl/seizoen/opera-2025"),
        (SpecialEvent, "fr", "fr", "slug=x", false, "/event-special/x"),
        (SpecialEvent, "ch", "de", "slug=x", false, "/de/event-special/x"),
        (SpecialEvent, "nl", "nl", "slug=x", false, "/nl/evenementen-lumen/x"),
        (SpecialEvent, "be", "nl", "slug=x", false, "/nl/evenementen-lumen/x"),
        (Subscription, "fr", "fr", "", false, "/cinepass"),
        (Subscription, "fr", "en", "", false, "/en/cinepass"),
        (Subscription, "nl", "nl", "", false, "/nl/abonnementen"),
        (Subscription, "nl", "en", "", false, "/en/subscription"),
        (Subscription, "ch", "fr", "", false, "/fr/lumenpass"),
        (Subscription, "ch", "de", "", false, "/de/lumenpass"),
        (Subscription, "ch", "en", "", false, "/en/lumenpass"),
        (Club, "nl", "nl", "", false, "/nl/club"),
        (Club, "nl", "en", "", false, "/en/club"),
        (ExperienceLanding, "nl", "nl", "", false, "/nl/meer-van-lumen"),
        (ExperienceLanding, "nl", "en", "", false, "/en/more-from-lumen"),
        (Experiences, "fr", "fr", "", false, "/experiences"),
        (Experiences, "ch", "de", "", false, "/de/erlebnisse"),
        (Experiences, "be", "nl", "", false, "/nl/belevenissen"),
        (Experiences, "nl", "nl", "", false, "/nl/belevingen"),
        (Experience, "fr", "fr", "slug=imax", false, "/experiences/imax"),
        (Experience, "nl", "nl", "slug=imax", false, "/nl/belevingen/imax"),
        (ExperienceGroup, "fr", "fr", "slug=premium", false, "/experiences/rubrique/premium"),
        (ExperienceGroup, "fr", "en", "slug=premium", false, "/en/experiences/category/premium"),
        (ExperienceGroup, "ch", "de", "slug=premium", false, "/de/erlebnisse/category/premium"),
        (ExperienceGroup, "be", "nl", "slug=p", false, "/nl/belevenissen/category/p"),
        (ExperienceArticle, "fr", "fr", "slug=x", false, "/specials/x"),
        (ExperienceArticle, "nl", "nl", "slug=x", false, "/nl/specials/x"),
        (Offers, "fr", "fr", "", false, "/offres"),
        (Offers, "fr", "en", "", false, "/en/offers"),
        (Offers, "ch", "fr", "", false, "/fr/abos-offres"),
        (Offers, "ch", "en", "", false, "/en/subscriptions-offers"),
        (Offers, "ch", "de", "", false, "/de/abos-angebote"),
        (Offers, "be", "fr", "", false, "/fr/actus-et-offres"),
        (Offers, "be", "en", "", false, "/en/news-and-offers"),
        (Offers, "be", "nl", "", false, "/nl/nieuws-en-aanbiedingen"),
        (Offers, "nl", "en", "", false, "/en/news-and-offers"),
        (Offers, "nl", "nl", "", false, "/nl/nieuws-en-aanbiedingen"),
        (Offers, "tn", "fr", "", false, "/fr/offres"),
        (Offers, "ma", "en", "", false, "/en/offers"),
        (Offer, "fr", "fr", "slug=tuesday-5", false, "/offres/tuesday-5"),
        (Offer, "be", "en", "slug=x", false, "/en/news-and-offers/x"),
        (News, "fr", "fr", "", false, "/actualites"),
        (News, "fr", "fr", "", true, "/m/actualites"),
        (News, "fr", "en", "", false, "/en/news"),
        (News, "fr", "en", "", true, "/en/m/news"),
        (News, "ch", "de", "", false, "/de/news"),
        (News, "nl", "nl", "", false, "/nl/nieuws"),
        (News, "be", "nl", "", true, "/nl/m/nieuws"),
        (NewsItem, "fr", "fr", "slug=x-1", false, "/actualites/x-1"),
        (Help, "fr", "fr", "", false, "/aide"),
        (Help, "fr", "fr", "", true, "/m/aide"),
        (Help, "fr", "en", "", false, "/en/help"),
        (Help, "fr", "en", "", true, "/en/m/help"),
        (Help, "nl", "nl", "", false, "/nl/help"),
        (HelpArticleById, "fr", "fr", "id=123", false, "/aide/article/id/123"),
        (HelpArticleById, "fr", "fr", "id=123", true, "/m/aide/article/id/123"),
        (HelpArticleById, "nl", "en", "id=9", false, "/en/help/article/id/9"),
        (HelpArticleBySlug, "fr", "fr", "slug=refund", false, "/aide/article/slug/refund"),
        (HelpArticleBySlug, "nl", "nl", "slug=r", true, "/nl/m/help/article/slug/r"),
        (HelpSearch, "fr", "fr", "", false, "/aide/recherche"),
        (HelpSearch, "fr", "en", "", false, "/en/help/search"),
        (HelpSearch, "nl", "nl", "", false, "/nl/help/zoeken"),
        (HelpSearch, "fr", "fr", "", true, "/m/aide/recherche"),
        (HelpCategory, "fr", "fr", "id=12", false, "/aide/categorie/12"),
        (HelpCategory, "fr", "en", "id=12", false, "/en/help/topic/12"),
        (HelpCategory, "nl", "nl", "id=12", false, "/nl/help/topic/12"),
        (Ecards5, "fr", "fr", "", false, "/cinecarte-5-places"),
        (Ecards5, "fr", "en", "", false, "/en/5-seat-cinecarte"),
        (Ecards5, "nl", "nl", "", false, "/nl/cinecarte"),
        (Ecards5, "nl", "en", "", false, "/en/cinecarte"),
        (Ecards5, "be", "fr", "", false, "/fr/carte-5-places"),
        (Ecards5, "be", "en", "", false, "/en/5-seat-card"),
        (Ecards5, "be", "nl", "", false, "/nl/5-plaatsenkaart"),
        (Ecards3, "fr", "fr", "", false, "/cinecarte-3-places"),
        (Ecards3, "fr", "en", "", false, "/en/3-seat-cinecarte"),
        (App, "fr", "fr", "", false, "/app"),
        (App, "ch", "de", "", false, "/de/app"),
        (Cvd, "sn", "fr", "", false, "/fr/cvd"),
        (GeneralTerms, "fr", "fr", "", false, "/conditions-generales"),
        (GeneralTerms, "fr", "en", "", false, "/en/conditions-generales"),
        (Sitemap, "fr", "fr", "", false, "/plan-du-site"),
        (Sitemap, "fr", "en", "", false, "/en/sitemap"),
        (Sitemap, "ch", "fr", "", false, "/fr/plan-du-site"),
        (Sitemap, "nl", "nl", "", false, "/nl/sitemap"),
        (Voucher, "fr", "fr", "", false, "/voucher"),
        (GiftCard, "ci", "en", "", false, "/en/giftcard"),
        (MasterTemplate, "fr", "fr", "slug=about-us", false, "/info/about-us"),
        (Callback, "fr", "fr", "", false, "/callback"),
        (Callback, "nl", "nl", "", false, "/nl/callback"),
        (NotFound, "fr", "fr", "", false, "/404"),
        (NotFound, "be", "en", "", false, "/en/404"),
        (NotFoundAlias, "fr", "fr", "", false, "/404_NOT_FOUND"),
        (Gone, "fr", "fr", "", false, "/410_GONE"),
        (Gone, "ma", "fr", "", false, "/fr/410_GONE"),
    ]
};

#[test]
fn spot_checks_build_and_parse_the_spec_paths() {
    let t = table();
    for &(kind, s, l, p, webview, want) in SPOT_CHECKS {
        let (s, l, p) = (site(s), lang(l), params(p));
        assert_eq!(
            t.path(kind, s, l, &p, webview).as_deref(),
            Some(want),
            "{kind} {s} {l}"
        );
        let m = t
            .parse(s, want)
            .unwrap_or_else(|| panic!("{want} on {s} does not parse"));
        assert_eq!(
            (m.kind, m.lang, &m.params, m.webview),
            (kind, l, &p, webview),
            "{want} on {s}"
        );
        assert_eq!(m.filters, None);
        assert_eq!(m.base_path, want);
    }
}

/// Sample params for a route: slugs with digits and dashes, numeric ids, every tab.
fn samples(kind: PageKind) -> Vec<Params> {
    match kind.params() {
        [] => vec![Params::new()],
        ["tab"] => ShowsTab::ALL.iter().map(|t| Params::tab(t.key())).collect(),
        ["id"] => ["1", "4021", "ka0-7x"]
            .iter()
            .map(|v| Params::id(v))
            .collect(),
        ["slug"] => [
            "paris",
            "dune-part-2",
            "2001-a-space-odyssey",
            "x9",
            "a_b.c~d",
        ]
        .iter()
        .map(|v| Params::slug(v))
        .collect(),
        other => panic!("unexpected params {other:?}"),
    }
}

#[test]
fn every_route_round_trips_path_to_parse() {
    let t = table();
    let mut count = 0;
    for route in t.routes() {
        for p in samples(route.kind) {
            let path = t
                .path(route.kind, route.site, route.lang, &p, route.webview)
                .unwrap_or_else(|| panic!("{} has no path for {p:?}", route.full_pattern()));
            assert!(path.starts_with('/'));
            assert!(
                path == "/" || !path.ends_with('/'),
                "trailing slash: {path}"
            );
            let prefix = format!("/{}", route.lang.code());
            let prefixed = path == prefix || path.starts_with(&format!("{prefix}/"));
            assert_eq!(
                prefixed,
                route.site.has_prefix(route.lang),
                "{path} on {}",
                route.site
            );
            let m = t
                .parse(route.site, &path)
                .unwrap_or_else(|| panic!("{path} does not parse"));
            assert_eq!(
                (m.kind, m.site, m.lang, &m.params, m.webview),
                (route.kind, route.site, route.lang, &p, route.webview),
                "{path} on {}",
                route.site
            );
            count += 1;
        }
    }
    assert!(count > 1000, "only {count} paths checked");
}

#[test]
fn hostile_or_missing_params_are_refused() {
    let t = table();
    let hostile = [
        "",
        " ",
        "a b",
        "a\tb",
        "a\nb",
        "a/b",
        "/",
        "a?b",
        "a#b",
        "a;b",
        "..",
        ".",
        "filters",
        "é",
        "caf%C3%A9",
        "a%2Fb",
        "<script>",
        "a\\b",
        "a,b",
        "a\"b",
    ];
    for value in hostile {
        for kind in [
            PageKind::Cinema,
            PageKind::City,
            PageKind::Show,
            PageKind::MasterTemplate,
        ] {
            assert_eq!(
                t.path(kind, Site::Fr, Lang::Fr, &Params::slug(value), false),
                None,
                "{value:?}"
            );
        }
        let id = Params::id(value);
        assert_eq!(
            t.path(PageKind::HelpArticleById, Site::Fr, Lang::Fr, &id, false),
            None
        );
        assert_eq!(
            t.path(PageKind::HelpCategory, Site::Nl, Lang::Nl, &id, true),
            None
        );
    }
    // Missing or misnamed params.
    assert_eq!(
        t.path(PageKind::Cinema, Site::Fr, Lang::Fr, &Params::new(), false),
        None
    );
    assert_eq!(
        t.path(
            PageKind::Cinema,
            Site::Fr,
            Lang::Fr,
            &Params::id("x"),
            false
        ),
        None
    );
    // Tabs take the language-neutral key only.
    assert_eq!(
        t.path(
            PageKind::ShowsTab,
            Site::Fr,
            Lang::Fr,
            &Params::tab("reserver"),
            false
        ),
        None
    );
    assert_eq!(
        t.path(
            PageKind::ShowsTab,
            Site::Fr,
            Lang::Fr,
            &Params::tab("soon"),
            false
        ),
        None
    );
    // No webview variant for pages other than help and news.
    assert_eq!(
        t.path(PageKind::Shows, Site::Fr, Lang::Fr, &Params::new(), true),
        None
    );
    // Unused params are ignored, so one bag can serve several pages.
    let bag = Params::slug("paris").with("id", "7");
    assert_eq!(
        t.path(PageKind::Cinemas, Site::Fr, Lang::Fr, &bag, false)
            .as_deref(),
        Some("/cinemas")
    );
    assert_eq!(
        t.path(PageKind::HelpCategory, Site::Fr, Lang::Fr, &bag, false)
            .as_deref(),
        Some("/aide/categorie/7")
    );
    // Hostile segments in incoming paths do not match either.
    for path in [
        "/cinemas/caf%C3%A9",
        "/cinemas/..",
        "/film/a;b",
        "/film/a b",
        "/info/%2e%2e",
    ] {
        assert!(t.parse(Site::Fr, path).is_none(), "{path}");
    }
}

#[test]
fn unknown_and_malformed_paths_do_not_match() {
    let t = table();
    let fr_misses = [
        "",
        "films",
        "/nope",
        "/films/",
        "//films",
        "/films//reserver",
        "/Films",
        "/FILMS",
        "/films/book",
        "/films/unknown-tab",
        "/cinemas/ville/paris/extra",
        "/aide/article/id",
        "/en/",
        "/xx/films",
        "/en/films",
        "/en/aide",
        "/m/films",
        "/m/m/aide",
        "/en/m",
        "/m",
        "/de",
        "/nl/films",
        "/404/x",
        "/index.html",
    ];
    for path in fr_misses {
        assert!(t.parse(Site::Fr, path).is_none(), "{path:?} matched on fr");
    }
    // A detail slug may equal a literal of a longer pattern: the segment count tells them
    // apart (`/cinemas/ville` is the cinema `ville`, `/cinemas/ville/x` the city `x`).
    let m = t.parse(Site::Fr, "/cinemas/ville").unwrap();
    assert_eq!(
        (m.kind, m.params.get("slug")),
        (PageKind::Cinema, Some("ville"))
    );
    // The bare root is a page only where the default language has no prefix (FR); elsewhere
    // the caller negotiates the language (spec §5).
    assert_eq!(
        t.parse(Site::Fr, "/").map(|m| (m.kind, m.lang)),
        Some((PageKind::Home, Lang::Fr))
    );
    for s in Site::ALL.into_iter().filter(|s| *s != Site::Fr) {
        assert!(t.parse(s, "/").is_none(), "/ on {s}");
        // Names of the unprefixed FR site need a prefix elsewhere.
        assert!(t.parse(s, "/films").is_none());
        assert!(t.parse(s, "/cinemas").is_none());
    }
    // Names of one language do not work under another's prefix.
    assert!(t.parse(Site::Ch, "/de/cinemas").is_none());
    assert!(t.parse(Site::Ch, "/en/kinos").is_none());
    assert!(t.parse(Site::Be, "/nl/films").is_none());
    assert!(t.parse(Site::Nl, "/nl/films-evenementen").is_none());
}

#[test]
fn french_prefix_on_the_france_site_is_no_match() {
    let t = table();
    for path in [
        "/fr",
        "/fr/films",
        "/fr/cinemas",
        "/fr/cinemas/ville/paris",
        "/fr/aide",
        "/fr/m/aide",
    ] {
        assert!(t.parse(Site::Fr, path).is_none(), "{path}");
    }
    // …while the same names work under /fr on the other French-speaking sites.
    assert_eq!(
        t.parse(Site::Ch, "/fr/cinemas").map(|m| m.kind),
        Some(PageKind::Cinemas)
    );
    assert_eq!(
        t.parse(Site::Tn, "/fr").map(|m| m.kind),
        Some(PageKind::Home)
    );
}

/// Every word that appears as a path segment on a site, plus tab names and a fresh slug:
/// any two overlapping patterns are witnessed by a path made only of these words, so trying
/// them all proves no path can match two routes.
fn vocabulary(t: &RouteTable, s: Site) -> BTreeSet<String> {
    let mut words: BTreeSet<String> = ["fresh-slug-1".to_string(), "42".to_string()].into();
    for route in t.routes().filter(|r| r.site == s) {
        for seg in route.full_pattern().split('/') {
            if !seg.is_empty() && !seg.starts_with('{') {
                words.insert(seg.to_string());
            }
        }
    }
    for tab in ShowsTab::ALL {
        for l in Lang::ALL {
            words.insert(tab.localized(l).to_string());
        }
    }
    words
}

#[test]
fn no_two_routes_of_a_site_can_match_the_same_path() {
    for brand in [BRAND, "cine", "x", "evenementen"] {
        let t = RouteTable::new(brand);
        assert!(t.ambiguities().is_empty(), "{brand}: {:?}", t.ambiguities());
        for s in Site::ALL {
            let words = vocabulary(&t, s);
            let routes: Vec<_> = t.routes().filter(|r| r.site == s).collect();
            // Each route matches at least its own fresh-slug path, so hits ≥ routes.
            let mut hits = 0;
            for route in &routes {
                // Put every word in every parameter position of this route's pattern.
                let mut paths = vec![String::new()];
                for seg in route.full_pattern().split('/').filter(|x| !x.is_empty()) {
                    let choices: Vec<&str> = if seg.starts_with('{') {
                        words.iter().map(String::as_str).collect()
                    } else {
                        vec![seg]
                    };
                    paths = paths
                        .iter()
                        .flat_map(|p| choices.iter().map(move |c| format!("{p}/{c}")))
                        .collect();
                }
                for path in paths
                    .iter()
                    .map(|p| if p.is_empty() { "/".into() } else { p.clone() })
                {
                    let matching: Vec<_> = routes
                        .iter()
                        .filter(|r| r.matches(&path).is_some())
                        .map(|r| r.full_pattern())
                        .collect();
                    hits += usize::from(matching.len() == 1);
                    assert!(
                        matching.len() <= 1,
                        "{brand} {s}: {path} matches {matching:?}"
                    );
                }
            }
            assert!(hits >= routes.len(), "{brand} {s}: {hits} hits");
        }
    }
}

#[test]
fn brand_slug_must_be_a_plain_slug() {
    for bad in [
        "", "Lumen", "lu men", "lu/men", "lumen?", "..", "filters", "lumén",
    ] {
        assert!(RouteTable::try_new(bad).is_err(), "{bad:?}");
    }
    assert!(RouteTable::try_new("lumen-2").is_ok());
}

#[test]
fn filters_are_split_off_and_returned() {
    let t = table();
    let m = t
        .parse(Site::Fr, "/films/filters/date-2024-05-01/tags-imax,4dx")
        .unwrap();
    assert_eq!(
        (m.kind, m.lang, m.base_path.as_str()),
        (PageKind::Shows, Lang::Fr, "/films")
    );
    let f = m.filters.unwrap();
    assert_eq!(f.date.as_deref(), Some("2024-05-01"));
    assert_eq!(f.tags, ["imax", "4dx"]);

    let m = t
        .parse(
            Site::Ch,
            "/de/kinos/stadt/zurich/filters/localisation-zurich-1",
        )
        .unwrap();
    assert_eq!(
        (m.kind, m.params.get("slug")),
        (PageKind::City, Some("zurich"))
    );
    assert_eq!(m.filters.unwrap().localisation.as_deref(), Some("zurich-1"));

    // The FR home: filters straight after the root.
    let m = t.parse(Site::Fr, "/filters/versions-vf").unwrap();
    assert_eq!(
        (m.kind, m.lang, m.base_path.as_str()),
        (PageKind::Home, Lang::Fr, "/")
    );
    let m = t.parse(Site::Be, "/nl/filters/genres-drama").unwrap();
    assert_eq!((m.kind, m.lang), (PageKind::Home, Lang::Nl));

    // Building a filtered path and reading it back.
    let filters = Filters {
        tags: vec!["imax".into()],
        ..Filters::default()
    };
    let base = t
        .path(
            PageKind::Show,
            Site::Fr,
            Lang::En,
            &Params::slug("dune-2"),
            false,
        )
        .unwrap();
    let url = site::filters::with_filters(&base, &filters);
    assert_eq!(url, "/en/movie/dune-2/filters/tags-imax");
    assert_eq!(t.parse(Site::Fr, &url).unwrap().filters, Some(filters));

    // Refused: garbage filters, filters on pages that take none, on webview pages, on the bare
    // root of a prefixed site, and an empty filters part.
    for (s, path) in [
        (Site::Fr, "/films/filters/garbage"),
        (Site::Fr, "/films/filters/date-2024-13-01"),
        (Site::Fr, "/films/filters"),
        (Site::Fr, "/films/filters/"),
        (Site::Fr, "/films/filters//tags-a"),
        (Site::Fr, "/aide/filters/tags-a"),
        (Site::Fr, "/m/actualites/filters/tags-a"),
        (Site::Fr, "/404/filters/tags-a"),
        (Site::Ch, "/filters/tags-a"),
    ] {
        assert!(t.parse(s, path).is_none(), "{path} on {s}");
    }
}

#[test]
fn alternates_list_the_page_in_every_language_of_the_site() {
    let t = table();
    let all = |_: Lang| Some(Params::new());
    assert_eq!(
        t.alternates(PageKind::Cinemas, Site::Ch, false, all),
        [
            (Lang::En, "/en/cinemas".to_string()),
            (Lang::Fr, "/fr/cinemas".to_string()),
            (Lang::De, "/de/kinos".to_string()),
        ]
    );
    // Slugs differ per language; a language without a translation is left out.
    let slug_for = |l: Lang| match l {
        Lang::Fr => Some(Params::slug("la-vie")),
        Lang::En => Some(Params::slug("life")),
        _ => None,
    };
    assert_eq!(
        t.alternates(PageKind::Show, Site::Fr, false, slug_for),
        [
            (Lang::Fr, "/film/la-vie".to_string()),
            (Lang::En, "/en/movie/life".to_string())
        ]
    );
    assert_eq!(
        t.alternates(PageKind::Help, Site::Nl, true, all),
        [
            (Lang::Nl, "/nl/m/help".to_string()),
            (Lang::En, "/en/m/help".to_string())
        ]
    );
    assert!(t
        .alternates(PageKind::Help, Site::Be, false, all)
        .is_empty());
}

/// A language's UI strings (`locales/{lang}.json`).
fn locale_strings(lang: &str) -> serde_json::Value {
    let path = format!("{}/../locales/{lang}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).expect("locale file")).expect("JSON")
}

#[test]
fn route_properties_follow_the_spec() {
    use PageKind::*;
    let t = table();
    for route in t.routes() {
        if route.webview {
            assert_eq!(route.layout(), Layout::Webview, "{}", route.full_pattern());
        } else {
            assert_eq!(route.layout(), route.kind.layout());
        }
        // The SEO key names the page's title and description in every language's strings,
        // and the template exists.
        for lang in ["fr", "en", "de", "nl"] {
            let strings = locale_strings(lang);
            assert!(
                strings["seo"].get(route.seo_key()).is_some(),
                "{lang}: no seo.{} for {}",
                route.seo_key(),
                route.kind
            );
        }
        let template = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../templates")
            .join(route.kind.template());
        assert!(
            template.is_file(),
            "{} has no {}",
            route.kind,
            template.display()
        );
        // Error pages, the sign-in return, the visitor's evening cards (issue 17) and the light
        // views are never indexed, nor is any webview page; every other page is.
        let hidden = matches!(
            route.kind,
            NotFound | NotFoundAlias | Gone | Callback | Evenings | CinemaLight | CityLight
        );
        assert_eq!(route.indexed(), !hidden && !route.webview, "{}", route.kind);
    }
    for tab in site::routes::ShowsTab::ALL {
        assert!(
            locale_strings("fr")["seo"].get(tab.seo_key()).is_some(),
            "{tab:?}"
        );
    }
    for kind in [Home, Shows, ShowsTab, Show, Events, Event] {
        assert_eq!(kind.menu(), Menu::Movies, "{kind}");
    }
    for kind in [Cinemas, Cinema, CinemaLight] {
        assert_eq!(kind.menu(), Menu::Cinemas, "{kind}");
    }
    for kind in [Offers, News, Help, Club, Experiences, NotFound, Callback] {
        assert_eq!(kind.menu(), Menu::None, "{kind}");
    }
    assert_eq!(Callback.seo_key(), "callback");
    assert_eq!(Cinema.seo_key(), "cinema");
    assert_eq!(ShowsTab.seo_key(), "showsBook");
    assert_eq!(NotFound.layout(), Layout::Error);
    assert_eq!(Gone.layout(), Layout::Error);
    assert_eq!(CityLight.layout(), Layout::Light);
    // Every tracking page type of spec §2 is used by some page.
    let spec_types = [
        "cinema",
        "cinemas",
        "general conditions",
        "city",
        "light city",
        "cvd",
        "e-cards",
        "e-cards 3 seats",
        "entertainment",
        "experience",
        "experience group",
        "experiences",
        "home",
        "movie",
        "news",
        "news item",
        "not found",
        "offers",
        "offer",
        "season",
        "shows",
        "sitemap",
        "subscription offers",
        "FAQ",
        "FAQ article by id",
        "FAQ article by slug",
        "FAQ category",
        "FAQ results",
    ];
    let used: BTreeSet<_> = PageKind::ALL.iter().map(|k| k.tracking_type()).collect();
    for ty in spec_types {
        assert!(used.contains(ty), "tracking type {ty:?} unused");
    }
    assert_eq!(City.tracking_type(), "city");
    assert_eq!(CityLight.tracking_type(), "light city");
    assert_eq!(Events.tracking_type(), "entertainment");
    assert_eq!(GeneralTerms.tracking_type(), "general conditions");
    // Names and kinds round-trip (templates use the name).
    for kind in PageKind::ALL {
        assert_eq!(PageKind::from_name(kind.name()), Some(kind));
    }
}

#[test]
fn routes_doc_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/routes.md");
    let want = table().routes_markdown();
    if std::env::var("UPDATE_DOCS").as_deref() == Ok("1") {
        std::fs::write(path, &want).expect("write docs/routes.md");
        return;
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        have == want,
        "docs/routes.md is out of date: run UPDATE_DOCS=1 cargo test -p site --test routes routes_doc_is_current"
    );
}
