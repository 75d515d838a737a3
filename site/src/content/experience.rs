//! Experiences (gpxp pages), experience groups and technologies (spec §3 Experience).
//!
//! `reference` is an experience's identity across languages.

use super::article::ExperienceArticle;
use super::common::{Image, Push, Seo};
use super::media::Video;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A service offered with an experience (reclining seats, sound…).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ExperienceService {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<Image>,
}

/// An experience (`/gpxp`, `/gpxp/{slug}`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Experience {
    pub reference: String,
    pub slug: String,
    pub title: String,
    /// Slug of the tag that marks showtimes of this experience.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backdrop: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teaser: Option<String>,
    /// HTML.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video: Option<Video>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub services: Vec<ExperienceService>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seo: Option<Seo>,
}

/// An experience group (`/experience-group/{slug}`): an experience with its articles and
/// pushes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ExperienceGroup {
    #[serde(flatten)]
    pub experience: Experience,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub articles: Vec<ExperienceArticle>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pushes: Vec<Push>,
}

impl std::ops::Deref for ExperienceGroup {
    type Target = Experience;
    fn deref(&self) -> &Experience {
        &self.experience
    }
}

/// A projection or sound technology (`/technologies`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Technology {
    pub slug: String,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<Image>,
    /// Slug of the experience page presenting it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub experience: Option<String>,
}
