//! Which content each page was made from: the dependency map of a build, kept with the
//! output (`build-deps.json`, never published), so `generator build --changed show/SLUG`
//! renders only the pages that show is on (issue "Run it for real", targeted regeneration).
//!
//! A page depends on its own item (a cinema page on `cinema/{slug}`) and on every item it
//! links to — `href` attributes and JSON-LD `url`s that are the address of another item's
//! page. That is what a page shows of other content: a schedule row, a show card, a cinema
//! in a list or a screening in JSON-LD each link to their item's page, and nothing else of
//! an item is written into a page without that link. Reading the links of the finished bytes
//! keeps the map true whatever the templates do, at the cost of one scan per rendered page.
//!
//! Keys are `{kind}/{slug}` — the names a CMS uses in `--changed` and in the webhook.

use crate::model::LocaleData;
use crate::plan::{Item, Page, SitePages};
use memchr::memmem;
pub use site::changes::ContentKey;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;
use std::sync::Mutex;

pub const DEPS_FILE: &str = "build-deps.json";

/// A page's own item, as a key.
pub fn own_key(page: &Page, locale: &LocaleData) -> Option<String> {
    let (kind, slug) = match page.item {
        Item::Cinema(i) => ("cinema", &locale.cinemas.get(i)?.cinema.slug),
        Item::City(i) => ("city", &locale.cities.get(i)?.city.slug),
        Item::Show(i) => ("show", &locale.shows.get(i)?.slug),
        Item::Season(i) => ("event", &locale.seasons.get(i)?.season.slug),
        Item::Experience(i) => ("experience", &locale.experiences.get(i)?.slug),
        Item::ExperienceGroup(i) => (
            "experience-group",
            &locale.experience_groups.get(i)?.experience.slug,
        ),
        Item::News(i) => ("news", &locale.news.news.get(i)?.slug),
        Item::Offer(i) => ("offer", &locale.news.offers.get(i)?.article.slug),
        _ => return None,
    };
    Some(format!("{kind}/{slug}"))
}

/// Keys as small numbers while a build runs (a cinema page at scale 10 links hundreds of
/// shows: 31,000 pages of string lists would be tens of megabytes).
#[derive(Default)]
struct Interner {
    ids: HashMap<String, u32>,
    names: Vec<String>,
}

impl Interner {
    fn id(&mut self, key: &str) -> u32 {
        if let Some(&id) = self.ids.get(key) {
            return id;
        }
        let id = self.names.len() as u32;
        self.names.push(key.to_string());
        self.ids.insert(key.to_string(), id);
        id
    }
}

/// The map being made by a build, and the previous build's.
pub struct Deps {
    /// Key names by id; the previous build's keys first, so their ids carry over as they are.
    keys: Mutex<Interner>,
    pages: Mutex<HashMap<String, Vec<u32>>>,
    /// The previous build's map: page → ids of its keys (a scale-10 map holds millions of
    /// page-key pairs: numbers, not strings).
    previous: HashMap<String, Vec<u32>>,
    /// How many ids the previous build's keys take (the first ones of `keys`).
    previous_keys: usize,
}

/// The file's form: each key with the pages made from it (sorted, so the same build writes
/// the same bytes).
#[derive(serde::Serialize, serde::Deserialize, Default)]
struct DepsFile {
    /// Every page of the build, by index.
    pages: Vec<String>,
    /// Key → indexes into `pages`.
    keys: BTreeMap<String, Vec<u32>>,
}

impl Deps {
    /// Starts a map, reading the previous one of the published folder (none or unreadable:
    /// empty, and a targeted build then builds everything).
    pub fn begin(published: &Path) -> Deps {
        let previous: DepsFile = std::fs::read(published.join(DEPS_FILE))
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default();
        let mut interner = Interner::default();
        let mut by_index: Vec<Vec<u32>> = vec![Vec::new(); previous.pages.len()];
        for (key, pages) in &previous.keys {
            let id = interner.id(key);
            for &i in pages {
                if let Some(keys) = by_index.get_mut(i as usize) {
                    keys.push(id);
                }
            }
        }
        let previous_keys = interner.names.len();
        Deps {
            keys: Mutex::new(interner),
            pages: Mutex::new(HashMap::new()),
            previous: previous.pages.into_iter().zip(by_index).collect(),
            previous_keys,
        }
    }

    pub fn has_previous(&self) -> bool {
        !self.previous.is_empty()
    }

    /// The id of a key of the previous build.
    fn previous_id(&self, key: &str) -> Option<u32> {
        let interner = self.keys.lock().expect("no panics while holding the lock");
        interner
            .ids
            .get(key)
            .copied()
            .filter(|&id| (id as usize) < self.previous_keys)
    }

    /// Whether the previous build knew this key (a page made from it).
    pub fn knew(&self, key: &str) -> bool {
        self.previous_id(key).is_some()
    }

    /// The previous build's pages made from any of `keys`.
    pub fn pages_of(&self, keys: &HashSet<String>) -> HashSet<String> {
        let ids: HashSet<u32> = keys.iter().filter_map(|k| self.previous_id(k)).collect();
        self.previous
            .iter()
            .filter(|(_, ks)| ks.iter().any(|k| ids.contains(k)))
            .map(|(page, _)| page.clone())
            .collect()
    }

    /// Whether the previous build had this page.
    pub fn had(&self, rel: &str) -> bool {
        self.previous.contains_key(rel)
    }

    /// Records what a rendered page was made from.
    pub fn record(&self, rel: &str, keys: BTreeSet<&str>) {
        let ids: Vec<u32> = {
            let mut interner = self.keys.lock().expect("no panics while holding the lock");
            keys.into_iter().map(|k| interner.id(k)).collect()
        };
        self.pages
            .lock()
            .expect("no panics while holding the lock")
            .insert(rel.to_string(), ids);
    }

    /// A page kept from the previous build was made from what it was made from then (its
    /// keys' ids are the same in this build: see `keys`).
    pub fn carry(&self, rel: &str) {
        let ids = self.previous.get(rel).cloned().unwrap_or_default();
        self.pages
            .lock()
            .expect("no panics while holding the lock")
            .insert(rel.to_string(), ids);
    }

    /// The map's bytes, the same for the same build.
    pub fn to_bytes(&self) -> anyhow::Result<Vec<u8>> {
        let interner = self.keys.lock().expect("no panics while holding the lock");
        let pages = self.pages.lock().expect("no panics while holding the lock");
        let mut names: Vec<&String> = pages.keys().collect();
        names.sort();
        let mut file = DepsFile {
            pages: names.iter().map(|s| s.to_string()).collect(),
            keys: BTreeMap::new(),
        };
        for (i, page) in names.iter().enumerate() {
            for &id in &pages[*page] {
                file.keys
                    .entry(interner.names[id as usize].clone())
                    .or_default()
                    .push(i as u32);
            }
        }
        Ok(serde_json::to_vec(&file)?)
    }
}

/// A site's item pages by address (with and without the site's origin), to read links.
pub struct SiteLinks {
    by_path: HashMap<String, String>,
    origin: String,
}

impl SiteLinks {
    pub fn new(plan: &SitePages, data: &crate::model::SiteData, origin: &str) -> SiteLinks {
        let mut by_path = HashMap::new();
        for page in &plan.pages {
            let Some(locale) = data.locales.get(&page.lang) else {
                continue;
            };
            if let Some(key) = own_key(page, locale) {
                by_path.insert(page.path.clone(), key);
            }
        }
        SiteLinks {
            by_path,
            origin: origin.trim_end_matches('/').to_string(),
        }
    }

    /// The keys of the items a page's bytes link to, with its own.
    pub fn keys_of<'a>(&'a self, html: &[u8], own: Option<&'a str>) -> BTreeSet<&'a str> {
        let mut keys: BTreeSet<&str> = own.into_iter().collect();
        for needle in [&b"href="[..], b"\"url\":\""] {
            for at in memmem::find_iter(html, needle) {
                let rest = &html[at + needle.len()..];
                let rest = rest.strip_prefix(b"\"").unwrap_or(rest);
                // Pages' paths start with `/`, with or without the site's origin: booking and
                // other outside links (most of a cinema page's) are passed over unread.
                if !(rest.first() == Some(&b'/') || rest.starts_with(self.origin.as_bytes())) {
                    continue;
                }
                let end = rest
                    .iter()
                    .position(|&b| matches!(b, b'"' | b'\'' | b' ' | b'>' | b'?' | b'#' | b'\\'))
                    .unwrap_or(rest.len());
                let Ok(link) = std::str::from_utf8(&rest[..end]) else {
                    continue;
                };
                let path = link.strip_prefix(self.origin.as_str()).unwrap_or(link);
                if !path.starts_with('/') {
                    continue;
                }
                if let Some(key) = self.by_path.get(path) {
                    keys.insert(key.as_str());
                }
            }
        }
        keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_read_in_attributes_and_json_ld() {
        let links = SiteLinks {
            by_path: HashMap::from([
                ("/film/x".to_string(), "show/x".to_string()),
                ("/cinemas/aix".to_string(), "cinema/aix".to_string()),
                ("/en/cinemas/aix".to_string(), "cinema/aix".to_string()),
            ]),
            origin: "https://www.example.fr".to_string(),
        };
        let html = br#"<a href=/film/x>X</a><a href="https://www.example.fr/en/cinemas/aix?d=1">A</a><a href=/film/y>Y</a><a href=https://tickets.example.org/cinemas/aix>B</a><a href="https://www.example.fr">H</a><script>{"url":"https://www.example.fr/film/x"}</script>"#;
        let keys: Vec<&str> = links.keys_of(html, Some("city/m")).into_iter().collect();
        assert_eq!(keys, ["cinema/aix", "city/m", "show/x"]);
    }
}
