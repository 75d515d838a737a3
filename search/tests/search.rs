//! Search over the real demo snapshot (scale 1), built once. Expectations are read from the
//! snapshot (real titles, cities, postal codes), never guessed, so each test fails if the
//! behaviour it names breaks.

use std::collections::{BTreeSet, HashMap};
use std::sync::LazyLock;
use std::time::Instant;

use chrono::NaiveDate;
use demo_content::{DemoOptions, DEFAULT_SEED};
use search::{
    preview_size, words, SearchAnswer, SearchError, SearchIndex, SearchRequest, FUZZY_MIN_CHARS,
    GROUPS, MAX_QUERY_CHARS,
};
use site::brand::Brand;
use site::content::{SearchResult, SearchResultType, Show};
use site::routes::{PageKind, Params, RouteTable};
use site::rules::{cinema_matches, MIN_SEARCH_LENGTH};
use site::snapshot::{LocaleContent, Snapshot};
use site::text::fold;
use site::{Lang, Site};

const BRAND_JSON: &str = include_str!("../../config/brand.json");

struct Fixture {
    snapshot: Snapshot,
    routes: RouteTable,
    index: SearchIndex,
}

static FIXTURE: LazyLock<Fixture> = LazyLock::new(|| {
    let brand = Brand::from_json(BRAND_JSON).expect("config/brand.json parses");
    let options = DemoOptions {
        seed: DEFAULT_SEED,
        scale: 1,
        today: NaiveDate::from_ymd_opt(2026, 11, 22).expect("valid date"),
    };
    let snapshot = demo_content::generate(&options, &brand).snapshot;
    let routes = RouteTable::new(&brand.slug);
    let started = Instant::now();
    let index = SearchIndex::build(&snapshot, &routes).expect("the demo snapshot indexes");
    eprintln!(
        "search index of the scale-1 demo built in {:?}",
        started.elapsed()
    );
    Fixture {
        snapshot,
        routes,
        index,
    }
});

fn locale(site: Site, lang: Lang) -> &'static LocaleContent {
    FIXTURE
        .snapshot
        .locale(site, lang)
        .expect("the demo has every site and language")
}

fn search(site: Site, lang: Lang, request: &SearchRequest) -> SearchAnswer {
    FIXTURE
        .index
        .search(site, lang, request)
        .unwrap_or_else(|e| panic!("search {request:?} on {site}/{lang}: {e}"))
}

/// All results of one type.
fn all_of(site: Site, lang: Lang, q: &str, kind: SearchResultType) -> Vec<SearchResult> {
    let answer = search(site, lang, &SearchRequest::new(q).of_type(kind));
    assert_eq!(answer.groups.len(), 1, "one group for type {kind:?}");
    answer.groups[0].items.clone()
}

fn slugs(results: &[SearchResult]) -> BTreeSet<String> {
    results.iter().map(|r| r.slug.clone()).collect()
}

/// Shows that the index holds (not gone, not moved).
fn live_shows(site: Site, lang: Lang) -> Vec<&'static Show> {
    let gone = &FIXTURE.snapshot.site(site).expect("site").gone_shows;
    locale(site, lang)
        .shows
        .iter()
        .filter(|s| s.redirect_slug.is_none() && !gone.contains(&s.slug))
        .collect()
}

/// Every word a show is found by: title, people, genres.
fn show_words(show: &Show) -> Vec<String> {
    let mut all = words(&show.title);
    for text in [show.directors.as_deref(), show.actors.as_deref()]
        .into_iter()
        .flatten()
    {
        all.extend(words(text));
    }
    for genre in &show.genres {
        all.extend(words(genre));
    }
    all
}

#[test]
fn the_index_is_shareable_across_threads() {
    fn shareable<T: Send + Sync>() {}
    shareable::<SearchIndex>();
    for site in Site::ALL {
        for &lang in site.languages() {
            assert!(
                FIXTURE.index.documents(site, lang).unwrap_or(0) > 0,
                "{site}/{lang} is indexed"
            );
        }
    }
}

#[test]
fn geneve_finds_the_geneva_cinemas_on_the_swiss_site() {
    for lang in [Lang::Fr, Lang::En, Lang::De] {
        let expected: BTreeSet<String> = locale(Site::Ch, lang)
            .cinemas
            .iter()
            .filter(|c| words(&c.city).iter().any(|w| w == "geneve"))
            .map(|c| c.slug.clone())
            .collect();
        if lang == Lang::Fr {
            assert!(!expected.is_empty(), "the demo has cinemas in Genève");
        }
        let found = all_of(Site::Ch, lang, "geneve", SearchResultType::Cinema);
        assert!(
            slugs(&found).is_superset(&expected),
            "{lang}: {expected:?} ⊄ {:?}",
            slugs(&found)
        );
        for result in &found {
            let payload = result.cinema_payload().expect("a cinema payload");
            let text = fold(&format!(
                "{} {}",
                payload.cinema.name, payload.cinema.address.city
            ));
            assert!(
                text.contains("genev"),
                "{lang}: {} is not in Genève",
                result.title
            );
        }
    }
}

#[test]
fn accents_and_case_do_not_matter() {
    let plain = search(Site::Ch, Lang::Fr, &SearchRequest::new("geneve"));
    assert!(plain
        .group(SearchResultType::Cinema)
        .is_some_and(|g| g.total > 0));
    for variant in ["GENÈVE", "genève", "Genève", "  GeNeVe  "] {
        let answer = search(Site::Ch, Lang::Fr, &SearchRequest::new(variant));
        assert_eq!(
            answer.groups, plain.groups,
            "{variant:?} answers like \"geneve\""
        );
    }
}

#[test]
fn every_prefix_of_a_real_title_finds_it_as_typed() {
    let show = live_shows(Site::Ch, Lang::Fr)
        .into_iter()
        .find(|s| words(&s.title).len() >= 3)
        .expect("a show with a title of three words or more");
    let title: Vec<char> = show.title.chars().collect();
    for end in MIN_SEARCH_LENGTH..=title.len() {
        let typed: String = title[..end].iter().collect();
        if typed.trim().chars().count() < MIN_SEARCH_LENGTH {
            continue;
        }
        let found = all_of(Site::Ch, Lang::Fr, &typed, SearchResultType::Show);
        assert!(
            slugs(&found).contains(&show.slug),
            "{typed:?} does not find {:?}",
            show.title
        );
    }
    // And the grouped answer has it in its preview once the title is complete: the exact
    // title ranks first among titles sharing its words.
    let answer = search(Site::Ch, Lang::Fr, &SearchRequest::new(&show.title));
    let shows = answer.group(SearchResultType::Show).expect("a show group");
    assert_eq!(
        shows.items.first().map(|r| &r.slug),
        Some(&show.slug),
        "{:?}",
        show.title
    );
}

#[test]
fn a_query_word_must_match_or_nothing_is_found() {
    // "all words must match": a real title word plus a word that is in no show.
    let show = live_shows(Site::Fr, Lang::Fr)[0];
    let first = words(&show.title)
        .into_iter()
        .max_by_key(|w| w.len())
        .expect("a title word");
    let found = all_of(
        Site::Fr,
        Lang::Fr,
        &format!("{first} qqqzzz"),
        SearchResultType::Show,
    );
    assert!(found.is_empty(), "{first} qqqzzz found {:?}", slugs(&found));
}

/// A word with one letter replaced at `at` by a letter it does not have there.
fn with_typo(word: &str, at: usize) -> String {
    word.chars()
        .enumerate()
        .map(|(i, c)| {
            if i == at {
                if c == 'x' {
                    'q'
                } else {
                    'x'
                }
            } else {
                c
            }
        })
        .collect()
}

#[test]
fn one_typo_in_a_word_of_five_letters_or_more_still_finds() {
    let mut checked = 0;
    for show in live_shows(Site::Fr, Lang::Fr) {
        let all_words = show_words(show);
        for word in words(&show.title)
            .into_iter()
            .filter(|w| w.chars().count() >= 5)
        {
            let typo = with_typo(&word, 2);
            // Otherwise a plain prefix would find it and the test would prove nothing.
            if all_words.iter().any(|w| w.starts_with(&typo)) {
                continue;
            }
            let found = all_of(Site::Fr, Lang::Fr, &typo, SearchResultType::Show);
            assert!(
                slugs(&found).contains(&show.slug),
                "{typo:?} (for {word:?}) does not find {:?}",
                show.title
            );
            checked += 1;
        }
        if checked >= 10 {
            break;
        }
    }
    assert!(checked >= 10, "the demo has long title words");
    // A typo on a city name, accent included.
    let found = all_of(Site::Ch, Lang::Fr, "Genèbe", SearchResultType::Cinema);
    assert!(
        found.iter().any(|r| fold(&r.title).contains("geneve")),
        "Genèbe finds Genève"
    );
}

#[test]
fn short_words_are_not_typo_tolerant() {
    // A 4-letter title word with one letter changed, such that the changed word starts no
    // word of any show: with typo tolerance it would find the show, without it nothing.
    let shows = live_shows(Site::Fr, Lang::Fr);
    let every_word: Vec<String> = shows.iter().flat_map(|s| show_words(s)).collect();
    let mut checked = 0;
    for show in &shows {
        for word in words(&show.title)
            .into_iter()
            .filter(|w| w.chars().count() == 4)
        {
            let typo = with_typo(&word, 2);
            if every_word.iter().any(|w| w.starts_with(&typo)) {
                continue;
            }
            let found = all_of(Site::Fr, Lang::Fr, &typo, SearchResultType::Show);
            assert!(
                !slugs(&found).contains(&show.slug),
                "{typo:?} fuzzy-matched {:?}",
                show.title
            );
            // The same change on the whole title word at five letters would be found: this
            // is the length rule, not a word that never matches.
            checked += 1;
        }
    }
    assert!(checked > 0, "the demo has 4-letter title words");
}

#[test]
fn postal_code_prefixes_find_exactly_the_cinemas_with_such_a_code() {
    let mut checked = 0;
    for (site, lang) in [
        (Site::Fr, Lang::Fr),
        (Site::Nl, Lang::Nl),
        (Site::Ch, Lang::De),
        (Site::Be, Lang::Fr),
    ] {
        let content = locale(site, lang);
        let city_codes: HashMap<&str, &str> = content
            .cities
            .iter()
            .map(|c| (c.city.slug.as_str(), c.city.postal_code.as_str()))
            .collect();
        let mut prefixes: BTreeSet<String> = BTreeSet::new();
        for cinema in &content.cinemas {
            for code in [
                cinema.theater_postal_code.as_deref(),
                city_codes.get(cinema.city_slug.as_str()).copied(),
            ]
            .into_iter()
            .flatten()
            {
                for len in 3..=code.len().min(5) {
                    prefixes.insert(code[..len].to_string());
                }
            }
        }
        if site == Site::Fr {
            assert!(prefixes.contains("750"), "Paris cinemas have 750xx codes");
        }
        for prefix in &prefixes {
            let expected: BTreeSet<String> = content
                .cinemas
                .iter()
                .filter(|c| {
                    cinema_matches(
                        prefix,
                        &c.name,
                        &c.city,
                        city_codes.get(c.city_slug.as_str()).copied(),
                        c.theater_postal_code.as_deref(),
                    )
                })
                .map(|c| c.slug.clone())
                .collect();
            assert!(!expected.is_empty());
            let found = slugs(&all_of(site, lang, prefix, SearchResultType::Cinema));
            assert_eq!(found, expected, "{site}/{lang} {prefix:?}");
            checked += 1;
        }
    }
    assert!(checked > 20);
    // A code that no cinema has finds no cinema.
    assert!(all_of(Site::Fr, Lang::Fr, "99999", SearchResultType::Cinema).is_empty());
}

#[test]
fn either_postal_code_finds_a_cinema() {
    // In the demo a theatre's code always starts with its city's, so the test above cannot
    // tell the two apart: give one cinema a theatre code of its own and index that.
    let mut snapshot = FIXTURE.snapshot.clone();
    let content = snapshot
        .sites
        .iter_mut()
        .find(|s| s.site == Site::Fr)
        .and_then(|s| s.locales.iter_mut().find(|l| l.language == Some(Lang::Fr)))
        .expect("FR/fr");
    let city_codes: HashMap<String, String> = content
        .cities
        .iter()
        .map(|c| (c.city.slug.clone(), c.city.postal_code.clone()))
        .collect();
    let cinema = content
        .cinemas
        .iter_mut()
        .find(|c| city_codes[&c.city_slug].len() >= MIN_SEARCH_LENGTH)
        .expect("a city with a full postal code");
    cinema.cinema.theater_postal_code = Some("99 999".into());
    let slug = cinema.slug.clone();
    let city_code = city_codes[&cinema.city_slug].clone();
    let index = SearchIndex::build(&snapshot, &FIXTURE.routes).expect("indexes");
    let found = |q: &str| -> BTreeSet<String> {
        let answer = index
            .search(
                Site::Fr,
                Lang::Fr,
                &SearchRequest::new(q).of_type(SearchResultType::Cinema),
            )
            .expect("searches");
        slugs(&answer.groups[0].items)
    };
    assert!(
        found(&city_code[..MIN_SEARCH_LENGTH]).contains(&slug),
        "by the city's code {city_code}"
    );
    assert!(found("999").contains(&slug), "by the theatre's code");
    assert!(found("99 99").contains(&slug), "blanks do not count");
}

#[test]
fn events_never_appear() {
    let seasons = &locale(Site::Fr, Lang::Fr).seasons;
    assert!(
        !seasons.is_empty(),
        "the demo has seasons and special events"
    );
    for season in seasons.iter().filter(|s| s.season.active) {
        for request in [
            SearchRequest::new(&season.season.title),
            SearchRequest::new(&season.season.title).faq(),
        ] {
            let answer = search(Site::Fr, Lang::Fr, &request);
            assert!(answer
                .groups
                .iter()
                .all(|g| g.kind != SearchResultType::Event));
            for group in &answer.groups {
                assert!(
                    group.items.iter().all(|r| r.kind == group.kind),
                    "{:?}",
                    season.season.title
                );
            }
        }
    }
    assert_eq!(
        FIXTURE.index.search(
            Site::Fr,
            Lang::Fr,
            &SearchRequest::new("saison").of_type(SearchResultType::Event)
        ),
        Err(SearchError::TypeNotSearchable(SearchResultType::Event))
    );
}

/// Queries that match many items of several types in FR/fr, from the data: the brand's
/// first cinema-name word, the most common show-title word, an FAQ title word.
fn broad_queries() -> Vec<String> {
    let content = locale(Site::Fr, Lang::Fr);
    let mut counts: HashMap<String, usize> = HashMap::new();
    for show in live_shows(Site::Fr, Lang::Fr) {
        for word in words(&show.title).into_iter().filter(|w| w.len() >= 4) {
            *counts.entry(word).or_default() += 1;
        }
    }
    let common_show_word = counts
        .into_iter()
        .max_by_key(|(w, n)| (*n, w.clone()))
        .expect("show words")
        .0;
    let cinema_word = words(&content.cinemas[0].name)
        .into_iter()
        .next()
        .expect("a cinema name");
    let faq_word = words(&content.faq_articles[0].title)
        .into_iter()
        .find(|w| w.len() >= 5)
        .expect("an FAQ title word");
    vec![common_show_word, cinema_word, faq_word]
}

#[test]
fn previews_are_capped_and_totals_counted() {
    let mut capped = 0;
    for q in broad_queries() {
        let answer = search(Site::Fr, Lang::Fr, &SearchRequest::new(&q));
        let kinds: Vec<SearchResultType> = answer.groups.iter().map(|g| g.kind).collect();
        assert_eq!(
            kinds,
            GROUPS.map(|(k, _)| k).to_vec(),
            "all groups, in the modal's order"
        );
        for group in &answer.groups {
            let cap = preview_size(group.kind).expect("a group type");
            assert_eq!(
                group.items.len(),
                group.total.min(cap),
                "{q:?} {:?}",
                group.kind
            );
            let all = all_of(Site::Fr, Lang::Fr, &q, group.kind);
            assert_eq!(
                group.total,
                all.len(),
                "{q:?} {:?}: total counts every result",
                group.kind
            );
            assert_eq!(
                group.items[..],
                all[..group.items.len()],
                "{q:?} {:?}: the preview is the best",
                group.kind
            );
            if group.total > cap {
                capped += 1;
            }
        }
    }
    assert!(
        capped >= 2,
        "some groups have more results than their preview"
    );
}

#[test]
fn one_type_returns_all_its_results() {
    for q in broad_queries() {
        for (kind, _) in GROUPS {
            let answer = search(Site::Fr, Lang::Fr, &SearchRequest::new(&q).of_type(kind));
            assert_eq!(answer.groups.len(), 1);
            let group = &answer.groups[0];
            assert_eq!(group.kind, kind);
            assert_eq!(group.items.len(), group.total);
            assert!(group.items.iter().all(|r| r.kind == kind));
        }
    }
    // The brand word is in every cinema's name: the cinema type lists them all.
    let content = locale(Site::Fr, Lang::Fr);
    let brand_word = &broad_queries()[1];
    let all = all_of(Site::Fr, Lang::Fr, brand_word, SearchResultType::Cinema);
    assert_eq!(
        all.len(),
        content
            .cinemas
            .iter()
            .filter(|c| c.redirect_slug.is_none())
            .count()
    );
}

#[test]
fn the_faq_scope_returns_only_faq() {
    let faq_word = &broad_queries()[2];
    for q in broad_queries() {
        let answer = search(Site::Fr, Lang::Fr, &SearchRequest::new(&q).faq());
        assert_eq!(answer.groups.len(), 1);
        assert_eq!(answer.groups[0].kind, SearchResultType::Faq);
        assert!(answer.groups[0]
            .items
            .iter()
            .all(|r| r.kind == SearchResultType::Faq));
        if &q == faq_word {
            assert!(answer.groups[0].total > 0);
        }
    }
    // The brand word finds cinemas in the site-wide search, none in the FAQ scope.
    let brand_word = &broad_queries()[1];
    let everything = search(Site::Fr, Lang::Fr, &SearchRequest::new(brand_word));
    assert!(everything
        .group(SearchResultType::Cinema)
        .is_some_and(|g| g.total > 0));
    let faq = search(Site::Fr, Lang::Fr, &SearchRequest::new(brand_word).faq());
    assert!(faq.group(SearchResultType::Cinema).is_none());
    // A type other than faq in the FAQ scope: nothing.
    let none = search(
        Site::Fr,
        Lang::Fr,
        &SearchRequest::new(brand_word)
            .faq()
            .of_type(SearchResultType::Cinema),
    );
    assert!(none.groups.is_empty());
}

#[test]
fn too_short_queries_are_refused() {
    for q in ["", "  ", "ab", " a ", "é"] {
        let err = FIXTURE
            .index
            .search(Site::Fr, Lang::Fr, &SearchRequest::new(q))
            .unwrap_err();
        assert_eq!(
            err,
            SearchError::QueryTooShort {
                min: MIN_SEARCH_LENGTH
            },
            "{q:?}"
        );
        assert!(err.is_bad_request());
    }
    assert!(FIXTURE
        .index
        .search(Site::Fr, Lang::Fr, &SearchRequest::new("abc"))
        .is_ok());
}

#[test]
fn hostile_queries_neither_panic_nor_match_oddly() {
    let huge = "a".repeat(10_000);
    let err = FIXTURE
        .index
        .search(Site::Fr, Lang::Fr, &SearchRequest::new(&huge))
        .unwrap_err();
    assert_eq!(
        err,
        SearchError::QueryTooLong {
            max: MAX_QUERY_CHARS
        }
    );
    assert!(err.is_bad_request());
    let at_limit = "ab ".repeat(MAX_QUERY_CHARS / 3);
    assert!(FIXTURE
        .index
        .search(Site::Fr, Lang::Fr, &SearchRequest::new(&at_limit))
        .is_ok());
    for q in [
        "<script>alert(1)</script>",
        "\"*:()[]",
        "title:foo AND body:bar~2",
        "%00%ff\\u0000",
        "\u{0}\u{0}\u{0}",
        "\u{10FFFF}\u{10FFFF}x",
        "🎬🎬🎬",
        "'; DROP TABLE shows; --",
        "*****",
        "𝔊𝔢𝔫𝔢𝔳𝔢",
    ] {
        let answer = FIXTURE
            .index
            .search(Site::Fr, Lang::Fr, &SearchRequest::new(q))
            .unwrap_or_else(|e| panic!("{q:?}: {e}"));
        assert_eq!(answer.query, q);
        for group in &answer.groups {
            assert!(group.items.len() <= group.total);
        }
    }
    // Punctuation is only a separator: it neither breaks nor widens a search.
    let plain = search(Site::Ch, Lang::Fr, &SearchRequest::new("geneve"));
    let noisy = search(Site::Ch, Lang::Fr, &SearchRequest::new("\"*geneve:()[]"));
    assert_eq!(plain.groups, noisy.groups);
}

#[test]
fn results_link_to_pages_of_their_site_and_language() {
    let routes = &FIXTURE.routes;
    for (site, lang) in [
        (Site::Ch, Lang::De),
        (Site::Fr, Lang::Fr),
        (Site::Nl, Lang::En),
    ] {
        for show in live_shows(site, lang).into_iter().take(5) {
            let page = if show.is_movie {
                PageKind::Show
            } else {
                PageKind::Event
            };
            let expected = routes
                .path(page, site, lang, &Params::slug(&show.slug), false)
                .expect("a show page");
            let found = all_of(site, lang, &show.title, SearchResultType::Show);
            let result = found
                .iter()
                .find(|r| r.slug == show.slug)
                .expect("the show is found by its title");
            assert_eq!(result.url.as_deref(), Some(expected.as_str()));
            let route = result.route.as_ref().expect("a route");
            assert_eq!(route.parameters.get("slug"), Some(&show.slug));
            let pattern = routes
                .route(page, site, lang, false)
                .expect("route")
                .full_pattern();
            assert_eq!(route.path, pattern);
            let payload = result.show_payload().expect("a show payload");
            assert_eq!(payload.releases, show.releases);
        }
        let cinema = &locale(site, lang).cinemas[0];
        let found = all_of(site, lang, &cinema.name, SearchResultType::Cinema);
        let result = found
            .iter()
            .find(|r| r.slug == cinema.slug)
            .expect("the cinema is found by its name");
        let expected = routes.path(
            PageKind::Cinema,
            site,
            lang,
            &Params::slug(&cinema.slug),
            false,
        );
        assert_eq!(result.url, expected);
        let payload = result.cinema_payload().expect("a cinema payload");
        assert_eq!(payload.cinema.slug, cinema.slug);
        assert_eq!(payload.cinema.tags, cinema.tags);
    }
    // FAQ results link to the help article in the page language.
    let faq = &locale(Site::Nl, Lang::Nl).faq_articles[0];
    let found = all_of(Site::Nl, Lang::Nl, &faq.title, SearchResultType::Faq);
    let result = found
        .iter()
        .find(|r| r.slug == faq.slug)
        .expect("the FAQ article is found by its title");
    assert_eq!(
        result.url,
        routes.path(
            PageKind::HelpArticleBySlug,
            Site::Nl,
            Lang::Nl,
            &Params::slug(&faq.slug),
            false
        )
    );
    assert_eq!(result.topic.as_deref(), Some(faq.category.name.as_str()));
}

/// Optimal-string-alignment distance (a transposition counts as one edit), as tantivy's
/// Levenshtein automata count.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// Whether `word` is within one edit of the start of `term` (how a typo'd word matches).
fn one_edit_from_a_prefix(word: &str, term: &str) -> bool {
    let w: Vec<char> = word.chars().collect();
    let t: Vec<char> = term.chars().collect();
    (0..=t.len()).any(|end| edit_distance(&w, &t[..end]) <= 1)
}

/// How a show matches a query word, best first: title exact, prefix, typo; then the same
/// in the body (people, genres); 6 when it does not match.
fn match_class(show: &Show, w: &str) -> u8 {
    let title = words(&show.title);
    let mut body = show_words(show);
    body.drain(..title.len());
    let fuzzy = w.chars().count() >= FUZZY_MIN_CHARS;
    let class = |list: &[String]| -> Option<u8> {
        if list.iter().any(|t| t == w) {
            Some(0)
        } else if list.iter().any(|t| t.starts_with(w)) {
            Some(1)
        } else if fuzzy && list.iter().any(|t| one_edit_from_a_prefix(w, t)) {
            Some(2)
        } else {
            None
        }
    };
    class(&title)
        .or_else(|| class(&body).map(|c| c + 3))
        .unwrap_or(6)
}

#[test]
fn exact_title_words_rank_before_prefixes_and_titles_before_bodies() {
    // Words that some shows have as a whole title word, others as the start of one, with a
    // typo, or only in their people or genres. Results must come class by class (the exact
    // set a class predicts), alphabetically within one.
    let mut checked = 0;
    for (site, lang) in [
        (Site::Fr, Lang::Fr),
        (Site::Nl, Lang::Nl),
        (Site::Ch, Lang::De),
    ] {
        let shows = live_shows(site, lang);
        let by_slug: HashMap<&str, &Show> = shows.iter().map(|s| (s.slug.as_str(), *s)).collect();
        let candidates: BTreeSet<String> = shows
            .iter()
            .flat_map(|s| show_words(s))
            .filter(|w| w.chars().count() >= MIN_SEARCH_LENGTH)
            .collect();
        for w in &candidates {
            let expected: BTreeSet<(u8, String)> = shows
                .iter()
                .map(|s| (match_class(s, w), s.slug.clone()))
                .filter(|(c, _)| *c < 6)
                .collect();
            let classes: BTreeSet<u8> = expected.iter().map(|(c, _)| *c).collect();
            if classes.len() < 2 {
                continue;
            }
            let found = all_of(site, lang, w, SearchResultType::Show);
            let got: BTreeSet<(u8, String)> = found
                .iter()
                .map(|r| (match_class(by_slug[r.slug.as_str()], w), r.slug.clone()))
                .collect();
            assert_eq!(
                got, expected,
                "{site}/{lang} {w:?}: the shows found and how"
            );
            let order: Vec<u8> = found
                .iter()
                .map(|r| match_class(by_slug[r.slug.as_str()], w))
                .collect();
            assert!(
                order.windows(2).all(|p| p[0] <= p[1]),
                "{site}/{lang} {w:?}: classes in result order {order:?}"
            );
            for (pair, classes) in found.windows(2).zip(order.windows(2)) {
                if classes[0] == classes[1] {
                    assert!(
                        fold(&pair[0].title) <= fold(&pair[1].title),
                        "{w:?}: {:?} before {:?}",
                        pair[0].title,
                        pair[1].title
                    );
                }
            }
            checked += 1;
        }
    }
    eprintln!("checked {checked} words");
    assert!(checked >= 10, "the demo has words in titles and in bodies");
}

#[test]
fn the_answer_serialises_as_documented() {
    let answer = search(Site::Ch, Lang::Fr, &SearchRequest::new("geneve"));
    let json = serde_json::to_value(&answer).expect("serialises");
    assert_eq!(json["query"], "geneve");
    let groups = json["groups"].as_array().expect("groups");
    assert_eq!(groups.len(), GROUPS.len());
    assert_eq!(groups[1]["type"], "cinema");
    assert!(groups[1]["total"].as_u64().is_some_and(|n| n > 0));
    let first = &groups[1]["items"][0];
    assert_eq!(first["type"], "cinema");
    assert!(first["url"].is_string() && first["route"]["path"].is_string());
    assert!(first["payload"]["cinema"]["address"]["postalCode"].is_string());
    let back: SearchAnswer = serde_json::from_value(json).expect("reads back");
    assert_eq!(back, answer);
}

#[test]
fn unknown_locales_are_a_server_error() {
    // CH has no Dutch: the API never asks, and if it did this is its fault, not the visitor's.
    let err = FIXTURE
        .index
        .search(Site::Ch, Lang::Nl, &SearchRequest::new("geneve"))
        .unwrap_err();
    assert_eq!(
        err,
        SearchError::UnknownLocale {
            site: Site::Ch,
            lang: Lang::Nl
        }
    );
    assert!(!err.is_bad_request());
}
