//! Site alerts (spec §3 Alert): the alert queue shows them one at a time.

use super::common::Cta;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Level of an alert.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum AlertLevel {
    Warning,
    Info,
}

/// An alert. One with `autoCloseId` is removed after 10 seconds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Alert {
    pub level: AlertLevel,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    /// Extra CSS class (e.g. `voucher-error-alert`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auto_close_id: Option<String>,
    #[serde(default)]
    pub closable: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cta: Option<Cta>,
}
