//! The content API's answers of the last builds, kept with their ETags, so the next build asks
//! with `If-None-Match` and a 304 reuses the kept answer (issue "Run it for real", conditional
//! fetching): a nightly build with nothing changed moves almost no bytes.
//!
//! An answer is named by a hash of host and URL. A large one (over `fetch_pack::SMALL`: a
//! schedule, a season) has a file of its own: the ETag on the first line, then the body,
//! written whole (temporary file, then rename). The small ones, nine in ten, are appended to
//! the build's pack (see `fetch_pack`). Either way an entry is always an answer with its own
//! tag, whatever happened to the build that wrote it: a build that fails after fetching leaves
//! entries that are still true, and the next build uses them. Entries no call asked for in a
//! whole successful build (a cinema closed, a film gone) are removed then.
//!
//! A schedule's answer is kept in its compact form alone (`{name}.compact`, see
//! `schedule::read_and_compact_schedule`), which a later build reads instead of the JSON: the
//! JSON, four fifths of the cache's bytes, was written every night (schedules change daily)
//! to be read only after the generator changed, which a build handles by asking again
//! (`FetchCache::store_compact_only`, `KeptAnswer::read`). A season keeps both: it is read
//! while fetching, where asking again would need its own path.
//!
//! The folder sits beside the output folder (`.{out}.fetch`), never in it: it is not published.

use crate::fetch_pack::{Lookup, Packs};
use anyhow::Context;
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use xxhash_rust::xxh3::xxh3_64;

pub struct FetchCache {
    dir: PathBuf,
    /// Entries asked for by this build (file names).
    used: Mutex<HashSet<String>>,
    /// The calls behind this build's entries, by file name: their host, URL and the tag kept
    /// (written to `INDEX` by `prune`, for the next build's `last_calls`).
    calls: Mutex<HashMap<String, KeptCall>>,
    /// The last whole build's calls by host (`INDEX`), read once.
    last: std::sync::OnceLock<HashMap<String, Vec<(String, String)>>>,
    /// What starts the first line of the compact forms this generator writes and reads:
    /// another build of the generator may lay them out differently. None (no compact forms)
    /// when the generator's binary cannot be identified.
    compact_header: Option<String>,
    /// The small answers.
    packs: Packs,
    /// The folder held nothing when the build opened it (a first build, or its cache
    /// removed): no call has a kept answer but one this build stored, and the thousands of
    /// lookups of a cold build are answered without asking the file system (two failed opens
    /// each).
    started_empty: bool,
}

/// A tag is visible ASCII (RFC 9110); anything else is not one of ours (and a line break
/// would cut the kept file's first line).
pub fn is_tag(etag: &str) -> bool {
    !etag.is_empty() && etag.bytes().all(|b| b.is_ascii_graphic())
}

/// A kept file's tag (its first line) and where its body starts; none when the line is not
/// there whole or is not a tag.
fn tag_line(bytes: &[u8]) -> Option<(String, usize)> {
    let (line, _) = split_line(bytes)?;
    let etag = std::str::from_utf8(line).ok()?;
    is_tag(etag).then(|| (etag.to_string(), line.len() + 1))
}

/// A line and what follows it.
fn split_line(bytes: &[u8]) -> Option<(&[u8], &[u8])> {
    let newline = bytes.iter().position(|&b| b == b'\n')?;
    Some((&bytes[..newline], &bytes[newline + 1..]))
}

/// A compact form's second line: the hash of its bytes (16 hex digits) and the length of the
/// answer it was made from.
fn hash_line(line: &[u8]) -> Option<(u64, usize)> {
    let (hash, len) = std::str::from_utf8(line).ok()?.split_once(' ')?;
    if hash.len() != 16 {
        return None;
    }
    Some((u64::from_str_radix(hash, 16).ok()?, len.parse().ok()?))
}

/// The file name ending of an answer's compact form.
const COMPACT: &str = ".compact";

/// The calls of the last whole successful build with their kept tags, a line each:
/// `host TAB etag TAB url` (none of them holds a tab). The next build revalidates them in bulk
/// before asking (`Fetcher::revalidate`).
pub const INDEX: &str = "calls.index";

/// A call whose answer is kept: its host, its URL under the API's root, the kept tag.
struct KeptCall {
    host: String,
    url: String,
    etag: String,
}

/// What stands for the generator binary: its path, size and modification time (reading it
/// all would cost a tenth of a build). A new build of it may read or render the same inputs
/// differently. False when the binary cannot be found (nothing was added).
pub fn generator_identity(hasher: &mut xxhash_rust::xxh3::Xxh3) -> bool {
    let Ok((exe, meta)) =
        std::env::current_exe().and_then(|exe| std::fs::metadata(&exe).map(|m| (exe, m)))
    else {
        return false;
    };
    hasher.update(exe.to_string_lossy().as_bytes());
    hasher.update(&meta.len().to_le_bytes());
    if let Ok(modified) = meta.modified() {
        let since = modified
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        hasher.update(&since.as_nanos().to_le_bytes());
    }
    true
}

/// A kept answer: its tag, its body's length and, when read whole (`FetchCache::load`), its
/// body (the file's bytes after the tag's line: not moved to the front, a schedule is hundreds
/// of kilobytes).
pub struct Kept {
    pub etag: String,
    pub len: usize,
    pub by: KeptBy,
    bytes: Option<Vec<u8>>,
    body_start: usize,
}

impl Kept {
    /// The body; none when only the tag was read (`FetchCache::load_tag`).
    pub fn body(&self) -> Option<&[u8]> {
        self.bytes.as_deref().map(|b| &b[self.body_start..])
    }
}

/// What an answer is kept by.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KeptBy {
    /// Its body, in a pack or a file of its own.
    Body,
    /// Its compact form alone (`FetchCache::store_compact_only`), written by this generator.
    Form,
    /// Its compact form alone, written by another build of the generator (or this one cannot
    /// be identified): the form does not read here, only its tag does.
    FormOfAnotherBinary,
}

/// Bytes read for a tag's line (`load_tag`): the API's tags are a few dozen.
const TAG_LINE_READ: usize = 256;

impl FetchCache {
    /// The cache folder of an output folder: `.{name}.fetch` beside it.
    pub fn beside(out: &Path) -> PathBuf {
        let name = out.file_name().and_then(|n| n.to_str()).unwrap_or("out");
        let parent = out
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        parent.join(format!(".{name}.fetch"))
    }

    pub fn open(dir: PathBuf) -> anyhow::Result<FetchCache> {
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        let mut identity = xxhash_rust::xxh3::Xxh3::new();
        let known = generator_identity(&mut identity);
        let started_empty = std::fs::read_dir(&dir)
            .with_context(|| format!("reading {}", dir.display()))?
            .next()
            .is_none();
        Ok(FetchCache {
            started_empty,
            used: Mutex::new(HashSet::new()),
            calls: Mutex::new(HashMap::new()),
            last: std::sync::OnceLock::new(),
            compact_header: known.then(|| format!("{:016x}", identity.digest())),
            packs: Packs::open(&dir),
            dir,
        })
    }

    fn name(host: &str, url: &str) -> String {
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        hasher.update(host.as_bytes());
        hasher.update(b"\n");
        hasher.update(url.as_bytes());
        format!("{:032x}", hasher.digest128())
    }

    /// The kept answer of a call, if any (and marks it used). Reads a small file the page
    /// cache usually holds: done in place rather than on a blocking thread.
    pub fn load(&self, host: &str, url: &str) -> Option<Kept> {
        let name = self.mark_used(host, url);
        if self.none_kept(&name) {
            return None;
        }
        if self.packs.holds(&name) {
            let packed = self.packs.read(&name)?;
            self.note_call(name, host, url, &packed.etag);
            return Some(Kept {
                etag: packed.etag,
                len: packed.payload.len() - packed.body_start,
                by: KeptBy::Body,
                bytes: Some(packed.payload),
                body_start: packed.body_start,
            });
        }
        let bytes = std::fs::read(self.dir.join(&name)).ok()?;
        let (etag, body_start) = tag_line(&bytes)?;
        self.note_call(name, host, url, &etag);
        Some(Kept {
            etag,
            len: bytes.len() - body_start,
            by: KeptBy::Body,
            bytes: Some(bytes),
            body_start,
        })
    }

    /// The kept tag of a call and its body's length, without reading the body: a build with
    /// nothing changed asks with the tags of hundreds of schedules it never reads (their
    /// pages are kept), about nine tenths of the kept bytes. Read whole when the tag's line
    /// is longer than `TAG_LINE_READ`.
    pub fn load_tag(&self, host: &str, url: &str) -> Option<Kept> {
        use std::io::Read as _;
        let name = self.mark_used(host, url);
        if self.none_kept(&name) {
            return None;
        }
        if let Lookup::Tag { etag, body_len } = self.packs.lookup(&name) {
            self.note_call(name, host, url, &etag);
            return Some(Kept {
                etag,
                len: body_len,
                by: KeptBy::Body,
                bytes: None,
                body_start: 0,
            });
        }
        let Ok(mut file) = std::fs::File::open(self.dir.join(&name)) else {
            return self.compact_tag(name, host, url);
        };
        let size = file.metadata().ok()?.len() as usize;
        let mut head = Vec::with_capacity(TAG_LINE_READ);
        (&mut file)
            .take(TAG_LINE_READ as u64)
            .read_to_end(&mut head)
            .ok()?;
        let Some((etag, body_start)) = tag_line(&head) else {
            return self.load(host, url);
        };
        self.note_call(name, host, url, &etag);
        Some(Kept {
            etag,
            len: size.saturating_sub(body_start),
            by: KeptBy::Body,
            bytes: None,
            body_start,
        })
    }

    /// The tag of an answer kept by its compact form alone (`store_compact_only`), the
    /// length of the answer it was made from, and whether this generator wrote the form (only
    /// then does it read here).
    fn compact_tag(&self, name: String, host: &str, url: &str) -> Option<Kept> {
        use std::io::Read as _;
        let file = std::fs::File::open(self.dir.join(format!("{name}{COMPACT}"))).ok()?;
        let mut head = Vec::with_capacity(TAG_LINE_READ);
        file.take(TAG_LINE_READ as u64)
            .read_to_end(&mut head)
            .ok()?;
        let (first, rest) = split_line(&head)?;
        let (identity, etag) = std::str::from_utf8(first).ok()?.split_once(' ')?;
        let (_, answer_len) = hash_line(split_line(rest)?.0)?;
        if !is_tag(etag) {
            return None;
        }
        self.note_call(name, host, url, etag);
        Some(Kept {
            etag: etag.to_string(),
            len: answer_len,
            by: if self.compact_header.as_deref() == Some(identity) {
                KeptBy::Form
            } else {
                KeptBy::FormOfAnotherBinary
            },
            bytes: None,
            body_start: 0,
        })
    }

    /// Whether the entry `name` surely holds nothing: the folder started empty and this build
    /// has not kept the call since.
    fn none_kept(&self, name: &str) -> bool {
        self.started_empty
            && !self
                .calls
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .contains_key(name)
    }

    /// The entry's file name, marked as asked for by this build (not pruned).
    fn mark_used(&self, host: &str, url: &str) -> String {
        let name = Self::name(host, url);
        self.used
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(name.clone());
        name
    }

    fn note_call(&self, name: String, host: &str, url: &str, etag: &str) {
        self.calls.lock().unwrap_or_else(|e| e.into_inner()).insert(
            name,
            KeptCall {
                host: host.to_string(),
                url: url.to_string(),
                etag: etag.to_string(),
            },
        );
    }

    /// The calls of the last whole successful build to `host`, each with the tag of its kept
    /// answer (URL, tag); none before such a build.
    pub fn last_calls(&self, host: &str) -> &[(String, String)] {
        let last = self.last.get_or_init(|| {
            let mut by_host: HashMap<String, Vec<(String, String)>> = HashMap::new();
            let text = std::fs::read_to_string(self.dir.join(INDEX)).unwrap_or_default();
            for line in text.lines() {
                let mut fields = line.splitn(3, '\t');
                if let (Some(host), Some(etag), Some(url)) =
                    (fields.next(), fields.next(), fields.next())
                {
                    if is_tag(etag) && !url.is_empty() {
                        let calls = by_host.entry(host.to_string()).or_default();
                        calls.push((url.to_string(), etag.to_string()));
                    }
                }
            }
            by_host
        });
        last.get(host).map_or(&[], Vec::as_slice)
    }

    /// Keeps a call's answer with its tag. A failure to keep one is logged, never fatal:
    /// the build has the answer; the next one asks for it whole.
    pub fn store(&self, host: &str, url: &str, etag: &str, body: &[u8]) {
        if !is_tag(etag) {
            return;
        }
        let name = Self::name(host, url);
        let kept = if body.len() <= crate::fetch_pack::SMALL {
            self.packs.store(&name, etag, body)
        } else {
            self.write_whole(&name, &[etag.as_bytes(), b"\n", body])
                .and_then(|()| self.packs.moved_out(&name))
        };
        if let Err(err) = kept {
            tracing::warn!(error = %err, url, "could not keep an answer for the next build");
            return;
        }
        self.kept_call(name, host, url, etag);
    }

    /// A call whose answer this build kept: indexed with its tag, and not pruned.
    fn kept_call(&self, name: String, host: &str, url: &str, etag: &str) {
        self.note_call(name.clone(), host, url, etag);
        self.used
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(name);
    }

    /// The compact form of a call's answer tagged `etag`, when this generator wrote one for
    /// that very answer and its bytes are whole (their hash is in the header: a file cut or
    /// zero-filled by a crash is not read).
    pub fn load_compact(&self, host: &str, url: &str, etag: &str) -> Option<Vec<u8>> {
        let name = Self::name(host, url);
        let mut bytes = std::fs::read(self.dir.join(format!("{name}{COMPACT}"))).ok()?;
        let header = self.compact_header(etag)?;
        let rest = bytes.strip_prefix(header.as_bytes())?;
        let (line, payload) = split_line(rest)?;
        let (hash, _) = hash_line(line)?;
        if hash != xxh3_64(payload) {
            return None;
        }
        bytes.drain(..bytes.len() - payload.len());
        Some(bytes)
    }

    /// Keeps the compact form of a call's answer tagged `etag` (`answer_len` bytes long) beside
    /// the answer; as `store`, never fatal.
    pub fn store_compact(
        &self,
        host: &str,
        url: &str,
        etag: &str,
        answer_len: usize,
        compact: &[u8],
    ) {
        if self.compact_header.is_none() || !is_tag(etag) {
            return;
        }
        let name = Self::name(host, url);
        if let Err(err) = self.write_compact(&name, etag, answer_len, compact) {
            tracing::warn!(error = %err, url, "could not keep an answer's compact form");
        }
    }

    /// Keeps a call's answer by its compact form alone (see the module's comment): the answer
    /// itself goes, so that its tag is the compact form's. With no compact forms (the
    /// generator's binary cannot be identified) or no tag, it goes to `store`. As `store`,
    /// never fatal.
    pub fn store_compact_only(
        &self,
        host: &str,
        url: &str,
        etag: &str,
        answer: &[u8],
        compact: &[u8],
    ) {
        if self.compact_header.is_none() || !is_tag(etag) {
            return self.store(host, url, etag, answer);
        }
        let name = Self::name(host, url);
        // The compact form first: a build stopped in between leaves the older answer with its
        // own tag, asked for again next time.
        let kept = self
            .write_compact(&name, etag, answer.len(), compact)
            .and_then(|()| self.packs.moved_out(&name))
            .and_then(|()| {
                if self.none_kept(&name) {
                    return Ok(());
                }
                match std::fs::remove_file(self.dir.join(&name)) {
                    Err(err) if err.kind() != std::io::ErrorKind::NotFound => Err(err),
                    _ => Ok(()),
                }
            });
        if let Err(err) = kept {
            tracing::warn!(error = %err, url, "could not keep an answer's compact form");
            return;
        }
        self.kept_call(name, host, url, etag);
    }

    /// Writes the compact form of the answer `name`: the header (`compact_header`), then the
    /// bytes' hash and the answer's length, then the bytes.
    fn write_compact(
        &self,
        name: &str,
        etag: &str,
        answer_len: usize,
        compact: &[u8],
    ) -> std::io::Result<()> {
        let Some(header) = self.compact_header(etag).filter(|_| is_tag(etag)) else {
            return Err(std::io::Error::other(
                "no compact forms without the generator's identity or a tag",
            ));
        };
        let hash = format!("{:016x} {answer_len}\n", xxh3_64(compact));
        let parts = [header.as_bytes(), hash.as_bytes(), compact];
        self.write_whole(&format!("{name}{COMPACT}"), &parts)
    }

    /// Writes the file `name` whole: a temporary file, then a rename (removed on failure).
    fn write_whole(&self, name: &str, parts: &[&[u8]]) -> std::io::Result<()> {
        let temp = self.dir.join(format!("{name}.tmp"));
        let written = (|| -> std::io::Result<()> {
            let mut file = std::fs::File::create(&temp)?;
            for part in parts {
                file.write_all(part)?;
            }
            std::fs::rename(&temp, self.dir.join(name))
        })();
        if written.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        written
    }

    /// The compact form's first line: the generator's identity and the answer's tag (the
    /// second line is the hash of the bytes that follow and the answer's length).
    fn compact_header(&self, etag: &str) -> Option<String> {
        Some(format!("{} {etag}\n", self.compact_header.as_ref()?))
    }

    /// After a whole successful build: removes the entries no call asked for (and temporary
    /// files an interrupted build left), and writes the index of the calls kept (`INDEX`).
    /// Returns how many entries went.
    pub fn prune(&self) -> usize {
        let used = self.used.lock().unwrap_or_else(|e| e.into_inner());
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return 0;
        };
        let mut removed = 0;
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if crate::fetch_pack::is_pack(&name) {
                continue;
            }
            // A compact form goes with its answer; an answer's own file, when a pack holds
            // it now, is stale.
            let answer = name.strip_suffix(COMPACT).unwrap_or(&name);
            let stale = answer.len() == name.len() && self.packs.holds(answer);
            if answer != INDEX
                && (!used.contains(answer) || stale)
                && std::fs::remove_file(entry.path()).is_ok()
            {
                removed += 1;
            }
        }
        match self.packs.compact(&|name| used.contains(name)) {
            Ok(dropped) => removed += dropped,
            Err(err) => tracing::warn!(error = %err, "could not compact the kept answers"),
        }
        // The index of what is kept, for the next build's bulk revalidation.
        let calls = self.calls.lock().unwrap_or_else(|e| e.into_inner());
        let mut index = String::new();
        for (name, call) in calls.iter() {
            let plain = |s: &str| !s.contains(['\t', '\n', '\r']);
            if used.contains(name) && plain(&call.host) && plain(&call.url) {
                index.push_str(&format!("{}\t{}\t{}\n", call.host, call.etag, call.url));
            }
        }
        if let Err(err) = self.write_whole(INDEX, &[index.as_bytes()]) {
            tracing::warn!(error = %err, "could not keep the index of the kept answers");
        }
        removed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder of its own for a test, empty.
    fn empty_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn an_answer_comes_back_with_its_tag_and_unused_ones_are_pruned() {
        let dir = empty_dir("fetch-cache-test");
        let cache = FetchCache::open(dir.clone()).expect("cache");
        cache.store("fr.localhost", "http://api/a", "\"t1\"", b"{\"a\":1}\n2");
        cache.store("fr.localhost", "http://api/b", "\"t2\"", b"[]");
        // A tag that is not one (a line break would cut the body) is not kept.
        cache.store("fr.localhost", "http://api/c", "bad\ntag", b"[]");
        assert!(cache.load("fr.localhost", "http://api/c").is_none());
        let kept = cache.load("fr.localhost", "http://api/a").expect("kept");
        assert_eq!(kept.etag, "\"t1\"");
        assert_eq!(kept.body(), Some(&b"{\"a\":1}\n2"[..]));
        // Its tag alone, and the length of what it leaves unread.
        let tag = cache
            .load_tag("fr.localhost", "http://api/a")
            .expect("kept");
        assert_eq!(
            (tag.etag.as_str(), tag.len, tag.body()),
            ("\"t1\"", 9, None)
        );
        assert!(cache.load_tag("fr.localhost", "http://api/c").is_none());
        // Another site's host is another entry.
        assert!(cache.load("nl.localhost", "http://api/a").is_none());
        // The next build asks only for a: b goes.
        let next = FetchCache::open(dir.clone()).expect("cache");
        assert!(next.load("fr.localhost", "http://api/a").is_some());
        assert_eq!(next.prune(), 1);
        assert!(next.load("fr.localhost", "http://api/b").is_none());
        assert!(next.load("fr.localhost", "http://api/a").is_some());
        // The calls kept are indexed for the build after, with their tags, by host.
        let after = FetchCache::open(dir.clone()).expect("cache");
        assert_eq!(
            after.last_calls("fr.localhost"),
            &[("http://api/a".to_string(), "\"t1\"".to_string())]
        );
        assert!(after.last_calls("nl.localhost").is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_cache_opened_empty_answers_only_what_this_build_kept() {
        let dir = empty_dir("fetch-cache-cold");
        let cache = FetchCache::open(dir.clone()).expect("cache");
        cache.store("fr.localhost", "/a", "\"t1\"", &[b'a'; 40_000]);
        cache.store("fr.localhost", "/s", "\"t2\"", b"[]");
        // An entry that appears after the build opened the folder is not this build's: a
        // cold build looks nothing up on disk.
        std::fs::copy(
            dir.join(FetchCache::name("fr.localhost", "/a")),
            dir.join(FetchCache::name("fr.localhost", "/b")),
        )
        .expect("copy");
        assert!(cache.load("fr.localhost", "/b").is_none());
        assert!(cache.load_tag("fr.localhost", "/b").is_none());
        // What it kept, large (a file of its own) or small (in a pack), it reads back.
        assert_eq!(cache.load("fr.localhost", "/a").expect("kept").len, 40_000);
        assert_eq!(
            cache.load_tag("fr.localhost", "/s").expect("kept").etag,
            "\"t2\""
        );
        // The next build, which opens a folder with entries, reads them all.
        let next = FetchCache::open(dir.clone()).expect("cache");
        assert_eq!(
            next.load_tag("fr.localhost", "/b").expect("kept").etag,
            "\"t1\""
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_index_line_that_is_not_a_call_is_left_out() {
        let dir = empty_dir("fetch-index-test");
        std::fs::create_dir_all(&dir).expect("dir");
        std::fs::write(
            dir.join(INDEX),
            "fr.localhost\t\"t\"\t/api/a\nfr.localhost\tnot a tag\t/api/b\nfr.localhost\t\"u\"\ncut",
        )
        .expect("index");
        let cache = FetchCache::open(dir.clone()).expect("cache");
        assert_eq!(
            cache.last_calls("fr.localhost"),
            &[("/api/a".to_string(), "\"t\"".to_string())]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_compact_form_is_read_only_for_its_answer_and_goes_with_it() {
        let dir = empty_dir("fetch-cache-compact");
        let cache = FetchCache::open(dir.clone()).expect("cache");
        cache.store("fr.localhost", "/a", "\"t1\"", b"{}");
        cache.store_compact("fr.localhost", "/a", "\"t1\"", 2, b"\x01\n\x02");
        assert_eq!(
            cache
                .load_compact("fr.localhost", "/a", "\"t1\"")
                .as_deref(),
            Some(&b"\x01\n\x02"[..])
        );
        // Another answer (a new tag), another call: none.
        assert!(cache.load_compact("fr.localhost", "/a", "\"t2\"").is_none());
        assert!(cache.load_compact("fr.localhost", "/b", "\"t1\"").is_none());
        // The file names this generator binary and the answer's tag, then the bytes' hash.
        let name = format!("{}{COMPACT}", FetchCache::name("fr.localhost", "/a"));
        let written = std::fs::read(dir.join(&name)).unwrap();
        let mut identity = xxhash_rust::xxh3::Xxh3::new();
        assert!(generator_identity(&mut identity));
        let header = format!("{:016x} \"t1\"\n", identity.digest());
        assert!(written.starts_with(header.as_bytes()), "{written:?}");
        // Written by another build of the generator: not read.
        let other = [&b"0123456789abcdef"[..], &written[16..]].concat();
        std::fs::write(dir.join(&name), &other).unwrap();
        assert!(cache.load_compact("fr.localhost", "/a", "\"t1\"").is_none());
        // Bytes changed, cut or zeroed after the header (a crash): not read.
        for broken in [
            [&written[..written.len() - 1], b"\x00"].concat(),
            written[..written.len() - 1].to_vec(),
            written[..header.len() + 10].to_vec(),
        ] {
            std::fs::write(dir.join(&name), &broken).unwrap();
            assert!(cache.load_compact("fr.localhost", "/a", "\"t1\"").is_none());
        }
        std::fs::write(dir.join(&name), &written).unwrap();
        assert!(cache.load_compact("fr.localhost", "/a", "\"t1\"").is_some());
        cache.store_compact("fr.localhost", "/a", "\"t1\"", 2, b"\x03");
        // Pruned with its answer, kept with it.
        let next = FetchCache::open(dir.clone()).expect("cache");
        assert_eq!(next.prune(), 2);
        assert!(!dir.join(&name).exists());
        let next = FetchCache::open(dir.clone()).expect("cache");
        next.store("fr.localhost", "/a", "\"t1\"", b"{}");
        next.store_compact("fr.localhost", "/a", "\"t1\"", 2, b"\x03");
        assert_eq!(next.prune(), 0);
        assert!(dir.join(&name).exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A large answer read lazily is kept by its compact form alone: its tag and length come
    /// from that form's header, for this generator only; the answer kept before it goes.
    #[test]
    fn an_answer_kept_by_its_compact_form_alone_is_asked_with_its_tag() {
        let dir = empty_dir("fetch-cache-only");
        let cache = FetchCache::open(dir.clone()).expect("cache");
        cache.store("fr.localhost", "/s", "\"t1\"", b"[\"old\"]");
        cache.store_compact_only(
            "fr.localhost",
            "/s",
            "\"t2\"",
            b"[\"a long answer\"]",
            b"\x07",
        );
        let tag = cache.load_tag("fr.localhost", "/s").expect("kept");
        assert_eq!(
            (tag.etag.as_str(), tag.len, tag.body(), tag.by),
            ("\"t2\"", 17, None, KeptBy::Form)
        );
        assert!(
            cache.load("fr.localhost", "/s").is_none(),
            "no answer beside it"
        );
        assert_eq!(
            cache
                .load_compact("fr.localhost", "/s", "\"t2\"")
                .as_deref(),
            Some(&b"\x07"[..])
        );
        // Kept for the next build and indexed with its tag.
        let name = format!("{}{COMPACT}", FetchCache::name("fr.localhost", "/s"));
        let next = FetchCache::open(dir.clone()).expect("cache");
        assert!(next.load_tag("fr.localhost", "/s").is_some());
        next.prune();
        assert!(dir.join(&name).is_file(), "pruned");
        let after = FetchCache::open(dir.clone()).expect("cache");
        assert_eq!(
            after.last_calls("fr.localhost"),
            &[("/s".to_string(), "\"t2\"".to_string())]
        );
        // Written by another build of the generator: its tag alone, marked so (`Fetcher::answer`
        // asks whole, but in a targeted build's unasked calls).
        let written = std::fs::read(dir.join(&name)).unwrap();
        let other = [&b"0123456789abcdef"[..], &written[16..]].concat();
        std::fs::write(dir.join(&name), &other).unwrap();
        let tag = after.load_tag("fr.localhost", "/s").expect("its tag");
        assert_eq!(
            (tag.etag.as_str(), tag.by),
            ("\"t2\"", KeptBy::FormOfAnotherBinary)
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_cache_sits_beside_the_output_never_in_it() {
        assert_eq!(
            FetchCache::beside(Path::new("/srv/site/out")),
            Path::new("/srv/site/.out.fetch")
        );
        assert_eq!(
            FetchCache::beside(Path::new("out")),
            Path::new("./.out.fetch")
        );
    }
}
