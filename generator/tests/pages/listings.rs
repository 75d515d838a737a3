//! Lists of shows: the home rail, the shows page and its tabs, the events page and the
//! season pages with their showtimes per cinema.

use crate::common::*;
use crate::support::*;
use serde_json::Value;
use site::content::{Show, Tag};
use site::routes::{PageKind, Params, ShowsTab};
use site::rules::{is_upcoming, order_shows, OrderContext, ShowList};
use site::{Lang, Site};
use std::collections::BTreeMap;

/// The links of a page's (first) show grid (`<ul class=show-grid>`), in order.
fn show_grid_links(html: &Page) -> Option<Vec<String>> {
    let doc = html.doc();
    let grid = first(&doc, "ul.show-grid")?;
    Some(
        select_in(grid, "a[href]")
            .into_iter()
            .filter_map(|a| attr(a, "href").map(str::to_string))
            .collect(),
    )
}

#[test]
fn the_home_rail_lists_the_first_shows_and_the_shows_pages_list_every_show() {
    /// The generator's rule: the home page shows the first 12 shows of the shows page, in the
    /// home order.
    const HOME_RAIL_SHOWS: usize = 12;
    let mut problems = Vec::new();
    let none = Params::new();
    for (site, lang) in [
        (Site::Fr, Lang::Fr),
        (Site::Nl, Lang::En),
        (Site::Ch, Lang::De),
    ] {
        // Every show of the API, in full, and the site's tags (what upsell reads).
        let shows: Vec<Show> = list(&api_json(site, Some(lang), "/shows"), "")
            .iter()
            .map(|s| {
                let detail = api_json(
                    site,
                    Some(lang),
                    &format!("/show/{}", str_of(s, "slug").unwrap_or_default()),
                );
                serde_json::from_value(detail).expect("a show")
            })
            .collect();
        let tags: Vec<Tag> =
            serde_json::from_value(api_json(site, Some(lang), "/tags")).expect("the tags");
        assert!(
            shows.len() > HOME_RAIL_SHOWS,
            "{site}/{lang}: too few shows to check the rail"
        );
        let today = now()
            .with_timezone(&site.time_zone().parse::<chrono_tz::Tz>().unwrap())
            .date_naive();
        // The spec's order (site::rules::ordering), for pages built for everybody.
        let expected = |list: ShowList, keep: &dyn Fn(&Show) -> bool| -> Vec<String> {
            let mut kept: Vec<&Show> = shows.iter().filter(|s| keep(s)).collect();
            let cx = OrderContext {
                favourites: &[],
                tags: &tags,
            };
            order_shows(&mut kept, list, &cx, |s| s);
            kept.iter()
                .map(|s| {
                    let kind = if s.is_movie {
                        PageKind::Show
                    } else {
                        PageKind::Event
                    };
                    path(kind, site, lang, &slug(&s.slug))
                })
                .collect()
        };
        let showing = |s: &Show| s.bookable && !s.coming_soon;
        let book = expected(ShowList::Default, &showing);
        let mut lists = vec![(PageKind::Shows, none.clone(), book.clone())];
        for (tab, keep) in [
            (ShowsTab::Book, &showing as &dyn Fn(&Show) -> bool),
            (ShowsTab::Presales, &|s: &Show| s.bookable && s.coming_soon),
            (ShowsTab::Kids, &|s: &Show| s.kids),
            (ShowsTab::Special, &|s: &Show| !s.is_movie || s.premiere),
            (ShowsTab::Upcoming, &|s: &Show| is_upcoming(s, today)),
        ] {
            lists.push((
                PageKind::ShowsTab,
                Params::new().with("tab", tab.key()),
                expected(ShowList::for_tab(Some(tab)), keep),
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
        let home_order = expected(ShowList::Home, &showing);
        let rail: Vec<String> = home_order.iter().take(HOME_RAIL_SHOWS).cloned().collect();
        match show_grid_links(home) {
            Some(links) if links == rail => {}
            other => problems.push(format!("{}: the home rail lists {other:?}, expected the first {HOME_RAIL_SHOWS} shows {rail:?}", home.file)),
        }
        expect_link(
            home,
            &links(&home.doc()),
            &all,
            Some(&ui_string(lang, "common.seeAll")),
            "every show",
            &mut problems,
        );
    }
    assert_none("home rail and shows lists", &problems);
}

#[test]
fn events_and_season_pages_list_each_cinema_with_its_next_screening() {
    /// The generator's rule (issue 12 item 5): a season page lists each cinema of the season
    /// once, by city, with at most its next screening: one line per cinema, so the page grows
    /// with the chain's cinemas only (60 KB gzipped at scale 10 is the bound).
    const SCREENINGS_PER_CINEMA: usize = 1;
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
    let list_links = links(&list_page.doc());
    assert!(
        !list(&events, "shows").is_empty(),
        "{site}/{lang}: /api/events has no shows"
    );
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
        let doc = html.doc();
        let links = links(&doc);
        let title = str_of(&detail, "title").unwrap_or_default();
        if h1_texts(&doc) != [title.to_string()] {
            problems.push(format!(
                "{}: h1 {:?}, expected [{title:?}]",
                html.file,
                h1_texts(&doc)
            ));
        }
        let by_cinema = detail["showtimes"].as_object().cloned().unwrap_or_default();
        if by_cinema.is_empty() {
            problems.push(format!("{}: the API season has no showtimes", html.file));
        }
        let lines = select(&doc, "li.season-place");
        if lines.len() != by_cinema.len() {
            problems.push(format!(
                "{}: {} cinema lines, the API's season plays at {} cinemas",
                html.file,
                lines.len(),
                by_cinema.len()
            ));
        }
        // The island's picker offers the same cinemas, by slug.
        let options: Vec<&str> = select(&doc, "#season-cinema option[value]")
            .into_iter()
            .filter_map(|o| attr(o, "value"))
            .filter(|v| !v.is_empty())
            .collect();
        for line in &lines {
            let chips = select_in(*line, "li.st").len();
            if chips > SCREENINGS_PER_CINEMA {
                problems.push(format!(
                    "{}: a cinema line lists {chips} screenings",
                    html.file
                ));
            }
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
            if !options.contains(&cinema.as_str()) {
                problems.push(format!("{}: the picker lacks {cinema}", html.file));
            }
            // The line's screening is one of the cinema's, as its status says (a bookable one
            // links to its booking URL, a sold-out one says so).
            let all: Vec<&Value> = shows
                .as_object()
                .into_iter()
                .flat_map(|m| m.values())
                .flat_map(|l| l.as_array().into_iter().flatten())
                .collect();
            let Some(line) = lines.iter().find(|l| {
                select_in(**l, "a[href]")
                    .first()
                    .and_then(|a| attr(*a, "href"))
                    == Some(href.as_str())
            }) else {
                continue;
            };
            // Several shows may start at the same instant: a chip is the showtime of its
            // instant whose booking URL it links to, or one that is not bookable.
            let shown: Vec<&Value> = select_in(*line, "li.st")
                .into_iter()
                .filter_map(|chip| {
                    let at = select_in(chip, "time[datetime]")
                        .first()
                        .and_then(|t| attr(*t, "datetime"))
                        .and_then(instant)?;
                    let href = select_in(chip, "a[href]")
                        .first()
                        .and_then(|a| attr(*a, "href"));
                    all.iter()
                        .filter(|s| str_of(s, "datetime").and_then(instant) == Some(at))
                        .find(|s| match href {
                            Some(href) => str_of(s, "bookingUrl") == Some(href),
                            None => str_of(s, "status") != Some("available"),
                        })
                        .copied()
                })
                .collect();
            if select_in(*line, "li.st").len() != shown.len() {
                problems.push(format!(
                    "{}: a screening of {cinema} that the API does not have",
                    html.file
                ));
            }
            check_showtimes(
                html,
                &doc,
                &links,
                &shown,
                &full,
                &mut counts,
                &mut problems,
            );
        }
    }
    eprintln!("season pages: {seasons}, showtimes {counts:?}");
    assert!(seasons > 0, "no season page checked");
    assert_none("events and seasons", &problems);
}
