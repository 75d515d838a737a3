//! Search results and history items (spec §3 Search result, History item).

use super::common::{DateCriteria, Image, Release, Route};
use super::show::ContentRating;
use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Type of a search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SearchResultType {
    Cinema,
    Show,
    Event,
    Gpxp,
    News,
    Offer,
    Faq,
    MasterTemplate,
}

/// Payload of a show result.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ShowPayload {
    #[serde(default)]
    pub releases: Vec<Release>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_release: Option<NaiveDate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<ContentRating>,
}

/// Address part of a cinema result.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PayloadAddress {
    #[serde(default)]
    pub city: String,
    #[serde(default)]
    pub postal_code: String,
}

/// The cinema of a cinema result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PayloadCinema {
    pub name: String,
    pub slug: String,
    #[serde(default)]
    pub address: PayloadAddress,
    #[serde(default)]
    pub disabled_services: Vec<String>,
    #[serde(default)]
    pub tags: Vec<String>,
}

/// Payload of a cinema result: the cinema and its experiences (tag slugs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CinemaPayload {
    pub cinema: PayloadCinema,
    #[serde(default)]
    pub experiences: Vec<String>,
}

/// A search result (`/search/full`). `payload` is kept as JSON: read it typed with
/// [`SearchResult::show_payload`] or [`SearchResult::cinema_payload`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SearchResult {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: SearchResultType,
    pub slug: String,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route: Option<Route>,
    /// Free JSON: a client narrows it by `type` (a cinema or show payload).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub payload: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub topic: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_date: Option<NaiveDate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_date: Option<NaiveDate>,
    /// How start and end dates read (news and offers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date_type: Option<DateCriteria>,
}

impl SearchResult {
    /// The show payload of a show result; `None` for other types or a malformed payload.
    pub fn show_payload(&self) -> Option<ShowPayload> {
        match (self.kind, &self.payload) {
            (SearchResultType::Show, Some(p)) => serde_json::from_value(p.clone()).ok(),
            _ => None,
        }
    }

    /// The cinema payload of a cinema result; `None` for other types or a malformed payload.
    pub fn cinema_payload(&self) -> Option<CinemaPayload> {
        match (self.kind, &self.payload) {
            (SearchResultType::Cinema, Some(p)) => serde_json::from_value(p.clone()).ok(),
            _ => None,
        }
    }
}

/// An entry of the search or locator history (latest 3 kept).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct HistoryItem {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    pub url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route: Option<Route>,
}
