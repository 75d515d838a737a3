//! The generated files read back: every file of a site, its pages (path → HTML text) and
//! its redirect rules.

use super::BUILD;
use site::Site;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

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

/// One HTML page of a build: its text, parsed on demand ([`Page::doc`]; a parsed document
/// is neither `Send` nor small, so a whole build is kept as text).
pub struct Page {
    /// `{site}/{file}`, for messages.
    pub file: String,
    pub text: String,
}

impl Page {
    /// The page parsed as a browser parses it (see [`super::html::parse`]).
    pub fn doc(&self) -> super::html::Doc {
        super::html::parse(&self.text)
    }
}

/// One generated site: its HTML pages (path → text) and its redirect rules.
pub struct SiteFiles {
    pub site: Site,
    pub dir: PathBuf,
    pub files: BTreeSet<String>,
    /// Page path → page, for every `.html` file.
    pub pages: BTreeMap<String, Page>,
    /// from → (to, status).
    pub redirects: BTreeMap<String, (String, u16)>,
    /// Lines of `_redirects` that are not `from to status`.
    pub bad_redirect_lines: Vec<String>,
}

impl SiteFiles {
    /// The labels an island of page `doc` is given, read as the islands' loader reads them
    /// (islands/src/loader/core.ts): from the label book the root element names
    /// (`data-labels`), a file of this site. `None` when the page names no book, the site
    /// has no such file or the book has no entry for the island.
    pub fn island_labels(&self, doc: &super::html::Doc, island: &str) -> Option<serde_json::Value> {
        let url = super::html::attr(doc.root_element(), "data-labels")?;
        let text = std::fs::read_to_string(self.dir.join(url.trim_start_matches('/'))).ok()?;
        let mut book: serde_json::Value = serde_json::from_str(&text).ok()?;
        Some(book.get_mut(island)?.take())
    }
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
            (
                path_of(f),
                Page {
                    file: format!("{}/{f}", site.code()),
                    text,
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
    let brand = super::brand();
    format!(
        "https://{}",
        brand
            .domains
            .get(&site)
            .cloned()
            .unwrap_or_else(|| format!("{}.localhost", site.code()))
    )
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
