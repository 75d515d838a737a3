//! CPU time spent per phase of page building and per page kind, summed over threads. Each
//! thread's own CPU clock is read, not the wall clock: on a shared machine a thread waiting
//! for a core would otherwise count as a slow page.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::Duration;

/// CPU time used so far by the calling thread (zero where the system cannot tell).
pub fn thread_cpu() -> Duration {
    cpu_time::ThreadTime::try_now()
        .map(|t| t.as_duration())
        .unwrap_or_default()
}

/// The phases of a page: context, templates, splice, write.
#[derive(Default)]
pub struct Phases {
    micros: [AtomicU64; 4],
    kinds: Mutex<BTreeMap<&'static str, u64>>,
}

impl Phases {
    /// Adds one page's phases, given the thread's CPU clock at each boundary.
    pub fn add(&self, t0: Duration, t1: Duration, t2: Duration, t3: Duration, t4: Duration) {
        for (i, (a, b)) in [(t0, t1), (t1, t2), (t2, t3), (t3, t4)]
            .into_iter()
            .enumerate()
        {
            self.micros[i].fetch_add(b.saturating_sub(a).as_micros() as u64, Relaxed);
        }
    }

    /// CPU time of a whole page (context to write: the thread's CPU clock at its start and
    /// end) by page kind, to find the costly kinds. Each reading of the clock is a system call
    /// (about 0.7 µs here): a page reads it five times, not once more for its kind.
    pub fn add_kind(&self, kind: &'static str, started: Duration, ended: Duration) {
        let spent = ended.saturating_sub(started).as_micros() as u64;
        *self
            .kinds
            .lock()
            .expect("no panics while holding the lock")
            .entry(kind)
            .or_default() += spent;
    }

    /// Milliseconds per phase: context, templates, splice, write.
    pub fn millis(&self) -> [u64; 4] {
        std::array::from_fn(|i| self.micros[i].load(Relaxed) / 1000)
    }

    /// Milliseconds per page kind.
    pub fn kinds_millis(&self) -> BTreeMap<String, u64> {
        self.kinds
            .lock()
            .expect("no panics while holding the lock")
            .iter()
            .map(|(k, v)| (k.to_string(), v / 1000))
            .collect()
    }
}
