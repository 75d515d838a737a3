//! A city's page and its light list (spec §4 city page): the city's cinemas and, on the
//! city page, the schedule of all of them (issue 12): by day, show, cinema, then version,
//! kept live by the schedule island from `/api/city/{slug}/shows`.

use super::cx::{Built, Linked, PageCx, PageIslands};
use super::places::places_schedule;
use crate::schedule_fragments::{places_days, PlacesLayout, WRITTEN_DAYS};
use crate::seo::SeoArgs;
use serde::Serialize;
use site::content::*;
use site::islands::{ScheduleDay, ScheduleFilters};
use site::routes::PageKind;

#[derive(Serialize)]
struct CityView<'a> {
    city: &'a CityDetail,
    cinemas: Vec<Linked<'a, Cinema>>,
    /// The schedule's days written in the page (the island's links without JavaScript).
    schedule_days: Vec<ScheduleDay>,
    schedule_filters: Option<ScheduleFilters>,
}

/// The light list is the same list of cinemas, not indexed (its kind says so), without the
/// schedule.
pub fn city(cx: &PageCx, i: usize) -> Built {
    let locale = cx.locale;
    let city = &locale.cities[i];
    let with_schedule = cx.page.kind == PageKind::City;
    let days = if with_schedule {
        places_days(
            city.cinemas.iter().filter_map(|c| {
                let at = *locale.cinema_by_slug.get(&c.slug)?;
                Some((at, locale.schedules()[at].as_ref()?))
            }),
            |_, _| true,
        )
    } else {
        Vec::new()
    };
    let schedule = places_schedule(cx, &days, PlacesLayout::Shows, WRITTEN_DAYS);
    let view = CityView {
        city,
        cinemas: cx.linked("cinema", PageKind::Cinema, &city.cinemas, |c| &c.slug),
        schedule_days: schedule.written,
        schedule_filters: Some(schedule.filters.clone()),
    };
    Built::new(&view)
        .fragment_if_any(schedule.html)
        .seo(SeoArgs {
            name: city.city.name.clone(),
            city: city.city.name.clone(),
            ..SeoArgs::default()
        })
        .json_ld(vec![cx.breadcrumbs(&city.city.name)])
        .islands(PageIslands {
            schedule_days: schedule.days,
            schedule_filters: Some(schedule.filters),
            schedule_api: Some(format!("/api/city/{}/shows", city.city.slug)),
            ..PageIslands::default()
        })
}
