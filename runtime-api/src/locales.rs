//! The UI strings of `locales/{fr,en,de,nl}.json`, loaded and checked once at start-up.

use anyhow::{bail, Context};
use axum::body::Bytes;
use site::Lang;
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Debug)]
pub struct Locales {
    files: BTreeMap<Lang, Bytes>,
}

impl Locales {
    pub fn load(dir: &Path) -> anyhow::Result<Locales> {
        let mut files = BTreeMap::new();
        for lang in Lang::ALL {
            let path = dir.join(format!("{}.json", lang.code()));
            let text = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
            let value: serde_json::Value =
                serde_json::from_slice(&text).with_context(|| format!("parsing {}", path.display()))?;
            if !value.is_object() {
                bail!("{} must hold a JSON object", path.display());
            }
            files.insert(lang, Bytes::from(serde_json::to_vec(&value)?));
        }
        Ok(Locales { files })
    }

    pub fn json(&self, lang: Lang) -> &Bytes {
        &self.files[&lang]
    }
}
