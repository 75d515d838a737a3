//! The client store, timed: every call's latency per operation, and the calls that failed in
//! the database (`StoreError::Backend`: unreachable, read-only, timed out). A full favourite
//! list, an unknown client or a refused input are answers, not failures, and are not counted
//! as errors. Recorded with atomics, like the request metrics (`http::metrics`).

use async_trait::async_trait;
use client_store::{
    CalendarFeedOwner, ClientChanges, ClientRecord, ClientStore, Emotion, GiftCard, NewClient,
    NotReady, ShowFeeling, StoreError, Voucher,
};
use std::fmt::Write as _;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Instant;

/// Upper bounds of the latency histogram, in seconds.
pub const BUCKETS: [f64; 10] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2.5,
];

/// One labelled series of a latency histogram in Prometheus' text format: cumulative
/// buckets, `+Inf`, sum and count (the request and the store histograms share it).
pub fn histogram_row(
    out: &mut String,
    name: &str,
    labels: &str,
    buckets: &[AtomicU64; BUCKETS.len()],
    count: u64,
    sum_micros: u64,
) {
    let mut cumulative = 0;
    for (bound, bucket) in BUCKETS.iter().zip(buckets) {
        cumulative += bucket.load(Relaxed);
        let _ = writeln!(out, "{name}_bucket{{{labels},le=\"{bound}\"}} {cumulative}");
    }
    let _ = writeln!(out, "{name}_bucket{{{labels},le=\"+Inf\"}} {count}");
    let _ = writeln!(out, "{name}_sum{{{labels}}} {}", sum_micros as f64 / 1e6);
    let _ = writeln!(out, "{name}_count{{{labels}}} {count}");
}

/// The store's operations, one row of counters each (the trait's method names).
const OPERATIONS: [&str; 21] = [
    "upsert_client",
    "client",
    "update_client",
    "favourites",
    "add_favourite",
    "remove_favourite",
    "replace_favourites",
    "remove_favourites",
    "set_intention",
    "set_emotion",
    "feelings",
    "all_feelings",
    "put_voucher",
    "voucher",
    "spend_once",
    "put_gift_card",
    "gift_card",
    "create_calendar_token",
    "revoke_calendar_token",
    "calendar_feed_owner",
    // Last: `check_writes` records its row by position.
    "check_writes",
];

#[derive(Default)]
struct Row {
    buckets: [AtomicU64; BUCKETS.len()],
    count: AtomicU64,
    sum_micros: AtomicU64,
    errors: AtomicU64,
}

/// Latency and failures of the store's calls, by operation.
pub struct StoreMetrics {
    rows: Vec<Row>,
}

impl Default for StoreMetrics {
    fn default() -> Self {
        StoreMetrics {
            rows: OPERATIONS.iter().map(|_| Row::default()).collect(),
        }
    }
}

impl StoreMetrics {
    fn record(&self, operation: usize, seconds: f64, failed: bool) {
        let row = &self.rows[operation];
        row.count.fetch_add(1, Relaxed);
        row.sum_micros.fetch_add((seconds * 1e6) as u64, Relaxed);
        if let Some(i) = BUCKETS.iter().position(|b| seconds <= *b) {
            row.buckets[i].fetch_add(1, Relaxed);
        }
        if failed {
            row.errors.fetch_add(1, Relaxed);
        }
    }

    /// `api_store_duration_seconds` (histogram) and `api_store_errors_total`, by operation,
    /// in the Prometheus text format; operations never called are left out.
    pub fn render(&self, out: &mut String) {
        out.push_str("# HELP api_store_duration_seconds Time of the client store's calls, by operation.\n# TYPE api_store_duration_seconds histogram\n");
        for (operation, row) in OPERATIONS.iter().zip(&self.rows) {
            let count = row.count.load(Relaxed);
            if count == 0 {
                continue;
            }
            histogram_row(
                out,
                "api_store_duration_seconds",
                &format!("operation=\"{operation}\""),
                &row.buckets,
                count,
                row.sum_micros.load(Relaxed),
            );
        }
        out.push_str("# HELP api_store_errors_total Client store calls that failed in the database, by operation.\n# TYPE api_store_errors_total counter\n");
        for (operation, row) in OPERATIONS.iter().zip(&self.rows) {
            if row.count.load(Relaxed) > 0 {
                let _ = writeln!(
                    out,
                    "api_store_errors_total{{operation=\"{operation}\"}} {}",
                    row.errors.load(Relaxed)
                );
            }
        }
    }
}

/// A store whose calls are timed into [`StoreMetrics`].
pub struct MeteredStore {
    inner: Arc<dyn ClientStore>,
    metrics: Arc<StoreMetrics>,
}

impl MeteredStore {
    pub fn new(inner: Arc<dyn ClientStore>, metrics: Arc<StoreMetrics>) -> MeteredStore {
        MeteredStore { inner, metrics }
    }

    async fn timed<T>(
        &self,
        operation: &'static str,
        call: impl Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        let index = OPERATIONS
            .iter()
            .position(|o| *o == operation)
            .expect("every operation has a row");
        let started = Instant::now();
        let result = call.await;
        let failed = matches!(result, Err(StoreError::Backend(_)));
        self.metrics
            .record(index, started.elapsed().as_secs_f64(), failed);
        result
    }
}

#[async_trait]
impl ClientStore for MeteredStore {
    fn backend(&self) -> &'static str {
        self.inner.backend()
    }

    async fn upsert_client(&self, client: &NewClient) -> Result<ClientRecord, StoreError> {
        self.timed("upsert_client", self.inner.upsert_client(client))
            .await
    }

    async fn client(&self, id: &str) -> Result<Option<ClientRecord>, StoreError> {
        self.timed("client", self.inner.client(id)).await
    }

    async fn update_client(
        &self,
        id: &str,
        changes: &ClientChanges,
    ) -> Result<ClientRecord, StoreError> {
        self.timed("update_client", self.inner.update_client(id, changes))
            .await
    }

    async fn favourites(&self, client_id: &str, site: &str) -> Result<Vec<String>, StoreError> {
        self.timed("favourites", self.inner.favourites(client_id, site))
            .await
    }

    async fn add_favourite(
        &self,
        client_id: &str,
        site: &str,
        cinema_slug: &str,
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        self.timed(
            "add_favourite",
            self.inner
                .add_favourite(client_id, site, cinema_slug, limit),
        )
        .await
    }

    async fn remove_favourite(
        &self,
        client_id: &str,
        site: &str,
        cinema_slug: &str,
    ) -> Result<Vec<String>, StoreError> {
        self.timed(
            "remove_favourite",
            self.inner.remove_favourite(client_id, site, cinema_slug),
        )
        .await
    }

    async fn replace_favourites(
        &self,
        client_id: &str,
        site: &str,
        cinema_slugs: &[String],
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        self.timed(
            "replace_favourites",
            self.inner
                .replace_favourites(client_id, site, cinema_slugs, limit),
        )
        .await
    }

    async fn remove_favourites(
        &self,
        client_id: &str,
        site: &str,
        cinema_slugs: &[String],
    ) -> Result<Vec<String>, StoreError> {
        self.timed(
            "remove_favourites",
            self.inner.remove_favourites(client_id, site, cinema_slugs),
        )
        .await
    }

    async fn set_intention(
        &self,
        client_id: &str,
        show_slug: &str,
        intention: Option<i16>,
    ) -> Result<(), StoreError> {
        self.timed(
            "set_intention",
            self.inner.set_intention(client_id, show_slug, intention),
        )
        .await
    }

    async fn set_emotion(
        &self,
        client_id: &str,
        show_slug: &str,
        emotion: Option<Emotion>,
    ) -> Result<(), StoreError> {
        self.timed(
            "set_emotion",
            self.inner.set_emotion(client_id, show_slug, emotion),
        )
        .await
    }

    async fn feelings(
        &self,
        client_id: &str,
        show_slugs: &[String],
    ) -> Result<Vec<ShowFeeling>, StoreError> {
        self.timed("feelings", self.inner.feelings(client_id, show_slugs))
            .await
    }

    async fn all_feelings(&self, client_id: &str) -> Result<Vec<ShowFeeling>, StoreError> {
        self.timed("all_feelings", self.inner.all_feelings(client_id))
            .await
    }

    async fn put_voucher(&self, voucher: &Voucher) -> Result<(), StoreError> {
        self.timed("put_voucher", self.inner.put_voucher(voucher))
            .await
    }

    async fn voucher(&self, site: &str, code: &str) -> Result<Option<Voucher>, StoreError> {
        self.timed("voucher", self.inner.voucher(site, code)).await
    }

    async fn spend_once(&self, key: &str, expires_at: i64) -> Result<bool, StoreError> {
        self.timed("spend_once", self.inner.spend_once(key, expires_at))
            .await
    }

    async fn put_gift_card(&self, card: &GiftCard) -> Result<(), StoreError> {
        self.timed("put_gift_card", self.inner.put_gift_card(card))
            .await
    }

    async fn gift_card(
        &self,
        site: &str,
        number: &str,
        pin: &str,
    ) -> Result<Option<GiftCard>, StoreError> {
        self.timed("gift_card", self.inner.gift_card(site, number, pin))
            .await
    }

    async fn create_calendar_token(
        &self,
        client_id: &str,
        site: &str,
    ) -> Result<String, StoreError> {
        self.timed(
            "create_calendar_token",
            self.inner.create_calendar_token(client_id, site),
        )
        .await
    }

    async fn revoke_calendar_token(&self, client_id: &str, site: &str) -> Result<bool, StoreError> {
        self.timed(
            "revoke_calendar_token",
            self.inner.revoke_calendar_token(client_id, site),
        )
        .await
    }

    async fn calendar_feed_owner(
        &self,
        secret: &str,
    ) -> Result<Option<CalendarFeedOwner>, StoreError> {
        self.timed(
            "calendar_feed_owner",
            self.inner.calendar_feed_owner(secret),
        )
        .await
    }

    async fn check_writes(&self, by: &str) -> Vec<NotReady> {
        let started = Instant::now();
        let failing = self.inner.check_writes(by).await;
        let index = OPERATIONS.len() - 1;
        self.metrics.record(
            index,
            started.elapsed().as_secs_f64(),
            failing.iter().any(|f| f.part == NotReady::WRITE),
        );
        failing
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_calls_are_timed_and_database_failures_counted() {
        let metrics = StoreMetrics::default();
        let add = OPERATIONS
            .iter()
            .position(|o| *o == "add_favourite")
            .unwrap();
        metrics.record(add, 0.002, false);
        metrics.record(add, 0.2, true);
        let mut text = String::new();
        metrics.render(&mut text);
        assert!(
            text.contains(
                "api_store_duration_seconds_bucket{operation=\"add_favourite\",le=\"0.0025\"} 1"
            ),
            "{text}"
        );
        assert!(
            text.contains("api_store_duration_seconds_count{operation=\"add_favourite\"} 2"),
            "{text}"
        );
        assert!(
            text.contains("api_store_errors_total{operation=\"add_favourite\"} 1"),
            "{text}"
        );
        assert!(!text.contains("operation=\"voucher\""), "{text}");
    }
}
