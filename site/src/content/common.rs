//! Small shapes shared by many entities: images, SEO, calls to action, flags, positions,
//! routes, release dates, date criteria, translations and the API's error body.

use crate::sites::Lang;
use chrono::{NaiveDate, NaiveDateTime};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;

/// An image with its intrinsic size, so pages reserve its box and do not shift on load.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Image {
    pub url: String,
    #[serde(default)]
    pub width: u32,
    #[serde(default)]
    pub height: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alt: Option<String>,
    /// Other sizes and encodings of the same picture, for `srcset` and `<picture>` sources;
    /// none for a vector image (or when the content has only the one file).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<ImageVariant>,
}

impl Image {
    pub fn new(url: impl Into<String>, width: u32, height: u32) -> Image {
        Image {
            url: url.into(),
            width,
            height,
            alt: None,
            variants: Vec::new(),
        }
    }
}

/// One rendition of an [`Image`]: its file, its width in pixels (the height follows the
/// image's ratio) and, for a modern encoding, its media type (`image/avif`, `image/webp`).
/// A variant without a type is in the image's own format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ImageVariant {
    pub url: String,
    pub width: u32,
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
}

/// Title and description for `<title>` and `<meta name="description">`.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Seo {
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub description: String,
}

/// Look of a call to action (spec §3 Article: yellow, black, booking).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum CtaType {
    Yellow,
    Black,
    Booking,
}

/// A call to action: label, url, look, new-tab flag and an optional link target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Cta {
    pub label: String,
    pub url: String,
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<CtaType>,
    #[serde(default)]
    pub new_tab: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
}

/// A coloured flag on a show or tag. `colour` is the spec's number 1..=5 (1 green,
/// 2 yellow, 3 grey, 4 red, 5 blue); mapping it to a colour is a rule of `rules`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Flag {
    pub label: String,
    pub colour: u8,
}

/// A GPS position as the content gives it: `x` is the latitude, `y` the longitude.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct GpsPosition {
    pub x: f64,
    pub y: f64,
}

/// A release date in a zone (a country or region code).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Release {
    pub date: NaiveDate,
    #[serde(default)]
    pub zone: String,
}

/// An application route: a path and its parameters (search results, history items).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Route {
    pub path: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub parameters: BTreeMap<String, String>,
}

/// How an offer's or news item's dates read (spec §3 Filters: exact, from, interval, until,
/// none, exact without hours).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum DateCriteria {
    Exact,
    From,
    Interval,
    Until,
    None,
    ExactWithoutHours,
}

/// The dates of an offer: a criterion and the bounds it uses (local wall-clock times; for
/// `exactWithoutHours` the time part is meaningless).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DateRange {
    #[serde(rename = "type")]
    pub kind: DateCriteria,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<NaiveDateTime>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<NaiveDateTime>,
}

/// A promotional block (news-list pushes, subscription promotion, offer promotions,
/// permanent auto-promotion, native ad).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Promotion {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cta: Option<Cta>,
}

/// A push slide (cinema detail, experience group): spec §3 "title, date, cta, backdrop,
/// contentTag, goal, description, background colour".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Push {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<NaiveDate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cta: Option<Cta>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backdrop: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_tag: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// A CSS colour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background_colour: Option<String>,
}

/// A guest of an experience article or master template.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Guest {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<Image>,
}

/// Tracking values pushed to the data layer (key → value), as the content gives them.
pub type Tracking = BTreeMap<String, String>;

/// Answer of the `/…/translate` calls: the item's slug in each language of the site,
/// serialised as `{"fr": "...", "en": "..."}`.
// `Lang` has no TypeScript derive (it lives outside `content`): the generated file declares
// it from `Lang::ALL`, and this type refers to it by name.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(type = "Partial<Record<Lang, string>>")
)]
#[serde(transparent)]
pub struct Translations(pub BTreeMap<Lang, String>);

impl Translations {
    pub fn get(&self, lang: Lang) -> Option<&str> {
        self.0.get(&lang).map(String::as_str)
    }

    pub fn insert(&mut self, lang: Lang, slug: impl Into<String>) {
        self.0.insert(lang, slug.into());
    }
}

impl FromIterator<(Lang, String)> for Translations {
    fn from_iter<I: IntoIterator<Item = (Lang, String)>>(iter: I) -> Self {
        Translations(iter.into_iter().collect())
    }
}

/// JSON error body of the content API for 404 / 410 answers (and other failures).
/// `redirectSlug` tells a client where a gone item went, when known.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ContentError {
    pub error: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect_slug: Option<String>,
}

impl ContentError {
    pub fn not_found(message: impl Into<String>) -> ContentError {
        ContentError {
            error: "not_found".into(),
            message: message.into(),
            redirect_slug: None,
        }
    }

    pub fn gone(message: impl Into<String>, redirect_slug: Option<String>) -> ContentError {
        ContentError {
            error: "gone".into(),
            message: message.into(),
            redirect_slug,
        }
    }
}

/// Deserialise an optional string, turning an empty (or blank) one into `None`
/// (spec §5: "Empty e-card label or terms become null").
pub(crate) fn empty_as_none<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let s: Option<String> = Option::deserialize(d)?;
    Ok(s.filter(|s| !s.trim().is_empty()))
}
