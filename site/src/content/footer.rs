//! The footer (spec §3 Footer, `/footer`, `/footer/faq`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A footer link. `cookiePreferences` links open the cookie-preferences panel instead.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FooterLink {
    pub title: String,
    #[serde(default)]
    pub url: String,
    #[serde(default)]
    pub new_tab: bool,
    #[serde(default)]
    pub cookie_preferences: bool,
}

/// A column of footer links.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FooterColumn {
    pub title: String,
    #[serde(default)]
    pub links: Vec<FooterLink>,
}

/// A social network link.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SocialLink {
    pub label: String,
    pub url: String,
}

/// An FAQ item of the footer (the accordion): description is HTML; `questions` are
/// question titles and `slugs` the FAQ article slugs they link to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FooterFaqItem {
    pub title: String,
    #[serde(default)]
    pub description: String,
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub questions: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub slugs: Vec<String>,
}

/// The footer.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Footer {
    #[serde(default)]
    pub columns: Vec<FooterColumn>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub social_networks: Vec<SocialLink>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faq: Vec<FooterFaqItem>,
}
