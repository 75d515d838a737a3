//! Cinema pages (spec §4): address, map, services, pricing, accessibility, nearby cinemas
//! and the schedule; the light view with one day.

use crate::common::*;
use crate::support::*;
use serde_json::Value;
use site::routes::PageKind;
use site::{Lang, Site};
use std::collections::{BTreeMap, BTreeSet};

/// The days a cinema page writes whole (the generator's `pages::cinema::WRITTEN_DAYS`).
const WRITTEN_DAYS: usize = 3;

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
            let doc = html.doc();
            let text = doc_text(&doc);
            let links = links(&doc);
            let items = item_texts(&doc);
            let name = str_of(&detail, "name").unwrap_or_default();
            if h1_texts(&doc) != [name.to_string()] {
                problems.push(format!(
                    "{}: h1 {:?}, expected [{name:?}]",
                    html.file,
                    h1_texts(&doc)
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
            // The first days written whole, every showtime of them; each later day an empty
            // section the island fills (`data-later data-embed`), and offered by the island.
            let days: Vec<(&String, &Value)> =
                schedule["days"].as_object().into_iter().flatten().collect();
            let showtimes: Vec<&Value> = days
                .iter()
                .take(WRITTEN_DAYS)
                .flat_map(|(_, shows)| shows.as_array().into_iter().flatten())
                .flat_map(|entry| list(entry, "showtimes"))
                .collect();
            let sections: Vec<(String, bool, usize)> = select(&doc, "section.day")
                .into_iter()
                .map(|d| {
                    let date = attr(d, "aria-labelledby").unwrap_or_default();
                    let later = attr(d, "data-later").is_some()
                        && attr(d, "data-embed").is_some()
                        && attr(d, "hidden").is_some();
                    (
                        date.trim_start_matches("day-").to_string(),
                        later,
                        select_in(d, "li.st").len(),
                    )
                })
                .collect();
            let expected: Vec<(String, bool)> = days
                .iter()
                .enumerate()
                .map(|(n, (date, _))| (date.to_string(), n >= WRITTEN_DAYS))
                .collect();
            let found: Vec<(String, bool)> = sections
                .iter()
                .map(|(d, later, _)| (d.clone(), *later))
                .collect();
            if found != expected {
                problems.push(format!(
                    "{}: day sections {found:?}, expected {expected:?} (written whole, later)",
                    html.file
                ));
            }
            if let Some((day, _, n)) = sections.iter().find(|(_, later, n)| *later && *n > 0) {
                problems.push(format!(
                    "{}: later day {day} holds {n} showtime(s)",
                    html.file
                ));
            }
            if days.len() > WRITTEN_DAYS {
                *counts.entry("cinemas with later days").or_default() += 1;
            }
            let offered = first(&doc, "[data-island=schedule]")
                .and_then(island_props)
                .and_then(|p| serde_json::from_str::<Value>(&text_of(p)).ok())
                .map(|p| list(&p, "days").len());
            if !days.is_empty() && offered != Some(days.len()) {
                problems.push(format!(
                    "{}: the schedule island offers {offered:?} days of {}",
                    html.file,
                    days.len()
                ));
            }
            if showtimes.is_empty() {
                *counts.entry("cinemas without showtimes").or_default() += 1;
            }
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
    eprintln!("cinema pages: {counts:?}");
    for what in [
        "disabled services",
        "soldout",
        "bookable",
        "nearby cinemas",
        "cinemas with later days",
    ] {
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
    let mut checked = 0;
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
        checked += 1;
        let doc = html.doc();
        let days: BTreeSet<String> = select(&doc, "time[datetime]")
            .into_iter()
            .filter_map(|t| attr(t, "datetime"))
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
            &doc,
            &links(&doc),
            &showtimes,
            &full,
            &mut counts,
            &mut problems,
        );
    }
    eprintln!("light cinema views: {checked} pages, showtimes {counts:?}");
    assert!(
        checked > 0 && counts.get("bookable").copied().unwrap_or(0) > 0,
        "no light view with a bookable showtime checked: this test proves little ({checked} pages, {counts:?})"
    );
    assert_none("light cinema views", &problems);
}

/// Spec §5 upsell, issue 12: a cinema page invites to the experience its schedule offers with
/// the lowest non-zero upsell order — the same push the runtime API answers with the cinema's
/// schedule — with the tag's words and a link to that experience's page; a cinema offering
/// none has no push. Every site and language of the pages' build (a few cinemas each).
#[test]
fn cinema_pages_push_the_experience_the_api_upsells() {
    let mut problems = Vec::new();
    let (mut pushed, mut without) = (0, 0);
    for site in [Site::Fr, Site::Nl, Site::Ch] {
        for &lang in site.languages() {
            let experiences = api_json(site, Some(lang), "/gpxp");
            for c in list(&api_json(site, Some(lang), "/cinemas"), "")
                .iter()
                .take(6)
            {
                let s = str_of(c, "slug").unwrap_or_default();
                let schedule = api_json(site, Some(lang), &format!("/cinema/{s}/shows"));
                let Some(html) = page(
                    site,
                    &path(PageKind::Cinema, site, lang, &slug(s)),
                    &mut problems,
                ) else {
                    continue;
                };
                let doc = html.doc();
                let text = doc_text(&doc);
                let push = list(&schedule, "upsellPushes")
                    .first()
                    .filter(|p| str_of(p, "text").is_some());
                let Some(push) = push else {
                    without += 1;
                    if html.text.contains("upsell-") {
                        problems.push(format!("{}: a push the API does not answer", html.file));
                    }
                    continue;
                };
                pushed += 1;
                let tag = str_of(push, "tag").unwrap_or_default();
                if !html.text.contains(&format!("upsell-{tag}")) {
                    problems.push(format!("{}: no push for {tag}", html.file));
                    continue;
                }
                expect_text(
                    html,
                    &text,
                    str_of(push, "text").unwrap_or_default(),
                    "upsell text",
                    &mut problems,
                );
                // The link to the experience whose showtimes carry the tag.
                if let Some(x) = list(&experiences, "")
                    .iter()
                    .find(|x| str_of(x, "tag").or(str_of(x, "slug")) == Some(tag))
                {
                    let href = path(
                        PageKind::Experience,
                        site,
                        lang,
                        &slug(str_of(x, "slug").unwrap_or_default()),
                    );
                    expect_link(html, &links(&doc), &href, None, "upsell", &mut problems);
                }
            }
        }
    }
    eprintln!("upsell: {pushed} cinema pages with a push, {without} without");
    assert!(pushed > 0, "no cinema page has an upsell push");
    assert_none("upsell pushes", &problems);
}

/// A cinema's schedule is asked for once a site, in its default language, and read for every
/// language with `/versions`' labels (docs/decisions.md, "One schedule a cinema, not one a
/// language"): each language's cinema page names the versions as that language's own answer
/// names them (the schedule island's version filters), in every language of FR, NL and CH.
#[test]
fn cinema_pages_name_each_version_as_their_languages_schedule_does() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for site in SMALL_SITES {
        for &lang in site.languages() {
            for c in list(&api_json(site, Some(lang), "/cinemas"), "") {
                let s = str_of(c, "slug").unwrap_or_default();
                let answer = api_json(site, Some(lang), &format!("/cinema/{s}/shows?embed=false"));
                let labels: std::collections::BTreeMap<&str, &str> = answer["days"]
                    .as_object()
                    .into_iter()
                    .flatten()
                    .flat_map(|(_, entries)| list(entries, ""))
                    .flat_map(|e| list(e, "showtimes"))
                    .filter_map(|st| {
                        Some((
                            str_of(&st["version"], "slug")?,
                            str_of(&st["version"], "label")?,
                        ))
                    })
                    .collect();
                let Some(html) = page(
                    site,
                    &path(PageKind::Cinema, site, lang, &slug(s)),
                    &mut problems,
                ) else {
                    continue;
                };
                let doc = html.doc();
                let Some(props) = island_json(&doc, "schedule") else {
                    continue;
                };
                for v in list(&props["filters"], "versions") {
                    let (value, label) = (str_of(v, "value"), str_of(v, "label"));
                    let said = value.and_then(|value| labels.get(value).copied());
                    if said.is_none() || said != label {
                        problems.push(format!(
                            "{}: version {value:?} offered as {label:?}, the {} answer says {said:?}",
                            html.file,
                            lang.code()
                        ));
                    }
                    if lang != site.default_language() {
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 0, "no version offered in a second language");
    assert_none("version labels by language", &problems);
}
