//! A cinema's page and its light view (spec §4 cinema page): the cinema, its schedule written
//! in Rust as a fragment, the schedule island's days and filters, JSON-LD of the next days.

use super::cx::{Built, PageCx, PageIslands};
use crate::fragments::{self, ScheduleDays, ScheduleShow};
use crate::model::LocaleData;
use crate::schedule::{CinemaSchedule, DayShow, Screening, ShowId};
use crate::seo::{self, JsonLd, SeoArgs};
use serde::Serialize;
use site::content::*;
use site::islands::{CinemaChoice, FilterOption, ScheduleDay, ScheduleFilters};
use site::routes::PageKind;

/// Days of showtimes described as ScreeningEvent JSON-LD on a cinema page.
const JSON_LD_DAYS: usize = 2;

/// Days of showtimes a cinema page writes whole (today and the next two: what most visitors
/// book, and what search engines read with the JSON-LD); the island fills the later days from
/// the runtime API when their tab is opened. All 14 made a cinema page 200–600 KB of HTML and
/// most of a targeted rebuild's bytes (docs/decisions.md, "A cinema page writes three days").
pub const WRITTEN_DAYS: usize = 3;

#[derive(Serialize)]
struct CinemaView<'a> {
    cinema: &'a CinemaDetail,
    nearby: Vec<Nearby<'a>>,
    /// The schedule island's day links (islands/README.md): the day sections written.
    schedule_days: &'a [ScheduleDay],
    /// Every day the schedule offers (the calendar's), the later ones filled by the island.
    schedule_calendar_days: &'a [ScheduleDay],
    /// What the schedule's filters offer (the filters button shows when there is any).
    schedule_filters: &'a Option<ScheduleFilters>,
    /// The experience the schedule invites to (spec §5 upsell), not on the light view.
    upsell: Option<super::upsell::UpsellView<'a>>,
    /// Alerts, e-cards, cinepass items, itinerary, service accordions, nearby cities (issue 13).
    surfaces: super::cinema_surfaces::CinemaSurfaces<'a>,
    /// The cinema's calendar feed (issue 17): "subscribe" and "download" links.
    calendar_feed: Option<super::feed_links::FeedLinks>,
}

#[derive(Serialize)]
struct Nearby<'a> {
    name: &'a str,
    distance: &'a Option<f64>,
    href: Option<String>,
}

pub fn cinema(cx: &PageCx, i: usize) -> Built {
    let locale = cx.locale;
    let cinema = &locale.cinemas[i];
    let schedule = locale.schedules()[i].as_ref();
    // The light view is today's schedule for slow connections: no posters, not indexed, no
    // structured data to compute. On the cinema page the first poster is the largest image
    // when the cinema has no backdrop above it.
    let light = cx.page.kind == PageKind::CinemaLight;
    let days = if light {
        ScheduleDays {
            listed: 1,
            written: 1,
        }
    } else {
        ScheduleDays {
            listed: usize::MAX,
            written: WRITTEN_DAYS,
        }
    };
    let mut ld: Vec<JsonLd> = vec![seo::movie_theater(cinema, &cx.url, cx.base()).into()];
    if let Some(schedule) = schedule.filter(|_| !light) {
        ld.extend(screenings_ld(cx, schedule, &cinema.cinema));
    }
    ld.push(cx.breadcrumbs(&cinema.cinema.name));
    let first_poster = if cinema.cinema.backdrop.is_some() {
        fragments::Loading::Lazy
    } else {
        fragments::Loading::Priority
    };
    let schedule_html = schedule
        .map(|sc| {
            fragments::cinema_schedule(sc, locale.tables(), days, cx.labels, first_poster, |id| {
                schedule_show(cx, id, !light)
            })
        })
        .unwrap_or_default();
    // Every day the island offers; the links without JavaScript go to the days written.
    let schedule_days: Vec<ScheduleDay> = schedule
        .map(|sc| {
            sc.days
                .iter()
                .take(days.listed)
                .map(|d| ScheduleDay {
                    date: d.date.to_string(),
                    label: cx.labels.day_tab(d.date),
                })
                .collect()
        })
        .unwrap_or_default();
    let written_days = &schedule_days[..days.written.min(schedule_days.len())];
    // What the days written play, as on city pages (docs/decisions.md).
    let filters = schedule.map(|sc| schedule_filters(sc, days.written, locale));
    let view = CinemaView {
        cinema,
        nearby: cinema
            .nearby_cinemas
            .iter()
            .map(|n| Nearby {
                name: &n.name,
                distance: &n.distance,
                href: cx.href(PageKind::Cinema, &n.slug),
            })
            .collect(),
        schedule_days: written_days,
        schedule_calendar_days: &schedule_days,
        schedule_filters: &filters,
        upsell: schedule.filter(|_| !light).and_then(|sc| {
            // Each tag list once: hundreds of showtimes share a few.
            let mut lists: Vec<u32> = sc
                .days
                .iter()
                .flat_map(|d| &d.shows)
                .flat_map(|e| &e.screenings)
                .map(|s| s.tags)
                .collect();
            lists.sort_unstable();
            lists.dedup();
            let offered = lists
                .iter()
                .flat_map(|&list| &locale.tables().tag_lists[list as usize])
                .map(String::as_str)
                .collect();
            super::upsell::upsell(cx, &offered)
        }),
        surfaces: super::cinema_surfaces::surfaces(cx, cinema),
        calendar_feed: super::feed_links::feed_links(
            cx,
            site::routes::Feed::Cinema,
            &cinema.cinema.slug,
        ),
    };
    let islands = PageIslands {
        cinema: Some(CinemaChoice {
            slug: cinema.cinema.slug.clone(),
            name: cinema.cinema.name.clone(),
        }),
        cinema_info: cinema.accessibility_description.is_some() || cinema.pricing.is_some(),
        schedule_filters: filters.clone(),
        schedule_days: schedule_days.clone(),
        ..PageIslands::default()
    };
    Built::new(&view)
        .seo(SeoArgs {
            name: cinema.cinema.name.clone(),
            city: cinema.cinema.city.clone(),
            // Shared with the cinema's backdrop (issue 13), not on the light view.
            image: cinema
                .cinema
                .backdrop
                .as_ref()
                .filter(|_| !light)
                .and_then(|b| seo::share_image(b, &cinema.cinema.name, cx.base())),
            ..SeoArgs::default()
        })
        .json_ld(ld)
        .fragment(schedule_html)
        .islands(islands)
}

/// ScreeningEvents of the first days: search engines show the next few days; the schedule's
/// first days are in the HTML.
fn screenings_ld(cx: &PageCx, schedule: &CinemaSchedule, cinema: &Cinema) -> Vec<JsonLd> {
    let locale = cx.locale;
    let described: Vec<(&DayShow, &Show, String)> = schedule
        .days
        .iter()
        .take(JSON_LD_DAYS)
        .flat_map(|d| &d.shows)
        .filter_map(|entry| {
            let show = locale.show_of(entry.show)?;
            Some((entry, show, format!("{}{}", cx.base(), cx.show_href(show)?)))
        })
        .collect();
    let showtimes = described.iter().flat_map(|(entry, show, show_url)| {
        entry
            .screenings
            .iter()
            .map(move |s| (s, *show, show_url.as_str()))
    });
    seo::screenings(showtimes, locale.tables(), cinema, &cx.url)
        .into_iter()
        .collect()
}

/// What the schedule island's filters offer (islands/README.md, "schedule"): the versions,
/// tags and genres found in the days written, each with the URL filter's value. Versions in
/// the order they first play, tags and genres by label.
fn schedule_filters(
    schedule: &CinemaSchedule,
    days: usize,
    locale: &LocaleData,
) -> ScheduleFilters {
    filters_of(
        schedule
            .days
            .iter()
            .take(days)
            .flat_map(|d| &d.shows)
            .map(|e| (e.show, &e.screenings)),
        locale,
    )
}

/// The filters of a schedule's shows (each with its showtimes), in the order they play.
pub(super) fn filters_of<'s, I>(
    entries: impl Iterator<Item = (ShowId, I)>,
    locale: &LocaleData,
) -> ScheduleFilters
where
    I: IntoIterator<Item = &'s Screening>,
{
    let mut versions: Vec<u32> = Vec::new();
    let mut tags: Vec<&str> = Vec::new();
    let mut genres: Vec<&str> = Vec::new();
    // Hundreds of showtimes share a few tag lists: each list read once.
    let mut lists_read: Vec<u32> = Vec::new();
    for (show, screenings) in entries {
        for s in screenings {
            if !versions.contains(&s.version) {
                versions.push(s.version);
            }
            if lists_read.contains(&s.tags) {
                continue;
            }
            lists_read.push(s.tags);
            for tag in locale.tables().tags(s) {
                if !tags.contains(&tag.as_str()) {
                    tags.push(tag);
                }
            }
        }
        if let Some(show) = locale.show_of(show) {
            for tag in &show.tags {
                if !tags.contains(&tag.as_str()) {
                    tags.push(tag);
                }
            }
            for genre in &show.genres {
                if !genres.contains(&genre.as_str()) {
                    genres.push(genre);
                }
            }
        }
    }
    let option = |value: String, label: &str| FilterOption {
        value,
        label: label.to_string(),
    };
    let versions = versions
        .iter()
        .map(|&v| &locale.tables().versions[v as usize])
        .filter(|v| site::filters::is_valid_item(&v.slug))
        .map(|v| option(v.slug.clone(), &v.label))
        .collect();
    // A tag the content has no title for is unknown (spec §8): not offered.
    let mut tags: Vec<(String, &str)> = tags
        .iter()
        .filter_map(|slug| {
            locale
                .tags
                .iter()
                .find(|t| t.slug == *slug)
                .and_then(|t| Some((t.slug.to_lowercase(), t.title.as_deref()?)))
        })
        .filter(|(slug, _)| site::filters::is_valid_item(slug))
        .collect();
    tags.sort_by_cached_key(|a| site::text::fold(a.1));
    tags.dedup_by(|a, b| a.0 == b.0);
    let mut genres: Vec<(String, &str)> = genres
        .iter()
        .map(|g| (site::text::genre_key(g), *g))
        .filter(|(k, _)| site::filters::is_valid_item(k))
        .collect();
    genres.sort();
    genres.dedup_by(|a, b| a.0 == b.0);
    ScheduleFilters {
        versions,
        tags: tags.into_iter().map(|(v, l)| option(v, l)).collect(),
        genres: genres.into_iter().map(|(v, l)| option(v, l)).collect(),
    }
}

/// What a schedule writes of a show (`posters`: a small poster beside its title).
pub(super) fn schedule_show<'a>(cx: &PageCx<'a>, id: ShowId, posters: bool) -> ScheduleShow<'a> {
    let locale = cx.locale;
    match locale.show_at(id) {
        Some(i) => {
            let show = &locale.shows[i];
            ScheduleShow {
                slug: &show.slug,
                title: &show.title,
                href: cx.show_path_at(i),
                genres: &show.genres,
                tags: &show.tags,
                bookable: show.bookable,
                poster: if posters { show.poster.as_ref() } else { None },
                duration: show.duration,
                flag: show.flag.as_ref(),
            }
        }
        // A show the list lacks: its showtimes still book; nothing to filter on.
        None => ScheduleShow {
            slug: locale.tables().slug(id),
            title: locale.tables().slug(id),
            href: None,
            genres: &[],
            tags: &[],
            bookable: true,
            poster: None,
            duration: None,
            flag: None,
        },
    }
}
