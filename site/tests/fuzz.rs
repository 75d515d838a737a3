//! Hostile input, fuzzed by property: the URL filter parser and the route matcher take any
//! string without panicking, and what they accept is well-formed. `FUZZ_CASES` sets the number
//! of inputs per target (a short run in scripts/test, a million in scripts/bench).

use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};
use site::filters::Filters;
use site::routes::RouteTable;
use site::Site;
use std::sync::LazyLock;

fn config() -> Config {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(512);
    Config {
        cases,
        // No regression files in the source tree: a failure prints its minimal input.
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        ..Config::default()
    }
}

static ROUTES: LazyLock<RouteTable> =
    LazyLock::new(|| RouteTable::try_new("lumen").expect("the route table builds"));

/// Near-valid filter parts: known-looking keys and values, with hostile characters mixed in.
fn filter_part() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        Just("date".to_string()),
        Just("versions".to_string()),
        Just("tags".to_string()),
        Just("genres".to_string()),
        "[a-z]{1,8}",
    ];
    let value = "[a-z0-9,./%\\\\-]{0,16}";
    proptest::collection::vec((key, value), 1..5).prop_map(|pairs| {
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
        Just("nl".to_string()),
        Just("m".to_string()),
        "[a-z0-9-]{1,12}",
        "\\PC{0,6}",
        "%[0-9a-fA-F]{2}",
    ];
    proptest::collection::vec(segment, 0..7).prop_map(|s| format!("/{}", s.join("/")))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn filter_parsing_never_panics_and_round_trips(part in prop_oneof![filter_part(), "\\PC{0,40}"]) {
        if let Ok(filters) = Filters::parse(&part) {
            let again = Filters::parse(&filters.format());
            prop_assert_eq!(again.as_ref(), Ok(&filters), "{:?} → {:?}", part, filters.format());
        }
    }

    #[test]
    fn route_matching_never_panics_and_matches_only_clean_paths(
        path in prop_oneof![path(), "\\PC{0,60}"],
        site in proptest::sample::select(Site::ALL.to_vec()),
    ) {
        if let Some(found) = ROUTES.parse(site, &path) {
            prop_assert!(found.base_path.starts_with('/'), "{path:?} → {:?}", found.base_path);
            prop_assert!(
                !path.split('/').any(|s| s == ".." || s == "."),
                "{path:?} with a dot segment matched {:?}", found.kind
            );
            prop_assert!(!found.base_path.contains("//"), "{path:?} → {:?}", found.base_path);
        }
    }
}
