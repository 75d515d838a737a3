//! The locale's chrome (smart banner, header, footer: partials/chrome.html) rendered and
//! minified once per variant of its pages, then spliced into each page after minifying, like
//! the fragments: a page's template renders, and minify-html reads, only the page's own part.
//! The chrome's holes are filled per page: the header island's props (written as they are:
//! minify-html leaves a JSON script alone) and, between the footer's two parts, the page's
//! language links (rendered and minified with the page).

use crate::deps::SiteLinks;
use crate::fragments::{Piece, CHROME_MARKERS, HOLE};
use crate::pages::{ChromeVariant, LocaleChrome, PageContext};
use crate::render::Renderers;
use anyhow::Context as _;
use site::Lang;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A variant's chrome, minified, cut at its holes.
pub struct ChromeParts {
    /// The banner and header up to the header island's props (all of it without props).
    header: Vec<u8>,
    /// After the props.
    header_rest: Vec<u8>,
    /// The footer up to the page's language links, and after them.
    footer: Vec<u8>,
    footer_rest: Vec<u8>,
    /// The items these parts link to (the dependency map's ids), read once.
    link_ids: OnceLock<Vec<u32>>,
}

/// One locale's chrome, its variants rendered when a page first needs them.
pub struct ChromeCache<'a> {
    lang: Lang,
    chrome: &'a LocaleChrome,
    renderers: &'a Renderers,
    minify: &'a minify_html::Cfg,
    parts: Mutex<HashMap<ChromeVariant, Arc<ChromeParts>>>,
}

impl<'a> ChromeCache<'a> {
    pub fn new(
        lang: Lang,
        chrome: &'a LocaleChrome,
        renderers: &'a Renderers,
        minify: &'a minify_html::Cfg,
    ) -> ChromeCache<'a> {
        ChromeCache {
            lang,
            chrome,
            renderers,
            minify,
            parts: Mutex::default(),
        }
    }

    pub fn get(&self, variant: &ChromeVariant) -> anyhow::Result<Arc<ChromeParts>> {
        let mut parts = self.parts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = parts.get(variant) {
            return Ok(found.clone());
        }
        let made = Arc::new(self.render(variant)?);
        parts.insert(variant.clone(), made.clone());
        Ok(made)
    }

    fn render(&self, variant: &ChromeVariant) -> anyhow::Result<ChromeParts> {
        let context = tera::Context::from_value(variant.context(self.chrome))
            .expect("an object is a valid context");
        let html = self
            .renderers
            .render(self.lang, "partials/chrome.html", &context)
            .with_context(|| format!("rendering the chrome of {variant:?}"))?;
        let bytes = minify_html::minify(&html, self.minify);
        let mut cut: Vec<Vec<u8>> = split(&bytes, HOLE.as_bytes());
        let props = variant.header.as_ref().is_some_and(|(_, _, props)| *props);
        if !props {
            cut.insert(1, Vec::new());
        }
        let [header, header_rest, footer, footer_rest]: [Vec<u8>; 4] =
            cut.try_into().map_err(|cut: Vec<Vec<u8>>| {
                anyhow::anyhow!(
                    "the chrome of {variant:?} has {} holes, not {}",
                    cut.len() as isize - 1 - isize::from(!props),
                    2 + usize::from(props)
                )
            })?;
        Ok(ChromeParts {
            header,
            header_rest,
            footer,
            footer_rest,
            link_ids: OnceLock::new(),
        })
    }
}

impl ChromeParts {
    /// The ids of the items these parts link to (a header's city links, a footer's), read
    /// at the first page of the variant: a page reads only the links of its own part.
    pub fn link_ids(&self, links: &SiteLinks) -> &[u32] {
        self.link_ids.get_or_init(|| {
            let mut ids = Vec::new();
            for part in [
                &self.header,
                &self.header_rest,
                &self.footer,
                &self.footer_rest,
            ] {
                links.scan(part, &mut ids);
            }
            ids.sort_unstable();
            ids.dedup();
            ids
        })
    }

    /// The pieces of a page's chrome in the page's order, the header first (`header_props`:
    /// the header island's props), the footer's after the page's fragments.
    pub fn pieces<'p>(&'p self, header_props: &'p [u8]) -> ([Piece<'p>; 1], [Piece<'p>; 2]) {
        (
            [(
                CHROME_MARKERS[0],
                [&self.header, header_props, &self.header_rest],
            )],
            [
                (CHROME_MARKERS[1], [&self.footer, &[], &[]]),
                (CHROME_MARKERS[2], [&self.footer_rest, &[], &[]]),
            ],
        )
    }
}

/// The header island's props of a page (what fills the chrome's first hole).
pub fn header_props(pc: &PageContext) -> &[u8] {
    pc.context
        .get("islands")
        .and_then(|islands| islands.pointer("/on/header/props"))
        .and_then(|props| props.as_str())
        .unwrap_or_default()
        .as_bytes()
}

fn split(bytes: &[u8], at: &[u8]) -> Vec<Vec<u8>> {
    let mut parts = Vec::new();
    let mut rest = bytes;
    while let Some(i) = rest.windows(at.len()).position(|w| w == at) {
        parts.push(rest[..i].to_vec());
        rest = &rest[i + at.len()..];
    }
    parts.push(rest.to_vec());
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chrome minified alone with its holes, then spliced around the page minified with
    /// markers, gives the bytes of the whole page minified at once.
    #[test]
    fn the_chrome_minified_alone_fits_the_page_minified_alone() {
        let header = |props: &str| {
            format!("<aside class=\"smart-banner\" hidden>\n  <p><strong>App</strong></p>\n  <a href=\"/x?a=1&b=2\">A</a>\n</aside>\n<header class=\"site-header\">\n<nav><ul>\n  <li><a href=\"/films\" aria-current=\"page\">Films</a></li>\n</ul></nav>\n  <div class=\"header-tools\"><button type=\"button\">S</button>\n  <script type=\"application/json\" data-props>{props}</script></div>\n</header>")
        };
        let footer = |languages: &str| {
            format!("<footer class=\"site-footer\">\n<div class=\"footer-inner\">\n  <p class=\"footer-name\">Brand</p>\n  <div class=\"footer-bottom\">\n  {languages}\n  <p class=\"copyright\">© 2026 Brand</p>\n  </div>\n</div>\n</footer>")
        };
        let props = r#"{"a":"x  y & <\/b>","b":[1, 2]}"#;
        let languages = "<nav class=\"languages\" aria-label=\"Langue\">\n    <ul>\n      <li><a class=\"tap\" href=\"/en/a b\" lang=\"en\">English</a></li>\n    </ul>\n  </nav>";
        let page = |top: &str, bottom: &str| {
            format!("<!doctype html><html lang=fr><head><title>t</title></head><body class=\"page-home\">\n{top}\n<div class=\"alerts\"></div>\n<main id=\"main\">\n<p> page </p>\n</main>\n{bottom}\n<script type=\"module\" src=\"/l.js\"></script>\n</body>\n</html>")
        };
        let mut cfg = minify_html::Cfg::new();
        cfg.keep_html_and_head_opening_tags = true;
        let whole = minify_html::minify(page(&header(props), &footer(languages)).as_bytes(), &cfg);
        let chrome = format!("{}\n{HOLE}\n{}", header(HOLE), footer(HOLE));
        let cut = split(
            &minify_html::minify(chrome.as_bytes(), &cfg),
            HOLE.as_bytes(),
        );
        let [h, h_rest, f, f_rest]: [Vec<u8>; 4] = cut.try_into().expect("three holes");
        let parts = ChromeParts {
            header: h,
            header_rest: h_rest,
            footer: f,
            footer_rest: f_rest,
            link_ids: OnceLock::new(),
        };
        let own = page(
            CHROME_MARKERS[0],
            &format!("{}\n{languages}\n{}", CHROME_MARKERS[1], CHROME_MARKERS[2]),
        );
        let minified = minify_html::minify(own.as_bytes(), &cfg);
        let (top, bottom) = parts.pieces(props.as_bytes());
        let pieces: Vec<Piece> = top.into_iter().chain(bottom).collect();
        let spliced = crate::fragments::splice_pieces(&minified, &pieces).expect("markers");
        assert_eq!(String::from_utf8(spliced), String::from_utf8(whole));
    }
}
