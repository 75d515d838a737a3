//! The pages: one module per page family, each building its page's typed view — the data its
//! Tera template reads — with the page's SEO texts, JSON-LD, HTML fragments written in Rust
//! and the props of its islands. This module holds what they share: the page's context
//! (`PageCx`), what a family builds (`Built`), and the one place that turns it into a
//! template context (`page_context`).
//!
//! Everything about a page kind that does not depend on its item (template, layout, SEO key,
//! indexing, menu, tracking type) is decided by `site::routes::PageKind`, not here.

mod chrome;
mod cinema;
mod cinema_surfaces;
mod city;
mod commerce;
mod cx;
mod editorial;
mod feed_links;
mod hash;
mod help;
pub mod inline_scripts;
mod islands;
mod listings;
mod places;
mod season;
mod show;
mod upsell;

pub use chrome::{chrome, ChromeVariant, LocaleChrome};
pub use islands::island_props;

use crate::model::SiteData;
use crate::plan::{Item, Page, SitePages};
use crate::seo;
use cx::{Alternate, Built, NoData, PageCx, PageView};
use hash::hash_value;
use serde::Serialize;
use serde_json::Value;
use site::routes::{Menu, PageKind, RouteTable};

/// The page family that builds a page.
fn build(cx: &PageCx) -> Built {
    use PageKind::*;
    match cx.page.item {
        Item::Cinema(i) => cinema::cinema(cx, i),
        Item::City(i) => city::city(cx, i),
        Item::Show(i) => show::show(cx, i),
        Item::Season(i) => season::season(cx, i),
        Item::Experience(i) => editorial::experience(cx, i),
        Item::ExperienceGroup(i) => editorial::experience_group(cx, i),
        Item::ExperienceArticle(g, a) => editorial::experience_article(cx, g, a),
        Item::Offer(i) => editorial::offer(cx, i),
        Item::News(i) => editorial::news_item(cx, i),
        Item::MasterTemplate(i) => editorial::master_template(cx, i),
        Item::FaqArticle(c, a) => help::article(cx, c, a),
        Item::FaqCategory(c) => help::category(cx, c),
        Item::ShowsTab(tab) => listings::shows(cx, Some(tab)),
        Item::NewsList(filter, number) => editorial::news(cx, filter, number),
        Item::None => match cx.page.kind {
            Home => listings::home(cx),
            Shows => listings::shows(cx, None),
            Cinemas => listings::cinemas(cx),
            Events => listings::events(cx),
            Experiences | ExperienceLanding => listings::experiences(cx),
            News => editorial::news(cx, None, 1),
            Help | HelpSearch => help::home(cx),
            Offers => commerce::offers(cx),
            Ecards5 | Ecards3 => commerce::ecards(cx),
            GiftCard | GiftCardBalance => commerce::gift_card(cx),
            Subscription => commerce::subscription(cx),
            NotFound | NotFoundAlias | Gone => Built::new(&ErrorView {
                gone: cx.page.kind == Gone,
                script: (cx.page.kind != Gone).then_some(inline_scripts::ERROR_CODE),
            }),
            Sitemap => listings::sitemap(cx),
            _ => Built::new(&NoData {}),
        },
    }
}

#[derive(Serialize)]
struct ErrorView {
    gone: bool,
    /// The not-found pages' reading of `errorCode` (`inline_scripts::ERROR_CODE`).
    script: Option<&'static str>,
}

/// A page ready to render: its template, its context, its fragments and the hash of its
/// inputs.
pub struct PageContext {
    pub template: &'static str,
    pub context: tera::Context,
    /// HTML written in Rust, spliced at the template's `slot(n=…)` markers after minifying.
    pub fragments: Vec<String>,
    /// Hash of everything the page is made from (with the template set's own fingerprint,
    /// this decides whether the page must be rendered again).
    pub inputs: u64,
    /// The variant of the locale's chrome around the page; none without chrome (webviews).
    pub chrome: Option<ChromeVariant>,
}

/// What every page of a site is made from besides its locale's chrome.
#[derive(Clone, Copy)]
pub struct SiteInputs<'a> {
    pub table: &'a RouteTable,
    pub data: &'a SiteData,
    pub plan: &'a SitePages,
    pub islands: Option<&'a crate::islands::Islands>,
    /// The UI strings and labels of each language.
    pub renderers: &'a crate::render::Renderers,
    /// The instant the build is made as of (`BuildOptions::now`).
    pub now: chrono::DateTime<chrono::Utc>,
}

pub fn page_context(site: &SiteInputs, chrome: &LocaleChrome, page: &Page) -> PageContext {
    let SiteInputs {
        table,
        data,
        plan,
        islands,
        renderers,
        now,
    } = *site;
    let (labels, strings) = (renderers.labels(page.lang), renderers.strings(page.lang));
    let base = chrome.base_url.as_str();
    let cx = PageCx {
        table,
        data,
        chrome,
        locale: &data.locales[&page.lang],
        labels,
        page,
        url: format!("{base}{}", page.path),
        now,
    };
    let alternates = plan
        .alternates
        .get(&(page.kind, page.key.clone(), page.webview));
    let default_lang = page.site.default_language();
    let route = table.route(page.kind, page.site, page.lang, page.webview);
    let page_view = PageView {
        kind: page.kind.name(),
        key: match page.item {
            Item::ShowsTab(tab) => tab.seo_key(),
            _ => page.kind.seo_key(),
        },
        path: &page.path,
        url: &cx.url,
        lang: page.lang.code(),
        html_lang: page.lang.locale_on(page.site),
        og_locale: seo::og_locale(page.lang, page.site),
        og_alternates: page
            .site
            .languages()
            .iter()
            .filter(|l| **l != page.lang)
            .map(|l| seo::og_locale(*l, page.site))
            .collect(),
        alternates: alternates
            .into_iter()
            .flatten()
            .map(|(lang, path)| Alternate {
                lang: lang.code(),
                hreflang: lang.locale_on(page.site),
                href: format!("{base}{path}"),
                path,
            })
            .collect(),
        x_default: alternates
            .and_then(|list| list.iter().find(|(l, _)| *l == default_lang))
            .map(|(_, p)| format!("{base}{p}")),
        webview: page.webview,
        layout: route.map(|r| r.layout().to_string()).unwrap_or_default(),
        with_chrome: route.is_none_or(|r| r.layout().has_chrome()),
        menu: match route.map(|r| r.menu()) {
            Some(Menu::Movies) => "movies",
            Some(Menu::Cinemas) => "cinemas",
            _ => "",
        },
        tracking_type: route.map(|r| r.tracking_type()).unwrap_or(""),
        noindex: !route.is_some_and(|r| r.indexed()),
    };
    let built = build(&cx);
    let template = page.kind.template();
    let page_value = serde_json::to_value(&page_view).expect("the page view serialises");
    let json_ld: Vec<Value> = built
        .json_ld
        .into_iter()
        .map(|block| Value::String(block.0))
        .collect();
    let seo = serde_json::to_value(&built.seo).expect("SEO arguments are plain strings");
    let islands_value = island_props(&cx, islands, strings, &built.islands, &page_view);
    // What the page is made from; the chrome counts by its hash, computed once per locale.
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    hasher.update(template.as_bytes());
    hasher.update(&chrome.hash.to_le_bytes());
    for value in [&page_value, &seo, &built.data, &islands_value] {
        hash_value(&mut hasher, value);
    }
    hasher.update(&(json_ld.len() as u64).to_le_bytes());
    for block in &json_ld {
        hash_value(&mut hasher, block);
    }
    for fragment in &built.fragments {
        hasher.update(&(fragment.len() as u64).to_le_bytes());
        hasher.update(fragment.as_bytes());
    }
    let inputs = hasher.digest();
    let chrome_variant = page_view
        .with_chrome
        .then(|| ChromeVariant::of(page_view.menu, page_view.alternates.len(), &islands_value));
    // One object moved into the context: the page's data is converted once, never cloned;
    // the chrome and assets, the same for every page of the locale, are shared.
    let whole = serde_json::Map::from_iter([
        ("page".to_string(), page_value),
        ("seo".to_string(), seo),
        ("data".to_string(), built.data),
        ("json_ld".to_string(), Value::Array(json_ld)),
        ("islands".to_string(), islands_value),
    ]);
    let context = tera::Context::from_value(Value::Object(whole))
        .expect("an object is a valid context")
        .with_shared(chrome.page_values.clone());
    PageContext {
        template,
        context,
        fragments: built.fragments,
        inputs,
        chrome: chrome_variant,
    }
}
