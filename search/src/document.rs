//! What is indexed for each entity of a site and language, and the search result it
//! answers with.
//!
//! Results are built here once, at index time: URL, route and payload never change while
//! the snapshot is served, so a search only clones finished results.
//!
//! | Type    | Source                              | Title | Body (ranked below the title)         |
//! |---------|-------------------------------------|-------|---------------------------------------|
//! | show    | `shows` (films and other shows)     | title | directors, actors, genres             |
//! | cinema  | `cinemas`                           | name  | city, address lines; + postal codes   |
//! | offer   | `offers`                            | title | teaser, headline, start of the body   |
//! | news    | `articles` of type news             | title | teaser, headline, start of the body   |
//! | faq     | `faqArticles`                       | title | category, teaser, start of the answer |
//! | event   | `seasons` (seasons, special events) | title | subtitle, description                 |
//!
//! Events are indexed like the others and dropped at search time by the spec's rule
//! ([`site::rules::keep_search_result`]), so the rule lives in one place. Shows taken down
//! for good (`goneShows`, answered 410) and items that moved (`redirectSlug`) are left out:
//! a result must lead to a page.

use std::collections::{BTreeMap, HashMap, HashSet};

use site::content::{
    Article, ArticleType, CinemaDetail, CinemaPayload, DateCriteria, FaqArticle, Offer,
    PayloadAddress, PayloadCinema, Route, SearchResult, SearchResultType, SeasonDetail, Show,
    ShowPayload, TagKind,
};
use site::routes::{PageKind, Params, RouteTable};
use site::rules::visible_date;
use site::snapshot::{LocaleContent, SiteContent};
use site::{Lang, Site};

use crate::html::plain_text;
use crate::tokenizer::postal_key;

/// How much of an article or FAQ body is searchable, in characters: the opening says what
/// the text is about; the rest would mostly add noise to the results.
const BODY_EXCERPT_CHARS: usize = 600;

/// One searchable item: its finished result and the texts it is found by.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub result: SearchResult,
    /// Searched first: a match here ranks above any body match.
    pub title: String,
    pub body: String,
    /// Postal-code keys ([`postal_key`]); only cinemas have some.
    pub postal_codes: Vec<String>,
}

/// Everything searchable in one site and language.
pub(crate) fn entries(
    site: &SiteContent,
    locale: &LocaleContent,
    lang: Lang,
    routes: &RouteTable,
) -> Vec<Entry> {
    let links = Links {
        routes,
        site: site.site,
        lang,
    };
    let gone: HashSet<&str> = site.gone_shows.iter().map(String::as_str).collect();
    let experience_tags: HashSet<&str> = locale
        .tags
        .iter()
        .filter(|t| t.kind == Some(TagKind::Experience))
        .map(|t| t.slug.as_str())
        .collect();
    let city_codes: HashMap<&str, &str> = locale
        .cities
        .iter()
        .map(|c| (c.city.slug.as_str(), c.city.postal_code.as_str()))
        .collect();

    let mut out = Vec::new();
    out.extend(
        locale
            .shows
            .iter()
            .filter(|s| s.redirect_slug.is_none() && !gone.contains(s.slug.as_str()))
            .map(|s| show(s, &links)),
    );
    out.extend(
        locale
            .cinemas
            .iter()
            .filter(|c| c.redirect_slug.is_none())
            .map(|c| {
                cinema(
                    c,
                    city_codes.get(c.city_slug.as_str()).copied(),
                    &experience_tags,
                    &links,
                )
            }),
    );
    out.extend(
        locale
            .offers
            .iter()
            .filter(|o| o.article.redirect_slug.is_none())
            .map(|o| offer(o, &links)),
    );
    out.extend(
        locale
            .articles
            .iter()
            .filter(|a| a.kind == ArticleType::News && a.redirect_slug.is_none())
            .map(|a| news(a, &links)),
    );
    out.extend(locale.faq_articles.iter().map(|f| faq(f, &links)));
    out.extend(
        locale
            .seasons
            .iter()
            .filter(|s| s.season.active && s.season.redirect_slug.is_none())
            .map(|s| event(s, &links)),
    );
    out
}

/// Page addresses of one site and language.
struct Links<'a> {
    routes: &'a RouteTable,
    site: Site,
    lang: Lang,
}

impl Links<'_> {
    /// URL and route of a page; both `None` when the page does not exist there (the help
    /// centre outside FR and NL) or the slug cannot go in a path. The route's `path` is the
    /// page's pattern (`/en/movie/{slug}`) and `parameters` fill it: with the URL, an island
    /// can both link and know what kind of page it links to.
    fn to(&self, kind: PageKind, params: Params) -> (Option<String>, Option<Route>) {
        let Some(route) = self.routes.route(kind, self.site, self.lang, false) else {
            return (None, None);
        };
        let Some(url) = route.path(&params) else {
            return (None, None);
        };
        let parameters: BTreeMap<String, String> = params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let route = Route {
            path: route.full_pattern(),
            parameters,
        };
        (Some(url), Some(route))
    }
}

fn result(
    kind: SearchResultType,
    id: &str,
    slug: &str,
    title: &str,
    link: (Option<String>, Option<Route>),
) -> SearchResult {
    SearchResult {
        id: id.to_string(),
        kind,
        slug: slug.to_string(),
        title: title.to_string(),
        image: None,
        url: link.0,
        route: link.1,
        payload: None,
        topic: None,
        start_date: None,
        end_date: None,
        date_type: None,
    }
}

fn join<'a>(parts: impl IntoIterator<Item = &'a str>) -> String {
    parts
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .collect::<Vec<_>>()
        .join(" · ")
}

fn show(s: &Show, links: &Links) -> Entry {
    // Films and other shows (opera, concerts…) are both "show" results, as the `type`
    // parameter of `/search/full` knows no other; only their page differs.
    let page = if s.is_movie {
        PageKind::Show
    } else {
        PageKind::Event
    };
    let mut result = result(
        SearchResultType::Show,
        &s.reference,
        &s.slug,
        &s.title,
        links.to(page, Params::slug(&s.slug)),
    );
    result.image = s.poster.clone();
    result.payload = serde_json::to_value(ShowPayload {
        releases: s.releases.clone(),
        original_release: visible_date(s.original_release),
        rating: s.content_rating.clone(),
    })
    .ok();
    let body = join(
        [s.directors.as_deref(), s.actors.as_deref()]
            .into_iter()
            .flatten()
            .chain(s.genres.iter().map(String::as_str)),
    );
    Entry {
        result,
        title: s.title.clone(),
        body,
        postal_codes: Vec::new(),
    }
}

fn cinema(
    c: &CinemaDetail,
    city_code: Option<&str>,
    experience_tags: &HashSet<&str>,
    links: &Links,
) -> Entry {
    let mut result = result(
        SearchResultType::Cinema,
        &c.vista_ref,
        &c.slug,
        &c.name,
        links.to(PageKind::Cinema, Params::slug(&c.slug)),
    );
    result.image = c.backdrop.clone();
    let postal_code = c
        .theater_postal_code
        .clone()
        .filter(|p| !p.trim().is_empty())
        .unwrap_or_else(|| c.address.address_zip.clone());
    let city = if c.address.address_city.trim().is_empty() {
        &c.city
    } else {
        &c.address.address_city
    };
    result.payload = serde_json::to_value(CinemaPayload {
        cinema: PayloadCinema {
            name: c.name.clone(),
            slug: c.slug.clone(),
            address: PayloadAddress {
                city: city.clone(),
                postal_code,
            },
            disabled_services: c.disabled_services.clone(),
            tags: c.tags.clone(),
        },
        experiences: c
            .tags
            .iter()
            .filter(|t| experience_tags.contains(t.as_str()))
            .cloned()
            .collect(),
    })
    .ok();
    let body = join([
        c.city.as_str(),
        c.address.address_line1.as_str(),
        c.address.address_line2.as_deref().unwrap_or_default(),
        c.address.address_city.as_str(),
    ]);
    // Spec §5: the city's postal code or the theatre's. Not the street address's zip: the
    // rule names those two, and `rules::cinema_matches` (the locator) reads the same two.
    let postal_codes = [city_code, c.theater_postal_code.as_deref()]
        .into_iter()
        .flatten()
        .map(postal_key)
        .filter(|k| !k.is_empty())
        .collect();
    Entry {
        result,
        title: c.name.clone(),
        body,
        postal_codes,
    }
}

/// Title, body and the shared result fields of a news item or an offer.
fn article(a: &Article, kind: SearchResultType, page: PageKind, links: &Links) -> Entry {
    let mut result = result(
        kind,
        &a.reference,
        &a.slug,
        &a.title,
        links.to(page, Params::slug(&a.slug)),
    );
    result.image = a.thumbnail.clone().or_else(|| a.image.clone());
    result.topic = a.tags.first().cloned();
    match &a.date {
        Some(range) => {
            result.start_date = range.start.map(|d| d.date());
            result.end_date = range.end.map(|d| d.date());
            result.date_type = Some(range.kind);
        }
        None => {
            // A news item without an explicit range still has its publication day.
            result.start_date = visible_date(a.release_date);
            result.date_type = result.start_date.map(|_| DateCriteria::ExactWithoutHours);
        }
    }
    let content = a
        .content
        .as_deref()
        .map(|c| plain_text(c, BODY_EXCERPT_CHARS))
        .unwrap_or_default();
    let body = join([
        a.teaser.as_deref().unwrap_or_default(),
        a.headline.as_deref().unwrap_or_default(),
        &content,
    ]);
    Entry {
        result,
        title: a.title.clone(),
        body,
        postal_codes: Vec::new(),
    }
}

fn offer(o: &Offer, links: &Links) -> Entry {
    article(&o.article, SearchResultType::Offer, PageKind::Offer, links)
}

fn news(a: &Article, links: &Links) -> Entry {
    article(a, SearchResultType::News, PageKind::NewsItem, links)
}

fn faq(f: &FaqArticle, links: &Links) -> Entry {
    let mut result = result(
        SearchResultType::Faq,
        &f.id,
        &f.slug,
        &f.title,
        links.to(PageKind::HelpArticleBySlug, Params::slug(&f.slug)),
    );
    result.topic = Some(f.category.name.clone());
    let content = plain_text(&f.content, BODY_EXCERPT_CHARS);
    let body = join([
        f.category.name.as_str(),
        f.teaser.as_deref().unwrap_or_default(),
        &content,
    ]);
    Entry {
        result,
        title: f.title.clone(),
        body,
        postal_codes: Vec::new(),
    }
}

fn event(s: &SeasonDetail, links: &Links) -> Entry {
    let season = &s.season;
    let page = PageKind::of_season(season);
    let mut result = result(
        SearchResultType::Event,
        &season.reference,
        &season.slug,
        &season.title,
        links.to(page, Params::slug(&season.slug)),
    );
    result.image = season.poster.clone();
    let description = season
        .description
        .as_deref()
        .map(|d| plain_text(d, BODY_EXCERPT_CHARS))
        .unwrap_or_default();
    let body = join([season.subtitle.as_deref().unwrap_or_default(), &description]);
    Entry {
        result,
        title: season.title.clone(),
        body,
        postal_codes: Vec::new(),
    }
}
