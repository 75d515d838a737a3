//! The generator: turns the content API into the static sites of every country, in every
//! language each offers, ready for a CDN. Fetch (concurrent HTTP) → plan (pages and
//! redirects from the route table) → render (Tera over compacted templates, in
//! parallel) → splice (Rust-written fragments, the minified chrome) → write (staged,
//! incremental, published in one step).

pub mod build;
pub mod compress;
pub mod fetch;
pub mod fetch_cache;
mod fragments;
mod injections;
pub mod islands;
mod model;
mod news_list;
mod nginx;
mod options;
pub mod output;
mod pages;
mod plan;
pub mod publish;
mod render;
mod schedule;
mod schedule_fragments;
mod seo;
pub mod styles;

use anyhow::{bail, Context as _};
pub use options::BuildOptions;
use site::{Lang, Site};

/// Builds the sites; on any failure the previous output is left as it was.
pub fn build(options: &BuildOptions) -> anyhow::Result<build::Report> {
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
    build::build(options, &sites, &langs)
}
