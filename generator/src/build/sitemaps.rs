//! One sitemap per language with reciprocal hreflang alternates, under a sitemap index; only
//! the pages their kind lets search engines index (`PageKind::indexed`). A page made from dated
//! content carries `<lastmod>` (`lastmod`); the others leave it out (docs/decisions.md).

use crate::model::SiteData;
use crate::output::Output;
use crate::plan::{Item, Page, SitePages};
use chrono::NaiveDate;
use std::fmt::Write as _;

pub fn write(
    output: &Output,
    root: &str,
    base: &str,
    plan: &SitePages,
    data: &SiteData,
    now: chrono::DateTime<chrono::Utc>,
) -> anyhow::Result<()> {
    let site = data.site;
    let today = now.date_naive();
    let mut index = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for &lang in site.languages() {
        let pages: Vec<&Page> = plan
            .pages
            .iter()
            .filter(|p| p.lang == lang && !p.webview && p.kind.indexed())
            .collect();
        if pages.is_empty() {
            continue;
        }
        let mut xml = String::from(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
        );
        for page in pages {
            let _ = write!(
                xml,
                "<url><loc>{}</loc>",
                xml_escape(&format!("{base}{}", page.path))
            );
            if let Some(alternates) = plan.alternates.get(&(page.kind, page.key.clone(), false)) {
                for (alt_lang, path) in alternates {
                    let _ = write!(
                        xml,
                        "<xhtml:link rel=\"alternate\" hreflang=\"{}\" href=\"{}\"/>",
                        alt_lang.locale_on(site),
                        xml_escape(&format!("{base}{path}"))
                    );
                }
                if let Some((_, path)) = alternates
                    .iter()
                    .find(|(l, _)| *l == site.default_language())
                {
                    let _ = write!(
                        xml,
                        "<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\"/>",
                        xml_escape(&format!("{base}{path}"))
                    );
                }
            }
            if let Some(date) = lastmod(data, page).filter(|d| *d <= today) {
                let _ = write!(xml, "<lastmod>{}</lastmod>", date.format("%Y-%m-%d"));
            }
            xml.push_str("</url>\n");
        }
        xml.push_str("</urlset>\n");
        let name = format!("sitemap-{}.xml", lang.code());
        output.write(&format!("{root}/{name}"), xml.as_bytes())?;
        let _ = writeln!(index, "<sitemap><loc>{base}/{name}</loc></sitemap>");
    }
    index.push_str("</sitemapindex>\n");
    output.write(&format!("{root}/sitemap.xml"), index.as_bytes())
}

/// The date the content of a page carries: an article's (news, offer, experience article)
/// release date, a help article's publication date. The API gives no modification date, and
/// cinemas, shows, cities and lists none at all: their pages have no `<lastmod>` (a wrong one
/// is worse than none for a search engine). A date after today is left out too.
pub fn lastmod(data: &SiteData, page: &Page) -> Option<NaiveDate> {
    let locale = data.locales.get(&page.lang)?;
    match page.item {
        Item::News(i) => locale.news.news.get(i)?.release_date,
        Item::Offer(i) => locale.news.offers.get(i)?.article.release_date,
        Item::ExperienceArticle(g, a) => {
            locale
                .experience_groups
                .get(g)?
                .articles
                .get(a)?
                .article
                .release_date
        }
        Item::FaqArticle(c, a) => locale.faq.get(c)?.articles.get(a)?.publication_date,
        _ => None,
    }
}

pub fn xml_escape(text: &str) -> String {
    if !text.contains(['&', '<', '>', '"']) {
        return text.to_string();
    }
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
