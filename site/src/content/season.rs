//! Seasons (opera, ballet, event seasons sold as a series) (spec §3 Season).
//!
//! `reference` is a season's identity across languages.

use super::cinema::Price;
use super::common::{Cta, Image, Seo};
use super::showtime::Showtime;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A season in list form (`/events`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Season {
    pub reference: String,
    pub slug: String,
    pub title: String,
    /// Kind of season as the content names it (opera, ballet, concert…).
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poster: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_price: Option<f64>,
    #[serde(default)]
    pub active: bool,
    /// HTML.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cta: Option<Cta>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect_slug: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seo: Option<Seo>,
}

/// A season in detail form (`/event/{slug}`): prices, logo, backdrop and the showtimes,
/// keyed by cinema slug then show slug.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SeasonDetail {
    #[serde(flatten)]
    pub season: Season,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prices: Vec<Price>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backdrop: Option<Image>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub showtimes: BTreeMap<String, BTreeMap<String, Vec<Showtime>>>,
}

impl Season {
    /// Whether the content types this season a special event (spec §3): it then has a
    /// special event's page rather than a season's (`PageKind::of_season`).
    pub fn is_special_event(&self) -> bool {
        self.kind.as_deref() == Some("special-event")
    }
}

impl std::ops::Deref for SeasonDetail {
    type Target = Season;
    fn deref(&self) -> &Season {
        &self.season
    }
}
