//! hreflang, in the head and in the sitemaps: complete, reciprocal sets, a canonical URL and
//! an x-default per indexable page, every indexable page in its language's sitemap with the
//! head's alternates.

use crate::common::*;
use site::routes::PageKind;
use site::Lang;
use std::collections::{BTreeMap, BTreeSet};

pub type Alternates = BTreeMap<String, String>;

/// hreflang → href of a page's head; duplicates reported.
fn head_alternates(html: &Page, doc: &Doc, problems: &mut Vec<String>) -> Alternates {
    let mut alternates = Alternates::new();
    for tag in select(doc, "link") {
        let rel = attr(tag, "rel").unwrap_or("").to_ascii_lowercase();
        if !rel.split_whitespace().any(|r| r == "alternate") {
            continue;
        }
        let (Some(lang), Some(href)) = (attr(tag, "hreflang"), attr(tag, "href")) else {
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

fn canonical(doc: &Doc) -> Option<&str> {
    select(doc, "link")
        .into_iter()
        .find(|t| attr(*t, "rel").is_some_and(|r| r.eq_ignore_ascii_case("canonical")))
        .and_then(|t| attr(t, "href"))
}

/// The site path of an absolute URL of the site (`https://www.x.fr/en` → `/en`).
pub fn site_path(base: &str, url: &str) -> Option<String> {
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

/// `<url>` entries of a sitemap: loc and its alternates. A sitemap is XML: the HTML parser
/// reads its elements as unknown ones (`xhtml:link` by its whole name; `/>` closes nothing
/// there, so each link holds the next one and `</url>` closes them all), enough to find each
/// by name.
pub fn sitemap_urls(xml: &str) -> Vec<(String, Alternates)> {
    let doc = parse(xml);
    select(&doc, "url")
        .into_iter()
        .map(|url| {
            let loc = select_in(url, "loc")
                .first()
                .map(|l| raw_text(*l))
                .unwrap_or_default();
            let alternates = url
                .descendent_elements()
                .filter(|e| name(*e) == "xhtml:link" && attr(*e, "rel") == Some("alternate"))
                .filter_map(|e| {
                    Some((
                        attr(e, "hreflang")?.to_string(),
                        attr(e, "href")?.to_string(),
                    ))
                })
                .collect();
            (loc, alternates)
        })
        .collect()
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
            let doc = html.doc();
            if is_noindex(&doc) {
                continue;
            }
            indexable_pages += 1;
            let alternates = head_alternates(html, &doc, &mut problems);
            let own = if path == "/" {
                format!("{base}/")
            } else {
                format!("{base}{path}")
            };
            match canonical(&doc) {
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

/// `<lastmod>` from the content (issue 14): a news page's `<url>` carries its article's release
/// date (when not after today), a cinema page's none (the API has no date for it).
#[test]
fn sitemaps_carry_lastmod_from_the_content() {
    let site = site::Site::Fr;
    let lang = site.default_language();
    let files = &SITES[&site];
    let xml = std::fs::read_to_string(files.dir.join(format!("sitemap-{}.xml", lang.code())))
        .expect("the default language's sitemap");
    let base = base_url(site);
    let url_of = |path: &str| {
        let loc = format!("<url><loc>{base}{path}</loc>");
        xml.lines()
            .find(|l| l.starts_with(&loc))
            .map(str::to_string)
    };
    let news = api_json(site, Some(lang), "/news");
    let dates: BTreeMap<String, String> = list(&news, "news")
        .iter()
        .filter_map(|a| {
            Some((
                str_of(a, "reference")?.to_string(),
                str_of(a, "releaseDate")?.to_string(),
            ))
        })
        .collect();
    // The day the builds are made as of (the sitemaps leave out later dates).
    let today = now().date_naive();
    let (mut with, mut without) = (0, 0);
    for e in MODEL.entries.iter().filter(|e| {
        e.site == site && e.lang == lang && !e.webview && files.pages.contains_key(&e.path)
    }) {
        let Some(line) = url_of(&e.path) else {
            continue;
        };
        match e.kind {
            PageKind::NewsItem => {
                let Some(date) = dates.get(&e.key) else {
                    continue;
                };
                let day = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").expect("a date");
                // A day away from today either way: the build may have run on another day.
                if (day - today).num_days().abs() <= 1 {
                    continue;
                }
                if day < today {
                    assert!(
                        line.contains(&format!("<lastmod>{date}</lastmod>")),
                        "{line}"
                    );
                    with += 1;
                } else {
                    assert!(!line.contains("<lastmod>"), "a future date: {line}");
                }
            }
            PageKind::Cinema => {
                assert!(!line.contains("<lastmod>"), "{line}");
                without += 1;
            }
            _ => {}
        }
    }
    assert!(
        with > 0 && without > 0,
        "news with a date: {with}, cinemas: {without}"
    );
}
