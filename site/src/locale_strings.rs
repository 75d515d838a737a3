//! The UI strings of a locale file (`locales/{lang}.json`) as dotted keys: one reader for the
//! generator's renderer and fragment tests and for the runtime API's messages.

use serde_json::Value;

/// A locale file's nested strings as dotted keys (`schedule.book` → its text), into any map.
pub fn flatten<M: Extend<(String, String)>>(value: &Value, out: &mut M) {
    flatten_under("", value, out);
}

fn flatten_under<M: Extend<(String, String)>>(prefix: &str, value: &Value, out: &mut M) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten_under(&key, v, out);
            }
        }
        Value::String(s) => out.extend([(prefix.to_string(), s.clone())]),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_strings_become_dotted_keys_and_other_values_are_left_out() {
        let value = serde_json::json!({"a": {"b": "x", "c": {"d": "y"}, "n": 3}, "e": "z"});
        let mut out = std::collections::BTreeMap::new();
        flatten(&value, &mut out);
        let got: Vec<(&str, &str)> = out.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(got, [("a.b", "x"), ("a.c.d", "y"), ("e", "z")]);
    }
}
