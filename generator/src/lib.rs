//! The generator: turns the content API into the static sites of every country, in every
//! language each offers, ready for a CDN. Fetch (concurrent HTTP) → plan (pages and
//! redirects from the route table) → render (Tera over compacted templates, in
//! parallel) → splice (Rust-written fragments, the minified chrome) → write (staged,
//! incremental, published in one step).

pub mod build;
mod changed_calls;
pub mod compress;
pub mod deps;
pub mod fetch;
pub mod fetch_cache;
mod fetch_pack;
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
pub mod run_lock;
pub mod run_report;
mod schedule;
mod schedule_fragments;
mod seo;
pub mod styles;

use anyhow::{bail, Context as _};
pub use options::BuildOptions;
use site::{Lang, Site};

/// Builds the sites, one build at a time per output folder (`run_lock`); on any failure the
/// previous output is left as it was, and the report and textfile say why (`run_report`).
pub fn build(options: &BuildOptions) -> anyhow::Result<build::Report> {
    let _lock = run_lock::acquire(
        &options.out,
        std::time::Duration::from_secs(options.lock_wait),
    )?;
    let started = chrono::Utc::now().timestamp();
    let textfile = options.textfile.as_deref();
    match build_locked(options) {
        Ok(mut report) => {
            run_report::succeeded(&options.out, textfile, &mut report, started)?;
            Ok(report)
        }
        Err(err) => {
            if let Err(report_err) = run_report::failed(&options.out, textfile, &err, started) {
                tracing::error!("could not write the failure report: {report_err:#}");
            }
            Err(err)
        }
    }
}

fn build_locked(options: &BuildOptions) -> anyhow::Result<build::Report> {
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
