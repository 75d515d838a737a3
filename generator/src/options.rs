//! What a build is asked to do: where the content API and the output are, which sites and
//! languages, where the templates, UI strings, brand and islands live.

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
    /// Ask for every answer whole: no `If-None-Match` from the answers the last builds kept
    /// (`.{out}.fetch` beside the output folder, see generator/src/fetch_cache.rs).
    #[arg(long)]
    pub no_fetch_cache: bool,
    /// Write no `.gz`/`.br` siblings (`generator/src/compress.rs`): for an origin or CDN that
    /// compresses itself, and for builds nobody serves (most tests). A later build with
    /// siblings makes those of the files it keeps.
    #[arg(long)]
    pub no_precompress: bool,
    /// Seconds to wait for another build of the same output folder to finish before giving
    /// up with exit code 75 (see generator/src/run_lock.rs).
    #[arg(long, default_value_t = 300)]
    pub lock_wait: u64,
    /// Where to write the run's Prometheus textfile (default `{out}/build.prom`), e.g. into
    /// node_exporter's textfile collector folder.
    #[arg(long)]
    pub textfile: Option<PathBuf>,
    /// Rebuild only what this content touches (repeatable): `show/SLUG`, `cinema/SLUG`,
    /// `city/SLUG`, `event/SLUG`… Only the answers that name it are asked for again, and only
    /// the pages made from it are rendered (see generator/src/deps.rs); the rest is kept.
    #[arg(long = "changed", value_name = "KIND/SLUG")]
    pub changed: Vec<String>,
    /// Build as of this instant (RFC 3339, e.g. `2026-11-22T12:00:00Z`) instead of the clock:
    /// which showtimes have started, the upcoming lists, the year in the footer, the sitemaps'
    /// fallback date. Read once per build, so every page of a build agrees; fixed, two builds of
    /// the same content are byte for byte the same (tests, benchmarks).
    #[arg(long, value_name = "RFC3339")]
    pub now: Option<chrono::DateTime<chrono::Utc>>,
}
