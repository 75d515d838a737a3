//! A few seconds of memory for schedule answers. A cinema's day is asked for by every visitor
//! of its page; computing it (statuses, labels, booking URLs) and serialising it once per
//! few seconds instead of once per request is what lets one core answer thousands per second.
//! Statuses change when a showtime's reservability ends; an answer kept `TTL` is at most that
//! late, less than the `max-age` clients are already allowed. Each answer is kept gzipped
//! too: a city's day is hundreds of kilobytes of JSON, and compressing it for every request
//! cost more than everything else the request does.

use axum::body::Bytes;
use axum::http::HeaderValue;
use chrono::{DateTime, Duration, Utc};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;

const TTL_SECONDS: i64 = 5;

/// Answers kept at most; beyond, the cache starts over (keys are validated slugs and dates,
/// so this bounds memory against a crawler, not against normal use).
const MAX_ENTRIES: usize = 20_000;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LiveKey {
    pub call: &'static str,
    pub site: site::Site,
    pub lang: site::Lang,
    pub slug: String,
    pub date: Option<chrono::NaiveDate>,
    pub extra: String,
}

#[derive(Clone)]
pub struct LiveAnswer {
    pub body: Bytes,
    pub etag: HeaderValue,
    /// The body gzipped, for the clients that accept it (`http::observe` sends it).
    pub gzip: Bytes,
    /// The instant it was computed for (its statuses are those of then).
    pub computed: DateTime<Utc>,
}

/// `body` gzipped at the default level (once per answer kept, not per request).
pub fn gzip(body: &[u8]) -> Bytes {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(body.len() / 4 + 64),
        flate2::Compression::default(),
    );
    encoder.write_all(body).expect("writing to memory");
    Bytes::from(encoder.finish().expect("writing to memory"))
}

struct Entry {
    answer: LiveAnswer,
    expires: DateTime<Utc>,
    /// One request is computing the next answer; the others keep getting this one.
    refreshing: bool,
}

#[derive(Default)]
pub struct LiveCache {
    entries: Mutex<HashMap<LiveKey, Entry>>,
    /// Answers given from memory (fresh, or stale while another request refreshes them).
    hits: AtomicU64,
    /// Answers computed.
    misses: AtomicU64,
}

impl LiveCache {
    /// The kept answer for `key` if still fresh at `now`.
    pub fn fresh(&self, key: &LiveKey, now: DateTime<Utc>) -> Option<LiveAnswer> {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let kept = entries
            .get(key)
            .filter(|e| e.expires > now)
            .map(|e| e.answer.clone());
        // A miss here is counted by the `get_or_compute` that follows it.
        if kept.is_some() {
            self.hits.fetch_add(1, Relaxed);
        }
        kept
    }

    /// Answers given from memory and answers computed, since start (for `/metrics`).
    pub fn hits_and_misses(&self) -> (u64, u64) {
        (self.hits.load(Relaxed), self.misses.load(Relaxed))
    }

    /// The kept answer for `key` if still fresh at `now`, else `compute`'s, kept. When an
    /// answer expires, the first request computes the next one while the others still get
    /// the expired one: a busy cinema-day is never computed by every waiting request at once.
    pub fn get_or_compute(
        &self,
        key: LiveKey,
        now: DateTime<Utc>,
        compute: impl FnOnce() -> Bytes,
    ) -> LiveAnswer {
        {
            let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(entry) = entries.get_mut(&key) {
                if entry.expires > now || entry.refreshing {
                    self.hits.fetch_add(1, Relaxed);
                    return entry.answer.clone();
                }
                entry.refreshing = true;
            }
        }
        self.misses.fetch_add(1, Relaxed);
        // Computed outside the lock. Only a key never seen may be computed by several
        // requests at once (at start), which costs less than making them all wait.
        let body = compute();
        let answer = LiveAnswer {
            etag: crate::http::etag::tag_of(&body),
            gzip: gzip(&body),
            body,
            computed: now,
        };
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= MAX_ENTRIES {
            entries.clear();
        }
        entries.insert(
            key,
            Entry {
                answer: answer.clone(),
                expires: now + Duration::seconds(TTL_SECONDS),
                refreshing: false,
            },
        );
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn key(slug: &str) -> LiveKey {
        LiveKey {
            call: "cinema",
            site: site::Site::Fr,
            lang: site::Lang::Fr,
            slug: slug.into(),
            date: None,
            extra: String::new(),
        }
    }

    #[test]
    fn an_answer_is_kept_for_a_few_seconds_then_computed_again() {
        let cache = LiveCache::default();
        let t0 = Utc
            .with_ymd_and_hms(2026, 11, 22, 12, 0, 0)
            .single()
            .expect("valid");
        let mut computed = 0;
        let mut ask = |at| {
            cache
                .get_or_compute(key("a"), at, || {
                    computed += 1;
                    Bytes::from(format!("v{computed}"))
                })
                .body
        };
        assert_eq!(ask(t0), "v1");
        let kept = cache.fresh(&key("a"), t0).expect("kept");
        let mut unzipped = String::new();
        std::io::Read::read_to_string(
            &mut flate2::read::GzDecoder::new(&kept.gzip[..]),
            &mut unzipped,
        )
        .expect("valid gzip");
        assert_eq!(unzipped, "v1", "the gzipped copy is the same answer");
        assert_eq!(ask(t0 + Duration::seconds(4)), "v1");
        assert_eq!(ask(t0 + Duration::seconds(5)), "v2");
        // Computed twice; given from memory by `fresh` and at 4 s.
        assert_eq!(cache.hits_and_misses(), (2, 2));
    }

    #[test]
    fn while_one_request_refreshes_an_expired_answer_the_others_get_the_old_one() {
        let cache = LiveCache::default();
        let t0 = Utc
            .with_ymd_and_hms(2026, 11, 22, 12, 0, 0)
            .single()
            .expect("valid");
        cache.get_or_compute(key("a"), t0, || Bytes::from("old"));
        let later = t0 + Duration::seconds(6);
        let during = cache.get_or_compute(key("a"), later, || {
            // Another request arrives while this one computes.
            let other = cache.get_or_compute(key("a"), later, || Bytes::from("computed twice"));
            assert_eq!(other.body, "old");
            Bytes::from("new")
        });
        assert_eq!(during.body, "new");
        assert_eq!(
            cache
                .get_or_compute(key("a"), later, || Bytes::from("x"))
                .body,
            "new"
        );
    }
}
