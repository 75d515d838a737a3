//! JSON-LD: every block parses and carries what search engines require (Movie, Event and
//! ScreeningEvent, MovieTheater, BreadcrumbList).

use crate::common::*;
use crate::links::{resolves, url_path};
use crate::sitemaps::site_path;
use serde_json::Value;
use std::collections::BTreeMap;

fn types(node: &Value) -> Vec<&str> {
    match &node["@type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(list) => list.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

fn non_empty(value: &Value) -> bool {
    match value {
        Value::String(s) => !s.trim().is_empty(),
        Value::Array(a) => a.iter().any(non_empty),
        Value::Object(o) => !o.is_empty(),
        Value::Number(_) => true,
        _ => false,
    }
}

/// Every object of a JSON value, at any depth.
fn objects<'a>(value: &'a Value, out: &mut Vec<&'a Value>) {
    match value {
        Value::Object(map) => {
            out.push(value);
            map.values().for_each(|v| objects(v, out));
        }
        Value::Array(list) => list.iter().for_each(|v| objects(v, out)),
        _ => {}
    }
}

fn check_node(
    node: &Value,
    file: &str,
    base: &str,
    files: &SiteFiles,
    problems: &mut Vec<String>,
    counts: &mut BTreeMap<String, usize>,
) {
    let name = |n: &Value| n.get("name").is_some_and(non_empty);
    for t in types(node) {
        *counts.entry(t.to_string()).or_default() += 1;
        let mut missing = Vec::new();
        match t {
            "Movie" => {
                if !name(node) {
                    missing.push("name");
                }
                if !node.get("image").is_some_and(non_empty) {
                    missing.push("image");
                }
            }
            "Event" | "ScreeningEvent" => {
                if !name(node) {
                    missing.push("name");
                }
                if !node.get("startDate").is_some_and(non_empty) {
                    missing.push("startDate");
                }
                let location = &node["location"];
                let location = location
                    .as_array()
                    .and_then(|l| l.first())
                    .unwrap_or(location);
                if !name(location) {
                    missing.push("location.name");
                }
                if !location.get("address").is_some_and(non_empty) {
                    missing.push("location.address");
                }
            }
            "MovieTheater" => {
                if !name(node) {
                    missing.push("name");
                }
                if !node.get("address").is_some_and(non_empty) {
                    missing.push("address");
                }
            }
            "BreadcrumbList" => {
                let items = node["itemListElement"]
                    .as_array()
                    .map(Vec::as_slice)
                    .unwrap_or(&[]);
                if items.is_empty() {
                    missing.push("itemListElement");
                }
                for (i, item) in items.iter().enumerate() {
                    if item["position"].as_u64() != Some(i as u64 + 1) {
                        problems.push(format!(
                            "{file}: BreadcrumbList item {i} has position {}",
                            item["position"]
                        ));
                    }
                    if !name(item) {
                        problems.push(format!("{file}: BreadcrumbList item {i} has no name"));
                    }
                    match item["item"].as_str().or(item["item"]["@id"].as_str()) {
                        Some(url) => {
                            if let Some(path) = site_path(base, url) {
                                if !resolves(files, &url_path(&path)) {
                                    problems.push(format!("{file}: BreadcrumbList item {i} links to {url}, not a page of the site"));
                                }
                            }
                        }
                        None => problems
                            .push(format!("{file}: BreadcrumbList item {i} has no item URL")),
                    }
                }
            }
            _ => {}
        }
        if !missing.is_empty() {
            let text: String = node.to_string().chars().take(300).collect();
            problems.push(format!(
                "{file}: {t} without {}: {text}",
                missing.join(", ")
            ));
        }
    }
}

#[test]
fn every_json_ld_block_parses_and_carries_the_required_properties() {
    let mut problems = Vec::new();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut blocks = 0usize;
    for (&site, files) in &*SITES {
        let base = base_url(site);
        for html in files.pages.values() {
            let doc = html.doc();
            for tag in select(&doc, "script") {
                if !attr(tag, "type")
                    .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/ld+json"))
                {
                    continue;
                }
                blocks += 1;
                let raw = raw_text(tag);
                let value: Value = match serde_json::from_str(&raw) {
                    Ok(v) => v,
                    Err(e) => {
                        problems.push(format!(
                            "{}: JSON-LD does not parse ({e}): {}",
                            html.file,
                            raw.chars().take(200).collect::<String>()
                        ));
                        continue;
                    }
                };
                // Top-level nodes: the block, its array items, its @graph members.
                let mut nodes: Vec<&Value> = match &value {
                    Value::Array(list) => list.iter().collect(),
                    other => vec![other],
                };
                let graphs: Vec<&Value> = nodes
                    .iter()
                    .filter_map(|n| n["@graph"].as_array())
                    .flatten()
                    .collect();
                nodes.extend(graphs);
                for node in &nodes {
                    if node.get("@context").is_none()
                        && !value.get("@context").is_some_and(non_empty)
                    {
                        problems.push(format!("{}: JSON-LD node without @context", html.file));
                    }
                    for t in types(node) {
                        if t != "MovieTheater" {
                            check_node(node, &html.file, &base, files, &mut problems, &mut counts);
                            break;
                        }
                    }
                }
                // Every theatre, wherever it is (a location too), has a name and an address.
                let mut all = Vec::new();
                objects(&value, &mut all);
                for node in all
                    .into_iter()
                    .filter(|n| types(n).contains(&"MovieTheater"))
                {
                    check_node(node, &html.file, &base, files, &mut problems, &mut counts);
                }
            }
        }
    }
    eprintln!("JSON-LD: {blocks} blocks; nodes checked by type: {counts:?}");
    for t in ["Movie", "ScreeningEvent", "MovieTheater", "BreadcrumbList"] {
        if counts.get(t).copied().unwrap_or(0) == 0 {
            problems.push(format!("no {t} JSON-LD anywhere in the build"));
        }
    }
    assert_none("JSON-LD", &problems);
}
