//! The one door to disk. A build writes into a staging folder next to `out/`; a file whose
//! bytes equal the published one is hard-linked from it (no write, its modification time
//! stays), others are written. Only a finished build replaces `out/`: a failed one leaves it
//! untouched and removes its staging folder. Text files written get pre-compressed siblings
//! (`compress`) at commit; a kept file keeps its siblings.
//!
//! The folder `out/` replaced stays beside it (`.out.previous`) and is the next build's staging
//! folder: its folders and its links to files still published are already there, so a build
//! that keeps nearly everything (a targeted one) neither creates hundreds of folders nor links
//! tens of thousands of files before its swap. What it holds that is no longer published is
//! dropped at `begin`; a file written over one of its links replaces the link, never writes
//! through it into the published file.
//!
//! Its own files at a path still published (the versions the last build replaced) are spares
//! once that folder has been out of service for `SPARE_AFTER`: a file written at that path is
//! written over the spare rather than created, and the spares not written over go at commit.
//! Deleting the old versions and creating the new ones costs an ext4 without a journal dearly
//! (each file created scans past the inodes freed in the last half minute), and a build that
//! changes pages replaces mostly the paths the one before it replaced: an edited film's pages,
//! the nightly schedules. Never sooner: a server may still be sending a file of the folder it
//! has just stopped serving, and must not send half a new page.

use crate::compress::{self, CompressReport, CompressStats};
use anyhow::{bail, Context};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The build report, written into the published folder after each build; not a page.
pub const REPORT_FILE: &str = "build-report.json";
/// The run's own files at the top of the output: rewritten after each run, not the site's.
const RUN_FILES: [&str; 2] = [REPORT_FILE, TEXTFILE];
/// The run's Prometheus textfile's default name (`run_report`).
pub const TEXTFILE: &str = "build.prom";
/// What each file was made from, so the next build renders only pages whose inputs changed.
pub const MANIFEST_FILE: &str = "build-manifest.json";
/// How long the folder a swap replaced stays out of service before its files can be written
/// over (see the top): longer than any sane transfer of a page that began before the swap.
pub const SPARE_AFTER: std::time::Duration = std::time::Duration::from_secs(300);

pub struct Output {
    published: PathBuf,
    staging: PathBuf,
    pub written: AtomicUsize,
    pub unchanged: AtomicUsize,
    files: Mutex<HashSet<PathBuf>>,
    /// Files kept from the published folder (same bytes or same inputs): hard-linked into the
    /// staging folder at commit, unless reused from the previous one (`linked`), and only when
    /// something changed (see `commit`).
    kept: Mutex<Vec<PathBuf>>,
    /// Folders of the staging folder already created.
    dirs: Mutex<HashSet<PathBuf>>,
    /// Input hashes of every page of the previous build, and of this one.
    previous_inputs: HashMap<String, Inputs>,
    inputs: Mutex<BTreeMap<String, Inputs>>,
    /// Compressible files written into the staging folder: their siblings are computed at
    /// commit (`compress`), after the pages' phases, so the speed figures exclude them.
    to_compress: Mutex<Vec<PathBuf>>,
    compress: CompressStats,
    /// A targeted build's written files get their siblings after the swap, in place (see
    /// `siblings_after_swap`).
    siblings_after_swap: bool,
    /// Whether the output has siblings at all (`without_siblings`).
    siblings: bool,
    /// The files of the published folder (relative), listed once at `begin`: whether a file
    /// can be kept, its siblings and what this build removes are looked up here rather than
    /// with a `stat` each (tens of thousands in a build that keeps everything). The run lock
    /// (`run_lock.rs`) keeps any other build from changing the folder meanwhile.
    published_files: HashMap<PathBuf, u64>,
    /// Files of the staging folder, reused from the previous one, that are links to the
    /// published file of the same name (`reuse_previous`): kept without linking, replaced
    /// (unlinked first) when written, unlinked at commit when this build does not want them.
    linked: HashSet<PathBuf>,
    /// Files of the staging folder, reused from the previous one, that are its own (no other
    /// link) at a path still published: written over in place when this build writes the path,
    /// removed at commit otherwise (`Staging::put`, `reuse_previous`).
    spare: HashSet<PathBuf>,
    /// The spares written over.
    spare_written: Mutex<HashSet<PathBuf>>,
    /// Where `out/` goes at the swap, to be the next build's staging folder.
    previous: PathBuf,
}

/// What a page was made from: `quick`, a hash of the whole site's content and of the page's
/// identity, known before anything is computed for the page; `full`, the hash of the page's
/// own inputs (its context), computed only when `quick` changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Inputs {
    pub quick: u64,
    pub full: u64,
}

#[derive(Debug, Default, serde::Serialize)]
pub struct OutputReport {
    pub written: usize,
    pub unchanged: usize,
    pub removed: usize,
    /// Pre-compressed siblings: apart from the page phases (`compress::CompressReport`).
    pub compress: CompressReport,
    /// When the new folder took the place of `out/` (none when nothing changed).
    #[serde(skip)]
    pub swapped: Option<std::time::Instant>,
}

impl Output {
    pub fn begin(published: &Path) -> anyhow::Result<Output> {
        Output::begin_with(published, SPARE_AFTER)
    }

    /// `begin`, the previous folder's files spares once it has been out of service for
    /// `spare_after`.
    fn begin_with(published: &Path, spare_after: std::time::Duration) -> anyhow::Result<Output> {
        let name = published
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("out");
        let parent = published
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let staging = parent.join(format!(".{name}.staging"));
        let previous = parent.join(format!(".{name}.previous"));
        if staging.exists() {
            // Left by an interrupted build: never published, safe to drop.
            std::fs::remove_dir_all(&staging)
                .with_context(|| format!("removing {}", staging.display()))?;
        }
        // A manifest of another format (or none) means every page is rendered again.
        let previous_inputs = std::fs::read(published.join(MANIFEST_FILE))
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default();
        // The two folders listed side by side.
        let (published_files, previous_entries) = rayon::join(
            || list_files(published),
            || -> anyhow::Result<_> {
                if !previous.is_dir() {
                    return Ok(None);
                }
                // Out of service since it was renamed there (its change time): the swap, or a
                // build that changed nothing.
                let retired = std::fs::symlink_metadata(&previous).is_ok_and(|m| {
                    use std::os::unix::fs::MetadataExt;
                    let since = std::time::UNIX_EPOCH
                        + std::time::Duration::new(m.ctime().max(0) as u64, m.ctime_nsec() as u32);
                    since.elapsed().is_ok_and(|age| age >= spare_after)
                });
                std::fs::rename(&previous, &staging)
                    .with_context(|| format!("reusing {}", previous.display()))?;
                list_entries(&staging).map(|entries| Some((entries, retired)))
            },
        );
        let Reused { linked, spare } = match previous_entries? {
            Some((entries, retired)) => {
                reuse_previous(&staging, entries, &published_files, retired)?
            }
            None => Reused::default(),
        };
        std::fs::create_dir_all(&staging)
            .with_context(|| format!("creating {}", staging.display()))?;
        Ok(Output {
            published: published.to_path_buf(),
            staging,
            written: AtomicUsize::new(0),
            unchanged: AtomicUsize::new(0),
            // As many as were published, about: grown once, not rehashed as sites are kept.
            files: Mutex::new(HashSet::with_capacity(published_files.len())),
            kept: Mutex::new(Vec::with_capacity(published_files.len())),
            dirs: Mutex::new(HashSet::new()),
            previous_inputs,
            inputs: Mutex::new(BTreeMap::new()),
            to_compress: Mutex::new(Vec::new()),
            compress: CompressStats::default(),
            siblings_after_swap: false,
            siblings: true,
            published_files,
            linked,
            spare,
            spare_written: Mutex::new(HashSet::new()),
            previous,
        })
    }

    /// The written files' pre-compressed siblings are made after the swap, in place, rather than
    /// before it: a targeted build (an edited film to put live within a second) swaps its pages
    /// in without waiting for brotli. Their previous siblings (the old bytes) are not carried
    /// over, so until the new ones are renamed in (a second or two) the server sends the page
    /// itself (nginx's `gzip_static` falls back to it). A failure then leaves pages without
    /// siblings, which the next build makes (kept files without siblings get them).
    pub fn siblings_after_swap(mut self) -> Output {
        self.siblings_after_swap = true;
        self
    }

    /// No pre-compressed siblings: none made, none kept from the published folder (a page
    /// rewritten by this build must not keep its old bytes' siblings), so the output holds
    /// only the files themselves (`BuildOptions::no_precompress`).
    pub fn without_siblings(mut self) -> Output {
        self.siblings = false;
        self
    }

    /// If the previous build made `rel` from the same inputs, keeps its file (no render) and
    /// answers true; otherwise records the inputs and answers false, and the caller renders
    /// and writes. `full` is asked for only when `quick` differs from the previous build's.
    pub fn reuse(&self, rel: &str, quick: u64, full: impl FnOnce() -> u64) -> anyhow::Result<bool> {
        let previous = self.previous_inputs.get(rel);
        let (inputs, same) = match previous {
            Some(p) if p.quick == quick => (*p, true),
            _ => {
                let inputs = Inputs {
                    quick,
                    full: full(),
                };
                (inputs, previous.is_some_and(|p| p.full == inputs.full))
            }
        };
        self.inputs
            .lock()
            .expect("no panics while holding the lock")
            .insert(rel.to_string(), inputs);
        if !same {
            return Ok(false);
        }
        let rel_path = safe_relative(rel)?;
        // The published file must still be there to be kept.
        if !self.published_files.contains_key(&rel_path) {
            return Ok(false);
        }
        self.keep(rel, rel_path)?;
        Ok(true)
    }

    /// Whether the previous build made `rel` from the same quick inputs (`reuse` would then
    /// keep it without asking for the full ones, if its file is still there).
    pub fn same_quick(&self, rel: &str, quick: u64) -> bool {
        self.previous_inputs
            .get(rel)
            .is_some_and(|p| p.quick == quick)
    }

    /// Keeps the published `rel` as it is, with the inputs the previous build recorded (a
    /// targeted build: the page is not made from what changed). False when the previous
    /// build did not have it.
    pub fn keep_published(&self, rel: &str) -> anyhow::Result<bool> {
        let Some(previous) = self.previous_inputs.get(rel).copied() else {
            return Ok(false);
        };
        let rel_path = safe_relative(rel)?;
        if !self.published_files.contains_key(&rel_path) {
            return Ok(false);
        }
        self.inputs
            .lock()
            .expect("no panics while holding the lock")
            .insert(rel.to_string(), previous);
        self.keep(rel, rel_path)?;
        Ok(true)
    }

    /// Keeps every published file below `dir` as it is, with the inputs the previous build
    /// recorded (a targeted build that makes nothing of a site); pre-compressed siblings go
    /// with their files, as a kept page's do. How many files were kept.
    pub fn keep_folder(&self, dir: &str) -> anyhow::Result<usize> {
        use std::os::unix::ffi::OsStrExt;
        // A byte prefix rather than `Path::starts_with` (which walks components): the published
        // folder's ~20,000 files are scanned once per site kept, on the render's path.
        let prefix = format!("{}/", safe_relative(dir)?.display());
        let lock = "no panics while holding the lock";
        // The three records taken once for the folder rather than once a file.
        let mut inputs = self.inputs.lock().expect(lock);
        let mut files = self.files.lock().expect(lock);
        let mut kept = self.kept.lock().expect(lock);
        let mut count = 0;
        for rel_path in self
            .published_files
            .keys()
            .filter(|p| p.as_os_str().as_bytes().starts_with(prefix.as_bytes()))
        {
            let Some(rel) = rel_path.to_str() else {
                continue;
            };
            if compress::is_sibling(rel) {
                continue;
            }
            if let Some(previous) = self.previous_inputs.get(rel) {
                inputs.insert(rel.to_string(), *previous);
            }
            keep_in(&mut files, &mut kept, rel, rel_path.clone())?;
            count += 1;
        }
        self.unchanged.fetch_add(count, Ordering::Relaxed);
        Ok(count)
    }

    /// Whether the published folder has `rel`.
    pub fn publishes(&self, rel: &str) -> bool {
        safe_relative(rel).is_ok_and(|p| self.published_files.contains_key(&p))
    }

    /// The published bytes of `rel`, if any.
    pub fn published_bytes(&self, rel: &str) -> Option<Vec<u8>> {
        std::fs::read(self.published.join(safe_relative(rel).ok()?)).ok()
    }

    fn keep(&self, rel: &str, rel_path: PathBuf) -> anyhow::Result<()> {
        let lock = "no panics while holding the lock";
        keep_in(
            &mut self.files.lock().expect(lock),
            &mut self.kept.lock().expect(lock),
            rel,
            rel_path,
        )?;
        self.unchanged.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// Creates the folder of `target` (below the staging folder) once.
    fn make_parent(&self, target: &Path) -> anyhow::Result<()> {
        if let Some(dir) = target.parent() {
            if self
                .dirs
                .lock()
                .expect("no panics while holding the lock")
                .contains(dir)
            {
                return Ok(());
            }
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            self.dirs
                .lock()
                .expect("no panics while holding the lock")
                .insert(dir.to_path_buf());
        }
        Ok(())
    }

    fn staging(&self) -> Staging<'_> {
        Staging {
            dir: &self.staging,
            linked: &self.linked,
            spare: &self.spare,
            spare_written: &self.spare_written,
        }
    }

    /// Writes `bytes` at `rel` (a relative path such as `fr/en/cinemas.html`).
    pub fn write(&self, rel: &str, bytes: &[u8]) -> anyhow::Result<()> {
        let rel_path = safe_relative(rel)?;
        let previous = self.published.join(&rel_path);
        // Same bytes as the published file: kept (its modification time stays). A file the
        // listing made at `begin` does not hold is not asked about (every file of a first
        // build, a new page's).
        if self.published_files.contains_key(&rel_path)
            && std::fs::metadata(&previous)
                .is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
            && std::fs::read(&previous).is_ok_and(|old| old == bytes)
        {
            return self.keep(rel, rel_path);
        }
        if !self
            .files
            .lock()
            .expect("no panics while holding the lock")
            .insert(rel_path.clone())
        {
            bail!("two pages want the same file {rel}");
        }
        self.make_parent(&self.staging.join(&rel_path))?;
        self.staging().put(&rel_path, bytes)?;
        self.written.fetch_add(1, Ordering::Relaxed);
        // Files of the sites only (`{site}/…`): the build's own top-level files get none.
        if self.siblings && rel.contains('/') && compress::compressible(rel) {
            self.to_compress
                .lock()
                .expect("no panics while holding the lock")
                .push(rel_path);
        }
        Ok(())
    }

    /// Publishes the staging folder in place of `out/` and reports what changed. When nothing
    /// did (no file written, none removed), `out/` is left as it is: only its manifest is
    /// replaced, when the inputs changed. Either way a folder stays beside `out/` for the next
    /// build: the one replaced, or the staging folder when nothing changed.
    pub fn commit(self) -> anyhow::Result<OutputReport> {
        let inputs = self
            .inputs
            .into_inner()
            .expect("no panics while holding the lock");
        let manifest = serde_json::to_vec(&inputs)?;
        let mut files = self
            .files
            .into_inner()
            .expect("no panics while holding the lock");
        files.insert(PathBuf::from(MANIFEST_FILE));
        let mut kept = self
            .kept
            .into_inner()
            .expect("no panics while holding the lock");
        let to_compress = self
            .to_compress
            .into_inner()
            .expect("no panics while holding the lock");
        let staging = Staging {
            dir: &self.staging,
            linked: &self.linked,
            spare: &self.spare,
            spare_written: &self.spare_written,
        };
        let compressing = std::time::Instant::now();
        let (now, after_swap): (&[PathBuf], &[PathBuf]) = if self.siblings_after_swap {
            (&[], &to_compress)
        } else {
            (&to_compress, &[])
        };
        let siblings_written = if self.siblings {
            precompress(
                &self.published,
                &self.published_files,
                &staging,
                now,
                &mut kept,
                &mut files,
                &self.compress,
            )?
        } else {
            0
        };
        // Siblings made after the swap replace the published ones: not removed files. Until
        // then the page goes without (its reused links hold the old bytes).
        for rel in after_swap {
            for suffix in compress::SUFFIXES {
                let sibling = sibling(rel, suffix);
                staging.clear(&sibling)?;
                if suffix == ".gz" || compress::wants_brotli(rel) {
                    files.insert(sibling);
                }
            }
        }
        let compress_before_swap = compressing.elapsed();
        let compress = self.compress.report(compress_before_swap);
        let removed = self
            .published_files
            .keys()
            .filter(|rel| !files.contains(*rel) && !RUN_FILES.iter().any(|f| *rel == Path::new(f)))
            .count();
        let written = self.written.into_inner();
        let unchanged = self.unchanged.into_inner();
        let mut report = OutputReport {
            written,
            unchanged,
            removed,
            compress,
            swapped: None,
        };
        if self.published.exists() && written == 0 && removed == 0 && siblings_written == 0 {
            let manifest_path = self.published.join(MANIFEST_FILE);
            if std::fs::read(&manifest_path).ok().as_deref() != Some(&manifest[..]) {
                let next = self.staging.join(MANIFEST_FILE);
                std::fs::write(&next, &manifest)?;
                std::fs::rename(&next, &manifest_path)
                    .with_context(|| format!("replacing {}", manifest_path.display()))?;
            }
            // Kept for the next build, as after a swap.
            std::fs::rename(&self.staging, &self.previous)
                .with_context(|| format!("keeping {}", self.staging.display()))?;
            return Ok(report);
        }
        std::fs::write(self.staging.join(MANIFEST_FILE), &manifest)?;
        // The kept files (and their siblings), hard-linked from the published folder.
        let mut dirs = self
            .dirs
            .into_inner()
            .expect("no panics while holding the lock");
        // Reused links this build does not want go, and spares not written over (the kept
        // files are linked in their place); the kept files reused are there already.
        let spare_written = self
            .spare_written
            .into_inner()
            .expect("no panics while holding the lock");
        let unwanted_links = self.linked.iter().filter(|rel| !files.contains(*rel));
        let unused_spares = self
            .spare
            .iter()
            .filter(|rel| !spare_written.contains(*rel));
        for rel in unwanted_links.chain(unused_spares) {
            remove_if_there(&self.staging.join(rel))?;
            // Its folders too, once empty (removing a folder that is not fails).
            for dir in rel
                .ancestors()
                .skip(1)
                .take_while(|d| !d.as_os_str().is_empty())
            {
                if std::fs::remove_dir(self.staging.join(dir)).is_err() {
                    break;
                }
            }
        }
        kept.retain(|rel| !self.linked.contains(rel));
        // Their folders first (a few hundred), then the links (tens of thousands with no
        // folder to reuse), in parallel: the swap waits for them.
        for rel in &kept {
            if let Some(dir) = self.staging.join(rel).parent() {
                if !dirs.contains(dir) {
                    std::fs::create_dir_all(dir)
                        .with_context(|| format!("creating {}", dir.display()))?;
                    dirs.insert(dir.to_path_buf());
                }
            }
        }
        kept.par_iter().try_for_each(|rel| {
            std::fs::hard_link(self.published.join(rel), self.staging.join(rel))
                .with_context(|| format!("keeping {}", rel.display()))
        })?;
        if self.published.exists() {
            let old = &self.previous;
            if old.exists() {
                std::fs::remove_dir_all(old)?;
            }
            std::fs::rename(&self.published, old)
                .with_context(|| format!("moving {} aside", self.published.display()))?;
            if let Err(err) = std::fs::rename(&self.staging, &self.published) {
                // Put the previous build back before failing.
                let _ = std::fs::rename(old, &self.published);
                return Err(err)
                    .with_context(|| format!("publishing {}", self.published.display()));
            }
            // Live from here; the folder replaced stays for the next build (see the top).
            report.swapped = Some(std::time::Instant::now());
        } else {
            std::fs::rename(&self.staging, &self.published)
                .with_context(|| format!("publishing {}", self.published.display()))?;
            report.swapped = Some(std::time::Instant::now());
        }
        if !after_swap.is_empty() {
            let compressing = std::time::Instant::now();
            siblings_in_place(&self.published, after_swap, &self.compress)
                .context("pre-compressing the new pages after the swap")?;
            report.compress = self
                .compress
                .report(compress_before_swap + compressing.elapsed());
        }
        Ok(report)
    }

    /// Drops the staging folder; `out/` stays as it was.
    pub fn abandon(self) {
        let _ = std::fs::remove_dir_all(&self.staging);
    }
}

/// Writes the siblings of the files written by this build into the staging folder, in
/// parallel; a kept file keeps its published siblings (added to `kept`), and gets them computed
/// only when the previous build has none (a folder built before siblings existed). Every sibling
/// joins `files`, so none counts as removed. Answers how many siblings were written.
fn precompress(
    published: &Path,
    published_files: &HashMap<PathBuf, u64>,
    staging: &Staging,
    written: &[PathBuf],
    kept: &mut Vec<PathBuf>,
    files: &mut HashSet<PathBuf>,
    stats: &CompressStats,
) -> anyhow::Result<usize> {
    let write_siblings = |rel: &PathBuf, source: &Path| -> anyhow::Result<Vec<PathBuf>> {
        stats.timed(|| {
            let bytes =
                std::fs::read(source).with_context(|| format!("reading {}", source.display()))?;
            let mut made = Vec::new();
            for (suffix, packed) in compress::siblings(rel, &bytes, stats) {
                let rel = sibling(rel, suffix);
                if let Some(dir) = staging.dir.join(&rel).parent() {
                    std::fs::create_dir_all(dir)
                        .with_context(|| format!("creating {}", dir.display()))?;
                }
                staging.put(&rel, &packed)?;
                made.push(rel);
            }
            Ok(made)
        })
    };
    let mut made: Vec<PathBuf> = written
        .par_iter()
        .map(|rel| write_siblings(rel, &staging.dir.join(rel)))
        .collect::<anyhow::Result<Vec<_>>>()?
        .into_iter()
        .flatten()
        .collect();
    // Each kept file's published siblings, looked up in parallel (two `stat`s a file, for
    // thousands of files in a targeted build, before its swap).
    let looked_up: Vec<(&PathBuf, Vec<PathBuf>)> = kept
        .par_iter()
        .filter(|rel| {
            rel.to_str()
                .is_some_and(|r| r.contains('/') && compress::compressible(r))
        })
        .map(|rel| {
            let present = compress::SUFFIXES
                .iter()
                .map(|suffix| sibling(rel, suffix))
                .filter(|s| published_files.contains_key(s))
                .collect();
            (rel, present)
        })
        .collect();
    let mut kept_siblings = Vec::new();
    let mut missing = Vec::new();
    for (rel, present) in looked_up {
        if present.is_empty() {
            missing.push(rel.clone());
        } else {
            stats.kept.fetch_add(1, Ordering::Relaxed);
            kept_siblings.extend(present);
        }
    }
    // Kept files without siblings: tiny ones (no sibling is smaller) or a folder of an older
    // build; written only in the second case, so a no-change build writes nothing.
    let computed: Vec<PathBuf> = missing
        .par_iter()
        .map(|rel| write_siblings(rel, &published.join(rel)))
        .collect::<anyhow::Result<Vec<_>>>()?
        .into_iter()
        .flatten()
        .collect();
    let count = made.len() + computed.len();
    made.extend(computed);
    for rel in made.into_iter().chain(kept_siblings.iter().cloned()) {
        files.insert(rel);
    }
    kept.extend(kept_siblings);
    Ok(count)
}

/// The files below `dir`, relative to it, with their inode numbers (none when it does not
/// exist). Entry types and inodes come from the folder listings: no `stat` per file.
fn list_files(dir: &Path) -> HashMap<PathBuf, u64> {
    use walkdir::DirEntryExt;
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_file())
        .filter_map(|entry| {
            let rel = entry.path().strip_prefix(dir).ok()?.to_path_buf();
            Some((rel, entry.ino()))
        })
        .collect()
}

/// Every entry below `dir`: its path relative to `dir`, its inode and whether it is a folder,
/// folders before what they hold (from the folder listings: no `stat` per entry).
fn list_entries(dir: &Path) -> anyhow::Result<Vec<(PathBuf, u64, bool)>> {
    use walkdir::DirEntryExt;
    walkdir::WalkDir::new(dir)
        .min_depth(1)
        .into_iter()
        .map(|entry| {
            let entry = entry.with_context(|| format!("reading {}", dir.display()))?;
            let rel = entry
                .path()
                .strip_prefix(dir)
                .expect("below the folder walked")
                .to_path_buf();
            Ok((rel, entry.ino(), entry.file_type().is_dir()))
        })
        .collect()
}

/// Records `rel_path` (`rel`) as kept from the published folder: one of the build's files,
/// linked in at commit.
fn keep_in(
    files: &mut HashSet<PathBuf>,
    kept: &mut Vec<PathBuf>,
    rel: &str,
    rel_path: PathBuf,
) -> anyhow::Result<()> {
    if !files.insert(rel_path.clone()) {
        bail!("two pages want the same file {rel}");
    }
    kept.push(rel_path);
    Ok(())
}

/// What the staging folder reuses of the previous one (`reuse_previous`).
#[derive(Default)]
struct Reused {
    /// Links to the published file of the same name.
    linked: HashSet<PathBuf>,
    /// Its own files (one link) at a path still published: the versions the last build replaced.
    spare: HashSet<PathBuf>,
}

/// Makes the previous folder, renamed `staging` (`entries`: what it holds), a start for this
/// build: keeps its files that are links to the published file of the same name (same inode),
/// when it is `retired` (out of service long enough) its own files at a path still published
/// (spares, see the top), and the folders holding published files; removes the rest.
fn reuse_previous(
    staging: &Path,
    entries: Vec<(PathBuf, u64, bool)>,
    published: &HashMap<PathBuf, u64>,
    retired: bool,
) -> anyhow::Result<Reused> {
    use std::os::unix::fs::MetadataExt;
    let folders: HashSet<&Path> = published
        .keys()
        .flat_map(|rel| rel.ancestors().skip(1))
        .collect();
    let mut linked = HashSet::with_capacity(published.len());
    let (mut gone_files, mut gone_folders, mut replaced) = (Vec::new(), Vec::new(), Vec::new());
    for (rel, inode, is_dir) in entries {
        if is_dir {
            if !folders.contains(rel.as_path()) {
                gone_folders.push(rel);
            }
        } else if rel.parent() == Some(Path::new("")) {
            gone_files.push(rel);
        } else {
            match published.get(&rel) {
                Some(&published_inode) if published_inode == inode => {
                    linked.insert(rel);
                }
                Some(_) if retired => replaced.push(rel),
                _ => gone_files.push(rel),
            }
        }
    }
    // A replaced version is a spare only when nothing else links to it (a copy an operator
    // made with links, say): what is written over it must show nowhere else.
    let (spare, shared): (Vec<PathBuf>, Vec<PathBuf>) = replaced.into_par_iter().partition(|rel| {
        std::fs::symlink_metadata(staging.join(rel)).is_ok_and(|m| m.is_file() && m.nlink() == 1)
    });
    gone_files.extend(shared);
    gone_files
        .par_iter()
        .try_for_each(|rel| remove_if_there(&staging.join(rel)))?;
    // Deepest first: a folder's content has gone before it.
    for rel in gone_folders.iter().rev() {
        let path = staging.join(rel);
        removed(std::fs::remove_dir_all(&path), &path)?;
    }
    Ok(Reused {
        linked,
        spare: spare.into_iter().collect(),
    })
}

/// The staging folder, with the links to published files and the spares it reused from the
/// previous one.
struct Staging<'a> {
    dir: &'a Path,
    linked: &'a HashSet<PathBuf>,
    spare: &'a HashSet<PathBuf>,
    spare_written: &'a Mutex<HashSet<PathBuf>>,
}

impl Staging<'_> {
    /// Writes `bytes` at `rel` (relative; its folder exists): over the spare there if there is
    /// one (no new file), never through a reused link into the published file.
    fn put(&self, rel: &Path, bytes: &[u8]) -> anyhow::Result<()> {
        let target = self.dir.join(rel);
        if self.spare.contains(rel) {
            self.spare_written
                .lock()
                .expect("no panics while holding the lock")
                .insert(rel.to_path_buf());
            return overwrite(&target, bytes)
                .with_context(|| format!("writing {}", target.display()));
        }
        self.unlink_reused(rel)?;
        std::fs::write(&target, bytes).with_context(|| format!("writing {}", target.display()))
    }

    /// Removes what `rel` (relative) holds from the previous folder, a link or a spare: the
    /// path must hold nothing, or (a link) not stay linked to the published file.
    fn clear(&self, rel: &Path) -> anyhow::Result<()> {
        if self.spare.contains(rel)
            && !self
                .spare_written
                .lock()
                .expect("no panics while holding the lock")
                .contains(rel)
        {
            return remove_if_there(&self.dir.join(rel));
        }
        self.unlink_reused(rel)
    }

    /// Removes the link at `rel` (relative), if reused: what is written there next must not go
    /// through it into the published file.
    fn unlink_reused(&self, rel: &Path) -> anyhow::Result<()> {
        if !self.linked.contains(rel) {
            return Ok(());
        }
        remove_if_there(&self.dir.join(rel))
    }
}

/// Removes the file at `path`, if there is one.
fn remove_if_there(path: &Path) -> anyhow::Result<()> {
    removed(std::fs::remove_file(path), path)
}

/// The result of removing `path`: already gone is as good as removed.
fn removed(result: std::io::Result<()>, path: &Path) -> anyhow::Result<()> {
    match result {
        Err(err) if err.kind() != std::io::ErrorKind::NotFound => {
            Err(err).with_context(|| format!("removing {}", path.display()))
        }
        _ => Ok(()),
    }
}

/// Writes `bytes` over the file at `path`, which exists: its length is set after the bytes
/// are written, never truncated to nothing first (ext4 then flushes the file as it is closed,
/// its guard for programs that replace a file that way).
fn overwrite(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new().write(true).open(path)?;
    file.write_all(bytes)?;
    file.set_len(bytes.len() as u64)
}

/// `rel`'s sibling with `suffix` (`fr/index.html` → `fr/index.html.gz`).
fn sibling(rel: &Path, suffix: &str) -> PathBuf {
    let mut name = rel.as_os_str().to_os_string();
    name.push(suffix);
    PathBuf::from(name)
}

/// Writes the siblings of `written` (published files) beside them, each under a temporary name
/// renamed into place, so the server never reads half a sibling.
fn siblings_in_place(
    published: &Path,
    written: &[PathBuf],
    stats: &CompressStats,
) -> anyhow::Result<()> {
    written
        .par_iter()
        .try_for_each(|rel| -> anyhow::Result<()> {
            stats.timed(|| {
                let source = published.join(rel);
                let bytes = std::fs::read(&source)
                    .with_context(|| format!("reading {}", source.display()))?;
                for (suffix, packed) in compress::siblings(rel, &bytes, stats) {
                    let target = published.join(sibling(rel, suffix));
                    let next = published.join(sibling(rel, &format!("{suffix}.next")));
                    std::fs::write(&next, packed)
                        .with_context(|| format!("writing {}", next.display()))?;
                    std::fs::rename(&next, &target)
                        .with_context(|| format!("replacing {}", target.display()))?;
                }
                Ok(())
            })
        })
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

    /// The text of a `.gz` file.
    fn gunzip(path: &Path) -> String {
        let mut text = String::new();
        std::io::Read::read_to_string(
            &mut flate2::read::GzDecoder::new(&std::fs::read(path).unwrap()[..]),
            &mut text,
        )
        .unwrap();
        text
    }

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

    #[test]
    fn written_text_files_get_siblings_that_kept_files_keep() {
        let root = std::env::temp_dir().join(format!("output-siblings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let out = root.join("out");
        let page = "<p>séances de la semaine</p>".repeat(100);
        let first = Output::begin(&out).unwrap();
        first.write("fr/index.html", page.as_bytes()).unwrap();
        first.write("fr/tiny.json", b"{}").unwrap();
        first.write("fr/a.png", &[0u8; 500]).unwrap();
        let report = first.commit().unwrap();
        assert_eq!((report.written, report.compress.files), (3, 2));
        assert_eq!(
            report.compress.skipped, 2,
            "the tiny file's siblings are not smaller"
        );
        assert!(out.join("fr/index.html.gz").is_file() && out.join("fr/index.html.br").is_file());
        assert!(!out.join("fr/tiny.json.gz").exists() && !out.join("fr/a.png.gz").exists());
        let gz_time = std::fs::metadata(out.join("fr/index.html.gz"))
            .unwrap()
            .modified()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        // Same bytes, one new file: the kept page keeps its siblings, none counts as removed.
        let second = Output::begin(&out).unwrap();
        second.write("fr/index.html", page.as_bytes()).unwrap();
        second.write("fr/tiny.json", b"{}").unwrap();
        second.write("fr/a.png", &[0u8; 500]).unwrap();
        second.write("fr/new.html", b"x").unwrap();
        let report = second.commit().unwrap();
        assert_eq!(
            (report.written, report.removed, report.compress.kept),
            (1, 0, 1)
        );
        let after = std::fs::metadata(out.join("fr/index.html.gz"))
            .unwrap()
            .modified()
            .unwrap();
        assert_eq!(gz_time, after, "a kept file's sibling is not written again");
        // Nothing changed at all: nothing written, out/ left as it is.
        let third = Output::begin(&out).unwrap();
        for (rel, bytes) in [
            ("fr/index.html", page.as_bytes()),
            ("fr/tiny.json", b"{}".as_slice()),
            ("fr/a.png", [0u8; 500].as_slice()),
            ("fr/new.html", b"x".as_slice()),
        ] {
            third.write(rel, bytes).unwrap();
        }
        let report = third.commit().unwrap();
        // (the tiny files are compressed again to learn they get no sibling: microseconds)
        assert_eq!(
            (report.written, report.removed, report.compress.files),
            (0, 0, 2)
        );
        // A changed page: new siblings; a removed one takes its siblings along.
        let fourth = Output::begin(&out).unwrap();
        let changed = "<p>autres séances</p>".repeat(100);
        fourth.write("fr/other.html", changed.as_bytes()).unwrap();
        let report = fourth.commit().unwrap();
        assert_eq!(
            report.removed, 6,
            "index.html, its two siblings, tiny.json, a.png, new.html"
        );
        let mut gz = String::new();
        std::io::Read::read_to_string(
            &mut flate2::read::GzDecoder::new(
                &std::fs::read(out.join("fr/other.html.gz")).unwrap()[..],
            ),
            &mut gz,
        )
        .unwrap();
        assert_eq!(gz, changed);
        assert!(!out.join("fr/index.html.br").exists());
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn an_output_without_siblings_drops_them_and_the_next_build_makes_them_again() {
        let root = std::env::temp_dir().join(format!("output-no-siblings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let out = root.join("out");
        let page = "<p>séances du jour</p>".repeat(100);
        let first = Output::begin(&out).unwrap();
        first.write("fr/index.html", page.as_bytes()).unwrap();
        first.commit().unwrap();
        assert!(out.join("fr/index.html.gz").is_file());
        // The same page without siblings: kept, and its old siblings are not carried over.
        let second = Output::begin(&out).unwrap().without_siblings();
        second.write("fr/index.html", page.as_bytes()).unwrap();
        second.write("fr/new.html", page.as_bytes()).unwrap();
        let report = second.commit().unwrap();
        assert_eq!(
            (report.written, report.removed, report.compress.files),
            (1, 2, 0)
        );
        for sibling in ["fr/index.html.gz", "fr/index.html.br", "fr/new.html.gz"] {
            assert!(!out.join(sibling).exists(), "{sibling}");
        }
        assert_eq!(
            std::fs::read(out.join("fr/new.html")).unwrap(),
            page.as_bytes()
        );
        // With siblings again: the kept pages get theirs.
        let third = Output::begin(&out).unwrap();
        third.write("fr/index.html", page.as_bytes()).unwrap();
        third.write("fr/new.html", page.as_bytes()).unwrap();
        let report = third.commit().unwrap();
        assert_eq!((report.written, report.compress.files), (0, 2));
        assert!(out.join("fr/index.html.br").is_file() && out.join("fr/new.html.gz").is_file());
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn siblings_after_the_swap_replace_the_old_ones_and_are_not_counted_removed() {
        let root = std::env::temp_dir().join(format!("output-after-swap-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let out = root.join("out");
        let old = "<p>séance de 20 h</p>".repeat(100);
        let kept = "<p>toujours là</p>".repeat(100);
        let first = Output::begin(&out).unwrap();
        first.write("fr/show.html", old.as_bytes()).unwrap();
        first.write("fr/kept.html", kept.as_bytes()).unwrap();
        first.commit().unwrap();
        let kept_gz = std::fs::metadata(out.join("fr/kept.html.gz"))
            .unwrap()
            .modified()
            .unwrap();
        let new = "<p>séance de 21 h</p>".repeat(100);
        let second = Output::begin(&out).unwrap().siblings_after_swap();
        second.write("fr/show.html", new.as_bytes()).unwrap();
        second.write("fr/kept.html", kept.as_bytes()).unwrap();
        let report = second.commit().unwrap();
        assert!(report.swapped.is_some());
        assert_eq!(
            (report.written, report.removed, report.compress.files),
            (1, 0, 1),
            "the show's old siblings are replaced, not removed"
        );
        assert_eq!(gunzip(&out.join("fr/show.html.gz")), new);
        assert!(out.join("fr/show.html.br").is_file());
        assert_eq!(
            std::fs::metadata(out.join("fr/kept.html.gz"))
                .unwrap()
                .modified()
                .unwrap(),
            kept_gz,
            "a kept page keeps its siblings"
        );
        let left: Vec<_> = walkdir::WalkDir::new(&out)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.path().to_string_lossy().ends_with(".next"))
            .collect();
        assert!(left.is_empty(), "no temporary sibling left: {left:?}");
        std::fs::remove_dir_all(&root).unwrap();
    }
    #[test]
    fn the_previous_folder_is_reused_and_never_written_through() {
        use std::os::unix::fs::MetadataExt;
        let root = std::env::temp_dir().join(format!("output-reuse-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let out = root.join("out");
        let previous = root.join(".out.previous");
        let page = |text: &str| format!("<p>{text}</p>").repeat(100);
        let build = |files: &[(&str, &str)]| {
            let output = Output::begin(&out).unwrap();
            for (rel, text) in files {
                output.write(rel, page(text).as_bytes()).unwrap();
            }
            output.commit().unwrap()
        };
        build(&[
            ("fr/a.html", "a1"),
            ("fr/b.html", "b1"),
            ("fr/old/c.html", "c1"),
        ]);
        assert!(!previous.exists(), "nothing replaced yet");
        build(&[
            ("fr/a.html", "a2"),
            ("fr/b.html", "b1"),
            ("fr/old/c.html", "c1"),
        ]);
        assert_eq!(gunzip(&previous.join("fr/a.html.gz")), page("a1"));
        let kept_inode = std::fs::metadata(out.join("fr/b.html")).unwrap().ino();
        // The third build starts from the second's staging folder: a1 (its own file) is written
        // over, the links to b and c reused; it writes b in place of its link and no longer has c.
        let report = build(&[("fr/a.html", "a3"), ("fr/b.html", "b3")]);
        assert_eq!(
            (report.written, report.removed),
            (2, 3),
            "c and its siblings go"
        );
        for (rel, text) in [("fr/a.html", "a3"), ("fr/b.html", "b3")] {
            assert_eq!(std::fs::read_to_string(out.join(rel)).unwrap(), page(text));
            assert_eq!(gunzip(&out.join(format!("{rel}.gz"))), page(text));
        }
        assert!(!out.join("fr/old").exists(), "{:?}", out.join("fr/old"));
        // The folder replaced is the second build's, byte for byte: nothing went through a link.
        for (rel, text) in [
            ("fr/a.html", "a2"),
            ("fr/b.html", "b1"),
            ("fr/old/c.html", "c1"),
        ] {
            assert_eq!(
                std::fs::read_to_string(previous.join(rel)).unwrap(),
                page(text)
            );
            assert_eq!(gunzip(&previous.join(format!("{rel}.gz"))), page(text));
        }
        assert_eq!(
            std::fs::metadata(previous.join("fr/b.html")).unwrap().ino(),
            kept_inode
        );
        // A fourth build keeping everything reuses the links and swaps nothing.
        let inode = std::fs::metadata(out.join("fr/a.html")).unwrap().ino();
        let report = build(&[("fr/a.html", "a3"), ("fr/b.html", "b3")]);
        assert_eq!((report.written, report.removed), (0, 0));
        assert!(report.swapped.is_none());
        assert_eq!(
            std::fs::metadata(out.join("fr/a.html")).unwrap().ino(),
            inode
        );
        assert!(previous.is_dir(), "kept for the next build");
        std::fs::remove_dir_all(&root).unwrap();
    }
    #[test]
    fn a_page_replaced_again_is_written_over_its_old_version_and_never_over_a_shared_one() {
        use std::os::unix::fs::MetadataExt;
        let root = std::env::temp_dir().join(format!("output-spare-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let out = root.join("out");
        let previous = root.join(".out.previous");
        let page = |text: &str| format!("<p>{text}</p>").repeat(100);
        // Builds whose previous folder has been out of service long enough (no wait here).
        let build_after = |files: &[(&str, &str)], spare_after: std::time::Duration| {
            let output = Output::begin_with(&out, spare_after).unwrap();
            for (rel, text) in files {
                output.write(rel, page(text).as_bytes()).unwrap();
            }
            output.commit().unwrap()
        };
        let build = |files: &[(&str, &str)]| build_after(files, std::time::Duration::ZERO);
        let inode = |path: PathBuf| std::fs::metadata(path).unwrap().ino();
        let read = |path: PathBuf| std::fs::read_to_string(path).unwrap();
        build(&[("fr/a.html", "a1"), ("fr/b.html", "b1")]);
        build(&[("fr/a.html", "a2"), ("fr/b.html", "b2")]);
        // Too soon after the swap, the folder replaced (a1, b1) is left alone: a server may
        // still be sending its files. One sending a1 still sends a1 after the next build.
        let mut sending = std::fs::File::open(previous.join("fr/a.html")).unwrap();
        build_after(&[("fr/a.html", "a3"), ("fr/b.html", "b2")], SPARE_AFTER);
        let mut sent = String::new();
        std::io::Read::read_to_string(&mut sending, &mut sent).unwrap();
        assert_eq!(sent, page("a1"));
        assert_eq!(read(out.join("fr/a.html")), page("a3"));
        // Both pages change: the folder replaced then holds a3 and b2 as its own files.
        build(&[("fr/a.html", "a4"), ("fr/b.html", "b4")]);
        let (a3, a3_gz, b4) = (
            inode(previous.join("fr/a.html")),
            inode(previous.join("fr/a.html.gz")),
            inode(out.join("fr/b.html")),
        );
        // a shorter than its old version (the spare's tail must not stay); b kept.
        let report = build(&[("fr/a.html", "a"), ("fr/b.html", "b4")]);
        assert_eq!((report.written, report.removed), (1, 0));
        assert_eq!(read(out.join("fr/a.html")), page("a"));
        assert_eq!(gunzip(&out.join("fr/a.html.gz")), page("a"));
        assert_eq!(inode(out.join("fr/a.html")), a3, "written over the spare");
        assert_eq!(inode(out.join("fr/a.html.gz")), a3_gz, "its sibling too");
        // b's spare (b2) made way for a link to the published b4.
        assert_eq!(read(out.join("fr/b.html")), page("b4"));
        assert_eq!(inode(out.join("fr/b.html")), b4);
        // The folder replaced is the last build's, untouched.
        assert_eq!(read(previous.join("fr/a.html")), page("a4"));
        assert_eq!(gunzip(&previous.join("fr/a.html.gz")), page("a4"));
        // A version something else links to (an operator's copy) is no spare: the next build
        // writes a new file and the copy keeps its bytes.
        let copy = root.join("copy.html");
        std::fs::hard_link(previous.join("fr/a.html"), &copy).unwrap();
        build(&[("fr/a.html", "a5"), ("fr/b.html", "b4")]);
        assert_eq!(read(out.join("fr/a.html")), page("a5"));
        assert_ne!(inode(out.join("fr/a.html")), inode(copy.clone()));
        assert_eq!(read(copy), page("a4"));
        std::fs::remove_dir_all(&root).unwrap();
    }
}
