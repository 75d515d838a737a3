//! Things sold or redeemed: e-cards, cinema pass, vouchers, gift cards and subscriptions
//! (spec §3 E-card, Voucher card result, Subscription; §7 Gift card and voucher).
//!
//! The spec does not show the fields of gift cards, voucher cards, subscription offers,
//! plans and current shows: the ones here are our choice (docs/decisions.md).

use super::common::{empty_as_none, Image, Promotion};
use super::show::ShowSummary;
use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// An e-card product (`/ecards`). An empty label or terms reads as `None` (spec §5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ECard {
    pub type_id: String,
    #[serde(
        default,
        deserialize_with = "empty_as_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub label: Option<String>,
    #[serde(
        default,
        deserialize_with = "empty_as_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub terms: Option<String>,
    /// Seats the card holds.
    pub seats: u32,
    pub price: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<Image>,
}

/// A voucher card found by the voucher checker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct VoucherCard {
    pub code: String,
    #[serde(default)]
    pub label: String,
    /// Seats or uses left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining_uses: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiry: Option<NaiveDate>,
}

/// Answer of `/voucher/{code}`: `resultCode` 0 means success and carries the card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct VoucherResult {
    pub result_code: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<VoucherCard>,
}

impl VoucherResult {
    /// The card, only when the result code says success.
    pub fn card(&self) -> Option<&VoucherCard> {
        if self.result_code == 0 {
            self.card.as_ref()
        } else {
            None
        }
    }
}

/// A gift card balance (`/gift-card/{a}/{b}`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct GiftCard {
    pub number: String,
    pub balance: f64,
    pub currency: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiry: Option<NaiveDate>,
}

/// Answer of `/gift-card/{number}/{pin}`: `resultCode` 0 carries the card (never its PIN).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct GiftCardResult {
    pub result_code: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<GiftCard>,
}

/// A partner cinema accepting the subscription. One without theaters is ignored (spec §5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PartnerCinema {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slug: Option<String>,
    #[serde(default)]
    pub city: String,
    #[serde(default)]
    pub theaters: Vec<String>,
    #[serde(default)]
    pub temporary: bool,
}

/// An option of a subscription offer (an add-on bought in a quantity).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionOption {
    pub id: String,
    pub label: String,
    /// Monthly price of one unit.
    pub price: f64,
    #[serde(default = "one")]
    pub max_quantity: u32,
}

fn one() -> u32 {
    1
}

/// A subscription offer (plan).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionOffer {
    pub id: String,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub monthly_price: f64,
    #[serde(default)]
    pub commitment_months: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<SubscriptionOption>,
}

/// A plan being chosen: the offer id and a quantity per option id (0 at selection).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SelectedPlan {
    pub offer: String,
    #[serde(default)]
    pub quantities: BTreeMap<String, u32>,
}

impl SelectedPlan {
    /// Selecting a plan creates quantities at 0 per option (spec §4).
    pub fn select(offer: &SubscriptionOffer) -> SelectedPlan {
        SelectedPlan {
            offer: offer.id.clone(),
            quantities: offer.options.iter().map(|o| (o.id.clone(), 0)).collect(),
        }
    }
}

/// The subscription page (`/cms/1.0.0/subscription/subscription-offers`, `/cinepass`).
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Subscription {
    #[serde(default)]
    pub maintenance: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion: Option<Promotion>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub partner_cinemas: Vec<PartnerCinema>,
    #[serde(default)]
    pub offers: Vec<SubscriptionOffer>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub current_shows: Vec<ShowSummary>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offer_promotions: Vec<Promotion>,
}
