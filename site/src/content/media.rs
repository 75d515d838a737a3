//! Videos (trailers, experience videos, the latest YouTube videos). Images are
//! [`super::Image`] in `common.rs`.

use super::common::Image;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Where a video is hosted (spec §3: allocine, vimeo, youtube, S3 — serialised "s3").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum VideoProvider {
    Allocine,
    Vimeo,
    Youtube,
    S3,
}

/// A video: `id` is the provider's id (for S3, the file URL may be in `url`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Video {
    pub id: String,
    #[serde(default)]
    pub main: bool,
    /// Language (or version label) of the video's sound track, e.g. "fr", "VOST".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snapshot: Option<Image>,
    pub provider: VideoProvider,
    /// Direct or embed URL where the provider needs one (S3 files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}
