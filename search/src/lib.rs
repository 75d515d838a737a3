//! Site search (`GET /api/search/full?q=&type=&scope=`): one in-memory tantivy index per
//! site and language of the content snapshot, over shows, cinemas, offers, news and FAQ.
//!
//! - Accents and case are ignored ([`site::text::fold`] on both sides, see [`words`]).
//! - Searching happens as the visitor types: every word of the query must match, each as
//!   the start of a word ("star wa" finds "Star Wars"); words of 5 letters or more also
//!   match with one typo.
//! - Cinemas are also found by the start of their city's or theatre's postal code ("750").
//! - Events are never listed, and the help centre's scope lists FAQ articles only (spec §5,
//!   [`site::rules::keep_search_result`], [`site::rules::keep_faq_result`]).
//! - Title matches rank above body matches, exact words above prefixes above typos, then
//!   results read alphabetically.
//!
//! Modules: `document` (what is indexed per entity, and its result), `tokenizer` (what a
//! word is), `html` (plain text of bodies), `index` (one locale's index), `query` (typed
//! text → tantivy query), `answer` (groups and previews), `error`.
//!
//! ```no_run
//! # fn demo(snapshot: &site::snapshot::Snapshot, routes: &site::routes::RouteTable) {
//! use search::{SearchIndex, SearchRequest};
//! let index = SearchIndex::build(snapshot, routes).expect("index");
//! let answer = index.search(site::Site::Ch, site::Lang::Fr, &SearchRequest::new("genève"));
//! # }
//! ```

mod answer;
mod document;
mod error;
mod html;
mod index;
mod query;
mod tokenizer;

use std::collections::HashMap;

use rayon::prelude::*;
use site::content::SearchResultType;
use site::routes::RouteTable;
use site::rules::{keep_faq_result, keep_search_result};
use site::snapshot::Snapshot;
use site::{Lang, Site};

pub use answer::{preview_size, SearchAnswer, SearchGroup, GROUPS};
pub use error::{BuildError, SearchError};
pub use query::{FUZZY_MIN_CHARS, MAX_QUERY_CHARS, MAX_QUERY_WORDS};
pub use tokenizer::words;

use index::{Hit, LocaleIndex};

/// What the visitor asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchRequest {
    /// The typed text (`q`).
    pub q: String,
    /// One type only (`type`): all its results instead of previews of every type.
    pub kind: Option<SearchResultType>,
    /// The help centre's search (`scope=faq`): FAQ results only.
    pub faq_only: bool,
}

impl SearchRequest {
    pub fn new(q: impl Into<String>) -> SearchRequest {
        SearchRequest {
            q: q.into(),
            ..SearchRequest::default()
        }
    }

    /// Only results of `kind`, all of them.
    pub fn of_type(mut self, kind: SearchResultType) -> SearchRequest {
        self.kind = Some(kind);
        self
    }

    /// The help centre's scope.
    pub fn faq(mut self) -> SearchRequest {
        self.faq_only = true;
        self
    }
}

/// The indexes of every site and language of a snapshot. Read-only once built: share it
/// behind an `Arc`, every search takes `&self`.
pub struct SearchIndex {
    locales: HashMap<(Site, Lang), LocaleIndex>,
}

impl SearchIndex {
    /// Indexes every site and language of the snapshot, the locales in parallel. URLs and
    /// routes of results come from `routes` (the snapshot's brand).
    pub fn build(snapshot: &Snapshot, routes: &RouteTable) -> Result<SearchIndex, BuildError> {
        let mut work = Vec::new();
        for site in &snapshot.sites {
            for locale in &site.locales {
                let lang = locale
                    .language
                    .ok_or(BuildError::MissingLanguage { site: site.site })?;
                work.push((site, locale, lang));
            }
        }
        let locales = work
            .into_par_iter()
            .map(|(site, locale, lang)| {
                let entries = document::entries(site, locale, lang, routes);
                LocaleIndex::build(entries)
                    .map(|index| ((site.site, lang), index))
                    .map_err(|source| BuildError::Index {
                        site: site.site,
                        lang,
                        source,
                    })
            })
            .collect::<Result<HashMap<_, _>, _>>()?;
        if let Some(any) = locales.values().next() {
            query::warm_up(&any.fields);
        }
        Ok(SearchIndex { locales })
    }

    /// Searches one site in one language. See [`SearchAnswer`] for the shape of the answer
    /// and [`SearchError`] for what is refused.
    pub fn search(
        &self,
        site: Site,
        lang: Lang,
        request: &SearchRequest,
    ) -> Result<SearchAnswer, SearchError> {
        let parsed = query::parse(&request.q)?;
        let kinds: Vec<(SearchResultType, Option<usize>)> = match request.kind {
            Some(kind) => {
                if preview_size(kind).is_none() {
                    return Err(SearchError::TypeNotSearchable(kind));
                }
                vec![(kind, None)]
            }
            None => GROUPS
                .iter()
                .map(|&(kind, size)| (kind, Some(size)))
                .collect(),
        };
        let kinds: Vec<_> = kinds
            .into_iter()
            .filter(|(kind, _)| {
                keep_search_result(*kind) && (!request.faq_only || keep_faq_result(*kind))
            })
            .collect();
        let index = self
            .locales
            .get(&(site, lang))
            .ok_or(SearchError::UnknownLocale { site, lang })?;

        let hits = match query::build(&parsed, &index.fields) {
            Some(q) if !kinds.is_empty() => index
                .hits(q.as_ref())
                .map_err(|e| SearchError::Index(e.to_string()))?,
            _ => Vec::new(),
        };
        let mut by_kind: HashMap<SearchResultType, Vec<Hit>> = HashMap::new();
        for hit in hits {
            // Entry numbers come from `LocaleIndex::build`, so they are all valid; checking
            // here once lets grouping and ranking index `results` without a second thought.
            if let Some(ranked) = index.results.get(hit.entry as usize) {
                by_kind.entry(ranked.result.kind).or_default().push(hit);
            }
        }
        let groups = kinds
            .into_iter()
            .map(|(kind, limit)| {
                answer::group(
                    index,
                    kind,
                    by_kind.remove(&kind).unwrap_or_default(),
                    limit,
                )
            })
            .collect();
        Ok(SearchAnswer {
            query: request.q.clone(),
            groups,
        })
    }

    /// The sites and languages indexed.
    pub fn locales(&self) -> impl Iterator<Item = (Site, Lang)> + '_ {
        self.locales.keys().copied()
    }

    /// How many items are searchable in a site and language (events included).
    pub fn documents(&self, site: Site, lang: Lang) -> Option<usize> {
        self.locales.get(&(site, lang)).map(|l| l.results.len())
    }
}
