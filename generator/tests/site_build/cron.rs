//! Cron-safe runs (issue "Run it for real"): two builds of one output folder started together
//! never interleave — the second waits for the first and both publish a whole site — and a
//! build that cannot get the lock in time exits with code 75 and says who holds it.

use crate::common::*;
use crate::support::{fingerprint, leftovers};
use std::process::Command;

#[test]
fn two_concurrent_builds_never_corrupt_the_output() {
    let dir = scratch("concurrent");
    let out = dir.join("out");
    let mut options = options(&API.base, &out);
    options.sites = vec!["sn".to_string()];
    // One build alone, for the reference bytes.
    let alone = scratch("concurrent-alone").join("out");
    let mut alone_options = options.clone();
    alone_options.out = alone.clone();
    generator::build(&alone_options).unwrap_or_else(|e| panic!("the build failed: {e:#}"));

    let runs: Vec<_> = (0..2)
        .map(|_| {
            let options = options.clone();
            std::thread::spawn(move || generator::build(&options).map(|r| r.output))
        })
        .collect();
    for run in runs {
        let report = run
            .join()
            .expect("no panic")
            .unwrap_or_else(|e| panic!("a concurrent build failed: {e:#}"));
        eprintln!("concurrent build: {report:?}");
    }
    let (ours, reference) = (fingerprint(&out), fingerprint(&alone));
    let differ: Vec<String> = reference
        .iter()
        .filter(|(f, _)| f.as_str() != "build-manifest.json")
        .filter(|(f, h)| ours.get(*f) != Some(*h))
        .map(|(f, _)| format!("{f} differs from a build alone"))
        .chain(
            ours.keys()
                .filter(|f| !reference.contains_key(*f))
                .map(|f| format!("{f} is not in a build alone")),
        )
        .collect();
    assert_none("the output of two concurrent builds", &differ);
    assert_none("folders left next to out/", &leftovers(&dir));
}

/// The generator's binary building SN into `out`, waiting at most a second for the lock.
fn build_sn(out: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_generator"))
        .args([
            "build",
            "--api",
            &API.base,
            "--site",
            "sn",
            "--lock-wait",
            "1",
        ])
        .arg("--out")
        .arg(out)
        .arg("--templates")
        .arg(root().join("templates"))
        .arg("--locales")
        .arg(root().join("locales"))
        .arg("--brand")
        .arg(root().join("config/brand.json"))
        .arg("--islands")
        .arg("none")
        .arg("--now")
        .arg(now().to_rfc3339())
        .output()
        .expect("the generator runs")
}

#[test]
fn a_build_that_cannot_get_the_lock_exits_75_naming_the_holder() {
    let dir = scratch("locked");
    let out = dir.join("out");
    let held = generator::run_lock::acquire(&out, std::time::Duration::ZERO).expect("the lock");
    let started = std::time::Instant::now();
    let run = build_sn(&out);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(75), "{stderr}");
    assert!(started.elapsed().as_secs_f64() >= 1.0, "it did not wait");
    assert!(
        stderr.contains("another build of")
            && stderr.contains(&format!("pid {}", std::process::id())),
        "{stderr}"
    );
    assert!(!out.exists(), "a build without the lock wrote its output");
    drop(held);
    // Free again: the same command publishes.
    let run = build_sn(&out);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let report = std::fs::read_to_string(out.join("build-report.json")).expect("a report");
    assert!(report.contains("\"status\": \"ok\""), "{report}");
}
