//! Master templates: editorial landing pages (spec §3 Master template,
//! `/master-template/pages`, `/master-template/page/{slug}`).
//!
//! `reference` is a page's identity across languages.

use super::common::{Cta, Guest, Image, Seo};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Header of a master template page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TemplateHeader {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backdrop: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cta: Option<Cta>,
}

/// A titled text block (explanation, listing, mobile app).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TemplateBlock {
    pub title: String,
    /// HTML.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<Image>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ctas: Vec<Cta>,
}

/// A tile of the mosaic.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MosaicTile {
    pub image: Image,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// A master template page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MasterTemplate {
    pub reference: String,
    pub slug: String,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub header: Option<TemplateHeader>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<TemplateBlock>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mosaic: Vec<MosaicTile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub listing: Option<TemplateBlock>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mobile_app: Option<TemplateBlock>,
    /// Cinema slugs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cinemas: Vec<String>,
    /// Show slugs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shows: Vec<String>,
    /// Page-specific UI labels (key → text).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guest: Option<Guest>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seo: Option<Seo>,
}
