//! Shows (films and events), their content rating, VOD offer and feelings counts
//! (spec §3 Show, Content rating, Show VOD).

use super::common::{Flag, Image, Release, Tracking};
use super::media::Video;
use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A cinecheck rating (a pictogram with its label).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Cinecheck {
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
}

/// Age rating of a show. `ref` is the rating code (TP and AD mean "Tout public").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ContentRating {
    #[serde(rename = "ref")]
    pub reference: String,
    #[serde(default)]
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Warning text shown with the rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cinecheck: Vec<Cinecheck>,
}

/// Orders of a show in the lists it appears in (lower first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct ShowOrders {
    pub default: i32,
    pub home: i32,
    pub upcoming: i32,
    pub kids: i32,
    pub special_and_event: i32,
}

/// Where the show can be watched at home.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ShowVod {
    pub title: String,
    pub slug: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poster: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub low_price: Option<f64>,
    pub url: String,
}

/// How many clients wish to see / rated a show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct FeelingsCounts {
    pub wishlist: u32,
    pub disappointed: u32,
    pub liked: u32,
    pub loved: u32,
}

/// A show (`/show/{slug}`, `/shows`). `reference` is its identity across languages.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Show {
    pub slug: String,
    pub reference: String,
    pub title: String,
    /// Minutes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub synopsis: Option<String>,
    /// Comma-separated list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub directors: Option<String>,
    /// Comma-separated list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actors: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub genres: Vec<String>,
    /// Tag slugs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub releases: Vec<Release>,
    /// 1900-01-01 means unknown (spec §5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_release: Option<NaiveDate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poster: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backdrop: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_rating: Option<ContentRating>,
    /// A film (true) or another kind of show (opera, concert, sport…).
    #[serde(default)]
    pub is_movie: bool,
    #[serde(default)]
    pub new: bool,
    #[serde(default)]
    pub coming_soon: bool,
    #[serde(default)]
    pub premiere: bool,
    #[serde(default)]
    pub bookable: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag: Option<Flag>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    #[serde(default)]
    pub orders: ShowOrders,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sales_opening_date: Option<NaiveDate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub showtimes_display_date: Option<NaiveDate>,
    #[serde(default)]
    pub kids: bool,
    #[serde(default)]
    pub special_event: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trailers: Vec<Video>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nationality: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feelings: Option<FeelingsCounts>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tracking: Option<Tracking>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect_slug: Option<String>,
    /// The show is available to watch at home.
    #[serde(default)]
    pub vod_availability: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vod: Option<ShowVod>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_information: Option<String>,
    /// Title drawn as an image.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo_title: Option<Image>,
}

/// A show in short form: what a card, a schedule entry or a search hit needs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ShowSummary {
    pub slug: String,
    pub reference: String,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration: Option<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub genres: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub releases: Vec<Release>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poster: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_rating: Option<ContentRating>,
    #[serde(default)]
    pub is_movie: bool,
    #[serde(default)]
    pub new: bool,
    #[serde(default)]
    pub coming_soon: bool,
    #[serde(default)]
    pub premiere: bool,
    #[serde(default)]
    pub bookable: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag: Option<Flag>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    #[serde(default)]
    pub kids: bool,
}

impl From<&Show> for ShowSummary {
    fn from(s: &Show) -> ShowSummary {
        ShowSummary {
            slug: s.slug.clone(),
            reference: s.reference.clone(),
            title: s.title.clone(),
            duration: s.duration,
            genres: s.genres.clone(),
            tags: s.tags.clone(),
            releases: s.releases.clone(),
            poster: s.poster.clone(),
            content_rating: s.content_rating.clone(),
            is_movie: s.is_movie,
            new: s.new,
            coming_soon: s.coming_soon,
            premiere: s.premiere,
            bookable: s.bookable,
            flag: s.flag.clone(),
            label: s.label.clone(),
            kids: s.kids,
        }
    }
}

impl Show {
    pub fn summary(&self) -> ShowSummary {
        ShowSummary::from(self)
    }
}
