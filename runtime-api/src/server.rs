//! The HTTP server around the router, with the limits a public server needs on a release
//! night or under a bot: a deadline for a request's headers (a client sending one header line
//! a second gets its connection closed), a cap on open connections (one over the cap is
//! closed at once), and load shedding (past a number of requests admitted and not yet
//! answered, the next ones are answered 503 with `Retry-After` at once instead of queueing
//! until every answer is late). `axum::serve` has none of these, so connections are served by
//! hyper directly.
//!
//! Why two runtimes: the API's work is CPU-bound (search, filters, serialisation). Served on
//! the threads that also read requests, a request waits unread in its socket while others are
//! computed, and no count of requests in progress sees that queue: at twice the capacity every
//! answer was seconds late and none was refused. So connections are read and answered on the
//! server's runtime (cheap work), and the router runs on a runtime of its own whose threads
//! yield the CPU to the readers: every request is read at once, admitted while fewer than
//! `max_in_flight` wait for the router, refused otherwise — and a refusal costs a fraction of
//! an answer, so the queue stays short and admitted answers fast.
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
use tokio::runtime::Runtime;
use tokio::sync::Semaphore;

/// The limits, from the configuration (`[server]`).
#[derive(Clone, Debug, serde::Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    /// Seconds a client has to send a request's headers.
    pub header_read_timeout_secs: u64,
    /// Open connections at most; the next one is closed at once.
    pub max_connections: usize,
    /// Requests admitted and not yet answered at most; the next ones are answered 503 at once.
    pub max_in_flight: usize,
    /// Threads of the router's runtime (0: one per core).
    pub worker_threads: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_read_timeout_secs: 10,
            max_connections: 4096,
            // Measured on 2 cores (scripts/bench, "load shedding"): past ~64 requests in
            // progress the answers only queue, and queueing is what makes them late.
            max_in_flight: 64,
            worker_threads: 0,
        }
    }
}

/// Marks a request the server refused: `shed_load` answers it 503 at once.
#[derive(Clone, Copy, Debug)]
pub struct Refused;

/// The router's answer to a refused request: 503 with `Retry-After`, through the same outer
/// layers as any answer (CORS, metrics, the request log), and nothing else.
pub async fn shed_load(request: Request, next: Next) -> Response {
    if request.extensions().get::<Refused>().is_none() {
        return next.run(request).await;
    }
    let mut response = crate::http::error::ApiError::Overloaded.into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

/// The runtime the router runs on: its threads run at a lower priority than the server's, so
/// reading, refusing and writing answers is never queued behind the router's work.
fn router_runtime(threads: usize) -> std::io::Result<Runtime> {
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(2, usize::from)
    } else {
        threads
    };
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .thread_name("api-router")
        .on_thread_start(|| {
            // Linux: PRIO_PROCESS with 0 is the calling thread. Best effort: at worst the
            // threads share the CPU evenly with the readers.
            // SAFETY: setpriority takes no pointer and changes only this thread's nice value.
            unsafe {
                libc::setpriority(libc::PRIO_PROCESS, 0, 10);
            }
        })
        .enable_all()
        .build()
}

type Answer = Response<axum::body::Body>;

/// One request: admitted to the router's runtime while a slot is free (the answer's body read
/// there too: compression is work), else marked refused and answered here.
async fn answer(
    router: Router,
    work: tokio::runtime::Handle,
    slots: Arc<Semaphore>,
    mut request: Request,
) -> Result<Answer, std::convert::Infallible> {
    let Ok(slot) = slots.try_acquire_owned() else {
        request.extensions_mut().insert(Refused);
        return tower::ServiceExt::oneshot(router, request).await;
    };
    let job = work.spawn(async move {
        let response = tower::ServiceExt::oneshot(router, request).await?;
        let (parts, body) = response.into_parts();
        let body = match axum::body::to_bytes(body, usize::MAX).await {
            Ok(bytes) => axum::body::Body::from(bytes),
            Err(error) => {
                tracing::warn!(%error, "an answer's body failed");
                return Ok(
                    crate::http::error::ApiError::Unavailable("the request failed".into())
                        .into_response(),
                );
            }
        };
        drop(slot);
        Ok::<_, std::convert::Infallible>(Response::from_parts(parts, body))
    });
    match job.await {
        Ok(answer) => answer,
        Err(error) => {
            tracing::error!(%error, "a request's task failed");
            Ok(
                crate::http::error::ApiError::Unavailable("the request failed".into())
                    .into_response(),
            )
        }
    }
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
    let slots = Arc::new(Semaphore::new(limits.max_in_flight.max(1)));
    let work = router_runtime(limits.worker_threads)?;
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
        let (router, slots, handle) = (router.clone(), slots.clone(), work.handle().clone());
        let service = hyper::service::service_fn(move |request: hyper::Request<_>| {
            let mut request = request.map(axum::body::Body::new);
            request.extensions_mut().insert(ConnectInfo(peer));
            answer(router.clone(), handle.clone(), slots.clone(), request)
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
    // Every answer is written: the router's runtime has nothing left to do.
    work.shutdown_background();
    Ok(())
}
