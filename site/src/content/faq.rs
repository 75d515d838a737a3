//! Help-centre FAQ articles and categories (spec §3 FAQ article).
//!
//! `reference` is an FAQ article's identity across languages (`id` is the CMS id, which
//! may differ per language).

use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The category an FAQ article belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FaqCategoryRef {
    pub id: String,
    pub name: String,
}

/// An FAQ article (`/faq/article/slug/{slug}`, `/faq/article/id/{id}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FaqArticle {
    pub id: String,
    pub reference: String,
    pub slug: String,
    pub title: String,
    pub category: FaqCategoryRef,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teaser: Option<String>,
    /// HTML.
    #[serde(default)]
    pub content: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub publication_date: Option<NaiveDate>,
    /// The agent chat may be offered on this article.
    #[serde(default)]
    pub agentforce: bool,
}

/// An FAQ category (`/faq/category/{categoryId}`), with its articles when listed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FaqCategory {
    pub id: String,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub articles: Vec<FaqArticle>,
}
