//! What the pages say, checked against the real content API: a small build (FR, NL and CH in
//! every language: every page kind, both help centres, a site with and one without a prefix
//! at its root) is written into the folder the test API's preview serves, then each page kind
//! is compared with the API's JSON fetched over HTTP (no expected value is written here), the
//! chrome of every page is checked (header, active menu, footer, language switch, images), a
//! modified snapshot with hostile strings must give safe pages, and the generated nginx
//! configuration must pass `nginx -t` and serve the build the way the preview does.

mod common;

use common::*;
use serde_json::{json, Value};
use site::routes::{Layout, PageKind, Params};
use site::{Lang, Site};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;
use std::time::{Duration, Instant};

// ---------------------------------------------------------------------------------------
// The small build, served by the test API's preview.

const SMALL_SITES: [Site; 3] = [Site::Fr, Site::Nl, Site::Ch];

struct Small {
    out: PathBuf,
    sites: BTreeMap<Site, SiteFiles>,
}

static SMALL: LazyLock<Small> = LazyLock::new(|| {
    let out = API.out.clone();
    let mut options = options(&API.base, &out);
    options.sites = SMALL_SITES.iter().map(|s| s.code().to_string()).collect();
    let started = Instant::now();
    let report = generator::build(&options)
        .unwrap_or_else(|e| panic!("the small build (fr, nl, ch) failed: {e:#}"));
    eprintln!(
        "small build (fr, nl, ch): {} pages in {:.2} s",
        report.total_pages,
        started.elapsed().as_secs_f64()
    );
    let sites = SMALL_SITES
        .iter()
        .map(|&s| (s, read_site(&out.join(s.code()), s)))
        .collect();
    Small { out, sites }
});

fn slug(s: &str) -> Params {
    Params::new().with("slug", s)
}

fn id(s: &str) -> Params {
    Params::new().with("id", s)
}

fn path_of_page(kind: PageKind, site: Site, lang: Lang, params: &Params, webview: bool) -> String {
    TABLE
        .path(kind, site, lang, params, webview)
        .unwrap_or_else(|| {
            panic!(
                "the route table has no {} page on {site}/{lang} (webview {webview})",
                kind.name()
            )
        })
}

fn path(kind: PageKind, site: Site, lang: Lang, params: &Params) -> String {
    path_of_page(kind, site, lang, params, false)
}

/// The page at a path of the small build, or a problem.
fn page<'a>(site: Site, path: &str, problems: &mut Vec<String>) -> Option<&'a Html> {
    let found = SMALL.sites[&site].pages.get(path);
    if found.is_none() {
        problems.push(format!("{site}: no page {path} ({})", file_of(path)));
    }
    found
}

// ---------------------------------------------------------------------------------------
// Reading pages.

fn h1_texts(html: &Html) -> Vec<String> {
    html.tags
        .iter()
        .filter(|t| t.name == "h1")
        .map(|t| element_text(&html.text, t))
        .collect()
}

/// `href` → texts of the links with that target.
fn links(html: &Html) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for t in html.tags.iter().filter(|t| t.name == "a") {
        if let Some(href) = t.attr("href") {
            out.entry(href.to_string())
                .or_default()
                .push(element_text(&html.text, t));
        }
    }
    out
}

/// Texts of the elements that usually hold one item of a list or a fact.
fn item_texts(html: &Html) -> BTreeSet<String> {
    html.tags
        .iter()
        .filter_map(|t| match t.name.as_str() {
            "li" | "dd" | "dt" | "td" | "th" | "p" => Some(item_text(&html.text, t)),
            "span" | "strong" | "h2" | "h3" => Some(element_text(&html.text, t)),
            _ => None,
        })
        .collect()
}

/// The text of an element whose end tag the minifier may leave out (`li`, `dd`, `td`, `p`…):
/// up to the next tag that starts or ends a block.
fn item_text(html: &str, tag: &Tag) -> String {
    const BOUNDARIES: [&str; 22] = [
        "<li",
        "</li",
        "</ul",
        "</ol",
        "<ul",
        "<ol",
        "<dd",
        "<dt",
        "</dl",
        "<td",
        "<th",
        "</td",
        "</th",
        "<tr",
        "</tr",
        "</table",
        "<p",
        "</p",
        "<div",
        "</div",
        "</section",
        "</article",
    ];
    let rest = &html[tag.end..];
    let end = rest
        .match_indices('<')
        .map(|(i, _)| i)
        .find(|&i| BOUNDARIES.iter().any(|b| rest[i..].starts_with(b)))
        .unwrap_or(rest.len());
    visible_text(&rest[..end])
}

/// A link to `href` exists, and (when given) one of them shows `text`.
fn expect_link(
    html: &Html,
    links: &BTreeMap<String, Vec<String>>,
    href: &str,
    text: Option<&str>,
    what: &str,
    problems: &mut Vec<String>,
) {
    match (links.get(href), text) {
        (None, _) => problems.push(format!("{}: no link to {href} ({what})", html.file)),
        (Some(texts), Some(text)) if !texts.iter().any(|t| t.contains(text)) => {
            problems.push(format!(
                "{}: the link to {href} ({what}) says {texts:?}, expected {text:?}",
                html.file
            ))
        }
        _ => {}
    }
}

fn expect_text(html: &Html, text: &str, needle: &str, what: &str, problems: &mut Vec<String>) {
    let needle = normalize_space(needle);
    if !needle.is_empty() && !text.contains(&needle) {
        problems.push(format!(
            "{}: {what} {needle:?} is not on the page",
            html.file
        ));
    }
}

/// The ways a price can be printed: `12.9` as 12.9, 12.90, 12,90, 12,9 (and 49 for 49.0).
fn amount_forms(amount: f64) -> Vec<String> {
    let mut forms = vec![
        format!("{amount}"),
        format!("{amount:.2}"),
        format!("{amount:.2}").replace('.', ","),
        format!("{amount}").replace('.', ","),
    ];
    if amount.fract() == 0.0 {
        forms.push(format!("{amount:.0}"));
    }
    forms
}

fn expect_amount(html: &Html, text: &str, amount: &Value, what: &str, problems: &mut Vec<String>) {
    if let Some(amount) = amount.as_f64() {
        let forms = amount_forms(amount);
        if !forms.iter().any(|f| text.contains(f.as_str())) {
            problems.push(format!(
                "{}: {what} {amount} is not on the page (looked for {forms:?})",
                html.file
            ));
        }
    }
}

/// The instant of an HTML global date-time (RFC 3339, seconds optional), as seconds.
fn instant(text: &str) -> Option<i64> {
    let text = text.trim();
    chrono::DateTime::parse_from_rfc3339(text)
        .or_else(|_| chrono::DateTime::parse_from_str(text, "%Y-%m-%dT%H:%M%:z"))
        .ok()
        .map(|d| d.timestamp())
}

/// Every `<time datetime>` that is a date-time: its instant and the text from it to the next
/// one (the showtime's time, version, badges and state).
fn time_segments(html: &Html) -> Vec<(i64, String)> {
    let times: Vec<&Tag> = html.tags.iter().filter(|t| t.name == "time").collect();
    times
        .iter()
        .enumerate()
        .filter_map(|(i, t)| {
            let at = instant(t.attr("datetime")?)?;
            let mut end = times
                .get(i + 1)
                .map(|n| n.end)
                .unwrap_or(html.text.len())
                .min(t.end + 2000);
            while !html.text.is_char_boundary(end) {
                end -= 1;
            }
            Some((at, visible_text(&html.text[t.end..end])))
        })
        .collect()
}

/// Showtimes (API JSON) on a page: each bookable one is a link to its booking URL showing its
/// time; each sold-out one is no link and says `full` in words next to its time.
fn check_showtimes(
    html: &Html,
    links: &BTreeMap<String, Vec<String>>,
    showtimes: &[&Value],
    full: &str,
    counts: &mut BTreeMap<&'static str, usize>,
    problems: &mut Vec<String>,
) {
    let segments = time_segments(html);
    let mut soldout: BTreeMap<i64, usize> = BTreeMap::new();
    for s in showtimes {
        let status = str_of(s, "status").unwrap_or("");
        let url = str_of(s, "bookingUrl");
        let datetime = str_of(s, "datetime").unwrap_or("");
        let hhmm = datetime.get(11..16).unwrap_or("");
        match (status, url) {
            ("available", Some(url)) => {
                *counts.entry("bookable").or_default() += 1;
                match links.get(url) {
                    None => problems.push(format!(
                        "{}: the bookable showtime {datetime} is not a link to its booking URL {url}",
                        html.file
                    )),
                    Some(texts) if !texts.iter().any(|t| t.contains(hhmm)) => {
                        problems.push(format!(
                            "{}: the booking link {url} says {texts:?}, not the time {hhmm}",
                            html.file
                        ))
                    }
                    _ => {}
                }
            }
            ("soldout", _) => {
                *counts.entry("soldout").or_default() += 1;
                if let Some(url) = url.filter(|u| links.contains_key(*u)) {
                    problems.push(format!(
                        "{}: the sold-out showtime {datetime} links to booking {url}",
                        html.file
                    ));
                }
                if let Some(at) = instant(datetime) {
                    *soldout.entry(at).or_default() += 1;
                }
            }
            _ => *counts.entry("other").or_default() += 1,
        }
    }
    for (at, wanted) in soldout {
        let said = segments
            .iter()
            .filter(|(t, text)| *t == at && text.contains(full))
            .count();
        if said < wanted {
            let time = chrono::DateTime::from_timestamp(at, 0).expect("a valid instant");
            problems.push(format!(
                "{}: {wanted} sold-out showtime(s) at {time} UTC, but {said} say {full:?} in text next to their time",
                html.file
            ));
        }
    }
}

// ---------------------------------------------------------------------------------------
// 1. Each page kind renders with its real content.

#[test]
fn cinema_pages_show_address_map_services_pricing_accessibility_nearby_and_schedule() {
    let site = Site::Fr;
    let mut problems = Vec::new();
    let mut counts: BTreeMap<&'static str, usize> = BTreeMap::new();
    for lang in [Lang::Fr, Lang::En] {
        let full = ui_string(lang, "schedule.status.full");
        let cinemas = api_json(site, Some(lang), "/cinemas");
        // Every cinema in French; a few in English for the English UI strings.
        let take = if lang == Lang::Fr { usize::MAX } else { 4 };
        for c in list(&cinemas, "").iter().take(take) {
            let s = str_of(c, "slug").unwrap_or_default();
            let detail = api_json(site, Some(lang), &format!("/cinema/{s}"));
            let schedule = api_json(site, Some(lang), &format!("/cinema/{s}/shows"));
            let Some(html) = page(
                site,
                &path(PageKind::Cinema, site, lang, &slug(s)),
                &mut problems,
            ) else {
                continue;
            };
            counts
                .entry("cinema pages")
                .and_modify(|n| *n += 1)
                .or_insert(1);
            let text = visible_text(&html.text);
            let links = links(html);
            let items = item_texts(html);
            let name = str_of(&detail, "name").unwrap_or_default();
            if h1_texts(html) != [name.to_string()] {
                problems.push(format!(
                    "{}: h1 {:?}, expected [{name:?}]",
                    html.file,
                    h1_texts(html)
                ));
            }
            for key in ["addressLine1", "addressLine2", "addressZip", "addressCity"] {
                if let Some(part) = str_of(&detail["address"], key) {
                    expect_text(html, &text, part, &format!("address {key}"), &mut problems);
                }
            }
            match str_of(&detail, "mapsUrl") {
                Some(url) => expect_link(html, &links, url, None, "map", &mut problems),
                None => *counts.entry("cinemas without mapsUrl").or_default() += 1,
            }
            let disabled: BTreeSet<&str> = list(&detail, "disabledServices")
                .iter()
                .filter_map(Value::as_str)
                .collect();
            for service in list(&detail, "services") {
                let (sslug, label) = (
                    str_of(service, "slug").unwrap_or_default(),
                    str_of(service, "label").unwrap_or_default(),
                );
                let shown = items.contains(label);
                if disabled.contains(sslug) {
                    *counts.entry("disabled services").or_default() += 1;
                    if shown {
                        problems.push(format!(
                            "{}: the disabled service {sslug} ({label:?}) is listed",
                            html.file
                        ));
                    }
                } else if !shown {
                    problems.push(format!(
                        "{}: the service {sslug} ({label:?}) is not listed",
                        html.file
                    ));
                }
            }
            let pricing = &detail["pricing"];
            for price in list(pricing, "prices") {
                let label = str_of(price, "label").unwrap_or_default();
                expect_text(html, &text, label, "price label", &mut problems);
                expect_amount(
                    html,
                    &text,
                    &price["amount"],
                    &format!("price {label:?}"),
                    &mut problems,
                );
            }
            for term in list(pricing, "terms").iter().filter_map(Value::as_str) {
                expect_text(html, &text, term, "pricing term", &mut problems);
            }
            if let Some(terms) = str_of(pricing, "globalTerms") {
                expect_text(html, &text, terms, "pricing global terms", &mut problems);
            }
            if let Some(a11y) = str_of(&detail, "accessibilityDescription") {
                expect_text(
                    html,
                    &text,
                    a11y,
                    "accessibility description",
                    &mut problems,
                );
            }
            if let Some(url) = str_of(&detail, "accesLibreUrl") {
                expect_link(
                    html,
                    &links,
                    url,
                    None,
                    "accessibility details",
                    &mut problems,
                );
            }
            for n in list(&detail, "nearbyCinemas") {
                let (nslug, nname) = (
                    str_of(n, "slug").unwrap_or_default(),
                    str_of(n, "name").unwrap_or_default(),
                );
                let href = path(PageKind::Cinema, site, lang, &slug(nslug));
                expect_link(
                    html,
                    &links,
                    &href,
                    Some(nname),
                    "nearby cinema",
                    &mut problems,
                );
                *counts.entry("nearby cinemas").or_default() += 1;
            }
            for push in list(&detail, "pushes") {
                if let Some(title) = str_of(push, "title") {
                    expect_text(html, &text, title, "push", &mut problems);
                }
            }
            let showtimes: Vec<&Value> = schedule["days"]
                .as_object()
                .into_iter()
                .flat_map(|days| days.values())
                .flat_map(|shows| shows.as_array().into_iter().flatten())
                .flat_map(|entry| list(entry, "showtimes"))
                .collect();
            if showtimes.is_empty() {
                *counts.entry("cinemas without showtimes").or_default() += 1;
            }
            check_showtimes(html, &links, &showtimes, &full, &mut counts, &mut problems);
        }
    }
    eprintln!("cinema pages: {counts:?}");
    for what in ["disabled services", "soldout", "bookable", "nearby cinemas"] {
        assert!(
            counts.get(what).copied().unwrap_or(0) > 0,
            "the demo has no {what} on FR cinema pages: this test proves little ({counts:?})"
        );
    }
    assert_none("cinema pages", &problems);
}

#[test]
fn the_light_cinema_view_shows_one_day() {
    let (site, lang) = (Site::Fr, Lang::Fr);
    let full = ui_string(lang, "schedule.status.full");
    let mut problems = Vec::new();
    let mut counts = BTreeMap::new();
    let cinemas = api_json(site, Some(lang), "/cinemas");
    for c in list(&cinemas, "").iter().take(6) {
        let s = str_of(c, "slug").unwrap_or_default();
        let schedule = api_json(site, Some(lang), &format!("/cinema/{s}/shows"));
        let Some((first_day, shows)) = schedule["days"].as_object().and_then(|d| d.iter().next())
        else {
            continue;
        };
        let Some(html) = page(
            site,
            &path(PageKind::CinemaLight, site, lang, &slug(s)),
            &mut problems,
        ) else {
            continue;
        };
        let days: BTreeSet<String> = html
            .tags
            .iter()
            .filter(|t| t.name == "time")
            .filter_map(|t| t.attr("datetime"))
            .filter(|d| instant(d).is_some())
            .map(|d| d.get(..10).unwrap_or(d).to_string())
            .collect();
        if days != BTreeSet::from([first_day.clone()]) {
            problems.push(format!(
                "{}: showtimes of the days {days:?}, expected the first day of the schedule only ({first_day})",
                html.file
            ));
        }
        let showtimes: Vec<&Value> = shows
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|e| list(e, "showtimes"))
            .collect();
        check_showtimes(
            html,
            &links(html),
            &showtimes,
            &full,
            &mut counts,
            &mut problems,
        );
    }
    assert_none("light cinema views", &problems);
}

/// `Nmin` under an hour, else `HhMM` (spec §9).
fn spec_duration(minutes: u64) -> String {
    if minutes < 60 {
        format!("{minutes}min")
    } else {
        format!("{}h{:02}", minutes / 60, minutes % 60)
    }
}

/// `YYYY-MM-DD` → `DD/MM/YYYY`.
fn spec_date(date: &str) -> Option<String> {
    let d = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()?;
    Some(d.format("%d/%m/%Y").to_string())
}

fn is_default_rating(rating: &Value) -> bool {
    matches!(str_of(rating, "ref"), Some("TP") | Some("AD"))
}

#[test]
fn show_pages_show_poster_synopsis_people_rating_trailer_release_duration_and_showtimes() {
    let (site, lang) = (Site::Fr, Lang::Fr);
    let full = ui_string(lang, "schedule.status.full");
    let today = today().to_string();
    let mut problems = Vec::new();
    let mut counts: BTreeMap<&'static str, usize> = BTreeMap::new();
    let shows = api_json(site, Some(lang), "/shows");
    for show in list(&shows, "") {
        let s = str_of(show, "slug").unwrap_or_default();
        let detail = api_json(site, Some(lang), &format!("/show/{s}"));
        let kind = if detail["isMovie"].as_bool().unwrap_or(true) {
            PageKind::Show
        } else {
            PageKind::Event
        };
        let Some(html) = page(site, &path(kind, site, lang, &slug(s)), &mut problems) else {
            continue;
        };
        *counts.entry("show pages").or_default() += 1;
        let text = visible_text(&html.text);
        let links = links(html);
        let title = str_of(&detail, "title").unwrap_or_default();
        if h1_texts(html) != [title.to_string()] {
            problems.push(format!(
                "{}: h1 {:?}, expected [{title:?}]",
                html.file,
                h1_texts(html)
            ));
        }
        let poster = &detail["poster"];
        if let Some(url) = str_of(poster, "url") {
            let (w, h) = (poster["width"].to_string(), poster["height"].to_string());
            let found = html.tags.iter().any(|t| {
                t.name == "img"
                    && t.attr("src") == Some(url)
                    && t.attr("width") == Some(w.as_str())
                    && t.attr("height") == Some(h.as_str())
            });
            if !found {
                problems.push(format!(
                    "{}: no poster <img src={url} width={w} height={h}>",
                    html.file
                ));
            }
        }
        for (key, what) in [
            ("synopsis", "synopsis"),
            ("directors", "directors"),
            ("actors", "cast"),
        ] {
            match &detail[key] {
                Value::String(v) => expect_text(html, &text, v, what, &mut problems),
                Value::Array(list) => {
                    for v in list.iter().filter_map(Value::as_str) {
                        expect_text(html, &text, v, what, &mut problems);
                    }
                }
                _ => {}
            }
        }
        let rating = &detail["contentRating"];
        if let Some(label) = str_of(rating, "label") {
            expect_text(html, &text, label, "rating label", &mut problems);
        }
        if let Some(warning) = str_of(rating, "warning").filter(|w| !w.trim().is_empty()) {
            if is_default_rating(rating) {
                *counts.entry("default ratings with a warning").or_default() += 1;
                if text.contains(warning) {
                    problems.push(format!(
                        "{}: the warning {warning:?} of the default rating {} is shown",
                        html.file, rating
                    ));
                }
            } else {
                *counts.entry("ratings with a warning").or_default() += 1;
                expect_text(html, &text, warning, "rating warning", &mut problems);
            }
        }
        let trailers = list(&detail, "trailers");
        if let Some(trailer) = trailers
            .iter()
            .find(|t| t["main"].as_bool() == Some(true))
            .or(trailers.first())
        {
            *counts.entry("trailers").or_default() += 1;
            let id = str_of(trailer, "id").unwrap_or("\u{0}");
            let url = str_of(trailer, "url");
            if !links
                .keys()
                .any(|href| href.contains(id) || Some(href.as_str()) == url)
            {
                problems.push(format!(
                    "{}: no link to the trailer (id {id}, url {url:?})",
                    html.file
                ));
            }
        }
        let known: Vec<String> = list(&detail, "releases")
            .iter()
            .filter_map(|r| str_of(r, "date"))
            .filter(|d| *d != "1900-01-01")
            .filter_map(spec_date)
            .collect();
        if !known.is_empty() && !known.iter().any(|d| text.contains(d.as_str())) {
            problems.push(format!(
                "{}: no release date as DD/MM/YYYY on the page (one of {known:?})",
                html.file
            ));
        }
        if text.contains("01/01/1900") {
            problems.push(format!(
                "{}: the unknown date 01/01/1900 is shown",
                html.file
            ));
        }
        if let Some(minutes) = detail["duration"].as_u64() {
            if minutes < 60 {
                *counts.entry("durations under an hour").or_default() += 1;
            }
            expect_text(
                html,
                &text,
                &spec_duration(minutes),
                "duration",
                &mut problems,
            );
        }
        // Showtimes per cinema: today's, at the first cinemas that show it.
        let cinemas = api_json(site, Some(lang), &format!("/show/{s}/cinemas"));
        for c in list(&cinemas, "").iter().take(3) {
            let cslug = str_of(c, "slug").unwrap_or_default();
            let (status, showtimes) = api_get(
                site,
                Some(lang),
                &format!("/show/{s}/showtimes/{cslug}/{today}"),
            );
            let showtimes: Vec<&Value> = list(&showtimes, "").iter().collect();
            if status != 200 || showtimes.is_empty() {
                continue;
            }
            *counts.entry("cinemas with showtimes today").or_default() += 1;
            let href = path(PageKind::Cinema, site, lang, &slug(cslug));
            expect_link(
                html,
                &links,
                &href,
                str_of(c, "name"),
                "cinema showing it",
                &mut problems,
            );
            check_showtimes(html, &links, &showtimes, &full, &mut counts, &mut problems);
        }
    }
    eprintln!("show pages: {counts:?}");
    for what in [
        "ratings with a warning",
        "trailers",
        "cinemas with showtimes today",
        "durations under an hour",
        "bookable",
    ] {
        assert!(
            counts.get(what).copied().unwrap_or(0) > 0,
            "the demo has no {what} on FR show pages: this test proves little ({counts:?})"
        );
    }
    assert_none("show pages", &problems);
}

#[test]
fn city_pages_list_their_cinemas() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for (site, lang) in [
        (Site::Fr, Lang::Fr),
        (Site::Nl, Lang::Nl),
        (Site::Ch, Lang::De),
    ] {
        for c in list(&api_json(site, Some(lang), "/cities"), "") {
            let s = str_of(c, "slug").unwrap_or_default();
            let detail = api_json(site, Some(lang), &format!("/city/{s}"));
            let cinemas = list(&detail, "cinemas");
            if cinemas.len() < 2 {
                continue; // a redirect to its only cinema (site_build checks those)
            }
            let Some(html) = page(
                site,
                &path(PageKind::City, site, lang, &slug(s)),
                &mut problems,
            ) else {
                continue;
            };
            checked += 1;
            let text = visible_text(&html.text);
            let links = links(html);
            if let Some(name) = str_of(&detail, "name").or(str_of(c, "name")) {
                if !h1_texts(html).iter().any(|h| h.contains(name)) {
                    problems.push(format!(
                        "{}: h1 {:?} does not name the city {name:?}",
                        html.file,
                        h1_texts(html)
                    ));
                }
            }
            for k in cinemas {
                let href = path(
                    PageKind::Cinema,
                    site,
                    lang,
                    &slug(str_of(k, "slug").unwrap_or_default()),
                );
                expect_link(
                    html,
                    &links,
                    &href,
                    str_of(k, "name"),
                    "cinema of the city",
                    &mut problems,
                );
            }
            if let Some(d) = str_of(&detail, "description") {
                expect_text(html, &text, d, "city description", &mut problems);
            }
        }
    }
    assert!(checked > 0, "no city with 2+ cinemas on fr, nl, ch");
    assert_none("city pages", &problems);
}

/// The text an HTML fragment of the content shows (its tags dropped).
fn fragment_text(html: &str) -> String {
    visible_text(html)
}

/// An article page: its title as the one h1, its body's text, no script of its own.
fn check_article(html: &Html, article: &Value, problems: &mut Vec<String>) {
    let text = visible_text(&html.text);
    let title = str_of(article, "title").unwrap_or_default();
    if h1_texts(html) != [title.to_string()] {
        problems.push(format!(
            "{}: h1 {:?}, expected [{title:?}]",
            html.file,
            h1_texts(html)
        ));
    }
    match str_of(article, "content") {
        Some(body) => expect_text(html, &text, &fragment_text(body), "body", problems),
        None => problems.push(format!("{}: the API article has no content", html.file)),
    }
}

#[test]
fn news_and_offers_lists_and_pages_show_their_articles() {
    let mut problems = Vec::new();
    for (site, lang) in [
        (Site::Fr, Lang::Fr),
        (Site::Nl, Lang::En),
        (Site::Ch, Lang::De),
    ] {
        let news = api_json(site, Some(lang), "/news");
        let none = Params::new();
        let lists = [
            (PageKind::News, PageKind::NewsItem, "news"),
            (PageKind::Offers, PageKind::Offer, "offers"),
        ];
        for (list_kind, item_kind, key) in lists {
            let items = list(&news, key);
            assert!(!items.is_empty(), "{site}/{lang}: /api/news has no {key}");
            let Some(list_page) = page(site, &path(list_kind, site, lang, &none), &mut problems)
            else {
                continue;
            };
            let list_links = links(list_page);
            for a in items {
                let s = str_of(a, "slug").unwrap_or_default();
                let href = path(item_kind, site, lang, &slug(s));
                expect_link(
                    list_page,
                    &list_links,
                    &href,
                    str_of(a, "title"),
                    key,
                    &mut problems,
                );
                let Some(html) = page(site, &href, &mut problems) else {
                    continue;
                };
                check_article(html, a, &mut problems);
            }
        }
    }
    assert_none("news and offers", &problems);
}

/// The links of a page's show grid (`<ul class=show-grid>`), in order.
fn show_grid_links(html: &Html) -> Option<Vec<String>> {
    let grid = html.tags.iter().find(|t| {
        t.name == "ul"
            && t.attr("class")
                .is_some_and(|c| c.split(' ').any(|c| c == "show-grid"))
    })?;
    let end = html.text[grid.end..].find("</ul>").map(|e| grid.end + e)?;
    Some(
        tags(&html.text[grid.end..end])
            .iter()
            .filter(|t| t.name == "a")
            .filter_map(|t| t.attr("href").map(str::to_string))
            .collect(),
    )
}

#[test]
fn the_home_rail_lists_the_first_shows_and_the_shows_pages_list_every_show() {
    /// The generator's rule: the home page shows the first 12 shows of the shows page.
    const HOME_RAIL_SHOWS: usize = 12;
    let mut problems = Vec::new();
    let none = Params::new();
    for (site, lang) in [
        (Site::Fr, Lang::Fr),
        (Site::Nl, Lang::En),
        (Site::Ch, Lang::De),
    ] {
        // The shows in the API's order, each with its list order and what its tabs need.
        let shows: Vec<(Value, i64)> = list(&api_json(site, Some(lang), "/shows"), "")
            .iter()
            .map(|s| {
                let detail = api_json(
                    site,
                    Some(lang),
                    &format!("/show/{}", str_of(s, "slug").unwrap_or_default()),
                );
                let order = detail["orders"]["default"].as_i64().unwrap_or_default();
                (detail, order)
            })
            .collect();
        assert!(
            shows.len() > HOME_RAIL_SHOWS,
            "{site}/{lang}: too few shows to check the rail"
        );
        let flag = |s: &Value, key: &str| s[key].as_bool().unwrap_or(false);
        let expected = |keep: &dyn Fn(&Value) -> bool| -> Vec<String> {
            let mut kept: Vec<&(Value, i64)> = shows.iter().filter(|(s, _)| keep(s)).collect();
            kept.sort_by_key(|(_, order)| *order);
            kept.iter()
                .map(|(s, _)| {
                    let kind = if flag(s, "isMovie") {
                        PageKind::Show
                    } else {
                        PageKind::Event
                    };
                    path(
                        kind,
                        site,
                        lang,
                        &slug(str_of(s, "slug").unwrap_or_default()),
                    )
                })
                .collect()
        };
        let book = expected(&|s| flag(s, "bookable") && !flag(s, "comingSoon"));
        let mut lists = vec![(PageKind::Shows, none.clone(), book.clone())];
        for (tab, keep) in [
            (
                "book",
                &(|s: &Value| flag(s, "bookable") && !flag(s, "comingSoon"))
                    as &dyn Fn(&Value) -> bool,
            ),
            ("presales", &|s: &Value| {
                flag(s, "bookable") && flag(s, "comingSoon")
            }),
            ("kids", &|s: &Value| flag(s, "kids")),
            ("special", &|s: &Value| {
                !flag(s, "isMovie") || flag(s, "premiere")
            }),
            ("upcoming", &|s: &Value| flag(s, "comingSoon")),
        ] {
            lists.push((
                PageKind::ShowsTab,
                Params::new().with("tab", tab),
                expected(keep),
            ));
        }
        for (kind, params, shows) in lists {
            let href = path(kind, site, lang, &params);
            let Some(html) = page(site, &href, &mut problems) else {
                continue;
            };
            match show_grid_links(html) {
                Some(links) if links == shows => {}
                Some(links) => problems.push(format!(
                    "{}: the grid lists {} shows, expected every one of {} in order",
                    html.file,
                    links.len(),
                    shows.len()
                )),
                None => problems.push(format!("{}: no show grid", html.file)),
            }
        }
        let all = path(PageKind::Shows, site, lang, &none);
        let Some(home) = page(
            site,
            &path(PageKind::Home, site, lang, &none),
            &mut problems,
        ) else {
            continue;
        };
        let rail: Vec<String> = book.iter().take(HOME_RAIL_SHOWS).cloned().collect();
        match show_grid_links(home) {
            Some(links) if links == rail => {}
            other => problems.push(format!("{}: the home rail lists {other:?}, expected the first {HOME_RAIL_SHOWS} shows {rail:?}", home.file)),
        }
        expect_link(
            home,
            &links(home),
            &all,
            Some(&ui_string(lang, "common.seeAll")),
            "every show",
            &mut problems,
        );
    }
    assert_none("home rail and shows lists", &problems);
}

#[test]
fn events_and_season_pages_show_showtimes_per_cinema() {
    /// The generator's rule: a season page lists each show's next 3 screenings per cinema.
    const SEASON_SHOWTIMES_PER_SHOW: usize = 3;
    let (site, lang) = (Site::Fr, Lang::Fr);
    let full = ui_string(lang, "schedule.status.full");
    let mut problems = Vec::new();
    let mut counts = BTreeMap::new();
    let events = api_json(site, Some(lang), "/events");
    let Some(list_page) = page(
        site,
        &path(PageKind::Events, site, lang, &Params::new()),
        &mut problems,
    ) else {
        return assert_none("events", &problems);
    };
    let list_links = links(list_page);
    for show in list(&events, "shows") {
        let href = path(
            PageKind::Event,
            site,
            lang,
            &slug(str_of(show, "slug").unwrap_or_default()),
        );
        expect_link(
            list_page,
            &list_links,
            &href,
            str_of(show, "title"),
            "event",
            &mut problems,
        );
    }
    let mut seasons = 0;
    for season in list(&events, "seasons") {
        let s = str_of(season, "slug").unwrap_or_default();
        let detail = api_json(site, Some(lang), &format!("/event/{s}"));
        if str_of(&detail, "redirectSlug")
            .or(str_of(season, "redirectSlug"))
            .is_some()
        {
            continue;
        }
        let kind = if str_of(season, "type") == Some("special-event") {
            PageKind::SpecialEvent
        } else {
            PageKind::Season
        };
        let href = path(kind, site, lang, &slug(s));
        expect_link(
            list_page,
            &list_links,
            &href,
            str_of(season, "title"),
            "season",
            &mut problems,
        );
        let Some(html) = page(site, &href, &mut problems) else {
            continue;
        };
        seasons += 1;
        let links = links(html);
        let title = str_of(&detail, "title").unwrap_or_default();
        if h1_texts(html) != [title.to_string()] {
            problems.push(format!(
                "{}: h1 {:?}, expected [{title:?}]",
                html.file,
                h1_texts(html)
            ));
        }
        let by_cinema = detail["showtimes"].as_object().cloned().unwrap_or_default();
        if by_cinema.is_empty() {
            problems.push(format!("{}: the API season has no showtimes", html.file));
        }
        for (cinema, shows) in &by_cinema {
            let href = path(PageKind::Cinema, site, lang, &slug(cinema));
            expect_link(
                html,
                &links,
                &href,
                None,
                "cinema of the season",
                &mut problems,
            );
            // Each show's next screenings at the cinema; its page has the other dates.
            let showtimes: Vec<&Value> = shows
                .as_object()
                .into_iter()
                .flat_map(|m| m.values())
                .flat_map(|l| {
                    let mut next: Vec<&Value> = l.as_array().into_iter().flatten().collect();
                    next.sort_by_key(|s| str_of(s, "datetime").and_then(instant));
                    next.truncate(SEASON_SHOWTIMES_PER_SHOW);
                    next
                })
                .collect();
            check_showtimes(html, &links, &showtimes, &full, &mut counts, &mut problems);
        }
    }
    eprintln!("season pages: {seasons}, showtimes {counts:?}");
    assert!(seasons > 0, "no season page checked");
    assert_none("events and seasons", &problems);
}

#[test]
fn experience_pages_groups_and_articles_render_their_content() {
    let mut problems = Vec::new();
    for (site, lang) in [(Site::Fr, Lang::Fr), (Site::Nl, Lang::Nl)] {
        let Some(list_page) = page(
            site,
            &path(PageKind::Experiences, site, lang, &Params::new()),
            &mut problems,
        ) else {
            continue;
        };
        let list_links = links(list_page);
        let experiences = api_json(site, Some(lang), "/gpxp");
        assert!(!list(&experiences, "").is_empty(), "{site}: no experiences");
        for x in list(&experiences, "") {
            let s = str_of(x, "slug").unwrap_or_default();
            let href = path(PageKind::Experience, site, lang, &slug(s));
            expect_link(
                list_page,
                &list_links,
                &href,
                str_of(x, "title"),
                "experience",
                &mut problems,
            );
            let Some(html) = page(site, &href, &mut problems) else {
                continue;
            };
            let title = str_of(x, "title").unwrap_or_default();
            if h1_texts(html) != [title.to_string()] {
                problems.push(format!(
                    "{}: h1 {:?}, expected [{title:?}]",
                    html.file,
                    h1_texts(html)
                ));
            }
            let text = visible_text(&html.text);
            if let Some(teaser) = str_of(x, "teaser") {
                expect_text(html, &text, teaser, "teaser", &mut problems);
            }
        }
        let groups = api_json(site, Some(lang), "/experience-groups");
        assert!(
            !list(&groups, "").is_empty(),
            "{site}: no experience groups"
        );
        for g in list(&groups, "") {
            let s = str_of(g, "slug").unwrap_or_default();
            let href = path(PageKind::ExperienceGroup, site, lang, &slug(s));
            expect_link(
                list_page,
                &list_links,
                &href,
                str_of(g, "title"),
                "experience group",
                &mut problems,
            );
            let Some(html) = page(site, &href, &mut problems) else {
                continue;
            };
            let group_links = links(html);
            let title = str_of(g, "title").unwrap_or_default();
            if h1_texts(html) != [title.to_string()] {
                problems.push(format!(
                    "{}: h1 {:?}, expected [{title:?}]",
                    html.file,
                    h1_texts(html)
                ));
            }
            for a in list(g, "articles") {
                let href = path(
                    PageKind::ExperienceArticle,
                    site,
                    lang,
                    &slug(str_of(a, "slug").unwrap_or_default()),
                );
                expect_link(
                    html,
                    &group_links,
                    &href,
                    str_of(a, "title"),
                    "experience article",
                    &mut problems,
                );
                if let Some(article) = page(site, &href, &mut problems) {
                    check_article(article, a, &mut problems);
                }
            }
        }
    }
    assert_none("experiences", &problems);
}

/// Webview pages (`m/`): nothing before `<main>` but the head, no footer after it.
fn check_no_chrome(html: &Html, problems: &mut Vec<String>) {
    let main = html.text.find("<main").unwrap_or(0);
    let after = html.text.rfind("</main>").unwrap_or(html.text.len());
    let before: Vec<String> = tags(&html.text[..main])
        .into_iter()
        .filter(|t| matches!(t.name.as_str(), "header" | "nav" | "footer"))
        .map(|t| t.name)
        .collect();
    if !before.is_empty() {
        problems.push(format!(
            "{}: webview page with {before:?} before <main>",
            html.file
        ));
    }
    if tags(&html.text[after..]).iter().any(|t| t.name == "footer") {
        problems.push(format!("{}: webview page with a <footer>", html.file));
    }
}

#[test]
fn help_centre_categories_and_articles_by_id_and_slug_with_webview_variants() {
    let mut problems = Vec::new();
    let mut articles_checked = 0;
    for site in [Site::Fr, Site::Nl] {
        for &lang in site.languages() {
            let categories = api_json(site, Some(lang), "/faq/categories");
            assert!(
                !list(&categories, "").is_empty(),
                "{site}/{lang}: no FAQ categories"
            );
            for webview in [false, true] {
                let home = path_of_page(PageKind::Help, site, lang, &Params::new(), webview);
                let Some(help) = page(site, &home, &mut problems) else {
                    continue;
                };
                if webview {
                    check_no_chrome(help, &mut problems);
                }
                let help_links = links(help);
                for category in list(&categories, "") {
                    let articles = list(category, "articles");
                    if articles.is_empty() {
                        continue;
                    }
                    let cid = str_of(category, "id").unwrap_or_default();
                    let href = path_of_page(PageKind::HelpCategory, site, lang, &id(cid), webview);
                    expect_link(
                        help,
                        &help_links,
                        &href,
                        str_of(category, "title"),
                        "help category",
                        &mut problems,
                    );
                    let Some(cat_page) = page(site, &href, &mut problems) else {
                        continue;
                    };
                    if webview {
                        check_no_chrome(cat_page, &mut problems);
                    }
                    let cat_links = links(cat_page);
                    if let Some(title) = str_of(category, "title") {
                        if h1_texts(cat_page) != [title.to_string()] {
                            problems.push(format!(
                                "{}: h1 {:?}, expected [{title:?}]",
                                cat_page.file,
                                h1_texts(cat_page)
                            ));
                        }
                    }
                    for a in articles {
                        let (aid, aslug) = (
                            str_of(a, "id").unwrap_or_default(),
                            str_of(a, "slug").unwrap_or_default(),
                        );
                        let by_id =
                            path_of_page(PageKind::HelpArticleById, site, lang, &id(aid), webview);
                        let by_slug = path_of_page(
                            PageKind::HelpArticleBySlug,
                            site,
                            lang,
                            &slug(aslug),
                            webview,
                        );
                        if !cat_links.contains_key(&by_id) && !cat_links.contains_key(&by_slug) {
                            problems.push(format!(
                                "{}: no link to the article {aid} ({by_id} or {by_slug})",
                                cat_page.file
                            ));
                        }
                        for href in [by_id, by_slug] {
                            if let Some(html) = page(site, &href, &mut problems) {
                                articles_checked += 1;
                                check_article(html, a, &mut problems);
                                if webview {
                                    check_no_chrome(html, &mut problems);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    eprintln!("help centre: {articles_checked} article pages checked");
    assert_none("help centre", &problems);
}

#[test]
fn ecards_subscription_app_cvd_sitemap_voucher_gift_card_and_error_pages() {
    let mut problems = Vec::new();
    let none = Params::new();
    for site in SMALL_SITES {
        let lang = site.default_language();
        let settings = api_json(site, Some(lang), "/settings");
        let flags = &settings["siteFeaturesResolved"];
        let files = &SMALL.sites[&site];
        // E-cards: each card of its seat count, with its label and price.
        let ecards = api_json(site, Some(lang), "/ecards");
        for (kind, seats) in [(PageKind::Ecards5, 5), (PageKind::Ecards3, 3)] {
            let cards: Vec<&Value> = list(&ecards, "")
                .iter()
                .filter(|e| e["seats"].as_u64() == Some(seats))
                .collect();
            let Some(href) = TABLE.path(kind, site, lang, &none, false) else {
                continue;
            };
            if cards.is_empty() {
                continue;
            }
            let Some(html) = page(site, &href, &mut problems) else {
                continue;
            };
            let text = visible_text(&html.text);
            for card in cards {
                if let Some(label) = str_of(card, "label") {
                    expect_text(html, &text, label, "e-card", &mut problems);
                }
                expect_amount(html, &text, &card["price"], "e-card price", &mut problems);
            }
        }
        // Subscription offers where the API has them.
        let (status, cinepass) = api_get(site, Some(lang), "/cinepass");
        if status == 200 {
            if let Some(html) = page(
                site,
                &path(PageKind::Subscription, site, lang, &none),
                &mut problems,
            ) {
                let text = visible_text(&html.text);
                let offers = list(&cinepass, "offers");
                if offers.is_empty() {
                    problems.push(format!("{site}: /api/cinepass has no offers"));
                }
                for o in offers {
                    if let Some(title) = str_of(o, "title") {
                        expect_text(html, &text, title, "subscription offer", &mut problems);
                    }
                    expect_amount(
                        html,
                        &text,
                        &o["monthlyPrice"],
                        "monthly price",
                        &mut problems,
                    );
                }
            }
        }
        // App: the store links of the brand.
        if let Some(html) = page(site, &path(PageKind::App, site, lang, &none), &mut problems) {
            let links = links(html);
            if let Some(apps) = brand().apps {
                expect_link(html, &links, &apps.ios, None, "App Store", &mut problems);
                expect_link(
                    html,
                    &links,
                    &apps.android,
                    None,
                    "Google Play",
                    &mut problems,
                );
            }
        }
        // Pages that only need to render with a heading.
        for kind in [PageKind::Cvd, PageKind::NotFound, PageKind::Gone] {
            if let Some(html) = page(site, &path(kind, site, lang, &none), &mut problems) {
                match h1_texts(html).as_slice() {
                    [h] if !h.is_empty() => {}
                    other => problems.push(format!("{}: h1 {other:?}", html.file)),
                }
            }
        }
        let error_h1 = |kind| {
            files
                .pages
                .get(&path(kind, site, lang, &none))
                .map(h1_texts)
                .unwrap_or_default()
        };
        if error_h1(PageKind::NotFound) == error_h1(PageKind::Gone) {
            problems.push(format!(
                "{site}: the 404 and 410 pages have the same heading {:?}",
                error_h1(PageKind::Gone)
            ));
        }
        for kind in [PageKind::NotFound, PageKind::Gone] {
            if let Some(html) = files.pages.get(&path(kind, site, lang, &none)) {
                if !is_noindex(&html.tags) {
                    problems.push(format!("{}: an error page without noindex", html.file));
                }
            }
        }
        // Sitemap page: every cinema of the site.
        if let Some(html) = page(
            site,
            &path(PageKind::Sitemap, site, lang, &none),
            &mut problems,
        ) {
            let links = links(html);
            for c in list(&api_json(site, Some(lang), "/cinemas"), "") {
                let href = path(
                    PageKind::Cinema,
                    site,
                    lang,
                    &slug(str_of(c, "slug").unwrap_or_default()),
                );
                expect_link(
                    html,
                    &links,
                    &href,
                    str_of(c, "name"),
                    "cinema in the sitemap page",
                    &mut problems,
                );
            }
        }
        // Flagged pages: present exactly where their flag is on.
        for (kind, flag) in [
            (PageKind::Voucher, "voucherCheckerEnabled"),
            (PageKind::GiftCard, "giftCardEnabled"),
        ] {
            let Some(href) = TABLE.path(kind, site, lang, &none, false) else {
                continue;
            };
            let on = flags[flag].as_bool().unwrap_or(false);
            match (on, files.pages.get(&href)) {
                (true, None) => {
                    problems.push(format!("{site}: {flag} is on but {href} is missing"))
                }
                (false, Some(_)) => {
                    problems.push(format!("{site}: {flag} is off but {href} exists"))
                }
                (true, Some(html)) => match h1_texts(html).as_slice() {
                    [h] if !h.is_empty() => {}
                    other => problems.push(format!("{}: h1 {other:?}", html.file)),
                },
                (false, None) => {}
            }
        }
    }
    assert_none("other page kinds", &problems);
}

// ---------------------------------------------------------------------------------------
// 2. Page chrome of every page of the small build.

/// Kinds whose header marks the movies link active (spec §2: home, movie and entertainment
/// pages) and the cinemas link (cinemas and cinema pages). Kinds in neither list nor in
/// `EITHER` must mark neither.
const MOVIES_ACTIVE: [PageKind; 6] = [
    PageKind::Home,
    PageKind::Shows,
    PageKind::ShowsTab,
    PageKind::Show,
    PageKind::Event,
    PageKind::Events,
];
const CINEMAS_ACTIVE: [PageKind; 2] = [PageKind::Cinemas, PageKind::Cinema];
/// Not named by the spec: either menu (or none) is accepted.
const EITHER: [PageKind; 5] = [
    PageKind::Season,
    PageKind::SpecialEvent,
    PageKind::CinemaLight,
    PageKind::City,
    PageKind::CityLight,
];

#[test]
fn every_page_has_the_header_with_the_active_menu_and_the_footer_with_languages_social_and_copyright(
) {
    let year = chrono::Datelike::year(&chrono::Local::now()).to_string();
    let mut footers: BTreeMap<(Site, Lang), Value> = BTreeMap::new();
    let mut problems = Vec::new();
    let mut checked = BTreeMap::<&str, usize>::new();
    for (&site, files) in &SMALL.sites {
        let base = base_url(site);
        for (p, html) in &files.pages {
            let Some(m) = TABLE.parse(site, p) else {
                continue; // the root 404 of a site without an unprefixed language
            };
            let Some(route) = TABLE.route(m.kind, site, m.lang, m.webview) else {
                continue;
            };
            match route.layout() {
                Layout::Webview => {
                    *checked.entry("webview").or_default() += 1;
                    check_no_chrome(html, &mut problems);
                    continue;
                }
                Layout::Default | Layout::Error => {}
                Layout::Light | Layout::Bare => continue,
            }
            *checked.entry("with chrome").or_default() += 1;
            let main = html.text.find("<main").unwrap_or(html.text.len());
            let head_end = html.text.find("<body").unwrap_or(0);
            let header_tags = tags(&html.text[head_end..main]);
            if !header_tags.iter().any(|t| t.name == "header") {
                problems.push(format!("{}: no <header> before <main>", html.file));
            }
            let none = Params::new();
            let movies = path(PageKind::Shows, site, m.lang, &none);
            let cinemas = path(PageKind::Cinemas, site, m.lang, &none);
            for (href, active_on, name) in [
                (&movies, &MOVIES_ACTIVE[..], "movies"),
                (&cinemas, &CINEMAS_ACTIVE[..], "cinemas"),
            ] {
                let link = header_tags
                    .iter()
                    .find(|t| t.name == "a" && t.attr("href") == Some(href.as_str()));
                let Some(link) = link else {
                    problems.push(format!(
                        "{}: no {name} link to {href} in the header",
                        html.file
                    ));
                    continue;
                };
                let current = link.attr("aria-current") == Some("page");
                let want = active_on.contains(&m.kind);
                if want != current && !EITHER.contains(&m.kind) {
                    problems.push(format!(
                        "{}: {} page: the {name} menu is {}active, expected {}active",
                        html.file,
                        m.kind.name(),
                        if current { "" } else { "not " },
                        if want { "" } else { "not " }
                    ));
                }
            }
            // The footer.
            let Some(footer_at) = html.text.rfind("<footer") else {
                problems.push(format!("{}: no <footer>", html.file));
                continue;
            };
            let footer_html = &html.text[footer_at..];
            let footer_tags = tags(footer_html);
            let footer_text = visible_text(footer_html);
            if !(footer_text.contains('©') && footer_text.contains(&year)) {
                problems.push(format!(
                    "{}: the footer has no copyright © with the year {year}",
                    html.file
                ));
            }
            let footer = footers
                .entry((site, m.lang))
                .or_insert_with(|| api_json(site, Some(m.lang), "/footer"));
            let footer_links: Vec<(String, String)> = footer_tags
                .iter()
                .filter(|t| t.name == "a")
                .map(|t| {
                    (
                        t.attr("href").unwrap_or("").to_string(),
                        element_text(footer_html, t),
                    )
                })
                .collect();
            for social in list(footer, "socialNetworks") {
                let (url, label) = (
                    str_of(social, "url").unwrap_or_default(),
                    str_of(social, "label").unwrap_or_default(),
                );
                let is_x = ["twitter.com", "x.com"].iter().any(|h| {
                    url.split('/')
                        .nth(2)
                        .is_some_and(|host| host == *h || host.ends_with(&format!(".{h}")))
                });
                let want = if is_x { "X" } else { label };
                if !footer_links.iter().any(|(h, t)| h == url && t == want) {
                    problems.push(format!(
                        "{}: no footer link to {url} labelled {want:?}",
                        html.file
                    ));
                }
                if is_x {
                    *checked.entry("X links").or_default() += 1;
                }
            }
            // The language switch: a link to each alternate of the head (the page in every
            // language of the site that has it).
            let mut head: BTreeMap<String, String> = BTreeMap::new();
            for t in html.tags.iter().filter(|t| t.name == "link") {
                if t.attr("rel")
                    .is_some_and(|r| r.split_whitespace().any(|r| r == "alternate"))
                {
                    if let (Some(l), Some(h)) = (t.attr("hreflang"), t.attr("href")) {
                        if l != "x-default" {
                            let path =
                                h.strip_prefix(&base)
                                    .map(|p| if p.is_empty() { "/" } else { p });
                            head.insert(l.to_string(), path.unwrap_or(h).to_string());
                        }
                    }
                }
            }
            let switch: BTreeMap<String, String> = footer_tags
                .iter()
                .filter(|t| t.name == "a")
                .filter_map(|t| {
                    Some((t.attr("hreflang")?.to_string(), t.attr("href")?.to_string()))
                })
                .collect();
            if head.len() > 1 {
                *checked.entry("language switches").or_default() += 1;
                if switch != head {
                    problems.push(format!(
                        "{}: language switch {switch:?}, the page's alternates {head:?}",
                        html.file
                    ));
                }
            } else if site.languages().len() > 1 && head.is_empty() && !is_noindex(&html.tags) {
                problems.push(format!(
                    "{}: no alternates and no language switch",
                    html.file
                ));
            }
            for (l, h) in &switch {
                if !files.pages.contains_key(h.as_str()) {
                    problems.push(format!(
                        "{}: the language switch links {l} to {h}, not a page",
                        html.file
                    ));
                }
            }
        }
    }
    eprintln!("chrome: {checked:?}");
    assert!(
        checked.get("X links").copied().unwrap_or(0) > 0,
        "no footer has a link to X/Twitter: the demo's footer changed?"
    );
    assert_none("page chrome", &problems);
}

#[test]
fn every_image_has_width_and_height_and_the_first_is_not_lazy() {
    let mut problems = Vec::new();
    let mut images = 0;
    for files in SMALL.sites.values() {
        for html in files.pages.values() {
            let imgs: Vec<&Tag> = html.tags.iter().filter(|t| t.name == "img").collect();
            images += imgs.len();
            if let Some(first) = imgs.first() {
                let lazy = first.attr("loading") == Some("lazy");
                let high = first.attr("fetchpriority") == Some("high");
                if lazy || !high {
                    problems.push(format!(
                        "{}: the first image {:?} is{} lazy-loaded and has fetchpriority {:?} (expected eager, high)",
                        html.file,
                        first.attr("src").unwrap_or(""),
                        if lazy { "" } else { " not" },
                        first.attr("fetchpriority")
                    ));
                }
            }
            for img in &imgs {
                let dim = |n: &str| {
                    img.attr(n)
                        .and_then(|v| v.parse::<u32>().ok())
                        .filter(|v| *v > 0)
                };
                if dim("width").is_none() || dim("height").is_none() {
                    problems.push(format!(
                        "{}: <img src={:?}> without a width and height",
                        html.file,
                        img.attr("src").unwrap_or("")
                    ));
                }
            }
        }
    }
    assert!(images > 100, "only {images} images in the small build");
    assert_none("images", &problems);
}

/// `{name}` left in a UI string: in the visible text or an attribute.
fn placeholders(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let name_len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        if name_len > 0 && after[name_len..].starts_with('}') {
            found.push(format!("{{{}}}", &after[..name_len]));
        }
        rest = after;
    }
    found
}

#[test]
fn no_ui_string_placeholder_is_left_unfilled() {
    let mut problems = Vec::new();
    for files in SMALL.sites.values() {
        for html in files.pages.values() {
            let mut found: BTreeSet<String> = placeholders(&visible_text(&html.text))
                .into_iter()
                .collect();
            for t in &html.tags {
                if t.name == "script" {
                    continue;
                }
                for (name, value) in &t.attrs {
                    for p in placeholders(value) {
                        found.insert(format!("{p} in <{} {name}={value:?}>", t.name));
                    }
                }
            }
            if !found.is_empty() {
                problems.push(format!("{}: {found:?}", html.file));
            }
        }
    }
    assert_none("unfilled {placeholders}", &problems);
}

// ---------------------------------------------------------------------------------------
// 3. Hostile content: a snapshot with hostile strings gives safe, valid pages.

const HOSTILE_NAME: &str = "<script>alert(1)</script> & \"quotes\"";
const HOSTILE_SYNOPSIS: &str = "</p><img src=x onerror=alert(1)>";
/// In `<title>` (raw text for the parser: only `</title` can break out of it).
const HOSTILE_TITLE: &str = "</title><script>alert(2)</script> Titre";
const HOSTILE_ARTICLE: &str =
    "<script>alert(1)</script><p onclick=\"x()\">ok</p><a href=\"javascript:alert(1)\">x</a>";
const HOSTILE_FAQ: &str =
    "<p>Réponse sûre</p><iframe src=\"https://evil.example/\"></iframe><p onmouseover=\"x()\">fin</p>";
const HOSTILE_DETAILS: &str = "<p>Détails</p><script>alert(1)</script>";
const HOSTILE_DESCRIPTION: &str = "<img src=x onerror=alert(1)>Saison";
const TP_WARNING: &str = "Avertissement du tout public, à ne pas montrer";
const AD_WARNING: &str = "Avertissement AD, à ne pas montrer";

struct Hostile {
    site: SiteFiles,
    cinema: String,
    show: String,
    news: String,
    faq: (String, String),
    tp_show: String,
    ad_show: String,
    /// A show whose releases are the unknown date and one known date (`YYYY-MM-DD`).
    dated_show: (String, String),
}

fn hostile_locale(snapshot: &mut Value) -> &mut Value {
    let sites = snapshot["sites"].as_array_mut().expect("snapshot sites");
    let fr = sites
        .iter_mut()
        .find(|s| s["site"] == "fr")
        .expect("the FR site in the snapshot");
    fr["locales"]
        .as_array_mut()
        .expect("locales")
        .iter_mut()
        .find(|l| l["language"] == "fr")
        .expect("the French locale of FR")
}

static HOSTILE: LazyLock<Hostile> = LazyLock::new(|| {
    let mut value = demo_snapshot_value();
    let locale = hostile_locale(&mut value);
    let first = |key: &str| -> String {
        locale[key][0]["slug"]
            .as_str()
            .unwrap_or_else(|| panic!("no {key} in the French locale of FR"))
            .to_string()
    };
    let cinema = first("cinemas");
    locale["cinemas"][0]["name"] = json!(HOSTILE_NAME);
    let shows = locale["shows"].as_array_mut().expect("shows");
    let movie = shows
        .iter()
        .position(|s| s["isMovie"] == true)
        .expect("a movie");
    shows[movie]["synopsis"] = json!(HOSTILE_SYNOPSIS);
    shows[movie]["title"] = json!(HOSTILE_TITLE);
    let show = shows[movie]["slug"].as_str().expect("slug").to_string();
    let mut defaults = shows
        .iter()
        .enumerate()
        .filter(|(i, s)| *i != movie && s["contentRating"]["ref"] == "TP")
        .map(|(i, _)| i);
    let (tp, ad) = (
        defaults.next().expect("a TP show"),
        defaults.next().expect("a second TP show"),
    );
    let dated = shows
        .iter()
        .position(|s| {
            s["contentRating"]["ref"] != "TP"
                && s["slug"] != json!(show)
                && s["releases"].as_array().is_some_and(|r| !r.is_empty())
        })
        .expect("a show with a release date");
    shows[tp]["contentRating"]["warning"] = json!(TP_WARNING);
    shows[ad]["contentRating"] =
        json!({"ref": "AD", "label": "Tout public", "warning": AD_WARNING});
    let known = shows[dated]["releases"][0]["date"]
        .as_str()
        .expect("a release date")
        .to_string();
    shows[dated]["releases"] =
        json!([{"date": "1900-01-01", "zone": "FR"}, {"date": known, "zone": "US"}]);
    let slug_at = |i: usize| shows[i]["slug"].as_str().expect("slug").to_string();
    let (tp_show, ad_show, dated_show) = (slug_at(tp), slug_at(ad), (slug_at(dated), known));
    let articles = locale["articles"].as_array_mut().expect("articles");
    let article = articles
        .iter_mut()
        .find(|a| a["type"] == "news")
        .expect("a news article");
    article["content"] = json!(HOSTILE_ARTICLE);
    let news = article["slug"].as_str().expect("slug").to_string();
    // The FAQ article is in the list of articles and in its category: both copies change.
    let faq = &mut locale["faqArticles"][0];
    faq["content"] = json!(HOSTILE_FAQ);
    let faq = (
        faq["id"].as_str().expect("FAQ id").to_string(),
        faq["slug"].as_str().expect("FAQ slug").to_string(),
    );
    for category in locale["faqCategories"].as_array_mut().into_iter().flatten() {
        for article in category["articles"].as_array_mut().into_iter().flatten() {
            if article["id"] == json!(faq.0) {
                article["content"] = json!(HOSTILE_FAQ);
            }
        }
    }
    locale["experiences"][0]["details"] = json!(HOSTILE_DETAILS);
    locale["seasons"][0]["description"] = json!(HOSTILE_DESCRIPTION);
    if let Some(item) = locale["footer"]["faq"].get_mut(0) {
        item["description"] = json!(HOSTILE_DETAILS);
    }
    let snapshot: site::snapshot::Snapshot =
        serde_json::from_value(value).expect("the modified snapshot deserialises");

    let site = build_fr("hostile", snapshot, None, islands_dir());
    Hostile {
        site,
        cinema,
        show,
        news,
        faq,
        tp_show,
        ad_show,
        dated_show,
    }
});

/// The raw inside of the `<title>` element (text for the parser, up to the first `</title`).
fn title_raw(html: &str) -> Option<&str> {
    let lower = html.to_ascii_lowercase();
    let open = lower.find("<title")?;
    let start = open + lower[open..].find('>')? + 1;
    let end = start + lower[start..].find("</title")?;
    Some(&html[start..end])
}

/// The markup with the inside of `<title>` left out: the parser reads it as text (a minifier
/// may write `<` there unescaped), which the tag reader of `common` does not know.
fn without_title(html: &str) -> String {
    match title_raw(html) {
        Some(inner) => {
            let start = inner.as_ptr() as usize - html.as_ptr() as usize;
            format!("{}{}", &html[..start], &html[start + inner.len()..])
        }
        None => html.to_string(),
    }
}

fn hostile_page<'a>(
    kind: PageKind,
    params: &Params,
    webview: bool,
    problems: &mut Vec<String>,
) -> Option<&'a Html> {
    let p = path_of_page(kind, Site::Fr, Lang::Fr, params, webview);
    let found = HOSTILE.site.pages.get(&p);
    if found.is_none() {
        problems.push(format!("fr: no page {p} in the hostile build"));
    }
    found
}

#[test]
fn hostile_content_is_sanitised_or_escaped_and_pages_stay_valid() {
    let h = &*HOSTILE;
    let mut problems = Vec::new();
    assert!(
        h.site.pages.len() > 100,
        "the hostile build wrote {} pages",
        h.site.pages.len()
    );
    // The markup as a browser parses it: no `<script>alert`, `<iframe`, `on…=` handler or
    // `javascript:` URL as an element or attribute. The same characters inside text, attribute
    // values, `<title>` or JSON-LD are data (escaped where the context needs it) and are fine.
    for html in h.site.pages.values() {
        let markup = without_title(&html.text);
        let parsed = tags(&markup);
        for t in &parsed {
            if t.name == "iframe" {
                problems.push(format!("{}: an <iframe>", html.file));
            }
            for (name, value) in &t.attrs {
                if name.starts_with("on") {
                    problems.push(format!("{}: <{} {name}={value:?}>", html.file, t.name));
                }
                let v = value.trim().to_ascii_lowercase();
                if v.starts_with("javascript:") || v.contains(" javascript:") {
                    problems.push(format!("{}: <{} {name}={value:?}>", html.file, t.name));
                }
            }
            if t.name == "script" {
                let raw = element_raw(&markup, t);
                let json_ld = t
                    .attr("type")
                    .is_some_and(|v| v.eq_ignore_ascii_case("application/ld+json"));
                if json_ld {
                    if let Err(e) = serde_json::from_str::<Value>(&raw) {
                        problems.push(format!(
                            "{}: JSON-LD does not parse ({e}): {}",
                            html.file,
                            raw.chars().take(160).collect::<String>()
                        ));
                    }
                    if raw.contains("<!--") {
                        problems.push(format!("{}: `<!--` inside JSON-LD", html.file));
                    }
                } else if t
                    .attr("type")
                    .is_some_and(|v| v.eq_ignore_ascii_case("application/json"))
                {
                    // An island's props: data, never run; hostile text must stay escaped.
                    if let Err(e) = serde_json::from_str::<Value>(&raw) {
                        problems.push(format!(
                            "{}: island props do not parse ({e}): {}",
                            html.file,
                            raw.chars().take(160).collect::<String>()
                        ));
                    }
                    if raw.contains('<') {
                        problems.push(format!("{}: an unescaped `<` in island props", html.file));
                    }
                } else if raw.contains("alert(") {
                    problems.push(format!("{}: a script with alert(: {raw}", html.file));
                }
            }
        }
        let h1 = parsed.iter().filter(|t| t.name == "h1").count();
        if h1 != 1 {
            problems.push(format!("{}: {h1} <h1> elements", html.file));
        }
    }
    // The hostile strings are still there, as text.
    let cinema = hostile_page(PageKind::Cinema, &slug(&h.cinema), false, &mut problems);
    if let Some(html) = cinema {
        if h1_texts(html) != [HOSTILE_NAME.to_string()] {
            problems.push(format!(
                "{}: h1 {:?}, expected the name as text [{HOSTILE_NAME:?}]",
                html.file,
                h1_texts(html)
            ));
        }
        let theatre = html
            .tags
            .iter()
            .filter(|t| t.name == "script" && t.attr("type") == Some("application/ld+json"))
            .filter_map(|t| serde_json::from_str::<Value>(&element_raw(&html.text, t)).ok())
            .find(|v| v["@type"] == "MovieTheater");
        match theatre {
            Some(v) if v["name"] == HOSTILE_NAME => {}
            other => problems.push(format!(
                "{}: MovieTheater JSON-LD name {:?}, expected {HOSTILE_NAME:?}",
                html.file,
                other.map(|v| v["name"].clone())
            )),
        }
        if !html.text.contains("\\u003c/script\\u003e") {
            problems.push(format!(
                "{}: `</script>` of the name is not written `\\u003c/script\\u003e` in JSON-LD",
                html.file
            ));
        }
    }
    if let Some(html) = hostile_page(PageKind::Cinemas, &Params::new(), false, &mut problems) {
        expect_text(
            html,
            &visible_text(&html.text),
            HOSTILE_NAME,
            "cinema name",
            &mut problems,
        );
    }
    if let Some(html) = hostile_page(PageKind::Show, &slug(&h.show), false, &mut problems) {
        expect_text(
            html,
            &visible_text(&html.text),
            HOSTILE_SYNOPSIS,
            "synopsis as text",
            &mut problems,
        );
        let markup = without_title(&html.text);
        let parsed = tags(&markup);
        let h1: Vec<String> = parsed
            .iter()
            .filter(|t| t.name == "h1")
            .map(|t| element_text(&markup, t))
            .collect();
        if h1 != [HOSTILE_TITLE.to_string()] {
            problems.push(format!(
                "{}: h1 {h1:?}, expected the title as text [{HOSTILE_TITLE:?}]",
                html.file
            ));
        }
        let title = title_raw(&html.text)
            .map(decode_entities)
            .unwrap_or_default();
        if !title.contains(HOSTILE_TITLE) {
            problems.push(format!(
                "{}: <title> reads {title:?}: the show title {HOSTILE_TITLE:?} broke out of it or is missing",
                html.file
            ));
        }
    }
    if let Some(html) = hostile_page(PageKind::NewsItem, &slug(&h.news), false, &mut problems) {
        let text = visible_text(&html.text);
        expect_text(html, &text, "ok", "sanitised body", &mut problems);
        let body_links: Vec<&Tag> = html
            .tags
            .iter()
            .filter(|t| t.name == "a" && element_text(&html.text, t) == "x")
            .collect();
        if body_links.is_empty() {
            problems.push(format!("{}: the body's link text `x` is gone", html.file));
        }
    }
    for (kind, params, webview) in [
        (PageKind::HelpArticleById, id(&h.faq.0), false),
        (PageKind::HelpArticleBySlug, slug(&h.faq.1), false),
        (PageKind::HelpArticleById, id(&h.faq.0), true),
    ] {
        if let Some(html) = hostile_page(kind, &params, webview, &mut problems) {
            let text = visible_text(&html.text);
            expect_text(html, &text, "Réponse sûre", "FAQ answer", &mut problems);
            expect_text(html, &text, "fin", "FAQ answer end", &mut problems);
        }
    }
    assert_none("hostile content", &problems);
}

#[test]
fn default_ratings_show_no_warning_and_unknown_dates_are_hidden() {
    let h = &*HOSTILE;
    let mut problems = Vec::new();
    let warning_label = ui_string(Lang::Fr, "show.warning");
    for (show, warning) in [(&h.tp_show, TP_WARNING), (&h.ad_show, AD_WARNING)] {
        if let Some(html) = hostile_page(PageKind::Show, &slug(show), false, &mut problems) {
            let text = visible_text(&html.text);
            if text.contains(warning) {
                problems.push(format!(
                    "{}: the warning of a default rating (TP/AD) is shown: {warning:?}",
                    html.file
                ));
            }
            if text.contains(&warning_label) {
                problems.push(format!(
                    "{}: a default rating (TP/AD) is shown with the warning label {warning_label:?}",
                    html.file
                ));
            }
        }
    }
    let (show, known) = &h.dated_show;
    if let Some(html) = hostile_page(PageKind::Show, &slug(show), false, &mut problems) {
        let text = visible_text(&html.text);
        if text.contains("01/01/1900") {
            problems.push(format!(
                "{}: the unknown date 01/01/1900 is shown",
                html.file
            ));
        }
        let want = spec_date(known).expect("a date");
        if !text.contains(&want) {
            problems.push(format!(
                "{}: releases [1900-01-01 (unknown), {known}]: expected the known date {want} on the page, it is not there",
                html.file
            ));
        }
    }
    assert_none("rating and date rules", &problems);
}

// ---------------------------------------------------------------------------------------
// 4. The generated nginx configuration.

/// The nginx binary: `None` (the test then skips) unless under CI, where it must exist.
fn nginx() -> Option<PathBuf> {
    let dirs = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default();
    let found = dirs
        .into_iter()
        .chain(["/usr/sbin", "/usr/local/sbin", "/usr/local/nginx/sbin"].map(PathBuf::from))
        .map(|d| d.join("nginx"))
        .find(|p| p.is_file());
    if found.is_none() {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("nginx is missing under CI: scripts/test installs it (need_nginx in scripts/lib.sh)");
        }
        eprintln!("nginx is not installed: skipping (apt-get install nginx)");
    }
    found
}

/// A minimal main configuration around the generated file, everything in `dir`.
fn main_conf(dir: &Path, include: &Path, extra_http: &str, top: &str) -> PathBuf {
    for sub in ["tmp", "logs"] {
        std::fs::create_dir_all(dir.join(sub)).expect("nginx folders");
    }
    let d = dir.display();
    let mime = Path::new("/etc/nginx/mime.types");
    let mime = if mime.is_file() {
        format!("    include {};\n", mime.display())
    } else {
        String::new()
    };
    let conf = format!(
        "{top}pid {d}/nginx.pid;\nerror_log {d}/logs/error.log;\nevents {{}}\nhttp {{\n{mime}    access_log off;\n    client_body_temp_path {d}/tmp/body;\n    proxy_temp_path {d}/tmp/proxy;\n    fastcgi_temp_path {d}/tmp/fastcgi;\n    uwsgi_temp_path {d}/tmp/uwsgi;\n    scgi_temp_path {d}/tmp/scgi;\n{extra_http}    include {};\n}}\n",
        include.display()
    );
    let file = dir.join("main.conf");
    std::fs::write(&file, conf).expect("writing main.conf");
    file
}

#[test]
fn the_generated_nginx_config_passes_nginx_t() {
    let Some(nginx) = nginx() else { return };
    let generated = SMALL.out.join("nginx.conf");
    assert!(generated.is_file(), "{} missing", generated.display());
    let dir = scratch("page-content-nginx-t");
    let main = main_conf(&dir, &generated, "", "");
    let run = std::process::Command::new(&nginx)
        .arg("-t")
        .arg("-c")
        .arg(&main)
        .arg("-p")
        .arg(&dir)
        .output()
        .expect("running nginx -t");
    let said = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "nginx -t refuses the generated {} included in http {{}} of a minimal main config ({}):\n{said}",
        generated.display(),
        main.display()
    );
}

/// nginx started on a free port; stopped when dropped.
struct Nginx {
    child: std::process::Child,
    port: u16,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One request of the serving comparison.
struct Case {
    site: Site,
    path: String,
    headers: Vec<(&'static str, String)>,
    status: u16,
    /// The `Location` path (a relative redirect, or the path of an absolute one).
    location: Option<String>,
    /// The file whose bytes the body must be.
    body: Option<PathBuf>,
    what: String,
}

fn location_path(location: &str) -> String {
    match location.split_once("://") {
        Some((_, rest)) => match rest.find('/') {
            Some(i) => rest[i..].to_string(),
            None => "/".to_string(),
        },
        None => location.to_string(),
    }
}

#[test]
fn nginx_serves_the_build_with_the_rules_of_the_preview() {
    let Some(nginx) = nginx() else { return };
    let small = &*SMALL;
    let dir = scratch("page-content-nginx-serve");
    let generated = std::fs::read_to_string(small.out.join("nginx.conf")).expect("nginx.conf");
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        probe.local_addr().expect("address").port()
    };
    assert!(
        generated.contains("listen 80;") && generated.contains("root /srv/www/"),
        "the generated nginx.conf no longer has `listen 80;` and `root /srv/www/…`: adapt this test"
    );
    let local = generated
        .replace("listen 80;", &format!("listen 127.0.0.1:{port};"))
        .replace("root /srv/www/", &format!("root {}/", small.out.display()));
    let include = dir.join("sites.conf");
    std::fs::write(&include, local).expect("writing sites.conf");
    // `nginx -t` above reports a missing map_hash_bucket_size; supplied here (only when the
    // generated file does not set it) so that the serving rules are still checked.
    let extra = if generated.contains("map_hash_bucket_size") {
        ""
    } else {
        "    map_hash_bucket_size 256;\n"
    };
    let main = main_conf(&dir, &include, extra, "daemon off;\nmaster_process off;\n");
    let child = std::process::Command::new(&nginx)
        .arg("-c")
        .arg(&main)
        .arg("-p")
        .arg(&dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starting nginx");
    let mut server = Nginx { child, port };
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", server.port)).is_err() {
        if let Ok(Some(status)) = server.child.try_wait() {
            let mut err = String::new();
            if let Some(mut e) = server.child.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut e, &mut err);
            }
            let log = std::fs::read_to_string(dir.join("logs/error.log")).unwrap_or_default();
            panic!("nginx exited ({status}) before serving:\n{err}\n{log}");
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "nginx did not listen on {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }

    let mut cases = Vec::new();
    let file = |site: Site, rel: &str| small.out.join(site.code()).join(rel);
    let case = |site: Site,
                path: &str,
                status: u16,
                location: Option<&str>,
                body: Option<PathBuf>,
                what: &str| Case {
        site,
        path: path.to_string(),
        headers: Vec::new(),
        status,
        location: location.map(str::to_string),
        body,
        what: what.to_string(),
    };
    let none = Params::new();
    // Pages, trailing slashes, unknown paths.
    for site in SMALL_SITES {
        let lang = site.default_language();
        let cinemas = path(PageKind::Cinemas, site, lang, &none);
        cases.push(case(
            site,
            &cinemas,
            200,
            None,
            Some(file(site, &file_of(&cinemas))),
            "a page",
        ));
        cases.push(case(
            site,
            &format!("{cinemas}/"),
            301,
            Some(&cinemas),
            None,
            "a trailing slash",
        ));
        // URL filters: the base page for a kind that takes them, a 404 for one that does not.
        let first = api_json(site, Some(lang), "/cinemas");
        let first = list(&first, "")
            .first()
            .and_then(|c| str_of(c, "slug"))
            .unwrap_or_default()
            .to_string();
        let cinema = path(PageKind::Cinema, site, lang, &slug(&first));
        cases.push(case(
            site,
            &format!("{cinema}/filters/versions-vost/date-2026-11-23"),
            200,
            None,
            Some(file(site, &file_of(&cinema))),
            "a cinema page with URL filters",
        ));
        cases.push(case(
            site,
            &format!("{cinemas}/filters/versions-vost"),
            404,
            None,
            None,
            "URL filters on a page that takes none",
        ));
        cases.push(case(
            site,
            &format!("{cinemas}/?x=1"),
            301,
            Some(&format!("{cinemas}?x=1")),
            None,
            "a trailing slash with a query",
        ));
        let prefix = if site.has_prefix(lang) {
            format!("/{}", lang.code())
        } else {
            String::new()
        };
        let not_found = if site.has_prefix(lang) {
            format!("{}/404.html", lang.code())
        } else {
            "404.html".to_string()
        };
        cases.push(case(
            site,
            &format!("{prefix}/no-such-page"),
            404,
            None,
            Some(file(site, &not_found)),
            "an unknown path of the default language",
        ));
        cases.push(case(
            site,
            "/no-such-page",
            404,
            None,
            Some(file(site, "404.html")),
            "an unknown path at the root",
        ));
        for &other in site.languages().iter().filter(|l| site.has_prefix(**l)) {
            let l = other.code();
            cases.push(case(
                site,
                &format!("/{l}/no/such/page"),
                404,
                None,
                Some(file(site, &format!("{l}/404.html"))),
                "an unknown path of a prefixed language",
            ));
        }
        if !site.has_prefix(lang) {
            cases.push(case(
                site,
                "/",
                200,
                None,
                Some(file(site, "index.html")),
                "the home at the root",
            ));
        }
        // Redirect rules of the build: the first 301 and every kind of 410.
        let redirects = &small.sites[&site].redirects;
        if let Some((from, (to, _))) = redirects.iter().find(|(_, (_, s))| *s == 301) {
            cases.push(case(
                site,
                from,
                301,
                Some(to),
                None,
                "a _redirects 301 rule",
            ));
        }
        let mut gone_targets = BTreeSet::new();
        for (from, (to, _)) in redirects.iter().filter(|(_, (_, s))| *s == 410) {
            if gone_targets.insert(to.clone()) {
                cases.push(case(
                    site,
                    from,
                    410,
                    None,
                    Some(file(site, &file_of(to))),
                    "a _redirects 410 rule",
                ));
            }
        }
        // An asset.
        if let Some(css) = small.sites[&site]
            .files
            .iter()
            .find(|f| f.starts_with("assets/") && f.ends_with(".css"))
        {
            cases.push(case(
                site,
                &format!("/{css}"),
                200,
                None,
                Some(file(site, css)),
                "an asset",
            ));
        }
        // Language negotiation at a root without a language (spec §5).
        if site.has_prefix(lang) {
            let accept_cases: [(&str, Option<&str>, Option<&str>); 7] = [
                ("no header", None, None),
                ("Accept-Language de-CH", None, Some("de-CH")),
                (
                    "Accept-Language fr-CH,fr;q=0.9",
                    None,
                    Some("fr-CH,fr;q=0.9"),
                ),
                ("Accept-Language en-GB", None, Some("en-GB")),
                (
                    "cookie lang=fr, Accept-Language de-CH",
                    Some("fr"),
                    Some("de-CH"),
                ),
                (
                    "cookie lang=it (unsupported), Accept-Language de-CH",
                    Some("it"),
                    Some("de-CH"),
                ),
                (
                    "Accept-Language it-IT,de;q=0.8",
                    None,
                    Some("it-IT,de;q=0.8"),
                ),
            ];
            for (what, cookie, accept) in accept_cases {
                let lang = site::choose_language(site, None, cookie, accept);
                let mut c = case(
                    site,
                    "/",
                    302,
                    Some(&format!("/{}", lang.code())),
                    None,
                    &format!("language negotiation, {what}"),
                );
                if let Some(cookie) = cookie {
                    c.headers.push(("cookie", format!("lang={cookie}")));
                }
                if let Some(accept) = accept {
                    c.headers.push(("accept-language", accept.to_string()));
                }
                cases.push(c);
            }
        }
    }

    let brand = brand();
    // No address sends a browser to another host (open redirects): every form of a double
    // slash or backslash after the first slash, resolved as a browser does (the `url` crate).
    for site in SMALL_SITES {
        let host = brand.domains.get(&site).cloned().unwrap_or_default();
        let base = url::Url::parse(&format!("https://{host}/a/")).expect("a base URL");
        for hostile in [
            "//evil.example/",
            "/%5cevil.example/",
            "/%5Cevil.example/",
            "/%2f%2fevil.example/",
            "/%2F/evil.example/",
            "/%5c%2fevil.example/",
            "/%2f%5cevil.example/",
            "/%09/evil.example/",
            "/%0d%0aSet-Cookie:%20a=b/",
            "/%20/evil.example/",
            "///evil.example/",
            "/.//evil.example/",
            "/.%2f%5cevil.example/",
        ] {
            for (server_name, origin) in [
                ("nginx", format!("http://127.0.0.1:{}", server.port)),
                ("preview", API.base.clone()),
            ] {
                let r = http_raw(&format!("{origin}{hostile}"), &host, &[]);
                if let Some(location) = &r.location {
                    let to = base
                        .join(location)
                        .expect("a Location a browser can follow");
                    assert_eq!(
                        to.host_str(),
                        Some(host.as_str()),
                        "{server_name}: {site} {hostile} redirects to {location:?}, i.e. {to}"
                    );
                    assert!(!location.contains(['\r', '\n']), "{server_name}: {hostile}");
                }
                assert!(
                    [301, 400, 404].contains(&r.status),
                    "{server_name}: {site} {hostile} answered {}",
                    r.status
                );
            }
        }
    }
    // Security headers on every answer of both servers (pages, 404s, redirects, assets), the
    // build's metadata files never served, no file reached through a symbolic link.
    let linked = small.out.join("fr/linked-outside.txt");
    let _ = std::fs::remove_file(&linked);
    std::os::unix::fs::symlink(root().join("Cargo.toml"), &linked).expect("a symlink in out/");
    let fr_host = brand.domains[&Site::Fr].clone();
    for (server_name, origin) in [
        ("nginx", format!("http://127.0.0.1:{}", server.port)),
        ("preview", API.base.clone()),
    ] {
        for (path, status) in [
            ("/", 200),
            ("/no-such-page", 404),
            ("/_redirects", 404),
            ("/_headers", 404),
            ("/linked-outside.txt", 404),
        ] {
            let r = http_raw(&format!("{origin}{path}"), &fr_host, &[]);
            assert_eq!(r.status, status, "{server_name}: {path}");
            let header = |name: &str| {
                r.headers
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(name))
                    .map(|(_, v)| v.as_str())
                    .unwrap_or_else(|| panic!("{server_name}: {path} has no {name}"))
            };
            let csp = header("content-security-policy");
            let script_src = csp
                .split(';')
                .map(str::trim)
                .find(|d| d.starts_with("script-src"))
                .unwrap_or_else(|| panic!("{server_name}: no script-src in {csp}"));
            assert!(
                !script_src.contains("unsafe"),
                "{server_name}: {script_src}"
            );
            assert!(
                csp.contains("frame-ancestors 'self'"),
                "{server_name}: {csp}"
            );
            assert_eq!(header("x-content-type-options"), "nosniff");
            assert!(header("permissions-policy").contains("geolocation=(self)"));
            header("referrer-policy");
            if server_name == "nginx" {
                assert!(header("strict-transport-security").contains("max-age="));
            }
        }
    }
    std::fs::remove_file(&linked).expect("removing the symlink");
    let mut problems = Vec::new();
    let mut differences = Vec::new();
    let mut absolute = Vec::new();
    for c in &cases {
        let host = brand.domains.get(&c.site).cloned().unwrap_or_default();
        let headers: Vec<(&str, &str)> = c.headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
        let label = format!(
            "{} {}{} ({})",
            c.site,
            c.path,
            if headers.is_empty() {
                String::new()
            } else {
                format!(" {headers:?}")
            },
            c.what
        );
        let want_body = c
            .body
            .as_ref()
            .map(|f| std::fs::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display())));
        let mut answers = Vec::new();
        for (server_name, base) in [
            ("nginx", format!("http://127.0.0.1:{}", server.port)),
            ("preview", API.base.clone()),
        ] {
            let r = http_raw(&format!("{base}{}", c.path), &host, &headers);
            let location = r.location.as_deref().map(location_path);
            let mut wrong = Vec::new();
            if r.status != c.status {
                wrong.push(format!("status {} (expected {})", r.status, c.status));
            }
            if location != c.location {
                wrong.push(format!(
                    "Location {:?} (expected {:?})",
                    r.location, c.location
                ));
            }
            if let Some(want) = &want_body {
                if &r.body != want {
                    let title = tags(&String::from_utf8_lossy(&r.body))
                        .into_iter()
                        .find(|t| t.name == "title")
                        .map(|t| element_text(&String::from_utf8_lossy(&r.body), &t));
                    wrong.push(format!(
                        "a body of {} bytes titled {title:?}, not {} ({} bytes)",
                        r.body.len(),
                        c.body.as_ref().expect("a body file").display(),
                        want.len()
                    ));
                }
            }
            if let Some(l) = r.location.as_ref().filter(|l| l.starts_with("http://")) {
                absolute.push(format!("{server_name}: {label} → {l}"));
            }
            if !wrong.is_empty() {
                problems.push(format!("{server_name}: {label}: {}", wrong.join("; ")));
            }
            answers.push((server_name, r.status, location));
        }
        if answers[0].1 != answers[1].1 || answers[0].2 != answers[1].2 {
            differences.push(format!(
                "{label}: nginx {} {:?}, preview {} {:?}",
                answers[0].1, answers[0].2, answers[1].1, answers[1].2
            ));
        }
    }
    drop(server);
    eprintln!("nginx and preview: {} requests compared", cases.len());
    let mut all: Vec<String> = differences
        .into_iter()
        .map(|d| format!("nginx ≠ preview: {d}"))
        .collect();
    all.extend(problems);
    if let Some(first) = absolute.first() {
        // One line for all: a redirect to http:// sends an https site (behind a CDN that
        // terminates TLS) back to plain http; the preview answers a path
        // (nginx: `absolute_redirect off;`).
        all.push(format!(
            "{} redirect(s) with an absolute http:// Location instead of a path, e.g. {first}",
            absolute.len()
        ));
    }
    assert_none("serving rules (nginx and preview)", &all);
}

// ---------------------------------------------------------------------------------------
// Islands in pages (islands/README.md, "The page contract").

/// Each island of a page: its start tag and its props (the `data-props` script inside it).
fn islands_of(html: &Html) -> Vec<(&Tag, Option<Value>)> {
    let mut out = Vec::new();
    for (i, tag) in html.tags.iter().enumerate() {
        if tag.attr("data-island").is_none() {
            continue;
        }
        let next_island = html.tags[i + 1..]
            .iter()
            .position(|t| t.attr("data-island").is_some())
            .map_or(html.tags.len(), |p| i + 1 + p);
        let props = html.tags[i + 1..next_island]
            .iter()
            .find(|t| t.name == "script" && t.attr("data-props").is_some())
            .map(|t| {
                serde_json::from_str::<Value>(&element_raw(&html.text, t)).unwrap_or_else(|e| {
                    panic!(
                        "{}: props of {:?} do not parse: {e}",
                        html.file,
                        tag.attr("data-island")
                    )
                })
            });
        out.push((tag, props));
    }
    out
}

fn island<'a>(html: &'a Html, name: &str) -> Option<(&'a Tag, Option<Value>)> {
    islands_of(html)
        .into_iter()
        .find(|(t, _)| t.attr("data-island") == Some(name))
}

/// Values of an attribute on every start tag of a class (the minified output has one class
/// per element here).
fn attr_values<'a>(html: &'a Html, class: &str, attr: &str) -> Vec<&'a str> {
    html.tags
        .iter()
        .filter(|t| {
            t.attr("class")
                .is_some_and(|c| c.split(' ').any(|c| c == class))
        })
        .filter_map(|t| t.attr(attr))
        .collect()
}

#[test]
fn islands_are_written_into_their_pages_with_their_files_props_and_data() {
    assert!(
        islands_dir().join("manifest.json").is_file(),
        "islands/dist/manifest.json is missing: bundle the islands first (node islands/build.mjs; scripts/test does)"
    );
    let mut problems = Vec::new();
    let none = Params::new();
    // Every page: each island's module exists, its hydration mode is known, its props carry
    // the page's site and language; preloads exist; chrome islands are absent from webviews.
    for (&site, files) in &SMALL.sites {
        for (path, html) in &files.pages {
            let webview = html.tags.iter().any(|t| {
                t.name == "html" && t.attr("class").is_some_and(|c| c.contains("webview"))
            }) || path.starts_with("/m/")
                || path.contains("/m/");
            let lang = html
                .tags
                .iter()
                .find(|t| t.name == "html")
                .and_then(|t| t.attr("lang"))
                .unwrap_or_default()
                .to_string();
            for (tag, props) in islands_of(html) {
                let name = tag.attr("data-island").unwrap_or_default();
                match tag.attr("data-src") {
                    Some(src) if files.files.contains(src.trim_start_matches('/')) => {}
                    other => problems.push(format!(
                        "{}: island {name} has module {other:?}, not a file of the site",
                        html.file
                    )),
                }
                if !matches!(
                    tag.attr("data-hydrate"),
                    Some("load" | "idle" | "visible" | "interaction")
                ) {
                    problems.push(format!(
                        "{}: island {name} hydrates {:?}",
                        html.file,
                        tag.attr("data-hydrate")
                    ));
                }
                if webview && ["header", "footer", "smart-banner"].contains(&name) {
                    problems.push(format!(
                        "{}: a webview page has the {name} island",
                        html.file
                    ));
                }
                if let Some(props) = props {
                    if props["site"] != json!(site.code())
                        || !lang.starts_with(props["lang"].as_str().unwrap_or("?"))
                        || !props["labels"].is_object()
                    {
                        problems.push(format!(
                            "{}: island {name} props carry site {}, lang {}, labels {}",
                            html.file,
                            props["site"],
                            props["lang"],
                            props["labels"].is_object()
                        ));
                    }
                } else if !["smart-banner", "footer"].contains(&name) {
                    problems.push(format!("{}: island {name} has no props", html.file));
                }
            }
            for t in html
                .tags
                .iter()
                .filter(|t| t.name == "link" && t.attr("rel") == Some("modulepreload"))
            {
                let href = t.attr("href").unwrap_or_default();
                if !files.files.contains(href.trim_start_matches('/')) {
                    problems.push(format!(
                        "{}: preloads {href}, not a file of the site",
                        html.file
                    ));
                }
            }
        }
    }

    let site = Site::Fr;
    let lang = Lang::Fr;
    // Cinema pages: the schedule's data-* attributes, and filter options that match them.
    for c in list(&api_json(site, Some(lang), "/cinemas"), "")
        .iter()
        .take(6)
    {
        let s = str_of(c, "slug").unwrap_or_default();
        let Some(html) = page(
            site,
            &path(PageKind::Cinema, site, lang, &slug(s)),
            &mut problems,
        ) else {
            continue;
        };
        let schedule = api_json(site, Some(lang), &format!("/cinema/{s}/shows"));
        let api_ids: BTreeSet<&str> = schedule["days"]
            .as_object()
            .into_iter()
            .flat_map(|d| d.values())
            .flat_map(|entries| list(entries, ""))
            .flat_map(|e| list(e, "showtimes"))
            .filter_map(|st| str_of(st, "id"))
            .collect();
        let page_ids: BTreeSet<&str> = attr_values(html, "st", "data-id").into_iter().collect();
        if page_ids.is_empty() || !page_ids.is_subset(&api_ids) {
            problems.push(format!(
                "{}: showtime ids {} on the page, {} not in the API",
                html.file,
                page_ids.len(),
                page_ids.difference(&api_ids).count()
            ));
        }
        let Some((_, Some(props))) = island(html, "schedule") else {
            problems.push(format!("{}: no schedule island with props", html.file));
            continue;
        };
        let versions: BTreeSet<&str> = attr_values(html, "showtimes", "data-version")
            .into_iter()
            .collect();
        let offered: BTreeSet<&str> = list(&props["filters"], "versions")
            .iter()
            .filter_map(|v| str_of(v, "value"))
            .collect();
        if offered.is_empty() || offered != versions {
            problems.push(format!(
                "{}: version filters {offered:?}, versions on the page {versions:?}",
                html.file
            ));
        }
        let genres: BTreeSet<String> = attr_values(html, "schedule-show", "data-genres")
            .iter()
            .flat_map(|g| g.split(','))
            .map(site::text::genre_key)
            .collect();
        let offered: BTreeSet<String> = list(&props["filters"], "genres")
            .iter()
            .filter_map(|v| str_of(v, "value"))
            .map(str::to_string)
            .collect();
        if offered.is_empty() || offered != genres {
            problems.push(format!(
                "{}: genre filters {offered:?}, genres on the page {genres:?}",
                html.file
            ));
        }
        let tags: BTreeSet<String> = attr_values(html, "st", "data-tags")
            .iter()
            .chain(attr_values(html, "schedule-show", "data-tags").iter())
            .flat_map(|g| g.split(','))
            .map(str::to_lowercase)
            .collect();
        for t in list(&props["filters"], "tags") {
            let value = str_of(t, "value").unwrap_or_default();
            if !tags.contains(value) || str_of(t, "label").is_none_or(str::is_empty) {
                problems.push(format!(
                    "{}: tag filter {t} is on no showtime or has no label",
                    html.file
                ));
            }
        }
        if !html.text.contains("class=\"schedule-filters-open tap\"") {
            problems.push(format!("{}: no filters button", html.file));
        }
        for name in ["locator", "favourite"] {
            if island(html, name).is_none() {
                problems.push(format!("{}: no {name} island", html.file));
            }
        }
    }
    // The locator's address patterns lead to real pages.
    let cinemas = api_json(site, Some(lang), "/cinemas");
    let first = list(&cinemas, "")
        .first()
        .and_then(|c| str_of(c, "slug"))
        .unwrap_or_default()
        .to_string();
    if let Some(html) = page(
        site,
        &path(PageKind::Home, site, lang, &none),
        &mut problems,
    ) {
        match island(html, "locator") {
            Some((_, Some(props))) => {
                let to = str_of(&props["paths"], "cinema")
                    .unwrap_or_default()
                    .replace("{slug}", &first);
                if to != path(PageKind::Cinema, site, lang, &slug(&first)) {
                    problems.push(format!("{}: the locator leads to {to}", html.file));
                }
                if props["limits"]["maxGeolocationCinemas"].as_u64().is_none() {
                    problems.push(format!(
                        "{}: the locator has no limits: {}",
                        html.file, props["limits"]
                    ));
                }
            }
            _ => problems.push(format!("{}: no locator island", html.file)),
        }
    }
    // Show pages: feelings, and the trailer of the API's main video.
    let shows = api_json(site, Some(lang), "/shows");
    let mut trailers = 0;
    for s in list(&shows, "").iter().take(20) {
        let slug_of = str_of(s, "slug").unwrap_or_default();
        let detail = api_json(site, Some(lang), &format!("/show/{slug_of}"));
        let kind = if detail["isMovie"].as_bool() == Some(true) {
            PageKind::Show
        } else {
            PageKind::Event
        };
        let Some(html) = page(site, &path(kind, site, lang, &slug(slug_of)), &mut problems) else {
            continue;
        };
        match island(html, "show-feelings") {
            Some((_, Some(props))) if props["show"] == json!(slug_of) => {}
            _ => problems.push(format!(
                "{}: no show-feelings island for {slug_of}",
                html.file
            )),
        }
        let main = list(&detail, "trailers")
            .iter()
            .find(|t| t["main"] == json!(true))
            .or(list(&detail, "trailers").first());
        match (main, island(html, "trailer")) {
            (Some(video), Some((_, Some(props)))) if props["video"]["id"] == video["id"] => {
                trailers += 1
            }
            (None, None) => {}
            (video, found) => problems.push(format!(
                "{}: trailer {:?} in the API, island {:?}",
                html.file,
                video.map(|v| &v["id"]),
                found.map(|f| f.1)
            )),
        }
    }
    if trailers == 0 {
        problems.push("no show page of the first 20 has a trailer island".to_string());
    }
    // Help pages: the FAQ search leads to the help search page.
    let help_search = path(PageKind::HelpSearch, site, lang, &none);
    for kind in [PageKind::Help, PageKind::HelpSearch] {
        if let Some(html) = page(site, &path(kind, site, lang, &none), &mut problems) {
            match island(html, "faq-search") {
                Some((_, Some(props)))
                    if props["action"] == json!(help_search)
                        && props["inputId"] == json!("help-q") => {}
                other => problems.push(format!(
                    "{}: faq-search island {:?}",
                    html.file,
                    other.map(|o| o.1)
                )),
            }
        }
    }
    // Subscription: one button per offer of the API, the offers in the props.
    let (status, cinepass) = api_get(site, Some(lang), "/cinepass");
    if status == 200 {
        if let Some(html) = page(
            site,
            &path(PageKind::Subscription, site, lang, &none),
            &mut problems,
        ) {
            let api: Vec<&str> = list(&cinepass, "offers")
                .iter()
                .filter_map(|o| str_of(o, "id"))
                .collect();
            let buttons: Vec<&str> = html
                .tags
                .iter()
                .filter_map(|t| t.attr("data-offer"))
                .collect();
            match island(html, "subscription") {
                Some((_, Some(props)))
                    if !api.is_empty()
                        && buttons == api
                        && list(&props, "offers")
                            .iter()
                            .filter_map(|o| str_of(o, "id"))
                            .collect::<Vec<_>>()
                            == api => {}
                other => problems.push(format!(
                    "{}: offers {api:?}, buttons {buttons:?}, island {:?}",
                    html.file,
                    other.map(|o| o.1)
                )),
            }
        }
    }
    // The voucher checker where the feature is on.
    let settings = api_json(site, Some(lang), "/settings");
    if settings["siteFeaturesResolved"]["voucherCheckerEnabled"] == json!(true) {
        if let Some(html) = page(
            site,
            &path(PageKind::Voucher, site, lang, &none),
            &mut problems,
        ) {
            if island(html, "voucher").is_none() {
                problems.push(format!("{}: no voucher island", html.file));
            }
        }
    }
    assert_none("islands in pages", &problems);
}

// ---------------------------------------------------------------------------------------
// 4. Images with variants (docs/decisions.md, "Images"): a snapshot whose show has its poster
// and backdrop in several widths and in AVIF and WebP gives `srcset`, `sizes` and a
// `<picture>` with one `<source>` per type; an image without variants stays a plain `<img>`.

struct WithVariants {
    site: SiteFiles,
    show: String,
    poster: Value,
    backdrop: Value,
}

static WITH_VARIANTS: LazyLock<WithVariants> = LazyLock::new(|| {
    let mut value = demo_snapshot_value();
    let locale = hostile_locale(&mut value);
    let shows = locale["shows"].as_array_mut().expect("shows");
    // A film of the shows page with a poster and a backdrop.
    let at = shows
        .iter()
        .position(|s| {
            s["isMovie"] == true
                && s["bookable"] == true
                && s["comingSoon"] != true
                && s["poster"].is_object()
                && s["backdrop"].is_object()
        })
        .expect("a bookable film with a poster and a backdrop");
    let show = shows[at]["slug"].as_str().expect("slug").to_string();
    shows[at]["poster"]["variants"] = json!([
        {"url": "/media/v/poster-200.jpg", "width": 200},
        {"url": "/media/v/poster-200.avif", "width": 200, "type": "image/avif"},
        {"url": "/media/v/poster-400.avif", "width": 400, "type": "image/avif"},
        {"url": "/media/v/poster-400.webp", "width": 400, "type": "image/webp"},
        {"url": "/media/v/poster-200.webp", "width": 200, "type": "image/webp"},
    ]);
    shows[at]["backdrop"]["variants"] = json!([
        {"url": "/media/v/backdrop-1280.avif", "width": 1280, "type": "image/avif"},
        {"url": "/media/v/backdrop-640.avif", "width": 640, "type": "image/avif"},
        {"url": "/media/v/backdrop-640.jpg", "width": 640},
    ]);
    let (poster, backdrop) = (shows[at]["poster"].clone(), shows[at]["backdrop"].clone());
    let snapshot: site::snapshot::Snapshot =
        serde_json::from_value(value).expect("the snapshot with variants deserialises");
    let site = build_fr("variants", snapshot, None, islands_dir());
    WithVariants {
        site,
        show,
        poster,
        backdrop,
    }
});

/// The `<img>` of `url` on a page, with the `<source>`s of the `<picture>` around it (none
/// when it stands alone; `None` for a picture that is not `picture > source* > img`).
fn picture_of<'a>(html: &'a Html, url: &str) -> Option<(&'a Tag, Option<Vec<&'a Tag>>)> {
    let at = html
        .tags
        .iter()
        .position(|t| t.name == "img" && t.attr("src") == Some(url))?;
    let mut first = at;
    while first > 0 && html.tags[first - 1].name == "source" {
        first -= 1;
    }
    let sources: Vec<&Tag> = html.tags[first..at].iter().collect();
    let in_picture = first > 0 && html.tags[first - 1].name == "picture";
    let sources = match (in_picture, sources.is_empty()) {
        (true, _) => Some(sources),
        (false, true) => Some(Vec::new()),
        (false, false) => None,
    };
    Some((&html.tags[at], sources))
}

#[test]
fn images_with_variants_get_srcset_sizes_and_a_picture_with_modern_sources() {
    let v = &*WITH_VARIANTS;
    let mut problems = Vec::new();
    let poster_url = v.poster["url"].as_str().expect("poster url");
    let poster_width = v.poster["width"].as_u64().expect("poster width");
    let backdrop_url = v.backdrop["url"].as_str().expect("backdrop url");
    let backdrop_width = v.backdrop["width"].as_u64().expect("backdrop width");
    let none = Params::new();
    let show_path = path_of_page(PageKind::Show, Site::Fr, Lang::Fr, &slug(&v.show), false);
    let shows_path = path_of_page(PageKind::Shows, Site::Fr, Lang::Fr, &none, false);
    for page_path in [&show_path, &shows_path] {
        let Some(html) = v.site.pages.get(page_path) else {
            problems.push(format!("no page {page_path} in the build with variants"));
            continue;
        };
        let Some((img, sources)) = picture_of(html, poster_url) else {
            problems.push(format!("{}: no <img src={poster_url}>", html.file));
            continue;
        };
        // The image's own format: its variants and the original file, narrowest first.
        let own = format!("/media/v/poster-200.jpg 200w, {poster_url} {poster_width}w");
        if img.attr("srcset") != Some(own.as_str()) {
            problems.push(format!(
                "{}: poster srcset {:?}, expected {own:?}",
                html.file,
                img.attr("srcset")
            ));
        }
        let sizes = img.attr("sizes").unwrap_or_default();
        if sizes.is_empty() {
            problems.push(format!(
                "{}: the poster has a srcset and no sizes",
                html.file
            ));
        }
        if img.attr("width") != Some(poster_width.to_string().as_str())
            || img.attr("height").is_none()
        {
            problems.push(format!(
                "{}: the poster lost its width and height",
                html.file
            ));
        }
        // One source per type, in the content's order, each narrowest first, same sizes.
        let expected = [
            (
                "image/avif",
                "/media/v/poster-200.avif 200w, /media/v/poster-400.avif 400w",
            ),
            (
                "image/webp",
                "/media/v/poster-200.webp 200w, /media/v/poster-400.webp 400w",
            ),
        ];
        match sources {
            Some(list) if list.len() == expected.len() => {
                for (source, (kind, srcset)) in list.iter().zip(expected) {
                    if source.attr("type") != Some(kind)
                        || source.attr("srcset") != Some(srcset)
                        || source.attr("sizes") != Some(sizes)
                    {
                        problems.push(format!("{}: source {:?}, expected type {kind}, srcset {srcset:?}, sizes {sizes:?}", html.file, source.attrs));
                    }
                }
            }
            other => problems.push(format!(
                "{}: the poster's <picture> has sources {other:?}, expected AVIF then WebP",
                html.file
            )),
        }
    }
    // The show page's backdrop: its largest image, fetched first, as wide as the screen.
    if let Some(html) = v.site.pages.get(&show_path) {
        match picture_of(html, backdrop_url) {
            Some((img, Some(sources))) => {
                let own =
                    format!("/media/v/backdrop-640.jpg 640w, {backdrop_url} {backdrop_width}w");
                if img.attr("srcset") != Some(own.as_str())
                    || img.attr("sizes").is_none_or(str::is_empty)
                {
                    problems.push(format!(
                        "{}: backdrop srcset {:?} sizes {:?}",
                        html.file,
                        img.attr("srcset"),
                        img.attr("sizes")
                    ));
                }
                if img.attr("fetchpriority") != Some("high") || img.attr("loading") == Some("lazy")
                {
                    problems.push(format!("{}: the backdrop is not fetched first", html.file));
                }
                let avif = "/media/v/backdrop-640.avif 640w, /media/v/backdrop-1280.avif 1280w";
                if sources.len() != 1
                    || sources[0].attr("type") != Some("image/avif")
                    || sources[0].attr("srcset") != Some(avif)
                {
                    problems.push(format!(
                        "{}: backdrop sources {:?}",
                        html.file,
                        sources.iter().map(|s| &s.attrs).collect::<Vec<_>>()
                    ));
                }
            }
            other => problems.push(format!("{}: backdrop {other:?}", html.file)),
        }
    }
    // Images without variants (every other poster): a plain <img>, no srcset, no picture.
    let mut plain = 0;
    if let Some(html) = v.site.pages.get(&shows_path) {
        for img in html
            .tags
            .iter()
            .filter(|t| t.name == "img" && t.attr("src") != Some(poster_url))
        {
            plain += 1;
            if img.attr("srcset").is_some()
                || picture_of(html, img.attr("src").unwrap_or_default())
                    .is_some_and(|(_, s)| s.is_none_or(|s| !s.is_empty()))
            {
                problems.push(format!(
                    "{}: {:?} has no variants but a srcset or sources",
                    html.file,
                    img.attr("src")
                ));
            }
        }
    }
    assert!(plain > 5, "the shows page has only {plain} other images");
    assert_none("images with variants", &problems);
}
