//! The list pages: home, shows and its tabs, cinemas, events, experiences and the sitemap.

use super::cx::{show_kind, Built, NoData, PageCx};
use crate::fragments::{self, Card};
use serde::Serialize;
use site::content::*;
use site::routes::{PageKind, Params, ShowsTab};

/// Shows on the home page's rail, in the shows page's order; that page has them all.
const HOME_RAIL_SHOWS: usize = 12;

/// Shows on the home page's "coming soon" rail: one row on a desktop screen.
const HOME_UPCOMING_SHOWS: usize = 6;

/// Shows in the home page's hero: one large, two beside it on wide screens.
const HOME_FEATURED_SHOWS: usize = 3;

/// News and offers on the home page.
const HOME_ARTICLES: usize = 3;

#[derive(Serialize)]
struct HomeView<'a> {
    featured: Vec<Featured<'a>>,
    has_upcoming: bool,
    upcoming_href: Option<String>,
    all_href: Option<String>,
    news: Vec<Linked<'a, Article>>,
    offers: Vec<OfferLink<'a>>,
}

/// A show of the home page's hero.
#[derive(Serialize)]
struct Featured<'a> {
    title: &'a str,
    href: Option<String>,
    backdrop: &'a Option<Image>,
    poster: &'a Option<Image>,
    flag: &'a Option<Flag>,
    duration: Option<String>,
    genres: &'a [String],
    synopsis: &'a Option<String>,
}

/// An article and its page.
#[derive(Serialize)]
pub(super) struct Linked<'a, T> {
    pub article: &'a T,
    pub href: Option<String>,
}

/// An offer and its page.
#[derive(Serialize)]
pub(super) struct OfferLink<'a> {
    pub offer: &'a Offer,
    pub href: Option<String>,
}

pub(super) fn news_link<'a>(cx: &PageCx, article: &'a Article) -> Linked<'a, Article> {
    Linked {
        article,
        href: cx.href(PageKind::NewsItem, &article.slug),
    }
}

pub(super) fn offer_link<'a>(cx: &PageCx, offer: &'a Offer) -> OfferLink<'a> {
    OfferLink {
        offer,
        href: cx.href(PageKind::Offer, &offer.article.slug),
    }
}

/// A rail of the first shows and a link to all of them: a home page listing a whole chain's
/// catalogue would be as long as the shows page and as slow to load.
pub fn home(cx: &PageCx) -> Built {
    let locale = cx.locale;
    let showing = cx.chrome.lists.get(None);
    // The hero: the first shows of the list with a backdrop to show.
    let featured: Vec<Featured> = showing
        .iter()
        .map(|&i| &locale.shows[i])
        .filter(|s| s.backdrop.is_some())
        .take(HOME_FEATURED_SHOWS)
        .map(|s| Featured {
            title: &s.title,
            href: cx.show_href(s),
            backdrop: &s.backdrop,
            poster: &s.poster,
            flag: &s.flag,
            duration: s.duration.map(site::rules::format_duration),
            genres: &s.genres,
            synopsis: &s.synopsis,
        })
        .collect();
    let rail = showing.iter().take(HOME_RAIL_SHOWS);
    let rail = fragments::show_cards(
        rail.map(|&i| show_card(cx, &locale.shows[i])),
        featured.is_empty(),
    );
    let upcoming = cx.chrome.lists.get(Some(ShowsTab::Upcoming));
    let upcoming_cards = fragments::show_cards(
        upcoming
            .iter()
            .take(HOME_UPCOMING_SHOWS)
            .map(|&i| show_card(cx, &locale.shows[i])),
        false,
    );
    let view = HomeView {
        has_upcoming: !upcoming.is_empty(),
        upcoming_href: tab_href(cx, ShowsTab::Upcoming),
        all_href: cx.path(PageKind::Shows),
        news: locale
            .news
            .news
            .iter()
            .take(HOME_ARTICLES)
            .map(|a| news_link(cx, a))
            .collect(),
        offers: locale
            .news
            .offers
            .iter()
            .take(HOME_ARTICLES)
            .map(|o| offer_link(cx, o))
            .collect(),
        featured,
    };
    Built::new(&view).fragment(rail).fragment(upcoming_cards)
}

fn tab_href(cx: &PageCx, tab: ShowsTab) -> Option<String> {
    let params = Params::new().with("tab", tab.key());
    cx.table.path(
        PageKind::ShowsTab,
        cx.page.site,
        cx.page.lang,
        &params,
        false,
    )
}

fn show_card<'a>(cx: &PageCx, s: &'a Show) -> Card<'a> {
    Card {
        title: &s.title,
        poster: s.poster.as_ref(),
        flag: s.flag.as_ref(),
        duration: s.duration,
        href: cx.href(show_kind(s), &s.slug),
    }
}

#[derive(Serialize)]
struct ShowsView {
    tabs: Vec<Tab>,
    tab: Option<&'static str>,
}

#[derive(Serialize)]
struct Tab {
    key: &'static str,
    href: Option<String>,
    active: bool,
}

/// The shows page and its tabs: every show of the tab, as cards written in Rust.
pub fn shows(cx: &PageCx, tab: Option<ShowsTab>) -> Built {
    let shows = cx
        .chrome
        .lists
        .get(tab)
        .iter()
        .map(|&i| show_card(cx, &cx.locale.shows[i]));
    let cards = fragments::show_cards(shows, true);
    let view = ShowsView {
        tabs: ShowsTab::ALL
            .iter()
            .map(|&t| Tab {
                key: t.key(),
                href: tab_href(cx, t),
                active: Some(t) == tab,
            })
            .collect(),
        tab: tab.map(|t| t.key()),
    };
    Built::new(&view).fragment(cards)
}

pub fn cinemas(cx: &PageCx) -> Built {
    let (site, lang) = (cx.page.site, cx.page.lang);
    let cities = cx
        .locale
        .cities
        .iter()
        .map(|c| (c, super::chrome::city_href(cx.table, site, lang, c)));
    let list = fragments::cities_and_cinemas(cities, |slug| cx.href(PageKind::Cinema, slug));
    Built::new(&NoData {})
        .json_ld(vec![cx.breadcrumbs(&cx.labels.breadcrumb_cinemas)])
        .fragment(list)
}

#[derive(Serialize)]
struct EventsView<'a> {
    seasons: Vec<SeasonLink<'a>>,
}

#[derive(Serialize)]
struct SeasonLink<'a> {
    season: &'a Season,
    href: Option<String>,
}

pub fn events(cx: &PageCx) -> Built {
    let events = &cx.locale.events;
    let seasons: Vec<SeasonLink> = events
        .seasons
        .iter()
        .map(|s| {
            let kind = if s.kind.as_deref() == Some("special-event") {
                PageKind::SpecialEvent
            } else {
                PageKind::Season
            };
            SeasonLink {
                season: s,
                href: cx.href(kind, &s.slug),
            }
        })
        .collect();
    let cards = events.shows.iter().map(|s| Card {
        title: &s.title,
        poster: s.poster.as_ref(),
        flag: s.flag.as_ref(),
        duration: None,
        href: cx.href(PageKind::Event, &s.slug),
    });
    let cards = fragments::show_cards(cards, seasons.is_empty());
    Built::new(&EventsView { seasons }).fragment(cards)
}

#[derive(Serialize)]
struct ExperiencesView<'a> {
    experiences: Vec<ExperienceLink<'a>>,
    groups: Vec<GroupLink<'a>>,
}

#[derive(Serialize)]
struct ExperienceLink<'a> {
    experience: &'a Experience,
    href: Option<String>,
}

#[derive(Serialize)]
struct GroupLink<'a> {
    group: &'a Experience,
    href: Option<String>,
}

pub fn experiences(cx: &PageCx) -> Built {
    let locale = cx.locale;
    Built::new(&ExperiencesView {
        experiences: locale
            .experiences
            .iter()
            .map(|e| ExperienceLink {
                experience: e,
                href: cx.href(PageKind::Experience, &e.slug),
            })
            .collect(),
        groups: locale
            .experience_groups
            .iter()
            .map(|g| GroupLink {
                group: &g.experience,
                href: cx.href(PageKind::ExperienceGroup, &g.experience.slug),
            })
            .collect(),
    })
}

#[derive(Serialize)]
struct SitemapView<'a> {
    links: Vec<SitemapLink<'a>>,
}

#[derive(Serialize)]
struct SitemapLink<'a> {
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    href: String,
}

/// The sitemap page: the list pages, then every cinema.
pub fn sitemap(cx: &PageCx) -> Built {
    let mut links = Vec::new();
    for kind in [
        PageKind::Home,
        PageKind::Shows,
        PageKind::Cinemas,
        PageKind::Events,
        PageKind::Experiences,
        PageKind::Offers,
        PageKind::News,
        PageKind::Help,
    ] {
        if let Some(href) = cx.path(kind) {
            links.push(SitemapLink {
                kind: kind.name(),
                title: None,
                href,
            });
        }
    }
    for c in &cx.locale.cinemas {
        if let Some(href) = cx.href(PageKind::Cinema, &c.cinema.slug) {
            links.push(SitemapLink {
                kind: PageKind::Cinema.name(),
                title: Some(&c.cinema.name),
                href,
            });
        }
    }
    Built::new(&SitemapView { links })
}
