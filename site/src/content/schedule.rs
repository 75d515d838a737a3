//! Schedules: showtimes of a cinema, city, show or experience, by day and show
//! (spec §3 Schedule).

use super::common::{Cta, Image};
use super::show::ShowSummary;
use super::showtime::{Showtime, Version};
use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What a show offers on a day: its tags, versions and whether a showtime is special.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ScheduleResume {
    /// Tag slugs found among the day's showtimes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub versions: Vec<Version>,
    #[serde(default)]
    pub special_showtime: bool,
}

/// One show of a day: its slug, its summary (`data`, when embedded), the resume and the
/// showtimes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ScheduleShow {
    pub show: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<ShowSummary>,
    #[serde(default)]
    pub resume: ScheduleResume,
    #[serde(default)]
    pub showtimes: Vec<Showtime>,
}

/// An upsell push: invites to a premium experience (the tag with the lowest non-zero upsell
/// order).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct UpsellPush {
    /// Tag slug.
    pub tag: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backdrop: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cta: Option<Cta>,
}

/// A schedule (`/cinema/{slug}/shows`, `/show/{slug}/showtimes/…`, city and experience
/// schedules): days (YYYY-MM-DD keys) to shows.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Schedule {
    #[serde(default)]
    pub days: BTreeMap<NaiveDate, Vec<ScheduleShow>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub highlighted_showtime: Option<Showtime>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub upsell_pushes: Vec<UpsellPush>,
}

impl Schedule {
    /// Every showtime of the schedule, in day then show order.
    pub fn showtimes(&self) -> impl Iterator<Item = &Showtime> {
        self.days
            .values()
            .flatten()
            .flat_map(|s| s.showtimes.iter())
    }
}
