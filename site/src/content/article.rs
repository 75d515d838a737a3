//! Articles (news, events, offers, experiences), experience articles and the news list
//! (spec §3 Article, News list).
//!
//! `reference` is an item's identity across languages: the same value in every language of
//! an item whose slug is translated (the `/translate` calls map it to slugs).

use super::common::{Cta, DateRange, Guest, Image};
use super::offer::Offer;
use super::show::ShowSummary;
use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Kind of article.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum ArticleType {
    News,
    Event,
    Offer,
    Experience,
}

/// An article (`/article/{slug}`, `/news/{slug}`, news items of `/news`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Article {
    pub reference: String,
    pub slug: String,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teaser: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    #[serde(rename = "type")]
    pub kind: ArticleType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headline: Option<String>,
    /// HTML body.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backdrop: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub release_date: Option<NaiveDate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect_slug: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tracking_slug: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub featured_show: Option<ShowSummary>,
    #[serde(default)]
    pub display_article_creation_date: bool,
    #[serde(default)]
    pub display_social_media: bool,
    #[serde(default)]
    pub display_back_to_news: bool,
    #[serde(default)]
    pub display_news_tag: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cta: Option<Cta>,
    /// Dates, for articles of type offer or event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<DateRange>,
}

/// An experience article: an article plus its cinemas (slugs) and guest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ExperienceArticle {
    #[serde(flatten)]
    pub article: Article,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cinemas: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guest: Option<Guest>,
}

impl std::ops::Deref for ExperienceArticle {
    type Target = Article;
    fn deref(&self) -> &Article {
        &self.article
    }
}

/// The news list (`/news`): news items, highlighted news and offers.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct NewsList {
    #[serde(default)]
    pub news: Vec<Article>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub highlighted: Vec<Article>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offers: Vec<Offer>,
    /// Articles that moved: old slug → new slug (spec §2 article redirect). Not listed in
    /// `news`, but their old addresses must keep working.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub moved: std::collections::BTreeMap<String, String>,
}
