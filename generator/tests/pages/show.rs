//! Show pages (films and events): poster, synopsis, people, rating, trailer, release date,
//! duration and showtimes; the rules of default ratings and unknown release dates.

use crate::common::*;
use crate::hostile::{hostile_page, AD_WARNING, HOSTILE, TP_WARNING};
use crate::support::*;
use serde_json::Value;
use site::routes::PageKind;
use site::{Lang, Site};
use std::collections::BTreeMap;

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
        let doc = html.doc();
        let text = doc_text(&doc);
        let links = links(&doc);
        let title = str_of(&detail, "title").unwrap_or_default();
        if h1_texts(&doc) != [title.to_string()] {
            problems.push(format!(
                "{}: h1 {:?}, expected [{title:?}]",
                html.file,
                h1_texts(&doc)
            ));
        }
        let poster = &detail["poster"];
        if let Some(url) = str_of(poster, "url") {
            let (w, h) = (poster["width"].to_string(), poster["height"].to_string());
            let found = select(&doc, "img").into_iter().any(|t| {
                attr(t, "src") == Some(url)
                    && attr(t, "width") == Some(w.as_str())
                    && attr(t, "height") == Some(h.as_str())
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
            check_showtimes(
                html,
                &doc,
                &links,
                &showtimes,
                &full,
                &mut counts,
                &mut problems,
            );
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

/// On the hostile build (see [`crate::hostile`]): two shows with a default rating (TP, AD)
/// given a warning, one with an unknown release date (1900-01-01) beside a known one.
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
