//! Every route-table page exists for exactly its sites and languages: each page the route
//! table and the content call for is there (or its redirect rule), and nothing else.

use crate::common::*;
use site::routes::PageKind;
use site::Site;
use std::collections::BTreeSet;

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
