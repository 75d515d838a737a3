//! The chrome of every page of the small build: the header with the active menu, the footer
//! with languages, social links and copyright; no UI string placeholder left unfilled.

use crate::common::*;
use crate::support::*;
use serde_json::Value;
use site::routes::{Layout, PageKind, Params};
use site::{Lang, Site};
use std::collections::{BTreeMap, BTreeSet};

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
    // The year of the instant the builds are made as of.
    let year = chrono::Datelike::year(&now()).to_string();
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
            let doc = html.doc();
            match route.layout() {
                Layout::Webview => {
                    *checked.entry("webview").or_default() += 1;
                    check_no_chrome(html, &doc, &mut problems);
                    continue;
                }
                Layout::Default | Layout::Error => {}
                Layout::Light | Layout::Bare => continue,
            }
            *checked.entry("with chrome").or_default() += 1;
            let all = elements(&doc);
            let main = all.iter().copied().find(|e| name(*e) == "main");
            let before_main = main.map_or(&all[..], |m| before(&all, m));
            let header = before_main.iter().copied().find(|e| name(*e) == "header");
            let Some(header) = header else {
                problems.push(format!("{}: no <header> before <main>", html.file));
                continue;
            };
            let header_links = select_in(header, "a[href]");
            let none = Params::new();
            let movies = path(PageKind::Shows, site, m.lang, &none);
            let cinemas = path(PageKind::Cinemas, site, m.lang, &none);
            for (href, active_on, name) in [
                (&movies, &MOVIES_ACTIVE[..], "movies"),
                (&cinemas, &CINEMAS_ACTIVE[..], "cinemas"),
            ] {
                let link = header_links
                    .iter()
                    .find(|a| attr(**a, "href") == Some(href.as_str()));
                let Some(&link) = link else {
                    problems.push(format!(
                        "{}: no {name} link to {href} in the header",
                        html.file
                    ));
                    continue;
                };
                let current = attr(link, "aria-current") == Some("page");
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
            let Some(footer_el) = select(&doc, "footer").pop() else {
                problems.push(format!("{}: no <footer>", html.file));
                continue;
            };
            let footer_text = text_of(footer_el);
            if !(footer_text.contains('©') && footer_text.contains(&year)) {
                problems.push(format!(
                    "{}: the footer has no copyright © with the year {year}",
                    html.file
                ));
            }
            let footer = footers
                .entry((site, m.lang))
                .or_insert_with(|| api_json(site, Some(m.lang), "/footer"));
            let footer_links: Vec<(String, String)> = select_in(footer_el, "a")
                .into_iter()
                .map(|a| (attr(a, "href").unwrap_or("").to_string(), text_of(a)))
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
            for t in select(&doc, "link") {
                if attr(t, "rel").is_some_and(|r| r.split_whitespace().any(|r| r == "alternate")) {
                    if let (Some(l), Some(h)) = (attr(t, "hreflang"), attr(t, "href")) {
                        if l != "x-default" {
                            let path =
                                h.strip_prefix(&base)
                                    .map(|p| if p.is_empty() { "/" } else { p });
                            head.insert(l.to_string(), path.unwrap_or(h).to_string());
                        }
                    }
                }
            }
            let switch: BTreeMap<String, String> = select_in(footer_el, "a[hreflang][href]")
                .into_iter()
                .filter_map(|a| {
                    Some((
                        attr(a, "hreflang")?.to_string(),
                        attr(a, "href")?.to_string(),
                    ))
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
            } else if site.languages().len() > 1 && head.is_empty() && !is_noindex(&doc) {
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
            let doc = html.doc();
            let mut found: BTreeSet<String> = placeholders(&doc_text(&doc)).into_iter().collect();
            for e in elements(&doc) {
                if name(e) == "script" {
                    continue;
                }
                for (attribute, value) in attrs(e) {
                    for p in placeholders(value) {
                        found.insert(format!("{p} in <{} {attribute}={value:?}>", name(e)));
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
