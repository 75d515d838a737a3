//! Favourite toggles under write load: many signed-in clients toggling their favourite
//! cinemas at once, as on a busy evening. Each writer toggles its own client's list (add if
//! absent and below the limit, else remove; a full list is refused), mirrors the list it
//! expects from every answer, and at the end the stored lists must equal the mirrors: no
//! lost and no duplicated rows.
//!
//!   cargo run --release -p client-store --bin store-bench -- [--seconds 3] [--writers 50]
//!       [--database-url postgres://…]
//!
//! Without a URL it uses a fresh SQLite file in a temporary directory; with one, a fresh
//! database created on that PostgreSQL server and dropped afterwards.

use anyhow::{bail, Context};
use client_store::postgres::ScratchDatabase;
use client_store::{ClientStore, NewClient, PostgresStore, SqliteStore, StoreError};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::task::JoinSet;

const LIMIT: usize = 5;
/// More cinemas than the limit, so writers both add, remove and meet a full list.
const CINEMAS: u64 = 8;
const SITE: &str = "fr";

struct Options {
    seconds: f64,
    writers: u64,
    database_url: Option<String>,
}

fn options() -> anyhow::Result<Options> {
    let mut options = Options {
        seconds: 3.0,
        writers: 50,
        database_url: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().with_context(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--seconds" => options.seconds = value()?.parse().context("--seconds")?,
            "--writers" => options.writers = value()?.parse().context("--writers")?,
            "--database-url" => options.database_url = Some(value()?),
            "-h" | "--help" => {
                println!("store-bench [--seconds 3] [--writers 50] [--database-url postgres://…]");
                std::process::exit(0);
            }
            other => bail!("unknown argument {other} (try --help)"),
        }
    }
    Ok(options)
}

/// What one writer did and saw.
#[derive(Default)]
struct Tally {
    adds: u64,
    removes: u64,
    refused: u64,
    errors: Vec<String>,
    latencies_us: Vec<u32>,
}

/// A small deterministic generator: a run replays the same toggles.
fn next(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 33
}

async fn writer(
    store: Arc<dyn ClientStore>,
    client: String,
    seed: u64,
    deadline: Instant,
) -> (String, Vec<String>, Tally) {
    let mut tally = Tally::default();
    let mut expected: Vec<String> = Vec::new();
    let mut seed = seed;
    while Instant::now() < deadline {
        let slug = format!("cinema-{}", next(&mut seed) % CINEMAS);
        let present = expected.iter().position(|s| *s == slug);
        let started = Instant::now();
        let outcome = match present {
            Some(_) => store.remove_favourite(&client, SITE, &slug).await,
            None => store.add_favourite(&client, SITE, &slug, LIMIT).await,
        };
        let took = started.elapsed();
        tally
            .latencies_us
            .push(u32::try_from(took.as_micros()).unwrap_or(u32::MAX));
        let mut wanted = expected.clone();
        match (present, outcome) {
            (Some(at), Ok(list)) => {
                wanted.remove(at);
                tally.removes += 1;
                check(&mut tally, &client, &wanted, &list);
            }
            (None, Err(StoreError::LimitReached { .. })) if expected.len() >= LIMIT => {
                tally.refused += 1;
            }
            (None, Ok(list)) => {
                wanted.insert(0, slug.clone());
                tally.adds += 1;
                check(&mut tally, &client, &wanted, &list);
            }
            (_, outcome) => {
                tally
                    .errors
                    .push(format!("{client} toggling {slug}: {outcome:?}"));
                // The state is unknown after a failure: follow what is stored.
                wanted = store.favourites(&client, SITE).await.unwrap_or_default();
            }
        }
        expected = wanted;
    }
    (client, expected, tally)
}

fn check(tally: &mut Tally, client: &str, wanted: &[String], list: &[String]) {
    if list != wanted {
        tally
            .errors
            .push(format!("{client}: answered {list:?}, expected {wanted:?}"));
    }
}

fn percentile(sorted: &[u32], fraction: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let at = ((sorted.len() as f64 - 1.0) * fraction).round() as usize;
    Duration::from_micros(u64::from(sorted[at]))
}

async fn run(store: Arc<dyn ClientStore>, options: &Options) -> anyhow::Result<bool> {
    for n in 0..options.writers {
        let id = format!("bench-{n}");
        store
            .upsert_client(&NewClient {
                email: format!("{id}@example.org"),
                id,
                first_name: "Bench".to_string(),
                last_name: "Writer".to_string(),
            })
            .await?;
    }
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(options.seconds);
    let mut writers = JoinSet::new();
    for n in 0..options.writers {
        writers.spawn(writer(store.clone(), format!("bench-{n}"), n + 1, deadline));
    }
    let finished = writers.join_all().await;
    let elapsed = started.elapsed();

    let mut total = Tally::default();
    let mut mismatched = Vec::new();
    let mut rows = 0;
    for (client, expected, tally) in finished {
        let stored = store.favourites(&client, SITE).await?;
        if stored != expected {
            mismatched.push(format!(
                "{client}: stored {stored:?}, expected {expected:?}"
            ));
        }
        rows += stored.len();
        total.adds += tally.adds;
        total.removes += tally.removes;
        total.refused += tally.refused;
        total.errors.extend(tally.errors);
        total.latencies_us.extend(tally.latencies_us);
    }
    total.latencies_us.sort_unstable();
    let toggles = total.latencies_us.len();
    let locked = total
        .errors
        .iter()
        .filter(|error| error.contains("database is locked"))
        .count();

    println!(
        "backend {}, {} writers, limit {LIMIT}, {CINEMAS} cinemas, {:.2} s",
        store.backend(),
        options.writers,
        elapsed.as_secs_f64()
    );
    println!(
        "toggles: {toggles} ({} adds, {} removes, {} refused at the limit) = {:.0} toggles/s",
        total.adds,
        total.removes,
        total.refused,
        toggles as f64 / elapsed.as_secs_f64()
    );
    println!(
        "latency: p50 {:?}, p99 {:?}, max {:?}",
        percentile(&total.latencies_us, 0.50),
        percentile(&total.latencies_us, 0.99),
        percentile(&total.latencies_us, 1.0)
    );
    println!(
        "errors: {} ({locked} \"database is locked\")",
        total.errors.len()
    );
    for error in total.errors.iter().take(5) {
        println!("  {error}");
    }
    println!(
        "final rows: {rows} across {} clients, {} lists differ from the expected state",
        options.writers,
        mismatched.len()
    );
    for mismatch in mismatched.iter().take(5) {
        println!("  {mismatch}");
    }
    Ok(total.errors.is_empty() && mismatched.is_empty())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = options()?;
    let passed = match &options.database_url {
        Some(url) => {
            let scratch = ScratchDatabase::create(url, "lumen_bench").await?;
            let store = Arc::new(PostgresStore::connect_with(scratch.options()).await?);
            let outcome = run(store.clone(), &options).await;
            store.close().await;
            scratch.drop_database().await?;
            outcome?
        }
        None => {
            let dir: PathBuf =
                std::env::temp_dir().join(format!("store-bench-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            let store = Arc::new(SqliteStore::open(&dir.join("clients.sqlite3")).await?);
            let outcome = run(store.clone(), &options).await;
            store.close().await;
            let _ = std::fs::remove_dir_all(&dir);
            outcome?
        }
    };
    if !passed {
        bail!("errors or lost/duplicated rows: see above");
    }
    Ok(())
}
