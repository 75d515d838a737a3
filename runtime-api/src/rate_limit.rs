//! A per-client limit on look-ups (vouchers, gift cards): codes are short, and without a limit
//! a script could try them all. The limiter is `governor`'s (GCRA: a burst of the quota, then
//! one look-up per minute/quota), keyed by the client's address — which, behind the CDN or a
//! load balancer, is not the connection's peer (every visitor would share the proxy's quota)
//! but the address the trusted proxies report in `X-Forwarded-For`.

use axum::http::HeaderMap;
use governor::clock::{Clock, DefaultClock};
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use ipnet::IpNet;
use std::net::IpAddr;
use std::num::NonZeroU32;

/// Addresses kept before the ones that are back to a full quota are dropped.
const KEPT_ADDRESSES: usize = 100_000;

pub struct RateLimiter<C: Clock = DefaultClock> {
    limiter: governor::RateLimiter<
        IpAddr,
        DefaultKeyedStateStore<IpAddr>,
        C,
        NoOpMiddleware<C::Instant>,
    >,
    clock: C,
}

impl RateLimiter {
    /// `per_minute` look-ups at once, then one every minute/`per_minute` (0 counts as 1).
    pub fn per_minute(per_minute: u32) -> RateLimiter {
        RateLimiter::with_clock(per_minute, DefaultClock::default())
    }
}

impl<C: Clock + Clone> RateLimiter<C> {
    pub fn with_clock(per_minute: u32, clock: C) -> RateLimiter<C> {
        let quota =
            governor::Quota::per_minute(NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN));
        RateLimiter {
            limiter: governor::RateLimiter::new(
                quota,
                DefaultKeyedStateStore::default(),
                clock.clone(),
            ),
            clock,
        }
    }

    /// `Ok` when `client` may go on; `Err(seconds)` to wait otherwise.
    pub fn check(&self, client: IpAddr) -> Result<(), u64> {
        if self.limiter.len() > KEPT_ADDRESSES {
            self.limiter.retain_recent();
        }
        self.limiter.check_key(&client).map_err(|not_until| {
            not_until
                .wait_time_from(self.clock.now())
                .as_secs_f64()
                .ceil()
                .max(1.0) as u64
        })
    }
}

/// The client's address: the connection's peer, unless the peer is a trusted proxy; then the
/// `X-Forwarded-For` entries are read from the right (each proxy appends the address it saw),
/// skipping trusted proxies, and the first other address is the client's. Entries a client
/// wrote itself (on the left) are never believed past an untrusted hop.
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
    if !is_trusted(&peer) {
        return peer;
    }
    let mut client = peer;
    let hops = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect::<Vec<_>>();
    for hop in hops.iter().rev() {
        let Ok(ip) = hop.parse::<IpAddr>() else {
            // A garbled entry: nothing left of it can be trusted.
            break;
        };
        client = ip;
        if !is_trusted(&ip) {
            break;
        }
    }
    client
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;
    use governor::clock::FakeRelativeClock;
    use std::time::Duration;

    #[test]
    fn an_address_gets_its_quota_then_waits_and_others_have_theirs() {
        let clock = FakeRelativeClock::default();
        let limiter = RateLimiter::with_clock(2, clock.clone());
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        assert!(limiter.check(a).is_ok());
        assert!(limiter.check(a).is_ok());
        assert_eq!(
            limiter.check(a),
            Err(30),
            "one look-up per 30 s after the burst"
        );
        assert!(limiter.check(b).is_ok());
        clock.advance(Duration::from_secs(30));
        assert!(limiter.check(a).is_ok());
        assert!(limiter.check(a).is_err());
    }

    fn forwarded(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn the_client_is_the_first_untrusted_address_from_the_right() {
        let trusted: Vec<IpNet> = vec![
            "10.0.0.0/8".parse().unwrap(),
            "2001:db8::/32".parse().unwrap(),
        ];
        let proxy: IpAddr = "10.1.2.3".parse().unwrap();
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        // Behind the CDN and the load balancer.
        assert_eq!(
            client_address(proxy, &forwarded("203.0.113.7, 10.9.9.9"), &trusted),
            ip("203.0.113.7")
        );
        // A client's own forged entry on the left is not believed.
        assert_eq!(
            client_address(proxy, &forwarded("1.1.1.1, 203.0.113.7"), &trusted),
            ip("203.0.113.7")
        );
        // A peer that is no proxy of ours: its header is ignored.
        assert_eq!(
            client_address(ip("198.51.100.1"), &forwarded("1.1.1.1"), &trusted),
            ip("198.51.100.1")
        );
        // No header, or garbage: the proxy's own address (one shared bucket, never a forged one).
        assert_eq!(client_address(proxy, &HeaderMap::new(), &trusted), proxy);
        assert_eq!(client_address(proxy, &forwarded("bogus"), &trusted), proxy);
        assert_eq!(
            client_address(
                ip("2001:db8::1"),
                &forwarded("2001:db8::2, 192.0.2.9"),
                &trusted
            ),
            ip("192.0.2.9")
        );
        // No proxies configured: always the peer.
        assert_eq!(client_address(proxy, &forwarded("203.0.113.7"), &[]), proxy);
    }
}
