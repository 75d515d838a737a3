//! The news list's pages (issue 13; spec §3 news list, §4 news page, §9 push list): which
//! items each page lists, for the type filter and paging. One static page per type and page
//! number, so filter and paging work without JavaScript and each has its own address:
//! `{news}`, `{news}/type-{type}`, `{news}/page-{n}`, `{news}/type-{type}/page-{n}`.
//!
//! The unfiltered list shows the highlighted news above it (not again in the list) and the
//! first offers pushed into it (spec §9: push list on news, first 4 kept); a type filter lists
//! every news item and offer of that type.

use site::content::{Article, ArticleType, NewsList, Offer};

/// Items per page of the list.
pub const PAGE_SIZE: usize = 6;
/// Offers pushed into the unfiltered list (spec §9).
pub const PUSHED_OFFERS: usize = 4;
/// The filter's types, in the order the filter shows them.
pub const TYPES: [ArticleType; 4] = [
    ArticleType::News,
    ArticleType::Event,
    ArticleType::Offer,
    ArticleType::Experience,
];

/// One item of the list: a news item or an offer (each has its own page kind).
#[derive(Clone, Copy)]
pub enum Entry<'a> {
    News(&'a Article),
    Offer(&'a Offer),
}

impl<'a> Entry<'a> {
    pub fn article(&self) -> &'a Article {
        match *self {
            Entry::News(a) => a,
            Entry::Offer(o) => &o.article,
        }
    }
}

/// The type's name in addresses and UI string keys (`news.filters.{name}`).
pub fn type_name(kind: ArticleType) -> &'static str {
    match kind {
        ArticleType::News => "news",
        ArticleType::Event => "event",
        ArticleType::Offer => "offer",
        ArticleType::Experience => "experience",
    }
}

/// The types the list has items of, in the filter's order.
pub fn types(list: &NewsList) -> Vec<ArticleType> {
    TYPES
        .into_iter()
        .filter(|t| {
            list.news.iter().any(|a| a.kind == *t) || list.offers.iter().any(|o| o.kind == *t)
        })
        .collect()
}

/// Every item of the list for a type filter (none: the unfiltered list), newest first.
pub fn entries(list: &NewsList, kind: Option<ArticleType>) -> Vec<Entry<'_>> {
    let mut all: Vec<Entry> = match kind {
        None => list
            .news
            .iter()
            .filter(|a| !list.highlighted.iter().any(|h| h.slug == a.slug))
            .map(Entry::News)
            .chain(list.offers.iter().take(PUSHED_OFFERS).map(Entry::Offer))
            .collect(),
        Some(kind) => list
            .news
            .iter()
            .filter(|a| a.kind == kind)
            .map(Entry::News)
            .chain(
                list.offers
                    .iter()
                    .filter(|o| o.kind == kind)
                    .map(Entry::Offer),
            )
            .collect(),
    };
    // Newest first; a stable sort keeps the API's order between equal dates.
    all.sort_by_key(|e| std::cmp::Reverse(e.article().release_date));
    all
}

/// Number of pages for `count` items (an empty list still has its first page).
pub fn page_count(count: usize) -> usize {
    count.div_ceil(PAGE_SIZE).max(1)
}

/// The address suffix of a type and page (page 1 of the unfiltered list: none).
pub fn suffix(kind: Option<ArticleType>, page: usize) -> String {
    let mut s = String::new();
    if let Some(kind) = kind {
        s.push_str("/type-");
        s.push_str(type_name(kind));
    }
    if page > 1 {
        s.push_str(&format!("/page-{page}"));
    }
    s
}
