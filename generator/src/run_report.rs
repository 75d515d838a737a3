//! What a run of `generator build` tells the people who run it (issue "Run it for real"):
//! its exit code, `build-report.json` and a Prometheus textfile, on success and on failure.
//!
//! Exit codes (docs/operations.md): 0 published; 1 configuration (brand, templates, islands
//! unreadable); 2 usage (clap); 3 the content API failed or answered something unreadable;
//! 4 a page could not be rendered; 5 the output could not be written; 75 another build of the
//! same folder held the lock past `--lock-wait` (EX_TEMPFAIL: nothing is wrong, try later).
//! Whatever failed, the published site is the last good one.
//!
//! The report and the textfile sit at the top of the output folder (never published: only
//! the site folders are). A failed run rewrites both with `status: failed`, the phase, the
//! error and the time of the last success, so an alert can say why without reading logs.

use crate::build::{Failure, Report};
use crate::fetch::FetchError;
use crate::run_lock::LockBusy;
use anyhow::Context;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

pub const REPORT_FILE: &str = crate::output::REPORT_FILE;
/// The Prometheus textfile's default name in the output folder (`--textfile` moves it, e.g.
/// into node_exporter's textfile collector folder).
pub const TEXTFILE: &str = crate::output::TEXTFILE;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Configuration,
    ContentApi,
    Render,
    Output,
    Lock,
}

impl Phase {
    pub fn exit_code(self) -> i32 {
        match self {
            Phase::Configuration => 1,
            Phase::ContentApi => 3,
            Phase::Render => 4,
            Phase::Output => 5,
            Phase::Lock => 75,
        }
    }

    /// The phase's name in the report (`content_api`…).
    pub fn name(self) -> &'static str {
        match self {
            Phase::Configuration => "configuration",
            Phase::ContentApi => "content_api",
            Phase::Render => "render",
            Phase::Output => "output",
            Phase::Lock => "lock",
        }
    }

    /// Which part of a build an error comes from, by the errors its chain holds.
    pub fn of(err: &anyhow::Error) -> Phase {
        let has = |f: &dyn Fn(&(dyn std::error::Error + 'static)) -> bool| err.chain().any(f);
        if has(&|e| e.is::<LockBusy>()) {
            Phase::Lock
        } else if has(&|e| e.is::<FetchError>()) {
            Phase::ContentApi
        } else if has(&|e| e.is::<tera::Error>()) {
            Phase::Render
        } else if has(&|e| e.is::<std::io::Error>()) {
            Phase::Output
        } else {
            Phase::Configuration
        }
    }
}

/// What is kept across runs in the report: when the site was last published, and how many
/// runs failed since.
#[derive(Default, serde::Deserialize)]
struct History {
    #[serde(default)]
    last_success_unix: Option<i64>,
    #[serde(default)]
    consecutive_failures: u64,
}

fn history(out: &Path) -> History {
    std::fs::read(out.join(REPORT_FILE))
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

pub fn textfile_path(out: &Path, textfile: Option<&Path>) -> PathBuf {
    textfile.map_or_else(|| out.join(TEXTFILE), Path::to_path_buf)
}

/// After a published build: the report (with the run's times) and the textfile.
pub fn succeeded(
    out: &Path,
    textfile: Option<&Path>,
    report: &mut Report,
    started_unix: i64,
) -> anyhow::Result<()> {
    let now = chrono::Utc::now().timestamp();
    report.status = "ok";
    report.started_unix = started_unix;
    report.finished_unix = now;
    report.last_success_unix = Some(now);
    report.consecutive_failures = 0;
    write_atomically(&out.join(REPORT_FILE), &serde_json::to_vec_pretty(report)?)?;
    write_atomically(
        &textfile_path(out, textfile),
        prometheus(report, None).as_bytes(),
    )
}

/// After a failed build: the same files say it failed, where and why; the pages stay.
pub fn failed(
    out: &Path,
    textfile: Option<&Path>,
    err: &anyhow::Error,
    started_unix: i64,
) -> anyhow::Result<()> {
    let phase = Phase::of(err);
    let previous = history(out);
    let report = Report {
        status: "failed",
        started_unix,
        finished_unix: chrono::Utc::now().timestamp(),
        last_success_unix: previous.last_success_unix,
        consecutive_failures: previous.consecutive_failures + 1,
        failure: Some(Failure {
            phase: phase.name(),
            exit_code: phase.exit_code(),
            error: format!("{err:#}"),
        }),
        ..Report::default()
    };
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    write_atomically(&out.join(REPORT_FILE), &serde_json::to_vec_pretty(&report)?)?;
    write_atomically(
        &textfile_path(out, textfile),
        prometheus(&report, Some(phase)).as_bytes(),
    )
}

fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let temp = path.with_extension("tmp");
    std::fs::write(&temp, bytes).with_context(|| format!("writing {}", temp.display()))?;
    std::fs::rename(&temp, path).with_context(|| format!("replacing {}", path.display()))
}

/// The run in Prometheus' text format, for node_exporter's textfile collector.
pub fn prometheus(report: &Report, failed: Option<Phase>) -> String {
    let mut out = String::new();
    let mut metric = |name: &str, help: &str, kind: &str, samples: &[(String, f64)]| {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
        for (labels, value) in samples {
            let _ = writeln!(out, "{name}{labels} {value}");
        }
    };
    let one = |v: f64| vec![(String::new(), v)];
    metric(
        "generator_build_success",
        "1 when the last run published the sites, 0 when it failed (the last good site stays).",
        "gauge",
        &one(if failed.is_none() { 1.0 } else { 0.0 }),
    );
    metric(
        "generator_build_exit_code",
        "Exit code of the last run (0, or the failure's code: see docs/operations.md).",
        "gauge",
        &one(failed.map_or(0, Phase::exit_code) as f64),
    );
    metric(
        "generator_build_consecutive_failures",
        "Runs failed since the last published one.",
        "gauge",
        &one(report.consecutive_failures as f64),
    );
    metric(
        "generator_build_last_run_timestamp_seconds",
        "When the last run ended.",
        "gauge",
        &one(report.finished_unix as f64),
    );
    if let Some(at) = report.last_success_unix {
        metric(
            "generator_build_last_success_timestamp_seconds",
            "When the sites were last published.",
            "gauge",
            &one(at as f64),
        );
    }
    metric(
        "generator_build_duration_seconds",
        "Wall time of the last run.",
        "gauge",
        &one((report.finished_unix - report.started_unix).max(0) as f64),
    );
    if failed.is_some() {
        return out;
    }
    let pages: Vec<(String, f64)> = report
        .pages
        .iter()
        .map(|(site, kinds)| {
            (
                format!("{{site=\"{site}\"}}"),
                kinds.values().sum::<usize>() as f64,
            )
        })
        .collect();
    metric("generator_pages", "Pages built, per site.", "gauge", &pages);
    let phases: Vec<(String, f64)> = [
        ("fetch_wait", report.fetch_ms),
        ("render_write", report.render_ms),
        ("publish", report.publish_ms),
    ]
    .iter()
    .map(|(phase, ms)| (format!("{{phase=\"{phase}\"}}"), *ms as f64 / 1000.0))
    .collect();
    metric(
        "generator_phase_seconds",
        "Wall time per phase of the last run.",
        "gauge",
        &phases,
    );
    let cpu: Vec<(String, f64)> = report
        .phases_cpu_ms
        .iter()
        .map(|(phase, ms)| (format!("{{phase=\"{phase}\"}}"), *ms as f64 / 1000.0))
        .collect();
    metric(
        "generator_phase_cpu_seconds",
        "CPU time per rendering phase of the last run, all threads.",
        "gauge",
        &cpu,
    );
    metric(
        "generator_fetch_requests",
        "Calls to the content API in the last run.",
        "gauge",
        &one(report.requests as f64),
    );
    metric(
        "generator_fetched_bytes",
        "Bytes the content API sent in the last run.",
        "gauge",
        &one(report.fetched_bytes as f64),
    );
    metric(
        "generator_fetch_not_modified",
        "Calls answered 304 (the answer kept from the last build reused).",
        "gauge",
        &one(report.not_modified as f64),
    );
    metric(
        "generator_fetch_revalidated",
        "Of the calls answered 304, those revalidated in bulk (POST /api/content/revalidate).",
        "gauge",
        &one(report.revalidated as f64),
    );
    let files: Vec<(String, f64)> = [
        ("written", report.output.written),
        ("unchanged", report.output.unchanged),
        ("removed", report.output.removed),
    ]
    .iter()
    .map(|(what, n)| (format!("{{change=\"{what}\"}}"), *n as f64))
    .collect();
    metric(
        "generator_files",
        "Files of the output by what the last run did to them.",
        "gauge",
        &files,
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_is_classified_by_what_failed() {
        let fetch: anyhow::Error = FetchError::Failed {
            url: "http://api/x".into(),
            reason: "server error 500".into(),
        }
        .into();
        assert_eq!(Phase::of(&fetch.context("fetch task")), Phase::ContentApi);
        let io: anyhow::Error = std::io::Error::other("disk full").into();
        assert_eq!(
            Phase::of(&io.context("writing fr/index.html")),
            Phase::Output
        );
        assert_eq!(
            Phase::of(&anyhow::anyhow!("unknown site")),
            Phase::Configuration
        );
        let busy: anyhow::Error = LockBusy {
            out: "out".into(),
            holder: "pid 1".into(),
            waited: 1,
        }
        .into();
        assert_eq!(Phase::of(&busy).exit_code(), 75);
    }

    #[test]
    fn a_failed_run_says_so_and_keeps_the_time_of_the_last_success() {
        let dir = std::env::temp_dir().join(format!("run-report-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut report = Report::default();
        succeeded(&dir, None, &mut report, 100).expect("written");
        let first = report.last_success_unix.expect("a success time");
        let text = std::fs::read_to_string(dir.join(TEXTFILE)).expect("textfile");
        assert!(text.contains("generator_build_success 1\n"), "{text}");
        let err = anyhow::Error::from(FetchError::Failed {
            url: "http://api/settings".into(),
            reason: "could not connect".into(),
        });
        failed(&dir, None, &err, 200).expect("written");
        failed(&dir, None, &err, 300).expect("written");
        let json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join(REPORT_FILE)).unwrap()).unwrap();
        assert_eq!(json["status"], "failed");
        assert_eq!(json["failure"]["phase"], "content_api");
        assert_eq!(json["failure"]["exit_code"], 3);
        assert_eq!(json["last_success_unix"], first);
        assert_eq!(json["consecutive_failures"], 2);
        assert!(json["failure"]["error"]
            .as_str()
            .unwrap()
            .contains("http://api/settings"));
        let text = std::fs::read_to_string(dir.join(TEXTFILE)).expect("textfile");
        for line in [
            "generator_build_success 0\n",
            "generator_build_exit_code 3\n",
            "generator_build_consecutive_failures 2\n",
        ] {
            assert!(text.contains(line), "{line} missing from {text}");
        }
        assert!(text.contains(&format!(
            "generator_build_last_success_timestamp_seconds {first}\n"
        )));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
