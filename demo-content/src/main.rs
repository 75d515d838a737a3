//! `demo-content`: writes the demo content snapshot and its images.

use anyhow::Context;
use chrono::NaiveDate;
use clap::{Parser, Subcommand};
use demo_content::{counts, generate, DemoOptions, DEFAULT_SEED};
use site::brand::Brand;
use site::snapshot::Snapshot;
use std::path::{Path, PathBuf};

#[derive(Parser)]
#[command(
    name = "demo-content",
    about = "Deterministic demo content for all country sites"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Args)]
struct Options {
    /// Folder to write `snapshot.json` and `media/` into.
    #[arg(long, default_value = "data/demo")]
    out: PathBuf,
    /// 1 is a realistic chain; 10 has about ten times as much of everything.
    #[arg(long, default_value_t = 1)]
    scale: u32,
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// First day of the schedules (YYYY-MM-DD); defaults to the current date.
    #[arg(long)]
    today: Option<NaiveDate>,
    #[arg(long, default_value = "config/brand.json")]
    brand: PathBuf,
}

#[derive(Subcommand)]
enum Command {
    /// Write the snapshot, replacing any previous one.
    Generate(Options),
    /// Write the snapshot only if it is absent or was written for another day.
    Ensure(Options),
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Generate(o) => write(&o),
        Command::Ensure(o) => {
            let today = o.today.unwrap_or_else(|| chrono::Local::now().date_naive());
            let path = o.out.join("snapshot.json");
            if let Ok(existing) = Snapshot::read(&path) {
                if existing.meta.today == today && existing.meta.scale == o.scale.max(1) {
                    eprintln!("demo content is up to date ({}, {})", path.display(), today);
                    return Ok(());
                }
            }
            write(&o)
        }
    }
}

fn write(o: &Options) -> anyhow::Result<()> {
    let brand_text = std::fs::read_to_string(&o.brand)
        .with_context(|| format!("reading {}", o.brand.display()))?;
    let brand = Brand::from_json(&brand_text).map_err(anyhow::Error::msg)?;
    let today = o.today.unwrap_or_else(|| chrono::Local::now().date_naive());
    let options = DemoOptions {
        seed: o.seed,
        scale: o.scale,
        today,
    };
    let started = std::time::Instant::now();
    let demo = generate(&options, &brand);
    let bytes = demo.snapshot.to_vec();
    // Write next to the target and rename, so a reader never sees half a snapshot.
    std::fs::create_dir_all(&o.out).with_context(|| format!("creating {}", o.out.display()))?;
    let media_dir = o.out.join("media");
    for (rel, svg) in &demo.media {
        let path = media_dir.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        write_if_changed(&path, svg.as_bytes())?;
    }
    let target = o.out.join("snapshot.json");
    let tmp = o.out.join("snapshot.json.tmp");
    std::fs::write(&tmp, &bytes).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, &target)?;
    eprintln!(
        "wrote {} ({:.1} MB, {} images) for {today}, scale {}, seed {} in {:.1}s",
        target.display(),
        bytes.len() as f64 / 1e6,
        demo.media.len(),
        options.scale,
        options.seed,
        started.elapsed().as_secs_f64()
    );
    print!("{}", counts(&demo.snapshot));
    Ok(())
}

fn write_if_changed(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if std::fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(());
    }
    std::fs::write(path, bytes)
}
