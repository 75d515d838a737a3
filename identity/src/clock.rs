//! The time tokens are checked against. Injectable so tests and tools never depend on the
//! moment they run (DESIGN.md: "the clock is injectable").

use std::fmt;
use std::sync::Arc;

/// Seconds since the Unix epoch, as JWT claims count time.
#[derive(Clone)]
pub struct Clock {
    now: Arc<dyn Fn() -> i64 + Send + Sync>,
    system: bool,
}

impl Clock {
    /// The machine's clock.
    pub fn system() -> Self {
        Clock {
            now: Arc::new(|| chrono::Utc::now().timestamp()),
            system: true,
        }
    }

    /// A clock stopped at `unix_seconds`.
    pub fn fixed(unix_seconds: i64) -> Self {
        Clock::from_fn(move || unix_seconds)
    }

    /// Any source of time, e.g. one a test moves forward.
    pub fn from_fn(now: impl Fn() -> i64 + Send + Sync + 'static) -> Self {
        Clock {
            now: Arc::new(now),
            system: false,
        }
    }

    pub fn now(&self) -> i64 {
        (self.now)()
    }

    /// jsonwebtoken checks time against the machine's clock only; the verifier lets it do so
    /// (as a second line behind its own checks) only when this clock is that clock.
    pub(crate) fn is_system(&self) -> bool {
        self.system
    }
}

impl Default for Clock {
    fn default() -> Self {
        Clock::system()
    }
}

impl fmt::Debug for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Clock")
            .field("system", &self.system)
            .field("now", &self.now())
            .finish()
    }
}
