//! The site's stylesheet: `templates/css/site.css` with its `@import`s inlined (one file per
//! concern, in the order site.css lists them), the brand's theme (`site::theme`) appended as
//! custom properties, then minified. One file, so a page pays one request, and hashed, so it
//! can be cached for good.

use anyhow::Context as _;
use lightningcss::bundler::{Bundler, FileProvider};
use lightningcss::stylesheet::{MinifyOptions, ParserOptions, PrinterOptions};
use site::theme::Theme;
use std::path::Path;

/// The entry stylesheet, relative to the templates folder.
pub const ENTRY: &str = "css/site.css";

/// The print stylesheet's entry: linked with `media="print"`, so a screen does not wait for
/// it (it is out of the render-blocking CSS budget).
pub const PRINT_ENTRY: &str = "css/print-sheet.css";

/// The minified stylesheet of the sites: the design system, then the theme.
pub fn stylesheet(templates: &Path, theme: &Theme) -> anyhow::Result<Vec<u8>> {
    // The theme comes last and outside any layer, so it wins over the defaults of tokens.css.
    let mut out = bundle(templates, ENTRY)?;
    out.extend_from_slice(theme.to_css().as_bytes());
    Ok(out)
}

/// The minified print stylesheet (its rules in the `utilities` layer the main one declares).
pub fn print_stylesheet(templates: &Path) -> anyhow::Result<Vec<u8>> {
    bundle(templates, PRINT_ENTRY)
}

/// An entry stylesheet with its `@import`s inlined, minified.
fn bundle(templates: &Path, entry: &str) -> anyhow::Result<Vec<u8>> {
    let entry = templates.join(entry);
    let provider = FileProvider::new();
    let mut bundler = Bundler::new(&provider, None, ParserOptions::default());
    let mut sheet = bundler
        .bundle(&entry)
        .map_err(|e| anyhow::anyhow!("{}: {e}", entry.display()))?;
    sheet
        .minify(MinifyOptions::default())
        .map_err(|e| anyhow::anyhow!("minifying {}: {e}", entry.display()))?;
    let css = sheet
        .to_css(PrinterOptions {
            minify: true,
            ..PrinterOptions::default()
        })
        .with_context(|| format!("writing {}", entry.display()))?;
    Ok(css.code.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(files: &[(&str, &str)]) -> tempdir::Dir {
        let dir = tempdir::Dir::new();
        for (name, text) in files {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    /// A scratch folder removed on drop (no extra crate for it).
    mod tempdir {
        pub struct Dir(std::path::PathBuf);
        impl Dir {
            pub fn new() -> Dir {
                static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
                let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let path =
                    std::env::temp_dir().join(format!("styles-test-{}-{n}", std::process::id()));
                let _ = std::fs::remove_dir_all(&path);
                std::fs::create_dir_all(&path).unwrap();
                Dir(path)
            }
            pub fn path(&self) -> &std::path::Path {
                &self.0
            }
        }
        impl Drop for Dir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    #[test]
    fn imports_are_inlined_in_order_minified_and_the_theme_comes_last() {
        let dir = folder(&[
            ("css/site.css", "@layer tokens, base;\n@import \"tokens.css\" layer(tokens);\n@import \"base.css\" layer(base);\n"),
            ("css/tokens.css", ":root {\n  --color-brand: #ffd23f;\n}\n"),
            ("css/base.css", "body {\n  color: var(--color-ink);\n  margin: 0px;\n}\n"),
        ]);
        let theme: Theme =
            serde_json::from_str(r##"{"colours":{"brand":"#e30613","onBrand":"#ffffff"}}"##)
                .unwrap();
        let css = String::from_utf8(stylesheet(dir.path(), &theme).unwrap()).unwrap();
        let tokens = css.find("--color-brand:#ffd23f").expect(&css);
        let base = css.find("body{").expect(&css);
        let theme_at = css.find("--color-brand:#e30613").expect(&css);
        assert!(tokens < base && base < theme_at, "{css}");
        assert!(!css.contains("@import") && !css.contains('\n'), "{css}");
    }

    #[test]
    fn a_missing_import_or_bad_css_fails_with_the_file_named() {
        let dir = folder(&[("css/site.css", "@import \"nope.css\";")]);
        let err = format!(
            "{:#}",
            stylesheet(dir.path(), &Theme::default()).unwrap_err()
        );
        assert!(
            err.contains("site.css") || err.contains("nope.css"),
            "{err}"
        );
    }
}
