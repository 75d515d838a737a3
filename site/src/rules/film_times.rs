//! Real start and end of a film (issue 17, item 3): a showtime's time is when the hall's
//! pre-show (advertising, trailers) begins; the film starts after the cinema's pre-show and
//! ends its duration later. Computed here once, for the generator, the runtime API and the
//! calendars.

use crate::Site;
use chrono::{DateTime, Duration, FixedOffset};
use chrono_tz::Tz;

/// When the film itself starts and, when the show's duration is known, ends. Both carry the
/// offset the cinema's clock has at that instant (a film ending after a change of daylight
/// saving time carries the new offset).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FilmTimes {
    pub start: DateTime<FixedOffset>,
    pub end: Option<DateTime<FixedOffset>>,
}

/// The film's times of a showtime starting at `showtime_start`, at a cinema whose pre-show
/// lasts `pre_show_minutes` (the content's `preShowMinutes`; `None` means the site's default,
/// [`Site::default_pre_show_minutes`]), for a show lasting `duration_minutes` (`None`: no
/// end). The day changes past midnight as the instants say: a 23:40 film of 100 minutes
/// ends at 01:20 the next day.
pub fn film_times(
    site: Site,
    showtime_start: DateTime<FixedOffset>,
    pre_show_minutes: Option<u32>,
    duration_minutes: Option<u32>,
) -> FilmTimes {
    let pre_show = pre_show_minutes.unwrap_or_else(|| site.default_pre_show_minutes());
    let zone: Option<Tz> = site.time_zone().parse().ok();
    let local = |at: DateTime<FixedOffset>| match zone {
        Some(tz) => at.with_timezone(&tz).fixed_offset(),
        None => at,
    };
    let start = local(showtime_start + Duration::minutes(i64::from(pre_show)));
    let end = duration_minutes
        .filter(|d| *d > 0)
        .map(|d| local(start + Duration::minutes(i64::from(d))));
    FilmTimes { start, end }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<FixedOffset> {
        DateTime::parse_from_rfc3339(s).unwrap()
    }

    #[test]
    fn film_starts_after_the_pre_show_and_ends_after_its_duration() {
        let t = film_times(
            Site::Fr,
            at("2026-11-27T20:30:00+01:00"),
            Some(17),
            Some(131),
        );
        assert_eq!(t.start, at("2026-11-27T20:47:00+01:00"));
        assert_eq!(t.end, Some(at("2026-11-27T22:58:00+01:00")));
        // No pre-show at all is a value, not "missing".
        let t = film_times(Site::Fr, at("2026-11-27T20:30:00+01:00"), Some(0), Some(90));
        assert_eq!(t.start, at("2026-11-27T20:30:00+01:00"));
        assert_eq!(t.end, Some(at("2026-11-27T22:00:00+01:00")));
    }

    #[test]
    fn a_cinema_without_pre_show_length_gets_the_site_default() {
        for site in Site::ALL {
            let start = at("2026-11-27T18:00:00+01:00");
            let t = film_times(site, start, None, Some(100));
            let pre = i64::from(site.default_pre_show_minutes());
            assert_eq!(t.start, start + Duration::minutes(pre), "{site}");
            assert_eq!(t.end, Some(start + Duration::minutes(pre + 100)), "{site}");
        }
        assert_eq!(Site::Fr.default_pre_show_minutes(), 15);
    }

    #[test]
    fn no_duration_means_no_end() {
        let t = film_times(Site::Be, at("2026-11-27T20:30:00+01:00"), Some(10), None);
        assert_eq!(t.start, at("2026-11-27T20:40:00+01:00"));
        assert_eq!(t.end, None);
        let t = film_times(Site::Be, at("2026-11-27T20:30:00+01:00"), Some(10), Some(0));
        assert_eq!(t.end, None);
    }

    #[test]
    fn past_midnight_the_end_is_on_the_next_day() {
        let t = film_times(
            Site::Nl,
            at("2026-11-27T23:20:00+01:00"),
            Some(20),
            Some(100),
        );
        assert_eq!(t.start, at("2026-11-27T23:40:00+01:00"));
        assert_eq!(t.end, Some(at("2026-11-28T01:20:00+01:00")));
        // The pre-show itself can cross midnight.
        let t = film_times(
            Site::Fr,
            at("2026-11-27T23:50:00+01:00"),
            Some(25),
            Some(95),
        );
        assert_eq!(t.start, at("2026-11-28T00:15:00+01:00"));
        assert_eq!(t.end, Some(at("2026-11-28T01:50:00+01:00")));
    }

    #[test]
    fn an_end_after_the_daylight_saving_change_carries_the_new_offset() {
        // Paris leaves summer time at 03:00 on 25 October 2026 (back to 02:00).
        let t = film_times(
            Site::Fr,
            at("2026-10-25T00:30:00+02:00"),
            Some(15),
            Some(180),
        );
        assert_eq!(t.start, at("2026-10-25T00:45:00+02:00"));
        let end = t.end.unwrap();
        assert_eq!(end, at("2026-10-25T02:45:00+01:00"));
        assert_eq!(end.offset().local_minus_utc(), 3600);
    }
}
