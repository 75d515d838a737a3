//! The UI strings of `locales/{fr,en,de,nl}.json`, loaded and checked once at start-up.

use anyhow::{bail, Context};
use axum::body::Bytes;
use site::Lang;
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Debug)]
pub struct Locales {
    files: BTreeMap<Lang, Bytes>,
    /// `"voucher.captcha"` → text, per language, for the messages the API itself writes.
    strings: BTreeMap<Lang, BTreeMap<String, String>>,
}

impl Locales {
    pub fn load(dir: &Path) -> anyhow::Result<Locales> {
        let mut files = BTreeMap::new();
        let mut strings = BTreeMap::new();
        for lang in Lang::ALL {
            let path = dir.join(format!("{}.json", lang.code()));
            let text =
                std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
            let value: serde_json::Value = serde_json::from_slice(&text)
                .with_context(|| format!("parsing {}", path.display()))?;
            if !value.is_object() {
                bail!("{} must hold a JSON object", path.display());
            }
            files.insert(lang, Bytes::from(serde_json::to_vec(&value)?));
            let mut flat = BTreeMap::new();
            site::locale_strings::flatten(&value, &mut flat);
            strings.insert(lang, flat);
        }
        Ok(Locales { files, strings })
    }

    /// A UI string; the key itself when missing (a test checks the keys the API uses exist).
    pub fn text(&self, lang: Lang, key: &str) -> String {
        self.strings
            .get(&lang)
            .and_then(|s| s.get(key))
            .cloned()
            .unwrap_or_else(|| key.to_string())
    }

    pub fn has(&self, lang: Lang, key: &str) -> bool {
        self.strings.get(&lang).is_some_and(|s| s.contains_key(key))
    }

    pub fn json(&self, lang: Lang) -> &Bytes {
        &self.files[&lang]
    }
}
