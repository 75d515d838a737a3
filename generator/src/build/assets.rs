//! The files every page of a site shares: the stylesheet, the theme's logo and the favicon,
//! the first two named by their hash.

use crate::options::BuildOptions;
use anyhow::Context as _;
use site::brand::Brand;
use xxhash_rust::xxh3::xxh3_64;

pub struct SiteAssets {
    pub css: Vec<u8>,
    pub css_name: String,
    /// The print stylesheet (`media="print"`, not render-blocking) and its hashed name.
    pub print_css: Vec<u8>,
    pub print_css_name: String,
    pub logo: Option<LogoFile>,
    pub favicon: String,
    /// The favicon as PNG in every size of `icons::SIZES` (size, file), drawn when a build
    /// first needs them (`icons`): a rebuild keeps the files of the last one.
    icons: std::sync::OnceLock<Vec<(u32, Vec<u8>)>>,
    /// What the icons are drawn from: the brand's first letter, background and ink colours.
    icon_inputs: (char, String, String),
    /// The header's colour: `theme-color` and the web app manifest's.
    pub theme_color: String,
    /// The page background: the manifest's splash screen.
    pub background_color: String,
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
        let print_css = crate::styles::print_stylesheet(&options.templates)?;
        let print_css_name = format!("assets/print.{:016x}.css", xxh3_64(&print_css));
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
            print_css,
            print_css_name,
            logo,
            favicon: favicon(brand),
            icons: std::sync::OnceLock::new(),
            icon_inputs: (
                brand.name.chars().next().unwrap_or('C'),
                colour(brand, "header").to_string(),
                colour(brand, "brand").to_string(),
            ),
            theme_color: colour(brand, "header").to_string(),
            background_color: colour(brand, "paper").to_string(),
        })
    }

    /// What the templates read as `assets`.
    pub fn paths(&self) -> serde_json::Value {
        serde_json::json!({
            "css": format!("/{}", self.css_name),
            "print_css": format!("/{}", self.print_css_name),
            "logo": self.logo.as_ref().map(|l| serde_json::json!({"src": format!("/{}", l.name), "width": l.width, "height": l.height})),
            "icons": super::icons::SIZES
                .iter()
                .filter(|(size, _)| *size != SHARE_SIZE)
                .map(|(size, rel)| serde_json::json!({"rel": rel, "href": format!("/{}", super::icons::path(*size)), "size": size}))
                .collect::<Vec<_>>(),
            "manifest": format!("/{MANIFEST}"),
            "theme_color": self.theme_color,
            "share_image": format!("/{}", super::icons::path(SHARE_SIZE)),
        })
    }

    /// The site's web app manifest: the brand's name and colours, its icons, the tagline of
    /// the site's default language.
    pub fn manifest(&self, brand: &Brand, site: site::Site) -> Vec<u8> {
        let lang = site.default_language();
        let icons: Vec<serde_json::Value> = super::icons::SIZES
            .iter()
            .filter(|(size, _)| [192, SHARE_SIZE].contains(size))
            .map(|(size, _)| serde_json::json!({"src": format!("/{}", super::icons::path(*size)), "sizes": format!("{size}x{size}"), "type": "image/png"}))
            .chain([serde_json::json!({"src": "/favicon.svg", "sizes": "any", "type": "image/svg+xml"})])
            .collect();
        let mut manifest = serde_json::json!({
            "name": brand.name,
            "short_name": brand.short_name.as_deref().unwrap_or(&brand.name),
            "lang": lang.locale_on(site),
            "id": "/",
            "start_url": "/",
            "scope": "/",
            // Installable (issue 17: the evening cards work offline, and an installed site
            // opens on them without a browser's address bar in the way).
            "display": "standalone",
            "theme_color": self.theme_color,
            "background_color": self.background_color,
            "icons": icons,
        });
        if let Some(tagline) = brand.tagline.get(lang.code()) {
            manifest["description"] = serde_json::json!(tagline);
        }
        serde_json::to_vec_pretty(&manifest).expect("JSON")
    }
}

/// The web app manifest's file under a site's root.
pub const MANIFEST: &str = "manifest.webmanifest";

/// The icon pages share as their picture (`og:image`) when they have none of their own.
const SHARE_SIZE: u32 = 512;

impl SiteAssets {
    /// The favicon in every size of `icons::SIZES`, as PNG (size, file), drawn once.
    pub fn icons(&self) -> &[(u32, Vec<u8>)] {
        self.icons.get_or_init(|| {
            let (letter, background, ink) = &self.icon_inputs;
            super::icons::SIZES
                .iter()
                .map(|&(size, _)| {
                    let pixels = super::icons::draw(size, *letter, background, ink);
                    (size, super::icons::png(size, &pixels))
                })
                .collect()
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
