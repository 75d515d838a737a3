//! Hostile content through the real writers, fuzzed by property: a demo snapshot with
//! generated gone shows, moved articles (old and new slugs) and injected script addresses
//! holding arbitrary unicode, `\`, `%`, `//`, newlines, `;`, `{`, quotes…, served by the real
//! runtime API and built by the generator (FR in French). Whatever the content, `_redirects`
//! keeps one `from to status` rule per line with site addresses only, every plain slug gets
//! its rule and no other does, and `nginx.conf` still reads as the blocks and directives it
//! was meant to have, nothing from content outside a quoted string.
//!
//! `FUZZ_CASES` sets the number of hostile values, all in one build (a build takes seconds,
//! so at most [`MOST_PER_BUILD`]); the writers alone run a million rules per second in the
//! generator's unit test `nginx::fuzz`. scripts/bench runs this module alone in the release
//! profile (`cargo test --release -p generator --test site_build fuzz::`).

use crate::common::*;
use proptest::prelude::*;
use proptest::strategy::{BoxedStrategy, ValueTree};
use proptest::test_runner::{Config, FileFailurePersistence, TestRunner};
use serde_json::{json, Value};
use site::routes::{is_param_value, PageKind, Params};
use site::{Lang, Site};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::LazyLock;

/// A build with a million gone shows would test the API's JSON more than the writers.
const MOST_PER_BUILD: usize = 5000;

fn cases() -> usize {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
        .min(MOST_PER_BUILD)
}

const HOSTILE: &[&str] = &[
    "/", "//", "..", ".", "\\", "%", "%0a", "%2F", ";", "{", "}", "\"", "'", " ", "\n", "\r", "\t",
    "\0", "$", "$uri", "#", "?", "~", "é", "\u{202e}", "\u{2028}", "filters",
];

/// A slug, often with hostile pieces spliced in; sometimes anything at all.
fn hostile_slug() -> impl Strategy<Value = String> {
    let spliced = (
        "[a-z0-9][a-z0-9._~-]{0,12}",
        prop::collection::vec(
            (prop::sample::select(HOSTILE), any::<prop::sample::Index>()),
            0..3,
        ),
    )
        .prop_map(|(mut s, pieces)| {
            for (piece, at) in pieces {
                let at = at.index(s.chars().count() + 1);
                let byte = s.char_indices().nth(at).map_or(s.len(), |(i, _)| i);
                s.insert_str(byte, piece);
            }
            s
        });
    prop_oneof![
        6 => spliced,
        1 => "\\PC{0,16}",
        1 => any::<String>().prop_map(|s| s.chars().take(24).collect()),
        1 => Just("https://evil.example/x".to_string()),
    ]
}

/// A script address for the injections, which becomes a CSP origin in `nginx.conf`.
fn hostile_src() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["https://", "http://", "//", "javascript:", ""]),
        hostile_slug(),
    )
        .prop_map(|(scheme, rest)| format!("{scheme}{rest}.example/t.js"))
}

struct Built {
    redirects: String,
    nginx: String,
    gone: Vec<String>,
    moved: Vec<(String, String)>,
}

static BUILT: LazyLock<Built> = LazyLock::new(|| {
    let n = cases();
    let mut runner = TestRunner::new(Config {
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        ..Config::default()
    });
    let (slug, src) = (hostile_slug().boxed(), hostile_src().boxed());
    let mut draw = |s: &BoxedStrategy<String>| s.new_tree(&mut runner).expect("a value").current();
    let gone: Vec<String> = (0..n).map(|_| draw(&slug)).collect();
    let moved: Vec<(String, String)> = (0..n).map(|_| (draw(&slug), draw(&slug))).collect();
    let srcs: Vec<String> = (0..n.min(64)).map(|_| draw(&src)).collect();

    let mut value = demo_snapshot_value();
    value["settings"]["injections"] = srcs
        .iter()
        .map(|src| json!({"position": "bodyEnd", "element": "script", "attributes": {"src": src}}))
        .collect();
    let sites = value["sites"].as_array_mut().expect("sites");
    let fr = sites
        .iter_mut()
        .find(|s| s["site"] == "fr")
        .expect("the FR site");
    let list = fr["goneShows"].as_array_mut().expect("goneShows");
    list.extend(gone.iter().map(|s| Value::from(s.as_str())));
    let gone: Vec<String> = list
        .iter()
        .filter_map(|s| s.as_str().map(str::to_string))
        .collect();
    let locale = fr["locales"]
        .as_array_mut()
        .expect("locales")
        .iter_mut()
        .find(|l| l["language"] == "fr")
        .expect("the French locale");
    let articles = locale["articles"].as_array_mut().expect("articles");
    let model = articles.first().expect("an article").clone();
    // One article per old slug: two articles sharing a slug are one address, and the API
    // names one move for it (which one is its business, not the writers').
    let mut taken: BTreeSet<String> = articles
        .iter()
        .filter_map(|a| a["slug"].as_str().map(str::to_string))
        .collect();
    let moved: Vec<(String, String)> = moved
        .into_iter()
        .filter(|(from, _)| taken.insert(from.clone()))
        .collect();
    for (i, (from, to)) in moved.iter().enumerate() {
        let mut article = model.clone();
        article["slug"] = from.as_str().into();
        article["redirectSlug"] = to.as_str().into();
        article["reference"] = format!("fuzz-moved-{i}").into();
        articles.push(article);
    }
    let moved: Vec<(String, String)> = articles
        .iter()
        .filter_map(|a| {
            Some((
                a["slug"].as_str()?.to_string(),
                a["redirectSlug"].as_str()?.to_string(),
            ))
        })
        .collect();
    let snapshot = serde_json::from_value(value).expect("the hostile snapshot deserialises");

    build_fr("fuzz", snapshot, None, PathBuf::from("none"));
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("generator-site-build")
        .join("modified-fuzz")
        .join("out");
    let read =
        |p: PathBuf| std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    Built {
        redirects: read(out.join("fr/_redirects")),
        nginx: read(out.join("nginx.conf")),
        gone,
        moved,
    }
});

/// `(from, to, status)` of every rule line of `_redirects`.
fn rules() -> Vec<(&'static str, &'static str, &'static str)> {
    BUILT
        .redirects
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            assert_eq!(
                fields.len(),
                3,
                "a rule line of _redirects is not `from to status`: {line:?}"
            );
            (fields[0], fields[1], fields[2])
        })
        .collect()
}

/// What a site address written by the generator may hold: unreserved characters and `/`.
fn plain_path(path: &str) -> bool {
    path.starts_with('/')
        && !path.contains("//")
        && path
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.~/".contains(&b))
}

fn path(kind: PageKind, slug: &str) -> Option<String> {
    TABLE.path(kind, Site::Fr, Lang::Fr, &Params::slug(slug), false)
}

#[test]
fn every_redirect_rule_is_three_plain_fields_between_addresses_of_the_site() {
    let rules = rules();
    assert!(
        rules.len() >= cases() / 4,
        "only {} rules: the hostile content did not reach the writer",
        rules.len()
    );
    for (from, to, status) in rules {
        assert!(plain_path(from), "from {from:?}");
        assert!(plain_path(to) || to.starts_with("https://"), "to {to:?}");
        assert!(matches!(status, "301" | "410"), "status {status:?}");
        let page = TABLE.parse(Site::Fr, from);
        assert!(page.is_some(), "{from:?} is no page address of the site");
    }
}

#[test]
fn every_plain_slug_gets_its_rule_and_no_other_slug_does() {
    let rules = rules();
    let gone_page = TABLE
        .path(PageKind::Gone, Site::Fr, Lang::Fr, &Params::new(), false)
        .expect("the gone page");
    let expected_gone: BTreeSet<String> = BUILT
        .gone
        .iter()
        .filter(|s| is_param_value(s))
        .filter_map(|s| path(PageKind::Show, s))
        .collect();
    let written_gone: BTreeSet<String> = rules
        .iter()
        .filter(|(_, _, status)| *status == "410")
        .map(|(from, to, _)| {
            assert_eq!(
                *to, gone_page,
                "a 410 rule leads elsewhere than the gone page"
            );
            from.to_string()
        })
        .collect();
    let missing: Vec<_> = expected_gone.difference(&written_gone).collect();
    let extra: Vec<_> = written_gone.difference(&expected_gone).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "gone shows: rules missing for {missing:?}, rules for no plain slug {extra:?}"
    );
    // Old address → the new ones the content names for it (two articles may share an old
    // slug: one rule is written, to one of them).
    let mut expected_moves: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, to) in &BUILT.moved {
        let plain = is_param_value(from) && is_param_value(to);
        let rule = path(PageKind::NewsItem, from).zip(path(PageKind::NewsItem, to));
        match rule {
            Some((f, t)) => {
                assert!(plain, "{from:?} → {to:?} made a path");
                expected_moves.entry(f).or_default().insert(t);
            }
            None => assert!(!plain, "{from:?} → {to:?}: plain slugs without a path"),
        }
    }
    let news_prefix = path(PageKind::NewsItem, "x").expect("a news path");
    let news_prefix = news_prefix.trim_end_matches('x');
    let written_moves: BTreeMap<&str, &str> = rules
        .iter()
        .filter(|(from, _, status)| *status == "301" && from.starts_with(news_prefix))
        .map(|(from, to, _)| (*from, *to))
        .collect();
    let written_from: BTreeSet<&str> = written_moves.keys().copied().collect();
    let expected_from: BTreeSet<&str> = expected_moves.keys().map(String::as_str).collect();
    let missing: Vec<_> = expected_from.difference(&written_from).collect();
    let extra: Vec<_> = written_from.difference(&expected_from).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "moved articles: rules missing for {missing:?}, rules for no plain move {extra:?}"
    );
    for (from, to) in written_moves {
        assert!(
            expected_moves[from].contains(to),
            "{from} {to} 301: no such move"
        );
    }
}

/// A token of an nginx configuration line: a word, a quoted string (its content), or one of
/// `;` `{` `}`.
#[derive(Debug, PartialEq)]
enum Token {
    Word(String),
    Quoted(String),
    End,
    Open,
    Close,
}

/// nginx's tokens of one line; `Err` for an unterminated string or a bad escape.
fn tokens(line: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        match c {
            ' ' | '\t' => {
                chars.next();
            }
            '#' => break,
            ';' | '{' | '}' => {
                chars.next();
                out.push(match c {
                    ';' => Token::End,
                    '{' => Token::Open,
                    _ => Token::Close,
                });
            }
            '"' => {
                chars.next();
                let mut s = String::new();
                loop {
                    match chars.next() {
                        None => return Err(format!("unterminated string in {line:?}")),
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(e @ ('"' | '\\')) => s.push(e),
                            // nginx keeps other escapes as written (regular expressions).
                            Some(e) => {
                                s.push('\\');
                                s.push(e);
                            }
                            None => return Err(format!("escape at the end of {line:?}")),
                        },
                        Some(c) => s.push(c),
                    }
                }
                out.push(Token::Quoted(s));
            }
            _ => {
                let mut w = String::new();
                while let Some(&c) = chars.peek() {
                    if matches!(c, ' ' | '\t' | ';' | '{' | '}' | '"') {
                        break;
                    }
                    w.push(c);
                    chars.next();
                }
                out.push(Token::Word(w));
            }
        }
    }
    Ok(out)
}

#[test]
fn the_nginx_configuration_keeps_its_shape_whatever_the_content() {
    let conf = &BUILT.nginx;
    let rules = rules();
    let mut depth = 0i32;
    let mut block = String::new();
    let (mut redirect_entries, mut gone_entries) = (0, 0);
    for line in conf.lines() {
        assert!(
            !line.chars().any(|c| c.is_control() && c != '\t'),
            "control character in {line:?}"
        );
        let tokens = tokens(line).unwrap_or_else(|e| panic!("{e}"));
        for t in &tokens {
            match t {
                Token::Open => depth += 1,
                Token::Close => depth -= 1,
                Token::Quoted(s) => {
                    assert!(
                        !s.contains('$') || !line.starts_with("    \"/"),
                        "a map entry reads a variable: {line:?}"
                    )
                }
                _ => {}
            }
            assert!(depth >= 0, "a block closes that never opened: {line:?}");
        }
        if let [Token::Word(map), Token::Word(_), Token::Word(var), Token::Open] = tokens.as_slice()
        {
            if map == "map" {
                block = var.clone();
                continue;
            }
        }
        if block == "$redirect_fr" || block == "$gone_fr" {
            match tokens.as_slice() {
                [Token::Close] => block.clear(),
                [Token::Word(w), _, Token::End] if w == "default" => {}
                [Token::Word(w), Token::End] if w == "volatile" => {}
                [Token::Quoted(from), Token::Quoted(to), Token::End] if block == "$redirect_fr" => {
                    assert!(
                        plain_path(from) && (plain_path(to) || to.starts_with("https://")),
                        "{line:?}"
                    );
                    redirect_entries += 1;
                }
                [Token::Quoted(from), Token::Word(one), Token::End]
                    if block == "$gone_fr" && one == "1" =>
                {
                    assert!(plain_path(from), "{line:?}");
                    gone_entries += 1;
                }
                other => panic!("in map {block}: {line:?} reads as {other:?}"),
            }
        } else {
            // Statements of the line (`location … { add_header …; add_header …; }` has several):
            // every `add_header` is `add_header Name "value" always;`, whatever the value holds
            // (the CSP holds the injections' origins).
            for statement in tokens.split(|t| matches!(t, Token::End | Token::Open | Token::Close))
            {
                if let Some(Token::Word(directive)) = statement.first() {
                    if directive == "add_header" {
                        assert!(
                            matches!(statement, [_, Token::Word(_), Token::Quoted(_)])
                                || matches!(statement, [_, Token::Word(_), Token::Quoted(_), Token::Word(a)] if a == "always"),
                            "{statement:?} in {line:?}"
                        );
                    }
                }
            }
        }
    }
    assert_eq!(depth, 0, "blocks left open");
    let count = |status| rules.iter().filter(|r| r.2 == status).count();
    assert_eq!(
        redirect_entries,
        count("301"),
        "map entries ≠ 301 rules of _redirects"
    );
    assert_eq!(
        gone_entries,
        count("410"),
        "map entries ≠ 410 rules of _redirects"
    );
}

#[test]
fn the_page_policy_names_only_plain_origins() {
    for line in BUILT
        .nginx
        .lines()
        .filter(|l| l.contains("Content-Security-Policy"))
    {
        let tokens = tokens(line).expect("tokens");
        for t in tokens {
            if let Token::Quoted(value) = t {
                for word in value.split([' ', ';']).filter(|w| w.contains("://")) {
                    assert_eq!(
                        site::security::origin_of(word).as_deref(),
                        Some(word),
                        "{word:?} in the policy is no origin"
                    );
                }
            }
        }
    }
}
