//! The brand theme (site::theme): a second look from configuration alone.

use crate::common::*;
use crate::support::fingerprint;
use serde_json::Value;
use site::Site;
use std::path::Path;

/// The stylesheet a build of `dir` links from its home page, and its text.
fn linked_stylesheet(site_dir: &Path) -> (String, String) {
    let home = std::fs::read_to_string(site_dir.join("index.html")).expect("the home page");
    let doc = parse(&home);
    let href = first(&doc, "link[rel=stylesheet]")
        .and_then(|t| attr(t, "href"))
        .expect("a stylesheet link")
        .to_string();
    let css = std::fs::read_to_string(site_dir.join(href.trim_start_matches('/')))
        .expect("the linked stylesheet exists");
    (href, css)
}

#[test]
fn a_second_theme_changes_colours_fonts_and_logo_from_configuration_alone() {
    let dir = scratch("second-theme");
    let mut brand: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join("config/brand.json")).unwrap())
            .unwrap();
    brand["theme"] = serde_json::json!({
        "colours": {"brand": "#e30613", "onBrand": "#ffffff", "accent": "#7a0019", "header": "#2b0a10", "onHeader": "#fff4f4"},
        "dark": {"paper": "#121212", "surface": "#1d1d1d", "ink": "#f2f2f2", "inkMuted": "#c4c4c4", "accent": "#ff9aa8", "onAccent": "#121212", "danger": "#ff8a80", "line": "#3a3a3a"},
        "fontStack": "\"Atkinson Hyperlegible\", system-ui, sans-serif",
        "logo": {"file": "logo.svg", "width": 132, "height": 32}
    });
    let logo = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 132 32"><rect width="132" height="32" fill="#e30613"/></svg>"##;
    std::fs::write(dir.join("brand.json"), brand.to_string()).unwrap();
    std::fs::write(dir.join("logo.svg"), logo).unwrap();

    let mut themed = options(&API.base, &dir.join("themed"));
    themed.sites = vec!["fr".to_string()];
    themed.brand = dir.join("brand.json");
    generator::build(&themed).unwrap_or_else(|e| panic!("the themed build failed: {e:#}"));
    let mut plain = options(&API.base, &dir.join("plain"));
    plain.sites = vec!["fr".to_string()];
    generator::build(&plain).unwrap_or_else(|e| panic!("the default build failed: {e:#}"));

    let (themed_href, themed_css) = linked_stylesheet(&dir.join("themed/fr"));
    let (plain_href, plain_css) = linked_stylesheet(&dir.join("plain/fr"));
    assert_ne!(
        themed_href, plain_href,
        "another theme is another stylesheet (cache)"
    );
    for declaration in [
        "--color-brand:#e30613",
        "--color-accent:#7a0019",
        "--color-on-header:#fff4f4",
        "--font-body:\"Atkinson Hyperlegible\", system-ui, sans-serif",
        "color-scheme:light dark",
    ] {
        assert!(
            themed_css.contains(declaration),
            "the themed stylesheet lacks {declaration}"
        );
        assert!(
            !plain_css.contains(declaration),
            "the default stylesheet has {declaration}"
        );
    }
    assert!(
        themed_css.contains("@media (prefers-color-scheme:dark){:root{--color-accent:#ff9aa8;"),
        "the dark variant is missing"
    );
    // The theme's declarations come after the design system's, so they win.
    let default_brand = themed_css
        .find("--color-brand:#ffd23f")
        .expect("the design system's default brand colour");
    assert!(default_brand < themed_css.find("--color-brand:#e30613").unwrap());

    // The logo: copied under a hashed name, shown in the header with its size, on every page.
    let themed_pages = read_site(&dir.join("themed/fr"), Site::Fr);
    let mut problems = Vec::new();
    let mut logos = 0;
    for (path, html) in &themed_pages.pages {
        let doc = html.doc();
        let logo_img = first(&doc, "a.logo").and_then(|a| a.descendent_elements().nth(1));
        match logo_img {
            Some(img)
                if name(img) == "img"
                    && attr(img, "width") == Some("132")
                    && attr(img, "height") == Some("32") =>
            {
                logos += 1;
                let src = attr(img, "src").unwrap_or_default();
                let bytes = std::fs::read(dir.join("themed/fr").join(src.trim_start_matches('/')))
                    .unwrap_or_default();
                if bytes != logo.as_bytes() || !src.starts_with("/assets/logo.") {
                    problems.push(format!("{path}: logo {src} is not the configured file"));
                }
            }
            // Webview pages (and the light and bare views) have no header.
            None if first(&doc, ".site-header").is_none() => {}
            other => problems.push(format!("{path}: the logo link holds {:?}", other.map(name))),
        }
    }
    assert!(
        logos > 100,
        "only {logos} pages of the themed build show the logo"
    );
    assert_none("the themed build's logo", &problems);
    let plain_home = std::fs::read_to_string(dir.join("plain/fr/index.html")).unwrap();
    assert!(
        !plain_home.contains("/assets/logo."),
        "the default build shows the brand's name, no logo"
    );

    // A theme that fails contrast (or any bad value) stops the build, naming the pair.
    brand["theme"] = serde_json::json!({"colours": {"onBrand": "#ffffff", "brand": "#ffd23f"}});
    std::fs::write(dir.join("brand.json"), brand.to_string()).unwrap();
    let before = fingerprint(&dir.join("themed"));
    let err = format!(
        "{:#}",
        generator::build(&themed).expect_err("an unreadable theme fails the build")
    );
    assert!(err.contains("onBrand #ffffff on brand #ffd23f"), "{err}");
    assert_eq!(
        fingerprint(&dir.join("themed")),
        before,
        "a failed build leaves the output as it was"
    );
}
