//! Settings (`/settings`): feature flags with per-site overrides, URLs, cookie names,
//! injections, agent chat and locator limits (spec §3 Settings).
//!
//! A skipped field repeats its container's `default` so the TypeScript derive (feature `ts`),
//! which reads field attributes only, declares it optional.

use crate::sites::Site;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

macro_rules! feature_flags {
    ($($(#[$doc:meta])* $field:ident),* $(,)?) => {
        /// Feature flags (all off unless the content turns them on).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(rename_all = "camelCase", default)]
        pub struct FeatureFlags {
            $($(#[$doc])* pub $field: bool,)*
        }

        /// Per-site overrides of [`FeatureFlags`]: a set value replaces the default.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(rename_all = "camelCase", default)]
        pub struct FeatureOverrides {
            $($(#[$doc])*
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub $field: Option<bool>,)*
        }

        impl FeatureFlags {
            /// These flags with `overrides` applied.
            pub fn with(mut self, overrides: &FeatureOverrides) -> FeatureFlags {
                $(if let Some(v) = overrides.$field { self.$field = v; })*
                self
            }
        }
    };
}

feature_flags! {
    authentication_enabled,
    offers_menu_displayed,
    wallet_enabled,
    voucher_checker_enabled,
    /// Home-video (VOD) pages and links.
    home_video_enabled,
    /// The business (corporate sales) site link.
    business_site_enabled,
    gift_card_enabled,
    vod_enabled,
    subscriptions_enabled,
    /// Subscription add-on options can be changed.
    subscription_addons_enabled,
    /// Re-subscription is offered to former subscribers.
    subscription_re_subscription_enabled,
    /// Tracking: 4DX experience.
    tracking_4dx_experience,
    /// Tracking: Dolby Cinema experience.
    tracking_dolby_cinema_experience,
    /// Tracking: multiple show categories.
    tracking_multiple_show_categories,
    /// Tracking: show copy count.
    tracking_show_copy_count,
    /// Tracking: subscription pass.
    tracking_subscription_pass,
}

/// Names of the cookies the site reads and writes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct CookieNames {
    /// The locator cookie (`cgp_locator`).
    pub locator: String,
    /// The chosen language.
    pub language: String,
    /// Domain-wide authentication cookie (1 hour).
    pub auth: String,
    /// Forced-authentication retry cookie (5 minutes).
    pub auth_retry: String,
}

impl Default for CookieNames {
    fn default() -> Self {
        CookieNames {
            locator: "cgp_locator".into(),
            language: "lang".into(),
            auth: "cgp_auth".into(),
            auth_retry: "cgp_auth_retry".into(),
        }
    }
}

/// An element injected into pages (a script, a style, a tag). It is used only when its
/// position and element kind are known (spec §5): those are checked by the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Injection {
    /// Where: e.g. `head`, `bodyStart`, `bodyEnd`.
    pub position: String,
    /// Element kind: e.g. `script`, `style`, `meta`, `noscript`.
    pub element: String,
    #[serde(default)]
    pub content: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub attributes: BTreeMap<String, String>,
}

/// Agent chat configuration: used only when all four settings are set (spec §5).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct AgentChatConfig {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub organization_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deployment_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scrt_url: Option<String>,
}

impl AgentChatConfig {
    pub fn is_complete(&self) -> bool {
        self.organization_id.is_some()
            && self.deployment_name.is_some()
            && self.site_url.is_some()
            && self.scrt_url.is_some()
    }
}

/// Limits of the locator's nearby list (spec §9 defaults: 50 distance, 6 cinemas).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct LocatorLimits {
    pub max_geolocation_distance: f64,
    pub max_geolocation_cinemas: u32,
}

impl Default for LocatorLimits {
    fn default() -> Self {
        LocatorLimits {
            max_geolocation_distance: 50.0,
            max_geolocation_cinemas: 6,
        }
    }
}

/// Settings of the chain (`/settings`).
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// Default feature flags.
    pub features: FeatureFlags,
    /// Overrides by website code (`fr`, `be`, …).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub site_features: BTreeMap<String, FeatureOverrides>,
    /// Base URL of the client (accounts) API.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_url: Option<String>,
    /// Base URL of the booking tunnel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tunnel_url: Option<String>,
    pub cookie_names: CookieNames,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub injections: Vec<Injection>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub youtube_channel: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captcha_key: Option<String>,
    pub agent_chat: AgentChatConfig,
    pub locator: LocatorLimits,
}

impl Settings {
    /// The feature flags of one site: the defaults with that site's overrides applied.
    pub fn features_for(&self, site: Site) -> FeatureFlags {
        match self.site_features.get(site.website_code()) {
            Some(o) => self.features.with(o),
            None => self.features,
        }
    }
}
