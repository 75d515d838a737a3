//! Search rules (spec §5): the minimum query length, the history of the latest distinct
//! entries, which result types are kept, and the locator's cinema matching.

use crate::content::{HistoryItem, SearchResultType};
use crate::text::{contains_folded, is_blank, postal_code_matches};

/// Minimum query length before a search runs. The spec names the constant but does not show
/// its value (§9); 3 characters is our choice: fewer match almost everything ("le", "la")
/// and cost a request per keystroke for nothing, while 3 already finds "Lyon" or "75".
pub const MIN_SEARCH_LENGTH: usize = 3;

/// How many entries the search and locator histories keep (spec §5, §9).
pub const HISTORY_SIZE: usize = 3;

/// Whether the search modal runs a search for `query` (spec §5: "only when the query
/// reaches a minimum length"): at least `min` characters (not bytes: "Évry" is 4) once
/// surrounding blanks ([`is_blank`]) are trimmed.
pub fn search_allowed(query: &str, min: usize) -> bool {
    query.trim_matches(is_blank).chars().count() >= min
}

/// Whether the FAQ results page requests a search (spec §5: "only when q exceeds that
/// minimum"): strictly more than `min` characters. The spec words the two pages
/// differently ("reaches" / "exceeds") and we keep the difference rather than guess it away.
pub fn faq_search_allowed(query: &str, min: usize) -> bool {
    query.trim_matches(is_blank).chars().count() > min
}

/// A history with `entry` added (spec §5: "keeps the latest 3 distinct entries"): newest
/// first, a repeat moves to the front instead of appearing twice, cut to `max` (use
/// [`HISTORY_SIZE`]).
pub fn push_history<T: PartialEq + Clone>(history: &[T], entry: T, max: usize) -> Vec<T> {
    push_history_by(history, entry, max, |e| e.clone())
}

/// [`push_history`] where "the same entry" means the same `key` (the newer entry replaces
/// the older one, so an updated title is kept).
pub fn push_history_by<T: Clone, K: PartialEq>(
    history: &[T],
    entry: T,
    max: usize,
    key: impl Fn(&T) -> K,
) -> Vec<T> {
    let new_key = key(&entry);
    let mut next = Vec::with_capacity(max.min(history.len() + 1));
    next.push(entry);
    next.extend(history.iter().filter(|e| key(e) != new_key).cloned());
    next.truncate(max);
    next
}

/// [`push_history`] of search history items, an item being the same when its URL is (its
/// title and subtitle are display text that may change with the language).
pub fn push_history_item(history: &[HistoryItem], item: HistoryItem) -> Vec<HistoryItem> {
    push_history_by(history, item, HISTORY_SIZE, |i| i.url.clone())
}

/// Whether a result of the site-wide search is listed (spec §5: results drop type event).
pub fn keep_search_result(kind: SearchResultType) -> bool {
    kind != SearchResultType::Event
}

/// Whether a result is listed on the FAQ results page (spec §5: only type faq).
pub fn keep_faq_result(kind: SearchResultType) -> bool {
    kind == SearchResultType::Faq
}

/// Whether a cinema matches the locator's typed text (spec §4, §5).
///
/// A query starting with a digit is a postal code: it matches when the city's postal code
/// or the theatre's postal code starts with it. Any other query matches when the cinema's
/// name or city contains it, accents and case ignored. A blank query matches every cinema
/// (nothing typed, nothing filtered). Blanks are [`is_blank`]'s.
pub fn cinema_matches(
    query: &str,
    name: &str,
    city: &str,
    city_postal_code: Option<&str>,
    theater_postal_code: Option<&str>,
) -> bool {
    let query = query.trim_matches(is_blank);
    if query.is_empty() {
        return true;
    }
    if query.starts_with(|c: char| c.is_ascii_digit()) {
        let codes: Vec<&str> = [city_postal_code, theater_postal_code]
            .into_iter()
            .flatten()
            .collect();
        return postal_code_matches(query, &codes);
    }
    contains_folded(name, query) || contains_folded(city, query)
}
