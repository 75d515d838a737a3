//! The UI strings in `locales/{fr,en,de,nl}.json` are one nested object per language, grouped
//! by concern, with string leaves only. Every language must carry exactly the same keys, no
//! empty value, the same `{placeholder}` names per key, and never the brand name itself (the
//! brand is configuration: strings say `{brand}`).

use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};

const LOCALES_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../locales/");
const BRAND_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../config/brand.json");
const LANGUAGES: [&str; 4] = ["fr", "en", "de", "nl"];

/// Flattened strings of one language: dotted key → value.
type Flat = BTreeMap<String, String>;

fn load(lang: &str) -> Result<Flat, String> {
    let path = format!("{LOCALES_DIR}{lang}.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: cannot read: {e}"))?;
    let value: Value =
        serde_json::from_str(&text).map_err(|e| format!("{path}: invalid JSON: {e}"))?;
    let Value::Object(root) = value else {
        return Err(format!("{path}: the top level must be an object"));
    };
    let mut flat = Flat::new();
    let mut errors = Vec::new();
    flatten(&root, "", &mut flat, &mut errors);
    if errors.is_empty() {
        Ok(flat)
    } else {
        Err(format!("{path}:\n  {}", errors.join("\n  ")))
    }
}

fn flatten(object: &Map<String, Value>, prefix: &str, out: &mut Flat, errors: &mut Vec<String>) {
    for (key, value) in object {
        let path = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        if !is_lower_camel_case(key) {
            errors.push(format!("{path}: key segment `{key}` is not lowerCamelCase"));
        }
        match value {
            Value::String(s) => {
                out.insert(path, s.clone());
            }
            Value::Object(inner) if inner.is_empty() => {
                errors.push(format!("{path}: empty group"));
            }
            Value::Object(inner) => flatten(inner, &path, out, errors),
            other => errors.push(format!(
                "{path}: expected a string or an object, found {other}"
            )),
        }
    }
}

fn is_lower_camel_case(segment: &str) -> bool {
    let mut chars = segment.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase() || c.is_ascii_digit())
        && chars.all(|c| c.is_ascii_alphanumeric())
}

/// Placeholder names in a value (`{count}` → `count`), or a description of a malformed brace.
fn placeholders(value: &str) -> Result<BTreeSet<String>, String> {
    let mut names = BTreeSet::new();
    let mut rest = value;
    while let Some(open) = rest.find(['{', '}']) {
        if rest[open..].starts_with('}') {
            return Err(format!("unmatched `}}` in {value:?}"));
        }
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            return Err(format!("unclosed `{{` in {value:?}"));
        };
        let name = &after[..close];
        let well_formed = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !well_formed {
            return Err(format!("malformed placeholder `{{{name}}}` in {value:?}"));
        }
        names.insert(name.to_string());
        rest = &after[close + 1..];
    }
    Ok(names)
}

/// For each language, the keys it lacks and the keys only it has, against the union of all.
fn key_differences(all: &BTreeMap<&str, Flat>) -> Vec<String> {
    let union: BTreeSet<&String> = all.values().flat_map(|flat| flat.keys()).collect();
    let mut report = Vec::new();
    for (lang, flat) in all {
        let missing: Vec<&str> = union
            .iter()
            .filter(|k| !flat.contains_key(k.as_str()))
            .map(|k| k.as_str())
            .collect();
        let extra: Vec<&str> = flat
            .keys()
            .filter(|k| all.values().any(|other| !other.contains_key(*k)))
            .map(String::as_str)
            .collect();
        if !missing.is_empty() {
            report.push(format!(
                "{lang}.json misses {} key(s): {}",
                missing.len(),
                missing.join(", ")
            ));
        }
        if !extra.is_empty() {
            report.push(format!(
                "{lang}.json has {} key(s) absent from another language: {}",
                extra.len(),
                extra.join(", ")
            ));
        }
    }
    report
}

/// Keys whose placeholder names differ between languages, and malformed braces.
fn placeholder_differences(all: &BTreeMap<&str, Flat>) -> Vec<String> {
    let mut report = Vec::new();
    let keys: BTreeSet<&String> = all.values().flat_map(|flat| flat.keys()).collect();
    for key in keys {
        let mut per_lang: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
        for (lang, flat) in all {
            let Some(value) = flat.get(key) else { continue };
            match placeholders(value) {
                Ok(names) => {
                    per_lang.insert(lang, names);
                }
                Err(e) => report.push(format!("{lang}: {key}: {e}")),
            }
        }
        let distinct: BTreeSet<&BTreeSet<String>> = per_lang.values().collect();
        if distinct.len() > 1 {
            let detail: Vec<String> = per_lang
                .iter()
                .map(|(lang, names)| {
                    let names: Vec<String> = names.iter().map(|n| format!("{{{n}}}")).collect();
                    format!("{lang} [{}]", names.join(" "))
                })
                .collect();
            report.push(format!("{key}: placeholders differ: {}", detail.join(", ")));
        }
    }
    report
}

fn load_all() -> BTreeMap<&'static str, Flat> {
    let mut all = BTreeMap::new();
    let mut errors = Vec::new();
    for lang in LANGUAGES {
        match load(lang) {
            Ok(flat) => {
                all.insert(lang, flat);
            }
            Err(e) => errors.push(e),
        }
    }
    assert!(
        errors.is_empty(),
        "locale files are malformed:\n{}",
        errors.join("\n")
    );
    all
}

#[test]
fn every_locale_parses_as_nested_objects_of_strings() {
    let all = load_all();
    for (lang, flat) in &all {
        assert!(!flat.is_empty(), "{lang}.json has no strings");
    }
}

#[test]
fn every_language_has_exactly_the_same_keys() {
    let all = load_all();
    let report = key_differences(&all);
    assert!(
        report.is_empty(),
        "locale keys differ between languages:\n{}",
        report.join("\n")
    );
}

#[test]
fn no_value_is_empty() {
    let all = load_all();
    let empty: Vec<String> = all
        .iter()
        .flat_map(|(lang, flat)| {
            flat.iter()
                .filter(|(_, v)| v.trim().is_empty())
                .map(move |(k, _)| format!("{lang}: {k}"))
        })
        .collect();
    assert!(empty.is_empty(), "empty values:\n{}", empty.join("\n"));
}

#[test]
fn placeholders_match_across_languages() {
    let all = load_all();
    let report = placeholder_differences(&all);
    assert!(
        report.is_empty(),
        "placeholder problems:\n{}",
        report.join("\n")
    );
}

#[test]
fn the_brand_name_is_never_written_out() {
    let all = load_all();
    let text = std::fs::read_to_string(BRAND_FILE).expect("config/brand.json is readable");
    let brand: Value = serde_json::from_str(&text).expect("config/brand.json is valid JSON");
    let names: Vec<String> = ["name", "shortName"]
        .iter()
        .filter_map(|field| brand.get(field).and_then(Value::as_str))
        .map(str::to_lowercase)
        .filter(|name| !name.is_empty())
        .collect();
    assert!(!names.is_empty(), "config/brand.json carries no brand name");
    let mut hits = Vec::new();
    for (lang, flat) in &all {
        for (key, value) in flat {
            let lower = value.to_lowercase();
            if names.iter().any(|name| lower.contains(name.as_str())) {
                hits.push(format!("{lang}: {key}: {value:?}"));
            }
        }
    }
    assert!(
        hits.is_empty(),
        "write `{{brand}}` instead of the brand name:\n{}",
        hits.join("\n")
    );
}

#[test]
fn every_page_kind_has_a_title_an_intro_and_seo() {
    let all = load_all();
    let fr = &all["fr"];
    let pages: BTreeSet<&str> = fr
        .keys()
        .filter_map(|k| k.strip_prefix("pages.")?.split('.').next())
        .collect();
    assert!(
        pages.len() >= 40,
        "only {} page kinds under `pages`",
        pages.len()
    );
    let mut missing = Vec::new();
    for page in &pages {
        for key in [
            format!("pages.{page}.title"),
            format!("pages.{page}.intro"),
            format!("seo.{page}.title"),
            format!("seo.{page}.description"),
        ] {
            // A count's string is its plural forms (`….intro.one`, `….intro.other`).
            if !fr.contains_key(&key) && !fr.contains_key(&format!("{key}.other")) {
                missing.push(key);
            }
        }
    }
    for key in ["seo.default.title", "seo.default.description"] {
        if !fr.contains_key(key) {
            missing.push(key.to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "missing page strings: {}",
        missing.join(", ")
    );
}

// The checks above must themselves catch what they claim to catch.

fn flat_of(json: &str) -> Result<Flat, String> {
    let Value::Object(root) = serde_json::from_str::<Value>(json).unwrap() else {
        panic!()
    };
    let mut flat = Flat::new();
    let mut errors = Vec::new();
    flatten(&root, "", &mut flat, &mut errors);
    if errors.is_empty() {
        Ok(flat)
    } else {
        Err(errors.join("; "))
    }
}

#[test]
fn checker_reports_missing_and_extra_keys_per_language() {
    let mut all = BTreeMap::new();
    all.insert("fr", flat_of(r#"{"a": {"b": "x", "c": "y"}}"#).unwrap());
    all.insert("en", flat_of(r#"{"a": {"b": "x", "d": "z"}}"#).unwrap());
    let report = key_differences(&all).join("\n");
    assert!(report.contains("fr.json misses 1 key(s): a.d"), "{report}");
    assert!(report.contains("en.json misses 1 key(s): a.c"), "{report}");
    assert!(
        report.contains("fr.json has 1 key(s) absent from another language: a.c"),
        "{report}"
    );
}

#[test]
fn checker_rejects_non_strings_and_bad_keys() {
    assert!(flat_of(r#"{"a": 1}"#)
        .unwrap_err()
        .contains("expected a string"));
    assert!(flat_of(r#"{"a": ["x"]}"#)
        .unwrap_err()
        .contains("expected a string"));
    assert!(flat_of(r#"{"Bad_key": "x"}"#)
        .unwrap_err()
        .contains("lowerCamelCase"));
    assert!(flat_of(r#"{"a": {}}"#).unwrap_err().contains("empty group"));
}

#[test]
fn checker_compares_placeholders() {
    assert_eq!(
        placeholders("{count} seats at {time}").unwrap(),
        BTreeSet::from(["count".to_string(), "time".to_string()])
    );
    assert!(placeholders("{count seats").is_err());
    assert!(placeholders("count} seats").is_err());
    assert!(placeholders("{ count } seats").is_err());
    let mut all = BTreeMap::new();
    all.insert("fr", flat_of(r#"{"k": "{count} places"}"#).unwrap());
    all.insert("en", flat_of(r#"{"k": "{n} seats"}"#).unwrap());
    let report = placeholder_differences(&all).join("\n");
    assert!(
        report.contains("k: placeholders differ: en [{n}], fr [{count}]"),
        "{report}"
    );
}
