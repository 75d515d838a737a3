//! Offers, the offers page header and temporary offers (spec §3 Article "Offer adds",
//! Offers page header, Temporary offer).

use super::article::Article;
use super::common::{Cta, DateRange, Image};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// An offer (`/offer/{slug}`): an article of type offer plus its dates, cinemas and
/// national flag. `article.reference` is its identity across languages.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Offer {
    #[serde(flatten)]
    pub article: Article,
    /// Slugs of the cinemas where the offer applies (empty when national).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cinemas: Vec<String>,
    /// The offer applies in every cinema of the country.
    #[serde(default)]
    pub national: bool,
}

impl std::ops::Deref for Offer {
    type Target = Article;
    fn deref(&self) -> &Article {
        &self.article
    }
}

impl Offer {
    /// Dates of the offer (carried by the article's `date`).
    pub fn dates(&self) -> Option<&DateRange> {
        self.article.date.as_ref()
    }
}

/// Blocks of the offers page, in the order the header gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum OfferBlock {
    Promotion,
    Event,
    Temporary,
    Ecards,
}

/// Header of the offers page (`/offers/page`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct OffersPageHeader {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restriction: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cta: Option<Cta>,
    /// Small print next to the call to action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cta_info: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backdrop: Option<Image>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mobile_backdrop: Option<Image>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub block_order: Vec<OfferBlock>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<Image>,
}

/// A temporary offer (`/offers/temporary`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TemporaryOffer {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_price: Option<f64>,
    /// Position in the list (lower first).
    #[serde(default)]
    pub ordering: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cta: Option<Cta>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picture: Option<Image>,
}
