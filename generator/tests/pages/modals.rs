//! Issue 13's modals and header, against the API's JSON: the header push (the permanent
//! auto-promotion) and the subscription link a pass holder gets; the triggers of the modals
//! island and the sections they open — a show's facts and its audience's feelings, the
//! schedule's calendar, the subscription's perks and partner cinemas (temporary ones and
//! those without theaters left out, spec §5), an experience's details and teaser.

use crate::common::*;
use crate::support::*;
use serde_json::Value;
use site::routes::{PageKind, Params};
use site::{Lang, Site};

/// A `[data-modal=…]` trigger inside a modals island, with its `href` if it is a link.
fn trigger<'a>(doc: &'a Doc, modal: &str) -> Option<scraper::ElementRef<'a>> {
    first(doc, &format!("[data-island=modals] [data-modal={modal}]"))
}

#[test]
fn header_push_is_the_permanent_auto_promotion_closable_for_a_day() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for site in SMALL_SITES {
        for &lang in site.languages() {
            let push = api_json(site, Some(lang), "/permanent-autopromo");
            let home = path(PageKind::Home, site, lang, &Params::new());
            let Some(html) = page(site, &home, &mut problems) else {
                continue;
            };
            let doc = html.doc();
            let strip = first(&doc, "header.site-header .header-push");
            match (push.is_null(), strip) {
                (true, None) => {}
                (true, Some(_)) => {
                    problems.push(format!("{}: a header push, none in the API", html.file))
                }
                (false, None) => problems.push(format!("{}: no header push", html.file)),
                (false, Some(strip)) => {
                    checked += 1;
                    let text = text_of(strip);
                    let title = str_of(&push, "title").unwrap_or_default();
                    if !text.contains(title) {
                        problems.push(format!(
                            "{}: header push {text:?} lacks {title:?}",
                            html.file
                        ));
                    }
                    if let Some(cta) = push.get("cta").filter(|c| !c.is_null()) {
                        let url = str_of(cta, "url").unwrap_or_default();
                        if select_in(strip, "a")
                            .iter()
                            .all(|a| attr(*a, "href") != Some(url))
                        {
                            problems
                                .push(format!("{}: header push without its link {url}", html.file));
                        }
                    }
                    // Without JavaScript, no dead close button; the script shows it.
                    let close = select_in(strip, "button.header-push-close");
                    if close.len() != 1
                        || attr(close[0], "hidden").is_none()
                        || attr(close[0], "aria-label").is_none()
                    {
                        problems.push(format!(
                            "{}: the close button is not one hidden, named button",
                            html.file
                        ));
                    }
                    let script = strip
                        .next_siblings()
                        .find_map(scraper::ElementRef::wrap)
                        .map(raw_text)
                        .unwrap_or_default();
                    if !script.contains("\"header-push-hidden-until\"") || !script.contains("864e5")
                    {
                        problems.push(format!(
                            "{}: the strip is not followed by its one-day script",
                            html.file
                        ));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked > 0, "no site has a header push");
}

#[test]
fn header_links_the_subscription_page_for_a_pass_holder_where_it_is_sold() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for site in SMALL_SITES {
        for &lang in site.languages() {
            let (status, _) = api_get(site, Some(lang), "/cinepass");
            let home = path(PageKind::Home, site, lang, &Params::new());
            let Some(html) = page(site, &home, &mut problems) else {
                continue;
            };
            let doc = html.doc();
            let link = first(&doc, ".main-nav li.header-pass[hidden] a");
            if status != 200 {
                if link.is_some() {
                    problems.push(format!(
                        "{}: a subscription link on a site without subscription",
                        html.file
                    ));
                }
                continue;
            }
            checked += 1;
            let want = path(PageKind::Subscription, site, lang, &Params::new());
            match link {
                Some(a)
                    if attr(a, "href") == Some(want.as_str())
                        && text_of(a) == ui_string(lang, "header.subscription") => {}
                _ => problems.push(format!(
                    "{}: no hidden subscription link to {want}",
                    html.file
                )),
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked > 0, "no site sells a subscription");
}

#[test]
fn show_pages_offer_details_audience_rating_and_calendar_modals() {
    let (site, lang) = (Site::Fr, Lang::Fr);
    let mut problems = Vec::new();
    let mut with_votes = 0;
    let mut calendars = 0;
    let shows = api_json(site, Some(lang), "/shows");
    for show in list(&shows, "").iter().take(SHOW_AT_MOST) {
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
        let doc = html.doc();
        match trigger(&doc, "showDetails") {
            Some(a)
                if attr(a, "href") == Some("#show-facts")
                    && first(&doc, "#show-facts").is_some() => {}
            _ => problems.push(format!(
                "{}: no show details link to #show-facts",
                html.file
            )),
        }
        if trigger(&doc, "clientRating").is_none() {
            problems.push(format!("{}: no client rating button", html.file));
        }
        // The audience's feelings: the API's counts as shares of their total.
        let f = &detail["feelings"];
        let count = |k: &str| f[k].as_u64().unwrap_or(0);
        let votes = count("disappointed") + count("liked") + count("loved");
        let section = first(&doc, "#show-audience");
        if votes == 0 {
            if section.is_some() || trigger(&doc, "globalFeelings").is_some() {
                problems.push(format!("{}: audience feelings without any vote", html.file));
            }
        } else {
            with_votes += 1;
            let Some(section) = section else {
                problems.push(format!(
                    "{}: no audience feelings ({votes} votes)",
                    html.file
                ));
                continue;
            };
            if trigger(&doc, "globalFeelings").and_then(|a| attr(a, "href"))
                != Some("#show-audience")
            {
                problems.push(format!("{}: no global feelings link", html.file));
            }
            let text = text_of(section);
            for k in ["loved", "liked", "disappointed"] {
                let percent = (count(k) as f64 * 100.0 / votes as f64).round() as u64;
                let label = ui_string(lang, &format!("client.emotions.{k}"));
                let share =
                    ui_string(lang, "show.feelingShare").replace("{percent}", &percent.to_string());
                if !text.contains(&normalize_space(&format!("{label} {share}"))) {
                    problems.push(format!(
                        "{}: audience {text:?} lacks {label} {share}",
                        html.file
                    ));
                }
            }
        }
        // The calendar: the schedule's days.
        let days: Vec<String> = select(&doc, ".schedule-days a[href^='#day-']")
            .iter()
            .filter_map(|a| attr(*a, "href").map(|h| h.trim_start_matches("#day-").to_string()))
            .collect();
        match trigger(&doc, "calendar") {
            None if days.is_empty() => {}
            None => problems.push(format!("{}: a schedule without calendar", html.file)),
            Some(b) => {
                calendars += 1;
                let listed: Vec<String> = attr(b, "data-days")
                    .unwrap_or_default()
                    .split(',')
                    .map(String::from)
                    .collect();
                if listed != days || name(b) != "button" {
                    problems.push(format!(
                        "{}: calendar days {listed:?}, schedule days {days:?}",
                        html.file
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        with_votes > 0 && calendars > 0,
        "{with_votes} shows with votes, {calendars} calendars"
    );
}

#[test]
fn subscription_page_lists_perks_and_partner_cinemas_but_not_temporary_or_empty_ones() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for site in SMALL_SITES {
        for &lang in site.languages() {
            let (status, cinepass) = api_get(site, Some(lang), "/cinepass");
            if status != 200 {
                continue;
            }
            let Some(html) = page(
                site,
                &path(PageKind::Subscription, site, lang, &Params::new()),
                &mut problems,
            ) else {
                continue;
            };
            checked += 1;
            let doc = html.doc();
            let perks = first(&doc, "#subscription-perks")
                .map(text_of)
                .unwrap_or_default();
            if trigger(&doc, "subscriptionPerks").and_then(|a| attr(a, "href"))
                != Some("#subscription-perks")
            {
                problems.push(format!("{}: no perks link", html.file));
            }
            for o in list(&cinepass, "offers") {
                let title = str_of(o, "title").unwrap_or_default();
                if !perks.contains(title) {
                    problems.push(format!("{}: perks lack the offer {title:?}", html.file));
                }
            }
            // The partners modal shows the page's partner list (by city, then name).
            let mut kept: Vec<String> = list(&cinepass, "partnerCinemas")
                .iter()
                .filter(|p| {
                    !p["temporary"].as_bool().unwrap_or(false) && !list(p, "theaters").is_empty()
                })
                .map(|p| str_of(p, "name").unwrap_or_default().to_string())
                .collect();
            kept.sort();
            let mut shown: Vec<String> = select(&doc, "#subscription-partners li .partner-name")
                .into_iter()
                .map(text_of)
                .collect();
            shown.sort();
            if shown != kept {
                problems.push(format!(
                    "{}: partners {shown:?}, expected {kept:?}",
                    html.file
                ));
            }
            if kept.is_empty() != trigger(&doc, "partners").is_none() {
                problems.push(format!(
                    "{}: the partners link does not follow the partners",
                    html.file
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked > 0, "no subscription page");
}

#[test]
fn experience_pages_open_their_details_and_teaser() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for site in SMALL_SITES {
        let lang = site.default_language();
        let experiences = api_json(site, Some(lang), "/gpxp");
        for e in list(&experiences, "") {
            let s = str_of(e, "slug").unwrap_or_default();
            let detail = api_json(site, Some(lang), &format!("/gpxp/{s}"));
            let Some(html) = page(
                site,
                &path(PageKind::Experience, site, lang, &slug(s)),
                &mut problems,
            ) else {
                continue;
            };
            checked += 1;
            let doc = html.doc();
            let has_details = str_of(&detail, "details").is_some_and(|d| !d.is_empty());
            if has_details
                != (trigger(&doc, "experienceDetails").and_then(|a| attr(a, "href"))
                    == Some("#experience-details"))
            {
                problems.push(format!(
                    "{}: the details link does not follow the details",
                    html.file
                ));
            }
            let video: &Value = &detail["video"];
            if let Some(t) = trigger(&doc, "experienceTeaser") {
                let data: Value = serde_json::from_str(attr(t, "data-video").unwrap_or("null"))
                    .unwrap_or(Value::Null);
                if data["id"] != video["id"] || data["provider"] != video["provider"] {
                    problems.push(format!(
                        "{}: teaser video {data} is not the API's {video}",
                        html.file
                    ));
                }
            } else if video["provider"] == "youtube" || video["provider"] == "vimeo" {
                problems.push(format!("{}: no teaser for its video", html.file));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked > 0, "no experience page");
}
