//! Which content API answers a content change may be in (a targeted build asks again only
//! for those: `fetch::Fetcher::only_changed`).

use memchr::memmem;
pub use site::changes::ContentKey;

/// The content API's list calls that carry a summary of each kind (asked for again when an
/// item of the kind changes, so a new or renamed item is seen).
const LISTS: [(&str, &[&str]); 8] = [
    ("show", &["/shows", "/vod", "/events"]),
    ("cinema", &["/cinemas", "/cities"]),
    ("city", &["/cities"]),
    ("event", &["/events"]),
    ("experience", &["/gpxp", "/experience-groups"]),
    ("experience-group", &["/experience-groups"]),
    ("news", &["/news"]),
    ("offer", &["/news"]),
];

/// Which content API answers a change may be in.
pub trait Touches {
    fn touches(&self, api_path: &str, body: &[u8]) -> bool;
    /// Whether the call's path alone decides `touches` (its body then need not be read).
    fn touches_path(&self, api_path: &str) -> Option<bool>;
}

impl Touches for ContentKey {
    /// Whether a content API answer may hold this item: its own calls (`/show/{slug}`,
    /// `/cinema/{slug}/shows`…), its kind's lists, and any answer that names its slug.
    fn touches(&self, api_path: &str, body: &[u8]) -> bool {
        self.touches_path(api_path).unwrap_or_else(|| {
            memmem::find(body, format!("\"{}\"", self.slug).as_bytes()).is_some()
        })
    }

    /// Whether the call's path alone decides `touches`; `None` when its body must say.
    fn touches_path(&self, api_path: &str) -> Option<bool> {
        let path = api_path.split('?').next().unwrap_or(api_path);
        let own = format!("/{}/{}", self.kind, self.slug);
        if path == own || path.starts_with(&format!("{own}/")) {
            return Some(true);
        }
        let lists = LISTS
            .iter()
            .find(|(k, _)| *k == self.kind)
            .map_or(&[][..], |(_, l)| *l);
        if lists.contains(&path) {
            return Some(true);
        }
        // A cinema's schedule names the shows it plays by slug only (their titles and
        // posters come from the shows' own calls): only the cinema's change touches it.
        if path.starts_with("/cinema/") && path.ends_with("/shows") {
            return Some(false);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_touched_by_its_own_calls_its_lists_and_by_naming_the_slug() {
        let key = ContentKey::parse("cinema/aix").unwrap();
        assert!(key.touches("/cinema/aix?language=fr", b"{}"));
        assert!(key.touches("/cinema/aix/shows?embed=false&language=fr", b"{}"));
        assert!(key.touches("/cinemas?language=fr", b"[]"));
        assert!(key.touches("/city/marseille", b"{\"slug\":\"aix\"}"));
        assert!(!key.touches("/cinema/aix-2", b"{\"slug\":\"aix-2\"}"));
        assert!(!key.touches("/show/x", b"{\"city\":\"aix-en-provence\"}"));
        let show = ContentKey::parse("show/x").unwrap();
        assert!(!show.touches("/cinema/aix/shows?embed=false", b"{\"show\":\"x\"}"));
        assert!(show.touches("/event/fest", b"{\"shows\":[\"x\"]}"));
    }

    #[test]
    fn the_path_alone_decides_for_own_calls_lists_and_schedules_and_the_body_for_the_rest() {
        // What a targeted build reads a kept answer's body for (`Fetcher::answer`).
        let show = ContentKey::parse("show/x").unwrap();
        assert_eq!(show.touches_path("/show/x?language=fr"), Some(true));
        assert_eq!(show.touches_path("/shows?language=fr"), Some(true));
        assert_eq!(
            show.touches_path("/cinema/aix/shows?embed=false"),
            Some(false)
        );
        assert_eq!(show.touches_path("/season/opera?language=fr"), None);
        let cinema = ContentKey::parse("cinema/aix").unwrap();
        assert_eq!(
            cinema.touches_path("/cinema/aix/shows?embed=false"),
            Some(true)
        );
        assert_eq!(
            cinema.touches_path("/cinema/arles/shows?embed=false"),
            Some(false)
        );
        assert_eq!(cinema.touches_path("/city/marseille"), None);
    }
}
