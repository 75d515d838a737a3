//! The locator: its cookie (`cgp_locator`) and the localisation kinds of the filters
//! (spec §3 Locator cookie, Filters; §4 Locator). URL filter parsing lives in `filters`.

use super::common::GpsPosition;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Kind of the localisation filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum LocalisationKind {
    Cinema,
    City,
    Around,
    Fav,
}

/// Mode stored in the locator cookie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum LocatorType {
    Cinema,
    City,
    Position,
    Favorite,
}

/// Value of the locator cookie: a cinema vistaRef or city slug (text) or coordinates.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum LocatorValue {
    Position(GpsPosition),
    Text(String),
}

/// The `cgp_locator` cookie (JSON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LocatorCookie {
    #[serde(rename = "type")]
    pub kind: LocatorType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<LocatorValue>,
}
