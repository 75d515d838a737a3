//! The one door to disk. A build writes into a staging folder next to `out/`; a file whose
//! bytes equal the published one is hard-linked from it (no write, its modification time
//! stays), others are written. Only a finished build replaces `out/`: a failed one leaves it
//! untouched and removes its staging folder.

use anyhow::{bail, Context};
use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The build report, written into the published folder after each build; not a page.
pub const REPORT_FILE: &str = "build-report.json";
/// What each file was made from, so the next build renders only pages whose inputs changed.
pub const MANIFEST_FILE: &str = "build-manifest.json";

pub struct Output {
    published: PathBuf,
    staging: PathBuf,
    pub written: AtomicUsize,
    pub unchanged: AtomicUsize,
    files: Mutex<HashSet<PathBuf>>,
    /// Input hash of every file of the previous build, and of this one.
    previous_inputs: std::collections::HashMap<String, u64>,
    inputs: Mutex<std::collections::BTreeMap<String, u64>>,
}

#[derive(Debug, Default, serde::Serialize)]
pub struct OutputReport {
    pub written: usize,
    pub unchanged: usize,
    pub removed: usize,
}

impl Output {
    pub fn begin(published: &Path) -> anyhow::Result<Output> {
        let name = published
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("out");
        let parent = published
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let staging = parent.join(format!(".{name}.staging"));
        if staging.exists() {
            // Left by an interrupted build: never published, safe to drop.
            std::fs::remove_dir_all(&staging)
                .with_context(|| format!("removing {}", staging.display()))?;
        }
        std::fs::create_dir_all(&staging)
            .with_context(|| format!("creating {}", staging.display()))?;
        let previous_inputs = std::fs::read(published.join(MANIFEST_FILE))
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default();
        Ok(Output {
            published: published.to_path_buf(),
            staging,
            written: AtomicUsize::new(0),
            unchanged: AtomicUsize::new(0),
            files: Mutex::new(HashSet::new()),
            previous_inputs,
            inputs: Mutex::new(std::collections::BTreeMap::new()),
        })
    }

    /// If the previous build made `rel` from the same inputs, keeps its file (hard link, no
    /// render) and answers true; otherwise records the inputs and answers false, and the
    /// caller renders and writes.
    pub fn reuse(&self, rel: &str, inputs: u64) -> anyhow::Result<bool> {
        self.inputs
            .lock()
            .expect("no panics while holding the lock")
            .insert(rel.to_string(), inputs);
        if self.previous_inputs.get(rel) != Some(&inputs) {
            return Ok(false);
        }
        let rel_path = safe_relative(rel)?;
        let previous = self.published.join(&rel_path);
        let target = self.staging.join(&rel_path);
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        if std::fs::hard_link(&previous, &target).is_err() {
            return Ok(false);
        }
        if !self
            .files
            .lock()
            .expect("no panics while holding the lock")
            .insert(rel_path)
        {
            bail!("two pages want the same file {rel}");
        }
        self.unchanged.fetch_add(1, Ordering::Relaxed);
        Ok(true)
    }

    /// Writes `bytes` at `rel` (a relative path such as `fr/en/cinemas.html`).
    pub fn write(&self, rel: &str, bytes: &[u8]) -> anyhow::Result<()> {
        let rel_path = safe_relative(rel)?;
        if !self
            .files
            .lock()
            .expect("no panics while holding the lock")
            .insert(rel_path.clone())
        {
            bail!("two pages want the same file {rel}");
        }
        let target = self.staging.join(&rel_path);
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        let previous = self.published.join(&rel_path);
        if std::fs::read(&previous).is_ok_and(|old| old == bytes)
            && std::fs::hard_link(&previous, &target).is_ok()
        {
            self.unchanged.fetch_add(1, Ordering::Relaxed);
            return Ok(());
        }
        std::fs::write(&target, bytes).with_context(|| format!("writing {}", target.display()))?;
        self.written.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// Publishes the staging folder in place of `out/` and reports what changed.
    pub fn commit(self) -> anyhow::Result<OutputReport> {
        let inputs = self
            .inputs
            .into_inner()
            .expect("no panics while holding the lock");
        std::fs::write(
            self.staging.join(MANIFEST_FILE),
            serde_json::to_vec(&inputs)?,
        )?;
        let mut files = self
            .files
            .into_inner()
            .expect("no panics while holding the lock");
        files.insert(PathBuf::from(MANIFEST_FILE));
        let mut removed = 0;
        if self.published.exists() {
            for entry in walkdir::WalkDir::new(&self.published)
                .into_iter()
                .filter_map(Result::ok)
            {
                if entry.file_type().is_file() {
                    let rel = entry
                        .path()
                        .strip_prefix(&self.published)
                        .expect("walked below it");
                    if !files.contains(rel) && rel != Path::new(REPORT_FILE) {
                        removed += 1;
                    }
                }
            }
            let old = self.staging.with_file_name(format!(
                ".{}.previous",
                self.published
                    .file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or("out")
            ));
            if old.exists() {
                std::fs::remove_dir_all(&old)?;
            }
            std::fs::rename(&self.published, &old)
                .with_context(|| format!("moving {} aside", self.published.display()))?;
            if let Err(err) = std::fs::rename(&self.staging, &self.published) {
                // Put the previous build back before failing.
                let _ = std::fs::rename(&old, &self.published);
                return Err(err)
                    .with_context(|| format!("publishing {}", self.published.display()));
            }
            std::fs::remove_dir_all(&old).with_context(|| format!("removing {}", old.display()))?;
        } else {
            std::fs::rename(&self.staging, &self.published)
                .with_context(|| format!("publishing {}", self.published.display()))?;
        }
        Ok(OutputReport {
            written: self.written.into_inner(),
            unchanged: self.unchanged.into_inner(),
            removed,
        })
    }

    /// Drops the staging folder; `out/` stays as it was.
    pub fn abandon(self) {
        let _ = std::fs::remove_dir_all(&self.staging);
    }
}

fn safe_relative(rel: &str) -> anyhow::Result<PathBuf> {
    let path = PathBuf::from(rel);
    if rel.is_empty()
        || path
            .components()
            .any(|c| !matches!(c, Component::Normal(_)))
    {
        bail!("refusing to write outside the output folder: {rel:?}");
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unchanged_files_keep_their_time_and_removed_ones_are_counted() {
        let root = std::env::temp_dir().join(format!("output-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let out = root.join("out");
        let first = Output::begin(&out).unwrap();
        first.write("fr/index.html", b"a").unwrap();
        first.write("fr/old.html", b"old").unwrap();
        let report = first.commit().unwrap();
        assert_eq!(
            (report.written, report.unchanged, report.removed),
            (2, 0, 0)
        );
        let before = std::fs::metadata(out.join("fr/index.html"))
            .unwrap()
            .modified()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        let second = Output::begin(&out).unwrap();
        second.write("fr/index.html", b"a").unwrap();
        second.write("fr/new.html", b"new").unwrap();
        let report = second.commit().unwrap();
        assert_eq!(
            (report.written, report.unchanged, report.removed),
            (1, 1, 1)
        );
        let after = std::fs::metadata(out.join("fr/index.html"))
            .unwrap()
            .modified()
            .unwrap();
        assert_eq!(before, after);
        assert!(!out.join("fr/old.html").exists());
        // An abandoned build leaves the published folder as it was.
        let third = Output::begin(&out).unwrap();
        third.write("fr/index.html", b"changed").unwrap();
        third.abandon();
        assert_eq!(std::fs::read(out.join("fr/index.html")).unwrap(), b"a");
        assert!(Output::begin(&out)
            .unwrap()
            .write("../escape.html", b"x")
            .is_err());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
