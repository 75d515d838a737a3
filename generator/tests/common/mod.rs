//! Shared fixture of the whole-site tests: the real content API (the demo of 2026-11-22 at
//! scale 1, a fixed clock) served over HTTP on a free local port, one full build of all 8
//! sites shared by the tests, a small blocking client for the API, and the helpers that read
//! the generated HTML (attributes, titles, JSON-LD) without an HTML parser.

#![allow(dead_code)]

use chrono::{NaiveDate, TimeZone, Utc};
use demo_content::{DemoOptions, DEFAULT_SEED};
use generator::BuildOptions;
use runtime_api::clock::Clock;
use runtime_api::locales::Locales;
use runtime_api::{router::app, state::AppState};
use serde_json::Value;
use site::brand::Brand;
use site::routes::{PageKind, Params, RouteTable};
use site::{Lang, Site};
use std::collections::{BTreeMap, BTreeSet};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;
use std::time::{Duration, Instant};

pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Failure messages list at most this many offending files or URLs.
pub const SHOW_AT_MOST: usize = 20;

pub fn root() -> PathBuf {
    PathBuf::from(ROOT)
}

pub fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 22).expect("valid date")
}

pub fn brand() -> Brand {
    let text =
        std::fs::read_to_string(root().join("config/brand.json")).expect("config/brand.json");
    Brand::from_json(&text).expect("config/brand.json parses")
}

pub static TABLE: LazyLock<RouteTable> = LazyLock::new(|| RouteTable::new(&brand().slug));

/// A folder of this test binary under the target's temporary folder, emptied first.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("generator-site-build")
        .join(name);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).unwrap_or_else(|e| panic!("emptying {}: {e}", dir.display()));
    }
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
    dir
}

/// Serves `router` on 127.0.0.1 (free port) from a background thread with its own runtime.
pub fn serve(router: axum::Router) -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a tokio runtime");
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("bind 127.0.0.1:0");
            tx.send(listener.local_addr().expect("local address"))
                .expect("the test waits for the address");
            axum::serve(listener, router).await.expect("serving");
        });
    });
    rx.recv_timeout(Duration::from_secs(30))
        .expect("the server started")
}

/// The real content API over the demo content.
pub struct Api {
    pub base: String,
    /// Paths (relative to the media folder) of every demo image: `/media/{key}`.
    pub media: BTreeSet<String>,
    /// The folder the API's local preview serves (`{out}/{site}/…` by Host): a build written
    /// here is served at `{base}` with the production domain as Host.
    pub out: PathBuf,
}

pub static API: LazyLock<Api> = LazyLock::new(|| {
    let brand = brand();
    let demo = demo_content::generate(
        &DemoOptions {
            seed: DEFAULT_SEED,
            scale: 1,
            today: today(),
        },
        &brand,
    );
    let locales = Locales::load(&root().join("locales")).expect("locales load");
    let dir = scratch("api");
    let now = Utc
        .with_ymd_and_hms(2026, 11, 22, 12, 0, 0)
        .single()
        .expect("valid instant");
    let state = AppState::new(
        demo.snapshot,
        brand,
        locales,
        dir.join("out"),
        dir.join("media"),
        Clock::Fixed(now),
    )
    .with_preview();
    let addr = serve(app(state));
    Api {
        base: format!("http://{addr}"),
        media: demo.media.into_keys().collect(),
        out: dir.join("out"),
    }
});

pub fn options(api: &str, out: &Path) -> BuildOptions {
    BuildOptions {
        api: api.to_string(),
        out: out.to_path_buf(),
        sites: Vec::new(),
        langs: Vec::new(),
        templates: root().join("templates"),
        locales: root().join("locales"),
        brand: root().join("config/brand.json"),
        islands: islands_dir(),
    }
}

/// The islands' bundle when it was built (scripts/test bundles them first), else `none`.
pub fn islands_dir() -> PathBuf {
    let dist = root().join("islands/dist");
    if dist.join("manifest.json").is_file() {
        dist
    } else {
        eprintln!("islands/dist/manifest.json is missing: building pages without islands (node islands/build.mjs)");
        PathBuf::from("none")
    }
}

/// The one full build (all sites, all languages) the read-only tests share.
pub struct Build {
    pub out: PathBuf,
    pub report: generator::build::Report,
    pub seconds: f64,
}

pub static BUILD: LazyLock<Build> = LazyLock::new(|| {
    let out = scratch("full").join("out");
    let started = Instant::now();
    let report = generator::build(&options(&API.base, &out))
        .unwrap_or_else(|e| panic!("the full demo build failed: {e:#}"));
    Build {
        out,
        report,
        seconds: started.elapsed().as_secs_f64(),
    }
});

// ---------------------------------------------------------------------------------------
// The content API, read the way the generator reads it.

/// One runtime and one connection pool for every API call of the tests.
static CLIENT: LazyLock<(tokio::runtime::Runtime, reqwest::Client)> = LazyLock::new(|| {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    (runtime, reqwest::Client::new())
});

/// GET `/api{path}` for a site (Host `{site}.localhost`) and language: status and JSON body
/// (`Null` when the body is not JSON).
pub fn api_get(site: Site, lang: Option<Lang>, path: &str) -> (u16, Value) {
    let mut url = format!("{}/api{path}", API.base);
    if let Some(lang) = lang {
        url.push(if path.contains('?') { '&' } else { '?' });
        url.push_str(&format!("language={}", lang.code()));
    }
    let (runtime, client) = &*CLIENT;
    runtime.block_on(async {
        let response = client
            .get(&url)
            .header(reqwest::header::HOST, format!("{}.localhost", site.code()))
            .send()
            .await
            .unwrap_or_else(|e| panic!("GET {url}: {e}"));
        let status = response.status().as_u16();
        let body = response
            .bytes()
            .await
            .unwrap_or_else(|e| panic!("GET {url}: body: {e}"));
        (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
    })
}

/// A call that must answer 200.
pub fn api_json(site: Site, lang: Option<Lang>, path: &str) -> Value {
    let (status, value) = api_get(site, lang, path);
    assert_eq!(
        status, 200,
        "GET /api{path} on {site} ({lang:?}) answered {status}: {value}"
    );
    value
}

pub fn str_of<'a>(value: &'a Value, key: &str) -> Option<&'a str> {
    value.get(key).and_then(Value::as_str)
}

pub fn list<'a>(value: &'a Value, key: &str) -> &'a [Value] {
    let v = if key.is_empty() { value } else { &value[key] };
    v.as_array().map(Vec::as_slice).unwrap_or(&[])
}

// ---------------------------------------------------------------------------------------
// The generated files.

/// Every file below `dir`, as paths relative to it with `/` separators.
pub fn files_below(dir: &Path) -> BTreeSet<String> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            e.path()
                .strip_prefix(dir)
                .expect("below it")
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect()
}

/// The file of a page path: `/` → `index.html`, `/en/cinemas` → `en/cinemas.html`.
pub fn file_of(path: &str) -> String {
    let rel = path.trim_start_matches('/');
    if rel.is_empty() {
        "index.html".to_string()
    } else {
        format!("{rel}.html")
    }
}

/// The page path of an HTML file (the inverse of [`file_of`]).
pub fn path_of(file: &str) -> String {
    match file.strip_suffix(".html") {
        Some("index") => "/".to_string(),
        Some(rest) => format!("/{rest}"),
        None => format!("/{file}"),
    }
}

/// One HTML file, read and split into start tags once.
pub struct Html {
    /// `{site}/{file}`, for messages.
    pub file: String,
    pub text: String,
    pub tags: Vec<Tag>,
}

/// One generated site: its HTML pages (path → text) and its redirect rules.
pub struct SiteFiles {
    pub site: Site,
    pub dir: PathBuf,
    pub files: BTreeSet<String>,
    /// Page path → HTML and its start tags, for every `.html` file.
    pub pages: BTreeMap<String, Html>,
    /// from → (to, status).
    pub redirects: BTreeMap<String, (String, u16)>,
    /// Lines of `_redirects` that are not `from to status`.
    pub bad_redirect_lines: Vec<String>,
}

pub static SITES: LazyLock<BTreeMap<Site, SiteFiles>> = LazyLock::new(|| {
    let out = &BUILD.out;
    Site::ALL
        .iter()
        .map(|&site| (site, read_site(&out.join(site.code()), site)))
        .collect()
});

pub fn read_site(dir: &Path, site: Site) -> SiteFiles {
    let files = files_below(dir);
    let pages = files
        .iter()
        .filter(|f| f.ends_with(".html"))
        .map(|f| {
            let text = std::fs::read_to_string(dir.join(f))
                .unwrap_or_else(|e| panic!("{}/{f}: {e}", dir.display()));
            let tags = tags(&text);
            (
                path_of(f),
                Html {
                    file: format!("{}/{f}", site.code()),
                    text,
                    tags,
                },
            )
        })
        .collect();
    let mut redirects = BTreeMap::new();
    let mut bad_redirect_lines = Vec::new();
    if let Ok(text) = std::fs::read_to_string(dir.join("_redirects")) {
        for line in text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let parts: Vec<&str> = line.split_whitespace().collect();
            match parts.as_slice() {
                [from, to, status] if status.parse::<u16>().is_ok() => {
                    redirects.insert(from.to_string(), (to.to_string(), status.parse().unwrap()));
                }
                _ => bad_redirect_lines.push(line.to_string()),
            }
        }
    }
    SiteFiles {
        site,
        dir: dir.to_path_buf(),
        files,
        pages,
        redirects,
        bad_redirect_lines,
    }
}

/// The production base URL of a site, as canonical and hreflang links carry it.
pub fn base_url(site: Site) -> String {
    let brand = brand();
    format!(
        "https://{}",
        brand
            .domains
            .get(&site)
            .cloned()
            .unwrap_or_else(|| format!("{}.localhost", site.code()))
    )
}

/// Fails with the first [`SHOW_AT_MOST`] problems, and how many there were.
pub fn assert_none(what: &str, problems: &[String]) {
    if problems.is_empty() {
        return;
    }
    let shown: Vec<&str> = problems
        .iter()
        .take(SHOW_AT_MOST)
        .map(String::as_str)
        .collect();
    let more = if problems.len() > SHOW_AT_MOST {
        format!("\n  … and {} more", problems.len() - SHOW_AT_MOST)
    } else {
        String::new()
    };
    panic!(
        "{what}: {} problem(s)\n  {}{more}",
        problems.len(),
        shown.join("\n  ")
    );
}

// ---------------------------------------------------------------------------------------
// Reading HTML without a parser: the generator's minified output is regular enough.

/// A start tag: its name and attributes (names lower-cased, values entity-decoded).
#[derive(Debug, Clone)]
pub struct Tag {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    /// Byte offset just after the tag's `>`.
    pub end: usize,
}

impl Tag {
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Every start tag of a document, in order (comments, and the insides of `script` and
/// `style` elements, skipped).
pub fn tags(html: &str) -> Vec<Tag> {
    let bytes = html.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(rel) = html[i..].find('<') {
        let start = i + rel;
        if html[start..].starts_with("<!--") {
            i = html[start..]
                .find("-->")
                .map(|e| start + e + 3)
                .unwrap_or(html.len());
            continue;
        }
        let mut j = start + 1;
        if j >= bytes.len() || !bytes[j].is_ascii_alphabetic() {
            i = start + 1;
            continue;
        }
        while j < bytes.len()
            && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'-' || bytes[j] == b':')
        {
            j += 1;
        }
        let name = html[start + 1..j].to_ascii_lowercase();
        let mut attrs = Vec::new();
        loop {
            while j < bytes.len() && (bytes[j].is_ascii_whitespace() || bytes[j] == b'/') {
                j += 1;
            }
            if j >= bytes.len() || bytes[j] == b'>' {
                break;
            }
            let name_start = j;
            while j < bytes.len()
                && !bytes[j].is_ascii_whitespace()
                && !matches!(bytes[j], b'=' | b'>' | b'/')
            {
                j += 1;
            }
            let attr_name = html[name_start..j].to_ascii_lowercase();
            let mut value = String::new();
            if j < bytes.len() && bytes[j] == b'=' {
                j += 1;
                if j < bytes.len() && (bytes[j] == b'"' || bytes[j] == b'\'') {
                    let quote = bytes[j] as char;
                    let value_start = j + 1;
                    let value_end = html[value_start..]
                        .find(quote)
                        .map(|e| value_start + e)
                        .unwrap_or(html.len());
                    value = decode_entities(&html[value_start..value_end]);
                    j = (value_end + 1).min(html.len());
                } else {
                    let value_start = j;
                    while j < bytes.len() && !bytes[j].is_ascii_whitespace() && bytes[j] != b'>' {
                        j += 1;
                    }
                    value = decode_entities(&html[value_start..j]);
                }
            }
            if !attr_name.is_empty() {
                attrs.push((attr_name, value));
            }
        }
        let end = (j + 1).min(html.len());
        let raw_text = matches!(name.as_str(), "script" | "style");
        out.push(Tag {
            name: name.clone(),
            attrs,
            end,
        });
        i = end;
        if raw_text {
            let close = format!("</{name}");
            i = find_ci(html, &close, i).unwrap_or(html.len());
        }
    }
    out
}

fn find_ci(haystack: &str, needle: &str, from: usize) -> Option<usize> {
    let hay = haystack.as_bytes();
    let needle = needle.as_bytes();
    if needle.is_empty() || hay.len() < needle.len() {
        return None;
    }
    (from..=hay.len() - needle.len())
        .find(|&i| hay[i..i + needle.len()].eq_ignore_ascii_case(needle))
}

/// The text inside the element that starts with `tag` (up to its closing tag), tags removed.
pub fn element_text(html: &str, tag: &Tag) -> String {
    let close = format!("</{}", tag.name);
    let end = find_ci(html, &close, tag.end).unwrap_or(html.len());
    let inner = &html[tag.end..end];
    raw_inner_text(inner)
}

/// The raw text inside the element that starts with `tag` (for `script` elements).
pub fn element_raw(html: &str, tag: &Tag) -> String {
    let close = format!("</{}", tag.name);
    let end = find_ci(html, &close, tag.end).unwrap_or(html.len());
    html[tag.end..end].to_string()
}

fn raw_inner_text(inner: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in inner.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    decode_entities(&out)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Decodes the character references the generator's templates and minifier produce.
pub fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(p) = rest.find('&') {
        out.push_str(&rest[..p]);
        rest = &rest[p..];
        let end = rest[1..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '#'))
            .map(|e| e + 1)
            .unwrap_or(rest.len());
        let name = &rest[1..end];
        let decoded = match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some('\u{a0}'),
            _ if name.starts_with("#x") || name.starts_with("#X") => {
                u32::from_str_radix(&name[2..], 16)
                    .ok()
                    .and_then(char::from_u32)
            }
            _ if name.starts_with('#') => name[1..].parse::<u32>().ok().and_then(char::from_u32),
            _ => None,
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[end..];
                if rest.starts_with(';') {
                    rest = &rest[1..];
                }
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `%XX` sequences decoded (paths with non-ASCII slugs).
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let Ok(b) = u8::from_str_radix(&text[i + 1..i + 3], 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether a page asks search engines not to index it.
pub fn is_noindex(tags: &[Tag]) -> bool {
    tags.iter().any(|t| {
        t.name == "meta"
            && t.attr("name")
                .is_some_and(|n| n.eq_ignore_ascii_case("robots"))
            && t.attr("content")
                .is_some_and(|c| c.to_ascii_lowercase().contains("noindex"))
    })
}

// ---------------------------------------------------------------------------------------
// What the build must contain, from the route table and the content API alone.

/// What must be at a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Want {
    /// An HTML page.
    Page,
    /// A `_redirects` rule (and no page).
    Redirect { to: String, status: u16 },
    /// Either a page or a redirect rule (the spec leaves the choice open).
    PageOrRedirect,
    /// Nothing: the route exists but a feature flag or the content turns the page off.
    Absent,
}

#[derive(Clone, Debug)]
pub struct Expected {
    pub site: Site,
    pub lang: Lang,
    pub kind: PageKind,
    pub webview: bool,
    pub path: String,
    /// Identity of the item across languages (a reference, a vista ref, an id; empty for
    /// pages without parameters).
    pub key: String,
    pub want: Want,
    /// Where the expectation comes from, for messages.
    pub why: String,
}

pub struct Model {
    pub entries: Vec<Expected>,
    /// `siteFeaturesResolved` of each site's `/api/settings`.
    pub features: BTreeMap<Site, Value>,
}

impl Model {
    /// Pages (wanted or optional) by site and path.
    pub fn by_path(&self) -> BTreeMap<(Site, String), &Expected> {
        self.entries
            .iter()
            .map(|e| ((e.site, e.path.clone()), e))
            .collect()
    }
}

pub static MODEL: LazyLock<Model> = LazyLock::new(build_model);

fn build_model() -> Model {
    let table = &*TABLE;
    let mut entries = Vec::new();
    let mut features = BTreeMap::new();
    for site in Site::ALL {
        let settings = api_json(site, Some(site.default_language()), "/settings");
        let flags = settings["siteFeaturesResolved"].clone();
        assert!(
            flags.is_object(),
            "/api/settings on {site} has no siteFeaturesResolved: {settings}"
        );
        let flag = |name: &str| flags[name].as_bool().unwrap_or(false);
        let (voucher, gift_card) = (flag("voucherCheckerEnabled"), flag("giftCardEnabled"));
        let gone = api_json(site, Some(site.default_language()), "/shows/gone");
        for &lang in site.languages() {
            let mut add = |kind: PageKind, params: &Params, key: &str, want: Want, why: String| {
                for webview in [false, true] {
                    if let Some(path) = table.path(kind, site, lang, params, webview) {
                        let want = match (&want, webview) {
                            // Redirect rules are written for the regular pages only.
                            (Want::Redirect { .. }, true) => Want::PageOrRedirect,
                            _ => want.clone(),
                        };
                        entries.push(Expected {
                            site,
                            lang,
                            kind,
                            webview,
                            path,
                            key: key.to_string(),
                            want,
                            why: why.clone(),
                        });
                    }
                }
            };
            let none = Params::new();
            let subscription = api_get(site, Some(lang), "/cinepass").0 == 200;
            let ecards = !list(&api_json(site, Some(lang), "/ecards"), "").is_empty();
            for kind in PageKind::ALL {
                use PageKind::*;
                let on = |cond: bool| if cond { Want::Page } else { Want::Absent };
                let want = match kind {
                    Home | Cinemas | Shows | Events | Experiences | Offers | News | Help
                    | HelpSearch | App | Cvd | GeneralTerms | Sitemap | Callback | NotFound
                    | NotFoundAlias | Gone | Club | ExperienceLanding => Want::Page,
                    Ecards5 | Ecards3 => {
                        if ecards {
                            Want::Page
                        } else {
                            Want::PageOrRedirect
                        }
                    }
                    Voucher => on(voucher),
                    GiftCard => on(gift_card),
                    Subscription => on(subscription),
                    _ => continue,
                };
                add(
                    kind,
                    &none,
                    "",
                    want,
                    format!("route {} on {site}/{lang}", kind.name()),
                );
            }
            for tab in site::routes::ShowsTab::ALL {
                add(
                    PageKind::ShowsTab,
                    &Params::new().with("tab", tab.key()),
                    tab.key(),
                    Want::Page,
                    format!("shows tab {}", tab.key()),
                );
            }
            let slug = |s: &str| Params::new().with("slug", s);
            let cinema_path = |s: &str| table.path(PageKind::Cinema, site, lang, &slug(s), false);
            for c in list(&api_json(site, Some(lang), "/cinemas"), "") {
                let (s, key) = (
                    str_of(c, "slug").unwrap_or_default(),
                    str_of(c, "vistaRef").unwrap_or_default(),
                );
                add(
                    PageKind::Cinema,
                    &slug(s),
                    key,
                    Want::Page,
                    format!("/api/cinemas item {s}"),
                );
                add(
                    PageKind::CinemaLight,
                    &slug(s),
                    key,
                    Want::Page,
                    format!("/api/cinemas item {s}"),
                );
            }
            for c in list(&api_json(site, Some(lang), "/cities"), "") {
                let s = str_of(c, "slug").unwrap_or_default();
                let detail = api_json(site, Some(lang), &format!("/city/{s}"));
                let cinemas = list(&detail, "cinemas");
                let why = format!("/api/cities item {s} with {} cinema(s)", cinemas.len());
                if let [only] = cinemas {
                    let to = cinema_path(str_of(only, "slug").unwrap_or_default())
                        .expect("a cinema page path");
                    add(
                        PageKind::City,
                        &slug(s),
                        s,
                        Want::Redirect { to, status: 301 },
                        why.clone(),
                    );
                    add(PageKind::CityLight, &slug(s), s, Want::PageOrRedirect, why);
                } else {
                    add(PageKind::City, &slug(s), s, Want::Page, why.clone());
                    add(PageKind::CityLight, &slug(s), s, Want::Page, why);
                }
            }
            for show in list(&api_json(site, Some(lang), "/shows"), "") {
                let (s, key) = (
                    str_of(show, "slug").unwrap_or_default(),
                    str_of(show, "reference").unwrap_or_default(),
                );
                let kind = if show["isMovie"].as_bool().unwrap_or(true) {
                    PageKind::Show
                } else {
                    PageKind::Event
                };
                add(
                    kind,
                    &slug(s),
                    key,
                    Want::Page,
                    format!("/api/shows item {s}"),
                );
            }
            let gone_to = table
                .path(PageKind::Gone, site, lang, &none, false)
                .expect("every site has a 410 page");
            for g in list(&gone, "") {
                let s = g.as_str().unwrap_or_default();
                add(
                    PageKind::Show,
                    &slug(s),
                    s,
                    Want::Redirect {
                        to: gone_to.clone(),
                        status: 410,
                    },
                    format!("/api/shows/gone item {s}"),
                );
            }
            let events = api_json(site, Some(lang), "/events");
            for season in list(&events, "seasons") {
                let s = str_of(season, "slug").unwrap_or_default();
                let detail = api_json(site, Some(lang), &format!("/event/{s}"));
                let kind = if str_of(season, "type") == Some("special-event") {
                    PageKind::SpecialEvent
                } else {
                    PageKind::Season
                };
                let key = str_of(season, "reference").unwrap_or(s);
                let moved = str_of(&detail, "redirectSlug").or(str_of(season, "redirectSlug"));
                let want = match moved.and_then(|to| table.path(kind, site, lang, &slug(to), false))
                {
                    Some(to) => Want::Redirect { to, status: 301 },
                    None => Want::Page,
                };
                add(kind, &slug(s), key, want, format!("/api/events season {s}"));
            }
            for x in list(&api_json(site, Some(lang), "/gpxp"), "") {
                let s = str_of(x, "slug").unwrap_or_default();
                add(
                    PageKind::Experience,
                    &slug(s),
                    str_of(x, "reference").unwrap_or(s),
                    Want::Page,
                    format!("/api/gpxp item {s}"),
                );
            }
            for g in list(&api_json(site, Some(lang), "/experience-groups"), "") {
                let s = str_of(g, "slug").unwrap_or_default();
                add(
                    PageKind::ExperienceGroup,
                    &slug(s),
                    str_of(g, "reference").unwrap_or(s),
                    Want::Page,
                    format!("/api/experience-groups item {s}"),
                );
                for a in list(g, "articles") {
                    let s = str_of(a, "slug").unwrap_or_default();
                    add(
                        PageKind::ExperienceArticle,
                        &slug(s),
                        str_of(a, "reference").unwrap_or(s),
                        Want::Page,
                        format!("experience group article {s}"),
                    );
                }
            }
            let news = api_json(site, Some(lang), "/news");
            for a in list(&news, "news") {
                let s = str_of(a, "slug").unwrap_or_default();
                add(
                    PageKind::NewsItem,
                    &slug(s),
                    str_of(a, "reference").unwrap_or(s),
                    Want::Page,
                    format!("/api/news item {s}"),
                );
            }
            for a in list(&news, "offers") {
                let s = str_of(a, "slug").unwrap_or_default();
                add(
                    PageKind::Offer,
                    &slug(s),
                    str_of(a, "reference").unwrap_or(s),
                    Want::Page,
                    format!("/api/news offer {s}"),
                );
            }
            if let Some(moved) = news["moved"].as_object() {
                for (old, new) in moved {
                    if let Some(to) = new
                        .as_str()
                        .and_then(|n| table.path(PageKind::NewsItem, site, lang, &slug(n), false))
                    {
                        add(
                            PageKind::NewsItem,
                            &slug(old),
                            old,
                            Want::Redirect { to, status: 301 },
                            format!("/api/news moved {old}"),
                        );
                    }
                }
            }
            for m in list(&api_json(site, Some(lang), "/master-template/pages"), "") {
                let s = str_of(m, "slug").unwrap_or_default();
                add(
                    PageKind::MasterTemplate,
                    &slug(s),
                    str_of(m, "reference").unwrap_or(s),
                    Want::Page,
                    format!("master template {s}"),
                );
            }
            for category in list(&api_json(site, Some(lang), "/faq/categories"), "") {
                let id = str_of(category, "id").unwrap_or_default();
                let why = format!("/api/faq/categories {id}");
                if !list(category, "articles").is_empty() {
                    add(
                        PageKind::HelpCategory,
                        &Params::new().with("id", id),
                        id,
                        Want::Page,
                        why.clone(),
                    );
                }
                for a in list(category, "articles") {
                    let (aid, s) = (
                        str_of(a, "id").unwrap_or_default(),
                        str_of(a, "slug").unwrap_or_default(),
                    );
                    add(
                        PageKind::HelpArticleById,
                        &Params::new().with("id", aid),
                        aid,
                        Want::Page,
                        format!("{why} article {aid}"),
                    );
                    add(
                        PageKind::HelpArticleBySlug,
                        &slug(s),
                        aid,
                        Want::Page,
                        format!("{why} article {s}"),
                    );
                }
            }
        }
        features.insert(site, flags);
    }
    Model { entries, features }
}

// ---------------------------------------------------------------------------------------
// Helpers of the page-content tests (page_content.rs).

/// A UI string of `locales/{lang}.json` by its dotted key (`schedule.status.full`).
pub fn ui_string(lang: Lang, key: &str) -> String {
    static LOCALES: LazyLock<std::sync::Mutex<BTreeMap<Lang, Value>>> =
        LazyLock::new(Default::default);
    let mut cache = LOCALES.lock().unwrap_or_else(|e| e.into_inner());
    let tree = cache.entry(lang).or_insert_with(|| {
        let path = root().join("locales").join(format!("{}.json", lang.code()));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    });
    let mut node = &*tree;
    for part in key.split('.') {
        node = &node[part];
    }
    node.as_str()
        .unwrap_or_else(|| panic!("no UI string {key:?} in locales/{}.json", lang.code()))
        .to_string()
}

/// The text a reader sees in a piece of HTML: tags, comments, `script` and `style` elements
/// removed, character references decoded, white space (no-break spaces too) collapsed.
pub fn visible_text(html: &str) -> String {
    let mut kept = String::with_capacity(html.len());
    let mut i = 0;
    while let Some(rel) = html[i..].find('<') {
        let start = i + rel;
        kept.push_str(&html[i..start]);
        let rest = &html[start..];
        if !rest[1..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '/' || c == '!') {
            kept.push('<'); // a `<` of the text
            i = start + 1;
            continue;
        }
        let skip_to = if rest.starts_with("<!--") {
            rest.find("-->").map(|e| start + e + 3)
        } else {
            let lower: String = rest
                .chars()
                .take(7)
                .collect::<String>()
                .to_ascii_lowercase();
            let raw = ["<script", "<style"]
                .into_iter()
                .find(|p| lower.starts_with(p));
            match raw {
                Some(open) => {
                    let close = format!("</{}", &open[1..]);
                    find_ci(html, &close, start + 1)
                        .and_then(|c| html[c..].find('>').map(|e| c + e + 1))
                }
                None => rest.find('>').map(|e| start + e + 1),
            }
        };
        kept.push(' ');
        i = skip_to.unwrap_or(html.len());
    }
    kept.push_str(&html[i.min(html.len())..]);
    normalize_space(&decode_entities(&kept))
}

/// White space runs (no-break spaces included) as one space, trimmed.
pub fn normalize_space(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c == '\u{a0}')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One HTTP answer, redirects not followed.
#[derive(Debug, Clone)]
pub struct RawResponse {
    pub status: u16,
    pub location: Option<String>,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl RawResponse {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// GET `url` with a Host header and extra headers; redirects are answers, not followed.
pub fn http_raw(url: &str, host: &str, headers: &[(&str, &str)]) -> RawResponse {
    static RAW: LazyLock<reqwest::Client> = LazyLock::new(|| {
        reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(30))
            .build()
            .expect("an HTTP client")
    });
    let (runtime, _) = &*CLIENT;
    runtime.block_on(async {
        let mut request = RAW.get(url).header(reqwest::header::HOST, host);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request
            .send()
            .await
            .unwrap_or_else(|e| panic!("GET {url} (Host {host}): {e}"));
        let status = response.status().as_u16();
        let headers: Vec<(String, String)> = response
            .headers()
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_str().unwrap_or("").to_string()))
            .collect();
        let location = headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case("location"))
            .map(|(_, v)| v.clone());
        let body = response
            .bytes()
            .await
            .unwrap_or_else(|e| panic!("GET {url}: body: {e}"))
            .to_vec();
        RawResponse {
            status,
            location,
            headers,
            body,
        }
    })
}

/// Serves `snapshot` with the real runtime API (fixed clock) and builds FR in French from it
/// into a scratch folder named after `name`: the tests of modified content (hostile strings,
/// image variants, settings-driven extras). `brand_file` replaces config/brand.json.
pub fn build_fr(
    name: &str,
    snapshot: site::snapshot::Snapshot,
    brand_file: Option<&Path>,
    islands: PathBuf,
) -> SiteFiles {
    let dir = scratch(&format!("modified-{name}"));
    let locales = runtime_api::locales::Locales::load(&root().join("locales")).expect("locales");
    let now = chrono::TimeZone::with_ymd_and_hms(&chrono::Utc, 2026, 11, 22, 12, 0, 0)
        .single()
        .expect("valid instant");
    let state = runtime_api::state::AppState::new(
        snapshot,
        brand(),
        locales,
        dir.join("preview"),
        dir.join("media"),
        runtime_api::clock::Clock::Fixed(now),
    );
    let addr = serve(runtime_api::router::app(state));
    let out = dir.join("out");
    let mut options = options(&format!("http://{addr}"), &out);
    options.sites = vec!["fr".to_string()];
    options.langs = vec!["fr".to_string()];
    options.islands = islands;
    if let Some(file) = brand_file {
        options.brand = file.to_path_buf();
    }
    generator::build(&options).unwrap_or_else(|e| panic!("the {name} build failed: {e:#}"));
    let site = read_site(&out.join("fr"), Site::Fr);
    assert!(
        site.pages.len() > 100,
        "the {name} build wrote {} pages",
        site.pages.len()
    );
    site
}

/// The scale-1 demo snapshot (the API's content) as JSON, for tests that modify it and serve
/// the result with `build_fr`.
pub fn demo_snapshot_value() -> Value {
    let demo = demo_content::generate(
        &DemoOptions {
            seed: DEFAULT_SEED,
            scale: 1,
            today: today(),
        },
        &brand(),
    );
    serde_json::to_value(&demo.snapshot).expect("the snapshot serialises")
}
