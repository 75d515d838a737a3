//! `generator build` and `generator publish`: the command line of the generator library.

use clap::{Parser, Subcommand};
use generator::BuildOptions;

/// mimalloc: a page is rendered through many short-lived strings and JSON values; with glibc's
/// allocator, malloc and free were a fifth of the build's CPU (perf), and they contend
/// between the rendering threads.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "generator",
    about = "Pre-builds every localized page of every country site from the content API"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build the sites into DIR/{site}/.
    Build(Box<BuildOptions>),
    /// Copy the site folders of a build to a CDN origin (s3://BUCKET/PREFIX) or a folder:
    /// only changed files, assets before pages, removals last.
    Publish(generator::publish::PublishOptions),
}

fn main() {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let result = match Cli::parse().command {
        Command::Build(options) => generator::build(&options),
        Command::Publish(options) => match generator::publish::publish(&options) {
            Ok(report) => {
                eprintln!(
                    "published to {}: uploaded {} ({} assets, {} pages, {:.1} MB), unchanged {}, deleted {} in {} ms",
                    options.to,
                    report.uploaded,
                    report.uploaded_assets,
                    report.uploaded_pages,
                    report.uploaded_bytes as f64 / 1e6,
                    report.unchanged,
                    report.deleted,
                    report.ms
                );
                println!("{}", serde_json::to_string(&report).unwrap_or_default());
                return;
            }
            Err(err) => {
                eprintln!("generator: publish failed; the next run completes it\n  {err:#}");
                std::process::exit(1);
            }
        },
    };
    if let Err(err) = result {
        let phase = generator::run_report::Phase::of(&err);
        eprintln!(
            "generator: build failed ({phase:?}, exit code {}), the previous output is left as it was\n  {err:#}",
            phase.exit_code()
        );
        std::process::exit(phase.exit_code());
    }
}
