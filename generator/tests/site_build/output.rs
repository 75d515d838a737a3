//! What the full build writes: every page kind renders with a title, an h1 and its
//! language; the report adds up and names every site; each site has its home, 404, robots,
//! sitemaps, redirects, favicon and hashed stylesheet.

use crate::common::*;
use serde_json::Value;
use site::routes::{PageKind, Params};
use site::Site;
use std::collections::BTreeSet;

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
    let by_path = MODEL.by_path();
    for (&site, files) in &*SITES {
        for (path, html) in &files.pages {
            // The model knows pages the route table cannot parse (the news list's pages).
            let lang = by_path
                .get(&(site, path.clone()))
                .map(|e| e.lang)
                .or_else(|| TABLE.parse(site, path).map(|m| m.lang))
                .unwrap_or(site.default_language());
            let doc = html.doc();
            let html_lang = attr(doc.root_element(), "lang");
            let expected_lang = lang.locale_on(site);
            if html_lang != Some(expected_lang.as_str()) {
                problems.push(format!(
                    "{}: <html lang={html_lang:?}>, expected {expected_lang}",
                    html.file
                ));
            }
            let text = |css: &str| first(&doc, css).map(text_of);
            match text("head title") {
                Some(t) if !t.is_empty() => {}
                other => problems.push(format!("{}: <title> {other:?}", html.file)),
            }
            match text("h1") {
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
        // One render-blocking stylesheet; the print rules in their own, linked for print only
        // (the render-blocking CSS budget).
        let home = TABLE
            .path(
                PageKind::Home,
                site,
                site.default_language(),
                &Params::new(),
                false,
            )
            .expect("a home page");
        let doc = parse(&std::fs::read_to_string(dir.join(file_of(&home))).unwrap());
        let links = select(&doc, "link[rel=stylesheet]");
        let blocking: Vec<_> = links
            .iter()
            .copied()
            .filter(|&l| attr(l, "media").is_none())
            .collect();
        assert_eq!(blocking.len(), 1, "{site}: render-blocking stylesheets");
        let print: Vec<&str> = links
            .iter()
            .copied()
            .filter(|&l| attr(l, "media") == Some("print"))
            .filter_map(|l| attr(l, "href"))
            .collect();
        assert_eq!(print.len(), 1, "{site}: one print stylesheet");
        let print_css = std::fs::read_to_string(dir.join(print[0].trim_start_matches('/')))
            .expect("the print stylesheet exists");
        assert!(
            print_css.starts_with("@layer utilities{@media print{"),
            "{site}: {print_css:.80}"
        );
        let main_css = std::fs::read_to_string(
            dir.join(attr(blocking[0], "href").unwrap().trim_start_matches('/')),
        )
        .unwrap();
        assert!(
            !main_css.contains("@media print"),
            "{site}: print rules block the screen"
        );
    }
}
