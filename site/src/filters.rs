//! URL filters of spec §2 (`/filters/date-…/tags-…`) and the canonical URL rule.
//!
//! A filtered page is its base path followed by a `filters` segment and one segment per
//! filter, `key-value`: `/films/filters/date-2024-05-01/tags-imax,4dx/localisation-paris`.
//! Parsing accepts the keys in any order; formatting writes them in one canonical order
//! (date, tags, genres, versions, localisation) so one selection has one URL.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The path segment that starts the filters part.
pub const FILTERS_SEGMENT: &str = "filters";

/// A filter selection. Lists keep the order they were given in (the order the visitor chose);
/// parsing drops repeated items.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Filters {
    /// Day, `YYYY-MM-DD`.
    pub date: Option<String>,
    /// Experience / accessibility tag slugs (`imax`, `4dx`, `audiodesc`, …).
    pub tags: Vec<String>,
    pub genres: Vec<String>,
    /// Version slugs (`vf`, `vost`, …).
    pub versions: Vec<String>,
    /// Locator slug (a cinema or a city).
    pub localisation: Option<String>,
}

/// Why a filters part was refused. Every refusal is one of these: parsing never panics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FilterError {
    /// `/filters` with nothing after it, or an empty segment (`//`).
    Empty,
    /// A segment that is not `key-value`.
    Malformed(String),
    UnknownKey(String),
    /// The same key twice (`tags-a/tags-b`): ambiguous, so refused.
    DuplicateKey(String),
    /// A key with no value, or a list with an empty item (`tags-a,,b`).
    EmptyValue(String),
    /// A value with characters that do not belong in a path segment.
    BadValue {
        key: String,
        value: String,
    },
    /// Not a real `YYYY-MM-DD` day.
    BadDate(String),
}

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FilterError::Empty => write!(f, "empty filters part"),
            FilterError::Malformed(s) => write!(f, "filter segment {s:?} is not key-value"),
            FilterError::UnknownKey(k) => write!(f, "unknown filter {k:?}"),
            FilterError::DuplicateKey(k) => write!(f, "filter {k:?} given twice"),
            FilterError::EmptyValue(k) => write!(f, "filter {k:?} has an empty value"),
            FilterError::BadValue { key, value } => {
                write!(f, "filter {key:?} has a bad value {value:?}")
            }
            FilterError::BadDate(d) => write!(f, "filter date {d:?} is not a YYYY-MM-DD day"),
        }
    }
}

impl std::error::Error for FilterError {}

impl Filters {
    /// Parses the part after `/filters/` (e.g. `date-2024-05-01/tags-a,b`).
    pub fn parse(part: &str) -> Result<Filters, FilterError> {
        if part.is_empty() {
            return Err(FilterError::Empty);
        }
        let mut filters = Filters::default();
        let mut seen: Vec<&str> = Vec::new();
        for segment in part.split('/') {
            if segment.is_empty() {
                return Err(FilterError::Empty);
            }
            let (key, value) = segment
                .split_once('-')
                .ok_or_else(|| FilterError::Malformed(segment.to_string()))?;
            if seen.contains(&key) {
                return Err(FilterError::DuplicateKey(key.to_string()));
            }
            seen.push(key);
            if value.is_empty() {
                return Err(FilterError::EmptyValue(key.to_string()));
            }
            match key {
                "date" => filters.date = Some(parse_date(value)?),
                "tags" => filters.tags = parse_list(key, value)?,
                "genres" => filters.genres = parse_list(key, value)?,
                "versions" => filters.versions = parse_list(key, value)?,
                "localisation" => filters.localisation = Some(parse_item(key, value)?.to_string()),
                _ => return Err(FilterError::UnknownKey(key.to_string())),
            }
        }
        Ok(filters)
    }

    /// Canonical form, without the leading `filters/`; empty for an empty selection.
    /// `Filters::parse(&f.format()) == Ok(f)` for every `f` that passes [`Filters::validate`].
    pub fn format(&self) -> String {
        let mut parts = Vec::new();
        if let Some(date) = &self.date {
            parts.push(format!("date-{date}"));
        }
        for (key, list) in [
            ("tags", &self.tags),
            ("genres", &self.genres),
            ("versions", &self.versions),
        ] {
            if !list.is_empty() {
                parts.push(format!("{key}-{}", list.join(",")));
            }
        }
        if let Some(loc) = &self.localisation {
            parts.push(format!("localisation-{loc}"));
        }
        parts.join("/")
    }

    /// Whether the selection is empty (no filters segment at all).
    pub fn is_empty(&self) -> bool {
        self.date.is_none()
            && self.tags.is_empty()
            && self.genres.is_empty()
            && self.versions.is_empty()
            && self.localisation.is_none()
    }

    /// Checks a selection built in code before it is written to a URL, with the same rules
    /// as [`Filters::parse`] (the fields are public, so nothing else enforces them).
    pub fn validate(&self) -> Result<(), FilterError> {
        if let Some(date) = &self.date {
            parse_date(date)?;
        }
        for (key, list) in [
            ("tags", &self.tags),
            ("genres", &self.genres),
            ("versions", &self.versions),
        ] {
            for (i, item) in list.iter().enumerate() {
                parse_item(key, item)?;
                // A repeated item would not survive a round trip (parsing drops it).
                if list[..i].contains(item) {
                    return Err(FilterError::BadValue {
                        key: key.to_string(),
                        value: item.clone(),
                    });
                }
            }
        }
        if let Some(loc) = &self.localisation {
            parse_item("localisation", loc)?;
        }
        Ok(())
    }
}

fn parse_date(value: &str) -> Result<String, FilterError> {
    let bad = || FilterError::BadDate(value.to_string());
    // chrono alone would accept `2024-5-1`; the URL form is exactly YYYY-MM-DD.
    let shape_ok = value.len() == 10
        && value.bytes().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        });
    if !shape_ok {
        return Err(bad());
    }
    chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d").map_err(|_| bad())?;
    Ok(value.to_string())
}

fn parse_list(key: &str, value: &str) -> Result<Vec<String>, FilterError> {
    let mut items: Vec<String> = Vec::new();
    for item in value.split(',') {
        let item = parse_item(key, item)?;
        if !items.iter().any(|i| i == item) {
            items.push(item.to_string());
        }
    }
    Ok(items)
}

/// Whether `item` can be a filter value (a URL-safe slug, like route parameters).
pub fn is_valid_item(item: &str) -> bool {
    parse_item("", item).is_ok()
}

/// One value: a URL-safe slug, like route parameters.
fn parse_item<'a>(key: &str, item: &'a str) -> Result<&'a str, FilterError> {
    if item.is_empty() {
        return Err(FilterError::EmptyValue(key.to_string()));
    }
    if !crate::routes::is_param_value(item) {
        return Err(FilterError::BadValue {
            key: key.to_string(),
            value: item.to_string(),
        });
    }
    Ok(item)
}

/// Splits a path into its base path and its filters part: `/films/filters/date-2024-05-01` →
/// (`/films`, Some(date)). A path without a `filters` segment is returned whole with `None`;
/// the base of a root path is `/`. A `filters` segment with garbage after it is an error.
pub fn split_path(path: &str) -> Result<(&str, Option<Filters>), FilterError> {
    let marker = "/filters";
    let mut search_from = 0;
    while let Some(found) = path[search_from..].find(marker) {
        let start = search_from + found;
        let end = start + marker.len();
        // Only a whole segment counts: `/filters-x` or `/my-filters` are not the marker.
        match path[end..].chars().next() {
            None => return Err(FilterError::Empty),
            Some('/') => {
                let base = if start == 0 { "/" } else { &path[..start] };
                let filters = Filters::parse(&path[end + 1..])?;
                return Ok((base, Some(filters)));
            }
            Some(_) => search_from = end,
        }
    }
    Ok((path, None))
}

/// The base path followed by the filters part; the base alone when the selection is empty.
pub fn with_filters(base: &str, filters: &Filters) -> String {
    if filters.is_empty() {
        return base.to_string();
    }
    let base = base.trim_end_matches('/');
    format!("{base}/{FILTERS_SEGMENT}/{}", filters.format())
}

/// The URL for canonical and alternate-language links: without query, hash and `;` (matrix)
/// parts (spec §2), and without a trailing slash except for the root. Works on a path
/// (`/films;x=1?y#z` → `/films`) and on an absolute URL, whose scheme and host are kept
/// (`https://host` → `https://host/`).
pub fn canonical_url(url: &str) -> String {
    let cut = url.find(['?', '#']).unwrap_or(url.len());
    let url = &url[..cut];
    // Keep `scheme://host` apart: only the path has matrix parts and trailing slashes.
    let (origin, path) = match url.find("://") {
        Some(i) => {
            let after = i + 3;
            let path_start = url[after..].find('/').map_or(url.len(), |p| after + p);
            url.split_at(path_start)
        }
        None => ("", url),
    };
    let mut segments: Vec<&str> = path
        .split('/')
        .map(|segment| segment.split(';').next().unwrap_or(""))
        .collect();
    while segments.len() > 1 && segments.last() == Some(&"") {
        segments.pop();
    }
    let mut path = segments.join("/");
    if path.is_empty() {
        path = "/".to_string();
    }
    format!("{origin}{path}")
}
