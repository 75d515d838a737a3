//! `docs/routes.md`, written from the table so the documentation cannot drift from the code
//! (a test compares the file with this output; `UPDATE_DOCS=1` rewrites it).

use std::fmt::Write;

use super::kind::{PageKind, ShowsTab};
use super::table::RouteTable;
use crate::sites::{Lang, Site};

impl RouteTable {
    /// The route reference: one section per page kind with its properties and a table
    /// site × language → full path pattern.
    pub fn routes_markdown(&self) -> String {
        let mut md = String::new();
        let brand = self.brand();
        md.push_str("# Routes\n\n");
        md.push_str(
            "Generated from the route table in `site/src/routes/` \
             (`RouteTable::routes_markdown`); do not edit by hand. To refresh it run\n\
             `UPDATE_DOCS=1 cargo test -p site --test routes routes_doc_is_current`.\n\n",
        );
        let _ = writeln!(
            md,
            "Brand slug used for brand-named paths: `{brand}`. French on the FR site has no \
             prefix; every other site and language pair starts with `/{{lang}}`. No path ends \
             with a slash. Webview variants (no header, no footer) add `/m` after the language \
             prefix. A page that takes URL filters also answers at `{{path}}/filters/...`.\n"
        );
        md.push_str(
            "In the tables, `—` means the page does not exist for that site and language (the \
             path is a 404 there); an empty cell means the site does not offer the language.\n\n",
        );
        md.push_str("Parameters: `{slug}` and `{id}` take URL-safe values (ASCII letters, digits, `-`, `_`, `.`, `~`); `{tab}` takes one of the localized tab names below.\n\n");
        md.push_str("| tab key | fr | en | de | nl |\n| --- | --- | --- | --- | --- |\n");
        for tab in ShowsTab::ALL {
            let _ = write!(md, "| `{}` |", tab.key());
            for lang in Lang::ALL {
                let _ = write!(md, " `{}` |", tab.localized(lang));
            }
            md.push('\n');
        }
        md.push('\n');

        md.push_str("## Contents\n\n");
        for kind in PageKind::ALL {
            let _ = writeln!(md, "- [{kind}](#{})", kind.name().to_lowercase());
        }
        md.push('\n');

        for kind in PageKind::ALL {
            let _ = writeln!(md, "## {kind}\n");
            let params = kind.params();
            let _ = writeln!(
                md,
                "- template: `{}`\n- layout: {}\n- indexed: {}\n- SEO key: `{}`\n\
                 - tracking page type: `{}`\n- active menu: {}\n\
                 - parameters: {}\n- URL filters: {}\n- webview variant: {}\n",
                kind.template(),
                kind.layout(),
                if kind.indexed() { "yes" } else { "no" },
                kind.seo_key(),
                kind.tracking_type(),
                kind.menu(),
                if params.is_empty() {
                    "none".to_string()
                } else {
                    params
                        .iter()
                        .map(|p| format!("`{p}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                },
                if kind.accepts_filters() { "yes" } else { "no" },
                if kind.has_webview() {
                    "yes (layout Webview)"
                } else {
                    "no"
                },
            );
            self.write_grid(&mut md, kind, false);
            if kind.has_webview() {
                md.push_str("Webview variant:\n\n");
                self.write_grid(&mut md, kind, true);
            }
        }
        self.feeds_markdown(&mut md);
        md
    }

    fn write_grid(&self, md: &mut String, kind: PageKind, webview: bool) {
        md.push_str("| site | fr | en | de | nl |\n| --- | --- | --- | --- | --- |\n");
        for site in Site::ALL {
            let _ = write!(md, "| {site} |");
            for lang in Lang::ALL {
                let cell = if !site.supports(lang) {
                    String::new()
                } else {
                    match self.route(kind, site, lang, webview) {
                        Some(route) => format!("`{}`", route.full_pattern()),
                        None => "—".to_string(),
                    }
                };
                let _ = write!(md, " {cell} |");
            }
            md.push('\n');
        }
        md.push('\n');
    }
}
