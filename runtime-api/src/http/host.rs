//! Which site a Host header names: the configured production domains, and `{site}.localhost`
//! for local preview and tests.

use site::Site;
use std::collections::HashMap;

/// Maps a Host header to a site.
#[derive(Clone, Debug, Default)]
pub struct SiteResolver {
    domains: HashMap<String, Site>,
}

impl SiteResolver {
    /// `domains` are the production host names (e.g. `www.example.fr` → fr). `{code}.localhost`
    /// always resolves, so local preview and tests need no configuration.
    pub fn new(domains: impl IntoIterator<Item = (String, Site)>) -> Self {
        let domains = domains
            .into_iter()
            .map(|(host, site)| (host.to_ascii_lowercase(), site))
            .collect();
        SiteResolver { domains }
    }

    pub fn resolve(&self, host: &str) -> Option<Site> {
        let host = host.trim().to_ascii_lowercase();
        // Drop the port, but keep IPv6 literals intact (they never name a site anyway).
        let name = match host.rsplit_once(':') {
            Some((name, port))
                if port.chars().all(|c| c.is_ascii_digit()) && !name.contains(':') =>
            {
                name
            }
            _ => host.as_str(),
        };
        if let Some(site) = self.domains.get(name) {
            return Some(*site);
        }
        name.strip_suffix(".localhost").and_then(Site::from_code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_resolve_to_sites() {
        let r = SiteResolver::new([("www.example.nl".to_string(), Site::Nl)]);
        assert_eq!(r.resolve("nl.localhost"), Some(Site::Nl));
        assert_eq!(r.resolve("FR.localhost:8080"), Some(Site::Fr));
        assert_eq!(r.resolve("www.example.nl"), Some(Site::Nl));
        assert_eq!(r.resolve("www.example.nl:443"), Some(Site::Nl));
        assert_eq!(r.resolve("xx.localhost"), None);
        assert_eq!(r.resolve("localhost"), None);
        assert_eq!(r.resolve("[::1]:8080"), None);
        assert_eq!(r.resolve(""), None);
    }
}
