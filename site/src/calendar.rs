//! iCalendar (RFC 5545) files of showtimes (issue 17, item 1): "add to calendar" for one
//! showtime, and the feeds of a cinema or a film. Written by hand: CRLF line ends, lines
//! folded at 75 octets without cutting a UTF-8 character, text values escaped, times in the
//! cinema's zone (`TZID`) with a `VTIMEZONE` describing the zone over the years the events
//! cover.

use chrono::{
    DateTime, Datelike, Duration, FixedOffset, NaiveDate, NaiveDateTime, Offset, TimeZone,
    Timelike, Utc,
};
use chrono_tz::{OffsetComponents, OffsetName, Tz};
use std::fmt::Write as _;

/// What identifies the writer (`PRODID`).
pub const PRODID: &str = "-//Cinema platform//Showtimes//EN";

/// An event's length when the show's duration is unknown (no film end): two hours, the
/// length of most films (docs/decisions.md, "Calendars").
pub const DEFAULT_EVENT_MINUTES: i64 = 120;

/// One showtime as a calendar event.
#[derive(Clone, Debug, PartialEq)]
pub struct CalendarEvent {
    /// Stable per showtime: `{showtime id}@{site host}`.
    pub uid: String,
    /// The film's start and end (`site::rules::film_times`); no end → start + 2 h.
    pub start: DateTime<FixedOffset>,
    pub end: Option<DateTime<FixedOffset>>,
    pub summary: String,
    /// The cinema's name and address.
    pub location: String,
    /// The booking URL.
    pub url: Option<String>,
    pub description: String,
}

/// One event as the writer takes it: its text borrowed (a feed writes hundreds, none of them
/// held as a `CalendarEvent`).
#[derive(Clone, Copy, Debug)]
pub struct EventRef<'a> {
    pub uid: &'a str,
    pub start: DateTime<FixedOffset>,
    pub end: Option<DateTime<FixedOffset>>,
    pub summary: &'a str,
    pub location: &'a str,
    pub url: Option<&'a str>,
    pub description: &'a str,
}

impl CalendarEvent {
    pub fn as_ref(&self) -> EventRef<'_> {
        EventRef {
            uid: &self.uid,
            start: self.start,
            end: self.end,
            summary: &self.summary,
            location: &self.location,
            url: self.url.as_deref(),
            description: &self.description,
        }
    }
}

/// A calendar: its events in the zone `tz`, stamped `stamp` (`DTSTAMP`: when the file was
/// made), with `name` (`X-WR-CALNAME`, which calendar applications show for a feed).
pub fn write_calendar(
    tz: Tz,
    name: Option<&str>,
    stamp: DateTime<Utc>,
    events: &[CalendarEvent],
) -> String {
    let years = years_of(
        tz,
        events.iter().flat_map(|e| [Some(e.start), e.end]).flatten(),
    );
    let mut writer = CalendarWriter::begin(tz, name, stamp, years, events.len());
    for e in events {
        writer.event(&e.as_ref());
    }
    writer.finish()
}

/// The first and last years, as the zone's clock reads them, of the instants an event covers
/// (its start and its end when it has one): the span its `VTIMEZONE` describes. None without
/// an instant.
pub fn years_of(
    tz: Tz,
    instants: impl Iterator<Item = DateTime<FixedOffset>>,
) -> Option<(i32, i32)> {
    instants
        .map(|t| local_year(tz, t))
        .fold(None, |span, y| match span {
            None => Some((y, y)),
            Some((a, b)) => Some((a.min(y), b.max(y))),
        })
}

/// The year of `t` on the zone's clock. A zone is at most 14 hours from UTC: more than a day
/// from New Year (UTC), the year is UTC's, found without the zone's table.
fn local_year(tz: Tz, t: DateTime<FixedOffset>) -> i32 {
    let utc = t.naive_utc();
    let day = utc.ordinal();
    let last = if utc.date().leap_year() { 366 } else { 365 };
    if day > 1 && day < last {
        utc.year()
    } else {
        t.with_timezone(&tz).year()
    }
}

/// A calendar written event by event (`write_calendar`; the feeds, which hold no event).
pub struct CalendarWriter {
    out: String,
    tz: Tz,
    zone: std::sync::Arc<ZoneSpan>,
    stamp: String,
    scratch: String,
    // A cinema's feed names one place for every event, a film's its title: escaped once a run.
    location: EscapedOnce,
    summary: EscapedOnce,
}

impl CalendarWriter {
    /// The calendar's head and its `VTIMEZONE` over `years` (`years_of` its events; the
    /// stamp's year when it has none), room made for `events` events.
    pub fn begin(
        tz: Tz,
        name: Option<&str>,
        stamp: DateTime<Utc>,
        years: Option<(i32, i32)>,
        events: usize,
    ) -> Self {
        let mut out = String::with_capacity(1024 + events * 600);
        line(&mut out, "BEGIN:VCALENDAR");
        line(&mut out, "VERSION:2.0");
        line(&mut out, &format!("PRODID:{PRODID}"));
        line(&mut out, "CALSCALE:GREGORIAN");
        line(&mut out, "METHOD:PUBLISH");
        if let Some(name) = name {
            line(&mut out, &format!("X-WR-CALNAME:{}", escape_text(name)));
        }
        line(&mut out, &format!("X-WR-TIMEZONE:{}", tz.name()));
        let (first, last) = years.unwrap_or_else(|| {
            let y = stamp.with_timezone(&tz).year();
            (y, y)
        });
        let zone = ZoneSpan::of(tz, first, last);
        out.push_str(&zone.text);
        CalendarWriter {
            out,
            tz,
            zone,
            stamp: stamp.format("%Y%m%dT%H%M%SZ").to_string(),
            scratch: String::with_capacity(256),
            location: EscapedOnce::default(),
            summary: EscapedOnce::default(),
        }
    }

    /// One event: each property put together in `scratch`, then folded into the calendar (no
    /// string per line, no formatting machinery: eight lines for each of hundreds of events).
    pub fn event(&mut self, e: &EventRef) {
        let end = e
            .end
            .filter(|end| *end > e.start)
            .unwrap_or(e.start + Duration::minutes(DEFAULT_EVENT_MINUTES));
        let (out, scratch) = (&mut self.out, &mut self.scratch);
        let prop = |out: &mut String, scratch: &mut String, parts: &[&str]| {
            scratch.clear();
            for part in parts {
                scratch.push_str(part);
            }
            line(out, scratch);
        };
        line(out, "BEGIN:VEVENT");
        prop(out, scratch, &["UID:", &escape_text(e.uid)]);
        prop(out, scratch, &["DTSTAMP:", &self.stamp]);
        for (name, at) in [("DTSTART;TZID=", e.start), ("DTEND;TZID=", end)] {
            scratch.clear();
            scratch.push_str(name);
            scratch.push_str(self.tz.name());
            scratch.push(':');
            push_local(scratch, &self.zone, self.tz, at);
            line(out, scratch);
        }
        prop(out, scratch, &["SUMMARY:", self.summary.of(e.summary)]);
        prop(out, scratch, &["LOCATION:", self.location.of(e.location)]);
        if let Some(url) = e.url {
            // A URI value: not escaped as text (RFC 5545 §3.3.13), but no line break in it.
            if !url.contains(['\r', '\n']) {
                prop(out, scratch, &["URL:", url]);
            }
        }
        if !e.description.is_empty() {
            prop(out, scratch, &["DESCRIPTION:", &escape_text(e.description)]);
        }
        line(out, "END:VEVENT");
    }

    pub fn finish(mut self) -> String {
        line(&mut self.out, "END:VCALENDAR");
        self.out
    }
}

/// A zone over whole years: its `VTIMEZONE` text and the offsets it declares (the offset in
/// force at the start, then each change), which the events' local times are read from. The
/// same for every calendar of a zone and span (thousands of feeds a build), so made once.
struct ZoneSpan {
    text: String,
    /// From `from` (UTC) on: `initial`, then each change's offset from its instant on.
    from: DateTime<Utc>,
    until: DateTime<Utc>,
    initial: FixedOffset,
    changes: Vec<(DateTime<Utc>, FixedOffset)>,
}

impl ZoneSpan {
    fn of(tz: Tz, first: i32, last: i32) -> std::sync::Arc<ZoneSpan> {
        type Spans = std::collections::HashMap<(&'static str, i32, i32), std::sync::Arc<ZoneSpan>>;
        static SPANS: std::sync::OnceLock<std::sync::Mutex<Spans>> = std::sync::OnceLock::new();
        let spans = SPANS.get_or_init(Default::default);
        // Made under the lock: once per zone and span in a build, the first feed's.
        spans
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry((tz.name(), first, last))
            .or_insert_with(|| std::sync::Arc::new(vtimezone(tz, first, last)))
            .clone()
    }

    /// The offset the span declares at `t`; None outside its years.
    fn offset_at(&self, t: DateTime<Utc>) -> Option<FixedOffset> {
        if t < self.from || t >= self.until {
            return None;
        }
        let after = self.changes.partition_point(|(at, _)| *at <= t);
        Some(if after == 0 {
            self.initial
        } else {
            self.changes[after - 1].1
        })
    }
}

/// `20261127T204700`: the instant as the zone's clock reads it, written digit by digit
/// (chrono's `format` reads its pattern again at every call).
fn push_local(out: &mut String, zone: &ZoneSpan, tz: Tz, at: DateTime<FixedOffset>) {
    let utc = at.with_timezone(&Utc);
    let t = match zone.offset_at(utc) {
        Some(offset) => utc.naive_utc() + offset.local_minus_utc_duration(),
        None => at.with_timezone(&tz).naive_local(),
    };
    let year = t.year();
    if !(0..=9999).contains(&year) {
        let _ = write!(
            out,
            "{:04}{:02}{:02}T{:02}{:02}{:02}",
            year,
            t.month(),
            t.day(),
            t.hour(),
            t.minute(),
            t.second()
        );
        return;
    }
    let two = crate::format::two_digits;
    let y = year as u32;
    let mut text = [b'T'; 15];
    for (at, n) in [
        (0, y / 100),
        (2, y),
        (4, t.month()),
        (6, t.day()),
        (9, t.hour()),
        (11, t.minute()),
        (13, t.second()),
    ] {
        text[at..at + 2].copy_from_slice(&two(n));
    }
    out.push_str(std::str::from_utf8(&text).expect("ASCII digits"));
}

/// A text value escaped once for a run of events that repeat it.
#[derive(Default)]
struct EscapedOnce {
    source: String,
    escaped: String,
}

impl EscapedOnce {
    fn of(&mut self, text: &str) -> &str {
        if self.source != text {
            self.source.clear();
            self.source.push_str(text);
            self.escaped = escape_text(text).into_owned();
        }
        &self.escaped
    }
}

/// A TEXT value escaped (RFC 5545 §3.3.11): `\` `;` `,` escaped, line breaks as `\n`, other
/// control characters dropped.
pub fn escape_text(text: &str) -> std::borrow::Cow<'_, str> {
    // Read a byte at a time and copied a run at a time (a feed repeats a show's description
    // for each of its showtimes). Every byte matched starts a character (controls:
    // `escape::control_len`).
    let bytes = text.as_bytes();
    let mut out: Option<String> = None;
    let (mut start, mut i) = (0, 0);
    while i < bytes.len() {
        // Up to the next byte that may need a change, one table look-up a byte.
        if !ESCAPE_CANDIDATE[usize::from(bytes[i])] {
            i += 1;
            continue;
        }
        let (with, len) = match bytes[i] {
            b'\\' => ("\\\\", 1),
            b';' => ("\\;", 1),
            b',' => ("\\,", 1),
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => ("\\n", 2),
            b'\r' | b'\n' => ("\\n", 1),
            b'\t' => {
                i += 1;
                continue;
            }
            // Other controls are dropped.
            _ => match crate::escape::control_len(bytes, i) {
                0 => {
                    i += 1;
                    continue;
                }
                len => ("", len),
            },
        };
        let out = out.get_or_insert_with(|| String::with_capacity(text.len() + 8));
        out.push_str(&text[start..i]);
        out.push_str(with);
        i += len;
        start = i;
    }
    match out {
        None => std::borrow::Cow::Borrowed(text),
        Some(mut out) => {
            out.push_str(&text[start..]);
            std::borrow::Cow::Owned(out)
        }
    }
}

/// The bytes `escape_text` may change: `\\` `;` `,` and those that may start a control
/// character (`escape::may_start_control`).
const ESCAPE_CANDIDATE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = crate::escape::may_start_control(b as u8);
        b += 1;
    }
    table[b'\\' as usize] = true;
    table[b';' as usize] = true;
    table[b',' as usize] = true;
    table
};

/// Appends a content line folded at 75 octets (RFC 5545 §3.1): CRLF then one space before
/// each continuation; a UTF-8 character is never cut.
pub fn line(out: &mut String, content: &str) {
    // The first line holds 75 octets; each continuation 74 after its leading space.
    let mut start = 0;
    let mut room = 75;
    while content.len() - start > room {
        let mut end = start + room;
        while !content.is_char_boundary(end) {
            end -= 1;
        }
        out.push_str(&content[start..end]);
        out.push_str("\r\n ");
        start = end;
        room = 74;
    }
    out.push_str(&content[start..]);
    out.push_str("\r\n");
}

/// The zone's offset changes from `first`'s 1 January to `last`'s 31 December: each change as
/// a STANDARD or DAYLIGHT component (DTSTART in the local time before the change), after one
/// for the offset in force at the start. A zone without changes gets that one only.
fn vtimezone(tz: Tz, first: i32, last: i32) -> ZoneSpan {
    let mut out = String::new();
    line(&mut out, "BEGIN:VTIMEZONE");
    line(&mut out, &format!("TZID:{}", tz.name()));
    let from = Utc.from_utc_datetime(&NaiveDate::from_ymd_opt(first, 1, 1).expect("a year").into());
    let until = Utc.from_utc_datetime(
        &NaiveDate::from_ymd_opt(last + 1, 1, 1)
            .expect("a year")
            .into(),
    );
    let offset_at = |t: DateTime<Utc>| tz.offset_from_utc_datetime(&t.naive_utc());
    let initial = offset_at(from);
    let start_local = from.naive_utc() + initial.fix().local_minus_utc_duration();
    component(&mut out, &initial, &initial, start_local);
    let mut changes = Vec::new();
    // Offsets change at most a few times a year: look day by day, then find the minute.
    let mut t = from;
    let mut before = initial;
    while t < until {
        let next = t + Duration::days(1);
        let after = offset_at(next);
        if after.fix() != before.fix() || after.abbreviation() != before.abbreviation() {
            let (mut lo, mut hi) = (t, next);
            while hi - lo > Duration::minutes(1) {
                let mid = lo + (hi - lo) / 2;
                if offset_at(mid).fix() == before.fix()
                    && offset_at(mid).abbreviation() == before.abbreviation()
                {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            // Changes happen on whole minutes: the minute of `hi` is the change.
            let secs = hi.timestamp();
            let at = DateTime::from_timestamp(secs - secs.rem_euclid(60), 0).expect("in range");
            let onset = at.naive_utc() + before.fix().local_minus_utc_duration();
            component(&mut out, &before, &after, onset);
            changes.push((at, after.fix()));
        }
        before = after;
        t = next;
    }
    line(&mut out, "END:VTIMEZONE");
    ZoneSpan {
        text: out,
        from,
        until,
        initial: initial.fix(),
        changes,
    }
}

trait LocalMinusUtc {
    fn local_minus_utc_duration(&self) -> Duration;
}

impl LocalMinusUtc for FixedOffset {
    fn local_minus_utc_duration(&self) -> Duration {
        Duration::seconds(i64::from(self.local_minus_utc()))
    }
}

/// One STANDARD or DAYLIGHT component: from `before`'s offset to `after`'s at `onset`.
fn component(
    out: &mut String,
    before: &chrono_tz::TzOffset,
    after: &chrono_tz::TzOffset,
    onset: NaiveDateTime,
) {
    let kind = if after.dst_offset().is_zero() {
        "STANDARD"
    } else {
        "DAYLIGHT"
    };
    line(out, &format!("BEGIN:{kind}"));
    line(out, &format!("DTSTART:{}", onset.format("%Y%m%dT%H%M%S")));
    line(out, &format!("TZOFFSETFROM:{}", utc_offset(before.fix())));
    line(out, &format!("TZOFFSETTO:{}", utc_offset(after.fix())));
    if let Some(name) = after.abbreviation() {
        line(out, &format!("TZNAME:{}", escape_text(name)));
    }
    line(out, &format!("END:{kind}"));
}

/// `+0100`, `-0030`, `+0000` (RFC 5545 §3.3.14; seconds only when not zero).
fn utc_offset(offset: FixedOffset) -> String {
    let secs = offset.local_minus_utc();
    let sign = if secs < 0 { '-' } else { '+' };
    let secs = secs.abs();
    let mut out = format!("{sign}{:02}{:02}", secs / 3600, secs / 60 % 60);
    if secs % 60 != 0 {
        let _ = write!(out, "{:02}", secs % 60);
    }
    out
}

/// The host of a showtime's `UID` (`{showtime id}@{host}`): the site's production domain
/// from the brand, `{code}.localhost` without one. The same for the API's file of one
/// showtime and the generator's feeds, so a calendar application sees one event.
pub fn uid_host(brand: &crate::brand::Brand, site: crate::Site) -> String {
    brand
        .domains
        .get(&site)
        .cloned()
        .unwrap_or_else(|| format!("{}.localhost", site.code()))
}

/// `{name}, {street}, {zip} {city}`: the LOCATION of a cinema's events.
pub fn cinema_location(cinema: &crate::content::Cinema) -> String {
    let a = &cinema.address;
    let mut parts: Vec<String> = vec![cinema.name.clone()];
    for line in [Some(&a.address_line1), a.address_line2.as_ref()]
        .into_iter()
        .flatten()
    {
        if !line.trim().is_empty() {
            parts.push(line.trim().to_string());
        }
    }
    let town = format!("{} {}", a.address_zip.trim(), a.address_city.trim());
    if !town.trim().is_empty() {
        parts.push(town.trim().to_string());
    }
    parts.join(", ")
}

/// What a showtime's event says besides its times and place.
pub struct ShowtimeFacts<'a> {
    pub site_host: &'a str,
    pub id: &'a str,
    /// The showtime's time (when the pre-show begins).
    pub showtime_start: DateTime<FixedOffset>,
    pub film_start: DateTime<FixedOffset>,
    pub film_end: Option<DateTime<FixedOffset>>,
    pub title: &'a str,
    pub version: &'a str,
    pub auditorium: Option<&'a str>,
    pub booking_url: Option<&'a str>,
}

/// A cinema as its showtimes' events name it: its name, and its place (`cinema_location`)
/// written once for all of them.
pub struct EventPlace<'a> {
    pub name: &'a str,
    pub location: String,
}

impl<'a> EventPlace<'a> {
    pub fn of(cinema: &'a crate::content::Cinema) -> Self {
        EventPlace {
            name: &cinema.name,
            location: cinema_location(cinema),
        }
    }
}

/// A showtime as an event: from the film's start to its end, at the cinema; the description
/// names the version, the hall and the showtime's own time (the pre-show's start).
pub fn showtime_event(facts: &ShowtimeFacts, cinema: &crate::content::Cinema) -> CalendarEvent {
    showtime_event_at(facts, &EventPlace::of(cinema))
}

/// `showtime_event` with the cinema's place made once: a feed has hundreds of its showtimes.
pub fn showtime_event_at(facts: &ShowtimeFacts, place: &EventPlace) -> CalendarEvent {
    let mut texts = EventTexts::default();
    let e = showtime_event_ref(facts, place, &mut texts);
    CalendarEvent {
        uid: e.uid.to_string(),
        start: e.start,
        end: e.end,
        summary: e.summary.to_string(),
        location: e.location.to_string(),
        url: e.url.map(str::to_string),
        description: e.description.to_string(),
    }
}

/// The texts an event puts together (its `UID` and description): kept from one event to the
/// next by a feed, so that writing one allocates nothing.
#[derive(Default)]
pub struct EventTexts {
    uid: String,
    description: String,
}

/// A showtime as an event (`showtime_event_at`), its text borrowed from the facts, the place
/// and `texts`.
pub fn showtime_event_ref<'a>(
    facts: &ShowtimeFacts<'a>,
    place: &'a EventPlace,
    texts: &'a mut EventTexts,
) -> EventRef<'a> {
    let description = &mut texts.description;
    description.clear();
    if !facts.version.is_empty() {
        description.push_str(facts.version);
    }
    if let Some(hall) = facts.auditorium.filter(|h| !h.is_empty()) {
        if !description.is_empty() {
            description.push_str(" · ");
        }
        description.push_str(hall);
    }
    let t = facts.showtime_start.naive_local();
    if !description.is_empty() {
        description.push('\n');
    }
    // `%H:%M`, written by hand: a feed writes it hundreds of times.
    let ([h1, h2], [m1, m2]) = (
        crate::format::two_digits(t.hour()),
        crate::format::two_digits(t.minute()),
    );
    description.push_str(std::str::from_utf8(&[h1, h2, b':', m1, m2]).expect("ASCII digits"));
    description.push(' ');
    description.push_str(place.name);
    if let Some(url) = facts.booking_url {
        description.push('\n');
        description.push_str(url);
    }
    let uid = &mut texts.uid;
    uid.clear();
    uid.push_str(facts.id);
    uid.push('@');
    uid.push_str(facts.site_host);
    EventRef {
        uid: &texts.uid,
        start: facts.film_start,
        end: facts.film_end,
        summary: facts.title,
        location: &place.location,
        url: facts
            .booking_url
            .filter(|u| u.starts_with("https://") || u.starts_with("http://")),
        description: &texts.description,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_fold_at_75_octets_without_cutting_a_character() {
        let mut out = String::new();
        let text = format!("SUMMARY:{}", "é".repeat(100));
        line(&mut out, &text);
        let lines: Vec<&str> = out.trim_end_matches("\r\n").split("\r\n").collect();
        assert!(lines.len() > 1);
        for (i, l) in lines.iter().enumerate() {
            assert!(l.len() <= 75, "{i}: {} octets", l.len());
            if i > 0 {
                assert!(l.starts_with(' '));
            }
        }
        let unfolded: String = lines
            .iter()
            .enumerate()
            .map(|(i, l)| if i == 0 { *l } else { &l[1..] })
            .collect();
        assert_eq!(unfolded, text);
        // A short line is left alone.
        let mut out = String::new();
        line(&mut out, "VERSION:2.0");
        assert_eq!(out, "VERSION:2.0\r\n");
    }

    #[test]
    fn local_times_are_written_as_the_zones_clock_reads_them() {
        let tz: Tz = "Europe/Paris".parse().unwrap();
        for (utc, local) in [
            ("2026-03-29T00:59:59Z", "20260329T015959"),
            ("2026-03-29T01:00:00Z", "20260329T030000"),
            ("2026-10-25T00:30:00Z", "20261025T023000"),
            ("2026-10-25T01:30:00Z", "20261025T023000"),
            ("0999-01-02T03:04:05Z", "09990102T031326"), // Paris mean time, +0:09:21
        ] {
            let at = DateTime::parse_from_rfc3339(utc).unwrap();
            // Read from the span's offsets (the instant's year), and from the zone's table
            // (a span of other years).
            let year = local_year(tz, at);
            for span in [ZoneSpan::of(tz, year, year), ZoneSpan::of(tz, 2000, 2000)] {
                let mut out = String::new();
                push_local(&mut out, &span, tz, at);
                assert_eq!(out, local, "{utc}");
                assert_eq!(
                    out,
                    at.with_timezone(&tz).format("%Y%m%dT%H%M%S").to_string()
                );
            }
        }
    }

    #[test]
    fn a_zone_spans_offsets_are_the_zones_own_every_quarter_hour_of_the_sites_zones() {
        for site in crate::Site::ALL {
            let tz: Tz = site.time_zone().parse().unwrap();
            let span = ZoneSpan::of(tz, 2026, 2027);
            let mut t = span.from;
            while t < span.until {
                let own = tz.offset_from_utc_datetime(&t.naive_utc()).fix();
                assert_eq!(span.offset_at(t), Some(own), "{} at {t}", tz.name());
                t += Duration::minutes(15);
            }
            assert_eq!(span.offset_at(span.until), None);
            assert_eq!(span.offset_at(span.from - Duration::seconds(1)), None);
        }
    }

    #[test]
    fn an_instants_year_is_the_zones_around_new_year() {
        for zone in [
            "Pacific/Kiritimati",
            "Pacific/Pago_Pago",
            "Europe/Paris",
            "UTC",
        ] {
            let tz: Tz = zone.parse().unwrap();
            for utc in [
                "2026-12-30T09:00:00Z",
                "2026-12-31T09:59:59Z",
                "2026-12-31T10:00:00Z",
                "2026-12-31T23:30:00Z",
                "2027-01-01T00:30:00Z",
                "2027-01-01T10:59:59Z",
                "2027-01-01T11:00:00Z",
                "2027-01-02T12:00:00Z",
                "2028-12-31T12:00:00Z",
                "2028-12-30T12:00:00Z",
            ] {
                let at = DateTime::parse_from_rfc3339(utc).unwrap();
                assert_eq!(
                    local_year(tz, at),
                    at.with_timezone(&tz).year(),
                    "{zone} {utc}"
                );
            }
        }
    }

    #[test]
    fn a_run_of_events_repeating_a_text_has_it_escaped_as_each_alone() {
        let mut once = EscapedOnce::default();
        for text in ["", "a,b", "a,b", "c;d", "", "c;d"] {
            assert_eq!(once.of(text), escape_text(text));
        }
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape_text("a,b;c\\d\ne\r\nf\u{7}"),
            "a\\,b\\;c\\\\d\\ne\\nf"
        );
        // A C1 control goes too; a no-break space, accents and a tab stay, unescaped.
        assert_eq!(escape_text("x\u{85}y"), "xy");
        let plain = "Café\u{a0}crème\tok";
        assert!(matches!(escape_text(plain), std::borrow::Cow::Borrowed(_)));
        // The byte-wise reading agrees with the character rule on every character up to
        // U+0100, alone and between letters.
        for c in (0u32..0x100).filter_map(char::from_u32) {
            let by_char = match c {
                '\\' | ';' | ',' => format!("\\{c}"),
                '\r' | '\n' => "\\n".to_string(),
                c if c.is_control() && c != '\t' => String::new(),
                c => c.to_string(),
            };
            assert_eq!(escape_text(&c.to_string()), by_char, "{c:?}");
            assert_eq!(
                escape_text(&format!("a{c}é")),
                format!("a{by_char}é"),
                "{c:?}"
            );
        }
    }

    #[test]
    fn a_zone_with_summer_time_has_its_changes_and_one_without_has_one_offset() {
        let stamp = Utc.with_ymd_and_hms(2026, 11, 27, 12, 0, 0).unwrap();
        let at = |s: &str| DateTime::parse_from_rfc3339(s).unwrap();
        let event = CalendarEvent {
            uid: "FR0001-20261127-1-0@fr.localhost".into(),
            start: at("2026-11-27T20:47:00+01:00"),
            end: Some(at("2026-11-27T22:58:00+01:00")),
            summary: "Dune".into(),
            location: "Cinéma, 1 rue X, 75001 Paris".into(),
            url: Some("https://tickets.example/x".into()),
            description: "VF".into(),
        };
        let ics = write_calendar(
            chrono_tz::Europe::Paris,
            Some("Paris"),
            stamp,
            std::slice::from_ref(&event),
        );
        assert!(ics.contains("DTSTART;TZID=Europe/Paris:20261127T204700\r\n"));
        assert!(ics.contains("DTEND;TZID=Europe/Paris:20261127T225800\r\n"));
        assert!(ics.contains("BEGIN:DAYLIGHT\r\nDTSTART:20260329T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n"));
        assert!(ics.contains("BEGIN:STANDARD\r\nDTSTART:20261025T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\n"));
        assert!(ics.contains("DTSTAMP:20261127T120000Z\r\n"));
        assert!(ics.contains("LOCATION:Cinéma\\, 1 rue X\\, 75001 Paris\r\n"));
        let dakar = write_calendar(
            chrono_tz::Africa::Dakar,
            None,
            stamp,
            std::slice::from_ref(&event),
        );
        assert_eq!(dakar.matches("BEGIN:STANDARD").count(), 1);
        assert!(!dakar.contains("DAYLIGHT"));
        assert!(dakar.contains("DTSTART;TZID=Africa/Dakar:20261127T194700\r\n"));
        // No end: two hours.
        let open = CalendarEvent { end: None, ..event };
        let ics = write_calendar(chrono_tz::Europe::Paris, None, stamp, &[open]);
        assert!(ics.contains("DTEND;TZID=Europe/Paris:20261127T224700\r\n"));
        assert!(ics.ends_with("END:VCALENDAR\r\n"));
        assert!(!ics.replace("\r\n", "").contains('\n'));
    }
}
