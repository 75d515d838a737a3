//! The subscribable calendar feeds (issue 17, item 1): one `.ics` per cinema page (its
//! upcoming showtimes, every show) and one per show page (its upcoming showtimes in every
//! cinema of the site), per language, at the paths of `site::routes::Feed`. Made from the
//! schedules the build already fetched (no call of their own), with `site::calendar`'s writer
//! and the same events as the runtime API's file of one showtime (same `UID`, so a subscribed
//! calendar updates an event rather than adding a second one).
//!
//! A feed holds the days the pages print: every day of the schedules the content API gave
//! (the cinema page prints them all; the API gives the coming days). `DTSTAMP` is the start
//! (UTC) of the first of those days on the site, not the build's instant: a feed is a function
//! of the fetched content alone, so one whose showtimes did not change keeps its bytes and the
//! output keeps its file (`Output::write`) rather than writing it again.

use crate::model::{LocaleData, SiteData};
use crate::output::Output;
use crate::plan::{Item, SitePages};
use crate::schedule::{Screening, ShowId};
use chrono::{DateTime, TimeZone, Utc};
use site::calendar::{showtime_event, uid_host, write_calendar, CalendarEvent, ShowtimeFacts};
use site::content::Cinema;
use site::routes::{Feed, PageKind, RouteTable};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What the feeds of a build came to (the build report's `feeds`).
#[derive(serde::Serialize, Default, Debug)]
pub struct FeedsReport {
    pub files: usize,
    pub events: usize,
    /// The feeds' bytes (before their pre-compressed siblings).
    pub bytes: usize,
    /// Wall time making and writing them (their siblings are made at commit, with the pages').
    pub ms: u64,
}

#[derive(Default)]
pub struct FeedsCount {
    files: AtomicUsize,
    events: AtomicUsize,
    bytes: AtomicUsize,
    ms: std::sync::atomic::AtomicU64,
}

impl FeedsCount {
    pub fn report(&self) -> FeedsReport {
        FeedsReport {
            files: self.files.load(Ordering::Relaxed),
            events: self.events.load(Ordering::Relaxed),
            bytes: self.bytes.load(Ordering::Relaxed),
            ms: self.ms.load(Ordering::Relaxed),
        }
    }
}

/// The feeds' `DTSTAMP`: the start (UTC) of the first day of the site's schedules, else of
/// `fallback`'s day (a site without showtimes).
pub fn stamp(data: &SiteData, fallback: DateTime<Utc>) -> DateTime<Utc> {
    let first = data
        .locales
        .values()
        .flat_map(|l| l.schedules.iter().flatten())
        .filter_map(|s| s.days.first().map(|d| d.date))
        .min()
        .unwrap_or_else(|| fallback.date_naive());
    Utc.from_utc_datetime(&first.and_hms_opt(0, 0, 0).expect("midnight"))
}

/// Writes the feeds of a site's cinema and show pages (`plan`), stamped `stamp`.
#[allow(clippy::too_many_arguments)]
pub fn write(
    output: &Output,
    table: &RouteTable,
    brand: &site::brand::Brand,
    root: &str,
    plan: &SitePages,
    data: &SiteData,
    stamp: DateTime<Utc>,
    count: &FeedsCount,
    deps: &crate::deps::Deps,
) -> anyhow::Result<()> {
    use rayon::prelude::*;
    let started = std::time::Instant::now();
    let site = data.site;
    let tz: chrono_tz::Tz = site.time_zone().parse().expect("sites name valid zones");
    let host = uid_host(brand, site);
    plan.pages
        .par_iter()
        .filter(|p| !p.webview)
        .try_for_each(|page| -> anyhow::Result<()> {
            let Some(locale) = data.locales.get(&page.lang) else {
                return Ok(());
            };
            let (feed, slug, name, events) = match (page.kind, page.item) {
                (PageKind::Cinema, Item::Cinema(i)) => {
                    let cinema = &locale.cinemas[i].cinema;
                    (
                        Feed::Cinema,
                        &cinema.slug,
                        &cinema.name,
                        cinema_events(locale, i, &host),
                    )
                }
                (PageKind::Show | PageKind::Event, Item::Show(i)) => {
                    let show = &locale.shows[i];
                    (
                        Feed::Show,
                        &show.slug,
                        &show.title,
                        show_events(locale, i, &host),
                    )
                }
                _ => return Ok(()),
            };
            let Some(path) = table.feed_path(feed, site, page.lang, slug) else {
                return Ok(());
            };
            let rel = format!("{root}{path}");
            // The dependency map: a targeted build (`--changed cinema/…`, `show/…`) names the
            // feeds made from what changed, as it names the pages.
            let keys = feed_keys(locale, feed, page.item);
            deps.record(&rel, keys.iter().map(String::as_str).collect());
            let text = write_calendar(tz, Some(name), stamp, &events);
            count.files.fetch_add(1, Ordering::Relaxed);
            count.events.fetch_add(events.len(), Ordering::Relaxed);
            count.bytes.fetch_add(text.len(), Ordering::Relaxed);
            output.write(&rel, text.as_bytes())
        })?;
    count
        .ms
        .fetch_add(started.elapsed().as_millis() as u64, Ordering::Relaxed);
    Ok(())
}

/// The content keys (`site::changes::ContentKey`) a feed is made from: its cinema and every
/// show it has, or its show and every cinema where it plays.
fn feed_keys(locale: &LocaleData, feed: Feed, item: Item) -> Vec<String> {
    let mut keys = std::collections::BTreeSet::new();
    match (feed, item) {
        (Feed::Cinema, Item::Cinema(i)) => {
            keys.insert(format!("cinema/{}", locale.cinemas[i].cinema.slug));
            for d in locale.schedules[i].iter().flat_map(|s| &s.days) {
                for e in &d.shows {
                    keys.insert(format!("show/{}", locale.tables.slug(e.show)));
                }
            }
        }
        (Feed::Show, Item::Show(i)) => {
            keys.insert(format!("show/{}", locale.shows[i].slug));
            for place in &locale.show_index[i] {
                let cinema = &locale.cinemas[place.cinema as usize].cinema;
                keys.insert(format!("cinema/{}", cinema.slug));
            }
        }
        _ => {}
    }
    keys.into_iter().collect()
}

/// A cinema's showtimes, in the schedule's order (day, show, time).
fn cinema_events(locale: &LocaleData, i: usize, host: &str) -> Vec<CalendarEvent> {
    let cinema = &locale.cinemas[i].cinema;
    let Some(schedule) = &locale.schedules[i] else {
        return Vec::new();
    };
    schedule
        .days
        .iter()
        .flat_map(|d| &d.shows)
        .flat_map(|e| e.screenings.iter().map(move |s| (e.show, s)))
        .map(|(show, s)| event(locale, cinema, show, s, host))
        .collect()
}

/// A show's showtimes in every cinema, by time (then cinema).
fn show_events(locale: &LocaleData, i: usize, host: &str) -> Vec<CalendarEvent> {
    let mut found: Vec<(&Screening, &Cinema, ShowId)> = Vec::new();
    for place in &locale.show_index[i] {
        let Some(schedule) = &locale.schedules[place.cinema as usize] else {
            continue;
        };
        let Some(day) = schedule.days.get(place.day as usize) else {
            continue;
        };
        let Some(entry) = day.shows.get(place.entry as usize) else {
            continue;
        };
        let cinema = &locale.cinemas[place.cinema as usize].cinema;
        found.extend(entry.screenings.iter().map(|s| (s, cinema, entry.show)));
    }
    found.sort_by(|a, b| (a.0.start, &a.1.slug).cmp(&(b.0.start, &b.1.slug)));
    found
        .into_iter()
        .map(|(s, cinema, show)| event(locale, cinema, show, s, host))
        .collect()
}

/// One showtime as `site::calendar::showtime_event` makes it for the API's file.
fn event(
    locale: &LocaleData,
    cinema: &Cinema,
    show: ShowId,
    s: &Screening,
    host: &str,
) -> CalendarEvent {
    let title = locale
        .show_of(show)
        .map_or_else(|| locale.tables.slug(show), |s| s.title.as_str());
    showtime_event(
        &ShowtimeFacts {
            site_host: host,
            id: &s.id,
            showtime_start: s.start,
            film_start: s.film_start.unwrap_or(s.start),
            film_end: s.film_end,
            title,
            version: &locale.tables.version(s).label,
            auditorium: s.auditorium.as_deref(),
            booking_url: s.booking_url.as_deref(),
        },
        cinema,
    )
}

/// Set (to anything), the build writes no feed: only to measure what the feeds cost
/// (docs/operations.md); the pages still link them.
pub const NO_FEEDS_ENV: &str = "GENERATOR_NO_FEEDS";
