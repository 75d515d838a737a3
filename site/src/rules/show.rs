//! Rules about shows: duration and release display (spec §9), the unknown date (spec §5),
//! the show filters (spec §5) and the upsell tag (spec §5).

use crate::content::{Release, ScheduleResume, ShowSummary, Tag};
use crate::filters::Filters;
use crate::text::{genre_key, is_blank};
use chrono::{Datelike, NaiveDate};

/// The date the content uses for "unknown" (spec §5: 1900-01-01 means unknown, hidden).
pub const UNKNOWN_DATE: NaiveDate = match NaiveDate::from_ymd_opt(1900, 1, 1) {
    Some(d) => d,
    None => panic!("1900-01-01 is a date"),
};

/// A duration as the site shows it (spec §9): under an hour `45min`, else hours and
/// two-digit minutes `1h35`, `2h05`, `1h00`. Zero is `0min` (the content's "no duration";
/// callers usually hide it, but the function stays total).
pub fn format_duration(minutes: u32) -> String {
    if minutes < 60 {
        format!("{minutes}min")
    } else {
        format!("{}h{:02}", minutes / 60, minutes % 60)
    }
}

/// Whether a date is the content's "unknown" marker, 1900-01-01 (spec §5).
pub fn is_unknown_date(date: NaiveDate) -> bool {
    date == UNKNOWN_DATE
}

/// A date to show, or `None` when absent or unknown (spec §5: unknown is hidden).
pub fn visible_date(date: Option<NaiveDate>) -> Option<NaiveDate> {
    date.filter(|d| !is_unknown_date(*d))
}

/// A release date as displayed: `DD/MM/YYYY` (spec §9).
pub fn format_release_date(date: NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

/// The film's release year: the year of its earliest known release date (spec §9).
///
/// Reading: the candidates are every release (all zones: the spec names no zone) and the
/// original release; unknown dates (1900-01-01) are skipped so they never win as
/// "earliest". `None` when no known date remains.
pub fn release_year(releases: &[Release], original: Option<NaiveDate>) -> Option<i32> {
    releases
        .iter()
        .map(|r| r.date)
        .chain(original)
        .filter(|d| !is_unknown_date(*d))
        .min()
        .map(|d| d.year())
}

/// The tag slug chosen as "avp" also selects its team variant (spec §5).
const AVP: &str = "avp";
const AVP_TEAM: &str = "avp-equipe";

/// The visitor's show filters (spec §5): versions (languages), types (tag slugs) and
/// genres. An empty list restricts nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShowFilter {
    pub versions: Vec<String>,
    pub tags: Vec<String>,
    pub genres: Vec<String>,
}

impl ShowFilter {
    /// The show part of the URL filters (date and localisation are not show criteria).
    pub fn from_filters(filters: &Filters) -> ShowFilter {
        ShowFilter {
            versions: filters.versions.clone(),
            tags: filters.tags.clone(),
            genres: filters.genres.clone(),
        }
    }

    /// Whether a schedule entry passes: genres and bookability from the show, versions from
    /// the day's resume, types from the show's tags and the day's showtime tags together
    /// (a show "has" IMAX on a day when one of its showtimes that day is IMAX).
    pub fn passes(&self, show: &ShowSummary, resume: &ScheduleResume) -> bool {
        let versions: Vec<String> = resume.versions.iter().map(|v| v.slug.clone()).collect();
        let mut tags = show.tags.clone();
        tags.extend(resume.tags.iter().cloned());
        show_passes(self, &versions, &tags, &show.genres, show.bookable)
    }
}

/// The show filter rule of spec §5: a show passes only if it is bookable and, for each of
/// versions, types and genres, the filter is empty or one chosen value is the show's.
///
/// Versions and tags compare as slugs, trimmed of blanks ([`is_blank`]) and ignoring case
/// (the content spells `AVP` and `avp-equipe`, URLs are lower-case), lower-cased in full
/// (`to_lowercase`, as JavaScript's `toLowerCase()` in the islands' twin: "VOSTÉ" is
/// "vosté", the Kelvin sign is "k"). Genres are labels, so they compare by
/// `text::genre_key` (accents and case ignored, blanks as dashes: "Comédie" = "comedie",
/// "Science fiction" = "science-fiction"). Chosen `avp` also matches
/// `avp-equipe`; the reverse is not true (the team variant is the narrower choice).
pub fn show_passes(
    filter: &ShowFilter,
    show_versions: &[String],
    show_tags: &[String],
    show_genres: &[String],
    bookable: bool,
) -> bool {
    bookable
        && any_chosen(&filter.versions, |v| {
            show_versions.iter().any(|s| same_slug(s, v))
        })
        && any_chosen(&filter.tags, |t| {
            show_tags.iter().any(|s| tag_matches(t, s))
        })
        && any_chosen(&filter.genres, |g| {
            let g = genre_key(g);
            show_genres.iter().any(|s| genre_key(s) == g)
        })
}

/// An empty choice restricts nothing; otherwise one chosen value must match.
fn any_chosen(chosen: &[String], matches: impl Fn(&str) -> bool) -> bool {
    chosen.is_empty() || chosen.iter().any(|c| matches(c))
}

fn same_slug(a: &str, b: &str) -> bool {
    let a = a.trim_matches(is_blank);
    let b = b.trim_matches(is_blank);
    a.to_lowercase() == b.to_lowercase()
}

fn tag_matches(chosen: &str, show_tag: &str) -> bool {
    same_slug(chosen, show_tag) || (same_slug(chosen, AVP) && same_slug(show_tag, AVP_TEAM))
}

/// The tag to upsell (spec §5): the lowest non-zero upsell order; 0 means "never upsell".
/// On equal orders the first tag in the given order wins, so the choice is stable.
pub fn upsell_tag(tags: &[Tag]) -> Option<&Tag> {
    tags.iter()
        .filter(|t| t.orders.upsell != 0)
        .min_by_key(|t| t.orders.upsell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_date_constant_is_1900_01_01() {
        assert_eq!(UNKNOWN_DATE.to_string(), "1900-01-01");
    }

    #[test]
    fn avp_does_not_match_other_tags_by_prefix() {
        assert!(!tag_matches("avp", "avp-other"));
        assert!(!tag_matches("avp-equipe", "AVP"));
    }
}
