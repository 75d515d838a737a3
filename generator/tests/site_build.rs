//! The whole demo build at scale 1 (all 8 sites, every language), from the real content API
//! over HTTP: every route-table page exists for exactly its sites and languages, no internal
//! link is broken, hreflang sets are complete and reciprocal (head and sitemaps), JSON-LD
//! carries what search engines require, a no-change rebuild writes nothing, a failing content
//! API leaves the previous output intact, and every page kind renders with a title, an `h1`
//! and the right `<html lang>`.
//!
//! One full build is shared by the read-only tests (`common::BUILD`); the tests that build
//! again use folders of their own.

mod common;

use common::*;
use serde_json::Value;
use site::routes::{PageKind, Params};
use site::{Lang, Site};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

// ---------------------------------------------------------------------------------------
// 1. Route-table pages, for exactly their sites and languages.

#[test]
fn every_route_table_page_exists_for_exactly_its_sites_and_languages() {
    let model = &*MODEL;
    let sites = &*SITES;

    // The demo is what the brief says it is: otherwise the checks below prove little.
    let flag_sites = |flag: &str| -> BTreeSet<&str> {
        model
            .features
            .iter()
            .filter(|(_, f)| f[flag].as_bool() == Some(true))
            .map(|(s, _)| s.code())
            .collect()
    };
    assert_eq!(
        flag_sites("voucherCheckerEnabled"),
        BTreeSet::from(["fr", "nl"]),
        "voucherCheckerEnabled sites of the demo"
    );
    assert_eq!(
        flag_sites("giftCardEnabled"),
        BTreeSet::from(["fr", "ch", "be", "nl"]),
        "giftCardEnabled sites of the demo"
    );
    let wanted_sites = |kind: PageKind| -> BTreeSet<&str> {
        model
            .entries
            .iter()
            .filter(|e| e.kind == kind && e.want == Want::Page)
            .map(|e| e.site.code())
            .collect()
    };
    assert_eq!(
        wanted_sites(PageKind::Subscription),
        BTreeSet::from(["fr", "nl", "ch"]),
        "sites with subscription offers (/api/cinepass)"
    );
    let count = |pred: &dyn Fn(&Expected) -> bool| model.entries.iter().filter(|e| pred(e)).count();
    assert!(
        count(&|e| e.kind == PageKind::City && e.want == Want::Page) > 0,
        "the demo has cities with 2+ cinemas"
    );
    assert!(
        count(&|e| e.kind == PageKind::City && matches!(e.want, Want::Redirect { status: 301, .. }))
            > 0,
        "the demo has one-cinema cities"
    );
    assert!(
        count(&|e| e.kind == PageKind::Event && e.want == Want::Page) > 0,
        "the demo has events"
    );
    assert!(
        count(&|e| e.kind == PageKind::Show && matches!(e.want, Want::Redirect { status: 410, .. }))
            > 0,
        "the demo has gone shows"
    );
    for site in [Site::Fr, Site::Nl] {
        let webview_help = count(&|e| {
            e.site == site && e.webview && e.kind == PageKind::Help && e.want == Want::Page
        });
        assert_eq!(
            webview_help,
            site.languages().len(),
            "{site}: a webview help page under m/ per language"
        );
        assert!(
            count(&|e| e.site == site
                && e.webview
                && (e.path.contains("/m/") || e.path.starts_with("/m/")))
                > 0,
            "{site}: webview pages live under m/"
        );
    }

    let mut problems = Vec::new();
    for e in &model.entries {
        let files = &sites[&e.site];
        let page = files.pages.contains_key(&e.path);
        let rule = files.redirects.get(&e.path);
        let what = || {
            format!(
                "{}/{} ({} {}{}, {})",
                e.site,
                file_of(&e.path),
                e.kind.name(),
                e.lang,
                if e.webview { " webview" } else { "" },
                e.why
            )
        };
        match &e.want {
            Want::Page if !page => problems.push(format!("missing page {}", what())),
            Want::Page if rule.is_some() => problems.push(format!(
                "a redirect rule shadows the page {}: {rule:?}",
                what()
            )),
            Want::Redirect { to, status } => {
                if rule != Some(&(to.clone(), *status)) {
                    problems.push(format!(
                        "{}: expected the rule `{} {to} {status}`, found {rule:?}",
                        what(),
                        e.path
                    ));
                }
                if page {
                    problems.push(format!(
                        "a page exists where a {status} redirect is expected: {}",
                        what()
                    ));
                }
            }
            Want::PageOrRedirect if !page && rule.is_none() => {
                problems.push(format!("neither page nor redirect rule: {}", what()))
            }
            Want::Absent if page => problems.push(format!(
                "page present although its flag or content is off: {}",
                what()
            )),
            _ => {}
        }
    }
    // Nothing else: every page is one the route table and the content call for.
    let by_path = model.by_path();
    for (&site, files) in sites {
        for (path, html) in &files.pages {
            if path == "/404"
                && html.file == format!("{site}/404.html")
                && TABLE.parse(site, path).is_none()
            {
                continue; // the site's default 404 page at the root, for paths of no language
            }
            match by_path.get(&(site, path.clone())) {
                Some(e) if matches!(e.want, Want::Page | Want::PageOrRedirect) => {}
                Some(e) => problems.push(format!(
                    "unexpected page {} ({} {}: {:?})",
                    html.file,
                    e.kind.name(),
                    e.why,
                    e.want
                )),
                None => match TABLE.parse(site, path) {
                    Some(m) => problems.push(format!(
                        "page {} ({} {}) is not in the content API",
                        html.file,
                        m.kind.name(),
                        m.lang
                    )),
                    None => problems.push(format!("page {} matches no route of {site}", html.file)),
                },
            }
        }
        for line in &files.bad_redirect_lines {
            problems.push(format!(
                "{site}/_redirects: line is not `from to status`: {line:?}"
            ));
        }
        for (from, (to, status)) in &files.redirects {
            if !matches!(status, 301 | 302 | 308 | 410) {
                problems.push(format!(
                    "{site}/_redirects: {from} {to} {status}: unexpected status"
                ));
            }
            if by_path
                .get(&(site, from.clone()))
                .is_none_or(|e| e.want == Want::Page)
            {
                problems.push(format!(
                    "{site}/_redirects: rule for {from} → {to} {status} that the content does not call for"
                ));
            }
        }
    }
    let pages = model
        .entries
        .iter()
        .filter(|e| e.want == Want::Page)
        .count();
    let others = model.entries.len() - pages;
    eprintln!(
        "route-table pages: {pages} pages and {others} redirects, optional or absent pages checked"
    );
    assert_none("route-table pages", &problems);
}

// ---------------------------------------------------------------------------------------
// 2. Internal links.

/// Whether a site-relative URL path (no query or hash) is served by the site.
fn resolves(files: &SiteFiles, path: &str) -> bool {
    if files.pages.contains_key(path) || files.redirects.contains_key(path) {
        return true;
    }
    // The bare root of a site whose languages all carry a prefix is answered by language
    // negotiation (spec §5), not by a file: a link to it is served.
    if path == "/"
        && Site::ALL
            .iter()
            .all(|&s| s != files.site || s.languages().iter().all(|&l| s.has_prefix(l)))
    {
        return true;
    }
    let rel = path.trim_start_matches('/');
    if !rel.is_empty() && !rel.ends_with('/') && files.files.contains(rel) {
        return true;
    }
    path.strip_prefix("/media/")
        .is_some_and(|key| API.media.contains(key))
}

/// The path of a URL: query and hash dropped, `%XX` decoded.
fn url_path(url: &str) -> String {
    let end = url.find(['?', '#']).unwrap_or(url.len());
    percent_decode(&url[..end])
}

#[test]
fn no_internal_link_is_broken() {
    let mut broken: BTreeMap<(Site, String), (usize, String)> = BTreeMap::new();
    let mut checked = 0usize;
    for (&site, files) in &*SITES {
        for html in files.pages.values() {
            for tag in &html.tags {
                for (name, value) in &tag.attrs {
                    let urls: Vec<&str> = match name.as_str() {
                        "href" | "src" | "action" | "poster" => vec![value.as_str()],
                        "srcset" => value
                            .split(',')
                            .filter_map(|c| c.split_whitespace().next())
                            .collect(),
                        _ => continue,
                    };
                    for url in urls {
                        let url = url.trim();
                        if !url.starts_with('/') || url.starts_with("//") {
                            continue; // external, relative or protocol-relative
                        }
                        checked += 1;
                        let path = url_path(url);
                        if !resolves(files, &path) {
                            let entry = broken
                                .entry((site, url.to_string()))
                                .or_insert((0, format!("{} <{} {name}>", html.file, tag.name)));
                            entry.0 += 1;
                        }
                    }
                }
            }
        }
        // Redirect targets are links too.
        for (from, (to, status)) in &files.redirects {
            checked += 1;
            if !resolves(files, &url_path(to)) || files.redirects.contains_key(to) {
                broken
                    .entry((site, to.clone()))
                    .or_insert((
                        0,
                        format!("{site}/_redirects `{from} {to} {status}` (missing or chained)"),
                    ))
                    .0 += 1;
            }
        }
    }
    assert!(
        checked > 10_000,
        "only {checked} internal links found: is the link parser broken?"
    );
    let problems: Vec<String> = broken
        .iter()
        .map(|((site, url), (n, first))| format!("{site}: {url} — {n} link(s), first in {first}"))
        .collect();
    assert_none(
        &format!("broken internal links ({checked} checked)"),
        &problems,
    );
}

// ---------------------------------------------------------------------------------------
// 3. hreflang, in the head and in the sitemaps.

type Alternates = BTreeMap<String, String>;

/// hreflang → href of a page's head; duplicates reported.
fn head_alternates(html: &Html, problems: &mut Vec<String>) -> Alternates {
    let mut alternates = Alternates::new();
    for tag in html.tags.iter().filter(|t| t.name == "link") {
        let rel = tag.attr("rel").unwrap_or("").to_ascii_lowercase();
        if !rel.split_whitespace().any(|r| r == "alternate") {
            continue;
        }
        let (Some(lang), Some(href)) = (tag.attr("hreflang"), tag.attr("href")) else {
            continue;
        };
        if let Some(previous) = alternates.insert(lang.to_string(), href.to_string()) {
            problems.push(format!(
                "{}: hreflang {lang} twice ({previous}, {href})",
                html.file
            ));
        }
    }
    alternates
}

fn canonical(html: &Html) -> Option<&str> {
    html.tags
        .iter()
        .find(|t| {
            t.name == "link"
                && t.attr("rel")
                    .is_some_and(|r| r.eq_ignore_ascii_case("canonical"))
        })
        .and_then(|t| t.attr("href"))
}

/// The site path of an absolute URL of the site (`https://www.x.fr/en` → `/en`).
fn site_path(base: &str, url: &str) -> Option<String> {
    let rest = url.strip_prefix(base)?;
    Some(if rest.is_empty() {
        "/".to_string()
    } else {
        rest.to_string()
    })
    .filter(|p| p.starts_with('/'))
}

fn show(alternates: &Alternates) -> String {
    alternates
        .iter()
        .map(|(l, h)| format!("{l}={h}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `<url>` entries of a sitemap: loc and its alternates.
fn sitemap_urls(xml: &str) -> Vec<(String, Alternates)> {
    let mut urls = Vec::new();
    for block in xml.split("<url>").skip(1) {
        let block = block.split("</url>").next().unwrap_or(block);
        let loc = block
            .split("<loc>")
            .nth(1)
            .and_then(|r| r.split("</loc>").next())
            .map(decode_entities)
            .unwrap_or_default();
        let alternates = tags(block)
            .into_iter()
            .filter(|t| t.name == "xhtml:link" && t.attr("rel") == Some("alternate"))
            .filter_map(|t| Some((t.attr("hreflang")?.to_string(), t.attr("href")?.to_string())))
            .collect();
        urls.push((loc, alternates));
    }
    urls
}

#[test]
fn hreflang_sets_are_complete_reciprocal_and_match_the_sitemaps() {
    let model = &*MODEL;
    let by_path = model.by_path();
    let mut problems = Vec::new();
    let mut indexable_pages = 0usize;
    for (&site, files) in &*SITES {
        let base = base_url(site);
        // The languages that have each page: (kind, key, webview) → lang → path.
        let mut groups: BTreeMap<(PageKind, String, bool), BTreeMap<Lang, String>> =
            BTreeMap::new();
        for e in model
            .entries
            .iter()
            .filter(|e| e.site == site && files.pages.contains_key(&e.path))
        {
            groups
                .entry((e.kind, e.key.clone(), e.webview))
                .or_default()
                .insert(e.lang, e.path.clone());
        }
        let mut heads: BTreeMap<&str, Alternates> = BTreeMap::new();
        for (path, html) in &files.pages {
            if is_noindex(&html.tags) {
                continue;
            }
            indexable_pages += 1;
            let alternates = head_alternates(html, &mut problems);
            let own = if path == "/" {
                format!("{base}/")
            } else {
                format!("{base}{path}")
            };
            match canonical(html) {
                Some(c) if c == own || (path == "/" && c == base) => {}
                other => problems.push(format!(
                    "{}: canonical {other:?}, expected {own}",
                    html.file
                )),
            }
            if !alternates
                .values()
                .any(|h| h == &own || (path == "/" && h == &base))
            {
                problems.push(format!(
                    "{}: the page itself is not among its alternates [{}]",
                    html.file,
                    show(&alternates)
                ));
            }
            if !alternates.contains_key("x-default") {
                problems.push(format!(
                    "{}: no x-default alternate [{}]",
                    html.file,
                    show(&alternates)
                ));
            }
            if let Some(e) = by_path.get(&(site, path.clone())) {
                let group = &groups[&(e.kind, e.key.clone(), e.webview)];
                let mut expected: Alternates = group
                    .iter()
                    .map(|(lang, p)| {
                        (
                            lang.locale_on(site),
                            if p == "/" {
                                format!("{base}/")
                            } else {
                                format!("{base}{p}")
                            },
                        )
                    })
                    .collect();
                let mut got = alternates.clone();
                got.remove("x-default");
                let normalise = |a: &mut Alternates| {
                    a.values_mut()
                        .for_each(|h| *h = h.trim_end_matches('/').to_string())
                };
                normalise(&mut expected);
                normalise(&mut got);
                if got != expected {
                    problems.push(format!(
                        "{}: hreflang set [{}], expected one per language that has the page [{}]",
                        html.file,
                        show(&got),
                        show(&expected)
                    ));
                }
                if let (Some(x), Some(default)) = (
                    alternates.get("x-default"),
                    group.get(&site.default_language()),
                ) {
                    if site_path(&base, x).as_deref() != Some(default.as_str()) {
                        problems.push(format!(
                            "{}: x-default {x}, expected the {} page {default}",
                            html.file,
                            site.default_language()
                        ));
                    }
                }
            }
            heads.insert(path.as_str(), alternates);
        }
        // Reciprocity: every alternate lists the same set.
        for (path, alternates) in &heads {
            for (lang, href) in alternates {
                let target = site_path(&base, href);
                match target.as_deref().and_then(|t| heads.get(t).map(|a| (t, a))) {
                    Some((_, theirs)) if theirs == alternates => {}
                    Some((t, theirs)) => problems.push(format!(
                        "{site}/{}: alternate {lang} {t} lists [{}], this page [{}]",
                        file_of(path),
                        show(theirs),
                        show(alternates)
                    )),
                    None => problems.push(format!(
                        "{site}/{}: alternate {lang}={href} is not an indexable page of the site",
                        file_of(path)
                    )),
                }
            }
        }
        // Sitemaps: one per language under the index, each URL with the head's alternates.
        let index = std::fs::read_to_string(files.dir.join("sitemap.xml")).unwrap_or_default();
        let mut in_sitemaps = BTreeSet::new();
        for &lang in site.languages() {
            let name = format!("sitemap-{}.xml", lang.code());
            let Ok(xml) = std::fs::read_to_string(files.dir.join(&name)) else {
                problems.push(format!("{site}/{name} missing"));
                continue;
            };
            if !index.contains(&format!("<loc>{base}/{name}</loc>")) {
                problems.push(format!("{site}/sitemap.xml does not list {name}"));
            }
            let urls = sitemap_urls(&xml);
            if urls.is_empty() {
                problems.push(format!("{site}/{name} has no <url>"));
            }
            for (loc, alternates) in urls {
                let Some(path) = site_path(&base, &loc) else {
                    problems.push(format!("{site}/{name}: <loc> {loc} is not on {base}"));
                    continue;
                };
                if TABLE.parse(site, &path).map(|m| m.lang) != Some(lang) {
                    problems.push(format!("{site}/{name}: {loc} is not a {lang} page"));
                }
                match heads.get(path.as_str()) {
                    Some(head) if *head == alternates => {}
                    Some(head) => problems.push(format!(
                        "{site}/{name}: {loc} alternates [{}], the page's head [{}]",
                        show(&alternates),
                        show(head)
                    )),
                    None => problems.push(format!(
                        "{site}/{name}: {loc} is not an indexable page (missing or noindex)"
                    )),
                }
                in_sitemaps.insert(path);
            }
        }
        for path in heads.keys() {
            if !in_sitemaps.contains(*path) {
                problems.push(format!(
                    "{site}/{}: indexable page missing from the sitemaps",
                    file_of(path)
                ));
            }
        }
    }
    eprintln!("hreflang: {indexable_pages} indexable pages checked");
    assert!(
        indexable_pages > 1000,
        "only {indexable_pages} indexable pages"
    );
    assert_none("hreflang", &problems);
}

// ---------------------------------------------------------------------------------------
// 4. JSON-LD.

fn types(node: &Value) -> Vec<&str> {
    match &node["@type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(list) => list.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

fn non_empty(value: &Value) -> bool {
    match value {
        Value::String(s) => !s.trim().is_empty(),
        Value::Array(a) => a.iter().any(non_empty),
        Value::Object(o) => !o.is_empty(),
        Value::Number(_) => true,
        _ => false,
    }
}

/// Every object of a JSON value, at any depth.
fn objects<'a>(value: &'a Value, out: &mut Vec<&'a Value>) {
    match value {
        Value::Object(map) => {
            out.push(value);
            map.values().for_each(|v| objects(v, out));
        }
        Value::Array(list) => list.iter().for_each(|v| objects(v, out)),
        _ => {}
    }
}

fn check_node(
    node: &Value,
    file: &str,
    base: &str,
    files: &SiteFiles,
    problems: &mut Vec<String>,
    counts: &mut BTreeMap<String, usize>,
) {
    let name = |n: &Value| n.get("name").is_some_and(non_empty);
    for t in types(node) {
        *counts.entry(t.to_string()).or_default() += 1;
        let mut missing = Vec::new();
        match t {
            "Movie" => {
                if !name(node) {
                    missing.push("name");
                }
                if !node.get("image").is_some_and(non_empty) {
                    missing.push("image");
                }
            }
            "Event" | "ScreeningEvent" => {
                if !name(node) {
                    missing.push("name");
                }
                if !node.get("startDate").is_some_and(non_empty) {
                    missing.push("startDate");
                }
                let location = &node["location"];
                let location = location
                    .as_array()
                    .and_then(|l| l.first())
                    .unwrap_or(location);
                if !name(location) {
                    missing.push("location.name");
                }
                if !location.get("address").is_some_and(non_empty) {
                    missing.push("location.address");
                }
            }
            "MovieTheater" => {
                if !name(node) {
                    missing.push("name");
                }
                if !node.get("address").is_some_and(non_empty) {
                    missing.push("address");
                }
            }
            "BreadcrumbList" => {
                let items = node["itemListElement"]
                    .as_array()
                    .map(Vec::as_slice)
                    .unwrap_or(&[]);
                if items.is_empty() {
                    missing.push("itemListElement");
                }
                for (i, item) in items.iter().enumerate() {
                    if item["position"].as_u64() != Some(i as u64 + 1) {
                        problems.push(format!(
                            "{file}: BreadcrumbList item {i} has position {}",
                            item["position"]
                        ));
                    }
                    if !name(item) {
                        problems.push(format!("{file}: BreadcrumbList item {i} has no name"));
                    }
                    match item["item"].as_str().or(item["item"]["@id"].as_str()) {
                        Some(url) => {
                            if let Some(path) = site_path(base, url) {
                                if !resolves(files, &url_path(&path)) {
                                    problems.push(format!("{file}: BreadcrumbList item {i} links to {url}, not a page of the site"));
                                }
                            }
                        }
                        None => problems
                            .push(format!("{file}: BreadcrumbList item {i} has no item URL")),
                    }
                }
            }
            _ => {}
        }
        if !missing.is_empty() {
            let text: String = node.to_string().chars().take(300).collect();
            problems.push(format!(
                "{file}: {t} without {}: {text}",
                missing.join(", ")
            ));
        }
    }
}

#[test]
fn every_json_ld_block_parses_and_carries_the_required_properties() {
    let mut problems = Vec::new();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut blocks = 0usize;
    for (&site, files) in &*SITES {
        let base = base_url(site);
        for html in files.pages.values() {
            for tag in html.tags.iter().filter(|t| t.name == "script") {
                if !tag
                    .attr("type")
                    .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/ld+json"))
                {
                    continue;
                }
                blocks += 1;
                let raw = element_raw(&html.text, tag);
                let value: Value = match serde_json::from_str(&raw) {
                    Ok(v) => v,
                    Err(e) => {
                        problems.push(format!(
                            "{}: JSON-LD does not parse ({e}): {}",
                            html.file,
                            raw.chars().take(200).collect::<String>()
                        ));
                        continue;
                    }
                };
                // Top-level nodes: the block, its array items, its @graph members.
                let mut nodes: Vec<&Value> = match &value {
                    Value::Array(list) => list.iter().collect(),
                    other => vec![other],
                };
                let graphs: Vec<&Value> = nodes
                    .iter()
                    .filter_map(|n| n["@graph"].as_array())
                    .flatten()
                    .collect();
                nodes.extend(graphs);
                for node in &nodes {
                    if node.get("@context").is_none()
                        && !value.get("@context").is_some_and(non_empty)
                    {
                        problems.push(format!("{}: JSON-LD node without @context", html.file));
                    }
                    for t in types(node) {
                        if t != "MovieTheater" {
                            check_node(node, &html.file, &base, files, &mut problems, &mut counts);
                            break;
                        }
                    }
                }
                // Every theatre, wherever it is (a location too), has a name and an address.
                let mut all = Vec::new();
                objects(&value, &mut all);
                for node in all
                    .into_iter()
                    .filter(|n| types(n).contains(&"MovieTheater"))
                {
                    check_node(node, &html.file, &base, files, &mut problems, &mut counts);
                }
            }
        }
    }
    eprintln!("JSON-LD: {blocks} blocks; nodes checked by type: {counts:?}");
    for t in ["Movie", "ScreeningEvent", "MovieTheater", "BreadcrumbList"] {
        if counts.get(t).copied().unwrap_or(0) == 0 {
            problems.push(format!("no {t} JSON-LD anywhere in the build"));
        }
    }
    assert_none("JSON-LD", &problems);
}

// ---------------------------------------------------------------------------------------
// 5. A second build with no change writes nothing.

/// Copies a folder; files get new modification times (the generator compares bytes).
fn copy_dir(from: &Path, to: &Path) {
    for rel in files_below(from) {
        let target = to.join(&rel);
        std::fs::create_dir_all(target.parent().expect("has a parent")).expect("create folder");
        std::fs::copy(from.join(&rel), &target).unwrap_or_else(|e| panic!("copying {rel}: {e}"));
    }
}

fn leftovers(parent: &Path) -> Vec<String> {
    std::fs::read_dir(parent)
        .expect("readable folder")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "out")
        .collect()
}

#[test]
fn a_second_build_with_no_change_writes_nothing() {
    let first = &*BUILD;
    let dir = scratch("rebuild");
    let out = dir.join("out");
    // The shared build, as published, is the previous output of this second build.
    copy_dir(&first.out, &out);
    let page = out.join("fr/cinemas.html");
    let css = files_below(&out.join("fr"))
        .into_iter()
        .find(|f| f.starts_with("assets/"))
        .expect("a stylesheet");
    let before = files_below(&out);
    let times = |p: &Path| {
        std::fs::metadata(p)
            .and_then(|m| m.modified())
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    };
    let (page_time, css_time) = (times(&page), times(&out.join("fr").join(&css)));
    std::thread::sleep(std::time::Duration::from_millis(50));

    let started = std::time::Instant::now();
    let report = generator::build(&options(&API.base, &out))
        .unwrap_or_else(|e| panic!("the second build failed: {e:#}"));
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "no-change rebuild: {seconds:.2} s (first build {:.2} s); {:?}",
        first.seconds, report.output
    );

    assert_eq!(
        report.output.written, 0,
        "a no-change rebuild wrote files; report {:?}",
        report.output
    );
    assert_eq!(
        report.output.removed, 0,
        "a no-change rebuild removed files; report {:?}",
        report.output
    );
    assert_eq!(
        report.total_pages, first.report.total_pages,
        "same pages as the first build"
    );
    assert_eq!(
        report.output.unchanged,
        first.report.output.written + first.report.output.unchanged,
        "every file of the first build is kept as it was"
    );
    assert_eq!(
        times(&page),
        page_time,
        "fr/cinemas.html was rewritten: its modification time changed"
    );
    assert_eq!(
        times(&out.join("fr").join(&css)),
        css_time,
        "the stylesheet was rewritten"
    );
    let after = files_below(&out);
    let gone: Vec<String> = before.difference(&after).cloned().collect();
    let added: Vec<String> = after.difference(&before).cloned().collect();
    assert_none("files removed by the rebuild", &gone);
    assert_none("files added by the rebuild", &added);
    assert_none("folders left next to out/", &leftovers(&dir));
}

// ---------------------------------------------------------------------------------------
// 6. A content API that fails half-way leaves the previous output intact.

#[derive(Clone, Copy, Debug)]
enum Fault {
    /// 500 on every attempt.
    ServerError,
    /// 200 with a truncated JSON body.
    MalformedJson,
    /// The connection is cut in the middle of the body.
    CutConnection,
    /// 404: the content has no data for a listed item.
    NotFound,
}

struct Proxy {
    upstream: String,
    /// Path (without query) that fails.
    target: String,
    fault: Fault,
    hits: AtomicUsize,
    client: reqwest::Client,
}

async fn proxy(
    axum::extract::State(state): axum::extract::State<Arc<Proxy>>,
    request: axum::extract::Request,
) -> axum::response::Response {
    use axum::body::{Body, Bytes};
    use axum::http::{header, StatusCode};
    let uri = request.uri().clone();
    if uri.path() == state.target {
        state.hits.fetch_add(1, Ordering::SeqCst);
        return match state.fault {
            Fault::ServerError => json(
                Body::from(r#"{"error":"injected","message":"injected failure"}"#),
                StatusCode::INTERNAL_SERVER_ERROR,
            ),
            Fault::MalformedJson => json(
                Body::from(r#"{"days": {"2026-11-22": [{"slug": "#),
                StatusCode::OK,
            ),
            Fault::NotFound => json(
                Body::from(r#"{"error":"not_found","message":"no data"}"#),
                StatusCode::NOT_FOUND,
            ),
            Fault::CutConnection => {
                let chunks: Vec<Result<Bytes, std::io::Error>> = vec![
                    Ok(Bytes::from_static(b"{\"days\": {")),
                    Err(std::io::Error::other("injected: connection cut")),
                ];
                json(
                    Body::from_stream(futures_util::stream::iter(chunks)),
                    StatusCode::OK,
                )
            }
        };
    }
    let path_and_query = uri.path_and_query().map(|p| p.as_str()).unwrap_or("/");
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("")
        .to_string();
    let answer = state
        .client
        .get(format!("{}{path_and_query}", state.upstream))
        .header(reqwest::header::HOST, host)
        .send()
        .await;
    match answer {
        Ok(answer) => {
            let status =
                StatusCode::from_u16(answer.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY);
            let body = answer.bytes().await.unwrap_or_default();
            json(Body::from(body), status)
        }
        Err(e) => json(
            Body::from(format!("{{\"error\":\"proxy\",\"message\":\"{e}\"}}")),
            StatusCode::BAD_GATEWAY,
        ),
    }
}

fn json(body: axum::body::Body, status: axum::http::StatusCode) -> axum::response::Response {
    axum::response::Response::builder()
        .status(status)
        .header(axum::http::header::CONTENT_TYPE, "application/json")
        .body(body)
        .expect("a response")
}

/// Every file below `dir` with a hash of its bytes.
fn fingerprint(dir: &Path) -> BTreeMap<String, u64> {
    files_below(dir)
        .into_iter()
        .map(|rel| {
            let bytes = std::fs::read(dir.join(&rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
            (rel, xxhash_rust::xxh3::xxh3_64(&bytes))
        })
        .collect()
}

/// A good build of the FR site into a folder of its own, then `fail` against it.
fn good_build(name: &str) -> (PathBuf, generator::BuildOptions) {
    let dir = scratch(name);
    let mut options = options(&API.base, &dir.join("out"));
    options.sites = vec!["fr".to_string()];
    generator::build(&options).unwrap_or_else(|e| panic!("the good build failed: {e:#}"));
    (dir, options)
}

/// Builds through `api` into the good build's folder: the build must fail naming `expect`,
/// and leave the previous output byte for byte, with no staging folder behind.
fn assert_failed_build_leaves_output_intact(
    dir: &Path,
    mut options: generator::BuildOptions,
    api: &str,
    expect: &str,
) -> String {
    let before = fingerprint(&options.out);
    assert!(
        before.len() > 100,
        "the good build wrote only {} files",
        before.len()
    );
    options.api = api.to_string();
    let err = match generator::build(&options) {
        Ok(report) => panic!(
            "a build through a failing API succeeded: {:?}",
            report.output
        ),
        Err(e) => format!("{e:#}"),
    };
    assert!(
        err.contains(expect),
        "the error does not name {expect}: {err}"
    );
    let after = fingerprint(&options.out);
    let changed: Vec<String> = before
        .iter()
        .filter(|(f, h)| after.get(*f) != Some(*h))
        .map(|(f, _)| format!("{f} changed or removed"))
        .chain(
            after
                .keys()
                .filter(|f| !before.contains_key(*f))
                .map(|f| format!("{f} added")),
        )
        .collect();
    assert_none("the previous output after a failed build", &changed);
    assert_none(
        "folders left next to out/ after a failed build",
        &leftovers(dir),
    );
    err
}

fn faulty_build(fault: Fault) {
    let name = format!("fault-{fault:?}").to_ascii_lowercase();
    // The schedule of a cinema half-way down the FR list: most other calls succeed first.
    let cinemas = api_json(Site::Fr, Some(Lang::Fr), "/cinemas");
    let cinemas = list(&cinemas, "");
    let slug = str_of(&cinemas[cinemas.len() / 2], "slug").expect("a cinema slug");
    let target = format!("/api/cinema/{slug}/shows");
    let (dir, options) = good_build(&name);
    let state = Arc::new(Proxy {
        upstream: API.base.clone(),
        target: target.clone(),
        fault,
        hits: AtomicUsize::new(0),
        client: reqwest::Client::new(),
    });
    let router = axum::Router::new()
        .fallback(proxy)
        .with_state(state.clone());
    let addr = serve(router);
    let err =
        assert_failed_build_leaves_output_intact(&dir, options, &format!("http://{addr}"), &target);
    let hits = state.hits.load(Ordering::SeqCst);
    eprintln!("{fault:?}: {hits} request(s) to {target} failed; error: {err}");
    assert!(hits >= 1, "the faulty URL was never asked for");
    if matches!(fault, Fault::ServerError | Fault::CutConnection) {
        assert!(
            hits >= generator::fetch::ATTEMPTS as usize,
            "a failing call is retried: {hits} attempt(s)"
        );
    }
}

#[test]
fn a_server_error_half_way_leaves_the_previous_output_intact() {
    faulty_build(Fault::ServerError);
}

#[test]
fn malformed_json_half_way_leaves_the_previous_output_intact() {
    faulty_build(Fault::MalformedJson);
}

#[test]
fn a_connection_cut_half_way_leaves_the_previous_output_intact() {
    faulty_build(Fault::CutConnection);
}

/// A timeout would take `ATTEMPTS` × `TIMEOUT` (3 × 20 s): an API that cannot be reached at
/// all stands in for it.
#[test]
fn an_unreachable_api_leaves_the_previous_output_intact() {
    assert!(
        generator::fetch::TIMEOUT.as_secs() >= 10,
        "TIMEOUT is short now: test a slow answer instead"
    );
    let closed = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = closed.local_addr().expect("address");
    drop(closed);
    let (dir, options) = good_build("fault-refused");
    let err = assert_failed_build_leaves_output_intact(
        &dir,
        options,
        &format!("http://{addr}"),
        &format!("http://{addr}/api/settings"),
    );
    eprintln!("unreachable API: {err}");
}

// ---------------------------------------------------------------------------------------
// 7. Every page kind renders, with a title, an h1 and its language.

#[test]
fn every_page_kind_renders_with_title_h1_and_language() {
    let report = &BUILD.report;
    let model = &*MODEL;
    let mut problems = Vec::new();
    let count = |site: &str, kind: PageKind| {
        report
            .pages
            .get(site)
            .and_then(|k| k.get(kind.name()))
            .copied()
            .unwrap_or(0)
    };
    for kind in PageKind::ALL {
        let routed = TABLE.routes().any(|r| r.kind == kind);
        let in_demo: BTreeSet<Site> = model
            .entries
            .iter()
            .filter(|e| e.kind == kind && e.want == Want::Page)
            .map(|e| e.site)
            .collect();
        if !routed || in_demo.is_empty() {
            eprintln!(
                "page kind {} not checked: route {routed}, content on {in_demo:?}",
                kind.name()
            );
            continue;
        }
        if count("fr", kind) + count("nl", kind) == 0 {
            let elsewhere: usize = Site::ALL.iter().map(|s| count(s.code(), kind)).sum();
            problems.push(format!(
                "{}: no page on fr or nl ({elsewhere} elsewhere; the content has it on {in_demo:?})",
                kind.name()
            ));
        }
        for site in &in_demo {
            if count(site.code(), kind) == 0 {
                problems.push(format!(
                    "{}: the report counts no page on {site} though the content has some",
                    kind.name()
                ));
            }
        }
    }
    for (&site, files) in &*SITES {
        for (path, html) in &files.pages {
            let lang = TABLE
                .parse(site, path)
                .map(|m| m.lang)
                .unwrap_or(site.default_language());
            let html_tag = html.tags.iter().find(|t| t.name == "html");
            let expected_lang = lang.locale_on(site);
            if html_tag.and_then(|t| t.attr("lang")) != Some(expected_lang.as_str()) {
                problems.push(format!(
                    "{}: <html lang={:?}>, expected {expected_lang}",
                    html.file,
                    html_tag.and_then(|t| t.attr("lang"))
                ));
            }
            let text_of = |name: &str| {
                html.tags
                    .iter()
                    .find(|t| t.name == name)
                    .map(|t| element_text(&html.text, t))
            };
            match text_of("title") {
                Some(t) if !t.is_empty() => {}
                other => problems.push(format!("{}: <title> {other:?}", html.file)),
            }
            match text_of("h1") {
                Some(t) if !t.is_empty() => {}
                other => problems.push(format!("{}: <h1> {other:?}", html.file)),
            }
        }
    }
    assert_none("page kinds and titles", &problems);
}

/// The build itself succeeded for every site and its report adds up.
#[test]
fn the_full_build_reports_every_site() {
    let build = &*BUILD;
    let report = &build.report;
    eprintln!(
        "full build: {:.2} s, {} pages, {} redirects, {} requests; {:?}",
        build.seconds, report.total_pages, report.redirects, report.requests, report.output
    );
    let sites: BTreeSet<&str> = report.pages.keys().map(String::as_str).collect();
    assert_eq!(
        sites,
        Site::ALL.iter().map(|s| s.code()).collect::<BTreeSet<_>>(),
        "sites of the report"
    );
    let summed: usize = report.pages.values().flat_map(|k| k.values()).sum();
    assert_eq!(
        summed, report.total_pages,
        "pages per site and kind add up to the total"
    );
    let saved: Value = serde_json::from_slice(
        &std::fs::read(build.out.join("build-report.json")).expect("build-report.json"),
    )
    .expect("build-report.json parses");
    assert_eq!(
        saved["total_pages"].as_u64(),
        Some(report.total_pages as u64)
    );
    for site in Site::ALL {
        let dir = build.out.join(site.code());
        for file in [
            "index.html",
            "404.html",
            "robots.txt",
            "sitemap.xml",
            "_redirects",
            "favicon.svg",
        ] {
            let home = if file == "index.html" {
                TABLE.path(
                    PageKind::Home,
                    site,
                    site.default_language(),
                    &Params::new(),
                    false,
                )
            } else {
                None
            };
            let path = home
                .map(|h| dir.join(file_of(&h)))
                .unwrap_or_else(|| dir.join(file));
            assert!(path.is_file(), "{} missing", path.display());
        }
        assert!(
            files_below(&dir)
                .iter()
                .any(|f| f.starts_with("assets/site.") && f.ends_with(".css")),
            "{site}: no hashed stylesheet"
        );
    }
}

/// The markup readers the checks above rely on: quoted and unquoted (minified) attributes,
/// character references, raw `script` text, sitemap entries.
#[test]
fn the_html_readers_understand_minified_markup() {
    let html = r#"<!doctype html><html lang=fr-FR><head><title>A &amp; B</title><link href=https://x.fr/en hreflang=en-FR rel=alternate><script type=application/ld+json>{"a":"<b href=/not-a-link>"}</script></head><body><h1 class="t">Hé <em>là</em></h1><a href=/aide?x=1#y>a</a><a href='/b%C3%A9'>b</a><img src="/media/p.svg" alt="x > y"><!-- <a href=/comment> --></body></html>"#;
    let found = tags(html);
    let hrefs: Vec<&str> = found
        .iter()
        .filter_map(|t| t.attr("href").or(t.attr("src")))
        .collect();
    assert_eq!(
        hrefs,
        ["https://x.fr/en", "/aide?x=1#y", "/b%C3%A9", "/media/p.svg"]
    );
    assert_eq!(url_path("/aide?x=1#y"), "/aide");
    assert_eq!(url_path("/b%C3%A9"), "/bé");
    let html_tag = found.iter().find(|t| t.name == "html").expect("html tag");
    assert_eq!(html_tag.attr("lang"), Some("fr-FR"));
    let title = found.iter().find(|t| t.name == "title").expect("title");
    assert_eq!(element_text(html, title), "A & B");
    let h1 = found.iter().find(|t| t.name == "h1").expect("h1");
    assert_eq!(element_text(html, h1), "Hé là");
    let script = found.iter().find(|t| t.name == "script").expect("script");
    assert_eq!(script.attr("type"), Some("application/ld+json"));
    assert_eq!(
        serde_json::from_str::<Value>(&element_raw(html, script)).expect("JSON")["a"],
        "<b href=/not-a-link>"
    );
    let xml = r#"<urlset><url><loc>https://x.fr/a?b=1&amp;c=2</loc><xhtml:link rel="alternate" hreflang="fr-FR" href="https://x.fr/a"/><xhtml:link rel="alternate" hreflang="x-default" href="https://x.fr/a"/></url></urlset>"#;
    let urls = sitemap_urls(xml);
    assert_eq!(urls.len(), 1);
    assert_eq!(urls[0].0, "https://x.fr/a?b=1&c=2");
    assert_eq!(urls[0].1.len(), 2);
    assert_eq!(
        site_path("https://x.fr", "https://x.fr"),
        Some("/".to_string())
    );
    assert_eq!(site_path("https://x.fr", "https://x.fr.evil/a"), None);
}

/// Spec §4: a cinema with no data redirects to the cinemas list. A listed cinema whose
/// detail answers 404 is not a failure: the build succeeds, writes no page for it and a 301
/// rule to the list instead.
#[test]
fn a_listed_cinema_without_data_redirects_to_the_cinemas_list() {
    let cinemas = api_json(Site::Fr, Some(Lang::Fr), "/cinemas");
    let cinemas = list(&cinemas, "");
    let slug = str_of(&cinemas[1], "slug")
        .expect("a cinema slug")
        .to_string();
    let state = Arc::new(Proxy {
        upstream: API.base.clone(),
        target: format!("/api/cinema/{slug}"),
        fault: Fault::NotFound,
        hits: AtomicUsize::new(0),
        client: reqwest::Client::new(),
    });
    let router = axum::Router::new()
        .fallback(proxy)
        .with_state(state.clone());
    let addr = serve(router);
    let dir = scratch("cinema-without-data");
    let mut options = options(&format!("http://{addr}"), &dir.join("out"));
    options.sites = vec!["fr".to_string()];
    options.langs = vec!["fr".to_string()];
    generator::build(&options)
        .unwrap_or_else(|e| panic!("a cinema without data must not fail the build: {e:#}"));
    assert!(
        state.hits.load(Ordering::SeqCst) >= 1,
        "the cinema's detail was never asked for"
    );
    let out = dir.join("out").join("fr");
    assert!(
        !out.join(format!("cinemas/{slug}.html")).exists(),
        "a page was written for a cinema without data"
    );
    let rules = std::fs::read_to_string(out.join("_redirects")).expect("_redirects");
    assert!(
        rules
            .lines()
            .any(|l| l == format!("/cinemas/{slug} /cinemas 301")),
        "no 301 from /cinemas/{slug} to /cinemas in:\n{rules}"
    );
}

// ---------------------------------------------------------------------------------------
// The brand theme (site::theme): a second look from configuration alone.

/// The stylesheet a build of `dir` links from its home page, and its text.
fn linked_stylesheet(site_dir: &Path) -> (String, String) {
    let home = std::fs::read_to_string(site_dir.join("index.html")).expect("the home page");
    let tags = tags(&home);
    let href = tags
        .iter()
        .find(|t| t.name == "link" && t.attr("rel") == Some("stylesheet"))
        .and_then(|t| t.attr("href"))
        .expect("a stylesheet link")
        .to_string();
    let css = std::fs::read_to_string(site_dir.join(href.trim_start_matches('/')))
        .expect("the linked stylesheet exists");
    (href, css)
}

#[test]
fn a_second_theme_changes_colours_fonts_and_logo_from_configuration_alone() {
    let dir = scratch("second-theme");
    let mut brand: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join("config/brand.json")).unwrap())
            .unwrap();
    brand["theme"] = serde_json::json!({
        "colours": {"brand": "#e30613", "onBrand": "#ffffff", "accent": "#7a0019", "header": "#2b0a10", "onHeader": "#fff4f4"},
        "dark": {"paper": "#121212", "surface": "#1d1d1d", "ink": "#f2f2f2", "inkMuted": "#c4c4c4", "accent": "#ff9aa8", "onAccent": "#121212", "danger": "#ff8a80", "line": "#3a3a3a"},
        "fontStack": "\"Atkinson Hyperlegible\", system-ui, sans-serif",
        "logo": {"file": "logo.svg", "width": 132, "height": 32}
    });
    let logo = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 132 32"><rect width="132" height="32" fill="#e30613"/></svg>"##;
    std::fs::write(dir.join("brand.json"), brand.to_string()).unwrap();
    std::fs::write(dir.join("logo.svg"), logo).unwrap();

    let mut themed = options(&API.base, &dir.join("themed"));
    themed.sites = vec!["fr".to_string()];
    themed.brand = dir.join("brand.json");
    generator::build(&themed).unwrap_or_else(|e| panic!("the themed build failed: {e:#}"));
    let mut plain = options(&API.base, &dir.join("plain"));
    plain.sites = vec!["fr".to_string()];
    generator::build(&plain).unwrap_or_else(|e| panic!("the default build failed: {e:#}"));

    let (themed_href, themed_css) = linked_stylesheet(&dir.join("themed/fr"));
    let (plain_href, plain_css) = linked_stylesheet(&dir.join("plain/fr"));
    assert_ne!(
        themed_href, plain_href,
        "another theme is another stylesheet (cache)"
    );
    for declaration in [
        "--color-brand:#e30613",
        "--color-accent:#7a0019",
        "--color-on-header:#fff4f4",
        "--font-body:\"Atkinson Hyperlegible\", system-ui, sans-serif",
        "color-scheme:light dark",
    ] {
        assert!(
            themed_css.contains(declaration),
            "the themed stylesheet lacks {declaration}"
        );
        assert!(
            !plain_css.contains(declaration),
            "the default stylesheet has {declaration}"
        );
    }
    assert!(
        themed_css.contains("@media (prefers-color-scheme:dark){:root{--color-accent:#ff9aa8;"),
        "the dark variant is missing"
    );
    // The theme's declarations come after the design system's, so they win.
    let default_brand = themed_css
        .find("--color-brand:#ffd23f")
        .expect("the design system's default brand colour");
    assert!(default_brand < themed_css.find("--color-brand:#e30613").unwrap());

    // The logo: copied under a hashed name, shown in the header with its size, on every page.
    let themed_pages = read_site(&dir.join("themed/fr"), Site::Fr);
    let mut problems = Vec::new();
    for (path, html) in &themed_pages.pages {
        let logo_img = html
            .tags
            .iter()
            .skip_while(|t| !(t.name == "a" && t.attr("class") == Some("logo")))
            .nth(1);
        match logo_img {
            Some(img)
                if img.name == "img"
                    && img.attr("width") == Some("132")
                    && img.attr("height") == Some("32") =>
            {
                let src = img.attr("src").unwrap_or_default();
                let bytes = std::fs::read(dir.join("themed/fr").join(src.trim_start_matches('/')))
                    .unwrap_or_default();
                if bytes != logo.as_bytes() || !src.starts_with("/assets/logo.") {
                    problems.push(format!("{path}: logo {src} is not the configured file"));
                }
            }
            // Webview pages have no header.
            None if !html.text.contains("class=site-header")
                && !html.text.contains("class=\"site-header") => {}
            other => problems.push(format!(
                "{path}: the logo link holds {:?}",
                other.map(|t| &t.name)
            )),
        }
    }
    assert_none("the themed build's logo", &problems);
    let plain_home = std::fs::read_to_string(dir.join("plain/fr/index.html")).unwrap();
    assert!(
        !plain_home.contains("/assets/logo."),
        "the default build shows the brand's name, no logo"
    );

    // A theme that fails contrast (or any bad value) stops the build, naming the pair.
    brand["theme"] = serde_json::json!({"colours": {"onBrand": "#ffffff", "brand": "#ffd23f"}});
    std::fs::write(dir.join("brand.json"), brand.to_string()).unwrap();
    let before = fingerprint(&dir.join("themed"));
    let err = format!(
        "{:#}",
        generator::build(&themed).expect_err("an unreadable theme fails the build")
    );
    assert!(err.contains("onBrand #ffffff on brand #ffd23f"), "{err}");
    assert_eq!(
        fingerprint(&dir.join("themed")),
        before,
        "a failed build leaves the output as it was"
    );
}
