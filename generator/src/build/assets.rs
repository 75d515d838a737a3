//! The files every page of a site shares: the stylesheet, the theme's logo and the favicon,
//! the first two named by their hash.

use crate::options::BuildOptions;
use anyhow::Context as _;
use site::brand::Brand;
use xxhash_rust::xxh3::xxh3_64;

pub struct SiteAssets {
    pub css: Vec<u8>,
    pub css_name: String,
    pub logo: Option<LogoFile>,
    pub favicon: String,
}

pub struct LogoFile {
    pub name: String,
    pub bytes: Vec<u8>,
    width: u32,
    height: u32,
}

impl SiteAssets {
    pub fn read(options: &BuildOptions, brand: &Brand) -> anyhow::Result<SiteAssets> {
        let css = crate::styles::stylesheet(&options.templates, &brand.theme)?;
        let css_name = format!("assets/site.{:016x}.css", xxh3_64(&css));
        let logo = match &brand.theme.logo {
            Some(logo) => {
                let file = options
                    .brand
                    .parent()
                    .unwrap_or(std::path::Path::new("."))
                    .join(&logo.file);
                let bytes = std::fs::read(&file)
                    .with_context(|| format!("reading the theme's logo {}", file.display()))?;
                Some(LogoFile {
                    name: format!("assets/logo.{:016x}.svg", xxh3_64(&bytes)),
                    bytes,
                    width: logo.width,
                    height: logo.height,
                })
            }
            None => None,
        };
        Ok(SiteAssets {
            css,
            css_name,
            logo,
            favicon: favicon(brand),
        })
    }

    /// What the templates read as `assets`.
    pub fn paths(&self) -> serde_json::Value {
        serde_json::json!({
            "css": format!("/{}", self.css_name),
            "logo": self.logo.as_ref().map(|l| serde_json::json!({"src": format!("/{}", l.name), "width": l.width, "height": l.height})),
        })
    }
}

/// A theme's colour of `role`, or the design system's default.
fn colour<'a>(brand: &'a Brand, role: &str) -> &'a str {
    brand
        .theme
        .colours
        .get(role)
        .map(String::as_str)
        .or_else(|| {
            site::theme::DEFAULT_COLOURS
                .iter()
                .find(|(r, _)| *r == role)
                .map(|(_, c)| *c)
        })
        .unwrap_or("#000")
}

/// The brand's initial in its colours: the header's background, the brand colour on it.
fn favicon(brand: &Brand) -> String {
    let letter = brand.name.chars().next().unwrap_or('C');
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 32 32\"><rect width=\"32\" height=\"32\" rx=\"6\" fill=\"{}\"/><text x=\"16\" y=\"23\" font-family=\"system-ui,sans-serif\" font-size=\"20\" font-weight=\"700\" fill=\"{}\" text-anchor=\"middle\">{}</text></svg>",
        colour(brand, "header"),
        colour(brand, "brand"),
        super::sitemaps::xml_escape(&letter.to_string())
    )
}
