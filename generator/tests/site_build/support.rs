//! What several of these tests need: a folder's files and their hashes, what a build leaves
//! beside its output.

use crate::common::*;
use std::collections::BTreeMap;
use std::path::Path;

/// Copies a folder; files get new modification times (the generator compares bytes).
pub fn copy_dir(from: &Path, to: &Path) {
    for rel in files_below(from) {
        let target = to.join(&rel);
        std::fs::create_dir_all(target.parent().expect("has a parent")).expect("create folder");
        std::fs::copy(from.join(&rel), &target).unwrap_or_else(|e| panic!("copying {rel}: {e}"));
    }
}

pub fn leftovers(parent: &Path) -> Vec<String> {
    std::fs::read_dir(parent)
        .expect("readable folder")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        // The fetch cache stays beside the output on purpose (generator/src/fetch_cache.rs).
        // So does the build lock (generator/src/run_lock.rs), free when no build runs.
        // And the folder the last swap replaced, the next build's staging folder (output.rs).
        .filter(|n| n != "out" && n != ".out.fetch" && n != ".out.lock" && n != ".out.previous")
        .collect()
}

/// Every file below `dir` with a hash of its bytes.
pub fn fingerprint(dir: &Path) -> BTreeMap<String, u64> {
    files_below(dir)
        .into_iter()
        // The run's report and textfile say how each run went; they are not the site.
        .filter(|rel| rel != "build-report.json" && rel != "build.prom")
        .map(|rel| {
            let bytes = std::fs::read(dir.join(&rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
            (rel, xxhash_rust::xxh3::xxh3_64(&bytes))
        })
        .collect()
}
