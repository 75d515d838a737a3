//! The islands (issue 5): reads the bundler's `manifest.json` (islands/README.md), copies its
//! files into each site's `assets/islands/`, and gives each page the islands it shows: the
//! loader's URL, the `modulepreload` list and, per island, its module URL, hydration mode and
//! props (JSON escaped for a script element).
//!
//! `--islands DIR` (default `islands/dist`) names the bundler's output folder; the islands of
//! each page kind come from `DIR/../islands.json` (`pages`). A folder without `manifest.json`
//! fails the build. `--islands none` builds island-free pages (tests that do not need them).

use anyhow::{bail, Context as _};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// URL folder of the island files on every site.
pub const URL_DIR: &str = "/assets/islands/";

/// The service worker the islands' build writes beside them (`sw.js`, issue 17): written at
/// each site's root instead, never cached long (`nginx.rs`).
pub const SERVICE_WORKER: &str = "sw.js";

/// Islands of the page chrome, absent from webview pages.
const CHROME: [&str; 3] = ["smart-banner", "header", "footer"];

#[derive(Deserialize)]
struct Manifest {
    loader: String,
    islands: BTreeMap<String, Entry>,
}

#[derive(Deserialize)]
struct Entry {
    file: String,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default)]
    hydrate: Option<String>,
    #[serde(default)]
    labels: Vec<String>,
}

#[derive(Deserialize)]
struct List {
    pages: BTreeMap<String, Vec<String>>,
}

pub struct Islands {
    manifest: Manifest,
    pages: BTreeMap<String, Vec<String>>,
    /// Every file of the folder but the manifest: loader, islands, static and lazy chunks, CSS.
    pub files: Vec<(String, Vec<u8>)>,
    /// Hash of the manifest, the page list and the files' names: what pages take from here.
    pub hash: u64,
    /// The label books (`label_book`), by language strings (their address: the renderers'
    /// strings live as long as the build) and registration flag.
    books: std::sync::Mutex<HashMap<(usize, bool), std::sync::Arc<LabelBook>>>,
}

impl Islands {
    /// `None` when `dir` is `none`.
    pub fn load(dir: &Path) -> anyhow::Result<Option<Islands>> {
        if dir.as_os_str() == "none" {
            return Ok(None);
        }
        let manifest_path = dir.join("manifest.json");
        if !manifest_path.is_file() {
            bail!(
                "no islands manifest at {}: bundle the islands first (node islands/build.mjs --out {}), or pass --islands none for pages without islands",
                manifest_path.display(),
                dir.display()
            );
        }
        let manifest_text = std::fs::read_to_string(&manifest_path)
            .with_context(|| format!("reading {}", manifest_path.display()))?;
        let manifest: Manifest = serde_json::from_str(&manifest_text)
            .with_context(|| format!("parsing {}", manifest_path.display()))?;
        let list_path = dir.join("../islands.json");
        let text = std::fs::read_to_string(&list_path).with_context(|| {
            format!(
                "reading {} (the islands of each page kind)",
                list_path.display()
            )
        })?;
        let list: List = serde_json::from_str(&text)
            .with_context(|| format!("parsing {}", list_path.display()))?;
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        for part in [manifest_text.as_str(), "\0", text.as_str()] {
            hasher.update(part.as_bytes());
        }
        let mut files = Vec::new();
        for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if name == "manifest.json" || !entry.file_type()?.is_file() {
                continue;
            }
            files.push((
                name,
                std::fs::read(entry.path())
                    .with_context(|| format!("reading {}", entry.path().display()))?,
            ));
        }
        files.sort();
        for (name, _) in &files {
            hasher.update(name.as_bytes());
            hasher.update(b"\0");
        }
        for (name, entry) in &manifest.islands {
            for file in std::iter::once(&entry.file)
                .chain(&entry.imports)
                .chain(std::iter::once(&manifest.loader))
            {
                if !files.iter().any(|(f, _)| f == file) {
                    bail!(
                        "the islands manifest names {file} (island {name}) but {} has no such file",
                        dir.display()
                    );
                }
            }
        }
        Ok(Some(Islands {
            manifest,
            pages: list.pages,
            files,
            hash: hasher.digest(),
            books: Default::default(),
        }))
    }

    /// The islands a page of `kind` shows, in the order of islands.json.
    pub fn on_page(&self, kind: &str, webview: bool, apps: bool) -> Vec<&str> {
        let every = self.pages.get("every").into_iter().flatten();
        let own = self.pages.get(kind).into_iter().flatten();
        let mut names: Vec<&str> = Vec::new();
        for name in every.chain(own) {
            let name = name.as_str();
            if names.contains(&name) || !self.manifest.islands.contains_key(name) {
                continue;
            }
            if webview && CHROME.contains(&name) {
                continue;
            }
            if name == "smart-banner" && !apps {
                continue;
            }
            names.push(name);
        }
        names
    }

    /// The `islands` value of a page's context. `props` gives each island's own props (a JSON
    /// object's text); `site`, `lang` and `brand` (`common`) are added to them. The islands'
    /// labels are not: they are in the language's label book (`label_book`), which the loader
    /// reads once and gives each island (`labels` below names it).
    pub fn page_value(
        &self,
        names: &[&str],
        common: &Map<String, Value>,
        strings: &HashMap<String, String>,
        props: impl Fn(&str) -> Option<String>,
    ) -> Value {
        let mut on = Map::new();
        let mut preload: Vec<String> = Vec::new();
        let registration = registration_of(common);
        let lang = common.get("lang").and_then(Value::as_str).unwrap_or("xx");
        // `common` as members of an object, written once for the page's islands.
        let common_members: String = common
            .iter()
            .map(|(key, value)| {
                use site::escape::script_json_of;
                format!("{}:{},", script_json_of(key), script_json_of(value))
            })
            .collect();
        for &name in names {
            let entry = &self.manifest.islands[name];
            let hydrate = entry.hydrate.clone().unwrap_or_else(|| "load".to_string());
            let props = props(name).map(|own| {
                // `common`, then the island's own members, spliced from its object's text: a
                // key of both is the island's, as a JSON reader keeps the last of a repeated key.
                let own = own
                    .strip_prefix('{')
                    .and_then(|o| o.strip_suffix('}'))
                    .unwrap_or_default();
                let mut text = String::with_capacity(common_members.len() + own.len() + 2);
                text.push('{');
                text.push_str(&common_members);
                if own.is_empty() {
                    // The last member's comma, when there is one.
                    if text.ends_with(',') {
                        text.pop();
                    }
                } else {
                    text.push_str(&site::escape::script_json(own));
                }
                text.push('}');
                text
            });
            // What loads before any interaction is worth preloading; the rest waits.
            if hydrate == "load" || hydrate == "idle" {
                for file in std::iter::once(&entry.file).chain(&entry.imports) {
                    let url = format!("{URL_DIR}{file}");
                    if !preload.contains(&url) {
                        preload.push(url);
                    }
                }
            }
            // Values made in place: `json!` would copy each string (the props, kilobytes of
            // them a page) into a second value.
            let island = Map::from_iter([
                (
                    "src".to_string(),
                    Value::String(format!("{URL_DIR}{}", entry.file)),
                ),
                ("hydrate".to_string(), Value::String(hydrate)),
                (
                    "props".to_string(),
                    props.map_or(Value::Null, Value::String),
                ),
            ]);
            on.insert(name.to_string(), Value::Object(island));
        }
        Value::Object(Map::from_iter([
            (
                "loader".to_string(),
                Value::String(format!("{URL_DIR}{}", self.manifest.loader)),
            ),
            (
                "labels".to_string(),
                Value::String(format!(
                    "{URL_DIR}{}",
                    self.label_book(lang, strings, registration).name
                )),
            ),
            (
                "preload".to_string(),
                Value::Array(preload.into_iter().map(Value::String).collect()),
            ),
            ("on".to_string(), Value::Object(on)),
        ]))
    }
}

/// Whether the page's site offers registration (`common`'s `site`; a page without one does).
fn registration_of(common: &Map<String, Value>) -> bool {
    common
        .get("site")
        .and_then(Value::as_str)
        .and_then(site::Site::from_code)
        .is_none_or(site::Site::offers_registration)
}

/// A language's label book: every island's labels (the UI strings its manifest entry lists),
/// one JSON object by island name, written once per site and language under `URL_DIR` and
/// named by its bytes' hash. Inline, the labels were a sixth of every page's bytes, the same on
/// every page; the loader now fetches the book once, the browser keeps it (`/assets/` is
/// immutable), and gives each island its part as `props.labels` (islands/src/loader/core.ts).
pub struct LabelBook {
    /// The file's name under `URL_DIR`: `labels-{lang}.{hash}.json`.
    pub name: String,
    pub bytes: Vec<u8>,
}

/// The UI strings of the registration and email-validation pages (the sign-in invitation's
/// "create an account", the forced frames' titles): written only on the sites that offer those
/// pages (`Site::offers_registration`, spec §6), where the islands can show them.
pub const REGISTRATION_LABELS: [&str; 4] = [
    "client.signUp",
    "client.noAccount",
    "client.completeRegistration",
    "client.verifyEmail",
];

impl Islands {
    /// The label book of language `lang`, whose strings are `strings` (`LabelBook`), without
    /// the registration strings unless `registration`; made once per language and flag.
    pub fn label_book(
        &self,
        lang: &str,
        strings: &HashMap<String, String>,
        registration: bool,
    ) -> std::sync::Arc<LabelBook> {
        let key = (
            strings as *const HashMap<String, String> as usize,
            registration,
        );
        let mut books = self.books.lock().expect("no panics while holding the lock");
        books
            .entry(key)
            .or_insert_with(|| {
                let mut book = Map::new();
                // Every island, `{}` for one without labels: the loader gives each its part.
                for (name, entry) in &self.manifest.islands {
                    let labels = labels_of(&entry.labels, strings, registration);
                    book.insert(name.clone(), Value::Object(labels));
                }
                let bytes = serde_json::to_vec(&Value::Object(book)).expect("strings serialise");
                let name = format!(
                    "labels-{lang}.{:016x}.json",
                    xxhash_rust::xxh3::xxh3_64(&bytes)
                );
                std::sync::Arc::new(LabelBook { name, bytes })
            })
            .clone()
    }
}

/// An island's labels in the language of `strings`: each key its manifest entry lists (a
/// count's key by its plural forms, a key without a string by itself), without the
/// registration strings unless `registration`.
fn labels_of(
    keys: &[String],
    strings: &HashMap<String, String>,
    registration: bool,
) -> Map<String, Value> {
    let mut labels = Map::new();
    for k in keys {
        if !registration && REGISTRATION_LABELS.contains(&k.as_str()) {
            continue;
        }
        if let Some(value) = strings.get(k) {
            labels.insert(k.clone(), Value::String(value.clone()));
        } else if strings.contains_key(&format!("{k}.other")) {
            // A count's string: its plural forms, which the island picks from.
            for category in site::format::PLURAL_CATEGORIES {
                let form = format!("{k}.{category}");
                if let Some(value) = strings.get(&form) {
                    labels.insert(form, Value::String(value.clone()));
                }
            }
        } else {
            labels.insert(k.clone(), Value::String(k.clone()));
        }
    }
    labels
}

/// JSON for a `<script type="application/json">`: `<` as `\u003c`, so no `</script>` or
/// `<!--` can end or change it.
pub fn script_json(value: &Value) -> String {
    site::escape::script_json_of(value)
}

#[cfg(test)]
mod tests {
    #[test]
    fn script_json_escapes_angle_brackets() {
        let text = super::script_json(&serde_json::json!({"a": "</script><!--"}));
        assert_eq!(text, r#"{"a":"\u003c/script\u003e\u003c!--"}"#);
    }
}

#[cfg(test)]
mod load_tests {
    use super::Islands;
    use std::path::Path;

    #[test]
    fn none_means_no_islands_and_a_folder_without_manifest_fails_clearly() {
        assert!(Islands::load(Path::new("none"))
            .expect("none is accepted")
            .is_none());
        let err = Islands::load(Path::new("/nonexistent/islands/dist"))
            .err()
            .expect("no manifest fails");
        assert!(
            format!("{err:#}")
                .contains("no islands manifest at /nonexistent/islands/dist/manifest.json"),
            "{err:#}"
        );
    }

    /// An islands folder of two islands: `a` with a plain, a registration, a count's and a
    /// missing label; `b` with none.
    fn two_islands(dir: &Path) -> Islands {
        let dist = dir.join("dist");
        std::fs::create_dir_all(&dist).unwrap();
        let manifest = serde_json::json!({
            "loader": "loader.L.js",
            "islands": {
                "a": {"file": "a.A.js", "hydrate": "load", "labels": ["k1", "client.signUp", "n", "missing"]},
                "b": {"file": "b.B.js", "hydrate": "idle"}
            }
        });
        std::fs::write(dist.join("manifest.json"), manifest.to_string()).unwrap();
        std::fs::write(
            dir.join("islands.json"),
            r#"{"pages": {"every": ["a", "b"]}}"#,
        )
        .unwrap();
        for file in ["loader.L.js", "a.A.js", "b.B.js"] {
            std::fs::write(dist.join(file), "export {}").unwrap();
        }
        Islands::load(&dist).unwrap().expect("a folder")
    }

    #[test]
    fn the_label_book_holds_every_island_of_a_language_and_pages_name_it_instead_of_carrying_it() {
        let dir = std::env::temp_dir().join(format!("label-book-{}", std::process::id()));
        let islands = two_islands(&dir);
        let strings: std::collections::HashMap<String, String> = [
            ("k1", "un"),
            ("client.signUp", "Créer un compte"),
            ("n.one", "{count} séance"),
            ("n.other", "{count} séances"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        let book = islands.label_book("fr", &strings, true);
        let read: serde_json::Value = serde_json::from_slice(&book.bytes).unwrap();
        assert_eq!(
            read,
            serde_json::json!({
                "a": {"k1": "un", "client.signUp": "Créer un compte", "n.one": "{count} séance",
                      "n.other": "{count} séances", "missing": "missing"},
                "b": {}
            })
        );
        // Named by its bytes, made once per language and flag.
        let hash = format!("{:016x}", xxhash_rust::xxh3::xxh3_64(&book.bytes));
        assert_eq!(book.name, format!("labels-fr.{hash}.json"));
        assert!(std::sync::Arc::ptr_eq(
            &book,
            &islands.label_book("fr", &strings, true)
        ));
        // Without registration, its strings are left out: another book.
        let without = islands.label_book("fr", &strings, false);
        let read: serde_json::Value = serde_json::from_slice(&without.bytes).unwrap();
        assert!(read["a"].get("client.signUp").is_none(), "{read}");
        assert_ne!(without.name, book.name);
        // A page names the book; its islands' props carry no labels.
        let common = serde_json::Map::from_iter([
            ("site".to_string(), serde_json::json!("fr")),
            ("lang".to_string(), serde_json::json!("fr")),
        ]);
        let value = islands.page_value(&["a", "b"], &common, &strings, |name| {
            (name == "a").then(|| r#"{"x":"</script>"}"#.to_string())
        });
        assert_eq!(value["labels"], format!("/assets/islands/{}", book.name));
        assert_eq!(
            value["on"]["a"]["props"],
            r#"{"lang":"fr","site":"fr","x":"\u003c/script\u003e"}"#
        );
        assert_eq!(value["on"]["b"]["props"], serde_json::Value::Null);
        std::fs::remove_dir_all(&dir).ok();
    }
}
