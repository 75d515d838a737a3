//! Prometheus metrics, written by hand: requests per route, method and status class, and a
//! latency histogram per route. The routes are known when the router is built, so each gets
//! a row of atomic counters: recording a request takes no lock and allocates nothing (a
//! mutex here cost a quarter of a cached answer's throughput on two cores).

use axum::extract::State;
use axum::http::{header, Method};
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

pub use crate::store_metrics::BUCKETS;
const METHODS: [&str; 7] = ["GET", "HEAD", "POST", "PATCH", "DELETE", "PUT", "OTHER"];
const CLASSES: [&str; 5] = ["1xx", "2xx", "3xx", "4xx", "5xx"];
/// Label of requests no route matched (preview pages, unknown API calls).
pub const OTHER_ROUTE: &str = "(other)";

#[derive(Default)]
struct Row {
    counts: [[AtomicU64; CLASSES.len()]; METHODS.len()],
    buckets: [AtomicU64; BUCKETS.len()],
    count: AtomicU64,
    sum_micros: AtomicU64,
}

pub struct Metrics {
    routes: Vec<String>,
    index: HashMap<String, usize>,
    rows: Vec<Row>,
}

impl Metrics {
    /// One row per route pattern, plus one for the rest.
    pub fn new<I: IntoIterator<Item = String>>(routes: I) -> Metrics {
        let mut list: Vec<String> = routes.into_iter().collect();
        list.sort();
        list.dedup();
        list.push(OTHER_ROUTE.to_string());
        let index = list
            .iter()
            .enumerate()
            .map(|(i, r)| (r.clone(), i))
            .collect();
        let rows = list.iter().map(|_| Row::default()).collect();
        Metrics {
            routes: list,
            index,
            rows,
        }
    }

    pub fn row_of(&self, route: Option<&str>) -> usize {
        route
            .and_then(|r| self.index.get(r).copied())
            .unwrap_or(self.routes.len() - 1)
    }

    pub fn record_at(&self, row: usize, method: &Method, status: u16, seconds: f64) {
        let m = match *method {
            Method::GET => 0,
            Method::HEAD => 1,
            Method::POST => 2,
            Method::PATCH => 3,
            Method::DELETE => 4,
            Method::PUT => 5,
            _ => 6,
        };
        let class = (status / 100).clamp(1, 5) as usize - 1;
        let row = &self.rows[row];
        row.counts[m][class].fetch_add(1, Relaxed);
        row.count.fetch_add(1, Relaxed);
        row.sum_micros.fetch_add((seconds * 1e6) as u64, Relaxed);
        if let Some(i) = BUCKETS.iter().position(|b| seconds <= *b) {
            row.buckets[i].fetch_add(1, Relaxed);
        }
    }

    /// For tests and tools: record one request of `route`.
    pub fn record(&self, route: &str, method: &Method, status: u16, seconds: f64) {
        self.record_at(self.row_of(Some(route)), method, status, seconds);
    }

    /// The Prometheus text exposition format.
    pub fn render(&self) -> String {
        let mut out = String::new();
        out.push_str("# HELP api_requests_total Requests answered, by route, method and status class.\n# TYPE api_requests_total counter\n");
        for (route, row) in self.routes.iter().zip(&self.rows) {
            for (method, counts) in METHODS.iter().zip(&row.counts) {
                for (class, count) in CLASSES.iter().zip(counts) {
                    let n = count.load(Relaxed);
                    if n > 0 {
                        let _ = writeln!(out, "api_requests_total{{route=\"{}\",method=\"{method}\",status=\"{class}\"}} {n}", label(route));
                    }
                }
            }
        }
        out.push_str("# HELP api_request_duration_seconds Time to answer, by route.\n# TYPE api_request_duration_seconds histogram\n");
        for (route, row) in self.routes.iter().zip(&self.rows) {
            let count = row.count.load(Relaxed);
            if count == 0 {
                continue;
            }
            crate::store_metrics::histogram_row(
                &mut out,
                "api_request_duration_seconds",
                &format!("route=\"{}\"", label(route)),
                &row.buckets,
                count,
                row.sum_micros.load(Relaxed),
            );
        }
        out
    }
}

/// Label values escape backslash, quote and newline.
fn label(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// Who may read the metrics: with a token configured (`METRICS_TOKEN`), whoever sends it as
/// a bearer token; without one, callers on this machine only (a scraper beside the server).
#[derive(Clone)]
pub struct MetricsAccess {
    pub metrics: Arc<Metrics>,
    pub token: Option<Arc<str>>,
    /// The live cache's and the store's counters.
    pub app: crate::state::AppState,
}

pub async fn expose(
    State(access): State<MetricsAccess>,
    request: axum::extract::Request,
) -> Response {
    let headers = request.headers();
    let peer = request
        .extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>();
    let allowed = match &access.token {
        Some(token) => headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .is_some_and(|given| constant_time_eq(given.as_bytes(), token.as_bytes())),
        // In-process calls (tests) have no peer.
        None => peer.is_none_or(|p| p.0.ip().is_loopback()),
    };
    if !allowed {
        return crate::http::error::ApiError::not_found("call", "/metrics").into_response();
    }
    let mut text = access.metrics.render();
    let (hits, misses) = access.app.cache.hits_and_misses();
    render_cache(&mut text, hits, misses);
    if let Some(live) = access.app.live.as_ref() {
        live.store_metrics.render(&mut text);
    }
    render_process(&mut text);
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
        .into_response()
}

/// The live cache's (schedule and search answers kept a few seconds) hits and misses; the
/// hit ratio is `hits / (hits + misses)` over any window (`rate()` of each).
fn render_cache(out: &mut String, hits: u64, misses: u64) {
    out.push_str("# HELP api_live_cache_requests_total Schedule and search answers asked of the live cache, by result (hit: given from memory; miss: computed).\n# TYPE api_live_cache_requests_total counter\n");
    let _ = writeln!(
        out,
        "api_live_cache_requests_total{{result=\"hit\"}} {hits}"
    );
    let _ = writeln!(
        out,
        "api_live_cache_requests_total{{result=\"miss\"}} {misses}"
    );
    let ratio = if hits + misses == 0 {
        0.0
    } else {
        hits as f64 / (hits + misses) as f64
    };
    out.push_str("# HELP api_live_cache_hit_ratio Share of live cache look-ups answered from memory since start.\n# TYPE api_live_cache_hit_ratio gauge\n");
    let _ = writeln!(out, "api_live_cache_hit_ratio {ratio}");
}

/// The process metrics every Prometheus client library exports, read from `/proc` at each
/// scrape (four small files and one directory listing; nothing on other systems).
fn render_process(out: &mut String) {
    let Some(process) = ProcessStats::read() else {
        return;
    };
    let _ = write!(
        out,
        "# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.\n# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total {}\n\
         # HELP process_resident_memory_bytes Resident memory size in bytes.\n# TYPE process_resident_memory_bytes gauge\nprocess_resident_memory_bytes {}\n\
         # HELP process_open_fds Number of open file descriptors.\n# TYPE process_open_fds gauge\nprocess_open_fds {}\n\
         # HELP process_start_time_seconds Start time of the process since unix epoch in seconds.\n# TYPE process_start_time_seconds gauge\nprocess_start_time_seconds {}\n",
        process.cpu_seconds, process.resident_bytes, process.open_fds, process.start_time
    );
}

/// This process's figures from `/proc`.
#[derive(Debug, PartialEq)]
pub struct ProcessStats {
    pub cpu_seconds: f64,
    pub resident_bytes: u64,
    pub open_fds: u64,
    /// Unix seconds.
    pub start_time: f64,
}

/// `/proc` counts CPU time and start times in ticks of USER_HZ, 100 per second on Linux.
const TICKS_PER_SECOND: f64 = 100.0;

impl ProcessStats {
    pub fn read() -> Option<ProcessStats> {
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let boot = std::fs::read_to_string("/proc/stat").ok()?;
        let open_fds = std::fs::read_dir("/proc/self/fd").ok()?.count() as u64;
        ProcessStats::parse(&stat, &status, &boot, open_fds)
    }

    /// From `/proc/self/stat` (utime, stime, starttime), `/proc/self/status` (VmRSS) and
    /// `/proc/stat` (btime).
    pub fn parse(stat: &str, status: &str, boot: &str, open_fds: u64) -> Option<ProcessStats> {
        // The command name (field 2) may hold spaces and parentheses: fields are counted
        // after its closing parenthesis, field 3 (state) first.
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        let field = |n: usize| fields.get(n - 3)?.parse::<f64>().ok();
        let cpu_seconds = (field(14)? + field(15)?) / TICKS_PER_SECOND;
        let started_after_boot = field(22)? / TICKS_PER_SECOND;
        let resident_kib: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))?
            .split_whitespace()
            .next()?
            .parse()
            .ok()?;
        let boot_time: f64 = boot
            .lines()
            .find_map(|l| l.strip_prefix("btime "))?
            .trim()
            .parse()
            .ok()?;
        Some(ProcessStats {
            cpu_seconds,
            resident_bytes: resident_kib * 1024,
            open_fds,
            start_time: boot_time + started_after_boot,
        })
    }
}

/// Compares without an early exit, so the time taken says nothing about the token.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn process_figures_are_read_from_proc_even_with_a_strange_command_name() {
        let stat = "4242 (api (worker) 1) S 1 4242 4242 0 -1 4194560 1200 0 0 0 250 50 0 0 20 0 9 0 123456 912345678 5000 18446744073709551615";
        let status = "Name:\tapi\nVmPeak:\t  900000 kB\nVmRSS:\t   20480 kB\nThreads:\t9\n";
        let boot = "cpu  1 2 3\nbtime 1790000000\nprocesses 99\n";
        let stats = ProcessStats::parse(stat, status, boot, 17).expect("parses");
        assert_eq!(
            stats,
            ProcessStats {
                cpu_seconds: 3.0,
                resident_bytes: 20480 * 1024,
                open_fds: 17,
                start_time: 1_790_000_000.0 + 1234.56,
            }
        );
        assert!(ProcessStats::read().is_some(), "this test runs on Linux");
    }

    #[test]
    fn the_exposition_counts_per_route_and_buckets_latencies() {
        let m = Metrics::new(["/api/cinemas".to_string()]);
        m.record("/api/cinemas", &Method::GET, 200, 0.0004);
        m.record("/api/cinemas", &Method::GET, 200, 0.02);
        m.record("/api/cinemas", &Method::GET, 404, 0.001);
        m.record("/somewhere/else", &Method::GET, 404, 0.001);
        let text = m.render();
        assert!(
            text.contains(
                "api_requests_total{route=\"/api/cinemas\",method=\"GET\",status=\"2xx\"} 2"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "api_requests_total{route=\"/api/cinemas\",method=\"GET\",status=\"4xx\"} 1"
            ),
            "{text}"
        );
        assert!(
            text.contains("api_requests_total{route=\"(other)\",method=\"GET\",status=\"4xx\"} 1"),
            "{text}"
        );
        assert!(
            text.contains(
                "api_request_duration_seconds_bucket{route=\"/api/cinemas\",le=\"0.0005\"} 1"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "api_request_duration_seconds_bucket{route=\"/api/cinemas\",le=\"0.025\"} 3"
            ),
            "{text}"
        );
        assert!(
            text.contains("api_request_duration_seconds_count{route=\"/api/cinemas\"} 3"),
            "{text}"
        );
    }
}
