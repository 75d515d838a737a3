//! The small build the page tests read, and what they check on a page again and again: links,
//! texts, amounts, showtimes, articles, webview pages.

use crate::common::*;
use serde_json::Value;
use site::routes::{PageKind, Params};
use site::{Lang, Site};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::LazyLock;
use std::time::Instant;

// ---------------------------------------------------------------------------------------
// The small build, served by the test API's preview.

pub const SMALL_SITES: [Site; 3] = [Site::Fr, Site::Nl, Site::Ch];

pub struct Small {
    pub out: PathBuf,
    pub sites: BTreeMap<Site, SiteFiles>,
}

pub static SMALL: LazyLock<Small> = LazyLock::new(|| {
    let out = API.out.clone();
    let mut options = options(&API.base, &out);
    options.sites = SMALL_SITES.iter().map(|s| s.code().to_string()).collect();
    // nginx serves it with its `.gz` siblings (serving.rs).
    options.no_precompress = false;
    let started = Instant::now();
    let report = generator::build(&options)
        .unwrap_or_else(|e| panic!("the small build (fr, nl, ch) failed: {e:#}"));
    eprintln!(
        "small build (fr, nl, ch): {} pages in {:.2} s",
        report.total_pages,
        started.elapsed().as_secs_f64()
    );
    let sites = SMALL_SITES
        .iter()
        .map(|&s| (s, read_site(&out.join(s.code()), s)))
        .collect();
    Small { out, sites }
});

pub fn slug(s: &str) -> Params {
    Params::new().with("slug", s)
}

pub fn id(s: &str) -> Params {
    Params::new().with("id", s)
}

pub fn path_of_page(
    kind: PageKind,
    site: Site,
    lang: Lang,
    params: &Params,
    webview: bool,
) -> String {
    TABLE
        .path(kind, site, lang, params, webview)
        .unwrap_or_else(|| {
            panic!(
                "the route table has no {} page on {site}/{lang} (webview {webview})",
                kind.name()
            )
        })
}

pub fn path(kind: PageKind, site: Site, lang: Lang, params: &Params) -> String {
    path_of_page(kind, site, lang, params, false)
}

/// The page at a path of the small build, or a problem.
pub fn page<'a>(site: Site, path: &str, problems: &mut Vec<String>) -> Option<&'a Page> {
    let found = SMALL.sites[&site].pages.get(path);
    if found.is_none() {
        problems.push(format!("{site}: no page {path} ({})", file_of(path)));
    }
    found
}

// ---------------------------------------------------------------------------------------
// Reading pages.

pub fn h1_texts(doc: &Doc) -> Vec<String> {
    select(doc, "h1").into_iter().map(text_of).collect()
}

/// `href` → texts of the links with that target.
pub fn links(doc: &Doc) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for a in select(doc, "a[href]") {
        let href = attr(a, "href").unwrap_or_default();
        out.entry(href.to_string()).or_default().push(text_of(a));
    }
    out
}

/// Texts of the elements that usually hold one item of a list or a fact.
pub fn item_texts(doc: &Doc) -> BTreeSet<String> {
    elements(doc)
        .into_iter()
        .filter_map(|e| match name(e) {
            "li" | "dd" | "dt" | "td" | "th" | "p" => Some(item_text(e)),
            "span" | "strong" | "h2" | "h3" => Some(text_of(e)),
            _ => None,
        })
        .collect()
}

/// Elements that start a block of their own inside an item.
const BLOCKS: [&str; 14] = [
    "li", "ul", "ol", "dd", "dt", "dl", "td", "th", "tr", "table", "p", "div", "section", "article",
];

/// The text of an item itself (`li`, `dd`, `td`, `p`…): up to the first block nested in it
/// (a sub-list, a paragraph), as a reader sees it.
pub fn item_text(item: ElementRef<'_>) -> String {
    fn collect(el: ElementRef<'_>, out: &mut String) -> bool {
        for child in el.children() {
            if let Some(text) = child.value().as_text() {
                out.push_str(text);
            } else if let Some(e) = ElementRef::wrap(child) {
                if BLOCKS.contains(&name(e)) {
                    return true;
                }
                if matches!(name(e), "script" | "style") {
                    continue;
                }
                out.push(' ');
                if collect(e, out) {
                    return true;
                }
                out.push(' ');
            }
        }
        false
    }
    let mut out = String::new();
    collect(item, &mut out);
    normalize_space(&out)
}

/// A link to `href` exists, and (when given) one of them shows `text`.
pub fn expect_link(
    html: &Page,
    links: &BTreeMap<String, Vec<String>>,
    href: &str,
    text: Option<&str>,
    what: &str,
    problems: &mut Vec<String>,
) {
    match (links.get(href), text) {
        (None, _) => problems.push(format!("{}: no link to {href} ({what})", html.file)),
        (Some(texts), Some(text)) if !texts.iter().any(|t| t.contains(text)) => {
            problems.push(format!(
                "{}: the link to {href} ({what}) says {texts:?}, expected {text:?}",
                html.file
            ))
        }
        _ => {}
    }
}

pub fn expect_text(html: &Page, text: &str, needle: &str, what: &str, problems: &mut Vec<String>) {
    let needle = normalize_space(needle);
    if !needle.is_empty() && !text.contains(&needle) {
        problems.push(format!(
            "{}: {what} {needle:?} is not on the page",
            html.file
        ));
    }
}

/// The ways a price can be printed: `12.9` as 12.9, 12.90, 12,90, 12,9 (and 49 for 49.0).
pub fn amount_forms(amount: f64) -> Vec<String> {
    let mut forms = vec![
        format!("{amount}"),
        format!("{amount:.2}"),
        format!("{amount:.2}").replace('.', ","),
        format!("{amount}").replace('.', ","),
    ];
    if amount.fract() == 0.0 {
        forms.push(format!("{amount:.0}"));
    }
    forms
}

pub fn expect_amount(
    html: &Page,
    text: &str,
    amount: &Value,
    what: &str,
    problems: &mut Vec<String>,
) {
    if let Some(amount) = amount.as_f64() {
        let forms = amount_forms(amount);
        if !forms.iter().any(|f| text.contains(f.as_str())) {
            problems.push(format!(
                "{}: {what} {amount} is not on the page (looked for {forms:?})",
                html.file
            ));
        }
    }
}

/// The instant of an HTML global date-time (RFC 3339, seconds optional), as seconds.
pub fn instant(text: &str) -> Option<i64> {
    let text = text.trim();
    chrono::DateTime::parse_from_rfc3339(text)
        .or_else(|_| chrono::DateTime::parse_from_str(text, "%Y-%m-%dT%H:%M%:z"))
        .ok()
        .map(|d| d.timestamp())
}

/// At most this much of the text after the last `<time>` of a page belongs to it.
const SEGMENT_CHARS: usize = 300;

/// Every `<time datetime>` that is a date-time: its instant and the text a reader sees from
/// it to the next `<time>` (the showtime's time, version, badges and state).
pub fn time_segments(doc: &Doc) -> Vec<(i64, String)> {
    /// Text nodes and `time` elements in document order: a new segment at each `time`.
    fn walk(el: ElementRef<'_>, segments: &mut Vec<(Option<i64>, String)>) {
        for child in el.children() {
            if let Some(text) = child.value().as_text() {
                if let Some((_, segment)) = segments.last_mut() {
                    segment.push_str(text);
                }
            } else if let Some(e) = ElementRef::wrap(child) {
                if matches!(name(e), "script" | "style") {
                    continue;
                }
                if name(e) == "time" {
                    segments.push((attr(e, "datetime").and_then(instant), String::new()));
                }
                if let Some((_, segment)) = segments.last_mut() {
                    segment.push(' ');
                }
                walk(e, segments);
                if let Some((_, segment)) = segments.last_mut() {
                    segment.push(' ');
                }
            }
        }
    }
    let mut segments = Vec::new();
    walk(doc.root_element(), &mut segments);
    segments
        .into_iter()
        .filter_map(|(at, text)| {
            let text = normalize_space(&text);
            Some((at?, text.chars().take(SEGMENT_CHARS).collect()))
        })
        .collect()
}

/// Showtimes (API JSON) on a page: each bookable one is a link to its booking URL showing its
/// time; each sold-out one is no link and says `full` in words next to its time.
pub fn check_showtimes(
    html: &Page,
    doc: &Doc,
    links: &BTreeMap<String, Vec<String>>,
    showtimes: &[&Value],
    full: &str,
    counts: &mut BTreeMap<&'static str, usize>,
    problems: &mut Vec<String>,
) {
    let segments = time_segments(doc);
    let mut soldout: BTreeMap<i64, usize> = BTreeMap::new();
    for s in showtimes {
        let status = str_of(s, "status").unwrap_or("");
        let url = str_of(s, "bookingUrl");
        let datetime = str_of(s, "datetime").unwrap_or("");
        let hhmm = datetime.get(11..16).unwrap_or("");
        match (status, url) {
            ("available", Some(url)) => {
                *counts.entry("bookable").or_default() += 1;
                match links.get(url) {
                    None => problems.push(format!(
                        "{}: the bookable showtime {datetime} is not a link to its booking URL {url}",
                        html.file
                    )),
                    Some(texts) if !texts.iter().any(|t| t.contains(hhmm)) => {
                        problems.push(format!(
                            "{}: the booking link {url} says {texts:?}, not the time {hhmm}",
                            html.file
                        ))
                    }
                    _ => {}
                }
            }
            ("soldout", _) => {
                *counts.entry("soldout").or_default() += 1;
                if let Some(url) = url.filter(|u| links.contains_key(*u)) {
                    problems.push(format!(
                        "{}: the sold-out showtime {datetime} links to booking {url}",
                        html.file
                    ));
                }
                if let Some(at) = instant(datetime) {
                    *soldout.entry(at).or_default() += 1;
                }
            }
            _ => *counts.entry("other").or_default() += 1,
        }
    }
    for (at, wanted) in soldout {
        let said = segments
            .iter()
            .filter(|(t, text)| *t == at && text.contains(full))
            .count();
        if said < wanted {
            let time = chrono::DateTime::from_timestamp(at, 0).expect("a valid instant");
            problems.push(format!(
                "{}: {wanted} sold-out showtime(s) at {time} UTC, but {said} say {full:?} in text next to their time",
                html.file
            ));
        }
    }
}

/// An article page: its title as the one h1, its body's text, no script of its own (every
/// script is a file or data: JSON-LD, island props; or the header push's, hashed in the
/// policy: `HEADER_PUSH` in generator/src/pages/inline_scripts.rs).
pub fn check_article(html: &Page, article: &Value, problems: &mut Vec<String>) {
    let doc = html.doc();
    for script in select(&doc, "script") {
        let data = attr(script, "type").is_some_and(|t| {
            t.eq_ignore_ascii_case("application/ld+json")
                || t.eq_ignore_ascii_case("application/json")
        });
        let header_push = raw_text(script).contains("\"header-push-hidden-until\"");
        if attr(script, "src").is_none() && !data && !header_push {
            problems.push(format!(
                "{}: an inline script {:?}",
                html.file,
                raw_text(script).chars().take(80).collect::<String>()
            ));
        }
    }
    let text = doc_text(&doc);
    let title = str_of(article, "title").unwrap_or_default();
    if h1_texts(&doc) != [title.to_string()] {
        problems.push(format!(
            "{}: h1 {:?}, expected [{title:?}]",
            html.file,
            h1_texts(&doc)
        ));
    }
    match str_of(article, "content") {
        Some(body) => expect_text(html, &text, &visible_text(body), "body", problems),
        None => problems.push(format!("{}: the API article has no content", html.file)),
    }
}

/// Webview pages (`m/`): a `<main>`, no header, navigation or footer before it, no footer
/// after it.
pub fn check_no_chrome(html: &Page, doc: &Doc, problems: &mut Vec<String>) {
    let all = elements(doc);
    let Some(main) = all.iter().copied().find(|e| name(*e) == "main") else {
        problems.push(format!("{}: webview page without <main>", html.file));
        return;
    };
    let chrome: Vec<&str> = before(&all, main)
        .iter()
        .map(|e| name(*e))
        .filter(|n| matches!(*n, "header" | "nav" | "footer"))
        .collect();
    if !chrome.is_empty() {
        problems.push(format!(
            "{}: webview page with {chrome:?} before <main>",
            html.file
        ));
    }
    if after(&all, main).iter().any(|e| name(*e) == "footer") {
        problems.push(format!("{}: webview page with a <footer>", html.file));
    }
}
