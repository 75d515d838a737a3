//! Hostile input, fuzzed by property: the URL filter parser, the route matcher and the origin
//! reader of content URLs (for the security headers) take any string without panicking, what
//! they accept is well-formed, and the two directions of each (parse and format, path and
//! parse) agree. `FUZZ_CASES` sets the number of inputs per
//! target (a short run in scripts/test, a million in scripts/bench).

use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};
use site::filters::{self, Filters};
use site::routes::{is_param_value, Params, Route, RouteTable, ShowsTab};
use site::security::origin_of;
use site::Site;
use std::sync::LazyLock;

fn config() -> Config {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256);
    Config {
        cases,
        // No regression files in the source tree: a failure prints its minimal input.
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        ..Config::default()
    }
}

static ROUTES: LazyLock<RouteTable> =
    LazyLock::new(|| RouteTable::try_new("lumen").expect("the route table builds"));

/// What a URL we accept may be made of: unreserved characters, and `/` `,` between them.
fn url_safe(s: &str) -> bool {
    s.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-_.~/,".contains(&b))
}

/// Characters that other parsers read as syntax, or that a careless writer would pass on.
const HOSTILE: &[&str] = &[
    "/", "//", "..", ".", "\\", "%", "%2F", "%00", ",", ",,", "-", "--", ";", "?", "#", "{", "}",
    "\"", "'", " ", "\n", "\r", "\t", "\0", "é", "İ", "\u{202e}", "filters", "$",
];

/// A value that passes the filter and route rules: unreserved characters only.
fn slug() -> impl Strategy<Value = String> {
    "[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,11}".prop_filter("a param value", |s| is_param_value(s))
}

/// A slug with, sometimes, a hostile piece spliced in at some place.
fn near_slug() -> impl Strategy<Value = String> {
    (
        slug(),
        prop::option::weighted(
            0.5,
            (prop::sample::select(HOSTILE), any::<prop::sample::Index>()),
        ),
    )
        .prop_map(|(mut s, hostile)| {
            if let Some((piece, at)) = hostile {
                let at = at.index(s.len() + 1);
                s.insert_str(at, piece);
            }
            s
        })
}

fn date() -> impl Strategy<Value = String> {
    prop_oneof![
        (1900u32..2100, 1u32..13, 1u32..29).prop_map(|(y, m, d)| format!("{y:04}-{m:02}-{d:02}")),
        // Days that do not exist, and shapes chrono alone would accept.
        (0u32..10000, 0u32..100, 0u32..100).prop_map(|(y, m, d)| format!("{y:04}-{m:02}-{d:02}")),
        Just("2024-2-29".to_string()),
        Just("2023-02-29".to_string()),
        Just("+2024-05-01".to_string()),
    ]
}

fn unique(list: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for item in list {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

/// A selection that passes `validate`, built from the grammar.
fn valid_filters() -> impl Strategy<Value = Filters> {
    let list = || prop::collection::vec(slug(), 0..4).prop_map(unique);
    (
        prop::option::of((1900u32..2100, 1u32..13, 1u32..29)),
        list(),
        list(),
        list(),
        prop::option::of(slug()),
    )
        .prop_map(|(date, tags, genres, versions, localisation)| Filters {
            date: date.map(|(y, m, d)| format!("{y:04}-{m:02}-{d:02}")),
            tags,
            genres,
            versions,
            localisation,
        })
}

/// Near-valid filter parts: known keys (and some unknown), values that are sometimes hostile,
/// in any order, sometimes repeated.
fn filter_part() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        Just("date".to_string()),
        Just("tags".to_string()),
        Just("genres".to_string()),
        Just("versions".to_string()),
        Just("localisation".to_string()),
        "[a-z]{0,8}",
    ];
    let value = prop_oneof![
        date(),
        prop::collection::vec(near_slug(), 0..4).prop_map(|v| v.join(",")),
    ];
    prop::collection::vec((key, value), 1..5).prop_map(|pairs| {
        pairs
            .into_iter()
            .map(|(k, v)| format!("{k}-{v}"))
            .collect::<Vec<_>>()
            .join("/")
    })
}

/// Paths made of route-like segments and hostile ones.
fn path() -> impl Strategy<Value = String> {
    let segment = prop_oneof![
        Just("".to_string()),
        Just("..".to_string()),
        Just(".".to_string()),
        Just("filters".to_string()),
        Just("cinemas".to_string()),
        Just("films".to_string()),
        Just("en".to_string()),
        Just("nl".to_string()),
        Just("m".to_string()),
        filter_part(),
        near_slug(),
        "\\PC{0,6}",
        "%[0-9a-fA-F]{2}",
    ];
    prop::collection::vec(segment, 0..7).prop_map(|s| format!("/{}", s.join("/")))
}

/// A path of a real route of `site`, its parameters filled with near-slugs, sometimes
/// followed by a filters part.
fn route_path() -> impl Strategy<Value = (Site, String)> {
    let site = prop::sample::select(Site::ALL.to_vec());
    (
        site,
        any::<prop::sample::Index>(),
        [near_slug(), near_slug()],
        prop::sample::select(ShowsTab::ALL.to_vec()),
        prop::option::of(prop_oneof![
            filter_part(),
            valid_filters().prop_map(|f| f.format())
        ]),
    )
        .prop_map(|(site, pick, values, tab, filters)| {
            let routes: Vec<&Route> = ROUTES.routes().filter(|r| r.site == site).collect();
            let route = routes[pick.index(routes.len())];
            let mut params = Params::new();
            for (&name, value) in route.param_names().iter().zip(&values) {
                // The shows tab takes its closed set of keys only.
                params.insert(name, if name == "tab" { tab.key() } else { value });
            }
            // A refused parameter leaves the pattern itself, braces and all: hostile too.
            let base = route.path(&params).unwrap_or_else(|| route.full_pattern());
            let path = match filters {
                Some(part) => format!("{}/filters/{part}", base.trim_end_matches('/')),
                None => base,
            };
            (site, path)
        })
}

/// The properties below say "if accepted, then …": they prove something only if the
/// near-valid inputs are often accepted. This checks they are.
#[test]
fn sanity_the_near_valid_inputs_reach_real_pages_and_real_selections() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut pages, mut filtered, mut selections) = (0, 0, 0);
    for _ in 0..1000 {
        let (site, path) = route_path().new_tree(&mut runner).unwrap().current();
        if let Some(found) = ROUTES.parse(site, &path) {
            pages += 1;
            filtered += usize::from(found.filters.is_some());
        }
        let part = filter_part().new_tree(&mut runner).unwrap().current();
        selections += usize::from(Filters::parse(&part).is_ok());
    }
    eprintln!("near-valid inputs: {pages} pages ({filtered} with filters), {selections} selections of 1000");
    assert!(
        pages > 300 && filtered > 20 && selections > 50,
        "{pages} pages ({filtered} with filters), {selections} selections of 1000"
    );
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn filter_parsing_never_panics_and_what_it_accepts_round_trips(
        part in prop_oneof![filter_part(), "\\PC{0,40}", any::<String>()]
    ) {
        if let Ok(filters) = Filters::parse(&part) {
            prop_assert!(url_safe(&part), "{:?} was accepted", part);
            prop_assert_eq!(filters.validate(), Ok(()), "{:?} parsed to an invalid selection", part);
            let canonical = filters.format();
            prop_assert_eq!(Filters::parse(&canonical), Ok(filters), "{:?} → {:?}", part, canonical);
        }
    }

    #[test]
    fn a_valid_selection_formats_to_a_url_that_parses_back(filters in valid_filters(), base in prop_oneof![Just("/".to_string()), "(/[a-z]{1,8}){1,3}"]) {
        prop_assert_eq!(filters.validate(), Ok(()));
        let url = filters::with_filters(&base, &filters);
        prop_assert!(url_safe(&url), "{:?}", url);
        let (split_base, split) = filters::split_path(&url).expect("a formatted URL splits");
        prop_assert_eq!(split_base, base.as_str());
        if filters.is_empty() {
            prop_assert_eq!(split, None);
        } else {
            prop_assert_eq!(split, Some(filters));
        }
    }

    #[test]
    fn route_matching_never_panics_and_matches_only_clean_paths(
        (site, path) in prop_oneof![
            (prop::sample::select(Site::ALL.to_vec()), prop_oneof![path(), "\\PC{0,60}"]),
            route_path(),
        ],
    ) {
        if let Some(found) = ROUTES.parse(site, &path) {
            prop_assert!(url_safe(&path), "{:?} matched {:?}", path, found.kind);
            prop_assert!(
                !path.split('/').any(|s| s == ".." || s == "."),
                "{:?} with a dot segment matched {:?}", path, found.kind
            );
            prop_assert!(!path.contains("//"), "{:?} matched {:?}", path, found.kind);
            prop_assert!(path == "/" || !path.ends_with('/'), "{:?} matched {:?}", path, found.kind);
            prop_assert!(found.filters.is_none() || path.starts_with(&found.base_path));
            // The other direction: the page's path is the path that was matched.
            let back = ROUTES.path(found.kind, site, found.lang, &found.params, found.webview);
            prop_assert_eq!(back.as_deref(), Some(found.base_path.as_str()), "{:?}", path);
            if let Some(f) = &found.filters {
                let canonical = filters::with_filters(&found.base_path, f);
                prop_assert_eq!(ROUTES.parse(site, &canonical), Some(found.clone()), "{:?}", canonical);
            }
        }
    }

    #[test]
    fn a_page_path_never_carries_a_hostile_parameter_and_parses_back_to_its_page(
        site in prop::sample::select(Site::ALL.to_vec()),
        pick in any::<prop::sample::Index>(),
        value in prop_oneof![
            near_slug(),
            "\\PC{0,12}",
            any::<String>(),
            prop::sample::select(ShowsTab::ALL.iter().map(|t| t.key().to_string()).collect::<Vec<_>>()),
        ],
    ) {
        let routes: Vec<&Route> = ROUTES.routes().filter(|r| r.site == site).collect();
        let route = routes[pick.index(routes.len())];
        let params: Params = route.param_names().iter().map(|&n| (n, value.as_str())).collect();
        match route.path(&params) {
            Some(path) => {
                prop_assert!(route.param_names().is_empty() || is_param_value(&value), "{:?} → {:?}", value, path);
                prop_assert!(url_safe(&path), "{:?} → {:?}", value, path);
                let found = ROUTES.parse(site, &path);
                prop_assert!(found.is_some(), "{:?} → {:?} matches no page", value, path);
                let found = found.unwrap();
                prop_assert_eq!((found.kind, found.lang, found.webview), (route.kind, route.lang, route.webview), "{:?}", path);
                prop_assert_eq!(found.params, params, "{:?}", path);
            }
            None => {
                // The shows tab takes its closed set of keys only.
                let tab_key = ShowsTab::ALL.iter().any(|t| t.key() == value);
                let tab_route = route.param_names().contains(&"tab");
                prop_assert!(!is_param_value(&value) || (tab_route && !tab_key), "{:?} refused for {}", value, route.full_pattern());
            }
        }
    }

    /// Content URLs (injected scripts, sign-in providers) become origins in the pages' policy
    /// and the nginx configuration: only `scheme://host[:port]` may come out.
    #[test]
    fn an_origin_read_from_any_url_is_a_plain_origin(
        url in prop_oneof![
            (
                prop::sample::select(vec!["https://", "http://", "HTTPS://", "//", "https:", "ftp://", ""]),
                prop::collection::vec(prop_oneof![near_slug(), Just(String::new()), "\\PC{0,4}"], 0..4),
                prop::option::of("[0-9]{0,6}"),
                "(/\\PC{0,8})?",
            )
                .prop_map(|(scheme, labels, port, rest)| {
                    let port = port.map(|p| format!(":{p}")).unwrap_or_default();
                    format!("{scheme}{}{port}{rest}", labels.join("."))
                }),
            any::<String>(),
        ]
    ) {
        if let Some(origin) = origin_of(&url) {
            prop_assert_eq!(origin_of(&origin), Some(origin.clone()), "{:?}", url);
            prop_assert!(url.to_ascii_lowercase().starts_with(&origin), "{:?} → {:?}", url, origin);
            let (scheme, authority) = origin.split_once("://").expect("scheme://");
            prop_assert!(scheme == "https" || scheme == "http", "{:?} → {:?}", url, origin);
            prop_assert!(
                !authority.is_empty()
                    && authority.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || ".-:[]".contains(c)),
                "{:?} → {:?}", url, origin
            );
            prop_assert!(!authority.starts_with('.') && !authority.contains("..") && !authority.ends_with(':'), "{:?} → {:?}", url, origin);
        }
    }
}
