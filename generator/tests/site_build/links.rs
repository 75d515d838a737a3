//! No internal link is broken: every site-relative URL of every page (and every redirect
//! target) is a page, a redirect rule, a file of the site or a demo image.

use crate::common::*;
use site::Site;
use std::collections::BTreeMap;

/// Whether a site-relative URL path (no query or hash) is served by the site.
pub fn resolves(files: &SiteFiles, path: &str) -> bool {
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
pub fn url_path(url: &str) -> String {
    let end = url.find(['?', '#']).unwrap_or(url.len());
    percent_decode(&url[..end])
}

#[test]
fn no_internal_link_is_broken() {
    let mut broken: BTreeMap<(Site, String), (usize, String)> = BTreeMap::new();
    let mut checked = 0usize;
    for (&site, files) in &*SITES {
        for html in files.pages.values() {
            let doc = html.doc();
            for tag in elements(&doc) {
                for (attribute, value) in attrs(tag) {
                    let urls: Vec<&str> = match attribute {
                        "href" | "src" | "action" | "poster" => vec![value],
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
                            let entry = broken.entry((site, url.to_string())).or_insert((
                                0,
                                format!("{} <{} {attribute}>", html.file, name(tag)),
                            ));
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
    eprintln!("internal links: {checked} checked");
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
