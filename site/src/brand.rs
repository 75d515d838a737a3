//! The brand: its name, slug and production domains come from configuration
//! (`config/brand.json`), never from code, so the same build serves another chain.

use crate::Site;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Brand {
    /// Display name, e.g. in titles and the copyright line.
    pub name: String,
    /// URL-safe form used in route names that carry the brand (spec §2).
    pub slug: String,
    #[serde(default)]
    pub short_name: Option<String>,
    /// Tagline per language code.
    #[serde(default)]
    pub tagline: BTreeMap<String, String>,
    /// Production host name of each country site.
    #[serde(default)]
    pub domains: BTreeMap<Site, String>,
    /// The mobile app in the stores, for the app page and the smart app banner.
    #[serde(default)]
    pub apps: Option<Apps>,
    /// Colours, fonts and logo (`crate::theme`); the design system's defaults when absent.
    #[serde(default)]
    pub theme: crate::theme::Theme,
    /// The customer feedback widget (`crate::feedback_widget`): off unless configured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feedback_widget: Option<crate::feedback_widget::FeedbackWidget>,
    /// The cities the header's cinema menu names on a site, by city slug, in order (spec §2:
    /// five cities on FR and NL); a site without any shows the cinemas list alone.
    #[serde(default)]
    pub featured_cities: BTreeMap<Site, Vec<String>>,
    /// The links of the header's account menu on a site, by UI-string key under `header.`,
    /// each to the same path of the client area (`benefits` → `{clientUrl}/benefits`);
    /// [`DEFAULT_ACCOUNT_LINKS`] where a site has none.
    #[serde(default)]
    pub account_links: BTreeMap<Site, Vec<String>>,
}

/// The account menu of a site the configuration says nothing about (spec §2).
pub const DEFAULT_ACCOUNT_LINKS: [&str; 3] = ["account", "favouriteCinemas", "bookings"];

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Apps {
    pub ios: String,
    pub android: String,
    /// App Store id, for Safari's own banner (`apple-itunes-app`).
    #[serde(default)]
    pub ios_app_id: Option<String>,
}

impl Brand {
    pub fn from_json(text: &str) -> Result<Brand, String> {
        let brand: Brand =
            serde_json::from_str(text).map_err(|e| format!("brand configuration: {e}"))?;
        let slug_ok = !brand.slug.is_empty()
            && brand
                .slug
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !slug_ok {
            return Err(format!(
                "brand configuration: slug {:?} must be lower-case ASCII letters, digits or '-'",
                brand.slug
            ));
        }
        if brand.name.trim().is_empty() {
            return Err("brand configuration: name is empty".into());
        }
        brand
            .theme
            .validate()
            .map_err(|e| format!("brand configuration: {e}"))?;
        if let Some(widget) = &brand.feedback_widget {
            widget
                .validate()
                .map_err(|e| format!("brand configuration: {e}"))?;
        }
        Ok(brand)
    }

    /// The keys of the account menu's links on `site`.
    pub fn account_links(&self, site: Site) -> Vec<&str> {
        match self.account_links.get(&site) {
            Some(links) => links.iter().map(String::as_str).collect(),
            None => DEFAULT_ACCOUNT_LINKS.to_vec(),
        }
    }

    /// The feedback widget's script URL on `site`, when the brand shows one there.
    pub fn feedback_widget_on(&self, site: Site) -> Option<&str> {
        self.feedback_widget.as_ref().and_then(|w| w.on(site))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_configured_brand_parses() {
        let text = include_str!("../../config/brand.json");
        let brand = Brand::from_json(text).unwrap();
        assert_eq!(brand.domains.len(), 8);
    }

    #[test]
    fn bad_brand_configuration_is_refused_with_a_reason() {
        assert!(Brand::from_json("{")
            .unwrap_err()
            .contains("brand configuration"));
        let bad_slug = r#"{"name":"X","slug":"Not OK/"}"#;
        assert!(Brand::from_json(bad_slug).unwrap_err().contains("slug"));
    }
}
