//! Slim, borrowed views of schedules for the templates: only what a page prints, converted
//! once. A cinema's schedule holds hundreds of showtimes; carrying whole content objects
//! into every page context was most of a build's time.

use chrono::Datelike;
use serde::Serialize;
use site::content::{Schedule, Showtime, ShowtimeStatus};

#[derive(Serialize)]
pub struct DayView<'a> {
    pub date: String,
    /// Keys of the UI strings that name the day: `schedule.days.long.{weekday}`,
    /// `dates.months.{month}`.
    pub weekday: &'static str,
    pub day: u32,
    pub month: &'static str,
    pub shows: Vec<ShowRow<'a>>,
}

const WEEKDAYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

#[derive(Serialize)]
pub struct ShowRow<'a> {
    pub slug: &'a str,
    pub title: &'a str,
    pub href: Option<String>,
    pub showtimes: Vec<ShowtimeView<'a>>,
}

#[derive(Serialize)]
pub struct ShowtimeView<'a> {
    pub time: String,
    pub datetime: String,
    /// available, soldout or locked.
    pub status: &'static str,
    pub version: &'a str,
    pub booking_url: Option<&'a str>,
    pub hall: Option<&'a str>,
    pub badges: &'a [String],
    pub three_d: bool,
}

pub fn showtime(s: &Showtime) -> ShowtimeView<'_> {
    ShowtimeView {
        time: s.datetime.format("%H:%M").to_string(),
        datetime: s.datetime.to_rfc3339(),
        status: match s.status {
            ShowtimeStatus::Available => "available",
            ShowtimeStatus::Soldout => "soldout",
            ShowtimeStatus::Locked => "locked",
        },
        version: &s.version.label,
        booking_url: s.booking_url.as_deref(),
        hall: s.auditorium.as_deref(),
        badges: &s.experience_icons,
        three_d: s.flags.three_d,
    }
}

/// The first `days` days of a schedule; `show` gives a show's title and page from its slug.
pub fn schedule<'a>(schedule: &'a Schedule, days: usize, show: impl Fn(&str) -> (Option<&'a str>, Option<String>)) -> Vec<DayView<'a>> {
    schedule
        .days
        .iter()
        .take(days)
        .map(|(date, shows)| DayView {
            date: date.to_string(),
            weekday: WEEKDAYS[date.weekday().num_days_from_monday() as usize],
            day: date.day(),
            month: MONTHS[date.month0() as usize],
            shows: shows
                .iter()
                .map(|entry| {
                    let (title, href) = show(&entry.show);
                    ShowRow {
                        slug: &entry.show,
                        title: title.unwrap_or(&entry.show),
                        href,
                        showtimes: entry.showtimes.iter().map(showtime).collect(),
                    }
                })
                .collect(),
        })
        .collect()
}
