//! A season or special event's page (spec §4 season page, issue 12 item 5): the season, its
//! shows, and its cinemas by city — each with its next screening and a link to its page —, a
//! picker of those cinemas whose screenings (and the §4 selection) the season island shows
//! from the runtime API, and JSON-LD of its first screening not started at build time.
//!
//! Bounded: one line per cinema, not every date of every cinema (4.5 MB at scale 10 before).

use super::cx::{Built, PageCx, PageIslands};
use crate::fragments::{self, SeasonCity, SeasonPlace};
use crate::seo::{self, SeoArgs};
use serde::Serialize;
use site::content::*;
use site::islands::{SeasonProps, SeasonShow};
use site::routes::PageKind;
use std::collections::BTreeMap;

#[derive(Serialize)]
struct SeasonView<'a> {
    season: &'a Season,
    prices: &'a [Price],
    /// The season's shows, each with its page when the site has one.
    shows: Vec<ShowLink<'a>>,
    /// The picker's choices: cities in name order, their cinemas in name order.
    cities: Vec<CityChoice<'a>>,
}

#[derive(Serialize)]
struct ShowLink<'a> {
    title: &'a str,
    href: Option<String>,
}

#[derive(Serialize)]
struct CityChoice<'a> {
    slug: &'a str,
    name: &'a str,
    cinemas: Vec<CinemaOption<'a>>,
}

/// A `<option>` of the picker: the slug the island asks for, the reference the locator
/// cookie names a cinema by.
#[derive(Serialize)]
struct CinemaOption<'a> {
    slug: &'a str,
    name: &'a str,
    reference: &'a str,
}

/// A cinema of the season and its line on the page.
type Placed<'a> = (&'a CinemaDetail, SeasonPlace<'a>);

pub fn season(cx: &PageCx, i: usize) -> Built {
    let locale = cx.locale;
    let season = &locale.seasons[i];
    let now = cx.now;

    // The season's shows, in the order they first appear (cinemas in slug order, shows in
    // slug order): the same on every build.
    let mut show_ids = Vec::new();
    for c in &season.cinemas {
        for (id, _) in &c.shows {
            if !show_ids.contains(id) {
                show_ids.push(*id);
            }
        }
    }
    let title_of = |id| {
        locale
            .show_of(id)
            .map(|s| s.title.as_str())
            .unwrap_or(locale.tables().slug(id))
    };
    let shows: Vec<ShowLink> = show_ids
        .iter()
        .map(|&id| ShowLink {
            title: title_of(id),
            href: locale
                .show_of(id)
                .and_then(|s| cx.href(super::cx::show_kind(s), &s.slug)),
        })
        .collect();

    // Cinemas by city (city slug → name, cinemas), each with its next screening.
    let mut by_city: BTreeMap<&str, (&str, Vec<Placed>)> = BTreeMap::new();
    for c in &season.cinemas {
        let Some(cinema) = locale.cinema(&c.cinema) else {
            continue;
        };
        // The next bookable screening not started at build time, else the next one.
        let next_of = |bookable: bool| {
            c.shows
                .iter()
                .filter_map(|(id, list)| {
                    list.iter()
                        .find(|s| {
                            s.start > now && (!bookable || s.status == ShowtimeStatus::Available)
                        })
                        .map(|s| (*id, s))
                })
                .min_by_key(|(_, s)| s.start)
        };
        let next = next_of(true).or_else(|| next_of(false));
        let count: usize = c.shows.iter().map(|(_, l)| l.len()).sum();
        let place = SeasonPlace {
            name: &cinema.cinema.name,
            href: cx.href(PageKind::Cinema, &c.cinema),
            next: next.map(|(id, s)| (title_of(id), s)),
            more: c.more || count > 1,
        };
        by_city
            .entry(cinema.cinema.city_slug.as_str())
            .or_insert((cinema.cinema.city.as_str(), Vec::new()))
            .1
            .push((cinema, place));
    }
    let mut cities: Vec<(&str, &str, Vec<Placed>)> = by_city
        .into_iter()
        .map(|(slug, (name, mut cinemas))| {
            cinemas.sort_by(|a, b| a.1.name.cmp(b.1.name));
            (slug, name, cinemas)
        })
        .collect();
    cities.sort_by(|a, b| a.1.cmp(b.1).then(a.0.cmp(b.0)));
    let choices: Vec<CityChoice> = cities
        .iter()
        .map(|(slug, name, cinemas)| CityChoice {
            slug,
            name,
            cinemas: cinemas
                .iter()
                .map(|(c, _)| CinemaOption {
                    slug: &c.cinema.slug,
                    name: &c.cinema.name,
                    reference: &c.cinema.vista_ref,
                })
                .collect(),
        })
        .collect();
    let places: Vec<SeasonCity> = cities
        .into_iter()
        .map(|(_, name, cinemas)| SeasonCity {
            name,
            cinemas: cinemas.into_iter().map(|(_, p)| p).collect(),
        })
        .collect();
    let fragment = fragments::season_places(&places, locale.tables(), cx.labels);

    let first = season
        .first_after(now)
        .and_then(|(s, cinema)| Some((s, &locale.cinema(cinema)?.cinema)));
    let json_ld = first
        .map(|(first, place)| seo::event(&season.season, &cx.url, cx.base(), first, place).into())
        .into_iter()
        .collect();
    let islands = PageIslands {
        season: (!choices.is_empty()).then(|| SeasonProps {
            showtimes: format!("/api/event/{}/showtimes", season.season.slug),
            shows: show_ids
                .iter()
                .map(|&id| SeasonShow {
                    slug: locale.tables().slug(id).to_string(),
                    title: title_of(id).to_string(),
                })
                .collect(),
        }),
        ..PageIslands::default()
    };
    Built::new(&SeasonView {
        season: &season.season,
        prices: &season.prices,
        shows,
        cities: choices,
    })
    .seo(SeoArgs {
        title: season.season.title.clone(),
        description: seo::truncate(
            season.season.description.as_deref().unwrap_or(""),
            seo::SEASON_DESCRIPTION_MAX,
        ),
        ..SeoArgs::default()
    })
    .json_ld(json_ld)
    .fragment(fragment)
    .islands(islands)
}
