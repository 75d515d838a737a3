//! What can go wrong: a query the API refuses (400), or an index that could not be built.

use site::content::SearchResultType;
use site::{Lang, Site};

/// Why a search has no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// Spec §5: a search runs only once the query reaches the minimum length
    /// ([`site::rules::MIN_SEARCH_LENGTH`] characters, blanks around it not counted).
    #[error("the search text must have at least {min} characters")]
    QueryTooShort { min: usize },
    /// See [`crate::MAX_QUERY_CHARS`].
    #[error("the search text must have at most {max} characters")]
    QueryTooLong { max: usize },
    /// A type without a result group: events are never listed (spec §5) and experiences or
    /// master templates are not searched; `/search/full` knows show, cinema, offer, news
    /// and faq.
    #[error("results of type {0:?} cannot be searched")]
    TypeNotSearchable(SearchResultType),
    /// No index for this site and language: the snapshot lacks them. The API resolves both
    /// from the address before searching, so this is a server fault, not the visitor's.
    #[error("no search index for site {site} in language {lang}")]
    UnknownLocale { site: Site, lang: Lang },
    /// The index failed while searching (a bug, not bad input).
    #[error("search failed: {0}")]
    Index(String),
}

impl SearchError {
    /// Whether the request itself is wrong (the API answers 400), rather than the server.
    pub fn is_bad_request(&self) -> bool {
        matches!(
            self,
            SearchError::QueryTooShort { .. }
                | SearchError::QueryTooLong { .. }
                | SearchError::TypeNotSearchable(_)
        )
    }
}

/// Why the index could not be built from a snapshot.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("site {site}: a locale has no language")]
    MissingLanguage { site: Site },
    #[error("indexing site {site} in language {lang}: {source}")]
    Index {
        site: Site,
        lang: Lang,
        #[source]
        source: tantivy::TantivyError,
    },
}
