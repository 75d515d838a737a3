//! HTML written in Rust for what a page repeats hundreds of times: schedules and showtime
//! chips, show cards and the cinemas list. A cinema page is mostly showtimes; building a JSON
//! value per showtime, walking it in Tera and minifying the result cost three quarters of a
//! build. These fragments are written minimal (no whitespace, attributes quoted only when
//! they must be, optional end tags left out) and spliced into the page after minify-html has
//! processed the rest, in place of a `slot` marker.

use crate::schedule::{CinemaSchedule, Rfc3339, Screening, ShowId, Tables, ACCESS};
use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, Timelike};
use site::content::{CityDetail, Flag, Image, ShowtimeStatus, Version};
use std::collections::HashMap;
use std::fmt::Write as _;

/// The marker a template writes with `{{ slot(n=0) }}`: a custom element, which minify-html
/// keeps as it is.
pub fn marker(n: usize) -> String {
    format!("<lumen-slot-{n}></lumen-slot-{n}>")
}

/// A marker and the runs of bytes written in its place (unused runs empty).
pub type Piece<'a> = (&'a str, [&'a [u8]; 3]);

/// Replaces each marker, in the order given (the order of the page), by its runs. Every marker
/// must be found: a missing one is a template that forgot its slot.
pub fn splice_pieces(page: &[u8], pieces: &[Piece]) -> anyhow::Result<Vec<u8>> {
    let extra: usize = pieces
        .iter()
        .flat_map(|(_, runs)| runs.iter().map(|r| r.len()))
        .sum();
    let mut out = Vec::with_capacity(page.len() + extra);
    let mut rest = page;
    for (mark, runs) in pieces {
        let at = find(rest, mark.as_bytes())
            .ok_or_else(|| anyhow::anyhow!("the template has no {mark}"))?;
        out.extend_from_slice(&rest[..at]);
        for run in runs {
            out.extend_from_slice(run);
        }
        rest = &rest[at + mark.len()..];
    }
    out.extend_from_slice(rest);
    Ok(out)
}

/// The markers of the locale's chrome (`{{ chrome_slot(n=…) }}`): 0 the banner and header,
/// 1 the footer up to its language links, 2 the rest of the footer (`build::chrome`).
pub const CHROME_MARKERS: [&str; 3] = [
    "<lumen-chrome-0></lumen-chrome-0>",
    "<lumen-chrome-1></lumen-chrome-1>",
    "<lumen-chrome-2></lumen-chrome-2>",
];

/// Where a page's own part goes in the chrome (`{{ hole() }}` in partials/chrome.html).
pub const HOLE: &str = "<lumen-hole></lumen-hole>";

/// Where `needle` (a marker) first occurs. `memmem` looks for the marker's rarest bytes with
/// vector instructions; trying each of the page's thousands of `<` was a tenth of a page's
/// splicing.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(haystack, needle)
}

/// The UI strings fragments print, looked up once per language.
pub struct Labels {
    /// The first link of a breadcrumb trail (JSON-LD), and the cinemas list's.
    pub breadcrumb_home: String,
    pub breadcrumb_cinemas: String,
    full: String,
    old: String,
    other_dates: String,
    /// `film ≈ {start}–{end}` and `film ≈ {start}` (issue 17: the film's real times), split
    /// once into escaped text and places for the times.
    film_times: Vec<TimesPart>,
    film_start: Vec<TimesPart>,
    weekdays_long: [String; 7],
    weekdays_short: [String; 7],
    months: [String; 12],
    /// The access sheet's words (issue 17 item 5), in `ACCESS` order.
    access: Vec<AccessLabel>,
}

const WEEKDAYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

impl Labels {
    pub fn new(strings: &HashMap<String, String>) -> anyhow::Result<Labels> {
        let get = |key: &str| {
            strings
                .get(key)
                .cloned()
                .ok_or_else(|| anyhow::anyhow!("no UI string {key:?}"))
        };
        let week = |form: &str| -> anyhow::Result<[String; 7]> {
            let list: Vec<String> = WEEKDAYS
                .iter()
                .map(|d| get(&format!("schedule.days.{form}.{d}")))
                .collect::<Result<_, _>>()?;
            Ok(list.try_into().expect("seven days"))
        };
        let months: Vec<String> = MONTHS
            .iter()
            .map(|m| get(&format!("dates.months.{m}")))
            .collect::<Result<_, _>>()?;
        Ok(Labels {
            breadcrumb_home: get("breadcrumbs.home")?,
            breadcrumb_cinemas: get("header.cinemas")?,
            full: get("schedule.status.full")?,
            old: get("schedule.status.old")?,
            other_dates: get("schedule.otherDates")?,
            film_times: TimesPart::split(&get("schedule.filmTimes")?, true),
            film_start: TimesPart::split(&get("schedule.filmStart")?, false),
            weekdays_long: week("long")?,
            weekdays_short: week("short")?,
            months: months.try_into().expect("twelve months"),
            access: access_labels(strings)?,
        })
    }

    /// `dimanche 22 novembre`.
    pub(crate) fn day_long(&self, date: NaiveDate) -> String {
        let weekday = &self.weekdays_long[date.weekday().num_days_from_monday() as usize];
        format!(
            "{weekday} {} {}",
            date.day(),
            self.months[date.month0() as usize]
        )
    }

    /// `dim. 22`: a day of a schedule's day strip (the day's heading gives the month).
    pub fn day_tab(&self, date: NaiveDate) -> String {
        let weekday = &self.weekdays_short[date.weekday().num_days_from_monday() as usize];
        format!("{weekday} {}", date.day())
    }

    /// `dim. 22 novembre`.
    pub fn day_short(&self, date: NaiveDate) -> String {
        let weekday = &self.weekdays_short[date.weekday().num_days_from_monday() as usize];
        format!(
            "{weekday} {} {}",
            date.day(),
            self.months[date.month0() as usize]
        )
    }
}

/// What a cinema's schedule writes of a show: its title and page, and what the schedule
/// island's filters read (islands/README.md, "schedule").
pub struct ScheduleShow<'a> {
    pub slug: &'a str,
    pub title: &'a str,
    pub href: Option<&'a str>,
    pub genres: &'a [String],
    /// Tag slugs.
    pub tags: &'a [String],
    pub bookable: bool,
    /// A small poster beside the title (lazy: most days are off screen).
    pub poster: Option<&'a Image>,
    /// Minutes.
    pub duration: Option<u32>,
    pub flag: Option<&'a Flag>,
}

/// A show's poster beside its title in a schedule: decoration (alt left empty, the title says
/// it); the first loads as `loading` says, the ones after it lazily.
pub(crate) fn thumb(out: &mut String, poster: &Image, loading: &mut Loading) {
    image(
        out,
        poster,
        ImageOptions {
            class: "thumb",
            sizes: "5.5rem",
            alt: Some(""),
            loading: *loading,
        },
    );
    *loading = Loading::Lazy;
}

/// How much of a cinema's schedule a page holds: the island's days (`listed`), of which the
/// first `written` are in the HTML.
#[derive(Clone, Copy, Debug)]
pub struct ScheduleDays {
    pub listed: usize,
    pub written: usize,
}

/// A cinema's schedule: days → shows → versions → showtimes. Of its first `days.listed` days,
/// the first `days.written` are written whole; each later one is an empty hidden section
/// (`data-later data-embed`) the schedule island fills from the runtime API when its tab is
/// opened, as on city pages (schedule_fragments.rs). Each show carries `data-show`,
/// `data-genres`, `data-tags` (and `data-bookable=false`), each version's list
/// `data-version`, each showtime `data-id` and `data-tags`, for the filters and details.
/// `first_poster`: how the schedule's first poster loads (`Priority` when nothing larger is
/// above it, the page's largest contentful paint).
pub fn cinema_schedule<'a>(
    schedule: &CinemaSchedule,
    tables: &Tables,
    days: ScheduleDays,
    labels: &Labels,
    first_poster: Loading,
    show: impl Fn(ShowId) -> ScheduleShow<'a>,
) -> String {
    let ScheduleDays { listed, written } = days;
    // About 900 bytes a showtime with its share of the show's head (the demo's cinema pages:
    // 897–959): one allocation for a page of hundreds, not four doublings and their copies.
    let showtimes: usize = schedule
        .days
        .iter()
        .take(written)
        .flat_map(|d| &d.shows)
        .map(|e| e.screenings.len())
        .sum();
    let mut out = String::with_capacity(1024 + showtimes * 960 + listed.min(32) * 160);
    let mut poster_loading = first_poster;
    // A show's head (its element, poster, title and details) reads the same every day it
    // plays once the first poster is written: made once, then copied.
    let mut heads: Vec<Option<String>> = vec![None; tables.show_slugs.len()];
    for (n, day) in schedule.days.iter().take(listed).enumerate() {
        let date = day.date;
        let later = n >= written;
        // A later day has no show block to fill: the island asks the day with the shows'
        // summaries.
        let attributes = if later {
            " data-later hidden data-embed"
        } else {
            ""
        };
        day_open(&mut out, date, labels, attributes);
        if later {
            out.push_str("</ul></section>");
            continue;
        }
        for entry in &day.shows {
            let kept = heads.get_mut(entry.show.0 as usize);
            if let Some(Some(head)) = kept.as_deref() {
                out.push_str(head);
            } else {
                let show = show(entry.show);
                let start = out.len();
                let same_every_day = poster_loading == Loading::Lazy || show.poster.is_none();
                show_open(&mut out, &show);
                if let Some(poster) = show.poster {
                    thumb(&mut out, poster, &mut poster_loading);
                }
                out.push_str("<div class=show-body><h4>");
                link_or_text(&mut out, show.href, show.title);
                out.push_str("</h4>");
                show_meta(&mut out, show.flag, show.duration, show.genres);
                if let (true, Some(slot)) = (same_every_day, kept) {
                    *slot = Some(out[start..].to_string());
                }
            }
            versions(&mut out, entry.screenings.iter(), tables, labels);
            out.push_str("</div>");
        }
        out.push_str("</ul></section>");
    }
    out
}

/// `<div class=versions>`: a show's showtimes of a day at one cinema, one list per version in
/// the order the versions first play.
pub(crate) fn versions<'a>(
    out: &mut String,
    screenings: impl Iterator<Item = &'a Screening> + Clone,
    tables: &Tables,
    labels: &Labels,
) {
    out.push_str("<div class=versions>");
    let mut versions: Vec<u32> = Vec::new();
    for s in screenings.clone() {
        if !versions.contains(&s.version) {
            versions.push(s.version);
        }
    }
    for version in versions {
        let Version { slug, label } = &tables.versions[version as usize];
        if !label.is_empty() {
            out.push_str("<p class=version>");
            text(out, label);
            out.push_str("</p>");
        }
        out.push_str("<ul class=showtimes");
        if !slug.is_empty() {
            out.push_str(" data-version=");
            attr(out, slug);
        }
        version_language_attrs(out, version, tables);
        out.push('>');
        for s in screenings.clone().filter(|s| s.version == version) {
            screening(out, s, tables, labels, TimeLabel::Time, true);
        }
        out.push_str("</ul>");
    }
    out.push_str("</div>");
}

/// A schedule day's opening: its section (with `attributes`, each led by a space), its heading
/// and the start of its list of shows, which the caller closes with `</ul></section>`.
pub(crate) fn day_open(out: &mut String, date: NaiveDate, labels: &Labels, attributes: &str) {
    let _ = write!(
        out,
        "<section class=day{attributes} aria-labelledby=day-{date}><h3 id=day-{date}><time datetime={date}>"
    );
    text(out, &labels.day_long(date));
    out.push_str("</time></h3><ul class=schedule-shows>");
}

/// `<li class=schedule-show data-show=… data-genres=… data-tags=…>`: a show of a schedule,
/// with what the schedule island filters on (and `data-bookable=false`).
pub(crate) fn show_open(out: &mut String, s: &ScheduleShow) {
    out.push_str("<li class=schedule-show data-show=");
    attr(out, s.slug);
    if !s.genres.is_empty() {
        out.push_str(" data-genres=");
        attr_joined(out, s.genres);
    }
    if !s.tags.is_empty() {
        out.push_str(" data-tags=");
        attr_joined(out, s.tags);
    }
    if !s.bookable {
        out.push_str(" data-bookable=false");
    }
    out.push('>');
}

/// A season's cinemas by city (season and special-event pages): each cinema's link, its
/// next screening of the season not started at build time (a booking link, what works without
/// JavaScript) and a link to its page for the other dates. One line per cinema, not every
/// date of every cinema: the page stays small however large the chain (issue 12 item 5); the
/// island shows every screening of the one cinema the visitor chooses.
pub fn season_places(cities: &[SeasonCity<'_>], tables: &Tables, labels: &Labels) -> String {
    let cinemas: usize = cities.iter().map(|c| c.cinemas.len()).sum();
    let mut out = String::with_capacity(256 + cinemas * 420);
    out.push_str("<ul class=season-cities>");
    for city in cities {
        out.push_str("<li><h3>");
        text(&mut out, city.name);
        out.push_str("</h3><ul class=season-places>");
        for cinema in &city.cinemas {
            out.push_str("<li class=season-place><p class=season-place-name>");
            link_or_text(&mut out, cinema.href.as_deref(), cinema.name);
            out.push_str("</p>");
            if let Some((show, s)) = cinema.next {
                out.push_str("<p class=season-next><span class=season-show>");
                text(&mut out, show);
                out.push_str("</span></p><ul class=showtimes>");
                screening(&mut out, s, tables, labels, TimeLabel::DateAndTime, false);
                out.push_str("</ul>");
            }
            if let (true, Some(href)) = (cinema.more, cinema.href.as_deref()) {
                out.push_str("<p class=more><a href=");
                attr(&mut out, href);
                out.push('>');
                text(&mut out, &labels.other_dates);
                out.push_str("</a>");
            }
            out.push_str("</li>");
        }
        out.push_str("</ul></li>");
    }
    out.push_str("</ul>");
    out
}

/// A city of a season page and its cinemas, in name order.
pub struct SeasonCity<'a> {
    pub name: &'a str,
    pub cinemas: Vec<SeasonPlace<'a>>,
}

/// A cinema of a season page: its page, its next screening (show title and screening), and
/// whether it has other screenings of the season.
pub struct SeasonPlace<'a> {
    pub name: &'a str,
    pub href: Option<String>,
    pub next: Option<(&'a str, &'a Screening)>,
    pub more: bool,
}

#[derive(Clone, Copy, PartialEq)]
pub(crate) enum TimeLabel {
    /// `20:30`: under a day heading and a version label (a cinema's schedule).
    Time,
    /// `mer. 26 novembre 20:30` and the version: in a list across days.
    DateAndTime,
}

/// A showtime chip: a bookable one is a link to the booking tunnel; a sold-out or closed one
/// is no link and says so in words (not by colour alone). `data` adds `data-id` and
/// `data-tags` (a schedule the island filters).
pub(crate) fn screening(
    out: &mut String,
    s: &Screening,
    tables: &Tables,
    labels: &Labels,
    label: TimeLabel,
    data: bool,
) {
    let data_attrs = |out: &mut String| {
        if data {
            out.push_str(" data-id=");
            attr(out, s.id());
            let tags = tables.tags_joined(s);
            if !tags.is_empty() {
                out.push_str(" data-tags=");
                attr(out, tags);
            }
        }
        film_end_attr(out, s);
    };
    // A booking link only to an http(s) address (`site::escape::content_url`).
    match (
        s.status,
        s.booking_url().and_then(site::escape::content_url),
    ) {
        (ShowtimeStatus::Available, Some(url)) => {
            out.push_str("<li class=st");
            data_attrs(out);
            out.push_str("><a href=");
            attr(out, url);
            out.push_str(" rel=nofollow>");
            time_element(out, &s.start, labels, label);
            chip_labels(out, s, tables, labels, label);
            out.push_str("</a>");
        }
        (status, _) => {
            let (class, state) = match status {
                ShowtimeStatus::Soldout => ("full", &labels.full),
                _ => ("past", &labels.old),
            };
            let _ = write!(out, "<li class=\"st {class}\"");
            data_attrs(out);
            out.push('>');
            time_element(out, &s.start, labels, label);
            out.push_str(" <span class=state>");
            text(out, state);
            out.push_str("</span>");
            chip_labels(out, s, tables, labels, label);
        }
    }
}

/// The version (where no label above says it) and the experience badges of a chip.
fn chip_labels(
    out: &mut String,
    s: &Screening,
    tables: &Tables,
    labels: &Labels,
    label: TimeLabel,
) {
    let version = &tables.version(s).label;
    let badges = tables.badges(s);
    let with_version = label != TimeLabel::Time && !version.is_empty();
    let access = tables.has_access(s);
    if !with_version && badges.is_empty() && s.film_start.is_none() && !access {
        return;
    }
    out.push_str("<span class=labels>");
    // First, on a line of its own: the film's real times (inside the labels, which the
    // schedule island keeps as they are when it brings a chip up to date).
    film_line(out, s, labels);
    if with_version {
        out.push_str(" <span class=v>");
        text(out, version);
        out.push_str("</span>");
    }
    for badge in badges {
        out.push_str(" <span class=badge>");
        text(out, badge);
        out.push_str("</span>");
    }
    if access {
        access_badges(out, tables.tags(s), labels);
    }
    out.push_str("</span>");
}

/// `<time datetime=2026-11-22T20:30+01:00>20:30</time>`: the instant with the cinema's
/// offset, the time as the cinema's clock reads it.
fn time_element(out: &mut String, at: &DateTime<FixedOffset>, labels: &Labels, label: TimeLabel) {
    let local = at.naive_local();
    out.push_str("<time datetime=");
    Rfc3339 {
        at: *at,
        seconds: false,
    }
    .push_to(out);
    out.push('>');
    if let TimeLabel::DateAndTime = label {
        out.push_str("<span class=d>");
        text(out, &labels.day_short(local.date()));
        out.push_str("</span> ");
    }
    push_clock(out, local.hour(), local.minute());
    out.push_str("</time>");
}

/// A show on a list page.
pub struct Card<'a> {
    pub title: &'a str,
    pub poster: Option<&'a Image>,
    pub flag: Option<&'a Flag>,
    /// Minutes.
    pub duration: Option<u32>,
    pub href: Option<String>,
}

/// Show cards of a list page (home, shows, events): poster, title, flag and duration. The
/// first card of a page is its largest contentful paint: not lazy, fetched first.
pub fn show_cards<'a>(cards: impl IntoIterator<Item = Card<'a>>, eager_first: bool) -> String {
    let mut out = String::with_capacity(16 * 1024);
    for (i, card) in cards.into_iter().enumerate() {
        out.push_str("<li class=show-card>");
        if let Some(href) = &card.href {
            out.push_str("<a href=");
            attr(&mut out, href);
            out.push('>');
        }
        // The poster's box is kept even without a poster, so every card lines up.
        out.push_str("<span class=poster>");
        if let Some(poster) = card.poster {
            let loading = if eager_first && i == 0 {
                Loading::Priority
            } else {
                Loading::Lazy
            };
            image(
                &mut out,
                poster,
                ImageOptions {
                    class: "",
                    sizes: POSTER_SIZES,
                    alt: Some(""),
                    loading,
                },
            );
        }
        out.push_str("</span><span class=title>");
        text(&mut out, card.title);
        out.push_str("</span>");
        if card.href.is_some() {
            out.push_str("</a>");
        }
        if let Some(flag) = card.flag {
            flag_span(&mut out, flag);
        }
        if let Some(minutes) = card.duration {
            out.push_str("<span class=meta>");
            text(&mut out, &site::rules::format_duration(minutes));
            out.push_str("</span>");
        }
    }
    out
}

/// The width a poster of a show grid takes: two columns on phones, up to seven on wide screens.
pub const POSTER_SIZES: &str =
    "(min-width: 1440px) 11rem, (min-width: 1080px) 14vw, (min-width: 700px) 22vw, 45vw";

/// A flag (spec §3): its label on its colour, `flag-{n}` (1 green … 5 blue).
fn flag_span(out: &mut String, flag: &Flag) {
    let _ = write!(out, "<span class=\"flag flag-{}\">", flag.colour);
    text(out, &flag.label);
    out.push_str("</span>");
}

/// A show's line under its title in a schedule: flag, duration and genres.
pub(crate) fn show_meta(
    out: &mut String,
    flag: Option<&Flag>,
    duration: Option<u32>,
    genres: &[String],
) {
    let mut parts: Vec<String> = Vec::new();
    if let Some(minutes) = duration {
        parts.push(site::rules::format_duration(minutes));
    }
    if !genres.is_empty() {
        parts.push(genres.join(", "));
    }
    if flag.is_none() && parts.is_empty() {
        return;
    }
    out.push_str("<p class=show-meta>");
    if let Some(flag) = flag {
        flag_span(out, flag);
        out.push(' ');
    }
    text(out, &parts.join(" · "));
    out.push_str("</p>");
}

/// How an image loads: the page's largest one first, the others only near the viewport.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loading {
    /// The largest contentful paint: fetched first (`fetchpriority=high`), never lazy.
    Priority,
    /// Above the fold but not the largest: the browser's default.
    Eager,
    Lazy,
}

pub struct ImageOptions<'a> {
    pub class: &'a str,
    /// The `sizes` attribute when the image has variants (`100vw` when empty).
    pub sizes: &'a str,
    /// `Some("")` for a decorative image; `None` keeps the content's alt.
    pub alt: Option<&'a str>,
    pub loading: Loading,
}

/// An `<img>` with its intrinsic size; with variants, a `srcset` (the image's own format,
/// the original file included) and a `<picture>` with one `<source>` per modern type
/// (AVIF, WebP…) in the order the content lists them, so a browser takes the best it reads.
pub fn image(out: &mut String, img: &Image, opts: ImageOptions<'_>) {
    // Pictures only from http(s) or the site (`site::escape::content_url`).
    if site::escape::content_url(&img.url).is_none()
        || img
            .variants
            .iter()
            .any(|v| site::escape::content_url(&v.url).is_none())
    {
        return;
    }
    let sizes = if opts.sizes.is_empty() {
        "100vw"
    } else {
        opts.sizes
    };
    let mut types: Vec<&str> = Vec::new();
    for v in &img.variants {
        if let Some(kind) = v.kind.as_deref().filter(|k| !types.contains(k)) {
            types.push(kind);
        }
    }
    let picture = !types.is_empty();
    if picture {
        out.push_str("<picture>");
        for kind in &types {
            out.push_str("<source type=");
            attr(out, kind);
            out.push_str(" srcset=");
            attr(
                out,
                &srcset(
                    img.variants
                        .iter()
                        .filter(|v| v.kind.as_deref() == Some(*kind))
                        .map(|v| (v.url.as_str(), v.width)),
                ),
            );
            out.push_str(" sizes=");
            attr(out, sizes);
            out.push('>');
        }
    }
    out.push_str("<img");
    if !opts.class.is_empty() {
        out.push_str(" class=");
        attr(out, opts.class);
    }
    out.push_str(" src=");
    attr(out, &img.url);
    if !img.variants.is_empty() {
        let own = img
            .variants
            .iter()
            .filter(|v| v.kind.is_none())
            .map(|v| (v.url.as_str(), v.width));
        let original = (img.width > 0
            && !img
                .variants
                .iter()
                .any(|v| v.kind.is_none() && v.width == img.width))
        .then_some((img.url.as_str(), img.width));
        let list = srcset(own.chain(original));
        if !list.is_empty() {
            out.push_str(" srcset=");
            attr(out, &list);
            out.push_str(" sizes=");
            attr(out, sizes);
        }
    }
    let _ = write!(out, " width={} height={} alt=", img.width, img.height);
    match opts.alt.or(img.alt.as_deref()) {
        Some(alt) if !alt.is_empty() => attr(out, alt),
        _ => out.push_str("\"\""),
    }
    out.push_str(match opts.loading {
        Loading::Priority => " fetchpriority=high>",
        Loading::Eager => " decoding=async>",
        Loading::Lazy => " loading=lazy decoding=async>",
    });
    if picture {
        out.push_str("</picture>");
    }
}

/// `a.avif 640w, b.avif 1280w`, narrowest first.
fn srcset<'a>(list: impl Iterator<Item = (&'a str, u32)>) -> String {
    let mut list: Vec<(&str, u32)> = list.collect();
    list.sort_by_key(|(_, w)| *w);
    list.iter()
        .map(|(url, w)| format!("{url} {w}w"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The cinemas list: each city (a link, see `city_href`) with its cinemas and their address.
pub fn cities_and_cinemas<'a>(
    cities: impl IntoIterator<Item = (&'a CityDetail, Option<String>)>,
    cinema_href: impl Fn(&str) -> Option<String>,
) -> String {
    let mut out = String::with_capacity(64 * 1024);
    for (city, href) in cities {
        out.push_str("<li class=city><h2>");
        link_or_text(&mut out, href.as_deref(), &city.city.name);
        out.push_str("</h2><ul>");
        for cinema in &city.cinemas {
            out.push_str("<li>");
            link_or_text(&mut out, cinema_href(&cinema.slug).as_deref(), &cinema.name);
            let a = &cinema.address;
            out.push_str(" <span class=address>");
            text(
                &mut out,
                &format!("{}, {} {}", a.address_line1, a.address_zip, a.address_city),
            );
            out.push_str("</span>");
        }
        out.push_str("</ul>");
    }
    out
}

pub(crate) fn link_or_text(out: &mut String, href: Option<&str>, label: &str) {
    match href {
        Some(href) => {
            out.push_str("<a href=");
            attr(out, href);
            out.push('>');
            text(out, label);
            out.push_str("</a>");
        }
        None => text(out, label),
    }
}

/// Text content: `&` and `<` escaped (`>` too, for readers of the source).
pub(crate) fn text(out: &mut String, value: &str) {
    // Most text has nothing to escape: found by a pass without a branch per byte (vector
    // code), then copied whole.
    if !value.bytes().fold(false, |any, b| {
        any | (b == b'&') | (b == b'<') | (b == b'>')
    }) {
        out.push_str(value);
        return;
    }
    escape_into(out, value, |b| match b {
        b'&' => Some("&amp;"),
        b'<' => Some("&lt;"),
        b'>' => Some("&gt;"),
        _ => None,
    });
}

/// `value` with each byte `escape` names replaced, copied a run at a time (the bytes escaped
/// are ASCII: a run always ends on a character boundary).
fn escape_into(out: &mut String, value: &str, escape: impl Fn(u8) -> Option<&'static str>) {
    let mut start = 0;
    for (i, b) in value.bytes().enumerate() {
        if let Some(with) = escape(b) {
            out.push_str(&value[start..i]);
            out.push_str(with);
            start = i + 1;
        }
    }
    out.push_str(&value[start..]);
}

/// `hh:mm`, two digits each.
fn push_clock(out: &mut String, hour: u32, minute: u32) {
    let ([h1, h2], [m1, m2]) = (
        site::format::two_digits(hour),
        site::format::two_digits(minute),
    );
    out.push_str(std::str::from_utf8(&[h1, h2, b':', m1, m2]).expect("ASCII digits"));
}

/// Items joined with commas as one attribute value (`attr`), without joining them first.
pub(crate) fn attr_joined(out: &mut String, items: &[String]) {
    let plain =
        items.iter().any(|i| !i.is_empty()) && !items.iter().any(|i| i.bytes().any(needs_quotes));
    if !plain {
        attr(out, &items.join(","));
        return;
    }
    for (n, item) in items.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push_str(item);
    }
}

/// An attribute value, quoted only when it has to be (as minify-html writes them).
pub(crate) fn attr(out: &mut String, value: &str) {
    // A pass without a branch per byte, as `text` does: most values need no quotes.
    if !value.is_empty() && !value.bytes().fold(false, |any, b| any | needs_quotes(b)) {
        out.push_str(value);
        return;
    }
    out.push('"');
    escape_into(out, value, |b| match b {
        b'&' => Some("&amp;"),
        b'"' => Some("&quot;"),
        _ => None,
    });
    out.push('"');
}

/// Whether an attribute value with this byte must be quoted (as minify-html decides).
fn needs_quotes(b: u8) -> bool {
    b.is_ascii_whitespace() | matches!(b, b'"' | b'\'' | b'=' | b'<' | b'>' | b'`' | b'&')
}

/// `data-audio` and `data-subs` of a version's list of showtime chips (issue 17 item 2,
/// "Languages I understand"): the version normalised once by `site::rules::version_languages`,
/// so the islands filter by the languages a visitor follows without a copy of the table. On
/// the list, not on each chip: a chip the live statuses rebuild or add (islands
/// live-dom.ts, live-changes.ts) sits in its version's list and has its languages at once.
/// `data-subs` is the comma-separated subtitle languages, absent for none.
pub(crate) fn version_language_attrs(out: &mut String, version: u32, tables: &Tables) {
    let langs = tables.version_languages(version);
    out.push_str(" data-audio=");
    attr(out, langs.audio);
    if !langs.subs.is_empty() {
        out.push_str(" data-subs=");
        attr(out, &langs.subs_attr());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn splice(page: Vec<u8>, fragments: &[String]) -> anyhow::Result<Vec<u8>> {
        let marks: Vec<String> = (0..fragments.len()).map(marker).collect();
        let pieces: Vec<Piece> = marks
            .iter()
            .zip(fragments)
            .map(|(mark, fragment)| (mark.as_str(), [fragment.as_bytes(), &[][..], &[]]))
            .collect();
        splice_pieces(&page, &pieces)
    }

    #[test]
    fn minify_html_keeps_the_markers_and_splice_replaces_them() {
        let page = format!("<!doctype html><html lang=fr><head><title>x</title></head><body><main>\n  <p> a </p>\n  {} <p>b</p>{}</main></body></html>", marker(0), marker(1));
        let mut cfg = minify_html::Cfg::new();
        cfg.keep_html_and_head_opening_tags = true;
        let minified = minify_html::minify(page.as_bytes(), &cfg);
        let out = splice(
            minified,
            &["<ul><li>1</ul>".to_string(), "<p>2".to_string()],
        )
        .expect("markers found");
        let out = String::from_utf8(out).expect("utf-8");
        assert!(
            out.contains("<ul><li>1</ul>") && out.contains("<p>2"),
            "{out}"
        );
        assert!(!out.contains("lumen-slot"), "{out}");
    }

    #[test]
    fn markers_are_found_after_other_tags() {
        assert_eq!(
            find(
                b"<p><lumen-slot-1></lumen-slot-1><lumen-slot-10>",
                b"<lumen-slot-10>"
            ),
            Some(32)
        );
        assert_eq!(find(b"<p>a <", b"<lumen-slot-0>"), None);
    }

    #[test]
    fn a_missing_marker_is_an_error() {
        assert!(splice(b"<p>no slot".to_vec(), &["x".to_string()]).is_err());
    }

    #[test]
    fn an_image_with_variants_is_a_picture_with_a_source_per_type() {
        let mut img = Image::new("/p.jpg", 400, 600);
        let mut out = String::new();
        image(
            &mut out,
            &img,
            ImageOptions {
                class: "poster",
                sizes: "",
                alt: None,
                loading: Loading::Lazy,
            },
        );
        assert_eq!(out, "<img class=poster src=/p.jpg width=400 height=600 alt=\"\" loading=lazy decoding=async>");
        img.variants = vec![
            site::content::ImageVariant {
                url: "/p-400.webp".into(),
                width: 400,
                kind: Some("image/webp".into()),
            },
            site::content::ImageVariant {
                url: "/p-200.webp".into(),
                width: 200,
                kind: Some("image/webp".into()),
            },
            site::content::ImageVariant {
                url: "/p-200.jpg".into(),
                width: 200,
                kind: None,
            },
        ];
        img.alt = Some("Le \"Phare\"".into());
        let mut out = String::new();
        image(
            &mut out,
            &img,
            ImageOptions {
                class: "",
                sizes: "50vw",
                alt: None,
                loading: Loading::Priority,
            },
        );
        assert_eq!(
            out,
            "<picture><source type=image/webp srcset=\"/p-200.webp 200w, /p-400.webp 400w\" sizes=50vw>\
             <img src=/p.jpg srcset=\"/p-200.jpg 200w, /p.jpg 400w\" sizes=50vw width=400 height=600 alt=\"Le &quot;Phare&quot;\" fetchpriority=high></picture>"
        );
    }

    #[test]
    fn hostile_text_and_attributes_are_escaped() {
        let mut out = String::new();
        text(&mut out, "<script>alert(1)</script> & co");
        assert_eq!(out, "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co");
        let mut out = String::new();
        attr(&mut out, "https://x.example/a?b=1&c=\"2\" onclick=x");
        assert_eq!(
            out,
            "\"https://x.example/a?b=1&amp;c=&quot;2&quot; onclick=x\""
        );
        let mut out = String::new();
        attr(&mut out, "/film/star-wars");
        assert_eq!(out, "/film/star-wars");
    }
}

/// ` data-end=2026-11-22T22:58:00+01:00`: the film's real end (issue 17), which the evening
/// card reads; nothing without the show's duration.
fn film_end_attr(out: &mut String, s: &Screening) {
    if let Some(end) = s.film_end {
        out.push_str(" data-end=");
        Rfc3339 {
            at: end,
            seconds: true,
        }
        .push_to(out);
    }
}

/// `<span class=film>film ≈ 20:47–22:58</span>`: when the film itself starts (after the
/// cinema's pre-show) and ends (issue 17); the start alone without the show's duration.
fn film_line(out: &mut String, s: &Screening, labels: &Labels) {
    let Some(start) = s.film_start else {
        return;
    };
    out.push_str("<span class=film>");
    labels.push_film_times(out, start, s.film_end);
    out.push_str("</span>");
}

impl Labels {
    /// `film ≈ 20:47–22:58` (`film ≈ 20:47` without an end), as the cinema's clock reads,
    /// escaped as text: the locale's string with `{start}` and `{end}` filled in as it is
    /// written out (a schedule writes it for each of hundreds of showtimes).
    pub fn push_film_times(
        &self,
        out: &mut String,
        start: DateTime<FixedOffset>,
        end: Option<DateTime<FixedOffset>>,
    ) {
        let clock = |out: &mut String, at: DateTime<FixedOffset>| {
            let t = at.naive_local();
            push_clock(out, t.hour(), t.minute());
        };
        let parts = match end {
            Some(_) => &self.film_times,
            None => &self.film_start,
        };
        for part in parts {
            match (part, end) {
                (TimesPart::Text(escaped), _) => out.push_str(escaped),
                (TimesPart::Start, _) => clock(out, start),
                (TimesPart::End, Some(end)) => clock(out, end),
                (TimesPart::End, None) => {}
            }
        }
    }
}

/// A piece of a film-times string: text (escaped), or where a time goes.
enum TimesPart {
    Text(String),
    Start,
    End,
}

impl TimesPart {
    /// `film ≈ {start}–{end}` as text, start, text, end. `{end}` is a place only in the
    /// string with an end; any other brace is text.
    fn split(template: &str, with_end: bool) -> Vec<TimesPart> {
        let mut parts = Vec::new();
        let mut literal = String::new();
        let mut rest = template;
        let flush = |literal: &mut String, parts: &mut Vec<TimesPart>| {
            if !literal.is_empty() {
                let mut escaped = String::new();
                text(&mut escaped, literal);
                parts.push(TimesPart::Text(escaped));
                literal.clear();
            }
        };
        while let Some(open) = rest.find('{') {
            literal.push_str(&rest[..open]);
            let from = &rest[open..];
            rest = if let Some(after) = from.strip_prefix("{start}") {
                flush(&mut literal, &mut parts);
                parts.push(TimesPart::Start);
                after
            } else if let (true, Some(after)) = (with_end, from.strip_prefix("{end}")) {
                flush(&mut literal, &mut parts);
                parts.push(TimesPart::End);
                after
            } else {
                literal.push('{');
                &from[1..]
            };
        }
        literal.push_str(rest);
        flush(&mut literal, &mut parts);
        parts
    }
}

/// A language's labels read from its locale file, for the tests of this module.
#[cfg(test)]
fn labels_of(lang: &str) -> Labels {
    let text = std::fs::read_to_string(format!(
        "{}/../locales/{lang}.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the locale file");
    let value: serde_json::Value = serde_json::from_str(&text).expect("the locale parses");
    let mut strings = HashMap::new();
    site::locale_strings::flatten(&value, &mut strings);
    Labels::new(&strings).expect("every label")
}

#[cfg(test)]
mod film_times_tests {
    use super::*;
    use crate::schedule::read_and_compact_schedule;
    use std::sync::Mutex;

    /// A chip says the film's real times first in its labels and carries the film's end as
    /// `data-end` (issue 17); without an end, the start alone and no `data-end`.
    #[test]
    fn a_chip_says_the_film_times_and_carries_the_film_end() {
        let body = br#"{"days":{"2026-11-22":[{"show":"dune","showtimes":[
            {"id":"a","show":"dune","cinema":"c","status":"available","datetime":"2026-11-22T23:20:00+01:00",
             "filmStart":"2026-11-22T23:37:00+01:00","filmEnd":"2026-11-23T01:48:00+01:00",
             "version":{"slug":"vf","label":"VF"},"bookingUrl":"https://tickets.example/a"},
            {"id":"b","show":"dune","cinema":"c","status":"soldout","datetime":"2026-11-22T20:30:00+01:00",
             "filmStart":"2026-11-22T20:45:00+01:00",
             "version":{"slug":"vf","label":"VF"}}]}]}}"#;
        let tables = Mutex::new(Tables::default());
        let (schedule, _) = read_and_compact_schedule(body, &tables).unwrap();
        let tables = tables.into_inner().unwrap();
        let labels = labels_of("fr");
        let [a, b] = &schedule.days[0].shows[0].screenings[..] else {
            panic!("two screenings")
        };
        let mut out = String::new();
        screening(&mut out, a, &tables, &labels, TimeLabel::Time, true);
        assert!(
            out.starts_with("<li class=st data-id=a data-end=2026-11-23T01:48:00+01:00>"),
            "{out}"
        );
        assert!(
            out.contains("<span class=labels><span class=film>film ≈ 23:37–01:48</span>"),
            "{out}"
        );
        let mut out = String::new();
        screening(&mut out, b, &tables, &labels, TimeLabel::Time, true);
        assert!(!out.contains("data-end"), "{out}");
        assert!(
            out.contains("<span class=film>film ≈ 20:45</span>"),
            "{out}"
        );
    }
}

/// An access feature's symbol and words in a language (`accessibility.*` of the locale):
/// `AD` and "Audio description"; no symbol for wheelchair access (CSS draws the ISA).
struct AccessLabel {
    slug: &'static str,
    /// The badge as a chip writes it (`access_badges`), made once per language.
    markup: String,
}

impl AccessLabel {
    fn new(slug: &'static str, symbol: Option<String>, words: String) -> AccessLabel {
        let mut markup = String::from(if symbol.is_some() {
            " <span class=acc title="
        } else {
            " <span class=\"acc wc\" title="
        });
        attr(&mut markup, &words);
        markup.push('>');
        if let Some(symbol) = &symbol {
            markup.push_str("<span aria-hidden=true>");
            text(&mut markup, symbol);
            markup.push_str("</span>");
        }
        markup.push_str("<span class=visually-hidden>");
        text(&mut markup, &words);
        markup.push_str("</span></span>");
        AccessLabel { slug, markup }
    }
}

fn access_labels(strings: &HashMap<String, String>) -> anyhow::Result<Vec<AccessLabel>> {
    let get = |key: &str| {
        strings
            .get(key)
            .cloned()
            .ok_or_else(|| anyhow::anyhow!("no UI string {key:?}"))
    };
    Ok(vec![
        AccessLabel::new(
            ACCESS[0],
            Some(get("accessibility.audioDescriptionSymbol")?),
            get("accessibility.audioDescription")?,
        ),
        AccessLabel::new(
            ACCESS[1],
            Some(get("accessibility.hearingImpairedSymbol")?),
            get("accessibility.hearingImpaired")?,
        ),
        AccessLabel::new(ACCESS[2], None, get("accessibility.wheelchair")?),
    ])
}

/// A chip's access badges (issue 17 item 5): per accessibility tag of the showtime, its
/// standard symbol (`AD`, `ST-SME`…, hidden from screen readers; the wheelchair symbol is
/// CSS's, `.acc.wc`) and its words, visually hidden, read by screen readers, and as a title
/// for a pointer. The chip's `data-tags` carries the slugs the filters read.
fn access_badges(out: &mut String, tags: &[String], labels: &Labels) {
    for label in &labels.access {
        if tags.iter().any(|t| t.eq_ignore_ascii_case(label.slug)) {
            out.push_str(&label.markup);
        }
    }
}

#[cfg(test)]
mod access_tests {
    use super::*;
    use crate::schedule::read_and_compact_schedule;
    use std::sync::Mutex;

    /// A chip with `audiodesc` (and the `pmr` icon, which the content keeps out of the tags)
    /// says audio description and wheelchair access in words in each language, shows the
    /// symbols, and carries the slugs in `data-tags`; a chip without them says nothing of it.
    #[test]
    fn a_chip_with_audio_description_says_it_in_each_language() {
        let body = br#"{"days":{"2026-11-22":[{"show":"dune","showtimes":[
            {"id":"a","show":"dune","cinema":"c","status":"available","datetime":"2026-11-22T20:30:00+01:00",
             "tags":["imax","audiodesc"],"accessibilityIcons":["pmr","audiodesc"],
             "version":{"slug":"vf","label":"VF"},"bookingUrl":"https://tickets.example/a"},
            {"id":"b","show":"dune","cinema":"c","status":"soldout","datetime":"2026-11-22T22:30:00+01:00",
             "tags":["hearing-impaired"],
             "version":{"slug":"vf","label":"VF"}},
            {"id":"c","show":"dune","cinema":"c","status":"available","datetime":"2026-11-22T23:30:00+01:00",
             "version":{"slug":"vf","label":"VF"},"bookingUrl":"https://tickets.example/c"}]}]}}"#;
        let tables = Mutex::new(Tables::default());
        let (schedule, _) = read_and_compact_schedule(body, &tables).unwrap();
        let tables = tables.into_inner().unwrap();
        let [a, b, c] = &schedule.days[0].shows[0].screenings[..] else {
            panic!("three screenings")
        };
        for (lang, ad, ad_symbol, wheelchair, st_symbol) in [
            (
                "fr",
                "Audiodescription",
                "AD",
                "Accès fauteuil roulant",
                "ST-SME",
            ),
            ("en", "Audio description", "AD", "Wheelchair access", "HoH"),
            ("de", "Audiodeskription", "AD", "Rollstuhlgerecht", "UT"),
            (
                "nl",
                "Audiodescriptie",
                "AD",
                "Rolstoeltoegankelijk",
                "T888",
            ),
        ] {
            let labels = labels_of(lang);
            let mut out = String::new();
            screening(&mut out, a, &tables, &labels, TimeLabel::Time, true);
            assert!(
                out.starts_with("<li class=st data-id=a data-tags=imax,audiodesc,pmr>"),
                "{out}"
            );
            let ad_badge = format!(
                "<span class=acc title={}><span aria-hidden=true>{ad_symbol}</span><span class=visually-hidden>{ad}</span></span>",
                quoted(ad)
            );
            assert!(out.contains(&ad_badge), "{lang}: {out}");
            let wc_badge = format!(
                "<span class=\"acc wc\" title={}><span class=visually-hidden>{wheelchair}</span></span>",
                quoted(wheelchair)
            );
            assert!(out.contains(&wc_badge), "{lang}: {out}");
            assert!(
                out.find(&ad_badge) < out.find(&wc_badge),
                "AD before the wheelchair"
            );
            let mut out = String::new();
            screening(&mut out, b, &tables, &labels, TimeLabel::Time, true);
            assert!(
                out.contains(&format!("<span aria-hidden=true>{st_symbol}</span>")),
                "{lang}: {out}"
            );
            assert!(!out.contains(ad), "{lang}: {out}");
            let mut out = String::new();
            screening(&mut out, c, &tables, &labels, TimeLabel::Time, true);
            assert!(!out.contains("acc"), "{lang}: {out}");
            assert!(!out.contains("data-tags"), "{lang}: {out}");
        }
    }

    /// An attribute value as `attr` writes it: bare when it can be, else quoted.
    fn quoted(value: &str) -> String {
        let mut out = String::new();
        attr(&mut out, value);
        out
    }
}
