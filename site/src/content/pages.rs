//! Shapes of content calls that combine several entities in one answer. They live here, not
//! in the API, so the API, the generator and the islands share one definition.

use super::{Alert, CinemaAlert, FaqCategory, FeatureFlags, Season, Settings, ShowSummary};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `/events`: the entertainment page — active seasons and special events, and event shows.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct EventsPage {
    #[serde(default)]
    pub seasons: Vec<Season>,
    #[serde(default)]
    pub shows: Vec<ShowSummary>,
}

/// `/alerts`: site alerts and cinema alerts.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AlertsPage {
    #[serde(default)]
    pub alerts: Vec<Alert>,
    #[serde(default)]
    pub cinema_alerts: Vec<CinemaAlert>,
}

/// `/settings`: the chain's settings with the requesting site's feature flags resolved, so no
/// client applies overrides itself.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SiteSettings {
    #[serde(flatten)]
    pub settings: Settings,
    pub website: String,
    pub site_features_resolved: FeatureFlags,
}

/// `/faq/categories` (our addition to spec §7, which has no listing call): the help-centre
/// categories of the site with their articles; empty on sites without a help centre.
pub type FaqCategories = Vec<FaqCategory>;
