//! A content API that fails half-way (server errors, malformed JSON, a cut connection, no
//! answer at all) fails the build and leaves the previous output intact, byte for byte.

use crate::common::*;
use crate::proxy::{proxy, Fault, Proxy};
use crate::support::{fingerprint, leftovers};
use site::{Lang, Site};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// A good build of the FR site into a folder of its own, then `fail` against it.
fn good_build(name: &str) -> (PathBuf, generator::BuildOptions) {
    let dir = scratch(name);
    let mut options = options(&API.base, &dir.join("out"));
    options.sites = vec!["fr".to_string()];
    generator::build(&options).unwrap_or_else(|e| panic!("the good build failed: {e:#}"));
    (dir, options)
}

/// Builds through `api` into the good build's folder: the build must fail naming `expect`,
/// and leave the previous output byte for byte, with no staging folder behind.
fn assert_failed_build_leaves_output_intact(
    dir: &Path,
    mut options: generator::BuildOptions,
    api: &str,
    expect: &str,
) -> String {
    let before = fingerprint(&options.out);
    assert!(
        before.len() > 100,
        "the good build wrote only {} files",
        before.len()
    );
    options.api = api.to_string();
    let err = match generator::build(&options) {
        Ok(report) => panic!(
            "a build through a failing API succeeded: {:?}",
            report.output
        ),
        Err(e) => format!("{e:#}"),
    };
    assert!(
        err.contains(expect),
        "the error does not name {expect}: {err}"
    );
    let after = fingerprint(&options.out);
    let changed: Vec<String> = before
        .iter()
        .filter(|(f, h)| after.get(*f) != Some(*h))
        .map(|(f, _)| format!("{f} changed or removed"))
        .chain(
            after
                .keys()
                .filter(|f| !before.contains_key(*f))
                .map(|f| format!("{f} added")),
        )
        .collect();
    assert_none("the previous output after a failed build", &changed);
    // The report and the textfile say the run failed, where, and that the site is the last
    // good one (issue "Run it for real": cron-safe regeneration).
    let report: serde_json::Value = serde_json::from_slice(
        &std::fs::read(options.out.join("build-report.json")).expect("build-report.json"),
    )
    .expect("the failure report parses");
    assert_eq!(report["status"], "failed", "{report}");
    assert_eq!(report["failure"]["phase"], "content_api", "{report}");
    assert_eq!(report["failure"]["exit_code"], 3, "{report}");
    assert!(report["last_success_unix"].is_i64(), "{report}");
    let textfile = std::fs::read_to_string(options.out.join("build.prom")).expect("build.prom");
    assert!(
        textfile.contains("generator_build_success 0\n")
            && textfile.contains("generator_build_exit_code 3\n"),
        "{textfile}"
    );
    assert_none(
        "folders left next to out/ after a failed build",
        &leftovers(dir),
    );
    err
}

fn faulty_build(fault: Fault) {
    let name = format!("fault-{fault:?}").to_ascii_lowercase();
    // The schedule of a cinema half-way down the FR list: most other calls succeed first.
    let cinemas = api_json(Site::Fr, Some(Lang::Fr), "/cinemas");
    let cinemas = list(&cinemas, "");
    let slug = str_of(&cinemas[cinemas.len() / 2], "slug").expect("a cinema slug");
    let target = format!("/api/cinema/{slug}/shows");
    let (dir, options) = good_build(&name);
    let state = Arc::new(Proxy {
        upstream: API.base.clone(),
        target: target.clone(),
        fault,
        hits: AtomicUsize::new(0),
        client: reqwest::Client::new(),
    });
    let router = axum::Router::new()
        .fallback(proxy)
        .with_state(state.clone());
    let addr = serve(router);
    let err =
        assert_failed_build_leaves_output_intact(&dir, options, &format!("http://{addr}"), &target);
    let hits = state.hits.load(Ordering::SeqCst);
    eprintln!("{fault:?}: {hits} request(s) to {target} failed; error: {err}");
    assert!(hits >= 1, "the faulty URL was never asked for");
    if matches!(fault, Fault::ServerError | Fault::CutConnection) {
        assert!(
            hits >= generator::fetch::ATTEMPTS as usize,
            "a failing call is retried: {hits} attempt(s)"
        );
    }
}

#[test]
fn a_server_error_half_way_leaves_the_previous_output_intact() {
    faulty_build(Fault::ServerError);
}

#[test]
fn malformed_json_half_way_leaves_the_previous_output_intact() {
    faulty_build(Fault::MalformedJson);
}

#[test]
fn a_connection_cut_half_way_leaves_the_previous_output_intact() {
    faulty_build(Fault::CutConnection);
}

/// A timeout would take `ATTEMPTS` × `TIMEOUT` (3 × 20 s): an API that cannot be reached at
/// all stands in for it.
#[test]
fn an_unreachable_api_leaves_the_previous_output_intact() {
    assert!(
        generator::fetch::TIMEOUT.as_secs() >= 10,
        "TIMEOUT is short now: test a slow answer instead"
    );
    let closed = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = closed.local_addr().expect("address");
    drop(closed);
    let (dir, options) = good_build("fault-refused");
    let err = assert_failed_build_leaves_output_intact(
        &dir,
        options,
        &format!("http://{addr}"),
        &format!("http://{addr}/api/settings"),
    );
    eprintln!("unreachable API: {err}");
}
