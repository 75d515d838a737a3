//! Hostile input, fuzzed by property: the search query parser and the index take any text
//! (accents, punctuation that other engines read as operators, control characters, very long
//! words) without panicking; a refused query is refused for a reason the API can name.
//! `FUZZ_CASES` sets the number of inputs (a short run in scripts/test, a million in
//! scripts/bench).

use chrono::NaiveDate;
use demo_content::{DemoOptions, DEFAULT_SEED};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};
use search::{words, SearchError, SearchIndex, SearchRequest};
use site::brand::Brand;
use site::routes::RouteTable;
use site::{Lang, Site};
use std::sync::LazyLock;

fn config() -> Config {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(512);
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        ..Config::default()
    }
}

static INDEX: LazyLock<SearchIndex> = LazyLock::new(|| {
    let brand = Brand::from_json(include_str!("../../config/brand.json")).expect("brand");
    let options = DemoOptions {
        seed: DEFAULT_SEED,
        scale: 1,
        today: NaiveDate::from_ymd_opt(2026, 11, 22).expect("valid date"),
    };
    let snapshot = demo_content::generate(&options, &brand).snapshot;
    SearchIndex::build(&snapshot, &RouteTable::new(&brand.slug)).expect("indexes")
});

/// Query-like text: real words, accents, operators of other engines, hostile characters.
fn query() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        Just("paris".to_string()),
        Just("cinéma".to_string()),
        Just("LYON".to_string()),
        Just("75001".to_string()),
        Just("\"*:()[]".to_string()),
        Just("AND OR NOT".to_string()),
        Just("<script>".to_string()),
        "[a-zà-ÿ]{1,12}",
        "\\PC{1,8}",
        "[\\x00-\\x1f]{1,3}",
    ];
    proptest::collection::vec(word, 0..14).prop_map(|w| w.join(" "))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_query_is_answered_or_refused_with_a_reason(
        q in prop_oneof![query(), "\\PC{0,300}"],
        site in proptest::sample::select(Site::ALL.to_vec()),
    ) {
        let lang: Lang = site.default_language();
        match INDEX.search(site, lang, &SearchRequest::new(q.clone())) {
            Ok(answer) => {
                let json = serde_json::to_value(&answer).expect("an answer serializes");
                prop_assert!(json.is_object() || json.is_array());
            }
            Err(SearchError::QueryTooShort { .. } | SearchError::QueryTooLong { .. }) => {}
            Err(other) => prop_assert!(false, "{q:?}: unexpected refusal {other:?}"),
        }
        for w in words(&q) {
            prop_assert!(!w.is_empty() && !w.chars().any(char::is_whitespace), "{q:?} → word {w:?}");
        }
    }
}
