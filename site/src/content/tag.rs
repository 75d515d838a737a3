//! Tags: experiences (IMAX, 4DX, Dolby…) and accessibility features (spec §3 Tag).

use super::common::Image;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Whether a tag is an experience or an accessibility feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum TagKind {
    Experience,
    Accessibility,
}

/// Where a tag is displayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct TagDisplay {
    pub cinema: bool,
    pub cinema_filters: bool,
    pub show_filters: bool,
    pub showtime: bool,
    pub accessibility: bool,
    pub show: bool,
}

/// A tooltip badge explaining a tag.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TooltipBadge {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<Image>,
}

/// Orders of a tag (0 means "not ordered"; upsell picks the lowest non-zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct TagOrders {
    pub showtime: u32,
    pub filter: u32,
    pub upsell: u32,
}

/// How a showtime icon is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum TagIconKind {
    Sprite,
    Image,
    Text,
}

/// Icon of a tag on showtimes: a sprite id, an image URL or a text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TagIcon {
    #[serde(rename = "type")]
    pub kind: TagIconKind,
    pub value: String,
}

/// A tag (`/tags`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Tag {
    pub slug: String,
    /// A null title is an unknown tag (spec §8 "Tag not found").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<TagKind>,
    #[serde(default)]
    pub premium: bool,
    /// The tag is also a version filter.
    #[serde(default)]
    pub version_filter: bool,
    #[serde(default)]
    pub display: TagDisplay,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tooltip_badge: Option<TooltipBadge>,
    #[serde(default)]
    pub orders: TagOrders,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upsell_text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upsell_backdrop: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cta_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<TagIcon>,
    #[serde(default)]
    pub highlighted: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modal_title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picto_banner: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picto_image: Option<Image>,
    /// Flag colour number 1..=5 of the label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_flag_colour: Option<u8>,
    /// Flag colour number 1..=5 of the background.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background_flag_colour: Option<u8>,
}
