//! Targeted regeneration (issue "Run it for real"): after one show is edited, `--changed
//! show/SLUG` asks only for the answers that name it, renders only the pages the dependency
//! map says are made from it, and leaves every other file untouched — and the result is the
//! very site a full build of the edited content makes.

use crate::common::*;
use crate::support::{copy_dir, fingerprint, leftovers};
use generator::fetch_cache::FetchCache;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::SystemTime;

/// Top-level files of a run, not of the site (`build-manifest.json` differs on purpose: a
/// targeted build carries the inputs of the pages it keeps).
const RUN_FILES: [&str; 3] = ["build-report.json", "build.prom", "build-manifest.json"];

fn times(dir: &Path) -> BTreeMap<String, SystemTime> {
    files_below(dir)
        .into_iter()
        .map(|rel| {
            let time = std::fs::metadata(dir.join(&rel))
                .and_then(|m| m.modified())
                .unwrap_or_else(|e| panic!("{rel}: {e}"));
            (rel, time)
        })
        .collect()
}

/// The pages the dependency map says each key's content is on.
fn dependency_map(out: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let map: Value = serde_json::from_slice(
        &std::fs::read(out.join("build-deps.json")).expect("the build kept its dependency map"),
    )
    .expect("build-deps.json parses");
    let pages: Vec<&str> = map["pages"]
        .as_array()
        .expect("pages")
        .iter()
        .map(|p| p.as_str().expect("a page"))
        .collect();
    map["keys"]
        .as_object()
        .expect("keys")
        .iter()
        .map(|(key, indexes)| {
            let on: BTreeSet<String> = indexes
                .as_array()
                .expect("indexes")
                .iter()
                .map(|i| pages[i.as_u64().expect("an index") as usize].to_string())
                .collect();
            (key.clone(), on)
        })
        .collect()
}

#[test]
fn a_targeted_build_after_one_show_edit_rewrites_exactly_the_pages_it_is_on() {
    let first = &*BUILD;
    let map = dependency_map(&first.out);
    // The show on the most pages (cinema, city, list and its own pages) of those some site
    // has none of: the build remakes its pages, and keeps whole the sites it is not on.
    let site_of = |page: &String| page.split('/').next().unwrap_or_default().to_string();
    let sites: BTreeSet<String> = map.values().flatten().map(site_of).collect();
    let (key, on) = map
        .iter()
        .filter(|(k, _)| k.starts_with("show/"))
        .filter(|(_, pages)| pages.iter().map(site_of).collect::<BTreeSet<_>>() != sites)
        .max_by_key(|(_, pages)| pages.len())
        .expect("shows in the dependency map");
    let untouched: BTreeSet<String> = sites
        .difference(&on.iter().map(site_of).collect())
        .cloned()
        .collect();
    let slug = key.trim_start_matches("show/").to_string();
    let kinds: BTreeSet<&str> = on
        .iter()
        .filter_map(|p| p.split('/').nth(1).filter(|_| p.matches('/').count() >= 2))
        .collect();
    assert!(
        on.len() >= 10 && kinds.len() >= 2,
        "{key} is on {} page(s): {on:?}",
        on.len()
    );
    // Every page that links the show's own page is in its entry.
    let show_page = on
        .iter()
        .find(|p| p.ends_with(&format!("/{slug}.html")))
        .expect("the show's own page is made from it");
    eprintln!("{key}: {} pages, e.g. {show_page}", on.len());

    // The edit: the show's title in every site and language.
    let mut snapshot = demo_snapshot_value();
    let mut edited = 0;
    for site in snapshot["sites"].as_array_mut().expect("sites") {
        for locale in site["locales"].as_array_mut().expect("locales") {
            for show in locale["shows"].as_array_mut().expect("shows") {
                if show["slug"] == slug.as_str() {
                    let title = show["title"].as_str().expect("a title").to_string();
                    show["title"] = Value::String(format!("{title} — version restaurée"));
                    edited += 1;
                }
            }
        }
    }
    assert!(edited > 0, "{slug} is in no locale of the snapshot");
    let snapshot: site::snapshot::Snapshot =
        serde_json::from_value(snapshot).expect("the edited snapshot reads");
    let dir = scratch("targeted");
    let api = serve_snapshot(snapshot, &dir.join("api"));

    // The shared build, as published, with the answers it kept, is the previous output.
    let out = dir.join("out");
    copy_dir(&first.out, &out);
    copy_dir(&FetchCache::beside(&first.out), &FetchCache::beside(&out));
    let before = fingerprint(&out);
    let before_times = times(&out);
    std::thread::sleep(std::time::Duration::from_millis(50));

    let mut options = options(&api, &out);
    options.changed = vec![key.clone()];
    let started = std::time::Instant::now();
    let report =
        generator::build(&options).unwrap_or_else(|e| panic!("the targeted build failed: {e:#}"));
    eprintln!(
        "targeted build: {:.2} s, {} request(s), {} kept answer(s) used without asking, {:?}",
        started.elapsed().as_secs_f64(),
        report.requests,
        report.unasked,
        report.output
    );
    assert_eq!(report.changed, vec![key.clone()]);
    assert_eq!(report.targeted_pages, Some(on.len()), "pages rendered");
    // Only the answers that name the show were asked for.
    assert!(
        report.requests * 10 < first.report.requests && report.requests > 0,
        "a targeted build asked {} of the {} calls",
        report.requests,
        first.report.requests
    );
    assert!(report.unasked > report.requests, "{report:?}");
    // The sites with none of its pages were kept whole, not walked (`makes_nothing_of`); the
    // comparison with a full build below holds for them too.
    assert_eq!(
        report.kept_sites.iter().cloned().collect::<BTreeSet<_>>(),
        untouched,
        "{report:?}"
    );
    // The pages of the show need the kept schedules of their sites, read from the fetch cache:
    // from the compact forms the shared build kept beside them (this test's binary wrote
    // them), and the comparison with a full build below holds for what they read.
    assert!(report.kept_read > 0, "{report:?}");
    assert_eq!(report.kept_compact, report.kept_read, "{report:?}");

    // Exactly the pages the show is on changed, each now with the new title; every other
    // file kept its bytes and its modification time.
    let after = fingerprint(&out);
    let after_times = times(&out);
    let changed: BTreeSet<String> = after
        .iter()
        .filter(|(f, h)| before.get(*f) != Some(*h))
        .map(|(f, _)| f.clone())
        .filter(|f| !RUN_FILES.contains(&f.as_str()))
        .collect();
    let pages_changed: BTreeSet<String> = changed
        .iter()
        .filter(|f| f.ends_with(".html"))
        .cloned()
        .collect();
    // A page's pre-compressed siblings change with it.
    let page_of = |f: &str| -> String {
        f.strip_suffix(".gz")
            .or_else(|| f.strip_suffix(".br"))
            .unwrap_or(f)
            .to_string()
    };
    let outside: Vec<String> = changed
        .iter()
        .filter(|f| !on.contains(&page_of(f)) && f.as_str() != "build-deps.json")
        .cloned()
        .collect();
    assert_none("files changed that the show is not on", &outside);
    assert!(
        pages_changed.contains(show_page.as_str()),
        "the show's own page did not change"
    );
    let without_title: Vec<String> = pages_changed
        .iter()
        .filter(|p| {
            let html = std::fs::read_to_string(out.join(p)).expect("a page");
            !html.contains("version restaurée")
        })
        .cloned()
        .collect();
    assert_none("rewritten pages without the new title", &without_title);
    // Each feed made from the show holds it (a feed names only the shows of its days, so an
    // edit remakes no feed the show is not in), now with the new title.
    let feeds_without_title: Vec<String> = on
        .iter()
        .filter(|p| p.ends_with(".ics"))
        .filter(|p| {
            let text = std::fs::read_to_string(out.join(p)).expect("a feed");
            !text.replace("\r\n ", "").contains("version restaurée")
        })
        .cloned()
        .collect();
    assert_none(
        "feeds made from the show without its new title",
        &feeds_without_title,
    );
    let touched: Vec<String> = before_times
        .iter()
        .filter(|(f, _)| !on.contains(&page_of(f)) && !RUN_FILES.contains(&f.as_str()))
        .filter(|(f, t)| after_times.get(*f) != Some(*t))
        .filter(|(f, _)| f.as_str() != "build-deps.json")
        .map(|(f, _)| f.clone())
        .collect();
    assert_none("files rewritten that the show is not on", &touched);
    assert_none("folders left next to out/", &leftovers(&dir));

    // The targeted site is the site a full build of the edited content makes.
    let full_out = dir.join("full").join("out");
    let full = generator::build(&options_for(&api, &full_out))
        .unwrap_or_else(|e| panic!("the full build of the edited content failed: {e:#}"));
    eprintln!("full build of the edited content: {:?}", full.output);
    let full_files = fingerprint(&full_out);
    let differ: Vec<String> = full_files
        .iter()
        .filter(|(f, _)| !RUN_FILES.contains(&f.as_str()))
        .filter(|(f, h)| after.get(*f) != Some(*h))
        .map(|(f, _)| format!("{f} differs from a full build"))
        .chain(
            after
                .keys()
                .filter(|f| !full_files.contains_key(*f) && !RUN_FILES.contains(&f.as_str()))
                .map(|f| format!("{f} is not in a full build")),
        )
        .collect();
    assert_none("the targeted site against a full build", &differ);
}

fn options_for(api: &str, out: &Path) -> generator::BuildOptions {
    options(api, out)
}
