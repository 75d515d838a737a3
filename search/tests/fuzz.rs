//! Hostile input, fuzzed by property: the search query parser and the index take any text
//! (accents, punctuation that other engines read as operators, control characters, very long
//! words) without panicking; a query is refused exactly by the length rules, and an answer has
//! the promised shape. `FUZZ_CASES` sets the number of inputs (a short run in scripts/test, a
//! million in scripts/bench).

use chrono::NaiveDate;
use demo_content::{DemoOptions, DEFAULT_SEED};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};
use search::{
    preview_size, words, SearchError, SearchIndex, SearchRequest, GROUPS, MAX_QUERY_CHARS,
};
use site::brand::Brand;
use site::content::SearchResultType;
use site::routes::RouteTable;
use site::rules::MIN_SEARCH_LENGTH;
use site::text::is_blank;
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

struct Fixture {
    index: SearchIndex,
    /// Words of the real titles, so near-valid queries find something.
    title_words: Vec<String>,
}

static FIXTURE: LazyLock<Fixture> = LazyLock::new(|| {
    let brand = Brand::from_json(include_str!("../../config/brand.json")).expect("brand");
    let options = DemoOptions {
        seed: DEFAULT_SEED,
        scale: 1,
        today: NaiveDate::from_ymd_opt(2026, 11, 22).expect("valid date"),
    };
    let snapshot = demo_content::generate(&options, &brand).snapshot;
    let index = SearchIndex::build(&snapshot, &RouteTable::new(&brand.slug)).expect("indexes");
    let mut title_words = Vec::new();
    let site = snapshot.sites.first().expect("a site");
    let locale = site.locales.first().expect("a locale");
    for show in &locale.shows {
        for w in show.title.split_whitespace() {
            if !title_words.iter().any(|t| t == w) {
                title_words.push(w.to_string());
            }
        }
    }
    Fixture { index, title_words }
});

/// Query-like text: real title words (as typed: cut, upper-cased), accents, operators of other
/// engines, hostile characters.
fn query() -> impl Strategy<Value = String> {
    let title_word = (any::<prop::sample::Index>(), 1usize..12, any::<bool>()).prop_map(
        |(pick, keep, upper)| {
            let words = &FIXTURE.title_words;
            let word: String = words[pick.index(words.len())].chars().take(keep).collect();
            if upper {
                word.to_uppercase()
            } else {
                word
            }
        },
    );
    let word = prop_oneof![
        4 => title_word,
        1 => Just("cinéma".to_string()),
        1 => Just("75001".to_string()),
        1 => Just("\"*:()[]~^\\".to_string()),
        1 => Just("AND OR NOT -".to_string()),
        1 => Just("<script>".to_string()),
        1 => Just("ẞTRAẞE İstanbul ﬁlm Ǆ".to_string()),
        1 => "[a-zà-ÿ]{1,12}",
        1 => "[a-z]{41,60}",
        1 => "\\PC{1,8}",
        1 => "[\\x00-\\x1f\\u{a0}\\u{2028}\\u{feff}]{1,3}",
    ];
    prop::collection::vec(word, 0..14).prop_map(|w| w.join(" "))
}

fn kind() -> impl Strategy<Value = Option<SearchResultType>> {
    prop::option::of(prop::sample::select(vec![
        SearchResultType::Show,
        SearchResultType::Cinema,
        SearchResultType::Offer,
        SearchResultType::News,
        SearchResultType::Faq,
    ]))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_query_is_answered_or_refused_by_the_length_rules_alone(
        q in prop_oneof![query(), "\\PC{0,300}", any::<String>()],
        site in prop::sample::select(Site::ALL.to_vec()),
        lang_pick in any::<prop::sample::Index>(),
        kind in kind(),
        faq in any::<bool>(),
    ) {
        let lang = site.languages()[lang_pick.index(site.languages().len())];
        let mut request = SearchRequest::new(q.clone());
        request.kind = kind;
        request.faq_only = faq;
        // The rules' own trim (JavaScript's blanks, U+FEFF included), not `str::trim`.
        let length = q.trim_matches(is_blank).chars().count();
        match FIXTURE.index.search(site, lang, &request) {
            Ok(answer) => {
                prop_assert!((MIN_SEARCH_LENGTH..=MAX_QUERY_CHARS).contains(&length), "{:?} answered", q);
                prop_assert_eq!(&answer.query, &q);
                let expected: Vec<SearchResultType> = match kind {
                    Some(k) => vec![k],
                    None => GROUPS.iter().map(|(k, _)| *k).collect(),
                }
                .into_iter()
                .filter(|k| !faq || *k == SearchResultType::Faq)
                .collect();
                let kinds: Vec<SearchResultType> = answer.groups.iter().map(|g| g.kind).collect();
                prop_assert_eq!(kinds, expected, "{:?}", q);
                for group in &answer.groups {
                    prop_assert!(group.items.len() <= group.total, "{:?}: {:?}", q, group.kind);
                    if kind.is_some() {
                        prop_assert_eq!(group.items.len(), group.total, "{:?}", q);
                    } else {
                        let preview = preview_size(group.kind).unwrap_or(0);
                        prop_assert_eq!(group.items.len(), group.total.min(preview), "{:?}", q);
                    }
                    prop_assert!(group.items.iter().all(|i| i.kind == group.kind), "{:?}", q);
                }
                serde_json::to_string(&answer).expect("an answer serializes");
            }
            Err(SearchError::QueryTooShort { .. }) => prop_assert!(length < MIN_SEARCH_LENGTH, "{:?}", q),
            Err(SearchError::QueryTooLong { .. }) => prop_assert!(length > MAX_QUERY_CHARS, "{:?}", q),
            Err(other) => prop_assert!(false, "{:?}: unexpected refusal {:?}", q, other),
        }
    }

    /// The index and the query cut text with the same function, so a word must read the same
    /// the second time: otherwise a typed word could never find the title it came from.
    #[test]
    fn words_are_folded_cut_and_stable(q in prop_oneof![query(), "\\PC{0,80}", any::<String>()]) {
        for w in words(&q) {
            prop_assert!(!w.is_empty() && w.chars().all(char::is_alphanumeric), "{:?} → word {:?}", q, w);
            prop_assert!(w.chars().count() <= 40, "{:?} → word {:?}", q, w);
            prop_assert_eq!(words(&w), vec![w.clone()], "{:?} → word {:?}", q, w);
        }
    }

    /// A word of a real title finds the same shows typed in capitals.
    #[test]
    fn a_title_word_in_capitals_finds_the_same_shows(
        word in prop::sample::select(
            FIXTURE
                .title_words
                .iter()
                .filter(|w| w.trim().chars().count() >= MIN_SEARCH_LENGTH)
                .cloned()
                .collect::<Vec<_>>()
        )
    ) {
        let lower = FIXTURE.index.search(Site::Fr, site::Lang::Fr, &SearchRequest::new(word.clone()).of_type(SearchResultType::Show));
        let upper = FIXTURE.index.search(Site::Fr, site::Lang::Fr, &SearchRequest::new(word.to_uppercase()).of_type(SearchResultType::Show));
        let total = |r: &Result<search::SearchAnswer, SearchError>| r.as_ref().ok().and_then(|a| a.groups.first()).map(|g| g.total);
        prop_assert_eq!(total(&lower), total(&upper), "{:?}", word);
    }
}
