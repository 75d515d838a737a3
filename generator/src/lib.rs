//! The generator: turns the content API into the static sites of every country, in every
//! language each offers, ready for a CDN. Fetch (concurrent HTTP) → plan (pages and
//! redirects from the route table) → render (Tera, in parallel) → minify → write (staged,
//! incremental, published in one step).

mod context;
pub mod fetch;
mod fragments;
mod injections;
pub mod islands;
mod model;
mod nginx;
pub mod output;
mod pages;
pub mod publish;
mod render;
mod schedule;
mod seo;
pub mod styles;

use anyhow::{bail, Context as _};
use site::{Lang, Site};
use std::path::PathBuf;

#[derive(clap::Args, Clone, Debug)]
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
    /// The islands' bundle folder (`node islands/build.mjs --out DIR`), with `manifest.json`;
    /// the islands of each page kind come from `DIR/../islands.json`. `none`: pages without
    /// islands (no loader, no containers).
    #[arg(long, default_value = "islands/dist")]
    pub islands: PathBuf,
}

/// Builds the sites; on any failure the previous output is left as it was.
pub fn build(options: &BuildOptions) -> anyhow::Result<publish::Report> {
    let sites: Vec<Site> = if options.sites.is_empty() {
        Site::ALL.to_vec()
    } else {
        options
            .sites
            .iter()
            .map(|s| Site::from_code(s).with_context(|| format!("unknown site {s:?}")))
            .collect::<anyhow::Result<_>>()?
    };
    let langs: Vec<Lang> = options
        .langs
        .iter()
        .map(|l| Lang::from_code(l).with_context(|| format!("unknown language {l:?}")))
        .collect::<anyhow::Result<_>>()?;
    if !langs.is_empty()
        && sites
            .iter()
            .all(|s| !s.languages().iter().any(|l| langs.contains(l)))
    {
        bail!("no site offers the languages asked for");
    }
    publish::build(options, &sites, &langs)
}
