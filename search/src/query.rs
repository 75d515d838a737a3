//! From the typed text to a tantivy query: validation, words, and the scoring that ranks
//! title matches above body matches and exact words above prefixes above typos.
//!
//! Every word must match (as-you-type: each one as a prefix, so "star wa" finds "Star
//! Wars"). Per word, the best of these alternatives counts, with fixed scores so ranking is
//! deterministic (no BM25: a title that repeats a word should not beat a shorter one):
//!
//! | field | exact word | prefix | one typo (words of 5+ letters) |
//! |-------|-----------:|-------:|-------------------------------:|
//! | title |         32 |     16 |                              8 |
//! | body  |          4 |      2 |                              1 |
//!
//! and the word scores add up. A query that starts with a digit is a postal code for
//! cinemas (spec §5, like [`site::rules::cinema_matches`]): cinemas match it only by the
//! start of their city's or theatre's postal code, other types still by their words.

use std::ops::Bound;

use site::content::SearchResultType;
use site::rules::{search_allowed, MIN_SEARCH_LENGTH};
use site::text::is_blank;
use tantivy::query::{
    BooleanQuery, ConstScoreQuery, DisjunctionMaxQuery, FuzzyTermQuery, Occur, Query, RangeQuery,
    TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::Term;

use crate::error::SearchError;
use crate::index::Fields;
use crate::tokenizer::{postal_key, words};

/// Longest query accepted, in characters. Nobody types more into a search box; a longer one
/// is a paste or an attack and gets a clear error rather than a slow search.
pub const MAX_QUERY_CHARS: usize = 200;

/// Words of a query beyond this many are ignored: each word is a few term-dictionary
/// walks, and no title needs more words than this to be told apart.
pub const MAX_QUERY_WORDS: usize = 10;

/// Words at least this long (in folded characters) also match with one typo; shorter ones
/// would match too many unrelated words ("lion" → "lyon", "loin", "lien").
pub const FUZZY_MIN_CHARS: usize = 5;

const TITLE_EXACT: f32 = 32.0;
const TITLE_PREFIX: f32 = 16.0;
const TITLE_FUZZY: f32 = 8.0;
const BODY_EXACT: f32 = 4.0;
const BODY_PREFIX: f32 = 2.0;
const BODY_FUZZY: f32 = 1.0;
const POSTAL_PREFIX: f32 = TITLE_PREFIX;

/// A checked query: its words and, when it reads as one, its postal-code key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ParsedQuery {
    pub words: Vec<String>,
    pub postal: Option<String>,
}

/// Checks the length rules and splits the text into words (punctuation only separates
/// words: `"*:()[]` are not operators here, there is no query syntax to break).
pub(crate) fn parse(text: &str) -> Result<ParsedQuery, SearchError> {
    // Trimmed as the islands trim (`is_blank`, a byte order mark included), so both length
    // rules count the characters the search modal counted.
    let text = text.trim_matches(is_blank);
    // Count no further than needed: a megabyte of text costs no more than 201 characters.
    if text.chars().take(MAX_QUERY_CHARS + 1).count() > MAX_QUERY_CHARS {
        return Err(SearchError::QueryTooLong {
            max: MAX_QUERY_CHARS,
        });
    }
    if !search_allowed(text, MIN_SEARCH_LENGTH) {
        return Err(SearchError::QueryTooShort {
            min: MIN_SEARCH_LENGTH,
        });
    }
    let mut unique: Vec<String> = Vec::new();
    for word in words(text) {
        if !unique.contains(&word) {
            unique.push(word);
        }
    }
    unique.truncate(MAX_QUERY_WORDS);
    let postal = text
        .starts_with(|c: char| c.is_ascii_digit())
        .then(|| postal_key(text));
    Ok(ParsedQuery {
        words: unique,
        postal,
    })
}

/// The tantivy query of a parsed query; `None` when nothing can match (only punctuation).
pub(crate) fn build(parsed: &ParsedQuery, fields: &Fields) -> Option<Box<dyn Query>> {
    if parsed.words.is_empty() {
        return None;
    }
    let text: Box<dyn Query> = Box::new(BooleanQuery::new(
        parsed
            .words
            .iter()
            .map(|w| (Occur::Must, word_query(w, fields)))
            .collect(),
    ));
    let Some(postal) = &parsed.postal else {
        return Some(text);
    };
    let cinema = || -> Box<dyn Query> {
        Box::new(TermQuery::new(
            Term::from_field_u64(
                fields.kind,
                crate::index::kind_code(SearchResultType::Cinema),
            ),
            IndexRecordOption::Basic,
        ))
    };
    let cinemas_by_code = BooleanQuery::new(vec![
        (Occur::Must, cinema()),
        (
            Occur::Must,
            constant(prefix(fields.postal, postal), POSTAL_PREFIX),
        ),
    ]);
    let others_by_words = BooleanQuery::new(vec![(Occur::Must, text), (Occur::MustNot, cinema())]);
    Some(Box::new(BooleanQuery::new(vec![
        (Occur::Should, Box::new(cinemas_by_code)),
        (Occur::Should, Box::new(others_by_words)),
    ])))
}

/// The best way one word matches a document.
fn word_query(word: &str, fields: &Fields) -> Box<dyn Query> {
    let fuzzy = word.chars().count() >= FUZZY_MIN_CHARS;
    let mut ways = Vec::with_capacity(6);
    for (field, exact_score, prefix_score, fuzzy_score) in [
        (fields.title, TITLE_EXACT, TITLE_PREFIX, TITLE_FUZZY),
        (fields.body, BODY_EXACT, BODY_PREFIX, BODY_FUZZY),
    ] {
        let term = Term::from_field_text(field, word);
        ways.push(constant(
            Box::new(TermQuery::new(term.clone(), IndexRecordOption::Basic)),
            exact_score,
        ));
        ways.push(constant(prefix(field, word), prefix_score));
        if fuzzy {
            // A prefix within one edit (transposition counting as one): "genvee" and
            // "geneev" both reach "geneve", and so does "genev" while still typing.
            ways.push(constant(
                Box::new(FuzzyTermQuery::new_prefix(term, 1, true)),
                fuzzy_score,
            ));
        }
    }
    Box::new(DisjunctionMaxQuery::new(ways))
}

/// Builds tantivy's Levenshtein tables for one typo now. They are built once per process
/// and cost milliseconds: better while the index is built than on a visitor's keystroke.
pub(crate) fn warm_up(fields: &Fields) {
    let term = Term::from_field_text(fields.title, "warmup");
    // Only the side effect matters; a failure here would show again, and be reported, on
    // the first search.
    let _ = FuzzyTermQuery::new_prefix(term, 1, true).automaton();
}

fn constant(query: Box<dyn Query>, score: f32) -> Box<dyn Query> {
    Box::new(ConstScoreQuery::new(query, score))
}

/// Terms of `field` that start with `prefix`.
fn prefix(field: Field, prefix: &str) -> Box<dyn Query> {
    // Indexed words are letters and digits only (see `tokenizer::words`), and U+10FFFF is
    // neither: every word starting with `prefix` sorts below `prefix` + U+10FFFF, and no
    // other word lies in between. Postal keys are compacted codes: the same holds.
    let upper = format!("{prefix}\u{10FFFF}");
    Box::new(RangeQuery::new(
        Bound::Included(Term::from_field_text(field, prefix)),
        Bound::Excluded(Term::from_field_text(field, &upper)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_rules() {
        assert_eq!(
            parse("ab"),
            Err(SearchError::QueryTooShort {
                min: MIN_SEARCH_LENGTH
            })
        );
        assert_eq!(
            parse("   ab   "),
            Err(SearchError::QueryTooShort {
                min: MIN_SEARCH_LENGTH
            })
        );
        assert!(parse("Évr").is_ok());
        // A byte order mark is a blank to the browser's trim(), so to both rules here.
        assert!(parse("\u{feff} \0").is_err());
        assert!(parse("\u{feff}a\0b").is_ok());
        let framed = format!("\u{feff}{}\u{feff}", "a".repeat(MAX_QUERY_CHARS));
        assert!(parse(&framed).is_ok());
        assert!(parse(&"a".repeat(MAX_QUERY_CHARS)).is_ok());
        assert_eq!(
            parse(&"a".repeat(MAX_QUERY_CHARS + 1)),
            Err(SearchError::QueryTooLong {
                max: MAX_QUERY_CHARS
            })
        );
    }

    #[test]
    fn words_are_unique_and_capped() {
        let parsed = parse("star WARS star: wa").unwrap();
        assert_eq!(parsed.words, ["star", "wars", "wa"]);
        assert_eq!(parsed.postal, None);
        let many: String = (0..30).map(|i| format!("w{i} ")).collect();
        assert_eq!(parse(&many).unwrap().words.len(), MAX_QUERY_WORDS);
    }

    #[test]
    fn digits_first_is_a_postal_code() {
        let parsed = parse("1012 ab").unwrap();
        assert_eq!(parsed.postal.as_deref(), Some("1012ab"));
        assert_eq!(parsed.words, ["1012", "ab"]);
    }

    #[test]
    fn punctuation_only_is_valid_but_matches_nothing() {
        let parsed = parse("\"*:()[]").unwrap();
        assert!(parsed.words.is_empty());
    }
}
