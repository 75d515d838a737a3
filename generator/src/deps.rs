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
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// Maps looked up once per link of every page and per page-key pair (about 100,000 a build at
/// scale 1): hashed with rustc's Fx hash, several times quicker than std's SipHash on short
/// keys. Their keys come from the content and our route table, and only order-free look-ups
/// are made (nothing iterates them into the output).
type HashMap<K, V> = rustc_hash::FxHashMap<K, V>;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
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
    /// The previous map's file, and whether this build recorded any page anew: a build that
    /// only carried the previous pages over (a rebuild with nothing changed) writes the same
    /// bytes without serialising the map again.
    previous_bytes: Vec<u8>,
    recorded: AtomicBool,
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
        let (previous, previous_bytes): (DepsFile, Vec<u8>) =
            std::fs::read(published.join(DEPS_FILE))
                .ok()
                .and_then(|bytes| Some((serde_json::from_slice(&bytes).ok()?, bytes)))
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
            pages: Mutex::new(HashMap::default()),
            previous: previous.pages.into_iter().zip(by_index).collect(),
            previous_keys,
            previous_bytes,
            recorded: AtomicBool::new(false),
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
        self.record_ids(rel, ids);
    }

    /// Records what a rendered page was made from, as the ids `SiteLinks` reads (in any
    /// order, repeated or not).
    pub fn record_ids(&self, rel: &str, mut ids: Vec<u32>) {
        self.recorded.store(true, Ordering::Relaxed);
        ids.sort_unstable();
        ids.dedup();
        self.pages
            .lock()
            .expect("no panics while holding the lock")
            .insert(rel.to_string(), ids);
    }

    /// The ids of `keys` (each made when new): a site's keys, interned once for all its pages.
    fn ids_of<'k>(&self, keys: impl Iterator<Item = &'k str>) -> Vec<u32> {
        let mut interner = self.keys.lock().expect("no panics while holding the lock");
        keys.map(|k| interner.id(k)).collect()
    }

    /// A page kept from the previous build was made from what it was made from then (its
    /// keys' ids are the same in this build: see `keys`).
    pub fn carry(&self, rel: &str) {
        let Some(ids) = self.previous.get(rel).cloned() else {
            // Not the previous build's: recorded with no key.
            self.record(rel, BTreeSet::new());
            return;
        };
        self.pages
            .lock()
            .expect("no panics while holding the lock")
            .insert(rel.to_string(), ids);
    }

    /// Every page below `prefix` kept from the previous build (`carry`, for a whole site).
    pub fn carry_folder(&self, prefix: &str) {
        let mut pages = self.pages.lock().expect("no panics while holding the lock");
        for (rel, ids) in self
            .previous
            .iter()
            .filter(|(rel, _)| rel.starts_with(prefix))
        {
            pages.insert(rel.clone(), ids.clone());
        }
    }

    /// The map's bytes, the same for the same build.
    pub fn to_bytes(&self) -> anyhow::Result<Vec<u8>> {
        let interner = self.keys.lock().expect("no panics while holding the lock");
        let pages = self.pages.lock().expect("no panics while holding the lock");
        // Every page carried (each one the previous build had, none recorded anew) and as
        // many as then: the previous map, as it was.
        if !self.recorded.load(Ordering::Relaxed)
            && pages.len() == self.previous.len()
            && !self.previous_bytes.is_empty()
        {
            return Ok(self.previous_bytes.clone());
        }
        let mut names: Vec<&String> = pages.keys().collect();
        names.sort();
        // Borrowed from the map (a build has ~100,000 page-key pairs at scale 1, each a key's
        // name cloned before), the same bytes as a `DepsFile`.
        #[derive(serde::Serialize)]
        struct DepsFileOut<'a> {
            pages: &'a [&'a String],
            keys: BTreeMap<&'a str, &'a [u32]>,
        }
        let mut by_key: Vec<Vec<u32>> = vec![Vec::new(); interner.names.len()];
        for (i, page) in names.iter().enumerate() {
            for &id in &pages[*page] {
                by_key[id as usize].push(i as u32);
            }
        }
        let keys = by_key
            .iter()
            .enumerate()
            .filter(|(_, pages)| !pages.is_empty())
            .map(|(id, pages)| (interner.names[id].as_str(), pages.as_slice()))
            .collect();
        Ok(serde_json::to_vec(&DepsFileOut {
            pages: &names,
            keys,
        })?)
    }
}

/// A site's item pages by address (with and without the site's origin), to read links: each
/// address with its item's key as the map's id, made once for the site (a page at scale 10
/// links hundreds of items: no key looked up, compared or sorted as text per link).
pub struct SiteLinks {
    by_path: HashMap<String, u32>,
    origin: String,
}

impl SiteLinks {
    pub fn new(
        plan: &SitePages,
        data: &crate::model::SiteData,
        origin: &str,
        deps: &Deps,
    ) -> SiteLinks {
        let mut paths = Vec::new();
        let mut keys = Vec::new();
        for page in &plan.pages {
            let Some(locale) = data.locales.get(&page.lang) else {
                continue;
            };
            if let Some(key) = own_key(page, locale) {
                paths.push(page.path.clone());
                keys.push(key);
            }
        }
        let ids = deps.ids_of(keys.iter().map(String::as_str));
        SiteLinks {
            by_path: paths.into_iter().zip(ids).collect(),
            origin: origin.trim_end_matches('/').to_string(),
        }
    }

    /// The id of the item a page of this site is made from (its own key), if any.
    pub fn own(&self, path: &str) -> Option<u32> {
        self.by_path.get(path).copied()
    }

    /// The ids of the items a page's bytes link to, with its own (`own`, its path).
    pub fn keys_of(&self, html: &[u8], own: &str) -> Vec<u32> {
        let mut ids: Vec<u32> = self.own(own).into_iter().collect();
        self.scan(html, &mut ids);
        ids
    }

    /// Adds to `ids` the items `html` links to (a page's bytes, or one of its parts: no link
    /// spans two parts), in the order found, repeats included.
    pub fn scan(&self, html: &[u8], ids: &mut Vec<u32>) {
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
                if let Some(&id) = self.by_path.get(path) {
                    ids.push(id);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_that_carries_every_page_writes_the_previous_map_and_one_that_records_writes_its_own()
    {
        let dir = std::env::temp_dir().join(format!("deps-carried-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let first = Deps::begin(&dir);
        first.record("fr/a.html", BTreeSet::from(["show/x", "cinema/c"]));
        first.record("fr/b.html", BTreeSet::from(["show/y"]));
        let bytes = first.to_bytes().unwrap();
        std::fs::write(dir.join(DEPS_FILE), &bytes).unwrap();

        let carried = Deps::begin(&dir);
        carried.carry("fr/a.html");
        carried.carry("fr/b.html");
        assert_eq!(carried.to_bytes().unwrap(), bytes);

        // A page fewer: the map is made again, without it.
        let fewer = Deps::begin(&dir);
        fewer.carry("fr/a.html");
        let file: DepsFile = serde_json::from_slice(&fewer.to_bytes().unwrap()).unwrap();
        assert_eq!(file.pages, ["fr/a.html"]);

        // A page rendered again with other keys: its new keys.
        let again = Deps::begin(&dir);
        again.carry("fr/a.html");
        again.record("fr/b.html", BTreeSet::from(["show/z"]));
        let file: DepsFile = serde_json::from_slice(&again.to_bytes().unwrap()).unwrap();
        assert_eq!(file.keys["show/z"], [1]);
        assert!(!file.keys.contains_key("show/y"));

        // A page carried that the previous map did not have is a change too.
        let new_page = Deps::begin(&dir);
        new_page.carry("fr/a.html");
        new_page.carry("fr/c.html");
        let file: DepsFile = serde_json::from_slice(&new_page.to_bytes().unwrap()).unwrap();
        assert_eq!(file.pages, ["fr/a.html", "fr/c.html"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn links_are_read_in_attributes_and_json_ld() {
        let deps = Deps::begin(Path::new("/nonexistent/deps-links"));
        let ids = deps.ids_of(["show/x", "cinema/aix", "city/m"].into_iter());
        let links = SiteLinks {
            by_path: HashMap::from_iter([
                ("/film/x".to_string(), ids[0]),
                ("/cinemas/aix".to_string(), ids[1]),
                ("/en/cinemas/aix".to_string(), ids[1]),
                ("/cinemas/ville/m".to_string(), ids[2]),
            ]),
            origin: "https://www.example.fr".to_string(),
        };
        let html = br#"<a href=/film/x>X</a><a href="https://www.example.fr/en/cinemas/aix?d=1">A</a><a href=/film/y>Y</a><a href=https://tickets.example.org/cinemas/aix>B</a><a href="https://www.example.fr">H</a><script>{"url":"https://www.example.fr/film/x"}</script>"#;
        deps.record_ids("fr/m.html", links.keys_of(html, "/cinemas/ville/m"));
        // A page that links nowhere known, and is no item's: no key.
        deps.record_ids(
            "fr/other.html",
            links.keys_of(b"<a href=/film/y>Y</a>", "/other"),
        );
        let file: DepsFile = serde_json::from_slice(&deps.to_bytes().unwrap()).unwrap();
        assert_eq!(file.pages, ["fr/m.html", "fr/other.html"]);
        let keys: Vec<(&str, &[u32])> = file
            .keys
            .iter()
            .map(|(k, pages)| (k.as_str(), pages.as_slice()))
            .collect();
        assert_eq!(
            keys,
            [("cinema/aix", &[0][..]), ("city/m", &[0]), ("show/x", &[0])]
        );
    }
}
