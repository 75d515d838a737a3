//! The iCalendar files of `site::calendar` (issue 17, item 1) read by a second, real
//! implementation (the `icalendar` crate's parser): every showtime of the demo at scale 1, in
//! one calendar per cinema as the feeds have them, parses with 0 errors and says what it
//! should; hostile text survives folding and escaping.

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use demo_content::{generate, DemoOptions, DEFAULT_SEED};
use icalendar::parser::{read_calendar, unfold, Component};
use site::brand::Brand;
use site::calendar::{showtime_event, uid_host, write_calendar, CalendarEvent, ShowtimeFacts};
use site::content::Cinema;
use std::collections::{HashMap, HashSet};

fn stamp() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap()
}

fn prop<'a>(c: &'a Component<'a>, name: &str) -> Option<&'a icalendar::parser::Property<'a>> {
    c.properties.iter().find(|p| p.name == name)
}

fn val(c: &Component<'_>, name: &str) -> String {
    prop(c, name)
        .map(|p| p.val.as_str().to_string())
        .unwrap_or_else(|| panic!("no {name}"))
}

/// Parses `text` (which must end its lines with CRLF and fold them at 75 octets) and
/// returns its events.
fn parse_events(text: &str) -> Vec<Component<'static>> {
    for line in text.split("\r\n") {
        assert!(
            line.len() <= 75,
            "a line of {} octets: {line:?}",
            line.len()
        );
    }
    assert!(
        !text.replace("\r\n", "").contains(['\r', '\n']),
        "bare line ends"
    );
    let unfolded = unfold(text);
    let calendar = read_calendar(&unfolded).unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<String> = calendar
        .properties
        .iter()
        .map(|p| p.name.to_string())
        .collect();
    for required in ["VERSION", "PRODID"] {
        assert!(names.iter().any(|n| n == required), "no {required}");
    }
    let zones: Vec<&Component> = calendar
        .components
        .iter()
        .filter(|c| c.name == "VTIMEZONE")
        .collect();
    assert_eq!(zones.len(), 1, "one VTIMEZONE");
    let tzid = val(zones[0], "TZID");
    assert!(
        zones[0]
            .components
            .iter()
            .all(|c| c.name == "STANDARD" || c.name == "DAYLIGHT")
            && !zones[0].components.is_empty()
    );
    calendar
        .components
        .into_iter()
        .filter(|c| c.name == "VEVENT")
        .map(|c| {
            for name in ["DTSTART", "DTEND"] {
                let p = prop(&c, name).unwrap_or_else(|| panic!("no {name}"));
                let param = p.params.iter().find(|p| p.key == "TZID").expect("TZID");
                assert_eq!(param.val.as_ref().map(|v| v.as_str()), Some(tzid.as_str()));
            }
            to_owned(c)
        })
        .collect()
}

fn to_owned(c: Component<'_>) -> Component<'static> {
    Component {
        name: c.name.into_owned(),
        properties: c
            .properties
            .into_iter()
            .map(|p| icalendar::parser::Property {
                name: p.name.into_owned(),
                val: p.val.into_owned(),
                params: p
                    .params
                    .into_iter()
                    .map(|q| icalendar::parser::Parameter {
                        key: q.key.into_owned(),
                        val: q.val.map(|v| v.into_owned()),
                    })
                    .collect(),
            })
            .collect(),
        components: c.components.into_iter().map(to_owned).collect(),
    }
}

#[test]
fn every_showtime_of_the_demo_parses_in_its_cinemas_calendar() {
    let brand = Brand::from_json(include_str!("../../config/brand.json")).unwrap();
    let options = DemoOptions {
        seed: DEFAULT_SEED,
        scale: 1,
        today: NaiveDate::from_ymd_opt(2026, 11, 22).unwrap(),
    };
    let snapshot = generate(&options, &brand).snapshot;
    let mut total = 0;
    for content in &snapshot.sites {
        let site = content.site;
        let tz: chrono_tz::Tz = site.time_zone().parse().unwrap();
        let locale = &content.locales[0];
        let cinemas: HashMap<&str, &Cinema> = locale
            .cinemas
            .iter()
            .map(|c| (c.slug.as_str(), &c.cinema))
            .collect();
        let shows: HashMap<&str, &site::content::Show> =
            locale.shows.iter().map(|s| (s.slug.as_str(), s)).collect();
        let host = uid_host(&brand, site);
        let mut by_cinema: HashMap<&str, Vec<CalendarEvent>> = HashMap::new();
        for s in &content.showtimes {
            let cinema = cinemas[s.cinema.as_str()];
            let show = shows.get(s.show.as_str());
            let times = site::rules::film_times(
                site,
                s.datetime,
                cinema.pre_show_minutes,
                show.and_then(|s| s.duration),
            );
            let event = showtime_event(
                &ShowtimeFacts {
                    site_host: &host,
                    id: &s.id,
                    showtime_start: s.datetime,
                    film_start: times.start,
                    film_end: times.end,
                    title: show.map_or(s.show.as_str(), |s| s.title.as_str()),
                    version: &s.version.label,
                    auditorium: s.auditorium.as_deref(),
                    booking_url: Some(&format!("https://tickets.example/{}", s.id)),
                },
                cinema,
            );
            by_cinema.entry(&s.cinema).or_default().push(event);
        }
        for (slug, events) in by_cinema {
            let text = write_calendar(tz, Some(&cinemas[slug].name), stamp(), &events);
            let parsed = parse_events(&text);
            assert_eq!(
                parsed.len(),
                events.len(),
                "{site} {slug}: every event read"
            );
            let mut uids = HashSet::new();
            for (event, read) in events.iter().zip(&parsed) {
                assert!(uids.insert(val(read, "UID")), "unique UIDs");
                assert_eq!(val(read, "UID"), event.uid);
                assert!(event.uid.ends_with(&format!("@{host}")));
                assert_eq!(val(read, "SUMMARY"), event.summary);
                assert_eq!(val(read, "LOCATION"), event.location);
                assert_eq!(val(read, "DESCRIPTION"), event.description);
                assert_eq!(
                    val(read, "DTSTART"),
                    event
                        .start
                        .with_timezone(&tz)
                        .format("%Y%m%dT%H%M%S")
                        .to_string()
                );
                let dtstamp = val(read, "DTSTAMP");
                assert_eq!(dtstamp, "20261122T120000Z");
            }
            total += events.len();
        }
    }
    assert!(total > 10_000, "the demo's showtimes: {total}");
    println!("{total} showtimes read back, 0 errors");
}

#[test]
fn hostile_text_survives_folding_and_escaping() {
    let hostile = "Ça, c'est «la» séance; \\ spéciale\nligne 2\r\nBEGIN:VEVENT\u{7} 🎬🎬🎬 \
                   ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé";
    let event = CalendarEvent {
        uid: "x-1@fr.localhost".into(),
        start: DateTime::parse_from_rfc3339("2026-03-29T01:30:00+01:00").unwrap(),
        end: Some(DateTime::parse_from_rfc3339("2026-03-29T04:10:00+02:00").unwrap()),
        summary: hostile.into(),
        location: format!("{hostile}, 1 rue, 75001 Paris"),
        url: Some("https://tickets.example/a?b=1&c=2,3;4".into()),
        description: hostile.repeat(3),
    };
    let text = write_calendar(chrono_tz::Europe::Paris, Some(hostile), stamp(), &[event]);
    let parsed = parse_events(&text);
    assert_eq!(parsed.len(), 1);
    // The control character is dropped; CRLF reads back as a line break.
    let expect = hostile.replace('\u{7}', "").replace("\r\n", "\n");
    assert_eq!(val(&parsed[0], "SUMMARY"), expect);
    assert_eq!(val(&parsed[0], "DESCRIPTION"), expect.repeat(3));
    assert_eq!(
        val(&parsed[0], "URL"),
        "https://tickets.example/a?b=1&c=2,3;4"
    );
    // An event across the change to summer time: both ends as the Paris clock reads them.
    assert_eq!(val(&parsed[0], "DTSTART"), "20260329T013000");
    assert_eq!(val(&parsed[0], "DTEND"), "20260329T041000");
    // Nothing hostile opened a component of its own.
    assert_eq!(text.matches("\r\nBEGIN:VEVENT\r\n").count(), 1);
}
