//! Showtimes and versions (spec §3 Showtime, §4 Showtime status).

use chrono::{DateTime, FixedOffset};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Status of a showtime. The server gives `available` or `soldout`; `locked` is derived
/// (an available showtime whose reservability end has passed). Sold out shows as "full",
/// locked as "old".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum ShowtimeStatus {
    Available,
    Soldout,
    Locked,
}

/// A language version (VF, VOST, VO, VF-ST-SME…): `slug` for filters, `label` to show.
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Version {
    pub slug: String,
    pub label: String,
}

/// Technical flags of a showtime.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct ShowtimeFlags {
    /// Projected in 3D.
    pub three_d: bool,
}

/// Where the special details of a showtime come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum SpecialShowtimeSource {
    Tag,
    Showtime,
}

/// Details of a special showtime (a screening with a debate, a premiere…).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SpecialShowtimeDetails {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_showtime_details: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description_showtime_details: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_screening: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modal_title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<SpecialShowtimeSource>,
}

/// One showtime. `show` and `cinema` are slugs so a flat list can be grouped.
/// Times are RFC 3339 with the cinema's local offset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Showtime {
    pub id: String,
    pub show: String,
    pub cinema: String,
    pub status: ShowtimeStatus,
    pub datetime: DateTime<FixedOffset>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_time: Option<DateTime<FixedOffset>>,
    pub version: Version,
    /// Tag slugs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    #[serde(default)]
    pub flags: ShowtimeFlags,
    /// Booking tunnel URL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub booking_url: Option<String>,
    /// Auditorium name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auditorium: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat_count: Option<u32>,
    /// Tag slugs of accessibility tags to show as icons.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accessibility_icons: Vec<String>,
    /// Tag slugs of experience tags to show as icons.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub experience_icons: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special_showtime_details: Option<SpecialShowtimeDetails>,
    /// Booking closes at this time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reservability_end: Option<DateTime<FixedOffset>>,
    /// When the film itself starts: the showtime's time plus the cinema's pre-show. Derived
    /// by the runtime API (`site::rules::film_times`), never stored in the content.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub film_start: Option<DateTime<FixedOffset>>,
    /// When the film ends: its start plus the show's duration; absent without a duration.
    /// Derived as `film_start`. (`end_time` is the ticketing system's end of the session.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub film_end: Option<DateTime<FixedOffset>>,
}
