//! The paths of the subscribable calendar feeds (issue 17, item 1): one `.ics` per cinema and
//! one per show, per site and language, written by the generator with the pages. This is the
//! one place their paths are written: the generator's files, the pages' "subscribe" links, the
//! tests and `docs/routes.md` read them from here.
//!
//! A feed is no page (no template, no layout, not in the sitemaps): its path is the language
//! prefix of the site's pages, then `calendars/cinema-{slug}.ics` or `calendars/film-{slug}.ics`
//! (the same words in every language: calendar applications show the feed's name, not its
//! address). No page route starts with `calendars`, so a feed's path is never a page's.

use std::fmt::Write;

use super::params::is_param_value;
use super::table::RouteTable;
use crate::sites::{Lang, Site};

/// The folder of the feeds, after the language prefix.
pub const FEEDS_DIR: &str = "calendars";

/// What a feed gathers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Feed {
    /// A cinema's upcoming showtimes, every show.
    Cinema,
    /// A show's upcoming showtimes in every cinema of the site.
    Show,
}

impl Feed {
    pub const ALL: [Feed; 2] = [Feed::Cinema, Feed::Show];

    fn file_prefix(self) -> &'static str {
        match self {
            Feed::Cinema => "cinema-",
            Feed::Show => "film-",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Feed::Cinema => "Cinema",
            Feed::Show => "Show",
        }
    }
}

impl RouteTable {
    /// The path of a feed, e.g. `/calendars/cinema-paris-bercy.ics` (FR site, French) or
    /// `/en/calendars/film-dune.ics`; `None` when the site does not offer the language or the
    /// slug is not a URL-safe value.
    pub fn feed_path(&self, feed: Feed, site: Site, lang: Lang, slug: &str) -> Option<String> {
        if !site.supports(lang) || !is_param_value(slug) {
            return None;
        }
        let mut path = String::new();
        if site.has_prefix(lang) {
            path.push('/');
            path.push_str(lang.code());
        }
        let _ = write!(path, "/{FEEDS_DIR}/{}{slug}.ics", feed.file_prefix());
        Some(path)
    }

    /// What feed a path is on a site: its kind, language and slug.
    pub fn parse_feed(&self, site: Site, path: &str) -> Option<(Feed, Lang, String)> {
        for &lang in site.languages() {
            let prefix = if site.has_prefix(lang) {
                format!("/{}/{FEEDS_DIR}/", lang.code())
            } else {
                format!("/{FEEDS_DIR}/")
            };
            let Some(file) = path.strip_prefix(&prefix) else {
                continue;
            };
            let stem = file.strip_suffix(".ics")?;
            for feed in Feed::ALL {
                if let Some(slug) = stem.strip_prefix(feed.file_prefix()) {
                    if is_param_value(slug) {
                        return Some((feed, lang, slug.to_string()));
                    }
                }
            }
        }
        None
    }

    /// The feeds' section of `docs/routes.md`.
    pub(super) fn feeds_markdown(&self, md: &mut String) {
        md.push_str("## Calendar feeds\n\n");
        md.push_str(
            "Subscribable iCalendar files (`text/calendar`), written by the generator beside the \
             pages: no page kind, not in the sitemaps (`site/src/routes/feeds.rs`). Pages link \
             them as `webcal://` and `https://`.\n\n",
        );
        for feed in Feed::ALL {
            let _ = writeln!(md, "### {}\n", feed.name());
            md.push_str("| site | fr | en | de | nl |\n| --- | --- | --- | --- | --- |\n");
            for site in Site::ALL {
                let _ = write!(md, "| {site} |");
                for lang in Lang::ALL {
                    let cell = self
                        .feed_path(feed, site, lang, "SLUG")
                        .map(|p| format!("`{}`", p.replace("SLUG", "{slug}")))
                        .unwrap_or_default();
                    let _ = write!(md, " {cell} |");
                }
                md.push('\n');
            }
            md.push('\n');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_feed_path_reads_back_and_is_never_a_page() {
        let table = RouteTable::new("lumen");
        for site in Site::ALL {
            for &lang in site.languages() {
                for feed in Feed::ALL {
                    let path = table.feed_path(feed, site, lang, "le-grand-rex").unwrap();
                    assert!(path.ends_with(".ics"), "{path}");
                    assert_eq!(
                        table.parse_feed(site, &path),
                        Some((feed, lang, "le-grand-rex".to_string()))
                    );
                    assert!(table.parse(site, &path).is_none(), "{path} is a page");
                }
            }
        }
        assert_eq!(
            table.feed_path(Feed::Cinema, Site::Fr, Lang::Fr, "rex"),
            Some("/calendars/cinema-rex.ics".to_string())
        );
        assert_eq!(
            table.feed_path(Feed::Show, Site::Fr, Lang::En, "dune"),
            Some("/en/calendars/film-dune.ics".to_string())
        );
        assert_eq!(table.feed_path(Feed::Show, Site::Fr, Lang::En, "a/b"), None);
        assert_eq!(
            table.feed_path(Feed::Show, Site::Fr, Lang::Nl, "dune"),
            None
        );
    }
}
