//! The subscribable calendar feeds (issue 17, item 1): one `.ics` per cinema page (its
//! upcoming showtimes, every show) and one per show page (its upcoming showtimes in every
//! cinema of the site), per language, at the paths of `site::routes::Feed`. Made from the
//! schedules the build already fetched (no call of their own), with `site::calendar`'s writer
//! and the same events as the runtime API's file of one showtime (same `UID`, so a subscribed
//! calendar updates an event rather than adding a second one).
//!
//! A feed holds the site's first `FEED_DAYS` days of schedules (the pages print every day the
//! content API gives): a subscribed calendar is refreshed at least daily and the nightly build
//! renews the feeds, so a week ahead is always there, at half the bytes and CPU of two weeks
//! (docs/decisions.md, "Calendar feeds"). `DTSTAMP` is the start (UTC) of the first of those
//! days on the site, not the build's instant: a feed is a function of the fetched content
//! alone. A feed whose inputs did not change (the site's answers, the templates, UI strings and
//! generator) is kept without being made again (`Output::reuse`), as pages are; one made again
//! with the same bytes keeps its file (`Output::write`).

use crate::model::{LocaleData, SiteData};
use crate::output::Output;
use crate::plan::{Item, SitePages};
use crate::schedule::{DayShow, Screening, ShowId};
use chrono::{DateTime, Datelike, TimeZone, Utc};
use site::calendar::{
    showtime_event_ref, uid_host, years_of, CalendarWriter, EventPlace, EventTexts, ShowtimeFacts,
};
use site::routes::{Feed, PageKind, RouteTable};
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many days of the site's schedules a feed holds, from its first.
pub const FEED_DAYS: i64 = 7;

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
        .flat_map(|l| l.schedules().iter().flatten())
        .filter_map(|s| s.days.first().map(|d| d.date))
        .min()
        .unwrap_or_else(|| fallback.date_naive());
    Utc.from_utc_datetime(&first.and_hms_opt(0, 0, 0).expect("midnight"))
}

/// What every feed of a build shares: where it goes and what it is made from besides the site.
pub struct FeedsOf<'a> {
    pub output: &'a Output,
    pub table: &'a RouteTable,
    pub brand: &'a site::brand::Brand,
    pub count: &'a FeedsCount,
    pub deps: &'a crate::deps::Deps,
    /// Hash of the templates, UI strings, brand and generator (`build::fingerprint`).
    pub fingerprint: u64,
    /// A targeted build's files (`build::targets`): every other feed is kept as published.
    pub targets: Option<&'a std::collections::HashSet<String>>,
    /// The build's clock: the stamp of a site without showtimes.
    pub now: DateTime<Utc>,
}

/// Writes the feeds of a site's cinema and show pages (`plan`); `read_schedules` before the
/// first one made (see `SiteData::load_schedules`).
pub fn write(
    of: &FeedsOf,
    root: &str,
    plan: &SitePages,
    data: &SiteData,
    read_schedules: &(dyn Fn() -> anyhow::Result<()> + Sync),
) -> anyhow::Result<()> {
    use rayon::prelude::*;
    let FeedsOf {
        output,
        table,
        brand,
        count,
        deps,
        ..
    } = *of;
    let started = std::time::Instant::now();
    let site = data.site;
    let tz: chrono_tz::Tz = site.time_zone().parse().expect("sites name valid zones");
    let host = uid_host(brand, site);
    // The stamp and the last day, once the schedules are read.
    let dates: std::sync::OnceLock<(DateTime<Utc>, chrono::NaiveDate)> = Default::default();
    let dates = || {
        *dates.get_or_init(|| {
            let stamp = stamp(data, of.now);
            (
                stamp,
                stamp.date_naive() + chrono::Duration::days(FEED_DAYS),
            )
        })
    };
    // Every input of a feed but its own identity: the site's answers and, for a site without
    // showtimes, the build's day (its stamp).
    let site_inputs =
        of.fingerprint ^ data.content_hash ^ of.now.date_naive().num_days_from_ce() as u64;
    // Each language's cinemas as their events name them, made at the first feed written: a
    // show's feed names several, and every show's feed the same ones.
    let places: std::collections::BTreeMap<_, std::sync::OnceLock<Vec<EventPlace>>> = data
        .locales
        .keys()
        .map(|lang| (*lang, std::sync::OnceLock::new()))
        .collect();
    plan.pages
        .par_iter()
        .filter(|p| !p.webview)
        .try_for_each(|page| -> anyhow::Result<()> {
            let Some(locale) = data.locales.get(&page.lang) else {
                return Ok(());
            };
            let (feed, slug, name) = match (page.kind, page.item) {
                (PageKind::Cinema, Item::Cinema(i)) => {
                    let cinema = &locale.cinemas[i].cinema;
                    (Feed::Cinema, &cinema.slug, &cinema.name)
                }
                (PageKind::Show | PageKind::Event, Item::Show(i)) => {
                    let show = &locale.shows[i];
                    (Feed::Show, &show.slug, &show.title)
                }
                _ => return Ok(()),
            };
            let Some(path) = table.feed_path(feed, site, page.lang, slug) else {
                return Ok(());
            };
            let rel = format!("{root}{path}");
            // A targeted build keeps, as published, every feed not made from what changed.
            if of
                .targets
                .is_some_and(|t| !t.contains(&rel) && deps.had(&rel))
                && output.keep_published(&rel)?
            {
                deps.carry(&rel);
                return Ok(());
            }
            let quick = {
                let mut hasher = xxhash_rust::xxh3::Xxh3::new();
                hasher.update(&site_inputs.to_le_bytes());
                hasher.update(rel.as_bytes());
                hasher.digest()
            };
            let kept = output.reuse(&rel, quick, || quick)?;
            // The dependency map: a targeted build (`--changed cinema/…`, `show/…`) names the
            // feeds made from what changed, as it names the pages.
            if kept && deps.had(&rel) {
                deps.carry(&rel);
            } else {
                read_schedules()?;
                let keys = feed_keys(locale, feed, page.item, dates().1);
                deps.record(&rel, keys.iter().map(String::as_str).collect());
            }
            if kept {
                return Ok(());
            }
            let (stamp, until) = dates();
            let places = places[&page.lang].get_or_init(|| {
                locale
                    .cinemas
                    .iter()
                    .map(|c| EventPlace::of(&c.cinema))
                    .collect()
            });
            let events = match page.item {
                Item::Cinema(i) => cinema_events(locale, i, until),
                Item::Show(i) => show_events(locale, i, until),
                _ => unreachable!("feeds are made for cinemas and shows"),
            };
            let text = calendar(tz, name, stamp, locale, places, &host, &events);
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
/// show it has before `until`, or its show and every cinema where it plays before then (a
/// show playing only later is not in the feed, and its edit does not make the feed again).
fn feed_keys(locale: &LocaleData, feed: Feed, item: Item, until: chrono::NaiveDate) -> Vec<String> {
    let mut keys = std::collections::BTreeSet::new();
    match (feed, item) {
        (Feed::Cinema, Item::Cinema(i)) => {
            keys.insert(format!("cinema/{}", locale.cinemas[i].cinema.slug));
            // A show plays on many days: each named once, not once a day.
            let mut shows: Vec<ShowId> = cinema_entries(locale, i, until).map(|e| e.show).collect();
            shows.sort_unstable_by_key(|s| s.0);
            shows.dedup();
            let tables = locale.tables();
            keys.extend(
                shows
                    .into_iter()
                    .map(|s| format!("show/{}", tables.slug(s))),
            );
        }
        (Feed::Show, Item::Show(i)) => {
            keys.insert(format!("show/{}", locale.shows[i].slug));
            // A cinema shows it on many days: each named once.
            let mut cinemas: Vec<u32> = show_entries(locale, i, until)
                .map(|(cinema, _)| cinema)
                .collect();
            cinemas.sort_unstable();
            cinemas.dedup();
            keys.extend(
                cinemas
                    .into_iter()
                    .map(|c| format!("cinema/{}", locale.cinemas[c as usize].cinema.slug)),
            );
        }
        _ => {}
    }
    keys.into_iter().collect()
}

/// What a cinema's feed holds: each show of each of its days before `until`, in the
/// schedule's order (what its dependencies name, `feed_keys`, and its events).
fn cinema_entries(
    locale: &LocaleData,
    i: usize,
    until: chrono::NaiveDate,
) -> impl Iterator<Item = &DayShow> {
    locale.schedules()[i]
        .iter()
        .flat_map(move |s| s.days.iter().take_while(move |d| d.date < until))
        .flat_map(|d| &d.shows)
}

/// What a show's feed holds: the show on each day before `until` in each cinema (by index in
/// the locale), from the show's index of places.
fn show_entries(
    locale: &LocaleData,
    i: usize,
    until: chrono::NaiveDate,
) -> impl Iterator<Item = (u32, &DayShow)> {
    let schedules = locale.schedules();
    locale.show_index()[i].iter().filter_map(move |place| {
        let day = schedules[place.cinema as usize]
            .as_ref()?
            .days
            .get(place.day as usize)
            .filter(|d| d.date < until)?;
        Some((place.cinema, day.shows.get(place.entry as usize)?))
    })
}

/// A showtime of a feed: the cinema (its index in the locale), the show, the screening.
type FeedEvent<'a> = (u32, ShowId, &'a Screening);

/// A cinema's showtimes before `until`, in the schedule's order (day, show, time).
fn cinema_events(locale: &LocaleData, i: usize, until: chrono::NaiveDate) -> Vec<FeedEvent<'_>> {
    cinema_entries(locale, i, until)
        .flat_map(|e| e.screenings.iter().map(move |s| (i as u32, e.show, s)))
        .collect()
}

/// A show's showtimes before `until` in every cinema, by time (then cinema).
fn show_events(locale: &LocaleData, i: usize, until: chrono::NaiveDate) -> Vec<FeedEvent<'_>> {
    let mut found: Vec<FeedEvent> = show_entries(locale, i, until)
        .flat_map(|(cinema, entry)| {
            entry
                .screenings
                .iter()
                .map(move |s| (cinema, entry.show, s))
        })
        .collect();
    let slug = |cinema: u32| locale.cinemas[cinema as usize].cinema.slug.as_str();
    found.sort_by(|a, b| {
        (a.2.start)
            .cmp(&b.2.start)
            .then_with(|| slug(a.0).cmp(slug(b.0)))
    });
    found
}

/// A feed's calendar: its events as `site::calendar::showtime_event` makes them for the API's
/// file of one showtime, written one by one (`CalendarWriter`).
fn calendar<'a>(
    tz: chrono_tz::Tz,
    name: &str,
    stamp: DateTime<Utc>,
    locale: &'a LocaleData,
    places: &[EventPlace],
    host: &'a str,
    events: &[FeedEvent<'a>],
) -> String {
    // The facts of each event, read twice: for the years the calendar's zone spans, then to
    // write the events (the same start and end both times).
    let facts = |event: &FeedEvent<'a>| facts(locale, host, event);
    let years = years_of(
        tz,
        events
            .iter()
            .map(facts)
            .flat_map(|f| [Some(f.film_start), f.film_end])
            .flatten(),
    );
    let mut writer = CalendarWriter::begin(tz, Some(name), stamp, years, events.len());
    let mut texts = EventTexts::default();
    for event in events {
        writer.event(&showtime_event_ref(
            &facts(event),
            &places[event.0 as usize],
            &mut texts,
        ));
    }
    writer.finish()
}

/// What a feed's event says of its showtime (`site::calendar::showtime_event`'s facts).
fn facts<'a>(
    locale: &'a LocaleData,
    host: &'a str,
    &(_, show, s): &FeedEvent<'a>,
) -> ShowtimeFacts<'a> {
    let tables = locale.tables();
    ShowtimeFacts {
        site_host: host,
        id: s.id(),
        showtime_start: s.start,
        film_start: s.film_start.unwrap_or(s.start),
        film_end: s.film_end,
        title: locale
            .show_of(show)
            .map_or_else(|| tables.slug(show), |s| s.title.as_str()),
        version: &tables.version(s).label,
        auditorium: tables.auditorium(s),
        booking_url: s.booking_url(),
    }
}

/// Set (to anything but nothing), the build writes no feed: only to measure what the feeds cost
/// (docs/operations.md); the pages still link them.
pub const NO_FEEDS_ENV: &str = "GENERATOR_NO_FEEDS";
