//! The calendar feeds (issue 17, item 1) of the full build, read by a real iCalendar parser
//! (the `icalendar` crate's): every cinema page and every show page of every site and language
//! has its feed at the path of `site::routes::Feed`, which parses with 0 errors and holds
//! exactly the showtimes of its cinema (or film) the content API gives, each event with the
//! UID, title, place and times of the runtime API's file of that one showtime; the pages link
//! it as `webcal://` and `https://`; no other feed is written.

use crate::common::*;
use icalendar::parser::{read_calendar, unfold};
use site::calendar::uid_host;
use site::routes::{Feed, PageKind};
use site::{Lang, Site};
use std::collections::{BTreeMap, BTreeSet};

/// A component's properties: name → value (the first of each name), `DTSTART`'s and
/// `DTEND`'s `TZID` as `DTSTART;TZID`.
type Props = BTreeMap<String, String>;

/// The calendar's own properties and its events. Checks what a line-level reader cannot see
/// after unfolding: CRLF line ends, lines of at most 75 octets, one VTIMEZONE.
fn read_ics(text: &str, what: &str) -> Result<(Props, Vec<Props>), String> {
    if let Some(line) = text.split("\r\n").find(|l| l.len() > 75) {
        return Err(format!("{what}: a line of {} octets: {line:?}", line.len()));
    }
    if text.replace("\r\n", "").contains(['\r', '\n']) {
        return Err(format!("{what}: a line end that is not CRLF"));
    }
    let unfolded = unfold(text);
    let calendar = read_calendar(&unfolded).map_err(|e| format!("{what}: {e}"))?;
    let props = |properties: &[icalendar::parser::Property<'_>]| -> Props {
        let mut out = Props::new();
        for p in properties {
            let name = p.name.as_str().to_string();
            for param in &p.params {
                if param.key.as_str() == "TZID" {
                    if let Some(v) = &param.val {
                        out.entry(format!("{name};TZID"))
                            .or_insert_with(|| v.as_str().to_string());
                    }
                }
            }
            out.entry(name)
                .or_insert_with(|| p.val.as_str().to_string());
        }
        out
    };
    let zones = calendar
        .components
        .iter()
        .filter(|c| c.name.as_str() == "VTIMEZONE")
        .count();
    if zones != 1 {
        return Err(format!("{what}: {zones} VTIMEZONE"));
    }
    let events = calendar
        .components
        .iter()
        .filter(|c| c.name.as_str() == "VEVENT")
        .map(|c| props(&c.properties))
        .collect();
    Ok((props(&calendar.properties), events))
}

/// The showtime ids of the content API's schedules of a site and language, with their days:
/// per cinema slug and per show slug.
struct Showtimes {
    by_cinema: BTreeMap<String, BTreeSet<(String, String)>>,
    by_show: BTreeMap<String, BTreeSet<(String, String)>>,
    cinema_names: BTreeMap<String, String>,
}

impl Showtimes {
    /// The first day of any schedule.
    fn first_day(&self) -> Option<&str> {
        self.by_cinema
            .values()
            .flatten()
            .map(|(day, _)| day.as_str())
            .min()
    }
}

fn showtimes(site: Site, lang: Lang) -> Showtimes {
    let mut out = Showtimes {
        by_cinema: BTreeMap::new(),
        by_show: BTreeMap::new(),
        cinema_names: BTreeMap::new(),
    };
    let cinemas = api_json(site, Some(lang), "/cinemas");
    for cinema in list(&cinemas, "") {
        let slug = str_of(cinema, "slug").unwrap_or_default().to_string();
        out.cinema_names.insert(
            slug.clone(),
            str_of(cinema, "name").unwrap_or_default().to_string(),
        );
        let (status, schedule) = api_get(
            site,
            Some(lang),
            &format!("/cinema/{slug}/shows?embed=false"),
        );
        if status != 200 {
            continue;
        }
        let ids = out.by_cinema.entry(slug).or_default();
        for (day, entries) in schedule["days"].as_object().into_iter().flatten() {
            for entry in entries.as_array().into_iter().flatten() {
                let show = str_of(entry, "show").unwrap_or_default().to_string();
                for st in list(entry, "showtimes") {
                    let id = str_of(st, "id").unwrap_or_default().to_string();
                    ids.insert((day.clone(), id.clone()));
                    out.by_show
                        .entry(show.clone())
                        .or_default()
                        .insert((day.clone(), id));
                }
            }
        }
    }
    out
}

/// The runtime API's file of one showtime (`/api/showtimes/{id}/calendar.ics`).
fn showtime_file(site: Site, lang: Lang, id: &str) -> String {
    let url = format!(
        "{}/api/showtimes/{id}/calendar.ics?language={}",
        API.base,
        lang.code()
    );
    let r = http_raw(&url, &format!("{}.localhost", site.code()), &[]);
    assert_eq!(r.status, 200, "{url}");
    String::from_utf8(r.body).expect("UTF-8")
}

#[test]
fn every_feed_parses_and_holds_the_showtimes_of_its_cinema_or_film() {
    let brand = brand();
    let mut problems = Vec::new();
    let (mut feeds, mut events_read, mut compared) = (0, 0, 0);
    for site in Site::ALL {
        let files = &SITES[&site];
        let host = uid_host(&brand, site);
        let base = base_url(site);
        let mut expected_files = BTreeSet::new();
        let known: BTreeMap<Lang, Showtimes> = site
            .languages()
            .iter()
            .map(|&lang| (lang, showtimes(site, lang)))
            .collect();
        // A feed holds the site's first FEED_DAYS days of schedules.
        let until = known
            .values()
            .filter_map(Showtimes::first_day)
            .min()
            .map(|day| {
                let first = chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").expect("a day");
                (first + chrono::Duration::days(generator::build::FEED_DAYS)).to_string()
            })
            .unwrap_or_default();
        for &lang in site.languages() {
            let known = &known[&lang];
            for e in MODEL.entries.iter().filter(|e| {
                e.site == site
                    && e.lang == lang
                    && !e.webview
                    && matches!(e.kind, PageKind::Cinema | PageKind::Show | PageKind::Event)
            }) {
                // Pages the build wrote (a cinema without data is a redirect, not a page).
                let Some(page) = files.pages.get(&e.path) else {
                    continue;
                };
                let what = format!("{site} {}", e.path);
                let slug = TABLE
                    .parse(site, &e.path)
                    .and_then(|m| m.params.get("slug").map(str::to_string))
                    .unwrap_or_else(|| panic!("{what}: no slug"));
                let feed = if e.kind == PageKind::Cinema {
                    Feed::Cinema
                } else {
                    Feed::Show
                };
                let path = TABLE
                    .feed_path(feed, site, lang, &slug)
                    .unwrap_or_else(|| panic!("{what}: no feed path"));
                let rel = path.trim_start_matches('/').to_string();
                expected_files.insert(rel.clone());
                // The page links it, to subscribe and to download.
                let doc = page.doc();
                let hrefs: Vec<String> = select(&doc, ".calendar-feed a")
                    .into_iter()
                    .filter_map(|a| attr(a, "href").map(str::to_string))
                    .collect();
                let https = format!("{base}{path}");
                let webcal = https.replacen("https://", "webcal://", 1);
                if hrefs != [webcal.clone(), https.clone()] {
                    problems.push(format!(
                        "{what}: feed links {hrefs:?}, want [{webcal}, {https}]"
                    ));
                }
                let Ok(text) = std::fs::read_to_string(files.dir.join(&rel)) else {
                    problems.push(format!("{what}: no feed {rel}"));
                    continue;
                };
                feeds += 1;
                let (calendar, events) = match read_ics(&text, &rel) {
                    Ok(read) => read,
                    Err(e) => {
                        problems.push(e);
                        continue;
                    }
                };
                events_read += events.len();
                let want: BTreeSet<String> = match feed {
                    Feed::Cinema => known.by_cinema.get(&slug),
                    Feed::Show => known.by_show.get(&slug),
                }
                .into_iter()
                .flatten()
                .filter(|(day, _)| *day < until)
                .map(|(_, id)| format!("{id}@{host}"))
                .collect();
                let uids: Vec<String> = events.iter().map(|e| e["UID"].clone()).collect();
                let have: BTreeSet<String> = uids.iter().cloned().collect();
                if have.len() != uids.len() {
                    problems.push(format!("{rel}: an event twice"));
                }
                if have != want {
                    problems.push(format!(
                        "{site} {rel}: {} events, the API has {} showtimes of its {} ({} missing, {} not its own)",
                        have.len(),
                        want.len(),
                        if feed == Feed::Cinema { "cinema" } else { "film" },
                        want.difference(&have).count(),
                        have.difference(&want).count()
                    ));
                }
                if feed == Feed::Cinema {
                    let name = &known.cinema_names[&slug];
                    if calendar.get("X-WR-CALNAME") != Some(name) {
                        problems.push(format!("{rel}: named {:?}", calendar.get("X-WR-CALNAME")));
                    }
                    if let Some(e) = events
                        .iter()
                        .find(|e| !e["LOCATION"].starts_with(name.as_str()))
                    {
                        problems.push(format!("{rel}: an event at {:?}", e["LOCATION"]));
                    }
                } else if let Some(title) = events.first().map(|e| &e["SUMMARY"]) {
                    if events.iter().any(|e| &e["SUMMARY"] != title)
                        || calendar.get("X-WR-CALNAME") != Some(title)
                    {
                        problems.push(format!("{rel}: events of more than one film"));
                    }
                }
                // The first event is the API's file of that showtime, but for its stamp.
                let Some(first) = events.first() else {
                    continue;
                };
                let id = first["UID"].trim_end_matches(&format!("@{host}"));
                let single = showtime_file(site, lang, id);
                match read_ics(&single, id) {
                    Ok((_, one)) if one.len() == 1 => {
                        for key in [
                            "UID",
                            "SUMMARY",
                            "LOCATION",
                            "DESCRIPTION",
                            "URL",
                            "DTSTART",
                            "DTSTART;TZID",
                            "DTEND",
                            "DTEND;TZID",
                        ] {
                            if one[0].get(key) != first.get(key) {
                                problems.push(format!(
                                    "{rel}: {key} {:?}, the API's file says {:?}",
                                    first.get(key),
                                    one[0].get(key)
                                ));
                            }
                        }
                        compared += 1;
                    }
                    Ok(_) => problems.push(format!("{id}: not one event")),
                    Err(e) => problems.push(e),
                }
            }
        }
        // No other feed.
        let written: BTreeSet<String> = files
            .files
            .iter()
            .filter(|f| f.ends_with(".ics"))
            .cloned()
            .collect();
        for extra in written.difference(&expected_files) {
            problems.push(format!("{site}: a feed of no page: {extra}"));
        }
    }
    assert_none("calendar feeds", &problems);
    assert!(
        feeds > 100 && events_read > 10_000,
        "{feeds} feeds, {events_read} events"
    );
    println!("{feeds} feeds, {events_read} events read, {compared} compared with the API's files: 0 errors");
    let report = &BUILD.report;
    assert_eq!(report.feeds.files, feeds, "the report counts the feeds");
}

#[test]
fn the_feed_links_are_localised() {
    for site in [Site::Fr, Site::Ch, Site::Be, Site::Nl] {
        for &lang in site.languages() {
            let subscribe = ui_string(lang, "calendarFeed.subscribe");
            let page = MODEL
                .entries
                .iter()
                .filter(|e| e.site == site && e.lang == lang && e.kind == PageKind::Cinema)
                .find_map(|e| SITES[&site].pages.get(&e.path))
                .unwrap_or_else(|| panic!("{site} {lang}: a cinema page"));
            let doc = page.doc();
            let texts: Vec<String> = select(&doc, ".calendar-feed a")
                .into_iter()
                .map(|a| normalize_space(&text_of(a)))
                .collect();
            assert_eq!(
                texts.first(),
                Some(&subscribe),
                "{site} {lang}: {}",
                page.file
            );
        }
    }
}
