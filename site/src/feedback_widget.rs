//! The customer feedback widget (spec §7 "External: a customer feedback widget script"), from
//! the brand configuration (`config/brand.json` → `feedbackWidget`): off unless configured.
//! Settings have no field for it, and it is the brand's choice of vendor, per site.
//!
//! It is one external script (no inline code, so a CSP without `unsafe-inline` still works),
//! loaded `async` at the end of the body of every page of the listed sites but the app's
//! webview pages.

use crate::Site;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FeedbackWidget {
    /// The script's absolute `https://` URL.
    pub src: String,
    /// The sites (website codes) that show it; a site not listed has no widget.
    pub sites: Vec<Site>,
}

impl FeedbackWidget {
    /// The script's URL on `site`, when the widget is shown there.
    pub fn on(&self, site: Site) -> Option<&str> {
        self.sites.contains(&site).then_some(self.src.as_str())
    }

    pub fn validate(&self) -> Result<(), String> {
        if !is_script_url(&self.src) {
            return Err(format!(
                "feedbackWidget.src {:?} must be an absolute https:// URL without spaces, quotes or angle brackets",
                self.src
            ));
        }
        Ok(())
    }
}

/// An absolute `https://` URL with a host, and nothing an attribute or a log could misread.
fn is_script_url(url: &str) -> bool {
    url.strip_prefix("https://").is_some_and(|rest| {
        !rest.is_empty()
            && !rest.starts_with('/')
            && !rest.chars().any(|c| {
                c.is_whitespace()
                    || c.is_control()
                    || matches!(c, '"' | '\'' | '<' | '>' | '`' | '\\')
            })
    })
}

#[cfg(test)]
mod tests {
    use crate::brand::Brand;
    use crate::Site;

    #[test]
    fn the_feedback_widget_is_off_unless_configured_and_only_on_its_sites() {
        let brand = Brand::from_json(r#"{"name":"X","slug":"x"}"#).unwrap();
        assert_eq!(brand.feedback_widget, None);
        assert!(Site::ALL
            .iter()
            .all(|&s| brand.feedback_widget_on(s).is_none()));
        let text = r#"{"name":"X","slug":"x","feedbackWidget":{"src":"https://feedback.example/w.js?k=1&l=fr","sites":["fr","be"]}}"#;
        let brand = Brand::from_json(text).unwrap();
        assert_eq!(
            brand.feedback_widget_on(Site::Fr),
            Some("https://feedback.example/w.js?k=1&l=fr")
        );
        assert_eq!(
            brand.feedback_widget_on(Site::Be),
            Some("https://feedback.example/w.js?k=1&l=fr")
        );
        assert_eq!(brand.feedback_widget_on(Site::Nl), None);
    }

    #[test]
    fn a_bad_feedback_widget_is_refused_with_a_reason() {
        for src in [
            "http://feedback.example/w.js",
            "javascript:alert(1)",
            "//feedback.example/w.js",
            "https://",
            "https://x.example/\"><script>",
            "https://x.example/a b",
        ] {
            let text = serde_json::json!({"name": "X", "slug": "x", "feedbackWidget": {"src": src, "sites": ["fr"]}}).to_string();
            let err = Brand::from_json(&text).unwrap_err();
            assert!(err.contains("feedbackWidget.src"), "{src}: {err}");
        }
        let unknown_site = r#"{"name":"X","slug":"x","feedbackWidget":{"src":"https://f.example/w.js","sites":["xx"]}}"#;
        assert!(Brand::from_json(unknown_site)
            .unwrap_err()
            .contains("brand configuration"));
        let no_sites =
            r#"{"name":"X","slug":"x","feedbackWidget":{"src":"https://f.example/w.js"}}"#;
        assert!(Brand::from_json(no_sites).unwrap_err().contains("sites"));
    }
}
