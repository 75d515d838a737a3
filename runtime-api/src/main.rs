//! `runtime-api`: the content API over a snapshot, live calls, and a local preview of `out/`.

use anyhow::Context;
use clap::{Parser, Subcommand};
use runtime_api::app::{app, AppConfig, AppState};
use std::net::SocketAddr;
use std::path::PathBuf;

#[derive(Parser)]
#[command(name = "runtime-api", about = "Content API, live calls and local preview of the country sites")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the content API from a snapshot, and the generated sites for local preview.
    Serve {
        /// Content snapshot written by `demo-content` (or exported from a CMS).
        #[arg(long, default_value = "data/demo/snapshot.json")]
        snapshot: PathBuf,
        /// Address to listen on; the PORT environment variable overrides the port.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: SocketAddr,
        /// Generated sites (`out/{site}/…`) to serve at http://{site}.localhost:PORT/.
        #[arg(long, default_value = "out")]
        out: PathBuf,
        /// UI strings, one JSON file per language.
        #[arg(long, default_value = "locales")]
        locales: PathBuf,
        /// Brand configuration (name, slug, production domains).
        #[arg(long, default_value = "config/brand.json")]
        brand: PathBuf,
    },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,tower_http=warn".into()),
        )
        .init();
    match Cli::parse().command {
        Command::Serve { snapshot, mut addr, out, locales, brand } => {
            if let Ok(port) = std::env::var("PORT") {
                addr.set_port(port.parse().with_context(|| format!("PORT={port:?} is not a port number"))?);
            }
            let config = AppConfig { snapshot, out, locales, brand };
            let state = AppState::load(&config)?;
            let listener = tokio::net::TcpListener::bind(addr).await.with_context(|| format!("binding {addr}"))?;
            tracing::info!("serving on http://{addr} — sites at http://{{site}}.localhost:{}/", addr.port());
            axum::serve(listener, app(state))
                .with_graceful_shutdown(async {
                    let _ = tokio::signal::ctrl_c().await;
                })
                .await?;
            Ok(())
        }
    }
}
