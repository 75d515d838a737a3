//! The HTTP server around the router, with the limits a public server needs on a release
//! night or under a bot: a deadline for a request's headers (a client sending one header line
//! a second gets its connection closed), a cap on open connections (one over the cap is
//! closed at once), and load shedding (past a number of requests in progress, the next ones
//! are answered 503 with `Retry-After` at once instead of queueing until every answer is
//! late). `axum::serve` has none of these, so connections are served by hyper directly.

use axum::extract::connect_info::ConnectInfo;
use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// The limits, from the configuration (`[server]`).
#[derive(Clone, Debug, serde::Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    /// Seconds a client has to send a request's headers.
    pub header_read_timeout_secs: u64,
    /// Open connections at most; the next one is closed at once.
    pub max_connections: usize,
    /// Requests in progress at most; the next ones are answered 503 at once.
    pub max_in_flight: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_read_timeout_secs: 10,
            max_connections: 4096,
            // Measured on 2 cores (scripts/bench, "load shedding"): past ~64 requests in
            // progress the answers only queue, and queueing is what makes them late.
            max_in_flight: 64,
        }
    }
}

/// Answers 503 with `Retry-After` when `max_in_flight` requests are already in progress.
#[derive(Clone)]
pub struct LoadShedder(Arc<Semaphore>);

impl LoadShedder {
    pub fn new(max_in_flight: usize) -> LoadShedder {
        LoadShedder(Arc::new(Semaphore::new(max_in_flight.max(1))))
    }
}

pub async fn shed_load(
    axum::extract::State(shedder): axum::extract::State<LoadShedder>,
    request: Request,
    next: Next,
) -> Response {
    let Ok(_permit) = shedder.0.try_acquire() else {
        let mut response = crate::http::error::ApiError::Overloaded.into_response();
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        return response;
    };
    next.run(request).await
}

/// Serves `router` on `listener` until `shutdown` resolves, then lets the requests in progress
/// finish.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: &Limits,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let connections = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(limits.header_read_timeout_secs.max(1)));
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file descriptors and the like: wait a moment rather than spin.
                Err(error) => {
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(permit) = connections.clone().try_acquire_owned() else {
            tracing::warn!(%peer, "connection refused: too many open connections");
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            tower::ServiceExt::oneshot(router.clone(), request)
        });
        let connection = http.serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}
