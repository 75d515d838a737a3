//! One build, phase by phase, each timed: fetch every site over HTTP, plan its pages, render
//! them in parallel from templates compacted at load (`render::compact`), splice in the
//! fragments and the chrome, write them with the site-wide files (assets, sitemaps,
//! robots.txt, redirects), then commit the output and report.

mod assets;
mod chrome_parts;
mod cpu;
mod feeds;
pub use feeds::FEED_DAYS;
mod icons;
mod sitemaps;

use crate::deps::{ContentKey, Deps, SiteLinks};
use crate::fetch::Fetcher;
use crate::fragments;
use crate::islands::Islands;
use crate::model::{fetch_site, SiteData};
use crate::options::BuildOptions;
use crate::output::{Output, OutputReport};
use crate::pages::{chrome, page_context, LocaleChrome};
use crate::plan::{plan, Page, SitePages};
use crate::render::Renderers;
use anyhow::Context as _;
use assets::SiteAssets;
use chrome_parts::ChromeCache;
use cpu::{thread_cpu, Phases};
use rayon::prelude::*;
use serde::Serialize;
use site::brand::Brand;
use site::routes::{PageKind, RouteTable};
use site::{Lang, Site};
use std::collections::{BTreeMap, HashSet};
use std::sync::OnceLock;
use std::time::Instant;

#[derive(Serialize, Default, Debug)]
pub struct Report {
    pub pages: BTreeMap<String, BTreeMap<String, usize>>,
    pub total_pages: usize,
    pub redirects: usize,
    pub requests: usize,
    pub fetched_bytes: usize,
    /// Calls answered 304 (the answer kept from the last build reused), the bytes they hold,
    /// and the kept answers removed because no call asked for them (see `fetch_cache`).
    pub not_modified: usize,
    /// Of `not_modified`, the answers the API revalidated in bulk (`Fetcher::revalidate`).
    pub revalidated: usize,
    pub reused_bytes: usize,
    pub fetch_cache_pruned: usize,
    /// A targeted build (`--changed`): the keys, the kept answers used without asking, and
    /// the pages the dependency map named (null: the build rendered whatever changed, as a
    /// full build does — no map yet, or a new item).
    pub changed: Vec<String>,
    pub unasked: usize,
    /// Kept answers (schedules) read because a page needed them: none in a rebuild that
    /// keeps every page (`model::SiteData::load_schedules`).
    pub kept_read: usize,
    /// Kept answers (schedules) left unread when they arrived.
    pub kept_unread: usize,
    /// Of `kept_read`, those read from their compact form (the fetch cache's `.compact`).
    pub kept_compact: usize,
    /// Of `kept_read`, those asked for again: only their compact form was kept, and it could
    /// not be read (damaged, or written by another build of the generator and left unasked
    /// by a targeted build).
    pub kept_asked_again: usize,
    pub targeted_pages: Option<usize>,
    /// The sites a targeted build made none of the files of, kept whole as published
    /// (`SiteWriter::makes_nothing_of`).
    pub kept_sites: Vec<String>,
    pub fetch_ms: u128,
    pub render_ms: u128,
    pub publish_ms: u128,
    /// From the start of the run to the new pages in place of the old (none when nothing
    /// changed): a targeted build's "live within a second" (its siblings come after).
    pub swapped_ms: Option<u128>,
    pub phases_cpu_ms: BTreeMap<&'static str, u64>,
    pub kinds_cpu_ms: BTreeMap<String, u64>,
    pub output: OutputReport,
    /// The calendar feeds written (`feeds`): files, events, bytes, time.
    pub feeds: feeds::FeedsReport,
    /// `ok` or `failed` (then `failure` says where and why; see `run_report`).
    pub status: &'static str,
    pub started_unix: i64,
    pub finished_unix: i64,
    /// When the sites were last published, and the runs failed since (kept across runs).
    pub last_success_unix: Option<i64>,
    pub consecutive_failures: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<Failure>,
}

/// Why a run failed (`run_report`): its phase (`content_api`, `render`, `output`,
/// `configuration`), its exit code and the error with its causes.
#[derive(Debug, Serialize)]
pub struct Failure {
    pub phase: &'static str,
    pub exit_code: i32,
    pub error: String,
}

pub fn build(options: &BuildOptions, sites: &[Site], langs: &[Lang]) -> anyhow::Result<Report> {
    let brand_text = std::fs::read_to_string(&options.brand)
        .with_context(|| format!("reading {}", options.brand.display()))?;
    let brand = Brand::from_json(&brand_text).map_err(anyhow::Error::msg)?;
    let table = RouteTable::try_new(&brand.slug).map_err(anyhow::Error::msg)?;

    let started = Instant::now();
    let cache = if options.no_fetch_cache {
        None
    } else {
        let dir = crate::fetch_cache::FetchCache::beside(&options.out);
        Some(std::sync::Arc::new(crate::fetch_cache::FetchCache::open(
            dir,
        )?))
    };
    let changed: Vec<ContentKey> = options
        .changed
        .iter()
        .map(|c| ContentKey::parse(c))
        .collect::<Result<_, _>>()
        .map_err(anyhow::Error::msg)?;
    let deps = Deps::begin(&options.out);
    let targets = targets(&changed, &deps, cache.is_some());
    let mut fetcher = Fetcher::new(&options.api)?;
    if let Some(cache) = &cache {
        fetcher = fetcher.with_cache(cache.clone());
    }
    if targets.is_some() {
        fetcher = fetcher.only_changed(changed.clone());
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let spawn_fetch = |site: Site| {
        let wanted: Vec<Lang> = site
            .languages()
            .iter()
            .copied()
            .filter(|l| langs.is_empty() || langs.contains(l))
            .collect();
        let fetcher = fetcher.clone();
        // A targeted build with pages on this site needs its kept schedules: read in the
        // fetch's task, while the previous site renders, rather than on the render's path.
        let prefix = format!("{}/", site.code());
        let read_now = targets
            .as_ref()
            .is_some_and(|t| t.iter().any(|rel| rel.starts_with(&prefix)));
        runtime.spawn(async move {
            let data = fetch_site(&fetcher, site, &wanted).await?;
            if !read_now {
                return Ok(data);
            }
            tokio::task::spawn_blocking(move || data.load_schedules(true).map(|()| data))
                .await
                .expect("reading schedules does not panic")
        })
    };
    // The first site is fetched while the templates, assets and islands load and the published
    // folder is listed (a rebuild with nothing changed is mostly fetching); those load side by
    // side.
    let mut next = sites.first().map(|&site| spawn_fetch(site));
    let (renderers, loaded) = rayon::join(
        || {
            let renderers = Renderers::load(&options.templates, &options.locales)?;
            // A targeted build renders pages: its templates compile while the first site is
            // fetched, not on the pages' path.
            if targets.as_ref().is_some_and(|t| !t.is_empty()) {
                renderers.compile_now();
            }
            anyhow::Ok(renderers)
        },
        || {
            rayon::join(
                || -> anyhow::Result<_> {
                    let assets = SiteAssets::read(options, &brand)?;
                    // Pages are rendered again when their templates, UI strings or the
                    // generator change.
                    let fingerprint =
                        fingerprint(&options.templates, &options.locales, &brand_text)?;
                    let islands = crate::islands::Islands::load(&options.islands)?;
                    Ok((assets, fingerprint, islands))
                },
                || Output::begin(&options.out),
            )
        },
    );
    let (loaded, output) = loaded;
    let output = output?;
    let (renderers, (assets, fingerprint, islands)) = match (renderers, loaded) {
        (Ok(renderers), Ok(loaded)) => (renderers, loaded),
        (Err(err), _) | (_, Err(err)) => {
            output.abandon();
            return Err(err);
        }
    };
    let output = if targets.is_some() {
        output.siblings_after_swap()
    } else {
        output
    };
    let output = if options.no_precompress {
        output.without_siblings()
    } else {
        output
    };
    // One instant for the whole build: every page and feed of it agrees on what has started.
    let now = options.now.unwrap_or_else(chrono::Utc::now);
    let mut report = Report::default();
    let phases = Phases::default();
    let mut plans = Vec::new();
    // A bar on a terminal; plain log lines (one per site) otherwise, e.g. under cron.
    let progress = if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        indicatif::ProgressBar::new(0)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let feeds_count = feeds::FeedsCount::default();
    let writer = SiteWriter {
        table: &table,
        brand: &brand,
        renderers: &renderers,
        islands: islands.as_ref(),
        output: &output,
        assets: &assets,
        phases: &phases,
        progress: &progress,
        fingerprint,
        deps: &deps,
        targets: targets.as_ref(),
        feeds: &feeds_count,
        now,
    };
    // Sites one after the other, the next one fetched while this one renders: memory holds
    // at most two sites (their showtimes in compact form, see `schedule`), whatever the scale.
    let result: anyhow::Result<()> = (|| {
        for (i, _) in sites.iter().enumerate() {
            let waiting = Instant::now();
            let handle = next
                .take()
                .expect("a fetch is always pending for the current site");
            let site_data: SiteData = runtime.block_on(handle).context("fetch task")??;
            report.fetch_ms += waiting.elapsed().as_millis();
            next = sites.get(i + 1).map(|&site| spawn_fetch(site));
            let rendering = Instant::now();
            let mut plan = plan(&table, &site_data);
            plan.policy = page_policy(&brand, &site_data);
            progress.inc_length(plan.pages.len() as u64);
            progress.set_message(site_data.site.code());
            if writer.makes_nothing_of(&site_data, &plan) {
                writer.keep_site(&site_data, &plan)?;
                report.kept_sites.push(site_data.site.code().to_string());
            } else {
                writer.write_site(&site_data, &plan)?;
            }
            tracing::info!(
                "{}: {} pages, {} redirects; waited {} ms for its content, made in {} ms",
                site_data.site,
                plan.pages.len(),
                plan.redirects.len(),
                rendering.duration_since(waiting).as_millis(),
                rendering.elapsed().as_millis()
            );
            let per_kind = report
                .pages
                .entry(site_data.site.code().to_string())
                .or_default();
            for page in &plan.pages {
                *per_kind.entry(page.kind.name().to_string()).or_default() += 1;
            }
            report.total_pages += plan.pages.len();
            report.redirects += plan.redirects.len();
            report.render_ms += rendering.elapsed().as_millis();
            plans.push((site_data.site, plan.redirects_only()));
            drop(plan);
            // Freeing a large site's data takes a few milliseconds: beside the next site's
            // making rather than before it.
            std::thread::spawn(move || drop(site_data));
        }
        let sites: Vec<(Site, &SitePages)> = plans.iter().map(|(s, p)| (*s, p)).collect();
        output.write(
            "nginx.conf",
            crate::nginx::config(&brand, &table, &sites, "/srv/www").as_bytes(),
        )?;
        output.write(crate::deps::DEPS_FILE, &deps.to_bytes()?)
    })();
    progress.finish_and_clear();
    if let Err(err) = result {
        output.abandon();
        return Err(err);
    }
    let [context_ms, render_ms, splice_ms, write_ms] = phases.millis();
    tracing::info!("CPU per phase: context {context_ms} ms, templates {render_ms} ms, splice {splice_ms} ms, write {write_ms} ms");
    report.phases_cpu_ms = BTreeMap::from([
        ("context", context_ms),
        ("templates", render_ms),
        ("splice", splice_ms),
        ("write", write_ms),
    ]);
    report.kinds_cpu_ms = phases.kinds_millis();
    tracing::info!(
        "fetched {:.1} MB in {} requests; {} answered 304 ({:.1} MB kept from the last build)",
        fetcher.bytes.load(std::sync::atomic::Ordering::Relaxed) as f64 / 1e6,
        fetcher.requests.load(std::sync::atomic::Ordering::Relaxed),
        fetcher
            .not_modified
            .load(std::sync::atomic::Ordering::Relaxed),
        fetcher
            .reused_bytes
            .load(std::sync::atomic::Ordering::Relaxed) as f64
            / 1e6
    );
    let publish_started = Instant::now();
    report.requests = fetcher.requests.load(std::sync::atomic::Ordering::Relaxed);
    report.fetched_bytes = fetcher.bytes.load(std::sync::atomic::Ordering::Relaxed);
    report.not_modified = fetcher
        .not_modified
        .load(std::sync::atomic::Ordering::Relaxed);
    report.revalidated = fetcher
        .revalidated
        .load(std::sync::atomic::Ordering::Relaxed);
    report.reused_bytes = fetcher
        .reused_bytes
        .load(std::sync::atomic::Ordering::Relaxed);
    report.unasked = fetcher.unasked.load(std::sync::atomic::Ordering::Relaxed);
    report.kept_read = fetcher.kept_read.load(std::sync::atomic::Ordering::Relaxed);
    report.kept_compact = fetcher
        .kept_compact
        .load(std::sync::atomic::Ordering::Relaxed);
    report.kept_asked_again = fetcher
        .kept_asked_again
        .load(std::sync::atomic::Ordering::Relaxed);
    report.kept_unread = fetcher
        .kept_unread
        .load(std::sync::atomic::Ordering::Relaxed);
    report.changed = changed.iter().map(ContentKey::text).collect();
    report.targeted_pages = targets.as_ref().map(|t| t.len());
    report.feeds = feeds_count.report();
    report.output = output.commit()?;
    report.swapped_ms = report
        .output
        .swapped
        .map(|at| at.duration_since(started).as_millis());
    // Only a build of every site and language that asked for everything knows every call
    // still asked for.
    if let Some(cache) = cache.filter(|_| {
        sites.len() == Site::ALL.len() && langs.is_empty() && report.targeted_pages.is_none()
    }) {
        report.fetch_cache_pruned = cache.prune();
    }
    report.publish_ms = publish_started.elapsed().as_millis();
    eprintln!(
        "built {} pages ({} redirects) for {} site(s) in {:.2}s — waiting for fetches {} ms, render+write {} ms, publish {} ms; written {}, unchanged {}, removed {}",
        report.total_pages,
        report.redirects,
        sites.len(),
        started.elapsed().as_secs_f64(),
        report.fetch_ms,
        report.render_ms,
        report.publish_ms,
        report.output.written,
        report.output.unchanged,
        report.output.removed
    );
    if let Some(ms) = report.swapped_ms {
        eprintln!("the new pages were in place {ms} ms after the start");
    }
    Ok(report)
}

/// The pages a targeted build renders: those the previous build made from the changed keys.
/// None — render whatever changed, as a full build does — without keys, without a previous
/// map or kept answers, or when a key is new (a new show is on lists the map cannot know).
fn targets(changed: &[ContentKey], deps: &Deps, cached: bool) -> Option<HashSet<String>> {
    if changed.is_empty() {
        return None;
    }
    if !deps.has_previous() || !cached {
        tracing::warn!("no dependency map or no kept answers yet: building everything");
        return None;
    }
    let keys: HashSet<String> = changed.iter().map(ContentKey::text).collect();
    if let Some(new) = keys.iter().find(|k| !deps.knew(k)) {
        tracing::info!("{new} is new to the last build: building everything that changed");
        return None;
    }
    let pages = deps.pages_of(&keys);
    tracing::info!(
        "targeted build: {} page(s) made from {}",
        pages.len(),
        changed
            .iter()
            .map(ContentKey::text)
            .collect::<Vec<_>>()
            .join(", ")
    );
    Some(pages)
}

/// What a page's quick inputs hash is made of: everything fetched for its site (with the
/// templates, UI strings, brand and generator), its locale's chrome (assets, year, settings),
/// the islands' bundles, and the page's own identity.
fn quick_inputs(
    page: &Page,
    rel: &str,
    fingerprint: u64,
    chrome_hash: u64,
    islands: Option<&Islands>,
) -> u64 {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    hasher.update(&fingerprint.to_le_bytes());
    hasher.update(&chrome_hash.to_le_bytes());
    hasher.update(&islands.map_or(0, |i| i.hash).to_le_bytes());
    hasher.update(rel.as_bytes());
    hasher.update(
        format!(
            "{:?}",
            (page.kind, &page.key, page.item, page.webview, page.lang)
        )
        .as_bytes(),
    );
    hasher.digest()
}

/// The file of a page: `/` → `index.html`, `/en/cinemas` → `en/cinemas.html`.
pub fn file_of(path: &str) -> String {
    let rel = path.trim_start_matches('/');
    if rel.is_empty() {
        "index.html".to_string()
    } else {
        format!("{rel}.html")
    }
}

/// What writing a site's files needs besides the site: the build's shared parts.
struct SiteWriter<'a> {
    table: &'a RouteTable,
    brand: &'a Brand,
    renderers: &'a Renderers,
    islands: Option<&'a Islands>,
    output: &'a Output,
    assets: &'a SiteAssets,
    phases: &'a Phases,
    progress: &'a indicatif::ProgressBar,
    /// Hash of the templates, UI strings, brand and generator: part of every page's inputs.
    fingerprint: u64,
    /// The dependency map being made (and the previous one).
    deps: &'a Deps,
    /// A targeted build's pages (see `targets`); every other page is kept as published.
    targets: Option<&'a HashSet<String>>,
    /// The calendar feeds written so far.
    feeds: &'a feeds::FeedsCount,
    /// The instant the build is made as of (`BuildOptions::now`): which showtimes have started,
    /// the upcoming lists, the footer's year, a feed's stamp without showtimes.
    now: chrono::DateTime<chrono::Utc>,
}

impl SiteWriter<'_> {
    /// A targeted build makes nothing of a site none of whose pages is made from what changed,
    /// when the last build was made by the same generator, templates, UI strings, brand,
    /// style sheets and islands (the site's files would be the same bytes) and knew every
    /// page the site has now. Its folder is then kept whole, as published (`keep_site`): not
    /// walked page by page, its sitemaps, feeds and other files not made again to compare.
    fn makes_nothing_of(&self, data: &SiteData, plan: &SitePages) -> bool {
        let Some(targets) = self.targets else {
            return false;
        };
        let root = data.site.code();
        let prefix = format!("{root}/");
        if targets.iter().any(|rel| rel.starts_with(&prefix)) {
            return false;
        }
        // The icons' inputs are the fingerprint (generator, templates, UI strings, brand).
        let icon = format!("{root}/{}", icons::path(icons::SIZES[0].0));
        if !self.output.same_quick(&icon, self.icon_inputs(&icon)) {
            return false;
        }
        // The style sheets and the islands' bundles are named by their bytes' hash.
        let assets = [&self.assets.css_name, &self.assets.print_css_name]
            .into_iter()
            .map(|name| format!("{root}/{name}"));
        let islands = self
            .islands
            .map(|i| i.files.as_slice())
            .unwrap_or_default()
            .iter()
            .filter(|(name, _)| name != crate::islands::SERVICE_WORKER)
            .map(|(name, _)| format!("{root}{}{name}", crate::islands::URL_DIR));
        let books = self
            .label_books(data)
            .into_iter()
            .map(|book| format!("{root}{}{}", crate::islands::URL_DIR, book.name));
        if !assets
            .chain(islands)
            .chain(books)
            .all(|rel| self.output.publishes(&rel))
        {
            return false;
        }
        plan.pages
            .iter()
            .all(|page| self.deps.had(&format!("{root}/{}", file_of(&page.path))))
    }

    /// The islands' label books of the site's languages (`Islands::label_book`).
    fn label_books(&self, data: &SiteData) -> Vec<std::sync::Arc<crate::islands::LabelBook>> {
        let Some(islands) = self.islands else {
            return Vec::new();
        };
        let registration = data.site.offers_registration();
        data.locales
            .keys()
            .map(|&lang| {
                islands.label_book(lang.code(), self.renderers.strings(lang), registration)
            })
            .collect()
    }

    /// An icon's inputs: the fingerprint (it is drawn from the brand alone) and its path.
    fn icon_inputs(&self, rel: &str) -> u64 {
        self.fingerprint ^ xxhash_rust::xxh3::xxh3_64(rel.as_bytes())
    }

    /// Keeps a site's folder whole, as published, with the pages' dependencies and inputs.
    fn keep_site(&self, data: &SiteData, plan: &SitePages) -> anyhow::Result<()> {
        let root = data.site.code();
        let kept = self.output.keep_folder(root)?;
        self.deps.carry_folder(&format!("{root}/"));
        self.progress.inc(plan.pages.len() as u64);
        tracing::info!(
            "{root}: none of its files made from what changed, {kept} kept as published"
        );
        Ok(())
    }

    fn write_site(&self, data: &SiteData, plan: &SitePages) -> anyhow::Result<()> {
        let (output, assets) = (self.output, self.assets);
        let site = data.site;
        let root = site.code();
        output.write(&format!("{root}/{}", assets.css_name), &assets.css)?;
        output.write(
            &format!("{root}/{}", assets.print_css_name),
            &assets.print_css,
        )?;
        if let Some(logo) = &assets.logo {
            output.write(&format!("{root}/{}", logo.name), &logo.bytes)?;
        }
        output.write(&format!("{root}/favicon.svg"), assets.favicon.as_bytes())?;
        // The icons are drawn from the brand alone, which the fingerprint covers: kept as
        // pages are when it is the last build's (drawing them is a sixth of a rebuild's CPU).
        for (n, &(size, _)) in icons::SIZES.iter().enumerate() {
            let rel = format!("{root}/{}", icons::path(size));
            let quick = self.icon_inputs(&rel);
            if !output.reuse(&rel, quick, || quick)? {
                output.write(&rel, &assets.icons()[n].1)?;
            }
        }
        output.write(
            &format!("{root}/{}", assets::MANIFEST),
            &assets.manifest(self.brand, site),
        )?;
        for (name, bytes) in self.islands.map(|i| i.files.as_slice()).unwrap_or_default() {
            // The evening cards' service worker lives at the site's root: its scope is the site.
            if name == crate::islands::SERVICE_WORKER {
                output.write(&format!("{root}/{name}"), bytes)?;
                continue;
            }
            output.write(&format!("{root}{}{name}", crate::islands::URL_DIR), bytes)?;
        }
        for book in self.label_books(data) {
            let rel = format!("{root}{}{}", crate::islands::URL_DIR, book.name);
            output.write(&rel, &book.bytes)?;
        }
        // Checked once per site: a skipped injection is logged once, not once per language.
        let injections = crate::injections::for_site(site, &data.settings.settings.injections);
        // Each language's chrome and the site's link table, made at the first page that needs
        // them: a targeted build keeps every page of most sites and needs neither there.
        let chromes_made: OnceLock<BTreeMap<Lang, LocaleChrome>> = OnceLock::new();
        let parts_made: OnceLock<BTreeMap<Lang, ChromeCache>> = OnceLock::new();
        let minify = crate::render::minify_config();
        let chromes = || {
            chromes_made.get_or_init(|| {
                data.locales
                    .iter()
                    .map(|(lang, locale)| {
                        let chrome = chrome(
                            self.table,
                            self.brand,
                            data,
                            locale,
                            self.now,
                            assets.paths(),
                            &injections,
                        );
                        (*lang, chrome)
                    })
                    .collect()
            })
        };
        // The chrome rendered (what pages splice in): only once a page is rendered, so a
        // rebuild that keeps every page never compiles the templates.
        let chrome_parts = || {
            parts_made.get_or_init(|| {
                chromes()
                    .iter()
                    .map(|(lang, chrome)| {
                        (
                            *lang,
                            ChromeCache::new(*lang, chrome, self.renderers, &minify),
                        )
                    })
                    .collect()
            })
        };
        let links_made: OnceLock<SiteLinks> = OnceLock::new();
        let links = || {
            links_made.get_or_init(|| {
                let origin = chromes()
                    .values()
                    .next()
                    .map(|c| c.base_url.as_str())
                    .unwrap_or_default();
                SiteLinks::new(plan, data, origin, self.deps)
            })
        };
        // The schedules kept from the last build are read at the first page or feed made: a
        // site whose pages are all kept never reads them.
        // The error stays a `FetchError` (a kept schedule may be asked for again): the run's
        // report puts it on the content API (`run_report::Phase::of`).
        let schedules_read: OnceLock<Result<(), crate::fetch::FetchError>> = OnceLock::new();
        let read_schedules = || -> anyhow::Result<()> {
            schedules_read
                .get_or_init(|| data.load_schedules(false))
                .clone()
                .map_err(anyhow::Error::from)
        };
        let deps = self.deps;
        // The feeds, kept as pages are: unchanged inputs or (a targeted build) not made from
        // what changed. Made beside the pages, in the same pool: neither waits for the other's
        // last few files with a core idle (a targeted build makes a few dozen of each a site).
        let write_feeds = || -> anyhow::Result<()> {
            if std::env::var_os(feeds::NO_FEEDS_ENV).is_some_and(|v| !v.is_empty()) {
                return Ok(());
            }
            let of = feeds::FeedsOf {
                output,
                table: self.table,
                brand: self.brand,
                count: self.feeds,
                deps: self.deps,
                fingerprint: self.fingerprint,
                targets: self.targets,
                now: self.now,
            };
            feeds::write(&of, root, plan, data, &read_schedules)
        };
        let write_pages = || {
            plan.pages
                .par_iter()
                .try_for_each(|page: &Page| -> anyhow::Result<()> {
                    let t0 = thread_cpu();
                    let rel = format!("{root}/{}", file_of(&page.path));
                    // A targeted build keeps, as published, every page not made from what changed.
                    if self
                        .targets
                        .is_some_and(|t| !t.contains(&rel) && deps.had(&rel))
                        && output.keep_published(&rel)?
                    {
                        deps.carry(&rel);
                        self.progress.inc(1);
                        return Ok(());
                    }
                    let chrome = &chromes()[&page.lang];
                    let Reuse { kept, built } =
                        self.reuse(data, chrome, plan, page, &rel, &read_schedules)?;
                    if kept {
                        if deps.had(&rel) {
                            deps.carry(&rel);
                        } else if let Some(bytes) = output.published_bytes(&rel) {
                            // Kept from a build that made no map: its links are read once.
                            deps.record_ids(&rel, links().keys_of(&bytes, &page.path));
                        }
                        self.phases.add_kind(page.kind.name(), t0, thread_cpu());
                        self.progress.inc(1);
                        return Ok(());
                    }
                    let pc = match built {
                        Some(pc) => pc,
                        None => {
                            read_schedules()?;
                            self.page_context(data, chrome, plan, page)
                        }
                    };
                    let t1 = thread_cpu();
                    let html = self
                        .renderers
                        .render(page.lang, pc.template, &pc.context)
                        .with_context(|| {
                            format!("rendering {} ({}) on {}", page.path, page.kind.name(), site)
                        })?;
                    let t2 = thread_cpu();
                    let (bytes, ids) =
                        finish(&html, &pc, &chrome_parts()[&page.lang], links(), &page.path)
                            .with_context(|| format!("{} ({})", page.path, page.kind.name()))?;
                    deps.record_ids(&rel, ids);
                    let t3 = thread_cpu();
                    let result = output.write(&rel, &bytes);
                    let t4 = thread_cpu();
                    self.phases.add(t0, t1, t2, t3, t4);
                    self.phases.add_kind(page.kind.name(), t0, t4);
                    self.progress.inc(1);
                    result
                })
        };
        let (pages, feeds) = rayon::join(write_pages, write_feeds);
        pages?;
        feeds?;
        // The site's default 404 page also answers at the root, for paths of no language:
        // kept, as pages are, when its inputs are those of the last build.
        let default_lang = site.default_language();
        if let Some(page) = plan
            .pages
            .iter()
            .find(|p| p.kind == PageKind::NotFound && p.lang == default_lang && !p.webview)
        {
            let rel = format!("{root}/404.html");
            // A targeted build keeps the copy when it keeps the page copied, as published:
            // deciding from their inputs would read the site's schedules for nothing.
            let copied = format!("{root}/{}", file_of(&page.path));
            let keep = page.path != "/404"
                && self
                    .targets
                    .is_some_and(|t| !t.contains(&copied) && deps.had(&copied))
                && output.keep_published(&rel)?;
            if page.path != "/404" && !keep {
                let chrome = &chromes()[&page.lang];
                let Reuse { kept, built } =
                    self.reuse(data, chrome, plan, page, &rel, &read_schedules)?;
                if !kept {
                    let pc = match built {
                        Some(pc) => pc,
                        None => self.page_context(data, chrome, plan, page),
                    };
                    let html = self.renderers.render(page.lang, pc.template, &pc.context)?;
                    // A copy of a page the map has: not recorded again.
                    let (bytes, _) =
                        finish(&html, &pc, &chrome_parts()[&page.lang], links(), &page.path)?;
                    output.write(&rel, &bytes)?;
                }
            }
        }
        let base = &chromes()
            .values()
            .next()
            .map(|c| c.base_url.clone())
            .unwrap_or_default();
        sitemaps::write(output, root, base, plan, data, self.now)?;
        output.write(
            &format!("{root}/robots.txt"),
            format!("User-agent: *\nAllow: /\nSitemap: {base}/sitemap.xml\n").as_bytes(),
        )?;
        let mut redirects = String::from(
            "# from to status — written by the generator from the content and the route table\n",
        );
        for r in &plan.redirects {
            if !r.is_writable() {
                tracing::warn!(site = %site, from = ?r.from, to = ?r.to, "redirect left out: not a plain address");
                continue;
            }
            redirects.push_str(&format!("{} {} {}\n", r.from, r.to, r.status));
        }
        output.write(&format!("{root}/_redirects"), redirects.as_bytes())?;
        // The pages' security headers for the local preview (the web-server configuration has
        // the same, with HSTS): `Name: value` lines.
        let headers: String = plan
            .policy
            .headers(false)
            .iter()
            .map(|(name, value)| format!("{name}: {value}\n"))
            .collect();
        output.write(
            &format!("{root}/{}", site::security::HEADERS_FILE),
            headers.as_bytes(),
        )?;
        Ok(())
    }

    /// Unchanged content, templates and generator: the page at `rel` is kept without
    /// computing its context; otherwise its context decides (`Output::reuse`), and is handed
    /// back when it was computed.
    fn reuse(
        &self,
        data: &SiteData,
        chrome: &LocaleChrome,
        plan: &SitePages,
        page: &Page,
        rel: &str,
        read_schedules: &dyn Fn() -> anyhow::Result<()>,
    ) -> anyhow::Result<Reuse> {
        let quick = quick_inputs(
            page,
            rel,
            self.fingerprint ^ data.content_hash,
            chrome.hash,
            self.islands,
        );
        if !self.output.same_quick(rel, quick) {
            read_schedules()?;
        }
        let mut built = None;
        let kept = self.output.reuse(rel, quick, || {
            let pc = self.page_context(data, chrome, plan, page);
            let full = pc.inputs ^ self.fingerprint;
            built = Some(pc);
            full
        })?;
        Ok(Reuse { kept, built })
    }

    fn page_context(
        &self,
        data: &SiteData,
        chrome: &LocaleChrome,
        plan: &SitePages,
        page: &Page,
    ) -> crate::pages::PageContext {
        let site = crate::pages::SiteInputs {
            table: self.table,
            data,
            plan,
            islands: self.islands,
            renderers: self.renderers,
            now: self.now,
        };
        page_context(&site, chrome, page)
    }
}

/// Whether a page was kept, and its context when deciding needed it.
struct Reuse {
    kept: bool,
    built: Option<crate::pages::PageContext>,
}

/// A page's bytes: its own part (`html`, rendered as compact as its templates are:
/// `render::compact`) with its fragments and its locale's chrome spliced in; and the items they
/// link to (the dependency map's ids), each part read alone: the chrome's links, the same on
/// every page of a variant, are read once.
fn finish(
    html: &[u8],
    pc: &crate::pages::PageContext,
    chrome: &ChromeCache,
    links: &SiteLinks,
    path: &str,
) -> anyhow::Result<(Vec<u8>, Vec<u32>)> {
    let parts = pc.chrome.as_ref().map(|v| chrome.get(v)).transpose()?;
    let header_props = chrome_parts::header_props(pc);
    let (header, footer) = match &parts {
        Some(parts) => {
            let (header, footer) = parts.pieces(header_props);
            (Some(header), Some(footer))
        }
        None => (None, None),
    };
    let marks: Vec<String> = (0..pc.fragments.len()).map(fragments::marker).collect();
    let pieces: Vec<fragments::Piece> = header
        .iter()
        .flatten()
        .copied()
        .chain(
            marks
                .iter()
                .zip(&pc.fragments)
                .map(|(mark, fragment)| (mark.as_str(), [fragment.as_bytes(), &[][..], &[]])),
        )
        .chain(footer.iter().flatten().copied())
        .collect();
    let bytes = fragments::splice_pieces(html, &pieces)?;
    let mut ids: Vec<u32> = links.own(path).into_iter().collect();
    links.scan(html, &mut ids);
    for fragment in &pc.fragments {
        links.scan(fragment.as_bytes(), &mut ids);
    }
    if let Some(parts) = &parts {
        links.scan(header_props, &mut ids);
        ids.extend_from_slice(parts.link_ids(links));
    }
    // The parts read alone find what the whole page holds (tests and the demo build check it
    // on every page they make).
    debug_assert_eq!(
        sorted(ids.clone()),
        sorted(links.keys_of(&bytes, path)),
        "the links of {path}, read by part and whole"
    );
    Ok((bytes, ids))
}

/// Ids once each, in order (`finish`'s check compares two readings as sets).
fn sorted(mut ids: Vec<u32>) -> Vec<u32> {
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// What a site's pages may load besides their own origin: the identity provider (frames and
/// calls), the feedback widget's script, the injections' scripts and style sheets.
fn page_policy(brand: &Brand, data: &SiteData) -> site::security::PagePolicy {
    let mut policy = site::security::PagePolicy::default();
    for origin in &data.sign_in_origins {
        if let Some(origin) = site::security::origin_of(origin) {
            policy.frame_origins.insert(origin.clone());
            policy.connect_origins.insert(origin);
        }
    }
    if let Some(src) = brand.feedback_widget_on(data.site) {
        policy.script_origins.extend(site::security::origin_of(src));
    }
    crate::injections::policy_sources(&data.settings.settings.injections, &mut policy);
    policy
        .script_hashes
        .extend(crate::pages::inline_scripts::policy_sources());
    policy
}

/// Hash of everything a page's bytes depend on besides its context.
fn fingerprint(
    templates: &std::path::Path,
    locales: &std::path::Path,
    brand: &str,
) -> anyhow::Result<u64> {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    // The generator itself: a new build of it may render the same inputs differently.
    let _ = crate::fetch_cache::generator_identity(&mut hasher);
    hasher.update(brand.as_bytes());
    for dir in [templates, locales] {
        let mut files: Vec<_> = walkdir::WalkDir::new(dir)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .collect();
        files.sort_by(|a, b| a.path().cmp(b.path()));
        for file in files {
            hasher.update(file.path().to_string_lossy().as_bytes());
            hasher.update(
                &std::fs::read(file.path())
                    .with_context(|| format!("reading {}", file.path().display()))?,
            );
        }
    }
    Ok(hasher.digest())
}
