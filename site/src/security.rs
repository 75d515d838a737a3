//! The security headers of the pages, in one place: the generator writes them into the
//! production web-server configuration and into `out/{site}/_headers`, which the local
//! preview serves as they are, so both answer the same headers.
//!
//! The Content-Security-Policy allows no inline script: pages carry none that executes (their
//! JSON-LD and island props are data blocks), the injections' inline scripts are allowed by
//! their hash, external scripts by their origin. Styles may be inline (style attributes, the
//! captcha widget's own style sheet). Frames: the site itself (the sign-in return page in the
//! hidden frame), the identity provider's sign-in pages, the trailer players.

use std::collections::BTreeSet;

/// Where the trailer players of spec §3 "Video providers" are framed from (the islands build
/// the player URLs in `islands/src/lib/video.ts`; keep both in step).
pub const VIDEO_PLAYER_ORIGINS: [&str; 2] = [
    "https://www.youtube-nocookie.com",
    "https://player.vimeo.com",
];

/// What a site's pages load from elsewhere than their own origin.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PagePolicy {
    /// Origins of external scripts (the feedback widget, injected scripts).
    pub script_origins: BTreeSet<String>,
    /// `sha256-…` sources of inline scripts that must run (the injections').
    pub script_hashes: BTreeSet<String>,
    /// Origins the pages' scripts call (the identity provider's token and key endpoints).
    pub connect_origins: BTreeSet<String>,
    /// Origins shown in frames (the identity provider's sign-in pages).
    pub frame_origins: BTreeSet<String>,
    /// Origins of external style sheets (injected `link`s).
    pub style_origins: BTreeSet<String>,
}

impl PagePolicy {
    /// The `Content-Security-Policy` value.
    pub fn content_security_policy(&self) -> String {
        let list = |fixed: &[&str], extra: &BTreeSet<String>| {
            fixed
                .iter()
                .map(|s| s.to_string())
                .chain(extra.iter().cloned())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let scripts: BTreeSet<String> = self
            .script_origins
            .iter()
            .cloned()
            .chain(self.script_hashes.iter().map(|h| format!("'{h}'")))
            .collect();
        let frames: BTreeSet<String> = self
            .frame_origins
            .iter()
            .cloned()
            .chain(VIDEO_PLAYER_ORIGINS.iter().map(|o| o.to_string()))
            .collect();
        [
            "default-src 'self'".to_string(),
            format!("script-src {}", list(&["'self'"], &scripts)),
            format!(
                "style-src {}",
                list(&["'self'", "'unsafe-inline'"], &self.style_origins)
            ),
            "img-src 'self' data: https:".to_string(),
            "font-src 'self'".to_string(),
            format!("connect-src {}", list(&["'self'"], &self.connect_origins)),
            format!("frame-src {}", list(&["'self'"], &frames)),
            // The captcha solves its proof of work in a worker made from a blob.
            "worker-src 'self' blob:".to_string(),
            "object-src 'none'".to_string(),
            "base-uri 'self'".to_string(),
            "form-action 'self'".to_string(),
            // Our own pages frame the sign-in return page; nobody else frames ours.
            "frame-ancestors 'self'".to_string(),
        ]
        .join("; ")
    }

    /// Every header of a page answer, name and value. `hsts` only where the site is served
    /// over HTTPS (production).
    pub fn headers(&self, hsts: bool) -> Vec<(&'static str, String)> {
        let mut headers = vec![
            ("Content-Security-Policy", self.content_security_policy()),
            ("X-Content-Type-Options", "nosniff".to_string()),
            (
                "Referrer-Policy",
                "strict-origin-when-cross-origin".to_string(),
            ),
            // The locator may ask for the visitor's position on the site itself; nothing else.
            (
                "Permissions-Policy",
                "geolocation=(self), camera=(), microphone=(), payment=(), usb=()".to_string(),
            ),
            (
                "Cross-Origin-Opener-Policy",
                "same-origin-allow-popups".to_string(),
            ),
        ];
        if hsts {
            headers.push((
                "Strict-Transport-Security",
                "max-age=63072000; includeSubDomains".to_string(),
            ));
        }
        headers
    }
}

/// The origin (`scheme://host[:port]`) of an absolute http(s) URL; `None` for anything else.
pub fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if !matches!(scheme, "https" | "http") {
        return None;
    }
    let authority = rest.split(['/', '?', '#']).next()?;
    // `host[:port]`, the host a DNS name or a bracketed IPv6 address: an origin a policy can
    // name. `https://https://x/` (host `https`, empty port) or `https://./` are no origins.
    let (host, port) = match authority.rsplit_once(':') {
        Some((host, port)) if !host.ends_with(':') && !port.contains(']') => (host, Some(port)),
        _ => (authority, None),
    };
    let port_ok =
        port.is_none_or(|p| !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit()));
    let ipv6 = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .is_some_and(|h| {
            h.contains(':')
                && h.chars()
                    .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.')
        });
    let dns = host.split('.').all(|label| {
        !label.is_empty()
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
    });
    (port_ok && (ipv6 || dns)).then(|| format!("{scheme}://{}", authority.to_ascii_lowercase()))
}

/// The headers file the generator writes beside `_redirects` (`out/{site}/_headers`): one
/// `Name: value` per line, for every answer of the site.
pub const HEADERS_FILE: &str = "_headers";

/// Files of a site's output that are build metadata, never served.
pub const UNSERVED_FILES: [&str; 2] = ["_redirects", HEADERS_FILE];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_allows_no_inline_script_and_names_each_origin_once() {
        let mut policy = PagePolicy::default();
        policy
            .frame_origins
            .insert("https://id.example.com".to_string());
        policy
            .connect_origins
            .insert("https://id.example.com".to_string());
        policy.script_hashes.insert("sha256-abc=".to_string());
        let csp = policy.content_security_policy();
        assert!(
            !csp.contains("unsafe-inline'; script") && !csp.contains("script-src 'self' 'unsafe")
        );
        let script = csp
            .split("; ")
            .find(|d| d.starts_with("script-src"))
            .unwrap();
        assert_eq!(script, "script-src 'self' 'sha256-abc='");
        let frame = csp
            .split("; ")
            .find(|d| d.starts_with("frame-src"))
            .unwrap();
        assert_eq!(
            frame,
            "frame-src 'self' https://id.example.com https://player.vimeo.com https://www.youtube-nocookie.com"
        );
        assert!(csp.contains("frame-ancestors 'self'"));
        assert!(policy
            .headers(true)
            .iter()
            .any(|(n, _)| *n == "Strict-Transport-Security"));
        assert!(!policy
            .headers(false)
            .iter()
            .any(|(n, _)| *n == "Strict-Transport-Security"));
    }

    #[test]
    fn origins_are_read_from_absolute_urls_only() {
        assert_eq!(
            origin_of("https://ID.example.com/oauth/authorize?x=1").as_deref(),
            Some("https://id.example.com")
        );
        assert_eq!(
            origin_of("http://be.localhost:8182/auth").as_deref(),
            Some("http://be.localhost:8182")
        );
        assert_eq!(
            origin_of("https://[::1]:8443/x").as_deref(),
            Some("https://[::1]:8443")
        );
        for bad in [
            "/relative",
            "data:text/js,1",
            "javascript:x",
            "https://",
            "https://a b/",
            "https://u@evil/",
            "https://./t.js",
            "https://https://evil.example/t.js",
            "https://a..b/",
            "https://-a.example/",
            "https://a.example:/",
            "https://a.example:80a/",
            "https://[zz]/",
            // Browsers read `\` as `/`: refused rather than read two ways.
            "https://a.example\\@evil.example/",
        ] {
            assert_eq!(origin_of(bad), None, "{bad}");
        }
    }
}
