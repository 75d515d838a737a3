//! A show's page, film or event (spec §4 show page): the show, its schedule at every cinema
//! (issue 12: the first days written for all cinemas grouped by city, the others fetched by
//! the schedule island, which follows the locator's choice), JSON-LD of the film (or of the
//! event's next screening).

use super::cx::{Built, PageCx, PageIslands, ShowIslands};
use super::places::places_schedule;
use crate::model::LocaleData;
use crate::schedule::{DayShow, Place, Screening};
use crate::schedule_fragments::{add_showtimes, PlacesDay, PlacesLayout, WRITTEN_DAYS};
use crate::seo::{self, JsonLd, SeoArgs};
use serde::Serialize;
use site::content::*;
use site::islands::{ScheduleDay, ScheduleFilters, SchedulePlace};

#[derive(Serialize)]
struct ShowView<'a> {
    show: &'a Show,
    duration: Option<String>,
    release_year: Option<i32>,
    release_date: Option<String>,
    rating_warning: Option<&'a str>,
    /// The site's classification scheme (spec §9), which styles the rating badge.
    rating_scheme: &'static str,
    has_showtimes: bool,
    /// The schedule's days written in the page (the island's links without JavaScript).
    schedule_days: Vec<ScheduleDay>,
    schedule_filters: Option<ScheduleFilters>,
    /// The experience the show's showtimes invite to (spec §5 upsell).
    upsell: Option<super::upsell::UpsellView<'a>>,
    /// Where the film can be watched at home, when the site offers VOD (spec §3 Show VOD).
    vod: Option<VodOffer<'a>>,
    /// The show's calendar feed (issue 17): "subscribe" and "download" links.
    calendar_feed: Option<super::feed_links::FeedLinks>,
}

/// A film's home-video offer: its link and its lowest price as the page's locale writes it.
#[derive(Serialize)]
pub(super) struct VodOffer<'a> {
    pub url: &'a str,
    pub title: &'a str,
    pub poster: Option<&'a Image>,
    pub price: Option<String>,
}

impl<'a> VodOffer<'a> {
    pub(super) fn of(cx: &PageCx, vod: &'a ShowVod) -> VodOffer<'a> {
        let (site, lang) = (cx.page.site, cx.page.lang);
        VodOffer {
            url: &vod.url,
            title: &vod.title,
            poster: vod.poster.as_ref(),
            price: vod
                .low_price
                .map(|p| site::format::Formatter::of(site, lang).money(p, site.currency())),
        }
    }
}

pub fn show(cx: &PageCx, i: usize) -> Built {
    let locale = cx.locale;
    let show = &locale.shows[i];
    let days = show_days(locale, i);
    let schedule = places_schedule(cx, &days, PlacesLayout::OneShow, WRITTEN_DAYS);
    // The tags of the show's showtimes on the site: the upsell's and the data layer's.
    // Each of the site's few dozen tag lists read once, however many showtimes share it.
    let tables = locale.tables();
    let mut lists_seen = vec![false; tables.tag_lists.len()];
    for s in locale.show_index()[i]
        .iter()
        .filter_map(|place| entry_at(locale, place))
        .flat_map(|e| &e.screenings)
    {
        lists_seen[s.tags as usize] = true;
    }
    let offered: std::collections::HashSet<&str> = tables
        .tag_lists
        .iter()
        .zip(&lists_seen)
        .filter(|(_, seen)| **seen)
        .flat_map(|(list, _)| list)
        .map(String::as_str)
        .collect();
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
        rating_scheme: site::rules::rating_scheme(cx.page.site).code(),
        has_showtimes: !days.is_empty(),
        schedule_days: schedule.written,
        schedule_filters: Some(schedule.filters.clone()),
        upsell: super::upsell::upsell(cx, &offered),
        vod: show
            .vod
            .as_ref()
            .filter(|_| {
                show.vod_availability && cx.data.settings.site_features_resolved.vod_enabled
            })
            .map(|v| VodOffer::of(cx, v)),
        calendar_feed: super::feed_links::feed_links(cx, site::routes::Feed::Show, &show.slug),
    };
    // Search engines want an Event with a date and a place: the next screening.
    let described = if show.is_movie {
        Some(seo::movie(show, &cx.url, cx.base()))
    } else {
        first_showtime(locale, i, cx.now)
            .map(|(s, c)| seo::show_event(show, &cx.url, cx.base(), s, c))
    };
    let json_ld: Vec<JsonLd> = described
        .map(JsonLd::from)
        .into_iter()
        .chain([cx.breadcrumbs(&show.title)])
        .collect();
    // The cinemas playing the show: the island follows the locator's choice among them.
    // Each cinema once, in the order the index first names it: the index has an entry per
    // cinema and day, so comparing slugs with every place kept grew with the square of the
    // site's cinemas (scale 10).
    let mut places: Vec<SchedulePlace> = Vec::new();
    let mut placed = vec![false; locale.cinemas.len()];
    for place in &locale.show_index()[i] {
        let c = &locale.cinemas[place.cinema as usize].cinema;
        if !std::mem::replace(&mut placed[place.cinema as usize], true) {
            places.push(SchedulePlace {
                slug: c.slug.clone(),
                vista_ref: c.vista_ref.clone(),
                city_slug: c.city_slug.clone(),
            });
        }
    }
    Built::new(&view)
        .seo(SeoArgs {
            title: show.title.clone(),
            teaser: show.synopsis.clone().unwrap_or_default(),
            ..SeoArgs::default()
        })
        .json_ld(json_ld)
        .fragment(schedule.html)
        .islands(PageIslands {
            show: Some(ShowIslands::of(show).tracked(site::rules::tracked_show(
                cx.page.site,
                show,
                &cx.data.settings.site_features_resolved,
                offered.iter().copied(),
                places.len(),
            ))),
            schedule_days: schedule.days,
            schedule_filters: Some(schedule.filters),
            schedule_api: Some(format!("/api/show/{}/shows", show.slug)),
            schedule_places: Some(places),
            ..PageIslands::default()
        })
}

/// The earliest showtime of a show (index in `shows`) in the site not started at build time,
/// with its cinema: what the event's structured data names.
fn first_showtime(
    locale: &LocaleData,
    show: usize,
    now: chrono::DateTime<chrono::Utc>,
) -> Option<(&Screening, &Cinema)> {
    locale.show_index()[show]
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
    locale.schedules()[place.cinema as usize]
        .as_ref()?
        .days
        .get(place.day as usize)?
        .shows
        .get(place.entry as usize)
}

/// A show's days at every cinema playing it (index in `shows`), from the show index.
fn show_days<'a>(locale: &'a LocaleData, show: usize) -> Vec<PlacesDay<'a>> {
    let mut days: Vec<PlacesDay<'a>> = Vec::new();
    for place in &locale.show_index()[show] {
        let Some(entry) = entry_at(locale, place) else {
            continue;
        };
        let date = locale.schedules()[place.cinema as usize]
            .as_ref()
            .map(|s| s.days[place.day as usize].date)
            .expect("an entry has its day");
        add_showtimes(
            &mut days,
            date,
            entry.show,
            place.cinema as usize,
            entry.screenings.iter().collect(),
        );
    }
    days
}
