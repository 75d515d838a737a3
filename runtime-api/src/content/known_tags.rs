//! The tags of the content answers already given, per call, with how long each holds, so a
//! conditional request (`If-None-Match`) whose tag is still the answer's gets its 304 without
//! the answer being computed, serialised and hashed again. The content is a snapshot loaded at
//! start: an answer made of it alone holds as long as the process; one with showtime statuses
//! (the schedules, a season's detail) holds until the first of the site's showtimes stops
//! being bookable (`SiteShowtimes::unchanged_until`). A no-change rebuild of the sites asks
//! every call again with its tag: this is what makes it cheap for the API.
//!
//! Filled by `http::observe` with the answers of the content routes only (`ContentAnswer`),
//! keyed by host and URI (path and query: the site and the language are read from them).

use axum::http::HeaderValue;
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::sync::Mutex;

/// Calls kept at most; beyond, it starts over (a crawler's made-up query strings cost memory
/// only up to this).
const MAX_ENTRIES: usize = 200_000;

/// Marks a response of a content route (set by a layer on their router): its tag may be kept.
#[derive(Clone, Copy)]
pub struct ContentAnswer;

/// When a kept answer was computed (`LiveCache`), which may be before the request it answers.
#[derive(Clone, Copy)]
pub struct ComputedAt(pub DateTime<Utc>);

/// An answer's tag and the headers its 304 repeats, and the instants between which it holds
/// (`None`: from start, or until the snapshot changes).
#[derive(Clone, Debug)]
pub struct Known {
    pub etag: HeaderValue,
    pub cache_control: Option<HeaderValue>,
    pub vary: Option<HeaderValue>,
    pub from: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
}

impl Known {
    pub fn holds_at(&self, now: DateTime<Utc>) -> bool {
        self.from.is_none_or(|from| from <= now) && self.until.is_none_or(|until| now <= until)
    }
}

#[derive(Default)]
pub struct KnownTags {
    entries: Mutex<HashMap<String, Known>>,
}

impl KnownTags {
    /// The key of a call: its host and its URI.
    pub fn key(host: &str, path_and_query: &str) -> String {
        let mut key = String::with_capacity(host.len() + 1 + path_and_query.len());
        key.push_str(host);
        key.push('\n');
        key.push_str(path_and_query);
        key
    }

    /// The tag of the call's answer if it still holds at `now`.
    pub fn get(&self, key: &str, now: DateTime<Utc>) -> Option<Known> {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.get(key).filter(|k| k.holds_at(now)).cloned()
    }

    pub fn insert(&self, key: String, known: Known) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= MAX_ENTRIES && !entries.contains_key(&key) {
            entries.clear();
        }
        entries.insert(key, known);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    #[test]
    fn a_tag_holds_between_its_instants_only() {
        let t0 = Utc
            .with_ymd_and_hms(2026, 11, 27, 12, 0, 0)
            .single()
            .expect("valid");
        let tags = KnownTags::default();
        let known = |from, until| Known {
            etag: HeaderValue::from_static("\"a\""),
            cache_control: None,
            vary: None,
            from,
            until,
        };
        tags.insert(
            KnownTags::key("fr.localhost", "/api/cinemas"),
            known(None, None),
        );
        tags.insert(
            KnownTags::key("fr.localhost", "/api/cinema/x/shows"),
            known(Some(t0), Some(t0 + Duration::minutes(10))),
        );
        let far = t0 + Duration::days(400);
        assert!(tags.get("fr.localhost\n/api/cinemas", far).is_some());
        assert!(tags.get("nl.localhost\n/api/cinemas", t0).is_none());
        let live = "fr.localhost\n/api/cinema/x/shows";
        assert!(tags.get(live, t0).is_some());
        assert!(tags.get(live, t0 + Duration::minutes(10)).is_some());
        assert!(tags.get(live, t0 + Duration::minutes(11)).is_none());
        assert!(tags.get(live, t0 - Duration::seconds(1)).is_none());
    }
}
