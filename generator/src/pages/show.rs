//! A show's page, film or event (spec §4 show page): the show, its next showtimes by cinema
//! written in Rust, JSON-LD of the film (or of the event's next screening).

use super::cx::{Built, PageCx, PageIslands, ShowIslands};
use crate::fragments::{self, CinemaDays};
use crate::model::LocaleData;
use crate::schedule::{DayShow, Place, Screening};
use crate::seo::{self, JsonLd, SeoArgs};
use serde::Serialize;
use site::content::*;
use site::routes::PageKind;
use std::collections::BTreeMap;

/// Days of showtimes per cinema on a show page; the cinema page has them all.
const SHOW_PAGE_DAYS: usize = 3;

#[derive(Serialize)]
struct ShowView<'a> {
    show: &'a Show,
    duration: Option<String>,
    release_year: Option<i32>,
    release_date: Option<String>,
    rating_warning: Option<&'a str>,
    has_showtimes: bool,
}

pub fn show(cx: &PageCx, i: usize) -> Built {
    let locale = cx.locale;
    let show = &locale.shows[i];
    let showtimes = show_showtimes(cx, i);
    let view = ShowView {
        show,
        duration: show.duration.map(site::rules::format_duration),
        release_year: site::rules::release_year(&show.releases, show.original_release),
        release_date: show
            .releases
            .iter()
            .map(|r| r.date)
            .filter(|d| !site::rules::is_unknown_date(*d))
            .min()
            .map(site::rules::format_release_date),
        rating_warning: show
            .content_rating
            .as_ref()
            .and_then(site::rules::rating_warning),
        has_showtimes: !showtimes.is_empty(),
    };
    // Search engines want an Event with a date and a place: the next screening.
    let described = if show.is_movie {
        Some(seo::movie(show, &cx.url, cx.base()))
    } else {
        first_showtime(locale, i).map(|(s, c)| seo::show_event(show, &cx.url, cx.base(), s, c))
    };
    let json_ld: Vec<JsonLd> = described
        .map(JsonLd::from)
        .into_iter()
        .chain([cx.breadcrumbs(&show.title)])
        .collect();
    let fragment = fragments::cinemas_showtimes(&showtimes, &locale.tables, cx.labels);
    Built::new(&view)
        .seo(SeoArgs {
            title: show.title.clone(),
            teaser: show.synopsis.clone().unwrap_or_default(),
            ..SeoArgs::default()
        })
        .json_ld(json_ld)
        .fragment(fragment)
        .islands(PageIslands {
            show: Some(ShowIslands::of(show)),
            ..PageIslands::default()
        })
}

/// The earliest showtime of a show (index in `shows`) in the site not started at build time,
/// with its cinema: what the event's structured data names.
fn first_showtime(locale: &LocaleData, show: usize) -> Option<(&Screening, &Cinema)> {
    let now = chrono::Utc::now();
    locale.show_index[show]
        .iter()
        .filter_map(|place| {
            let entry = entry_at(locale, place)?;
            entry
                .screenings
                .iter()
                .find(|s| s.start > now)
                .map(|s| (s, &locale.cinemas[place.cinema as usize].cinema))
        })
        .min_by_key(|(s, _)| s.start)
}

fn entry_at<'a>(locale: &'a LocaleData, place: &Place) -> Option<&'a DayShow> {
    locale.schedules[place.cinema as usize]
        .as_ref()?
        .days
        .get(place.day as usize)?
        .shows
        .get(place.entry as usize)
}

/// A show's showtimes (index in `shows`), by cinema then day (the schedules' first days).
fn show_showtimes<'a>(cx: &PageCx<'a>, show: usize) -> Vec<CinemaDays<'a>> {
    let locale = cx.locale;
    let mut by_cinema: BTreeMap<u32, Vec<(chrono::NaiveDate, &'a [Screening])>> = BTreeMap::new();
    for place in locale.show_index[show]
        .iter()
        .filter(|p| (p.day as usize) < SHOW_PAGE_DAYS)
    {
        if let Some(entry) = entry_at(locale, place) {
            let date = locale.schedules[place.cinema as usize]
                .as_ref()
                .map(|s| s.days[place.day as usize].date)
                .expect("an entry has its day");
            by_cinema
                .entry(place.cinema)
                .or_default()
                .push((date, &entry.screenings));
        }
    }
    by_cinema
        .into_iter()
        .map(|(c, days)| {
            let cinema = &locale.cinemas[c as usize].cinema;
            CinemaDays {
                name: &cinema.name,
                href: cx.href(PageKind::Cinema, &cinema.slug),
                days,
            }
        })
        .collect()
}
