//! The answer of a search: result groups in the modal's order, each with its total and the
//! results to show (a preview, or all of them when one type is asked for).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use site::content::{SearchResult, SearchResultType};

use crate::index::{Hit, LocaleIndex};

/// The result groups, in the order the search modal lists them (spec §2: shows, cinemas,
/// offers, news, help centre), with the preview size of each (spec §9: 4 per type for
/// shows, offers and news, 3 for cinemas and FAQ).
pub const GROUPS: [(SearchResultType, usize); 5] = [
    (SearchResultType::Show, 4),
    (SearchResultType::Cinema, 3),
    (SearchResultType::Offer, 4),
    (SearchResultType::News, 4),
    (SearchResultType::Faq, 3),
];

/// The preview size of a result type, `None` for a type without a group.
pub fn preview_size(kind: SearchResultType) -> Option<usize> {
    GROUPS.iter().find(|(k, _)| *k == kind).map(|(_, n)| *n)
}

/// Answer of `GET /api/search/full`.
///
/// ```json
/// {
///   "query": "star wa",
///   "groups": [
///     { "type": "show",   "total": 12, "items": [ SearchResult, … up to 4 ] },
///     { "type": "cinema", "total": 0,  "items": [] },
///     { "type": "offer",  "total": 1,  "items": [ … up to 4 ] },
///     { "type": "news",   "total": 0,  "items": [] },
///     { "type": "faq",    "total": 0,  "items": [] }
///   ]
/// }
/// ```
///
/// - Without a type: every group of the scope, in that order, empty ones included (the
///   island hides them), each with its preview (`items`, best first) and its `total`.
/// - With a type: that one group, with all its results (`items.len() == total`).
/// - FAQ scope (the help centre's search): only the `faq` group; with a type other than
///   faq, no group at all.
///
/// `query` echoes the text as received (untrimmed), so an island can drop an answer that
/// arrives after the visitor typed on. Items are [`SearchResult`]s (spec §3, camelCase,
/// `type` is snake_case).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SearchAnswer {
    pub query: String,
    pub groups: Vec<SearchGroup>,
}

/// The results of one type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SearchGroup {
    #[serde(rename = "type")]
    pub kind: SearchResultType,
    /// How many results of this type match, whatever `items` holds.
    pub total: usize,
    pub items: Vec<SearchResult>,
}

impl SearchAnswer {
    /// The group of a type, if the answer has one.
    pub fn group(&self, kind: SearchResultType) -> Option<&SearchGroup> {
        self.groups.iter().find(|g| g.kind == kind)
    }
}

/// One group from its hits (all of that type): the `limit` best, and the total.
pub(crate) fn group(
    index: &LocaleIndex,
    kind: SearchResultType,
    mut hits: Vec<Hit>,
    limit: Option<usize>,
) -> SearchGroup {
    let total = hits.len();
    if let Some(limit) = limit {
        if limit == 0 {
            hits.clear();
        } else if limit < hits.len() {
            // Only the preview needs ordering: select it, then sort those few.
            hits.select_nth_unstable_by(limit - 1, |a, b| index.compare(a, b));
            hits.truncate(limit);
        }
    }
    hits.sort_unstable_by(|a, b| index.compare(a, b));
    SearchGroup {
        kind,
        total,
        items: hits
            .iter()
            .map(|h| index.results[h.entry as usize].result.clone())
            .collect(),
    }
}
