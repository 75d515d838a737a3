//! Benchmark reference only (scripts/bench): a bare axum handler answering fixed bytes, so
//! the runtime API's full middleware stack can be compared with what axum costs by itself on
//! the same machine in the same run.

use axum::http::header;
use axum::routing::get;
use axum::Router;

/// mimalloc: an API answer allocates many small short-lived buffers; glibc's allocator was a
/// tenth of the CPU in a profile. (The bench's bare handler uses it too, to compare fairly.)
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let (Some(body), Some(addr)) = (args.next(), args.next()) else {
        anyhow::bail!("usage: bare-server BODY_FILE ADDR");
    };
    let bytes = axum::body::Bytes::from(std::fs::read(&body)?);
    let app = Router::new().fallback(get(move || {
        let bytes = bytes.clone();
        async move { ([(header::CONTENT_TYPE, "application/json")], bytes) }
    }));
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    axum::serve(listener, app).await?;
    Ok(())
}
