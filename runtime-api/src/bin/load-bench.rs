//! `load-bench`: the runtime API under a load it cannot carry (scripts/bench, "load shedding").
//!
//! 1. Capacity: 64 connections ask as fast as they can for `--seconds` seconds (closed loop).
//! 2. Overload: requests are sent at `--factor` × that rate for `--overload-seconds` (open loop:
//!    on schedule, whether answers came back or not; each latency counts from the scheduled
//!    moment, so a queue shows as latency instead of hiding as a lower rate).
//!
//! Prints the answers by status, the p50/p99 of the admitted ones (2xx/304) and of the refused
//! ones, and the server's memory (VmRSS of `--pid`) before and after. Exits 1 when a target of
//! the hardening issue fails: p99 of admitted ≤ 50 ms, only 200/304/429/503, memory growth
//! ≤ 50 MB.

use hyper_util::rt::TokioIo;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;

struct Args {
    addr: String,
    host: String,
    path: String,
    seconds: u64,
    overload_seconds: u64,
    factor: f64,
    pid: Option<u32>,
}

fn args() -> Args {
    let mut a = Args {
        addr: "127.0.0.1:8080".into(),
        host: "fr.localhost".into(),
        path: "/api/cinemas".into(),
        seconds: 10,
        overload_seconds: 30,
        factor: 2.0,
        pid: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().unwrap_or_default();
        match flag.as_str() {
            "--addr" => a.addr = value,
            "--host" => a.host = value,
            "--path" => a.path = value,
            "--seconds" => a.seconds = value.parse().expect("--seconds N"),
            "--overload-seconds" => {
                a.overload_seconds = value.parse().expect("--overload-seconds N")
            }
            "--factor" => a.factor = value.parse().expect("--factor X"),
            "--pid" => a.pid = value.parse().ok(),
            other => panic!("unknown flag {other}"),
        }
    }
    a
}

type Sender = hyper::client::conn::http1::SendRequest<http_body_util::Empty<bytes::Bytes>>;

async fn connect(args: &Args) -> Sender {
    let stream = TcpStream::connect(&args.addr).await.expect("connects");
    let _ = stream.set_nodelay(true);
    let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .expect("an HTTP/1.1 connection");
    tokio::spawn(connection);
    sender
}

/// One request on `sender` (a new connection if the server closed it); its status.
async fn ask(sender: &mut Sender, args: &Args) -> u16 {
    if sender.ready().await.is_err() {
        *sender = connect(args).await;
    }
    // `{n}` in the path becomes a counter: answers the server cannot have kept.
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let path = args
        .path
        .replace("{n}", &COUNTER.fetch_add(1, Ordering::Relaxed).to_string());
    let request = hyper::Request::get(&path)
        .header("host", &args.host)
        .body(http_body_util::Empty::new())
        .expect("a request");
    match sender.send_request(request).await {
        Ok(response) => {
            let status = response.status().as_u16();
            let _ = http_body_util::BodyExt::collect(response.into_body()).await;
            status
        }
        Err(_) => {
            *sender = connect(args).await;
            0
        }
    }
}

fn rss_mb(pid: Option<u32>) -> Option<f64> {
    let text = std::fs::read_to_string(format!("/proc/{}/status", pid?)).ok()?;
    let kb: f64 = text
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(kb / 1024.0)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i].as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() {
    let args = Arc::new(args());
    // 1. Capacity (closed loop).
    let done = Arc::new(AtomicBool::new(false));
    let mut workers = Vec::new();
    for _ in 0..64 {
        let (args, done) = (args.clone(), done.clone());
        workers.push(tokio::spawn(async move {
            let mut sender = connect(&args).await;
            let mut ok = 0u64;
            while !done.load(Ordering::Relaxed) {
                if (200..300).contains(&ask(&mut sender, &args).await) {
                    ok += 1;
                }
            }
            ok
        }));
    }
    tokio::time::sleep(Duration::from_secs(args.seconds)).await;
    done.store(true, Ordering::Relaxed);
    let mut answered = 0;
    for w in workers {
        answered += w.await.unwrap_or(0);
    }
    let capacity = answered as f64 / args.seconds as f64;
    println!("  capacity (64 connections, closed loop): {capacity:.0} req/s");

    // 2. Overload (open loop at factor × capacity).
    let rate = capacity * args.factor;
    let before = rss_mb(args.pid);
    let results: Arc<Mutex<Vec<(u16, Duration)>>> = Arc::default();
    // The scheduler hands out slots; the connections take them (one receiver, shared).
    let (tx, rx) = tokio::sync::mpsc::channel::<Instant>(100_000);
    let rx = Arc::new(tokio::sync::Mutex::new(rx));
    let mut workers = Vec::new();
    for _ in 0..512 {
        let (args, rx, results) = (args.clone(), rx.clone(), results.clone());
        workers.push(tokio::spawn(async move {
            let mut sender = connect(&args).await;
            loop {
                let Some(scheduled) = rx.lock().await.recv().await else {
                    break;
                };
                let status = ask(&mut sender, &args).await;
                results
                    .lock()
                    .expect("results")
                    .push((status, scheduled.elapsed()));
            }
        }));
    }
    let start = Instant::now();
    let total = (rate * args.overload_seconds as f64) as u64;
    for n in 0..total {
        let at = start + Duration::from_secs_f64(n as f64 / rate);
        tokio::time::sleep_until(at.into()).await;
        if tx.try_send(at).is_err() {
            results.lock().expect("results").push((0, Duration::ZERO));
        }
    }
    drop(tx);
    for w in workers {
        let _ = w.await;
    }
    let after = rss_mb(args.pid);
    let results = results.lock().expect("results");
    let mut by_status: BTreeMap<u16, u64> = BTreeMap::new();
    let (mut admitted, mut refused) = (Vec::new(), Vec::new());
    for (status, latency) in results.iter() {
        *by_status.entry(*status).or_default() += 1;
        match status {
            200..=299 | 304 => admitted.push(*latency),
            _ => refused.push(*latency),
        }
    }
    admitted.sort();
    refused.sort();
    let p99 = percentile(&admitted, 0.99);
    println!(
        "  overload ({:.1}× = {rate:.0} req/s for {} s, open loop): {} requests; by status {:?}",
        args.factor,
        args.overload_seconds,
        results.len(),
        by_status
    );
    println!(
        "  admitted: p50 {:.1} ms, p99 {p99:.1} ms; refused (503 at once): p50 {:.1} ms, p99 {:.1} ms",
        percentile(&admitted, 0.5),
        percentile(&refused, 0.5),
        percentile(&refused, 0.99)
    );
    let growth = match (before, after) {
        (Some(b), Some(a)) => {
            println!(
                "  server memory: {b:.0} MB before, {a:.0} MB after ({:+.0} MB)",
                a - b
            );
            a - b
        }
        _ => 0.0,
    };
    let statuses_ok = by_status.keys().all(|s| matches!(s, 200 | 304 | 429 | 503));
    if p99 > 50.0 || !statuses_ok || growth > 50.0 {
        println!(
            "  TARGET MISSED: p99 of admitted ≤ 50 ms, only 200/304/429/503, memory growth ≤ 50 MB"
        );
        std::process::exit(1);
    }
}
