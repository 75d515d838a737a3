//! Showtime status (spec §4 "Showtime status"): the server says available or soldout; the
//! site derives locked once booking has closed, and shows the three as available, full, old.

use crate::content::{Showtime, ShowtimeStatus};
use chrono::{DateTime, Utc};

/// The status a visitor sees at `now` (spec §4).
///
/// - `soldout` stays `soldout`, whatever the time: a full showtime is "full", not "old".
/// - `available` becomes `locked` when its reservability end (`reservabilityEnd`, or the
///   start `datetime` when the content gives none) is strictly *before* `now`. At the very
///   instant of the end it is still available: the spec says "before now", and the booking
///   tunnel makes the final decision anyway.
/// - `locked` from the server (not expected, but possible) stays `locked`.
///
/// Times carry their cinema's offset; the comparison is on instants, so offsets never matter.
pub fn effective_status(showtime: &Showtime, now: DateTime<Utc>) -> ShowtimeStatus {
    match showtime.status {
        ShowtimeStatus::Available => {
            let end = showtime.reservability_end.unwrap_or(showtime.datetime);
            if end < now {
                ShowtimeStatus::Locked
            } else {
                ShowtimeStatus::Available
            }
        }
        other => other,
    }
}

/// How a status is displayed (spec §4: "Sold out displays as full, locked as old").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StatusDisplay {
    Available,
    Full,
    Old,
}

impl StatusDisplay {
    /// The display of a (derived) status.
    pub fn of(status: ShowtimeStatus) -> StatusDisplay {
        match status {
            ShowtimeStatus::Available => StatusDisplay::Available,
            ShowtimeStatus::Soldout => StatusDisplay::Full,
            ShowtimeStatus::Locked => StatusDisplay::Old,
        }
    }

    /// The word of the display: `available`, `full` or `old`.
    pub fn as_str(self) -> &'static str {
        match self {
            StatusDisplay::Available => "available",
            StatusDisplay::Full => "full",
            StatusDisplay::Old => "old",
        }
    }

    /// CSS modifier class of a showtime button; the bare word, templates add their prefix.
    pub fn css_class(self) -> &'static str {
        self.as_str()
    }

    /// Suffix of the locales key of the status label (the templates own the prefix).
    pub fn label_key(self) -> &'static str {
        self.as_str()
    }

    /// Only an available showtime links to the booking tunnel.
    pub fn is_bookable(self) -> bool {
        self == StatusDisplay::Available
    }
}

impl From<ShowtimeStatus> for StatusDisplay {
    fn from(status: ShowtimeStatus) -> StatusDisplay {
        StatusDisplay::of(status)
    }
}

/// The display of a showtime at `now`: [`effective_status`] then [`StatusDisplay::of`].
pub fn status_display(showtime: &Showtime, now: DateTime<Utc>) -> StatusDisplay {
    StatusDisplay::of(effective_status(showtime, now))
}
