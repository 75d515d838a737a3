//! The UI strings of a locale file (`locales/{lang}.json`), read by the renderer and by the
//! fragment writers' tests: one reader, in a module of its own so neither imports the other.

use serde_json::Value;
use std::collections::HashMap;

/// A locale file's nested strings as dotted keys (`schedule.book`).
pub(crate) fn flatten(prefix: &str, value: &Value, out: &mut HashMap<String, String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&key, v, out);
            }
        }
        Value::String(s) => {
            out.insert(prefix.to_string(), s.clone());
        }
        _ => {}
    }
}
