//! `runtime-api`: the content API over a snapshot, live calls, and a local preview of `out/`.

use anyhow::Context;
use clap::{Parser, Subcommand};
use runtime_api::clock::Clock;
use runtime_api::config::{Config, LogFormat};
use runtime_api::router::app;
use runtime_api::state::{AppState, Live, Loaded, ServiceOptions};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// mimalloc: an API answer allocates many small short-lived buffers; glibc's allocator was a
/// tenth of the CPU in a profile. (The bench's bare handler uses it too, to compare fairly.)
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "runtime-api",
    about = "Content API, live calls and local preview of the country sites"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API (content, search, clients) and the generated sites for local preview.
    Serve {
        /// Configuration file (TOML); environment variables and the flags below override it.
        #[arg(long)]
        config: Option<PathBuf>,
        /// Content snapshot written by `demo-content` (or exported from a CMS).
        #[arg(long)]
        snapshot: Option<PathBuf>,
        /// Address to listen on; the PORT environment variable overrides the port.
        #[arg(long)]
        addr: Option<SocketAddr>,
        /// Generated sites (`out/{site}/…`) to serve at http://{site}.localhost:PORT/.
        #[arg(long)]
        out: Option<PathBuf>,
        /// UI strings, one JSON file per language.
        #[arg(long)]
        locales: Option<PathBuf>,
        /// Brand configuration (name, slug, production domains).
        #[arg(long)]
        brand: Option<PathBuf>,
        /// Where the SQLite file and the dev identity key are kept.
        #[arg(long)]
        data_dir: Option<PathBuf>,
        /// Also serve the generated sites of `--out` at http://{site}.localhost:PORT/ (local use).
        #[arg(long)]
        preview: bool,
        /// Fix the API's clock at this instant (RFC 3339, e.g. 2026-11-22T18:00:00+01:00):
        /// showtime statuses, caches and dates are computed as at that time (demos, tests).
        #[arg(long, value_name = "RFC3339", conflicts_with = "clock_offset")]
        now: Option<String>,
        /// Shift the API's clock from the real one by a duration: 3h, -1d, 90m, -30s, 1h30m
        /// (demos and tests: showtimes of the next 3 hours are closed with 3h).
        #[arg(long, value_name = "DURATION", allow_hyphen_values = true)]
        clock_offset: Option<String>,
    },
    /// Print a bearer token of the dev identity provider for a client (local use and tests).
    DevToken {
        #[arg(long, default_value = "fr")]
        site: String,
        #[arg(long)]
        email: String,
        #[arg(long, default_value = "Dev")]
        given_name: String,
        #[arg(long, default_value = "Client")]
        family_name: String,
        /// Lifetime of the token in minutes.
        #[arg(long, default_value_t = 60)]
        minutes: u64,
        #[arg(long)]
        config: Option<PathBuf>,
        #[arg(long)]
        data_dir: Option<PathBuf>,
    },
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Serve {
            config,
            snapshot,
            addr,
            out,
            locales,
            brand,
            data_dir,
            preview,
            now,
            clock_offset,
        } => {
            let mut config = Config::load(config.as_deref())?;
            config.preview |= preview;
            config.clock = Clock::from_flags(now.as_deref(), clock_offset.as_deref())
                .map_err(anyhow::Error::msg)?;
            // Flags win over the file and the environment, except PORT over --addr's port.
            if let Some(a) = addr {
                config.listen = a;
                if let Ok(port) = std::env::var("PORT") {
                    config.listen.set_port(
                        port.parse()
                            .with_context(|| format!("PORT={port:?} is not a port number"))?,
                    );
                }
            }
            config.snapshot = snapshot.unwrap_or(config.snapshot);
            config.out = out.unwrap_or(config.out);
            config.locales = locales.unwrap_or(config.locales);
            config.brand = brand.unwrap_or(config.brand);
            config.data_dir = data_dir.unwrap_or(config.data_dir);
            init_logs(config.log_format);
            tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()?
                .block_on(serve(config))
        }
        Command::DevToken {
            site,
            email,
            given_name,
            family_name,
            minutes,
            config,
            data_dir,
        } => {
            let mut config = Config::load(config.as_deref())?;
            config.data_dir = data_dir.unwrap_or(config.data_dir);
            let site =
                site::Site::from_code(&site).with_context(|| format!("unknown site {site:?}"))?;
            let provider = config.identity.for_site(site, config.listen.port())?;
            anyhow::ensure!(
                provider.dev,
                "site {} does not use the dev identity provider in this configuration",
                site.code()
            );
            let provider = identity::DevIdentityProvider::open(
                &config.data_dir,
                provider.issuer,
                provider.audience,
                provider.client_id,
            )?;
            println!(
                "{}",
                provider.issue_token(
                    site,
                    &email,
                    &given_name,
                    &family_name,
                    Duration::from_secs(minutes * 60)
                )
            );
            eprintln!(
                "client id: {}",
                identity::DevIdentityProvider::client_id(&email)
            );
            Ok(())
        }
    }
}

fn init_logs(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "info,tower_http=warn,runtime_api=info".into());
    // Per-request lines are at info level under the `request` span; quiet by default unless
    // RUST_LOG asks for them, so a load test does not measure the terminal.
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    match format {
        LogFormat::Json => builder.json().with_current_span(true).init(),
        LogFormat::Text => builder.init(),
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let started = Instant::now();
    config.check_exposure()?;
    let dev = config.dev_services();
    if !dev.is_empty() {
        // Said where an operator looks first, whatever the log settings.
        let line = format!(
            "runtime-api: local use only, on {}: {}",
            config.listen,
            dev.join("; ")
        );
        eprintln!("{line}");
        tracing::warn!("{line}");
    }
    let loaded = Loaded::read(&config)?;
    let live = Live::start(&config, &loaded.snapshot, &loaded.brand).await?;
    let options = ServiceOptions {
        request_timeout: Duration::from_secs(config.request_timeout_secs),
        cors_origins: config.cors_origins.clone(),
        port: config.listen.port(),
        preview: config.preview,
        hsts: config.hsts,
        metrics_token: config.metrics_token.as_deref().map(std::sync::Arc::from),
        rebuild_hook: match (&config.rebuild_hook.secret, &config.rebuild_hook.command) {
            (None, command) if command.is_empty() => None,
            (secret, command) => Some(runtime_api::http::rebuild_hook::RebuildHook::start(
                secret.as_deref().unwrap_or_default(),
                command.clone(),
            )?),
        },
    };
    let store = live.store.backend();
    let state = AppState::new(
        loaded.snapshot,
        loaded.brand,
        loaded.locales,
        config.out.clone(),
        loaded.media,
        config.clock,
    )
    .with_live(std::sync::Arc::new(live))
    .with_options(options);
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .with_context(|| format!("binding {}", config.listen))?;
    if config.clock != Clock::System {
        let clock = config.clock.report();
        tracing::warn!(
            mode = clock.mode,
            now = %clock.now,
            offset = clock.offset.as_deref().unwrap_or(""),
            "the API's clock is not the system's: statuses and dates follow it"
        );
    }
    tracing::info!(
        ready_ms = started.elapsed().as_millis() as u64,
        store,
        "ready: serving on http://{} — sites at http://{{site}}.localhost:{}/",
        config.listen,
        config.listen.port()
    );
    runtime_api::server::serve(listener, app(state), &config.server, shutdown_signal()).await?;
    tracing::info!("stopped: in-flight requests finished");
    Ok(())
}

/// SIGTERM (what an orchestrator sends) or Ctrl-C: stop accepting, let requests finish.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
    tracing::info!("shutting down");
}
