//! City pages: the city's cinemas (a city with one cinema redirects to it: see the
//! site_build suite's route-table test).

use crate::common::*;
use crate::support::*;
use site::routes::PageKind;
use site::{Lang, Site};

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
            let doc = html.doc();
            let text = doc_text(&doc);
            let links = links(&doc);
            if let Some(name) = str_of(&detail, "name").or(str_of(c, "name")) {
                if !h1_texts(&doc).iter().any(|h| h.contains(name)) {
                    problems.push(format!(
                        "{}: h1 {:?} does not name the city {name:?}",
                        html.file,
                        h1_texts(&doc)
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

/// Issue 12: a city page writes the day's schedule of all its cinemas (by show, then cinema,
/// then version), bookable without JavaScript: each showtime of its first day that the API
/// lists for the city is on the page, a bookable one as a link to its booking URL, a
/// sold-out one saying so; each cinema playing that day has its block.
#[test]
fn city_pages_write_the_days_schedule_of_all_their_cinemas() {
    let (site, lang) = (Site::Fr, Lang::Fr);
    let full = ui_string(lang, "schedule.status.full");
    let mut problems = Vec::new();
    let mut counts = std::collections::BTreeMap::new();
    let mut cities_with_two = 0;
    for c in list(&api_json(site, Some(lang), "/cities"), "") {
        let s = str_of(c, "slug").unwrap_or_default();
        let detail = api_json(site, Some(lang), &format!("/city/{s}"));
        if list(&detail, "cinemas").len() < 2 {
            continue;
        }
        let Some(html) = page(
            site,
            &path(PageKind::City, site, lang, &slug(s)),
            &mut problems,
        ) else {
            continue;
        };
        // The first day the page writes (today, unless all of today's showtimes have begun).
        let Some(day) = html
            .text
            .split("aria-labelledby=day-")
            .nth(1)
            .and_then(|rest| rest.get(..10))
        else {
            problems.push(format!("{}: no schedule", html.file));
            continue;
        };
        let answer = api_json(site, Some(lang), &format!("/city/{s}/shows?date={day}"));
        let showtimes: Vec<&serde_json::Value> = answer["days"][day]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|entry| list(entry, "showtimes"))
            .collect();
        let cinemas: std::collections::BTreeSet<&str> = showtimes
            .iter()
            .filter_map(|s| str_of(s, "cinema"))
            .collect();
        if cinemas.len() >= 2 {
            cities_with_two += 1;
        }
        let doc = html.doc();
        for cinema in &cinemas {
            if !html
                .text
                .contains(&format!("class=schedule-cinema data-cinema={cinema}>"))
            {
                problems.push(format!(
                    "{}: no schedule block of the cinema {cinema}",
                    html.file
                ));
            }
        }
        check_showtimes(
            html,
            &doc,
            &links(&doc),
            &showtimes,
            &full,
            &mut counts,
            &mut problems,
        );
    }
    assert!(
        cities_with_two > 0,
        "no city with showtimes at two cinemas today"
    );
    assert!(
        counts.get("bookable").copied().unwrap_or(0) > 0,
        "{counts:?}"
    );
    assert_none("city schedules", &problems);
}

/// The later days of a city's schedule (not written: the island fills them from the API) are
/// in its filters and ask for the shows' titles: the version filter offers every version the
/// API's days have, and each later day section is marked `data-embed`.
#[test]
fn city_schedule_filters_cover_the_days_the_island_fills() {
    let (site, lang) = (Site::Fr, Lang::Fr);
    let mut problems = Vec::new();
    let mut with_later = 0;
    for c in list(&api_json(site, Some(lang), "/cities"), "") {
        let s = str_of(c, "slug").unwrap_or_default();
        if list(
            &api_json(site, Some(lang), &format!("/city/{s}")),
            "cinemas",
        )
        .len()
            < 2
        {
            continue;
        }
        let Some(html) = page(
            site,
            &path(PageKind::City, site, lang, &slug(s)),
            &mut problems,
        ) else {
            continue;
        };
        let doc = html.doc();
        let later = select(&doc, "section.day[data-later]");
        if later.is_empty() {
            continue;
        }
        with_later += 1;
        if let Some(day) = later.iter().find(|d| attr(**d, "data-embed").is_none()) {
            problems.push(format!(
                "{}: later day {:?} without data-embed",
                html.file,
                attr(*day, "aria-labelledby")
            ));
        }
        // The days from the first the page writes on: the ones it offers.
        let first = attr(select(&doc, "section.day")[0], "aria-labelledby")
            .unwrap_or_default()
            .trim_start_matches("day-")
            .to_string();
        let answer = api_json(site, Some(lang), &format!("/city/{s}/shows"));
        let versions: std::collections::BTreeSet<&str> = answer["days"]
            .as_object()
            .into_iter()
            .flatten()
            .filter(|(day, _)| day.as_str() >= first.as_str())
            .flat_map(|(_, entries)| list(entries, ""))
            .flat_map(|e| list(e, "showtimes"))
            .filter_map(|st| str_of(&st["version"], "slug"))
            .filter(|v| !v.is_empty())
            .collect();
        let Some(props) = island_json(&doc, "schedule") else {
            problems.push(format!("{}: no schedule props", html.file));
            continue;
        };
        let offered: std::collections::BTreeSet<&str> = list(&props["filters"], "versions")
            .iter()
            .filter_map(|v| str_of(v, "value"))
            .collect();
        if offered != versions {
            problems.push(format!(
                "{}: version filters {offered:?}, versions of the days offered {versions:?}",
                html.file
            ));
        }
    }
    assert!(with_later > 0, "no city page with later days");
    assert_none("city schedule filters", &problems);
}
