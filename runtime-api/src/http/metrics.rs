//! Prometheus metrics, written by hand: requests and their latency per route and status
//! class. A few counters behind one mutex cost less per request than a metrics framework,
//! and `/metrics` is the text exposition format any Prometheus scrapes.

use axum::extract::{MatchedPath, Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::time::Instant;

/// Upper bounds of the latency histogram, in seconds.
const BUCKETS: [f64; 10] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2.5];

#[derive(Default)]
pub struct Metrics {
    series: Mutex<BTreeMap<(String, &'static str, &'static str), Series>>,
}

#[derive(Default, Clone)]
struct Series {
    count: u64,
    sum: f64,
    buckets: [u64; BUCKETS.len()],
}

impl Metrics {
    pub fn record(&self, route: &str, method: &'static str, status: u16, seconds: f64) {
        let class = match status {
            100..=199 => "1xx",
            200..=299 => "2xx",
            300..=399 => "3xx",
            400..=499 => "4xx",
            _ => "5xx",
        };
        let mut series = self.series.lock().unwrap_or_else(|e| e.into_inner());
        let key = (route.to_string(), method, class);
        let entry = series.entry(key).or_default();
        entry.count += 1;
        entry.sum += seconds;
        for (i, bound) in BUCKETS.iter().enumerate() {
            if seconds <= *bound {
                entry.buckets[i] += 1;
            }
        }
    }

    /// The Prometheus text exposition format.
    pub fn render(&self) -> String {
        let series = self.series.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let mut out = String::new();
        out.push_str("# HELP api_requests_total Requests answered, by route, method and status class.\n# TYPE api_requests_total counter\n");
        for ((route, method, class), s) in &series {
            let _ = writeln!(out, "api_requests_total{{route=\"{}\",method=\"{method}\",status=\"{class}\"}} {}", label(route), s.count);
        }
        out.push_str("# HELP api_request_duration_seconds Time to answer, by route and method.\n# TYPE api_request_duration_seconds histogram\n");
        let mut by_route: BTreeMap<(&str, &str), Series> = BTreeMap::new();
        for ((route, method, _), s) in &series {
            let merged = by_route.entry((route, method)).or_default();
            merged.count += s.count;
            merged.sum += s.sum;
            for (m, b) in merged.buckets.iter_mut().zip(s.buckets) {
                *m += b;
            }
        }
        for ((route, method), s) in by_route {
            let route = label(route);
            for (bound, count) in BUCKETS.iter().zip(s.buckets) {
                let _ = writeln!(out, "api_request_duration_seconds_bucket{{route=\"{route}\",method=\"{method}\",le=\"{bound}\"}} {count}");
            }
            let _ = writeln!(out, "api_request_duration_seconds_bucket{{route=\"{route}\",method=\"{method}\",le=\"+Inf\"}} {}", s.count);
            let _ = writeln!(out, "api_request_duration_seconds_sum{{route=\"{route}\",method=\"{method}\"}} {}", s.sum);
            let _ = writeln!(out, "api_request_duration_seconds_count{{route=\"{route}\",method=\"{method}\"}} {}", s.count);
        }
        out
    }
}

/// Label values escape backslash, quote and newline.
fn label(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

/// Records every request under its route pattern (`/api/cinema/{slug}`), never its raw path:
/// raw paths would make one series per slug, or per attacker's string.
pub async fn track(State(metrics): State<std::sync::Arc<Metrics>>, request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| if request.uri().path().starts_with("/api/") { "/api/(unknown)".into() } else { "(preview)".into() });
    let method = match *request.method() {
        axum::http::Method::GET => "GET",
        axum::http::Method::HEAD => "HEAD",
        axum::http::Method::POST => "POST",
        axum::http::Method::PATCH => "PATCH",
        axum::http::Method::DELETE => "DELETE",
        axum::http::Method::PUT => "PUT",
        axum::http::Method::OPTIONS => "OPTIONS",
        _ => "OTHER",
    };
    let started = Instant::now();
    let response = next.run(request).await;
    metrics.record(&route, method, response.status().as_u16(), started.elapsed().as_secs_f64());
    response
}

pub async fn expose(State(metrics): State<std::sync::Arc<Metrics>>) -> Response {
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], metrics.render()).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exposition_counts_per_route_and_buckets_latencies() {
        let m = Metrics::default();
        m.record("/api/cinemas", "GET", 200, 0.0004);
        m.record("/api/cinemas", "GET", 200, 0.02);
        m.record("/api/cinemas", "GET", 404, 0.001);
        let text = m.render();
        assert!(text.contains("api_requests_total{route=\"/api/cinemas\",method=\"GET\",status=\"2xx\"} 2"), "{text}");
        assert!(text.contains("api_requests_total{route=\"/api/cinemas\",method=\"GET\",status=\"4xx\"} 1"), "{text}");
        assert!(text.contains("api_request_duration_seconds_bucket{route=\"/api/cinemas\",method=\"GET\",le=\"0.0005\"} 1"), "{text}");
        assert!(text.contains("api_request_duration_seconds_bucket{route=\"/api/cinemas\",method=\"GET\",le=\"0.025\"} 3"), "{text}");
        assert!(text.contains("api_request_duration_seconds_count{route=\"/api/cinemas\",method=\"GET\"} 3"), "{text}");
    }
}
