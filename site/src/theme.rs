//! The brand's look, from configuration (`config/brand.json` → `theme`): colours, font stacks,
//! logo and an optional dark variant. The generator writes it as CSS custom properties after
//! the design system's defaults (`templates/css/tokens.css`), so changing the brand's look is
//! a configuration change, never a code change.
//!
//! Every value is checked before it reaches a stylesheet: colours are hex, font stacks plain
//! names, and each text colour must reach WCAG AA (4.5:1) on the background it is used on.

use crate::rules::{contrast_ratio, MIN_CONTRAST};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The colour roles of the design system, as the configuration names them (camelCase) and in
/// the order they are written. CSS gets `--color-{kebab-case}`: `onBrand` → `--color-on-brand`.
pub const COLOUR_ROLES: [&str; 13] = [
    "brand", "onBrand", "accent", "onAccent", "ink", "inkMuted", "paper", "surface", "line",
    "header", "onHeader", "danger", "success",
];

/// Text colours and the background each must be readable on (WCAG AA).
const READABLE_PAIRS: [(&str, &str); 8] = [
    ("ink", "paper"),
    ("inkMuted", "paper"),
    ("ink", "surface"),
    ("accent", "paper"),
    ("onAccent", "accent"),
    ("onBrand", "brand"),
    ("onHeader", "header"),
    ("danger", "paper"),
];

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Theme {
    /// Colour role → `#rgb` or `#rrggbb`; roles left out keep the design system's defaults.
    #[serde(default)]
    pub colours: BTreeMap<String, String>,
    /// The same roles for visitors who prefer a dark scheme; none means no dark variant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dark: Option<BTreeMap<String, String>>,
    /// Body text, e.g. `"Inter", system-ui, sans-serif`. Fonts must be installed or shipped
    /// with the site: no external font service.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub font_stack: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heading_font_stack: Option<String>,
    /// An SVG file beside the configuration, shown in the header in place of the brand's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo: Option<Logo>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Logo {
    /// Path relative to the brand configuration's folder.
    pub file: String,
    pub width: u32,
    pub height: u32,
}

/// The design system's default colours (`templates/css/tokens.css` holds the same values):
/// what a theme's roles are checked against when it leaves some out.
pub const DEFAULT_COLOURS: [(&str, &str); 13] = [
    ("brand", "#ffd23f"),
    ("onBrand", "#111111"),
    ("accent", "#0b4f9c"),
    ("onAccent", "#ffffff"),
    ("ink", "#151515"),
    ("inkMuted", "#555555"),
    ("paper", "#ffffff"),
    ("surface", "#f4f4f2"),
    ("line", "#d6d6d2"),
    ("header", "#111111"),
    ("onHeader", "#ffffff"),
    ("danger", "#b3261e"),
    ("success", "#1e7d32"),
];

impl Theme {
    /// Checks every value; the error names the first bad one.
    pub fn validate(&self) -> Result<(), String> {
        let light = self.resolved(&self.colours, None)?;
        check_contrast(&light, "theme.colours")?;
        if let Some(dark) = &self.dark {
            let dark = self.resolved(dark, Some(&light))?;
            check_contrast(&dark, "theme.dark")?;
        }
        for (what, stack) in [
            ("fontStack", &self.font_stack),
            ("headingFontStack", &self.heading_font_stack),
        ] {
            if let Some(stack) = stack {
                let plain = !stack.trim().is_empty()
                    && stack
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || " ,-_\"'".contains(c));
                if !plain {
                    return Err(format!(
                        "theme.{what} {stack:?}: font names, commas, quotes and dashes only"
                    ));
                }
            }
        }
        if let Some(logo) = &self.logo {
            let file_ok = logo.file.ends_with(".svg")
                && !logo.file.contains("..")
                && !logo.file.starts_with('/');
            if !file_ok || logo.width == 0 || logo.height == 0 {
                return Err(format!("theme.logo: an .svg file beside the configuration with a width and height (got {logo:?})"));
            }
        }
        Ok(())
    }

    /// Every role's colour: the given ones over `base` (the light scheme for the dark one),
    /// over the defaults.
    fn resolved(
        &self,
        given: &BTreeMap<String, String>,
        base: Option<&BTreeMap<String, String>>,
    ) -> Result<BTreeMap<String, String>, String> {
        let mut all: BTreeMap<String, String> = match base {
            Some(base) => base.clone(),
            None => DEFAULT_COLOURS
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        for (role, value) in given {
            if !COLOUR_ROLES.contains(&role.as_str()) {
                return Err(format!(
                    "theme colour {role:?} is not a role of the design system ({})",
                    COLOUR_ROLES.join(", ")
                ));
            }
            if !is_hex_colour(value) {
                return Err(format!(
                    "theme colour {role} = {value:?}: write it #rgb or #rrggbb"
                ));
            }
            all.insert(role.clone(), value.clone());
        }
        Ok(all)
    }

    /// The theme as CSS: custom properties on `:root`, the dark variant in a
    /// `prefers-color-scheme` query. Call `validate` first.
    pub fn to_css(&self) -> String {
        let mut css = String::new();
        let mut light = declarations(&self.colours);
        if let Some(stack) = &self.font_stack {
            light.push_str(&format!("--font-body:{stack};"));
        }
        if let Some(stack) = &self.heading_font_stack {
            light.push_str(&format!("--font-heading:{stack};"));
        }
        if self.dark.is_some() {
            light.push_str("color-scheme:light dark;");
        }
        if !light.is_empty() {
            css.push_str(&format!(":root{{{light}}}"));
        }
        if let Some(dark) = &self.dark {
            css.push_str(&format!(
                "@media (prefers-color-scheme:dark){{:root{{{}}}}}",
                declarations(dark)
            ));
        }
        css
    }
}

fn declarations(colours: &BTreeMap<String, String>) -> String {
    COLOUR_ROLES
        .iter()
        .filter_map(|role| {
            colours
                .get(*role)
                .map(|value| format!("--color-{}:{value};", kebab(role)))
        })
        .collect()
}

/// `onBrand` → `on-brand`.
pub fn kebab(role: &str) -> String {
    let mut out = String::with_capacity(role.len() + 2);
    for c in role.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn is_hex_colour(value: &str) -> bool {
    let digits = value.strip_prefix('#').unwrap_or("");
    matches!(digits.len(), 3 | 6) && digits.chars().all(|c| c.is_ascii_hexdigit())
}

fn check_contrast(colours: &BTreeMap<String, String>, what: &str) -> Result<(), String> {
    for (fg, bg) in READABLE_PAIRS {
        let ratio = contrast_ratio(&colours[fg], &colours[bg]).unwrap_or(0.0);
        if ratio < MIN_CONTRAST {
            return Err(format!("{what}: {fg} {} on {bg} {} has a contrast of {ratio:.2}:1, under {MIN_CONTRAST}:1 (WCAG AA)", colours[fg], colours[bg]));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn theme(json: &str) -> Result<Theme, String> {
        let theme: Theme = serde_json::from_str(json).map_err(|e| e.to_string())?;
        theme.validate().map(|_| theme)
    }

    #[test]
    fn the_defaults_are_readable_and_an_empty_theme_writes_nothing() {
        let t = theme("{}").unwrap();
        assert_eq!(t.to_css(), "");
    }

    #[test]
    fn colours_and_fonts_become_custom_properties_and_dark_a_media_query() {
        let t = theme(r##"{"colours":{"brand":"#e30613","onBrand":"#fff","accent":"#8a0010"},"fontStack":"\"Atkinson\", system-ui, sans-serif","dark":{"paper":"#121212","ink":"#f2f2f2","inkMuted":"#bbbbbb","surface":"#1e1e1e","accent":"#ff8a8a","onAccent":"#111111","danger":"#ff8a80"}}"##).unwrap();
        let css = t.to_css();
        assert!(css.starts_with(":root{--color-brand:#e30613;--color-on-brand:#fff;--color-accent:#8a0010;--font-body:\"Atkinson\", system-ui, sans-serif;color-scheme:light dark;}"), "{css}");
        assert!(
            css.contains("@media (prefers-color-scheme:dark){:root{--color-accent:#ff8a8a;"),
            "{css}"
        );
    }

    #[test]
    fn bad_values_are_refused_with_their_name() {
        let cases = [
            (r##"{"colours":{"brand":"red"}}"##, "#rgb or #rrggbb"),
            (
                r##"{"colours":{"brand":"#fff;}body{display:none"}}"##,
                "#rgb or #rrggbb",
            ),
            (r##"{"colours":{"primary":"#ffffff"}}"##, "not a role"),
            (r##"{"colours":{"ink":"#aaaaaa"}}"##, "ink #aaaaaa on paper"),
            (
                r##"{"dark":{"paper":"#000000"}}"##,
                "theme.dark: ink #151515 on paper #000000",
            ),
            (r##"{"fontStack":"x;}body{color:red"}"##, "font names"),
            (
                r##"{"logo":{"file":"../secret.svg","width":10,"height":10}}"##,
                "theme.logo",
            ),
            (r##"{"colour":{}}"##, "unknown field"),
        ];
        for (json, expected) in cases {
            let err = theme(json).unwrap_err();
            assert!(err.contains(expected), "{json}: {err}");
        }
    }

    #[test]
    fn roles_are_written_in_kebab_case() {
        assert_eq!(kebab("onBrand"), "on-brand");
        assert_eq!(kebab("inkMuted"), "ink-muted");
        assert_eq!(COLOUR_ROLES.len(), DEFAULT_COLOURS.len());
        assert!(DEFAULT_COLOURS
            .iter()
            .zip(COLOUR_ROLES)
            .all(|((a, _), b)| *a == b));
    }
}
