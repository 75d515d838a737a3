//! HTML written in Rust for what a page repeats hundreds of times: schedules and showtime
//! chips, show cards and the cinemas list. A cinema page is mostly showtimes; building a JSON
//! value per showtime, walking it in Tera and minifying the result cost three quarters of a
//! build. These fragments are written minimal (no whitespace, attributes quoted only when
//! they must be, optional end tags left out) and spliced into the page after minify-html has
//! processed the rest, in place of a `slot` marker.

use crate::schedule::{CinemaSchedule, Rfc3339, Screening, ShowId, Tables};
use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, Timelike};
use site::content::{CityDetail, Flag, Image, ShowtimeStatus, Version};
use std::collections::HashMap;
use std::fmt::Write as _;

/// The marker a template writes with `{{ slot(n=0) }}`: a custom element, which minify-html
/// keeps as it is.
pub fn marker(n: usize) -> String {
    format!("<lumen-slot-{n}></lumen-slot-{n}>")
}

/// Replaces each fragment's marker in the minified page by the fragment. Every fragment must
/// have its marker exactly once: a missing one is a template that forgot its slot.
pub fn splice(page: Vec<u8>, fragments: &[String]) -> anyhow::Result<Vec<u8>> {
    if fragments.is_empty() {
        return Ok(page);
    }
    let extra: usize = fragments.iter().map(String::len).sum();
    let mut out = Vec::with_capacity(page.len() + extra);
    let mut rest = &page[..];
    for (n, fragment) in fragments.iter().enumerate() {
        let mark = marker(n);
        let at = find(rest, mark.as_bytes()).ok_or_else(|| anyhow::anyhow!("the template has no {mark} for fragment {n}"))?;
        out.extend_from_slice(&rest[..at]);
        out.extend_from_slice(fragment.as_bytes());
        rest = &rest[at + mark.len()..];
    }
    out.extend_from_slice(rest);
    Ok(out)
}

/// Where `needle` (a marker, starting with `<`) first occurs: only the page's `<` are tried.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let mut from = 0;
    while let Some(at) = haystack[from..].iter().position(|&b| b == first).map(|i| from + i) {
        if haystack[at + 1..].starts_with(rest) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// The UI strings fragments print, looked up once per language.
pub struct Labels {
    full: String,
    old: String,
    other_dates: String,
    weekdays_long: [String; 7],
    weekdays_short: [String; 7],
    months: [String; 12],
}

const WEEKDAYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

impl Labels {
    pub fn new(strings: &HashMap<String, String>) -> anyhow::Result<Labels> {
        let get = |key: &str| strings.get(key).cloned().ok_or_else(|| anyhow::anyhow!("no UI string {key:?}"));
        let week = |form: &str| -> anyhow::Result<[String; 7]> {
            let list: Vec<String> = WEEKDAYS.iter().map(|d| get(&format!("schedule.days.{form}.{d}"))).collect::<Result<_, _>>()?;
            Ok(list.try_into().expect("seven days"))
        };
        let months: Vec<String> = MONTHS.iter().map(|m| get(&format!("dates.months.{m}"))).collect::<Result<_, _>>()?;
        Ok(Labels {
            full: get("schedule.status.full")?,
            old: get("schedule.status.old")?,
            other_dates: get("schedule.otherDates")?,
            weekdays_long: week("long")?,
            weekdays_short: week("short")?,
            months: months.try_into().expect("twelve months"),
        })
    }

    /// `dimanche 22 novembre`.
    fn day_long(&self, date: NaiveDate) -> String {
        let weekday = &self.weekdays_long[date.weekday().num_days_from_monday() as usize];
        format!("{weekday} {} {}", date.day(), self.months[date.month0() as usize])
    }

    /// `dim. 22 novembre`.
    pub fn day_short(&self, date: NaiveDate) -> String {
        let weekday = &self.weekdays_short[date.weekday().num_days_from_monday() as usize];
        format!("{weekday} {} {}", date.day(), self.months[date.month0() as usize])
    }
}

/// A show as a season page names it.
pub struct ShowRef<'a> {
    pub title: &'a str,
}

/// What a cinema's schedule writes of a show: its title and page, and what the schedule
/// island's filters read (islands/README.md, "schedule").
pub struct ScheduleShow<'a> {
    pub slug: &'a str,
    pub title: &'a str,
    pub href: Option<String>,
    pub genres: &'a [String],
    /// Tag slugs.
    pub tags: &'a [String],
    pub bookable: bool,
}

/// A cinema's schedule: days → shows → versions → showtimes; the first `days` days. Each show
/// carries `data-show`, `data-genres`, `data-tags` (and `data-bookable=false`), each version's
/// list `data-version`, each showtime `data-id` and `data-tags`, for the filters and details.
pub fn cinema_schedule<'a>(schedule: &CinemaSchedule, tables: &Tables, days: usize, labels: &Labels, show: impl Fn(ShowId) -> ScheduleShow<'a>) -> String {
    // About 350 bytes a showtime: one allocation for a page of hundreds.
    let showtimes: usize = schedule.days.iter().take(days).flat_map(|d| &d.shows).map(|e| e.screenings.len()).sum();
    let mut out = String::with_capacity(1024 + showtimes * 360);
    for day in schedule.days.iter().take(days) {
        let date = day.date;
        let _ = write!(out, "<section class=day aria-labelledby=day-{date}><h3 id=day-{date}><time datetime={date}>");
        text(&mut out, &labels.day_long(date));
        out.push_str("</time></h3><ul class=schedule-shows>");
        for entry in &day.shows {
            let ScheduleShow { slug, title, href, genres, tags, bookable } = show(entry.show);
            out.push_str("<li class=schedule-show data-show=");
            attr(&mut out, slug);
            if !genres.is_empty() {
                out.push_str(" data-genres=");
                attr(&mut out, &genres.join(","));
            }
            if !tags.is_empty() {
                out.push_str(" data-tags=");
                attr(&mut out, &tags.join(","));
            }
            if !bookable {
                out.push_str(" data-bookable=false");
            }
            out.push_str("><h4>");
            link_or_text(&mut out, href.as_deref(), title);
            out.push_str("</h4>");
            // One list per version, in the order the versions first play that day.
            let mut versions: Vec<u32> = Vec::new();
            for s in &entry.screenings {
                if !versions.contains(&s.version) {
                    versions.push(s.version);
                }
            }
            for version in versions {
                let Version { slug, label } = &tables.versions[version as usize];
                if !label.is_empty() {
                    out.push_str("<p class=version>");
                    text(&mut out, label);
                    out.push_str("</p>");
                }
                out.push_str("<ul class=showtimes");
                if !slug.is_empty() {
                    out.push_str(" data-version=");
                    attr(&mut out, slug);
                }
                out.push('>');
                for s in entry.screenings.iter().filter(|s| s.version == version) {
                    screening(&mut out, s, tables, labels, TimeLabel::Time, true);
                }
                out.push_str("</ul>");
            }
        }
        out.push_str("</ul></section>");
    }
    out
}

/// A show's showtimes at each cinema (show pages): a heading per cinema, then per day.
pub fn cinemas_showtimes(cinemas: &[CinemaDays<'_>], tables: &Tables, labels: &Labels) -> String {
    let mut out = String::with_capacity(16 * 1024);
    for cinema in cinemas {
        out.push_str("<section class=cinema-showtimes><h3>");
        link_or_text(&mut out, cinema.href.as_deref(), cinema.name);
        out.push_str("</h3>");
        for (date, screenings) in &cinema.days {
            let _ = write!(out, "<h4><time datetime={date}>");
            text(&mut out, &labels.day_long(*date));
            out.push_str("</time></h4><ul class=showtimes>");
            for s in screenings.iter() {
                screening(&mut out, s, tables, labels, TimeLabel::Time, false);
            }
            out.push_str("</ul>");
        }
        out.push_str("</section>");
    }
    out
}

/// One cinema's block on a show page.
pub struct CinemaDays<'a> {
    pub name: &'a str,
    pub href: Option<String>,
    pub days: Vec<(NaiveDate, &'a [Screening])>,
}

/// A season's screenings at each cinema: per show, its next showtimes (with their date), then
/// a link to the cinema's page for the other dates. A season plays in every cinema of a
/// country; listing each date of each would grow the page with the chain.
pub fn season_screenings(cinemas: &[SeasonCinema<'_>], tables: &Tables, labels: &Labels) -> String {
    let mut out = String::with_capacity(16 * 1024);
    for cinema in cinemas {
        out.push_str("<section class=season-cinema><h2>");
        link_or_text(&mut out, cinema.href.as_deref(), cinema.name);
        out.push_str("</h2>");
        for (show, screenings) in &cinema.shows {
            out.push_str("<h3>");
            text(&mut out, show.title);
            out.push_str("</h3><ul class=showtimes>");
            for s in screenings.iter() {
                screening(&mut out, s, tables, labels, TimeLabel::DateAndTime, false);
            }
            out.push_str("</ul>");
        }
        if let (true, Some(href)) = (cinema.more, cinema.href.as_deref()) {
            out.push_str("<p class=more><a href=");
            attr(&mut out, href);
            out.push('>');
            text(&mut out, &labels.other_dates);
            out.push_str("</a>");
        }
        out.push_str("</section>");
    }
    out
}

/// One cinema's block on a season page: each show's next screenings, and whether it has more.
pub struct SeasonCinema<'a> {
    pub name: &'a str,
    pub href: Option<String>,
    pub shows: Vec<(ShowRef<'a>, &'a [Screening])>,
    pub more: bool,
}

#[derive(Clone, Copy)]
enum TimeLabel {
    /// `20:30`: under a day heading.
    Time,
    /// `mer. 26 novembre 20:30`: in a list across days.
    DateAndTime,
}

/// A showtime chip: a bookable one is a link to the booking tunnel; a sold-out or closed one
/// is no link and says so in words (not by colour alone). `data` adds `data-id` and
/// `data-tags` (a schedule the island filters).
fn screening(out: &mut String, s: &Screening, tables: &Tables, labels: &Labels, label: TimeLabel, data: bool) {
    let data_attrs = |out: &mut String| {
        if data {
            out.push_str(" data-id=");
            attr(out, &s.id);
            let tags = tables.tags(s);
            if !tags.is_empty() {
                out.push_str(" data-tags=");
                attr(out, &tags.join(","));
            }
        }
    };
    match (s.status, s.booking_url.as_deref()) {
        (ShowtimeStatus::Available, Some(url)) => {
            out.push_str("<li class=st");
            data_attrs(out);
            out.push_str("><a href=");
            attr(out, url);
            out.push_str(" rel=nofollow>");
            time_element(out, &s.start, labels, label);
            for badge in tables.badges(s) {
                out.push_str("<span class=badge>");
                text(out, badge);
                out.push_str("</span>");
            }
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
        }
    }
}

/// `<time datetime=2026-11-22T20:30+01:00>20:30</time>`: the instant with the cinema's
/// offset, the time as the cinema's clock reads it.
fn time_element(out: &mut String, at: &DateTime<FixedOffset>, labels: &Labels, label: TimeLabel) {
    let local = at.naive_local();
    let _ = write!(out, "<time datetime={}>", Rfc3339 { at: *at, seconds: false });
    if let TimeLabel::DateAndTime = label {
        text(out, &labels.day_short(local.date()));
        out.push(' ');
    }
    let _ = write!(out, "{:02}:{:02}</time>", local.hour(), local.minute());
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
        if let Some(poster) = card.poster {
            out.push_str("<img src=");
            attr(&mut out, &poster.url);
            let _ = write!(out, " width={} height={} alt", poster.width, poster.height);
            out.push_str(if eager_first && i == 0 { " fetchpriority=high>" } else { " loading=lazy decoding=async>" });
        }
        out.push_str("<span class=title>");
        text(&mut out, card.title);
        out.push_str("</span>");
        if card.href.is_some() {
            out.push_str("</a>");
        }
        if let Some(flag) = card.flag {
            let _ = write!(out, "<span class=\"flag flag-{}\">", flag.colour);
            text(&mut out, &flag.label);
            out.push_str("</span>");
        }
        if let Some(minutes) = card.duration {
            out.push_str("<span class=meta>");
            text(&mut out, &site::rules::format_duration(minutes));
            out.push_str("</span>");
        }
    }
    out
}

/// The cinemas list: each city (a link, see `city_href`) with its cinemas and their address.
pub fn cities_and_cinemas<'a>(cities: impl IntoIterator<Item = (&'a CityDetail, Option<String>)>, cinema_href: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(64 * 1024);
    for (city, href) in cities {
        out.push_str("<li><h2>");
        link_or_text(&mut out, href.as_deref(), &city.city.name);
        out.push_str("</h2><ul>");
        for cinema in &city.cinemas {
            out.push_str("<li>");
            link_or_text(&mut out, cinema_href(&cinema.slug).as_deref(), &cinema.name);
            let a = &cinema.address;
            out.push_str(" <span class=address>");
            text(&mut out, &format!("{}, {} {}", a.address_line1, a.address_zip, a.address_city));
            out.push_str("</span>");
        }
        out.push_str("</ul>");
    }
    out
}

fn link_or_text(out: &mut String, href: Option<&str>, label: &str) {
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
fn text(out: &mut String, value: &str) {
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
}

/// An attribute value, quoted only when it has to be (as minify-html writes them).
fn attr(out: &mut String, value: &str) {
    let plain = !value.is_empty() && !value.chars().any(|c| c.is_ascii_whitespace() || matches!(c, '"' | '\'' | '=' | '<' | '>' | '`' | '&'));
    if plain {
        out.push_str(value);
        return;
    }
    out.push('"');
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minify_html_keeps_the_markers_and_splice_replaces_them() {
        let page = format!("<!doctype html><html lang=fr><head><title>x</title></head><body><main>\n  <p> a </p>\n  {} <p>b</p>{}</main></body></html>", marker(0), marker(1));
        let mut cfg = minify_html::Cfg::new();
        cfg.keep_html_and_head_opening_tags = true;
        let minified = minify_html::minify(page.as_bytes(), &cfg);
        let out = splice(minified, &["<ul><li>1</ul>".to_string(), "<p>2".to_string()]).expect("markers found");
        let out = String::from_utf8(out).expect("utf-8");
        assert!(out.contains("<ul><li>1</ul>") && out.contains("<p>2"), "{out}");
        assert!(!out.contains("lumen-slot"), "{out}");
    }

    #[test]
    fn markers_are_found_after_other_tags() {
        assert_eq!(find(b"<p><lumen-slot-1></lumen-slot-1><lumen-slot-10>", b"<lumen-slot-10>"), Some(32));
        assert_eq!(find(b"<p>a <", b"<lumen-slot-0>"), None);
    }

    #[test]
    fn a_missing_marker_is_an_error() {
        assert!(splice(b"<p>no slot".to_vec(), &["x".to_string()]).is_err());
    }

    #[test]
    fn hostile_text_and_attributes_are_escaped() {
        let mut out = String::new();
        text(&mut out, "<script>alert(1)</script> & co");
        assert_eq!(out, "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co");
        let mut out = String::new();
        attr(&mut out, "https://x.example/a?b=1&c=\"2\" onclick=x");
        assert_eq!(out, "\"https://x.example/a?b=1&amp;c=&quot;2&quot; onclick=x\"");
        let mut out = String::new();
        attr(&mut out, "/film/star-wars");
        assert_eq!(out, "/film/star-wars");
    }
}
