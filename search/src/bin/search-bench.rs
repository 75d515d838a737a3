//! `search-bench --scale N [--rounds R]`: builds the search index over the demo snapshot of
//! that scale (generated in-process) and times as-you-type searches: every prefix of about
//! thirty realistic queries (titles, cities with and without accents, typos, postal codes,
//! help-centre questions) on several sites and languages, as the grouped answer of the
//! search modal. Prints p50 / p99 / max per query in microseconds, then overall figures
//! against the targets (p50 ≤ 1 ms, p99 ≤ 5 ms).
//!
//! Run it in release: `cargo run --release -p search --bin search-bench -- --scale 10`.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use chrono::NaiveDate;
use demo_content::{DemoOptions, DEFAULT_SEED};
use search::{SearchIndex, SearchRequest};
use site::brand::Brand;
use site::content::SearchResultType;
use site::routes::RouteTable;
use site::rules::{search_allowed, MIN_SEARCH_LENGTH};
use site::snapshot::Snapshot;
use site::{Lang, Site};

const BRAND_JSON: &str = include_str!("../../../config/brand.json");
const TARGET_P50: Duration = Duration::from_millis(1);
const TARGET_P99: Duration = Duration::from_millis(5);

struct Options {
    scale: u32,
    rounds: usize,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        scale: 1,
        rounds: 3,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--scale" => {
                options.scale = value("--scale")?
                    .parse()
                    .map_err(|e| format!("--scale: {e}"))?
            }
            "--rounds" => {
                options.rounds = value("--rounds")?
                    .parse()
                    .map_err(|e| format!("--rounds: {e}"))?
            }
            "-h" | "--help" => {
                return Err("usage: search-bench [--scale N] [--rounds R]".into());
            }
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    Ok(options)
}

/// The queries: fixed ones that read like what visitors type, and real titles of the
/// snapshot (whatever the scale makes of the catalogue).
fn queries(snapshot: &Snapshot) -> Vec<(Site, Lang, String)> {
    let mut list: Vec<(Site, Lang, String)> = [
        (Site::Ch, Lang::Fr, "Genève"),
        (Site::Ch, Lang::De, "geneve"),
        (Site::Ch, Lang::De, "Zürich Sihlcity"),
        (Site::Fr, Lang::Fr, "Paris"),
        (Site::Fr, Lang::Fr, "Évry-Courcouronnes"),
        (Site::Fr, Lang::En, "saint etienne"),
        (Site::Fr, Lang::Fr, "lumen paris opéra"),
        (Site::Nl, Lang::Nl, "Den Haag"),
        (Site::Nl, Lang::En, "Amsterdam"),
        (Site::Be, Lang::Fr, "Liège"),
        (Site::Ma, Lang::Fr, "Casablanca"),
        (Site::Sn, Lang::Fr, "Dakar"),
        (Site::Fr, Lang::Fr, "Marseile"),
        (Site::Fr, Lang::Fr, "Montpelier"),
        (Site::Fr, Lang::Fr, "Strasbourh"),
        (Site::Nl, Lang::Nl, "Cartografen"),
        (Site::Fr, Lang::Fr, "75011"),
        (Site::Fr, Lang::Fr, "69002"),
        (Site::Ch, Lang::Fr, "1201"),
        (Site::Fr, Lang::Fr, "réserver une séance"),
        (Site::Fr, Lang::Fr, "annuler ma réservation"),
        (Site::Nl, Lang::Nl, "reservering annuleren"),
        (Site::Fr, Lang::Fr, "tarif étudiant"),
        (Site::Be, Lang::Nl, "festival"),
    ]
    .into_iter()
    .map(|(site, lang, q)| (site, lang, q.to_string()))
    .collect();
    for (site, lang, count) in [
        (Site::Fr, Lang::Fr, 3),
        (Site::Nl, Lang::Nl, 2),
        (Site::Ch, Lang::De, 2),
        (Site::Be, Lang::En, 1),
    ] {
        if let Some(locale) = snapshot.locale(site, lang) {
            for show in locale.shows.iter().take(count) {
                list.push((site, lang, show.title.clone()));
            }
        }
    }
    list
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[at.min(sorted.len() - 1)]
}

fn micros(d: Duration) -> u128 {
    d.as_micros()
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(o) => o,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let brand = match Brand::from_json(BRAND_JSON) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("config/brand.json: {e}");
            return ExitCode::FAILURE;
        }
    };
    let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap_or_default();
    let started = Instant::now();
    let snapshot = demo_content::generate(
        &DemoOptions {
            seed: DEFAULT_SEED,
            scale: options.scale,
            today,
        },
        &brand,
    )
    .snapshot;
    println!(
        "demo snapshot, scale {}: generated in {:?}",
        options.scale,
        started.elapsed()
    );
    let routes = RouteTable::new(&brand.slug);

    let started = Instant::now();
    let index = match SearchIndex::build(&snapshot, &routes) {
        Ok(index) => index,
        Err(e) => {
            eprintln!("building the index: {e}");
            return ExitCode::FAILURE;
        }
    };
    let build_time = started.elapsed();
    let documents: usize = index
        .locales()
        .filter_map(|(s, l)| index.documents(s, l))
        .sum();
    println!(
        "index: {} locales, {documents} documents, built in {:.1} ms",
        index.locales().count(),
        build_time.as_secs_f64() * 1000.0
    );

    println!();
    println!(
        "{:<4} {:<4} {:<28} {:>6} {:>8} {:>8} {:>8}  full query: totals show/cinema/offer/news/faq",
        "site", "lang", "query", "calls", "p50 µs", "p99 µs", "max µs"
    );
    let mut all = Vec::new();
    let mut failures = 0;
    for (site, lang, q) in queries(&snapshot) {
        let chars: Vec<char> = q.chars().collect();
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..options.rounds {
            for end in MIN_SEARCH_LENGTH..=chars.len() {
                let typed: String = chars[..end].iter().collect();
                if !search_allowed(&typed, MIN_SEARCH_LENGTH) {
                    continue;
                }
                let request = SearchRequest::new(typed);
                let t = Instant::now();
                let answer = index.search(site, lang, &request);
                times.push(t.elapsed());
                match answer {
                    Ok(a) => last = Some(a),
                    Err(e) => {
                        eprintln!("{site}/{lang} {:?}: {e}", request.q);
                        failures += 1;
                    }
                }
            }
        }
        times.sort();
        let totals = last
            .map(|a| {
                a.groups
                    .iter()
                    .map(|g| g.total.to_string())
                    .collect::<Vec<_>>()
                    .join("/")
            })
            .unwrap_or_default();
        println!(
            "{:<4} {:<4} {:<28} {:>6} {:>8} {:>8} {:>8}  {totals}",
            site.code(),
            lang.code(),
            format!("{q:?}"),
            times.len(),
            micros(percentile(&times, 0.5)),
            micros(percentile(&times, 0.99)),
            micros(times.last().copied().unwrap_or_default()),
        );
        all.extend(times);
    }
    all.sort();
    let (p50, p99, max) = (
        percentile(&all, 0.5),
        percentile(&all, 0.99),
        all.last().copied().unwrap_or_default(),
    );
    println!();
    println!(
        "grouped answers, all prefixes: {} calls, p50 {} µs, p99 {} µs, max {} µs",
        all.len(),
        micros(p50),
        micros(p99),
        micros(max)
    );

    // The per-type view lists every result: time it on broad queries too.
    let mut typed = Vec::new();
    for (kind, q) in [
        (SearchResultType::Cinema, "lumen"),
        (SearchResultType::Show, "les"),
        (SearchResultType::Faq, "comment"),
    ] {
        let mut times = Vec::new();
        let mut total = 0;
        for _ in 0..options.rounds.max(1) * 10 {
            let t = Instant::now();
            let answer = index.search(Site::Fr, Lang::Fr, &SearchRequest::new(q).of_type(kind));
            times.push(t.elapsed());
            match answer {
                Ok(a) => total = a.groups.first().map_or(0, |g| g.total),
                Err(_) => failures += 1,
            }
        }
        times.sort();
        println!(
            "one type, all results: fr/fr {q:?} as {kind:?}: {total} results, p50 {} µs, p99 {} µs, max {} µs",
            micros(percentile(&times, 0.5)),
            micros(percentile(&times, 0.99)),
            micros(times.last().copied().unwrap_or_default())
        );
        typed.extend(times);
    }
    typed.sort();
    println!(
        "one type, all results: {} calls, p50 {} µs, p99 {} µs, max {} µs",
        typed.len(),
        micros(percentile(&typed, 0.5)),
        micros(percentile(&typed, 0.99)),
        micros(typed.last().copied().unwrap_or_default())
    );

    let met = p50 <= TARGET_P50 && p99 <= TARGET_P99;
    println!(
        "targets p50 ≤ {} µs, p99 ≤ {} µs: {}",
        micros(TARGET_P50),
        micros(TARGET_P99),
        if met { "met" } else { "MISSED" }
    );
    if failures > 0 {
        eprintln!("{failures} searches failed");
        return ExitCode::FAILURE;
    }
    if met {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
