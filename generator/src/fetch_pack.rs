//! The fetch cache's small answers, kept in packs rather than a file each (issue 16: a cold
//! build kept 2,900 answers of a few kilobytes at scale 1 and 30,000 at scale 10, each a
//! temporary file renamed; creating and renaming them cost about 7 % of the build's CPU).
//!
//! A pack is a file of frames, appended to by one build (`pack-{nanoseconds}-{pid}`, so the
//! names sort in the order the builds started). A frame is its payload's length (u32, little
//! endian), the payload's xxh3 (u64) and the payload: the answer's name in the cache (32 hex
//! digits), the tag's length (u16) and the tag, then the body. An empty tag (never an API's
//! tag) marks an answer that has grown out of the packs: its own file holds it now.
//!
//! Nothing is renamed while a build runs, so a build that stops half way leaves a pack whose
//! last frame may be cut: reading stops at the first frame whose length or hash does not hold,
//! and every frame before it is still a true answer. Frames read later win over earlier ones.
//! After a whole successful build, `compact` writes the answers that build used into one pack
//! (temporary file, then rename) and removes the others; when a single pack already holds
//! exactly those answers, nothing is written.

use std::collections::HashMap;
use std::fs::File;
use std::io::{BufReader, Read, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use xxhash_rust::xxh3::xxh3_64;

/// Answers up to this size go to a pack; larger ones (schedules, seasons) keep a file each,
/// which a build can leave unread (`FetchCache::load_tag`).
pub const SMALL: usize = 32 * 1024;

/// What a pack file's name starts with.
pub const PREFIX: &str = "pack-";
/// A frame's header: the payload's length and its hash.
const HEADER: usize = 4 + 8;
/// The answer's name in the cache: 32 hex digits.
const NAME: usize = 32;

/// Where a small answer is.
#[derive(Clone)]
enum Slot {
    /// In pack `pack` (an index in `State::packs`), its frame's payload at `offset`.
    Packed {
        pack: usize,
        offset: u64,
        len: u32,
        etag: String,
        body_len: usize,
    },
    /// Grown out of the packs: in its own file.
    InFile,
}

struct Pack {
    path: PathBuf,
    file: Arc<File>,
    /// Whole frames in it (answers and markers), the superseded ones included.
    frames: usize,
}

/// This build's pack, created on its first answer.
struct Appending {
    pack: usize,
    file: File,
    len: u64,
}

#[derive(Default)]
struct State {
    packs: Vec<Pack>,
    slots: HashMap<String, Slot>,
    appending: Option<Appending>,
}

pub struct Packs {
    dir: PathBuf,
    state: Mutex<State>,
}

/// A small answer read from its pack: its tag, and its frame's payload with where the body
/// starts in it.
pub struct Packed {
    pub etag: String,
    pub payload: Vec<u8>,
    pub body_start: usize,
}

/// What a pack answers for a name.
pub enum Lookup {
    /// Not in a pack: its file, if any, holds it.
    NotPacked,
    /// Its tag and its body's length, without reading the body.
    Tag { etag: String, body_len: usize },
}

fn payload_of(name: &str, etag: &str, body: &[u8]) -> Vec<u8> {
    let mut payload = Vec::with_capacity(NAME + 2 + etag.len() + body.len());
    payload.extend_from_slice(name.as_bytes());
    payload.extend_from_slice(&(etag.len() as u16).to_le_bytes());
    payload.extend_from_slice(etag.as_bytes());
    payload.extend_from_slice(body);
    payload
}

fn frame_of(payload: &[u8]) -> Vec<u8> {
    let mut frame = Vec::with_capacity(HEADER + payload.len());
    frame.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    frame.extend_from_slice(&xxh3_64(payload).to_le_bytes());
    frame.extend_from_slice(payload);
    frame
}

/// A payload's name, tag and where its body starts; none when it is not one.
fn parse(payload: &[u8]) -> Option<(&str, &str, usize)> {
    let name = std::str::from_utf8(payload.get(..NAME)?).ok()?;
    let etag_len = u16::from_le_bytes(payload.get(NAME..NAME + 2)?.try_into().ok()?) as usize;
    let body_start = NAME + 2 + etag_len;
    let etag = std::str::from_utf8(payload.get(NAME + 2..body_start)?).ok()?;
    Some((name, etag, body_start))
}

/// Reads a pack's whole frames, in order, into `slots`; returns how many there were.
fn read_pack(path: &Path, pack: usize, slots: &mut HashMap<String, Slot>) -> usize {
    let Ok(file) = File::open(path) else {
        return 0;
    };
    let mut reader = BufReader::with_capacity(256 * 1024, file);
    let (mut offset, mut frames) = (0u64, 0);
    let mut payload = Vec::new();
    loop {
        let mut header = [0u8; HEADER];
        if reader.read_exact(&mut header).is_err() {
            break;
        }
        let len = u32::from_le_bytes(header[..4].try_into().expect("4 bytes"));
        let hash = u64::from_le_bytes(header[4..].try_into().expect("8 bytes"));
        payload.resize(len as usize, 0);
        if reader.read_exact(&mut payload).is_err() || xxh3_64(&payload) != hash {
            tracing::debug!(pack = %path.display(), offset, "a pack's frames end in a cut frame");
            break;
        }
        let Some((name, etag, body_start)) = parse(&payload) else {
            break;
        };
        let slot = if etag.is_empty() {
            Slot::InFile
        } else {
            Slot::Packed {
                pack,
                offset: offset + HEADER as u64,
                len,
                etag: etag.to_string(),
                body_len: payload.len() - body_start,
            }
        };
        slots.insert(name.to_string(), slot);
        offset += (HEADER + payload.len()) as u64;
        frames += 1;
    }
    frames
}

impl Packs {
    /// The packs in `dir`, read in the order they were written.
    pub fn open(dir: &Path) -> Packs {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(is_pack))
            .collect();
        paths.sort();
        let mut state = State::default();
        for path in paths {
            let Ok(file) = File::open(&path) else {
                continue;
            };
            let frames = read_pack(&path, state.packs.len(), &mut state.slots);
            state.packs.push(Pack {
                path,
                file: Arc::new(file),
                frames,
            });
        }
        Packs {
            dir: dir.to_path_buf(),
            state: Mutex::new(state),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The tag and body length of a packed answer.
    pub fn lookup(&self, name: &str) -> Lookup {
        match self.state().slots.get(name) {
            Some(Slot::Packed { etag, body_len, .. }) => Lookup::Tag {
                etag: etag.clone(),
                body_len: *body_len,
            },
            _ => Lookup::NotPacked,
        }
    }

    /// A packed answer, read from its pack; none when it is not packed or its bytes no longer
    /// hold (then the caller asks for it whole).
    pub fn read(&self, name: &str) -> Option<Packed> {
        let (file, offset, len) = {
            let state = self.state();
            match state.slots.get(name)? {
                Slot::Packed {
                    pack, offset, len, ..
                } => (state.packs[*pack].file.clone(), *offset, *len),
                Slot::InFile => return None,
            }
        };
        let mut frame = vec![0u8; HEADER + len as usize];
        file.read_exact_at(&mut frame, offset - HEADER as u64)
            .ok()?;
        let hash = u64::from_le_bytes(frame[4..HEADER].try_into().expect("8 bytes"));
        if xxh3_64(&frame[HEADER..]) != hash {
            return None;
        }
        frame.drain(..HEADER);
        let (found, etag, body_start) = parse(&frame)?;
        if found != name {
            return None;
        }
        let etag = etag.to_string();
        Some(Packed {
            etag,
            payload: frame,
            body_start,
        })
    }

    /// Keeps a small answer in this build's pack.
    pub fn store(&self, name: &str, etag: &str, body: &[u8]) -> std::io::Result<()> {
        debug_assert!(!etag.is_empty() && body.len() <= SMALL);
        let payload = payload_of(name, etag, body);
        let (pack, offset) = self.append(&payload)?;
        self.state().slots.insert(
            name.to_string(),
            Slot::Packed {
                pack,
                offset,
                len: payload.len() as u32,
                etag: etag.to_string(),
                body_len: body.len(),
            },
        );
        Ok(())
    }

    /// Notes that an answer now has its own file: a pack's older frame for it no longer holds.
    pub fn moved_out(&self, name: &str) -> std::io::Result<()> {
        if !matches!(self.state().slots.get(name), Some(Slot::Packed { .. })) {
            return Ok(());
        }
        self.append(&payload_of(name, "", b""))?;
        self.state().slots.insert(name.to_string(), Slot::InFile);
        Ok(())
    }

    /// Appends a frame to this build's pack (created on the first); gives the pack and where
    /// the payload starts.
    fn append(&self, payload: &[u8]) -> std::io::Result<(usize, u64)> {
        let frame = frame_of(payload);
        let mut state = self.state();
        if state.appending.is_none() {
            let path = self.dir.join(new_pack_name());
            let file = std::fs::OpenOptions::new()
                .create_new(true)
                .append(true)
                .open(&path)?;
            let reader = Arc::new(File::open(&path)?);
            let pack = state.packs.len();
            state.packs.push(Pack {
                path,
                file: reader,
                frames: 0,
            });
            state.appending = Some(Appending { pack, file, len: 0 });
        }
        let appending = state.appending.as_mut().expect("opened above");
        let (pack, start) = (appending.pack, appending.len);
        appending.file.write_all(&frame)?;
        appending.len += frame.len() as u64;
        state.packs[pack].frames += 1;
        Ok((pack, start + HEADER as u64))
    }

    /// Whether a pack holds this name's answer (its own file, if any, is then stale).
    pub fn holds(&self, name: &str) -> bool {
        matches!(self.state().slots.get(name), Some(Slot::Packed { .. }))
    }

    /// After a whole successful build: the answers it used (`used`) in one pack, the others
    /// dropped. Returns how many packed answers were dropped.
    pub fn compact(&self, used: &dyn Fn(&str) -> bool) -> std::io::Result<usize> {
        let mut state = self.state();
        state.appending = None;
        // Where each answer used lies, in the order the packs hold them.
        let mut live: Vec<(usize, u64, u32)> = state
            .slots
            .iter()
            .filter_map(|(name, slot)| match slot {
                Slot::Packed {
                    pack, offset, len, ..
                } if used(name) => Some((*pack, *offset, *len)),
                _ => None,
            })
            .collect();
        live.sort_unstable();
        let dropped = state
            .slots
            .iter()
            .filter(|(name, slot)| matches!(slot, Slot::Packed { .. }) && !used(name))
            .count();
        let frames: usize = state.packs.iter().map(|p| p.frames).sum();
        let nonempty = state.packs.iter().filter(|p| p.frames > 0).count();
        // One pack holding exactly the answers used: it stays as it is.
        let keep = if nonempty == 1 && frames == live.len() {
            state.packs.iter().position(|p| p.frames > 0)
        } else if live.is_empty() {
            None
        } else {
            let mut frames_out = Vec::new();
            for &(pack, offset, len) in &live {
                let start = frames_out.len();
                frames_out.resize(start + HEADER + len as usize, 0);
                state.packs[pack]
                    .file
                    .read_exact_at(&mut frames_out[start..], offset - HEADER as u64)?;
            }
            let name = new_pack_name();
            let temp = self.dir.join(format!("{name}.tmp"));
            let written = std::fs::write(&temp, &frames_out)
                .and_then(|()| std::fs::rename(&temp, self.dir.join(&name)));
            if let Err(err) = written {
                let _ = std::fs::remove_file(&temp);
                return Err(err);
            }
            None
        };
        for (i, pack) in state.packs.iter().enumerate() {
            if Some(i) != keep {
                let _ = std::fs::remove_file(&pack.path);
            }
        }
        // What was dropped is gone from this cache too; the answers kept are still read
        // through the handles of the packs they were copied from.
        state
            .slots
            .retain(|name, slot| matches!(slot, Slot::Packed { .. }) && used(name));
        Ok(dropped)
    }
}

/// A new pack's name: after every pack an earlier build wrote (see the module's comment).
fn new_pack_name() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_nanos();
    format!("{PREFIX}{nanos:024}-{}", std::process::id())
}

/// Whether a file of the cache's folder is a pack (or a pack being compacted).
pub fn is_pack(file_name: &str) -> bool {
    file_name.starts_with(PREFIX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("fetch-pack-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        dir
    }

    fn name(n: u8) -> String {
        format!("{n:032x}")
    }

    fn body_of(packs: &Packs, n: u8) -> Option<(String, Vec<u8>)> {
        packs
            .read(&name(n))
            .map(|p| (p.etag, p.payload[p.body_start..].to_vec()))
    }

    fn packs_in(dir: &Path) -> usize {
        std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .filter(|e| is_pack(&e.file_name().to_string_lossy()))
            .count()
    }

    #[test]
    fn answers_come_back_from_the_next_builds_pack_with_the_last_one_winning() {
        let dir = dir("round-trip");
        let packs = Packs::open(&dir);
        packs.store(&name(1), "\"a\"", b"{\"one\":1}").unwrap();
        packs.store(&name(2), "\"b\"", b"[]").unwrap();
        packs.store(&name(1), "\"c\"", b"{\"one\":2}").unwrap();
        assert_eq!(
            body_of(&packs, 1),
            Some(("\"c\"".to_string(), b"{\"one\":2}".to_vec()))
        );
        let next = Packs::open(&dir);
        assert!(matches!(
            next.lookup(&name(1)),
            Lookup::Tag { ref etag, body_len: 9 } if etag == "\"c\""
        ));
        assert_eq!(
            body_of(&next, 2),
            Some(("\"b\"".to_string(), b"[]".to_vec()))
        );
        assert!(matches!(next.lookup(&name(3)), Lookup::NotPacked));
        assert!(next.read(&name(3)).is_none());
        // An answer grown out of the packs is no longer read from them, now or later.
        next.moved_out(&name(2)).unwrap();
        assert!(next.read(&name(2)).is_none() && !next.holds(&name(2)));
        assert!(Packs::open(&dir).read(&name(2)).is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_cut_or_damaged_frame_ends_a_pack_and_the_frames_before_it_hold() {
        let dir = dir("cut");
        let packs = Packs::open(&dir);
        packs.store(&name(1), "\"a\"", b"first").unwrap();
        packs.store(&name(2), "\"b\"", b"second").unwrap();
        drop(packs);
        let path = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .next()
            .unwrap()
            .path();
        let whole = std::fs::read(&path).unwrap();
        // A build stopped while writing its last frame.
        std::fs::write(&path, &whole[..whole.len() - 3]).unwrap();
        let cut = Packs::open(&dir);
        assert_eq!(body_of(&cut, 1).map(|b| b.1), Some(b"first".to_vec()));
        assert!(body_of(&cut, 2).is_none());
        // A byte of the last frame changed.
        let mut damaged = whole.clone();
        *damaged.last_mut().unwrap() ^= 1;
        std::fs::write(&path, &damaged).unwrap();
        assert!(Packs::open(&dir).read(&name(2)).is_none());
        // Changed after it was opened: that answer is not read, the others are.
        std::fs::write(&path, &whole).unwrap();
        let open = Packs::open(&dir);
        std::fs::write(&path, &damaged).unwrap();
        assert!(open.read(&name(2)).is_none());
        assert!(open.read(&name(1)).is_some());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn compacting_keeps_the_answers_used_in_one_pack_and_writes_nothing_when_it_can() {
        let dir = dir("compact");
        let first = Packs::open(&dir);
        for n in 1..=3 {
            first.store(&name(n), "\"t\"", &[n; 10]).unwrap();
        }
        assert_eq!(first.compact(&|_| true).unwrap(), 0);
        assert_eq!(packs_in(&dir), 1);
        let pack = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .next()
            .unwrap()
            .path();
        // A build that used all of them and kept nothing new: the pack stays as it was.
        let again = Packs::open(&dir);
        assert_eq!(again.compact(&|_| true).unwrap(), 0);
        assert!(pack.is_file() && packs_in(&dir) == 1);
        // A failed build's pack is read by the next, whose answers win.
        let failed = Packs::open(&dir);
        failed.store(&name(2), "\"u\"", b"newer").unwrap();
        drop(failed);
        assert_eq!(packs_in(&dir), 2);
        let next = Packs::open(&dir);
        assert_eq!(body_of(&next, 2).map(|b| b.1), Some(b"newer".to_vec()));
        // It asks for 1 and 2 only: 3 goes, and one pack is left with the answers used.
        let used = [name(1), name(2)];
        assert_eq!(next.compact(&|n| used.iter().any(|u| u == n)).unwrap(), 1);
        assert_eq!(packs_in(&dir), 1);
        let after = Packs::open(&dir);
        assert_eq!(body_of(&after, 1).map(|b| b.1), Some(vec![1; 10]));
        assert_eq!(body_of(&after, 2).map(|b| b.1), Some(b"newer".to_vec()));
        assert!(after.read(&name(3)).is_none());
        // Nothing used: no pack is left.
        assert_eq!(after.compact(&|_| false).unwrap(), 2);
        assert_eq!(packs_in(&dir), 0);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
