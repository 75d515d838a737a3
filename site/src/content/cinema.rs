//! Cinemas (list and detail forms) and cinema alerts (spec §3 Cinema, Cinema alert).

use super::common::{Cta, GpsPosition, Image, Push, Seo, Tracking};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Postal address of a cinema.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Address {
    #[serde(default)]
    pub address_line1: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address_line2: Option<String>,
    #[serde(default)]
    pub address_zip: String,
    #[serde(default)]
    pub address_city: String,
}

/// Size of a cinema.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Statistics {
    #[serde(default)]
    pub seats: u32,
    #[serde(default)]
    pub halls: u32,
}

/// A service of a cinema (parking, bar, accessibility…).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Service {
    pub slug: String,
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<Image>,
}

/// "Sessions nearby" hint: another cinema (slug) and the sentence that introduces it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SessionsNearby {
    pub cinema: String,
    pub wording: String,
}

/// A cinema in list form (`/cinemas`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Cinema {
    pub slug: String,
    /// Reference in the ticketing system; stable across languages, used by the locator cookie.
    pub vista_ref: String,
    pub name: String,
    /// City name, in the page language.
    #[serde(default)]
    pub city: String,
    #[serde(default)]
    pub city_slug: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gps_position: Option<GpsPosition>,
    /// Tag slugs (experiences and accessibility) of the cinema.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    #[serde(default)]
    pub address: Address,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theater_postal_code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub disabled_services: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backdrop: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub statistics: Option<Statistics>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maps_url: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub services: Vec<Service>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sessions_nearby: Option<SessionsNearby>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seo: Option<Seo>,
    /// Minutes of pre-show (advertising, trailers) before the film starts; absent means the
    /// site's default (`Site::default_pre_show_minutes`). See `site::rules::film_times`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pre_show_minutes: Option<u32>,
}

/// A cinema pass product sold at a cinema.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CinepassItem {
    pub label: String,
    pub price: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legend: Option<String>,
}

/// An e-card as sold on a cinema page (amounts include taxes).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CinemaECard {
    pub label: String,
    /// Price of one seat.
    pub single_ttc_amount: f64,
    /// Price of the card.
    pub ttc_amount: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image_alt: Option<String>,
    /// Order reference for the booking tunnel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ref_cmd: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub highlight_message: Option<String>,
}

/// A short link to another cinema (nearby cinemas).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CinemaLink {
    pub slug: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city_slug: Option<String>,
    /// Distance from this cinema, in kilometres.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distance: Option<f64>,
}

/// A short link to a city.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CityLink {
    pub slug: String,
    pub name: String,
}

/// A price line. `termsIndex` points into [`Pricing::terms`] (the legend number shown
/// next to the price).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Price {
    pub label: String,
    pub amount: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legend: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terms_index: Option<u32>,
}

/// A complement built from additional prices: a parent line and its child lines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PriceComplement {
    pub parent: Price,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<Price>,
}

/// Prices of a cinema.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Pricing {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prices: Vec<Price>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub complements: Vec<PriceComplement>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terms: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub global_terms: Option<String>,
}

/// The premium block of a premium cinema.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CinemaPremium {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backdrop: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cta: Option<Cta>,
}

/// A cinema in detail form (`/cinema/{slug}`): the list fields plus spec §3 "Detail adds".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CinemaDetail {
    #[serde(flatten)]
    pub cinema: Cinema,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cinepass: Vec<CinepassItem>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ecards: Vec<CinemaECard>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nearby_cinemas: Vec<CinemaLink>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nearby_cities: Vec<CityLink>,
    /// How to get there (HTML).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub itinerary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pricing: Option<Pricing>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pushes: Vec<Push>,
    /// Weekday the cinema week starts on, as days after Sunday (0 Sunday, 1 Monday, 3
    /// Wednesday); absent means the default (spec §9: 3, Wednesday). See
    /// `site::rules::ordering::week_offset`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cinema_week_offset: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect_slug: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tracking: Option<Tracking>,
    #[serde(default)]
    pub premium: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cinema_premium: Option<CinemaPremium>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accessibility_description: Option<String>,
    /// Spelled as the spec and the CMS spell it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acces_libre_url: Option<String>,
}

impl std::ops::Deref for CinemaDetail {
    type Target = Cinema;
    fn deref(&self) -> &Cinema {
        &self.cinema
    }
}

/// An alert shown on cinema pages (`/alerts`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CinemaAlert {
    pub message: String,
    /// Slugs of the cinemas concerned (ignored when `allCinemas`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cinemas: Vec<String>,
    #[serde(default)]
    pub warning: bool,
    #[serde(default)]
    pub all_cinemas: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cta: Option<Cta>,
}

impl CinemaAlert {
    pub fn concerns(&self, cinema_slug: &str) -> bool {
        self.all_cinemas || self.cinemas.iter().any(|c| c == cinema_slug)
    }
}
