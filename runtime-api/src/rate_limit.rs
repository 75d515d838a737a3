//! A per-address limit on look-ups (vouchers, gift cards): a fixed window per minute. Codes
//! are short; without a limit a script could try them all.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct RateLimiter {
    per_window: u32,
    window: Duration,
    counts: Mutex<HashMap<String, (Instant, u32)>>,
}

impl RateLimiter {
    pub fn per_minute(per_window: u32) -> RateLimiter {
        RateLimiter {
            per_window,
            window: Duration::from_secs(60),
            counts: Mutex::new(HashMap::new()),
        }
    }

    /// `Ok` when `key` may go on; `Err(seconds)` to wait otherwise.
    pub fn check(&self, key: &str, now: Instant) -> Result<(), u64> {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if counts.len() > 100_000 {
            counts.retain(|_, (start, _)| now.duration_since(*start) < self.window);
        }
        let entry = counts.entry(key.to_string()).or_insert((now, 0));
        if now.duration_since(entry.0) >= self.window {
            *entry = (now, 0);
        }
        if entry.1 >= self.per_window {
            let wait = self.window.saturating_sub(now.duration_since(entry.0));
            return Err(wait.as_secs().max(1));
        }
        entry.1 += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_its_quota_per_window_and_others_theirs() {
        let limiter = RateLimiter::per_minute(2);
        let t0 = Instant::now();
        assert!(limiter.check("a", t0).is_ok());
        assert!(limiter.check("a", t0).is_ok());
        assert!(limiter.check("a", t0).is_err());
        assert!(limiter.check("b", t0).is_ok());
        assert!(limiter.check("a", t0 + Duration::from_secs(61)).is_ok());
    }
}
