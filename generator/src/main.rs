//! `generator build`: turns the content API into the static sites of every country, in every
//! language each offers, ready for a CDN. Fetch (concurrent HTTP) → plan (pages and
//! redirects from the route table) → render (Tera, in parallel) → minify → write (staged,
//! incremental, published in one step).

mod context;
mod fetch;
mod model;
mod output;
mod pages;
mod publish;
mod render;
mod seo;
mod views;

use anyhow::{bail, Context as _};
use clap::{Parser, Subcommand};
use site::{Lang, Site};
use std::path::PathBuf;

#[derive(Parser)]
#[command(name = "generator", about = "Pre-builds every localized page of every country site from the content API")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build the sites into DIR/{site}/.
    Build(BuildOptions),
}

#[derive(clap::Args)]
pub struct BuildOptions {
    /// Base URL of the content API (its calls live under /api).
    #[arg(long)]
    pub api: String,
    #[arg(long, default_value = "out")]
    pub out: PathBuf,
    /// Only these sites (repeatable); all by default.
    #[arg(long = "site")]
    pub sites: Vec<String>,
    /// Only these languages (repeatable); every language of each site by default.
    #[arg(long = "lang")]
    pub langs: Vec<String>,
    #[arg(long, default_value = "templates")]
    pub templates: PathBuf,
    #[arg(long, default_value = "locales")]
    pub locales: PathBuf,
    #[arg(long, default_value = "config/brand.json")]
    pub brand: PathBuf,
}

fn main() {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .with_writer(std::io::stderr)
        .init();
    let result = match Cli::parse().command {
        Command::Build(options) => build(&options),
    };
    if let Err(err) = result {
        eprintln!("generator: build failed, out/ left as it was\n  {err:#}");
        std::process::exit(1);
    }
}

fn build(options: &BuildOptions) -> anyhow::Result<()> {
    let sites: Vec<Site> = if options.sites.is_empty() {
        Site::ALL.to_vec()
    } else {
        options.sites.iter().map(|s| Site::from_code(s).with_context(|| format!("unknown site {s:?}"))).collect::<anyhow::Result<_>>()?
    };
    let langs: Vec<Lang> =
        options.langs.iter().map(|l| Lang::from_code(l).with_context(|| format!("unknown language {l:?}"))).collect::<anyhow::Result<_>>()?;
    if sites.iter().all(|s| !langs.is_empty() && !s.languages().iter().any(|l| langs.contains(l))) {
        bail!("no site offers the languages asked for");
    }
    publish::build(options, &sites, &langs)
}
