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

/// A calendar: its events in the zone `tz`, stamped `stamp` (`DTSTAMP`: when the file was
/// made), with `name` (`X-WR-CALNAME`, which calendar applications show for a feed).
pub fn write_calendar(
    tz: Tz,
    name: Option<&str>,
    stamp: DateTime<Utc>,
    events: &[CalendarEvent],
) -> String {
    let mut out = String::with_capacity(1024 + events.len() * 600);
    line(&mut out, "BEGIN:VCALENDAR");
    line(&mut out, "VERSION:2.0");
    line(&mut out, &format!("PRODID:{PRODID}"));
    line(&mut out, "CALSCALE:GREGORIAN");
    line(&mut out, "METHOD:PUBLISH");
    if let Some(name) = name {
        line(&mut out, &format!("X-WR-CALNAME:{}", escape_text(name)));
    }
    line(&mut out, &format!("X-WR-TIMEZONE:{}", tz.name()));
    let years = events
        .iter()
        .flat_map(|e| [Some(e.start), e.end])
        .flatten()
        .map(|t| t.with_timezone(&tz).year());
    let (first, last) = years.fold((i32::MAX, i32::MIN), |(a, b), y| (a.min(y), b.max(y)));
    let (first, last) = if first > last {
        let y = stamp.with_timezone(&tz).year();
        (y, y)
    } else {
        (first, last)
    };
    vtimezone(&mut out, tz, first, last);
    let stamp = stamp.format("%Y%m%dT%H%M%SZ").to_string();
    // Each property is put together in `scratch`, then folded into `out`: no string per line,
    // no formatting machinery (a feed writes eight lines for each of hundreds of showtimes).
    let mut scratch = String::with_capacity(256);
    let prop = |out: &mut String, scratch: &mut String, parts: &[&str]| {
        scratch.clear();
        for part in parts {
            scratch.push_str(part);
        }
        line(out, scratch);
    };
    // A cinema's feed names one place for every event, a film's its title: escaped once a run.
    let (mut location, mut summary) = (EscapedOnce::default(), EscapedOnce::default());
    for e in events {
        let end = e
            .end
            .filter(|end| *end > e.start)
            .unwrap_or(e.start + Duration::minutes(DEFAULT_EVENT_MINUTES));
        line(&mut out, "BEGIN:VEVENT");
        prop(&mut out, &mut scratch, &["UID:", &escape_text(&e.uid)]);
        prop(&mut out, &mut scratch, &["DTSTAMP:", &stamp]);
        for (name, at) in [("DTSTART;TZID=", e.start), ("DTEND;TZID=", end)] {
            scratch.clear();
            scratch.push_str(name);
            scratch.push_str(tz.name());
            scratch.push(':');
            push_local(&mut scratch, tz, at);
            line(&mut out, &scratch);
        }
        prop(
            &mut out,
            &mut scratch,
            &["SUMMARY:", summary.of(&e.summary)],
        );
        prop(
            &mut out,
            &mut scratch,
            &["LOCATION:", location.of(&e.location)],
        );
        if let Some(url) = &e.url {
            // A URI value: not escaped as text (RFC 5545 §3.3.13), but no line break in it.
            if !url.contains(['\r', '\n']) {
                prop(&mut out, &mut scratch, &["URL:", url]);
            }
        }
        if !e.description.is_empty() {
            prop(
                &mut out,
                &mut scratch,
                &["DESCRIPTION:", &escape_text(&e.description)],
            );
        }
        line(&mut out, "END:VEVENT");
    }
    line(&mut out, "END:VCALENDAR");
    out
}

/// `20261127T204700`: the instant as the zone's clock reads it, written digit by digit
/// (chrono's `format` reads its pattern again at every call).
fn push_local(out: &mut String, tz: Tz, at: DateTime<FixedOffset>) {
    let t = at.with_timezone(&tz).naive_local();
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
fn vtimezone(out: &mut String, tz: Tz, first: i32, last: i32) {
    line(out, "BEGIN:VTIMEZONE");
    line(out, &format!("TZID:{}", tz.name()));
    let from = Utc.from_utc_datetime(&NaiveDate::from_ymd_opt(first, 1, 1).expect("a year").into());
    let until = Utc.from_utc_datetime(
        &NaiveDate::from_ymd_opt(last + 1, 1, 1)
            .expect("a year")
            .into(),
    );
    let offset_at = |t: DateTime<Utc>| tz.offset_from_utc_datetime(&t.naive_utc());
    let initial = offset_at(from);
    let start_local = from.naive_utc() + initial.fix().local_minus_utc_duration();
    component(out, &initial, &initial, start_local);
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
            component(out, &before, &after, onset);
        }
        before = after;
        t = next;
    }
    line(out, "END:VTIMEZONE");
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
    let mut description = String::with_capacity(
        facts.version.len() + place.name.len() + facts.booking_url.map_or(0, str::len) + 40,
    );
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
    let mut uid = String::with_capacity(facts.id.len() + 1 + facts.site_host.len());
    uid.push_str(facts.id);
    uid.push('@');
    uid.push_str(facts.site_host);
    CalendarEvent {
        uid,
        start: facts.film_start,
        end: facts.film_end,
        summary: facts.title.to_string(),
        location: place.location.clone(),
        url: facts
            .booking_url
            .filter(|u| u.starts_with("https://") || u.starts_with("http://"))
            .map(str::to_string),
        description,
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
            let mut out = String::new();
            push_local(&mut out, tz, at);
            assert_eq!(out, local, "{utc}");
            assert_eq!(
                out,
                at.with_timezone(&tz).format("%Y%m%dT%H%M%S").to_string()
            );
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
