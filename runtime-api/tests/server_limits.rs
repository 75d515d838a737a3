//! The server's limits over real TCP connections: a deadline for a request's headers, a cap on
//! open connections, load shedding with 503 and `Retry-After` (by requests in progress and by
//! queue delay).

use axum::routing::get;
use axum::Router;
use runtime_api::server::{serve, shed_load, Limits};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// A server of `router` with `limits` on a free port, running until the test ends.
async fn start(router: Router, limits: Limits) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(async move { serve(listener, router, &limits, std::future::pending()).await });
    addr
}

fn slow_router() -> Router {
    Router::new()
        .route(
            "/slow",
            get(|| async {
                tokio::time::sleep(Duration::from_millis(600)).await;
                "done"
            }),
        )
        .route("/fast", get(|| async { "fast" }))
        .layer(axum::middleware::from_fn(shed_load))
}

/// Reads until the peer closes the connection; `None` if it is still open after `limit`.
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> Option<Vec<u8>> {
    let mut all = Vec::new();
    let mut buffer = [0u8; 4096];
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        match tokio::time::timeout(left, stream.read(&mut buffer)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return Some(all),
            Ok(Ok(n)) => all.extend_from_slice(&buffer[..n]),
            Err(_) => return None,
        }
    }
}

async fn get_raw(addr: SocketAddr, path: &str) -> String {
    let mut stream = TcpStream::connect(addr).await.expect("connects");
    stream
        .write_all(
            format!("GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n").as_bytes(),
        )
        .await
        .expect("writes");
    let answer = closed_within(&mut stream, Duration::from_secs(10))
        .await
        .expect("an answer, then the connection closed");
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn a_client_sending_its_headers_slowly_is_cut_off() {
    let limits = Limits {
        header_read_timeout_secs: 1,
        ..Limits::default()
    };
    let addr = start(slow_router(), limits).await;
    let mut stream = TcpStream::connect(addr).await.expect("connects");
    stream
        .write_all(b"GET /fast HTTP/1.1\r\n")
        .await
        .expect("writes");
    let started = Instant::now();
    // One header line every 300 ms, never the blank line that ends them.
    let mut cut = false;
    for i in 0..20 {
        tokio::time::sleep(Duration::from_millis(300)).await;
        if stream
            .write_all(format!("X-Slow-{i}: 1\r\n").as_bytes())
            .await
            .is_err()
        {
            cut = true;
            break;
        }
        if let Ok(Ok(0)) =
            tokio::time::timeout(Duration::from_millis(1), stream.read(&mut [0u8; 256])).await
        {
            cut = true;
            break;
        }
    }
    assert!(
        cut,
        "the connection was still open after 6 s of slow headers"
    );
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "cut after {:?}, the limit is 1 s",
        started.elapsed()
    );
    // A normal client is served meanwhile and after.
    assert!(get_raw(addr, "/fast").await.starts_with("HTTP/1.1 200"));
}

#[tokio::test]
async fn connections_over_the_cap_are_closed_at_once() {
    let limits = Limits {
        max_connections: 2,
        ..Limits::default()
    };
    let addr = start(slow_router(), limits).await;
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut s = TcpStream::connect(addr).await.expect("connects");
        // A request started, so the server holds the connection.
        s.write_all(b"GET /fast HTTP/1.1\r\nHost: t\r\n\r\n")
            .await
            .unwrap();
        let mut first = [0u8; 12];
        s.read_exact(&mut first).await.expect("answered");
        assert_eq!(&first, b"HTTP/1.1 200");
        held.push(s);
    }
    let mut third = TcpStream::connect(addr).await.expect("the kernel accepts");
    let _ = third
        .write_all(b"GET /fast HTTP/1.1\r\nHost: t\r\n\r\n")
        .await;
    let answer = closed_within(&mut third, Duration::from_secs(2))
        .await
        .expect("the third connection is closed at once");
    assert!(answer.is_empty(), "nothing served over the cap");
    // Once one is closed, a new connection is served.
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(get_raw(addr, "/fast").await.starts_with("HTTP/1.1 200"));
}

#[tokio::test]
async fn requests_over_the_in_flight_limit_get_503_with_retry_after_at_once() {
    let limits = Limits {
        max_in_flight: 2,
        ..Limits::default()
    };
    let addr = start(slow_router(), limits).await;
    let slow: Vec<_> = (0..2)
        .map(|_| tokio::spawn(async move { get_raw(addr, "/slow").await }))
        .collect();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let started = Instant::now();
    let shed = get_raw(addr, "/fast").await;
    assert!(
        started.elapsed() < Duration::from_millis(300),
        "answered at once"
    );
    assert!(shed.starts_with("HTTP/1.1 503"), "{shed}");
    assert!(
        shed.to_ascii_lowercase().contains("retry-after: 1"),
        "{shed}"
    );
    assert!(shed.contains("\"error\":\"overloaded\""), "{shed}");
    for s in slow {
        assert!(
            s.await.unwrap().starts_with("HTTP/1.1 200"),
            "admitted requests finish"
        );
    }
    assert!(get_raw(addr, "/fast").await.starts_with("HTTP/1.1 200"));
}

#[tokio::test]
async fn requests_queued_behind_busy_handlers_are_refused_at_once() {
    // Handlers that hold their thread (CPU-bound work, as search is), one thread for them,
    // four requests admitted at most.
    let router = Router::new()
        .route(
            "/busy",
            get(|| async {
                std::thread::sleep(Duration::from_millis(15));
                "done"
            }),
        )
        .layer(axum::middleware::from_fn(shed_load));
    let limits = Limits {
        max_in_flight: 4,
        worker_threads: 1,
        ..Limits::default()
    };
    let addr = start(router, limits).await;
    // 40 open connections (as browsers and the CDN keep theirs), then a request on each at
    // once: 600 ms of work for the router's one thread.
    let mut connections = Vec::new();
    for _ in 0..40 {
        connections.push(TcpStream::connect(addr).await.expect("connects"));
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let sent = Instant::now();
    for stream in &mut connections {
        stream
            .write_all(b"GET /busy HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            .await
            .expect("writes");
    }
    let answers: Vec<_> = connections
        .into_iter()
        .map(|mut stream| {
            tokio::spawn(async move {
                let answer = closed_within(&mut stream, Duration::from_secs(10))
                    .await
                    .expect("an answer");
                (
                    String::from_utf8_lossy(&answer).into_owned(),
                    sent.elapsed(),
                )
            })
        })
        .collect();
    let (mut admitted, mut refused) = (Vec::new(), Vec::new());
    for answer in answers {
        let (answer, took) = answer.await.unwrap();
        if answer.starts_with("HTTP/1.1 200") {
            admitted.push(took);
        } else {
            assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
            assert!(
                answer.to_ascii_lowercase().contains("retry-after: 1"),
                "{answer}"
            );
            refused.push(took);
        }
    }
    // The requests were all read while the router worked: the ones over the limit were
    // refused at once instead of waiting their turn, and the admitted ones did not queue.
    assert!(
        (4..=12).contains(&admitted.len()),
        "{} admitted, {} refused",
        admitted.len(),
        refused.len()
    );
    let slowest_refusal = refused.iter().max().expect("some refused");
    assert!(
        *slowest_refusal < Duration::from_millis(120),
        "refused at once, not after the work: {slowest_refusal:?}"
    );
    let slowest_answer = admitted.iter().max().expect("some admitted");
    assert!(
        *slowest_answer < Duration::from_millis(400),
        "admitted answers did not queue behind 600 ms of work: {slowest_answer:?}"
    );
    // Once the work is done, requests are served again.
    assert!(get_raw(addr, "/busy").await.starts_with("HTTP/1.1 200"));
}
