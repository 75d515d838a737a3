//! One build, phase by phase, each timed: fetch every site over HTTP, plan its pages, render
//! and minify them in parallel, write them with the site-wide files (assets, sitemaps,
//! robots.txt, redirects), then publish and report.

use crate::context::{chrome, page_context};
use crate::fetch::Fetcher;
use crate::fragments;
use crate::islands::Islands;
use crate::model::{fetch_site, SiteData};
use crate::output::{Output, OutputReport};
use crate::pages::{plan, Page, SitePages};
use crate::render::Renderers;
use crate::BuildOptions;
use anyhow::Context as _;
use chrono::Datelike;
use rayon::prelude::*;
use serde::Serialize;
use site::brand::Brand;
use site::routes::{PageKind, Params, RouteTable};
use site::{Lang, Site};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use xxhash_rust::xxh3::xxh3_64;

/// CPU time spent per phase of page building and per page kind, summed over threads. Each
/// thread's own CPU clock is read, not the wall clock: on a shared machine a thread waiting
/// for a core would otherwise count as a slow page.
#[derive(Default)]
struct Phases(
    [std::sync::atomic::AtomicU64; 4],
    std::sync::Mutex<BTreeMap<&'static str, u64>>,
);

impl Phases {
    fn add(&self, t0: Duration, t1: Duration, t2: Duration, t3: Duration, t4: Duration) {
        use std::sync::atomic::Ordering::Relaxed;
        for (i, (a, b)) in [(t0, t1), (t1, t2), (t2, t3), (t3, t4)]
            .into_iter()
            .enumerate()
        {
            self.0[i].fetch_add(b.saturating_sub(a).as_micros() as u64, Relaxed);
        }
    }

    /// CPU time of a whole page (context to write) by page kind, to find the costly kinds.
    fn add_kind(&self, kind: &'static str, started: Duration) {
        let spent = thread_cpu().saturating_sub(started).as_micros() as u64;
        *self
            .1
            .lock()
            .expect("no panics while holding the lock")
            .entry(kind)
            .or_default() += spent;
    }

    fn millis(&self) -> [u64; 4] {
        std::array::from_fn(|i| self.0[i].load(std::sync::atomic::Ordering::Relaxed) / 1000)
    }
}

/// CPU time used so far by the calling thread.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_cpu() -> Duration {
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanos: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec {
        seconds: 0,
        nanos: 0,
    };
    // SAFETY: clock_gettime only writes the struct it is given, laid out as the C timespec
    // of 64-bit Linux; this clock always exists there.
    let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    if status != 0 {
        return Duration::ZERO;
    }
    Duration::new(time.seconds as u64, time.nanos as u32)
}

/// Elsewhere, wall-clock time since the first call stands in for it.
#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn thread_cpu() -> Duration {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

#[derive(Serialize, Default, Debug)]
pub struct Report {
    pub pages: BTreeMap<String, BTreeMap<String, usize>>,
    pub total_pages: usize,
    pub redirects: usize,
    pub requests: usize,
    pub fetched_bytes: usize,
    pub fetch_ms: u128,
    pub render_ms: u128,
    pub publish_ms: u128,
    pub phases_cpu_ms: BTreeMap<&'static str, u64>,
    pub kinds_cpu_ms: BTreeMap<String, u64>,
    pub output: OutputReport,
}

pub fn build(options: &BuildOptions, sites: &[Site], langs: &[Lang]) -> anyhow::Result<Report> {
    let brand_text = std::fs::read_to_string(&options.brand)
        .with_context(|| format!("reading {}", options.brand.display()))?;
    let brand = Brand::from_json(&brand_text).map_err(anyhow::Error::msg)?;
    let table = RouteTable::try_new(&brand.slug).map_err(anyhow::Error::msg)?;
    let renderers = Renderers::load(&options.templates, &options.locales)?;
    let assets = SiteAssets::read(options, &brand)?;
    // Pages are rendered again when their templates, UI strings or the generator change.
    let fingerprint = fingerprint(&options.templates, &options.locales, &brand_text)?;
    let islands = crate::islands::Islands::load(&options.islands)?;

    let started = Instant::now();
    let fetcher = Fetcher::new(&options.api)?;
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
        runtime.spawn(async move { fetch_site(&fetcher, site, &wanted).await })
    };

    let output = Output::begin(&options.out)?;
    let year = chrono::Local::now().year();
    let mut report = Report::default();
    let phases = Phases::default();
    let mut plans = Vec::new();
    // A bar on a terminal; plain log lines (one per site) otherwise, e.g. under cron.
    let progress = if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        indicatif::ProgressBar::new(0)
    } else {
        indicatif::ProgressBar::hidden()
    };
    // Sites one after the other, the next one fetched while this one renders: memory holds
    // at most two sites (their showtimes in compact form, see `schedule`), whatever the scale.
    let result: anyhow::Result<()> = (|| {
        let mut next = sites.first().map(|&site| spawn_fetch(site));
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
            write_site(
                &table,
                &brand,
                &renderers,
                islands.as_ref(),
                &site_data,
                &plan,
                &output,
                &assets,
                year,
                &phases,
                &progress,
                fingerprint,
            )?;
            tracing::info!(
                "{}: {} pages, {} redirects",
                site_data.site,
                plan.pages.len(),
                plan.redirects.len()
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
        }
        let sites: Vec<(Site, &SitePages)> = plans.iter().map(|(s, p)| (*s, p)).collect();
        output.write(
            "nginx.conf",
            crate::nginx::config(&brand, &table, &sites, "/srv/www").as_bytes(),
        )
    })();
    progress.finish_and_clear();
    if let Err(err) = result {
        output.abandon();
        return Err(err);
    }
    let [context_ms, render_ms, minify_ms, write_ms] = phases.millis();
    tracing::info!("CPU per phase: context {context_ms} ms, templates {render_ms} ms, minify {minify_ms} ms, write {write_ms} ms");
    report.phases_cpu_ms = BTreeMap::from([
        ("context", context_ms),
        ("templates", render_ms),
        ("minify", minify_ms),
        ("write", write_ms),
    ]);
    report.kinds_cpu_ms = phases
        .1
        .lock()
        .expect("no panics while holding the lock")
        .iter()
        .map(|(k, v)| (k.to_string(), v / 1000))
        .collect();
    tracing::info!(
        "fetched {:.1} MB in {} requests",
        fetcher.bytes.load(std::sync::atomic::Ordering::Relaxed) as f64 / 1e6,
        fetcher.requests.load(std::sync::atomic::Ordering::Relaxed)
    );
    let publish_started = Instant::now();
    report.requests = fetcher.requests.load(std::sync::atomic::Ordering::Relaxed);
    report.fetched_bytes = fetcher.bytes.load(std::sync::atomic::Ordering::Relaxed);
    report.output = output.commit()?;
    report.publish_ms = publish_started.elapsed().as_millis();
    let json = serde_json::to_vec_pretty(&report)?;
    std::fs::write(options.out.join(crate::output::REPORT_FILE), json)?;
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
    Ok(report)
}

/// What a page's quick inputs hash is made of: everything fetched for its site (in
/// `fingerprint`, with the templates, UI strings, brand and generator), its locale's chrome
/// (assets, year, settings), the islands' bundles, and the page's own identity.
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

#[allow(clippy::too_many_arguments)]
fn write_site(
    table: &RouteTable,
    brand: &Brand,
    renderers: &Renderers,
    islands: Option<&Islands>,
    data: &SiteData,
    plan: &SitePages,
    output: &Output,
    assets: &SiteAssets,
    year: i32,
    phases: &Phases,
    progress: &indicatif::ProgressBar,
    fingerprint: u64,
) -> anyhow::Result<()> {
    let site = data.site;
    let root = site.code();
    output.write(&format!("{root}/{}", assets.css_name), &assets.css)?;
    if let Some(logo) = &assets.logo {
        output.write(&format!("{root}/{}", logo.name), &logo.bytes)?;
    }
    output.write(&format!("{root}/favicon.svg"), favicon(brand).as_bytes())?;
    for (name, bytes) in islands.map(|i| i.files.as_slice()).unwrap_or_default() {
        output.write(&format!("{root}{}{name}", crate::islands::URL_DIR), bytes)?;
    }
    // Checked once per site: a skipped injection is logged once, not once per language.
    let injections = crate::injections::for_site(site, &data.settings.settings.injections);
    let chromes: BTreeMap<Lang, crate::context::LocaleChrome> = data
        .locales
        .iter()
        .map(|(lang, locale)| {
            (
                *lang,
                chrome(
                    table,
                    brand,
                    data,
                    locale,
                    year,
                    assets.paths(),
                    &injections,
                ),
            )
        })
        .collect();
    let minify = minify_config();
    plan.pages
        .par_iter()
        .try_for_each(|page: &Page| -> anyhow::Result<()> {
            let locale = &data.locales[&page.lang];
            let chrome = &chromes[&page.lang];
            let t0 = thread_cpu();
            let context = || {
                let mut pc = page_context(
                    table,
                    chrome,
                    plan,
                    locale,
                    renderers.labels(page.lang),
                    page,
                );
                let islands_hash = add_islands(
                    &mut pc,
                    table,
                    islands,
                    renderers,
                    data,
                    page,
                    &chrome.value,
                );
                (pc, islands_hash)
            };
            let rel = format!("{root}/{}", file_of(&page.path));
            // Unchanged content, templates and generator: the page is kept without computing
            // its context; otherwise its context decides (`Output::reuse`).
            let quick = quick_inputs(
                page,
                &rel,
                fingerprint ^ data.content_hash,
                chrome.hash,
                islands,
            );
            let mut built = None;
            if output.reuse(&rel, quick, || {
                let (pc, islands_hash) = context();
                let full = pc.inputs ^ fingerprint ^ islands_hash;
                built = Some(pc);
                full
            })? {
                phases.add_kind(page.kind.name(), t0);
                progress.inc(1);
                return Ok(());
            }
            let pc = built.unwrap_or_else(|| context().0);
            let t1 = thread_cpu();
            let html = renderers
                .render(page.lang, pc.template, &pc.context)
                .with_context(|| {
                    format!("rendering {} ({}) on {}", page.path, page.kind.name(), site)
                })?;
            let t2 = thread_cpu();
            let bytes =
                fragments::splice(minify_html::minify(html.as_bytes(), &minify), &pc.fragments)
                    .with_context(|| format!("{} ({})", page.path, page.kind.name()))?;
            let t3 = thread_cpu();
            let result = output.write(&rel, &bytes);
            phases.add(t0, t1, t2, t3, thread_cpu());
            phases.add_kind(page.kind.name(), t0);
            progress.inc(1);
            result
        })?;
    // The site's default 404 page also answers at the root, for paths of no language.
    let default_lang = site.default_language();
    if let Some(page) = plan
        .pages
        .iter()
        .find(|p| p.kind == PageKind::NotFound && p.lang == default_lang && !p.webview)
    {
        if page.path != "/404" {
            let locale = &data.locales[&page.lang];
            let mut pc = page_context(
                table,
                &chromes[&page.lang],
                plan,
                locale,
                renderers.labels(page.lang),
                page,
            );
            add_islands(
                &mut pc,
                table,
                islands,
                renderers,
                data,
                page,
                &chromes[&page.lang].value,
            );
            let html = renderers.render(page.lang, pc.template, &pc.context)?;
            output.write(
                &format!("{root}/404.html"),
                &fragments::splice(minify_html::minify(html.as_bytes(), &minify), &pc.fragments)?,
            )?;
        }
    }
    let base = &chromes
        .values()
        .next()
        .map(|c| c.base_url.clone())
        .unwrap_or_default();
    write_sitemaps(output, root, base, plan, site)?;
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
}

/// A slug no content has, replaced by `{slug}` in the locator's address patterns.
const SLUG_MARK: &str = "slug-mark-0";

/// The show's main trailer (else its first), as the page's JSON has it.
fn main_trailer(show: &serde_json::Value) -> Option<serde_json::Value> {
    let trailers = show.get("trailers")?.as_array()?;
    trailers
        .iter()
        .find(|t| t.get("main").and_then(serde_json::Value::as_bool) == Some(true))
        .or(trailers.first())
        .cloned()
}

/// Where the trailer link leads without the island: the provider's page of the video.
fn trailer_href(video: &serde_json::Value) -> String {
    let id = video
        .get("id")
        .and_then(serde_json::Value::as_str)
        .unwrap_or_default();
    match video.get("provider").and_then(serde_json::Value::as_str) {
        Some("vimeo") => format!("https://vimeo.com/{id}"),
        Some("youtube") | None => format!("https://www.youtube-nocookie.com/watch?v={id}"),
        _ => video
            .get("url")
            .and_then(serde_json::Value::as_str)
            .map(str::to_string)
            .unwrap_or_default(),
    }
}

/// The subscription island's props: the offers as the page writes them, and where to subscribe.
/// `per_month` is the page language's "{price} / month".
fn subscription_props(data: &SiteData, page: &Page, per_month: &str) -> serde_json::Value {
    use serde_json::json;
    let locale = &data.locales[&page.lang];
    let currency = data.site.currency();
    let offers: Vec<serde_json::Value> = locale
        .subscription
        .iter()
        .flat_map(|s| &s.offers)
        .map(|o| {
            json!({
                "id": o.id,
                "title": o.title,
                "description": o.description,
                "monthlyPrice": o.monthly_price,
                "priceLabel": per_month.replace("{price}", &crate::render::format_money(o.monthly_price, currency, page.lang)),
                "options": o.options,
            })
        })
        .collect();
    let client_url = data
        .settings
        .settings
        .client_url
        .clone()
        .unwrap_or_default();
    json!({
        "offers": offers,
        "currency": currency,
        "locale": format!("{}-{}", page.lang.code(), data.site.code().to_uppercase()),
        "subscribeUrl": format!("{client_url}/subscription"),
    })
}

/// The files every site shares: the stylesheet and the theme's logo, named by their hash.
struct SiteAssets {
    css: Vec<u8>,
    css_name: String,
    logo: Option<LogoFile>,
}

struct LogoFile {
    name: String,
    bytes: Vec<u8>,
    width: u32,
    height: u32,
}

impl SiteAssets {
    fn read(options: &BuildOptions, brand: &Brand) -> anyhow::Result<SiteAssets> {
        let css = crate::styles::stylesheet(&options.templates, &brand.theme)?;
        let css_name = format!("assets/site.{:016x}.css", xxh3_64(&css));
        let logo = match &brand.theme.logo {
            Some(logo) => {
                let file = options
                    .brand
                    .parent()
                    .unwrap_or(std::path::Path::new("."))
                    .join(&logo.file);
                let bytes = std::fs::read(&file)
                    .with_context(|| format!("reading the theme's logo {}", file.display()))?;
                Some(LogoFile {
                    name: format!("assets/logo.{:016x}.svg", xxh3_64(&bytes)),
                    bytes,
                    width: logo.width,
                    height: logo.height,
                })
            }
            None => None,
        };
        Ok(SiteAssets {
            css,
            css_name,
            logo,
        })
    }

    /// What the templates read as `assets`.
    fn paths(&self) -> serde_json::Value {
        serde_json::json!({
            "css": format!("/{}", self.css_name),
            "logo": self.logo.as_ref().map(|l| serde_json::json!({"src": format!("/{}", l.name), "width": l.width, "height": l.height})),
        })
    }
}

/// Puts the page's `islands` (see `crate::islands`) into its context; returns their hash, a
/// part of the page's inputs.
fn add_islands(
    pc: &mut crate::context::PageContext,
    table: &RouteTable,
    islands: Option<&Islands>,
    renderers: &Renderers,
    data: &SiteData,
    page: &Page,
    chrome: &serde_json::Value,
) -> u64 {
    use serde_json::{json, Value};
    let value = match islands {
        None => json!({"loader": null, "preload": [], "on": {}}),
        Some(islands) => {
            let apps = chrome.get("apps").is_some_and(|a| !a.is_null());
            let mut names = islands.on_page(page.kind.name(), page.webview, apps);
            // Borrowed from the context, not cloned: the page's data is its largest part.
            let page_value = pc.context.get("page").unwrap_or(&Value::Null);
            let page_data = pc.context.get("data").unwrap_or(&Value::Null);
            let cinema = page_data.get("cinema").unwrap_or(&Value::Null);
            let show = page_data.get("show").unwrap_or(&Value::Null);
            let trailer = main_trailer(show);
            let locale = &data.locales[&page.lang];
            // An island with nothing to show on this page is not loaded (nor preloaded).
            names.retain(|&name| match name {
                "schedule" => page_data
                    .get("schedule_days")
                    .and_then(Value::as_array)
                    .is_some_and(|d| !d.is_empty()),
                "cinema-info" => ["accessibilityDescription", "pricing"]
                    .iter()
                    .any(|k| cinema.get(*k).is_some_and(|v| !v.is_null())),
                "trailer" => trailer.is_some(),
                "subscription" => locale
                    .subscription
                    .as_ref()
                    .is_some_and(|s| !s.offers.is_empty()),
                // Only with a usable agent chat (spec §5), as the chrome says.
                "help-chat" => chrome.get("help_chat").is_some_and(|c| !c.is_null()),
                _ => true,
            });
            // A page's address with `{slug}` in place of the item's: where a choice leads.
            let pattern = |kind: PageKind| {
                table
                    .path(
                        kind,
                        data.site,
                        page.lang,
                        &Params::new().with("slug", SLUG_MARK),
                        false,
                    )
                    .map(|p| p.replace(SLUG_MARK, "{slug}"))
            };
            let auth = chrome
                .get("auth_enabled")
                .cloned()
                .unwrap_or(Value::Bool(false));
            let mut benefits = vec!["booking", "movies"];
            if locale.cinemas.len() > 1 {
                benefits.push("favourites");
            }
            if serde_json::to_value(&locale.subscription).is_ok_and(|s| !s.is_null()) {
                benefits.push("cards");
            }
            let strings = renderers.strings(page.lang);
            let string = |key: &str| strings.get(key).cloned().unwrap_or_else(|| key.to_string());
            let common = serde_json::Map::from_iter([
                ("site".to_string(), json!(data.site.code())),
                ("lang".to_string(), json!(page.lang.code())),
                (
                    "brand".to_string(),
                    chrome.get("brand").cloned().unwrap_or(Value::Null),
                ),
            ]);
            let mut value = islands.page_value(&names, &common, strings, |name| match name {
                "header" => Some(json!({
                    "authEnabled": auth,
                    "account": chrome.get("account").cloned().unwrap_or(json!([])),
                    "benefits": benefits,
                    "alternates": page_value.get("alternates").and_then(Value::as_array).map(|list| {
                        list.iter().map(|a| json!({"lang": a["lang"], "path": a["path"]})).collect::<Vec<_>>()
                    }).unwrap_or_default(),
                })),
                "alerts" => Some(json!({})),
                // The sign-in return page: the island reads the provider's answer from the URL.
                "callback" => Some(json!({})),
                "tracking" => Some(json!({"pageType": page_value.get("tracking_type").cloned().unwrap_or(json!("")), "authEnabled": auth})),
                "favourite" => Some(json!({"cinema": cinema.get("slug"), "name": cinema.get("name"), "benefits": benefits})),
                "schedule" => Some(json!({
                    "days": page_data.get("schedule_days").cloned().unwrap_or(json!([])),
                    "filters": page_data.get("schedule_filters").cloned().filter(|f| !f.is_null()).unwrap_or(json!({"versions": [], "tags": [], "genres": []})),
                    "showtimes": format!("/api/cinema/{}/shows", cinema.get("slug").and_then(Value::as_str).unwrap_or_default()),
                })),
                "cinema-info" => Some(json!({"links": {"info": string("cinema.practicalInfo"), "pricing": string("cinema.pricing")}})),
                "locator" => Some(json!({
                    "cinemaPage": cinema.get("slug").map(|slug| json!({"slug": slug, "name": cinema.get("name")})),
                    "paths": {"cinema": pattern(PageKind::Cinema), "city": pattern(PageKind::City)},
                    "limits": data.settings.settings.locator,
                    // No page shows a schedule across cinemas yet: a choice goes to its page.
                    "filter": false,
                })),
                "show-feelings" => Some(json!({"show": show.get("slug"), "benefits": benefits})),
                "trailer" => trailer.as_ref().map(|video| {
                    json!({
                        "video": {"id": video["id"], "provider": video["provider"], "url": video.get("url")},
                        "href": trailer_href(video),
                        "title": show.get("title"),
                    })
                }),
                "voucher" | "gift-card" => Some(json!({})),
                "subscription" => Some(subscription_props(data, page, &string("subscription.perMonth"))),
                "help-chat" => Some(json!({
                    "chat": data.settings.settings.agent_chat,
                    "contact": chrome.pointer("/help_chat/contact"),
                })),
                "faq-search" => Some(json!({
                    "action": table.path(PageKind::HelpSearch, data.site, page.lang, &Params::new(), page.webview),
                    "inputId": "help-q",
                    "results": (page.kind == PageKind::HelpSearch).then_some("faq-results"),
                })),
                _ => None,
            });
            // Where the help centre's search form leads, on pages that have no link to it.
            if let Some(entry) = value.pointer_mut("/on/faq-search") {
                entry["action"] = json!(table.path(
                    PageKind::HelpSearch,
                    data.site,
                    page.lang,
                    &Params::new(),
                    page.webview
                ));
            }
            // The link the trailer island enhances.
            if let (Some(video), Some(entry)) = (&trailer, value.pointer_mut("/on/trailer")) {
                entry["href"] = json!(trailer_href(video));
            }
            value
        }
    };
    let hash = xxh3_64(value.to_string().as_bytes());
    pc.context.insert("islands", &value);
    hash
}

fn minify_config() -> minify_html::Cfg {
    let mut cfg = minify_html::Cfg::new();
    // Keep the output valid HTML for validators and strict parsers.
    cfg.minify_doctype = false;
    cfg.allow_noncompliant_unquoted_attribute_values = false;
    cfg.allow_removing_spaces_between_attributes = false;
    cfg.allow_optimal_entities = false;
    cfg.keep_html_and_head_opening_tags = true;
    cfg.minify_css = true;
    cfg
}

/// One sitemap per language with reciprocal hreflang alternates, under a sitemap index.
fn write_sitemaps(
    output: &Output,
    root: &str,
    base: &str,
    plan: &SitePages,
    site: Site,
) -> anyhow::Result<()> {
    let mut index = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for &lang in site.languages() {
        let pages: Vec<&Page> = plan
            .pages
            .iter()
            .filter(|p| p.lang == lang && !p.webview && indexable(p.kind))
            .collect();
        if pages.is_empty() {
            continue;
        }
        let mut xml = String::from(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
        );
        for page in pages {
            xml.push_str(&format!(
                "<url><loc>{}</loc>",
                xml_escape(&format!("{base}{}", page.path))
            ));
            if let Some(alternates) = plan.alternates.get(&(page.kind, page.key.clone(), false)) {
                for (alt_lang, path) in alternates {
                    xml.push_str(&format!(
                        "<xhtml:link rel=\"alternate\" hreflang=\"{}\" href=\"{}\"/>",
                        alt_lang.locale_on(site),
                        xml_escape(&format!("{base}{path}"))
                    ));
                }
                if let Some((_, path)) = alternates
                    .iter()
                    .find(|(l, _)| *l == site.default_language())
                {
                    xml.push_str(&format!(
                        "<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\"/>",
                        xml_escape(&format!("{base}{path}"))
                    ));
                }
            }
            xml.push_str("</url>\n");
        }
        xml.push_str("</urlset>\n");
        let name = format!("sitemap-{}.xml", lang.code());
        output.write(&format!("{root}/{name}"), xml.as_bytes())?;
        index.push_str(&format!("<sitemap><loc>{base}/{name}</loc></sitemap>\n"));
    }
    index.push_str("</sitemapindex>\n");
    output.write(&format!("{root}/sitemap.xml"), index.as_bytes())
}

fn indexable(kind: PageKind) -> bool {
    !matches!(
        kind,
        PageKind::NotFound
            | PageKind::NotFoundAlias
            | PageKind::Gone
            | PageKind::Callback
            | PageKind::CinemaLight
            | PageKind::CityLight
    )
}

fn xml_escape(text: &str) -> String {
    if !text.contains(['&', '<', '>', '"']) {
        return text.to_string();
    }
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn favicon(brand: &Brand) -> String {
    let letter = brand.name.chars().next().unwrap_or('C');
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 32 32\"><rect width=\"32\" height=\"32\" rx=\"6\" fill=\"#111\"/><text x=\"16\" y=\"23\" font-family=\"system-ui,sans-serif\" font-size=\"20\" font-weight=\"700\" fill=\"#ffd23f\" text-anchor=\"middle\">{}</text></svg>",
        xml_escape(&letter.to_string())
    )
}

/// Hash of everything a page's bytes depend on besides its context.
fn fingerprint(
    templates: &std::path::Path,
    locales: &std::path::Path,
    brand: &str,
) -> anyhow::Result<u64> {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    // The generator itself: a new build of it may render the same inputs differently. Its
    // path, size and modification time stand for it (reading it all cost a tenth of a build).
    if let Ok((exe, meta)) =
        std::env::current_exe().and_then(|exe| std::fs::metadata(&exe).map(|m| (exe, m)))
    {
        hasher.update(exe.to_string_lossy().as_bytes());
        hasher.update(&meta.len().to_le_bytes());
        if let Ok(modified) = meta.modified() {
            let since = modified
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap_or_default();
            hasher.update(&since.as_nanos().to_le_bytes());
        }
    }
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
