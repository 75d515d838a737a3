//! One build at a time per output folder (issue "Run it for real", cron-safe regeneration).
//!
//! The nightly cron build and a targeted build a CMS asked for may start while the other
//! runs: both would stage, link and rename the same folders. A build therefore holds an
//! exclusive advisory lock on `.{out}.lock` beside the output folder (never in it: it is not
//! published) from before its first fetch until its report is written. A second build waits
//! for it up to `--lock-wait` seconds, then gives up with exit code 75 (EX_TEMPFAIL: try
//! again later) and says which process holds the lock since when. The lock is the kernel's
//! (`flock`): it goes with the process, so a build killed half-way never leaves a stale one.

use anyhow::Context;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Held for the whole build; dropping it releases the lock.
pub struct RunLock {
    _file: File,
}

/// Another build holds the lock and did not let go in time.
#[derive(Debug, thiserror::Error)]
#[error("another build of {out} is running ({holder}); gave up waiting after {waited} s")]
pub struct LockBusy {
    pub out: String,
    pub holder: String,
    pub waited: u64,
}

/// `.{name}.lock` beside the output folder.
pub fn path_beside(out: &Path) -> PathBuf {
    let name = out.file_name().and_then(|n| n.to_str()).unwrap_or("out");
    let parent = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    parent.join(format!(".{name}.lock"))
}

/// Takes the lock of `out`, waiting up to `wait` for a build that holds it.
pub fn acquire(out: &Path, wait: Duration) -> anyhow::Result<RunLock> {
    let path = path_beside(out);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .with_context(|| format!("opening the build lock {}", path.display()))?;
    let started = Instant::now();
    let mut told = false;
    loop {
        match file.try_lock() {
            Ok(()) => break,
            Err(TryLockError::WouldBlock) => {
                let holder = holder(&mut file);
                if started.elapsed() >= wait {
                    return Err(LockBusy {
                        out: out.display().to_string(),
                        holder,
                        waited: started.elapsed().as_secs(),
                    }
                    .into());
                }
                if !told {
                    tracing::info!("waiting for another build of {} ({holder})", out.display());
                    told = true;
                }
                std::thread::sleep(Duration::from_millis(200).min(wait));
            }
            Err(TryLockError::Error(err)) => {
                return Err(err).with_context(|| format!("locking {}", path.display()))
            }
        }
    }
    // Who holds it, for the message of a build that waits: rewritten in place.
    let note = format!(
        "pid {} since {}\n",
        std::process::id(),
        chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ")
    );
    file.set_len(0)?;
    file.rewind()?;
    file.write_all(note.as_bytes())?;
    Ok(RunLock { _file: file })
}

fn holder(file: &mut File) -> String {
    let mut text = String::new();
    let _ = file.rewind().and_then(|_| file.read_to_string(&mut text));
    let text = text.trim();
    if text.is_empty() {
        "holder unknown".to_string()
    } else {
        text.chars().take(80).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_waits_then_gives_up_naming_the_holder() {
        let dir = std::env::temp_dir().join(format!("run-lock-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let out = dir.join("out");
        let first = acquire(&out, Duration::ZERO).expect("the first lock");
        let started = Instant::now();
        let err = match acquire(&out, Duration::from_millis(500)) {
            Ok(_) => panic!("two builds held the lock at once"),
            Err(err) => err,
        };
        assert!(started.elapsed() >= Duration::from_millis(500));
        let busy = err.downcast_ref::<LockBusy>().expect("a LockBusy");
        assert!(
            busy.holder.contains(&format!("pid {}", std::process::id())),
            "{busy}"
        );
        drop(first);
        // Released with its holder: the next build gets it at once.
        acquire(&out, Duration::ZERO).expect("the lock after the first build");
        assert_eq!(path_beside(&out), dir.join(".out.lock"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
