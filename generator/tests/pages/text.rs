//! Issue 13, language and sharing: counts with their plural form and the language's grouping,
//! prices as `site::format` writes them (the islands' formatter replays the same table),
//! sharing tags and the web app manifest with the brand's icons, the error page's
//! `errorCode`, breadcrumbs named in the page's language. Checked on the small build (fr, nl,
//! ch) and on a build of the African sites (tn, sn, ci, ma: dinars, francs CFA, dirhams),
//! each page against the API's JSON.

use crate::common::*;
use crate::support::*;
use serde_json::Value;
use site::format::Formatter;
use site::routes::{PageKind, Params};
use site::{Lang, Site};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::LazyLock;

pub(crate) const AFRICA: [Site; 4] = [Site::Tn, Site::Sn, Site::Ci, Site::Ma];

/// The tn, sn, ci and ma sites, built once for this module.
pub(crate) static AFRICAN_BUILD: LazyLock<(PathBuf, BTreeMap<Site, SiteFiles>)> =
    LazyLock::new(|| {
        let out = scratch("text-africa");
        let mut options = options(&API.base, &out);
        options.sites = AFRICA.iter().map(|s| s.code().to_string()).collect();
        generator::build(&options).unwrap_or_else(|e| panic!("the build of tn, sn, ci, ma: {e:#}"));
        let sites = AFRICA
            .iter()
            .map(|&s| (s, read_site(&out.join(s.code()), s)))
            .collect();
        (out, sites)
    });

/// Every site of both builds with its files.
fn all_sites() -> Vec<(Site, &'static SiteFiles)> {
    SMALL
        .sites
        .iter()
        .chain(AFRICAN_BUILD.1.iter())
        .map(|(s, f)| (*s, f))
        .collect()
}

fn site_page<'a>(files: &'a SiteFiles, path: &str) -> Option<&'a Page> {
    files.pages.get(path)
}

/// The UI string of a count as the pages must write it: the form of its plural category,
/// the count grouped as the site's locale writes numbers (`1'000` in de-CH, `1.000` in nl-NL).
fn counted(site: Site, lang: Lang, key: &str, n: u64) -> String {
    let f = Formatter::of(site, lang);
    ui_string(lang, &format!("{key}.{}", f.plural(n))).replace("{count}", &f.count(n))
}

fn meta(doc: &Doc, css: &str, attribute: &str) -> Option<String> {
    select(doc, css)
        .first()
        .and_then(|e| attr(*e, attribute))
        .map(str::to_string)
}

#[test]
fn cinema_pages_count_halls_and_seats_with_the_plural_rules_of_their_language() {
    let mut problems = Vec::new();
    let mut checked = 0;
    let mut singular = 0;
    for (site, files) in all_sites() {
        for &lang in site.languages() {
            for c in list(&api_json(site, Some(lang), "/cinemas"), "") {
                let s = str_of(c, "slug").unwrap_or_default();
                let detail = api_json(site, Some(lang), &format!("/cinema/{s}"));
                let Some(stats) = detail.get("statistics").filter(|v| !v.is_null()) else {
                    continue;
                };
                let p = path(PageKind::Cinema, site, lang, &slug(s));
                let Some(html) = site_page(files, &p) else {
                    problems.push(format!("{site}: no cinema page {p}"));
                    continue;
                };
                let doc = html.doc();
                let shown: Vec<String> = select(&doc, ".stats span")
                    .iter()
                    .map(|e| e.text().collect::<String>())
                    .collect();
                let halls = stats["halls"].as_u64().unwrap_or_default();
                let seats = stats["seats"].as_u64().unwrap_or_default();
                singular += usize::from(halls == 1);
                let expected = vec![
                    counted(site, lang, "cinema.halls", halls),
                    counted(site, lang, "cinema.seats", seats),
                ];
                if shown != expected {
                    problems.push(format!(
                        "{}: stats {shown:?}, expected {expected:?}",
                        html.file
                    ));
                }
                checked += 1;
            }
        }
    }
    assert_none("cinema statistics", &problems);
    assert!(checked > 20, "only {checked} cinema pages with statistics");
    eprintln!("{checked} cinema pages, {singular} with one hall");
    // The rule itself, whatever the demo's numbers: one hall is singular in every language.
    for lang in Lang::ALL {
        assert!(!counted(Site::Fr, lang, "cinema.halls", 1)
            .contains(&ui_string(lang, "cinema.halls.other").replace("{count}", "1")));
    }
}

#[test]
fn prices_read_as_the_site_locale_writes_them_in_every_currency() {
    let mut problems = Vec::new();
    let mut by_currency: BTreeMap<&str, usize> = BTreeMap::new();
    for (site, files) in all_sites() {
        for &lang in site.languages() {
            let f = Formatter::of(site, lang);
            for c in list(&api_json(site, Some(lang), "/cinemas"), "") {
                let s = str_of(c, "slug").unwrap_or_default();
                let detail = api_json(site, Some(lang), &format!("/cinema/{s}"));
                let prices = list(&detail["pricing"], "prices");
                if prices.is_empty() {
                    continue;
                }
                let p = path(PageKind::Cinema, site, lang, &slug(s));
                let Some(html) = site_page(files, &p) else {
                    continue;
                };
                let cells: Vec<String> = select(&html.doc(), "td")
                    .iter()
                    .map(|e| e.text().collect::<String>())
                    .collect();
                for price in prices {
                    let amount = price["amount"].as_f64().unwrap_or_default();
                    let expected = f.money(amount, site.currency());
                    if !cells.contains(&expected) {
                        problems.push(format!(
                            "{}: price {amount} not written {expected:?} (cells {cells:?})",
                            html.file
                        ));
                    }
                    *by_currency.entry(site.currency()).or_default() += 1;
                }
            }
        }
    }
    assert_none("prices", &problems);
    for currency in ["EUR", "CHF", "TND", "XOF", "MAD"] {
        assert!(
            by_currency.contains_key(currency),
            "no {currency} price checked: {by_currency:?}"
        );
    }
    // Francs CFA: no cents, thousands grouped (what the pages printed as "4000 FCFA").
    assert_eq!(
        Formatter::of(Site::Sn, Lang::Fr).money(4000.0, "XOF"),
        "4\u{202f}000\u{a0}FCFA"
    );
}

#[test]
fn every_indexable_page_shares_a_description_an_image_and_the_brand_colours() {
    let brand = brand();
    let mut problems = Vec::new();
    let mut checked = 0;
    for (site, files) in all_sites() {
        let base = base_url(site);
        for (p, html) in &files.pages {
            let doc = html.doc();
            if !select(&doc, "meta[name=robots]").is_empty()
                || select(&doc, "link[rel=canonical]").is_empty()
            {
                continue; // not shareable: noindex pages
            }
            checked += 1;
            let description = meta(&doc, "meta[name=description]", "content");
            let og = meta(&doc, "meta[property='og:description']", "content");
            if description.is_none() || og != description {
                problems.push(format!(
                    "{}: og:description {og:?}, description {description:?}",
                    html.file
                ));
            }
            match meta(&doc, "meta[property='og:image']", "content") {
                Some(image) if image.starts_with("https://") || image.starts_with("http://") => {
                    // The site's own icon, or the content's picture.
                    if image.starts_with(&base) && image.ends_with(".png") {
                        let file = image[base.len()..].trim_start_matches('/');
                        if !files.files.contains(file) {
                            problems
                                .push(format!("{}: og:image {image} is not written", html.file));
                        }
                    }
                }
                other => problems.push(format!("{}: og:image {other:?} ({p})", html.file)),
            }
            if meta(&doc, "meta[name='twitter:card']", "content").is_none() {
                problems.push(format!("{}: no twitter:card", html.file));
            }
            let header = brand.theme.colours.get("header").cloned();
            let theme = meta(&doc, "meta[name=theme-color]", "content");
            if theme.is_none() || (header.is_some() && theme != header) {
                problems.push(format!(
                    "{}: theme-color {theme:?}, header colour {header:?}",
                    html.file
                ));
            }
            if meta(&doc, "link[rel=manifest]", "href").as_deref() != Some("/manifest.webmanifest")
            {
                problems.push(format!("{}: no manifest link", html.file));
            }
            let icons: Vec<String> =
                select(&doc, "link[rel=icon][sizes], link[rel=apple-touch-icon]")
                    .iter()
                    .filter_map(|e| attr(*e, "sizes").map(str::to_string))
                    .collect();
            for size in [32, 128, 152, 167, 180, 192, 196] {
                if !icons.contains(&format!("{size}x{size}")) {
                    problems.push(format!("{}: no icon of {size} px", html.file));
                }
            }
        }
    }
    assert_none("sharing tags", &problems);
    assert!(checked > 100, "only {checked} shareable pages");
}

/// The pixel size a PNG's header gives.
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    (bytes.len() > 24 && bytes.starts_with(b"\x89PNG\r\n\x1a\n") && &bytes[12..16] == b"IHDR").then(
        || {
            (
                u32::from_be_bytes(bytes[16..20].try_into().unwrap()),
                u32::from_be_bytes(bytes[20..24].try_into().unwrap()),
            )
        },
    )
}

#[test]
fn every_site_has_a_manifest_with_the_brand_and_icons_of_spec_sizes() {
    let brand = brand();
    let mut problems = Vec::new();
    for (site, files) in all_sites() {
        let text = std::fs::read_to_string(files.dir.join("manifest.webmanifest"))
            .unwrap_or_else(|e| panic!("{site}: manifest.webmanifest: {e}"));
        let manifest: Value = serde_json::from_str(&text).expect("manifest JSON");
        if manifest["name"] != brand.name.as_str() {
            problems.push(format!("{site}: manifest name {}", manifest["name"]));
        }
        let header = brand.theme.colours.get("header").map(String::as_str);
        if header.is_some_and(|h| manifest["theme_color"] != h)
            || !manifest["theme_color"].is_string()
        {
            problems.push(format!(
                "{site}: manifest theme_color {}",
                manifest["theme_color"]
            ));
        }
        // Installable: a browser offers to install a site whose manifest asks for a window
        // of its own, with a start page in its scope and icons of 192 and 512 px.
        if manifest["display"] != "standalone"
            || manifest["start_url"] != "/"
            || manifest["scope"] != "/"
        {
            problems.push(format!(
                "{site}: not installable: display {}, start_url {}, scope {}",
                manifest["display"], manifest["start_url"], manifest["scope"]
            ));
        }
        if manifest["lang"] != site.default_language().locale_on(site).as_str() {
            problems.push(format!("{site}: manifest lang {}", manifest["lang"]));
        }
        for icon in list(&manifest, "icons") {
            let src = str_of(icon, "src")
                .unwrap_or_default()
                .trim_start_matches('/');
            if !files.files.contains(src) {
                problems.push(format!("{site}: manifest icon {src} is not written"));
            }
        }
        for size in [32, 128, 152, 167, 180, 192, 196, 512] {
            let file = files.dir.join(format!("icons/icon-{size}.png"));
            let bytes = std::fs::read(&file).unwrap_or_default();
            if png_size(&bytes) != Some((size, size)) {
                problems.push(format!("{}: not a PNG of {size} px", file.display()));
            }
        }
    }
    assert_none("manifests and icons", &problems);
}

#[test]
fn the_not_found_page_shows_410_for_error_code_410_with_a_script_the_policy_allows() {
    let mut problems = Vec::new();
    for (site, files) in all_sites() {
        let headers = std::fs::read_to_string(files.dir.join("_headers")).unwrap_or_default();
        for &lang in site.languages() {
            let p = path(PageKind::NotFound, site, lang, &Params::new());
            let Some(html) = site_page(files, &p) else {
                problems.push(format!("{site}: no {p}"));
                continue;
            };
            let doc = html.doc();
            // One block (one h1): the 404 words, the gone page's in `data-gone-*`.
            let blocks = select(&doc, ".error-page");
            let gone = |name: &str| {
                blocks
                    .first()
                    .and_then(|b| attr(*b, name))
                    .map(str::to_string)
            };
            let ok = blocks.len() == 1
                && h1_texts(&doc) == [ui_string(lang, "pages.notFound.title")]
                && gone("data-gone-code").as_deref() == Some("410")
                && gone("data-gone-heading") == Some(ui_string(lang, "pages.gone.title"));
            if !ok {
                problems.push(format!(
                    "{}: error block {:?}",
                    html.file,
                    blocks.first().map(|b| b.html())
                ));
            }
            let scripts: Vec<String> = select(&doc, "main script:not([type])")
                .iter()
                .map(|e| e.text().collect())
                .collect();
            if !scripts.iter().any(|s| s.contains("errorCode")) {
                problems.push(format!("{}: no errorCode script", html.file));
            }
            // The script runs under the site's Content-Security-Policy: its hash is allowed.
            use base64::Engine as _;
            use sha2::Digest as _;
            for script in &scripts {
                let hash = base64::engine::general_purpose::STANDARD
                    .encode(sha2::Sha256::digest(script.as_bytes()));
                if !headers.contains(&format!("'sha256-{hash}'")) {
                    problems.push(format!(
                        "{}: the script's hash is not in _headers",
                        html.file
                    ));
                }
            }
        }
    }
    assert_none("error pages", &problems);
}

#[test]
fn breadcrumbs_are_named_in_the_page_language() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for (site, files) in all_sites() {
        for &lang in site.languages() {
            let p = path(PageKind::Cinemas, site, lang, &Params::new());
            let Some(html) = site_page(files, &p) else {
                continue;
            };
            for e in select(&html.doc(), "script[type='application/ld+json']") {
                let ld: Value =
                    serde_json::from_str(&e.text().collect::<String>()).unwrap_or_default();
                if ld["@type"] != "BreadcrumbList" {
                    continue;
                }
                checked += 1;
                let names: Vec<&str> = list(&ld, "itemListElement")
                    .iter()
                    .filter_map(|i| str_of(i, "name"))
                    .collect();
                let expected = [
                    ui_string(lang, "breadcrumbs.home"),
                    ui_string(lang, "header.cinemas"),
                ];
                if names != expected {
                    problems.push(format!(
                        "{}: breadcrumbs {names:?}, expected {expected:?}",
                        html.file
                    ));
                }
            }
        }
    }
    assert_none("breadcrumbs", &problems);
    assert!(checked >= 15, "only {checked} breadcrumb lists");
}
