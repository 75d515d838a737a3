//! The list pages: home, shows and its tabs, cinemas, events, experiences and the sitemap.

use super::cx::{show_kind, Built, Linked, NoData, PageCx};
use crate::fragments::{self, Card};
use serde::Serialize;
use site::content::*;
use site::routes::{PageKind, Params, ShowsTab};

/// Shows on the home page's rail, in the shows page's order; that page has them all.
pub(crate) const HOME_RAIL_SHOWS: usize = 12;

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
    offers: Vec<Linked<'a, Offer>>,
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

/// News articles with their pages.
pub(super) fn news_links<'a>(cx: &PageCx, news: &'a [Article]) -> Vec<Linked<'a, Article>> {
    cx.linked("article", PageKind::NewsItem, news, |a| &a.slug)
}

/// Offers with their pages.
pub(super) fn offer_links<'a>(cx: &PageCx, offers: &'a [Offer]) -> Vec<Linked<'a, Offer>> {
    cx.linked("offer", PageKind::Offer, offers, |o| &o.article.slug)
}

/// A rail of the first shows and a link to all of them: a home page listing a whole chain's
/// catalogue would be as long as the shows page and as slow to load.
pub fn home(cx: &PageCx) -> Built {
    let locale = cx.locale;
    let showing = cx.chrome.lists.home();
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
        news: news_links(
            cx,
            &locale.news.news[..HOME_ARTICLES.min(locale.news.news.len())],
        ),
        offers: offer_links(
            cx,
            &locale.news.offers[..HOME_ARTICLES.min(locale.news.offers.len())],
        ),
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
struct ShowsView<'a> {
    tabs: Vec<Tab>,
    tab: Option<&'static str>,
    /// Films to watch at home, on the main list of a site that offers VOD.
    vod: Vec<super::show::VodOffer<'a>>,
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
        vod: if tab.is_none() && cx.data.settings.site_features_resolved.vod_enabled {
            let vod = &cx.locale.vod;
            vod.iter()
                .map(|v| super::show::VodOffer::of(cx, v))
                .collect()
        } else {
            Vec::new()
        },
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
        .map(|s| SeasonLink {
            season: s,
            href: cx.href(PageKind::of_season(s), &s.slug),
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
    experiences: Vec<Linked<'a, Experience>>,
    groups: Vec<Linked<'a, Experience>>,
}

pub fn experiences(cx: &PageCx) -> Built {
    let locale = cx.locale;
    Built::new(&ExperiencesView {
        experiences: cx.linked(
            "experience",
            PageKind::Experience,
            &locale.experiences,
            |e| &e.slug,
        ),
        groups: cx.linked(
            "group",
            PageKind::ExperienceGroup,
            locale.experience_groups.iter().map(|g| &g.experience),
            |e| &e.slug,
        ),
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
