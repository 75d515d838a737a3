//! Cities (list and detail forms) and geolocation zones (spec §3 City, §7 /zone).

use super::cinema::{Cinema, CityLink};
use super::common::{GpsPosition, Image, Seo};
use super::show::ShowSummary;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A city in list form (`/cities`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct City {
    pub slug: String,
    pub name: String,
    /// Postal code prefix (the department in France).
    #[serde(default)]
    pub postal_code: String,
    /// The city is the main city of its region.
    #[serde(default)]
    pub main_region: bool,
    /// The city has one page that lists all its cinemas.
    #[serde(default)]
    pub single_page: bool,
    /// Region key: `amsterdam`, `idf`, or `horsfrance` outside France.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
}

/// The highlight block of a city page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CityHighlight {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub top_shows: Vec<ShowSummary>,
}

/// A city in detail form (`/city/{slug}`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CityDetail {
    #[serde(flatten)]
    pub city: City,
    /// Slug of the cinema chosen by default in this city.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_cinema: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seo: Option<Seo>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cinemas: Vec<Cinema>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nearby: Vec<CityLink>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backdrop: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backdrop_mobile: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub highlight: Option<CityHighlight>,
}

impl std::ops::Deref for CityDetail {
    type Target = City;
    fn deref(&self) -> &City {
        &self.city
    }
}

/// A geolocation zone (`/zone`, `/zone/{id}`): where a detected city sits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Zone {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city_slug: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<GpsPosition>,
}
