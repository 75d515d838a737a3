//! A second build with no change writes nothing: same pages, no file written, removed or
//! touched, no folder left beside the output; and it asks with the tags of the answers the
//! first build kept, so it moves almost no bytes.

use crate::common::*;
use crate::support::{copy_dir, leftovers};
use generator::fetch_cache::{FetchCache, INDEX};
use std::path::{Path, PathBuf};

/// The shared build, as published, with its fetch cache, in a scratch folder: the previous
/// output of a second build.
fn copy_of_the_shared_build(name: &str) -> PathBuf {
    let out = scratch(name).join("out");
    copy_dir(&BUILD.out, &out);
    copy_dir(&FetchCache::beside(&BUILD.out), &FetchCache::beside(&out));
    out
}

#[test]
fn a_second_build_with_no_change_writes_nothing() {
    let first = &*BUILD;
    let out = copy_of_the_shared_build("rebuild");
    let page = out.join("fr/cinemas.html");
    let css = files_below(&out.join("fr"))
        .into_iter()
        .find(|f| f.starts_with("assets/"))
        .expect("a stylesheet");
    let before = files_below(&out);
    let times = |p: &Path| {
        std::fs::metadata(p)
            .and_then(|m| m.modified())
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    };
    let (page_time, css_time) = (times(&page), times(&out.join("fr").join(&css)));
    std::thread::sleep(std::time::Duration::from_millis(50));

    let started = std::time::Instant::now();
    let report = generator::build(&options(&API.base, &out))
        .unwrap_or_else(|e| panic!("the second build failed: {e:#}"));
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "no-change rebuild: {seconds:.2} s (first build {:.2} s); {:?}",
        first.seconds, report.output
    );

    // Conditional fetching (issue "Run it for real"): the same answers, nearly all of them
    // 304s that reuse the kept ones.
    assert_eq!(
        first.report.not_modified, 0,
        "the first build had nothing kept"
    );
    assert_eq!(
        report.fetched_bytes + report.reused_bytes,
        first.report.fetched_bytes,
        "the same answers, fetched or kept"
    );
    assert!(
        report.fetched_bytes * 50 < first.report.fetched_bytes,
        "a no-change rebuild fetched {} bytes of {}",
        report.fetched_bytes,
        first.report.fetched_bytes
    );
    assert!(
        report.not_modified * 10 >= report.requests * 9,
        "{} of {} calls answered 304",
        report.not_modified,
        report.requests
    );
    // The kept tags revalidated in bulk (`Fetcher::revalidate`): a few requests, not one a call.
    assert!(
        report.revalidated * 10 >= report.not_modified * 9 && report.revalidated > 1000,
        "{} of {} kept answers revalidated in bulk",
        report.revalidated,
        report.not_modified
    );
    assert!(
        report.requests * 20 < first.report.requests,
        "a no-change rebuild made {} requests (the first build {})",
        report.requests,
        first.report.requests
    );
    assert_eq!(
        report.fetch_cache_pruned, 0,
        "every kept answer was asked for"
    );
    // Every page is kept, so the schedules answered 304 are left unread (issue 16's
    // no-change rebuild).
    assert!(
        report.kept_unread > 100,
        "kept schedules left unread: {report:?}"
    );
    assert_eq!(report.kept_read, 0, "kept schedules read: {report:?}");
    assert_eq!(
        report.output.written, 0,
        "a no-change rebuild wrote files; report {:?}",
        report.output
    );
    assert_eq!(
        report.output.removed, 0,
        "a no-change rebuild removed files; report {:?}",
        report.output
    );
    assert_eq!(
        report.total_pages, first.report.total_pages,
        "same pages as the first build"
    );
    assert_eq!(
        report.output.unchanged,
        first.report.output.written + first.report.output.unchanged,
        "every file of the first build is kept as it was"
    );
    assert_eq!(
        times(&page),
        page_time,
        "fr/cinemas.html was rewritten: its modification time changed"
    );
    assert_eq!(
        times(&out.join("fr").join(&css)),
        css_time,
        "the stylesheet was rewritten"
    );
    let after = files_below(&out);
    let gone: Vec<String> = before.difference(&after).cloned().collect();
    let added: Vec<String> = after.difference(&before).cloned().collect();
    assert_none("files removed by the rebuild", &gone);
    assert_none("files added by the rebuild", &added);
    let dir = out.parent().expect("out is in a scratch folder");
    assert_none("folders left next to out/", &leftovers(dir));
}

/// Without the index of the last build's calls (a cache kept by an older generator, or lost),
/// nothing is revalidated in bulk: every call is asked with its tag, one by one, and the
/// rebuild is the same.
#[test]
fn without_the_index_of_kept_calls_each_is_asked_with_its_tag() {
    let first = &*BUILD;
    let out = copy_of_the_shared_build("rebuild-no-index");
    let index = FetchCache::beside(&out).join(INDEX);
    std::fs::remove_file(&index).unwrap_or_else(|e| panic!("{}: {e}", index.display()));
    let report = generator::build(&options(&API.base, &out))
        .unwrap_or_else(|e| panic!("the rebuild failed: {e:#}"));
    assert_eq!(report.revalidated, 0, "{report:?}");
    assert!(
        report.requests * 10 >= first.report.requests * 9,
        "every call asked again: {} of {}",
        report.requests,
        first.report.requests
    );
    assert!(
        report.not_modified * 10 >= report.requests * 9,
        "{report:?}"
    );
    assert_eq!(report.output.written, 0, "{:?}", report.output);
    assert_eq!(report.output.removed, 0, "{:?}", report.output);
    // The whole build wrote the index again.
    assert!(index.is_file(), "{} was not written again", index.display());
}

/// A schedule is kept by its compact form alone (`FetchCache::store_compact_only`). When that
/// form cannot be read (damaged here; another build of the generator's would not be asked
/// for with its tag at all), the build asks for the schedule again and makes the same site;
/// the forms it keeps then read, and the build after reads them all.
#[test]
fn a_kept_schedule_whose_compact_form_cannot_be_read_is_asked_for_again() {
    let first = &*BUILD;
    let dir = scratch("compact-damaged");
    let cache = FetchCache::beside(&dir.join("out"));
    copy_dir(&FetchCache::beside(&first.out), &cache);
    // The compact forms with no answer in a file of its own beside them: the schedules', kept
    // by that form alone, and the small seasons' (their answers are in the packs).
    let names = files_below(&cache);
    let compact_only: Vec<&String> = names
        .iter()
        .filter(|n| n.ends_with(".compact"))
        .filter(|n| !names.contains(n.trim_end_matches(".compact")))
        .collect();
    assert!(
        compact_only.len() > 100,
        "schedules kept by their compact form alone: {} of {} files",
        compact_only.len(),
        names.len()
    );
    for name in &compact_only {
        let path = cache.join(name);
        let mut bytes = std::fs::read(&path).expect("a compact form");
        *bytes.last_mut().expect("not empty") ^= 0xff;
        std::fs::write(&path, bytes).expect("damaged");
    }
    // A new output folder: every page is made, so every schedule is read.
    let out = dir.join("out");
    let report = generator::build(&options(&API.base, &out))
        .unwrap_or_else(|e| panic!("the build with damaged compact forms failed: {e:#}"));
    // Each schedule kept by its form alone asked for again. (The damaged forms of the small
    // schedules and seasons, kept in the packs beside their answers, are read from those.)
    assert!(
        report.kept_asked_again > 100
            && report.kept_asked_again <= report.kept_read
            && report.kept_asked_again <= compact_only.len(),
        "each damaged schedule asked for again: {report:?}"
    );
    assert_eq!(
        crate::support::fingerprint(&out),
        crate::support::fingerprint(&first.out),
        "the same site as the first build"
    );
    // The forms kept by that build read: none asked for again.
    let again = dir.join("again");
    copy_dir(&cache, &FetchCache::beside(&again));
    let report = generator::build(&options(&API.base, &again))
        .unwrap_or_else(|e| panic!("the build after failed: {e:#}"));
    assert!(
        report.kept_asked_again == 0
            && report.kept_compact == report.kept_read
            && report.kept_read > 100,
        "every schedule read from its compact form: {report:?}"
    );
}

/// After a deployment, the kept compact forms are another binary's: a full build asks for
/// each schedule whole (no tag to ask with), but a targeted build leaves the calls its change
/// does not touch unasked, as before, and the pages it makes ask again for the schedules they
/// read. The site is the same.
#[test]
fn a_targeted_build_after_a_deployment_asks_again_for_the_schedules_it_reads() {
    let first = &*BUILD;
    let out = copy_of_the_shared_build("targeted-after-deploy");
    let cache = FetchCache::beside(&out);
    let names = files_below(&cache);
    let mut forms = 0;
    for name in names.iter().filter(|n| n.ends_with(".compact")) {
        if names.contains(name.trim_end_matches(".compact")) {
            continue;
        }
        // The form's first line starts with the binary's identity (16 hex digits).
        let path = cache.join(name);
        let bytes = std::fs::read(&path).expect("a compact form");
        std::fs::write(&path, [&b"0123456789abcdef"[..], &bytes[16..]].concat()).expect("written");
        forms += 1;
    }
    assert!(forms > 100, "{forms} forms kept alone");
    // The show on the fewest pages: its sites' schedules are read, the others' not.
    let deps: serde_json::Value =
        serde_json::from_slice(&std::fs::read(first.out.join("build-deps.json")).expect("map"))
            .expect("the map parses");
    let key = deps["keys"]
        .as_object()
        .expect("keys")
        .iter()
        .filter(|(k, pages)| {
            k.starts_with("show/") && pages.as_array().is_some_and(|p| !p.is_empty())
        })
        .min_by_key(|(_, pages)| pages.as_array().map_or(0, Vec::len))
        .expect("a show in the map")
        .0
        .clone();
    let mut options = options(&API.base, &out);
    options.changed = vec![key.clone()];
    let report = generator::build(&options)
        .unwrap_or_else(|e| panic!("the targeted build of {key} failed: {e:#}"));
    eprintln!("{key}: {report:?}");
    assert!(report.unasked > 1000, "calls left unasked: {report:?}");
    // Asked: the calls the change touches, and the schedules its sites' pages read.
    assert!(
        report.kept_asked_again > 0
            && report.kept_asked_again <= report.kept_read
            && report.requests * 5 < first.report.requests,
        "{} requests (a full build {}), {} schedules asked again",
        report.requests,
        first.report.requests,
        report.kept_asked_again
    );
    let site = |dir: &std::path::Path| {
        let mut files = crate::support::fingerprint(dir);
        files.remove("build-manifest.json");
        files
    };
    assert_eq!(
        site(&out),
        site(&first.out),
        "the same site as the first build"
    );
}
