//! A schedule across cinemas on a city, experience or show page (issue 12): its fragment
//! (`schedule_fragments`), the days the schedule island offers and its filters.

use super::cinema::{filters_of, schedule_show};
use super::cx::PageCx;
use crate::schedule_fragments::{self, PlaceRef, PlacesDay, PlacesLayout};

/// Days an experience page writes: an experience plays in every cinema of a country (at
/// scale 10 two days of Dolby were 124 KB gzipped); the island fetches the others.
const EXPERIENCE_DAYS: usize = 1;
use site::content::ShowtimeStatus;
use site::islands::{ScheduleDay, ScheduleFilters};

/// What a page shows of a schedule across cinemas.
pub struct PlacesSchedule {
    pub html: String,
    /// Every day (the island's tabs); the first ones (`written`) are in the HTML.
    pub days: Vec<ScheduleDay>,
    /// The days written (the links shown without JavaScript).
    pub written: Vec<ScheduleDay>,
    pub filters: ScheduleFilters,
}

/// The schedule of `days`, from the first day with a bookable showtime (available, as the
/// API's clock had it when the build asked): a day all closed or sold out is nothing to book,
/// the written days are the next ones.
pub fn places_schedule(
    cx: &PageCx,
    days: &[PlacesDay],
    layout: PlacesLayout,
    written: usize,
) -> PlacesSchedule {
    let first = days
        .iter()
        .position(|d| {
            d.shows
                .iter()
                .flat_map(|s| &s.places)
                .flat_map(|p| &p.1)
                .any(|s| s.status == ShowtimeStatus::Available)
        })
        .unwrap_or(days.len());
    let days = &days[first..];
    let locale = cx.locale;
    let posters = layout == PlacesLayout::Shows;
    let html = schedule_fragments::places_schedule(
        days,
        written,
        layout,
        locale.tables(),
        cx.labels,
        |id| schedule_show(cx, id, posters),
        |i| {
            let c = &locale.cinemas[i].cinema;
            PlaceRef {
                slug: &c.slug,
                name: &c.name,
                href: cx.cinema_path_at(i),
                city: (&c.city_slug, &c.city),
                order: cx.cinema_order_at(i),
            }
        },
    );
    let days_of = |list: &[PlacesDay]| -> Vec<ScheduleDay> {
        list.iter()
            .map(|d| ScheduleDay {
                date: d.date.to_string(),
                label: cx.labels.day_tab(d.date),
            })
            .collect()
    };
    // Every day's options: the later days, filled by the island, are filtered too.
    let filters = filters_of(
        days.iter()
            .flat_map(|d| &d.shows)
            .map(|s| (s.show, s.places.iter().flat_map(|p| p.1.iter().copied()))),
        locale,
    );
    PlacesSchedule {
        html,
        days: days_of(days),
        written: days_of(&days[..days.len().min(written)]),
        filters,
    }
}

/// An experience's schedule: the showtimes of every cinema tagged with its tag (else its
/// slug), as `/api/gpxp/{slug}/shows` answers.
pub fn experience_schedule(cx: &PageCx, experience: &site::content::Experience) -> PlacesSchedule {
    let locale = cx.locale;
    let tag = experience.tag.as_deref().unwrap_or(&experience.slug);
    // The site's showtimes share a few dozen tag lists: the lists naming the tag are found
    // once, and each of the tens of thousands of showtimes is checked by its list's index.
    let tables = locale.tables();
    let with_tag: Vec<bool> = tables
        .tag_lists
        .iter()
        .map(|list| list.iter().any(|t| t == tag))
        .collect();
    let days = schedule_fragments::places_days(
        locale
            .schedules()
            .iter()
            .enumerate()
            .filter_map(|(i, s)| Some((i, s.as_ref()?))),
        |_, s| with_tag[s.tags as usize],
    );
    places_schedule(cx, &days, PlacesLayout::Shows, EXPERIENCE_DAYS)
}
