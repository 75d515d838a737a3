//! Islands in pages (islands/README.md, "The page contract"): every island's module, mode
//! and props; the schedule's data and filters, the locator, show feelings and trailers, the
//! FAQ search, subscription offers, the voucher checker.

use crate::common::*;
use crate::support::*;
use serde_json::{json, Value};
use site::routes::{PageKind, Params};
use site::{Lang, Site};
use std::collections::BTreeSet;

/// Each island of a page: its element and its props, found as the islands' loader finds them
/// ([`island_props`]).
fn islands_of<'a>(html: &Page, doc: &'a Doc) -> Vec<(ElementRef<'a>, Option<Value>)> {
    select(doc, "[data-island]")
        .into_iter()
        .map(|island| {
            let props = island_props(island).map(|script| {
                serde_json::from_str::<Value>(&raw_text(script)).unwrap_or_else(|e| {
                    panic!(
                        "{}: props of {:?} do not parse: {e}",
                        html.file,
                        attr(island, "data-island")
                    )
                })
            });
            (island, props)
        })
        .collect()
}

fn island<'a>(html: &Page, doc: &'a Doc, name: &str) -> Option<(ElementRef<'a>, Option<Value>)> {
    islands_of(html, doc)
        .into_iter()
        .find(|(t, _)| attr(*t, "data-island") == Some(name))
}

/// Values of an attribute on every element of a class.
fn attr_values<'a>(doc: &'a Doc, class: &str, attribute: &str) -> Vec<&'a str> {
    select(doc, &format!(".{class}[{attribute}]"))
        .into_iter()
        .filter_map(|e| attr(e, attribute))
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
            let doc = html.doc();
            let webview = first(&doc, "html.webview, body.webview").is_some()
                || path.starts_with("/m/")
                || path.contains("/m/");
            let lang = attr(doc.root_element(), "lang")
                .unwrap_or_default()
                .to_string();
            for (tag, props) in islands_of(html, &doc) {
                let name = attr(tag, "data-island").unwrap_or_default();
                match attr(tag, "data-src") {
                    Some(src) if files.files.contains(src.trim_start_matches('/')) => {}
                    other => problems.push(format!(
                        "{}: island {name} has module {other:?}, not a file of the site",
                        html.file
                    )),
                }
                if !matches!(
                    attr(tag, "data-hydrate"),
                    Some("load" | "idle" | "visible" | "interaction")
                ) {
                    problems.push(format!(
                        "{}: island {name} hydrates {:?}",
                        html.file,
                        attr(tag, "data-hydrate")
                    ));
                }
                if webview && ["header", "footer", "smart-banner"].contains(&name) {
                    problems.push(format!(
                        "{}: a webview page has the {name} island",
                        html.file
                    ));
                }
                // Its labels come from the language's label book, not the page.
                if !files
                    .island_labels(&doc, name)
                    .is_some_and(|labels| labels.is_object())
                {
                    problems.push(format!(
                        "{}: island {name} has no labels in the book {:?}",
                        html.file,
                        attr(doc.root_element(), "data-labels")
                    ));
                }
                if let Some(props) = props {
                    if props["site"] != json!(site.code())
                        || !lang.starts_with(props["lang"].as_str().unwrap_or("?"))
                        || props.get("labels").is_some()
                    {
                        problems.push(format!(
                            "{}: island {name} props carry site {}, lang {}, labels {}",
                            html.file,
                            props["site"],
                            props["lang"],
                            props.get("labels").is_some()
                        ));
                    }
                } else if !["smart-banner", "footer"].contains(&name) {
                    problems.push(format!("{}: island {name} has no props", html.file));
                }
            }
            for t in select(&doc, "link[rel=modulepreload]") {
                let href = attr(t, "href").unwrap_or_default();
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
        let doc = html.doc();
        let schedule = api_json(site, Some(lang), &format!("/cinema/{s}/shows"));
        let api_ids: BTreeSet<&str> = schedule["days"]
            .as_object()
            .into_iter()
            .flat_map(|d| d.values())
            .flat_map(|entries| list(entries, ""))
            .flat_map(|e| list(e, "showtimes"))
            .filter_map(|st| str_of(st, "id"))
            .collect();
        let page_ids: BTreeSet<&str> = attr_values(&doc, "st", "data-id").into_iter().collect();
        if page_ids.is_empty() || !page_ids.is_subset(&api_ids) {
            problems.push(format!(
                "{}: showtime ids {} on the page, {} not in the API",
                html.file,
                page_ids.len(),
                page_ids.difference(&api_ids).count()
            ));
        }
        let Some((_, Some(props))) = island(html, &doc, "schedule") else {
            problems.push(format!("{}: no schedule island with props", html.file));
            continue;
        };
        let versions: BTreeSet<&str> = attr_values(&doc, "showtimes", "data-version")
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
        let genres: BTreeSet<String> = attr_values(&doc, "schedule-show", "data-genres")
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
        let tags: BTreeSet<String> = attr_values(&doc, "st", "data-tags")
            .iter()
            .chain(attr_values(&doc, "schedule-show", "data-tags").iter())
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
        if first(&doc, ".schedule-filters-open.tap").is_none() {
            problems.push(format!("{}: no filters button", html.file));
        }
        for name in ["locator", "favourite"] {
            match island(html, &doc, name) {
                // The site's favourite limit travels in the props (spec §9: 5 on FR and NL,
                // 1 elsewhere); the islands keep no copy of the rule.
                Some((_, Some(props))) => {
                    if props["favouriteLimit"].as_u64() != Some(site.favourite_limit() as u64) {
                        problems.push(format!(
                            "{}: {name} props carry favouriteLimit {}, the site's is {}",
                            html.file,
                            props["favouriteLimit"],
                            site.favourite_limit()
                        ));
                    }
                }
                _ => problems.push(format!("{}: no {name} island with props", html.file)),
            }
        }
    }
    // Every site's header carries that site's favourite limit.
    for other in SMALL_SITES {
        let home = path(PageKind::Home, other, other.default_language(), &none);
        if let Some(html) = page(other, &home, &mut problems) {
            let doc = html.doc();
            let limit = island(html, &doc, "header")
                .and_then(|(_, props)| props)
                .and_then(|props| props["favouriteLimit"].as_u64());
            if limit != Some(other.favourite_limit() as u64) {
                problems.push(format!("{}: header favouriteLimit {limit:?}", html.file));
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
        let doc = html.doc();
        match island(html, &doc, "locator") {
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
        let doc = html.doc();
        match island(html, &doc, "show-feelings") {
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
        match (main, island(html, &doc, "trailer")) {
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
            let doc = html.doc();
            match island(html, &doc, "faq-search") {
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
            let doc = html.doc();
            let api: Vec<&str> = list(&cinepass, "offers")
                .iter()
                .filter_map(|o| str_of(o, "id"))
                .collect();
            let buttons: Vec<&str> = select(&doc, "[data-offer]")
                .into_iter()
                .filter_map(|t| attr(t, "data-offer"))
                .collect();
            match island(html, &doc, "subscription") {
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
            let doc = html.doc();
            if island(html, &doc, "voucher").is_none() {
                problems.push(format!("{}: no voucher island", html.file));
            }
        }
    }
    assert_none("islands in pages", &problems);
}
