//! The help centre (spec §4 FAQ): its home and search page, categories and articles, each
//! also a webview page (links stay in the webview).

use super::cx::{sanitize, Built, PageCx};
use crate::seo::{self, SeoArgs};
use serde::Serialize;
use site::content::*;
use site::routes::{PageKind, Params};

/// A help page's path in the page's language, webview or not as the page is.
fn help_path(cx: &PageCx, kind: PageKind, params: &Params) -> Option<String> {
    let page = cx.page;
    cx.table
        .path(kind, page.site, page.lang, params, page.webview)
}

fn article_href(cx: &PageCx, article: &FaqArticle) -> Option<String> {
    help_path(
        cx,
        PageKind::HelpArticleBySlug,
        &Params::new().with("slug", &article.slug),
    )
}

#[derive(Serialize)]
struct HomeView<'a> {
    categories: Vec<CategoryLink<'a>>,
    search_href: Option<String>,
}

#[derive(Serialize)]
struct CategoryLink<'a> {
    category: CategoryRef<'a>,
    count: usize,
    href: Option<String>,
}

#[derive(Serialize)]
struct CategoryRef<'a> {
    id: &'a str,
    title: &'a str,
}

/// The help centre's home and its search page (the search island fills in the results).
pub fn home(cx: &PageCx) -> Built {
    let categories = cx
        .locale
        .faq
        .iter()
        .map(|c| CategoryLink {
            category: CategoryRef {
                id: &c.id,
                title: &c.title,
            },
            count: c.articles.len(),
            href: help_path(cx, PageKind::HelpCategory, &Params::new().with("id", &c.id)),
        })
        .collect();
    Built::new(&HomeView {
        categories,
        search_href: help_path(cx, PageKind::HelpSearch, &Params::new()),
    })
}

#[derive(Serialize)]
struct ArticleView<'a> {
    article: &'a FaqArticle,
    body: String,
    related: Vec<ArticleLink<'a>>,
}

#[derive(Serialize)]
struct ArticleLink<'a> {
    title: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    teaser: Option<&'a Option<String>>,
    href: Option<String>,
}

/// Other articles of the category under an article.
const RELATED_ARTICLES: usize = 5;

pub fn article(cx: &PageCx, category: usize, i: usize) -> Built {
    let category = &cx.locale.faq[category];
    let article = &category.articles[i];
    let related = category
        .articles
        .iter()
        .filter(|x| x.id != article.id)
        .take(RELATED_ARTICLES)
        .map(|x| ArticleLink {
            title: &x.title,
            teaser: None,
            href: article_href(cx, x),
        })
        .collect();
    Built::new(&ArticleView {
        article,
        body: sanitize(Some(&article.content)),
        related,
    })
    .seo(SeoArgs {
        title: article.title.clone(),
        teaser: article.teaser.clone().unwrap_or_default(),
        ..SeoArgs::default()
    })
    .json_ld(vec![seo::faq_page(&[article]).into()])
}

#[derive(Serialize)]
struct CategoryView<'a> {
    category: &'a FaqCategory,
    articles: Vec<ArticleLink<'a>>,
}

pub fn category(cx: &PageCx, i: usize) -> Built {
    let category = &cx.locale.faq[i];
    let articles = category
        .articles
        .iter()
        .map(|x| ArticleLink {
            title: &x.title,
            teaser: Some(&x.teaser),
            href: article_href(cx, x),
        })
        .collect();
    let refs: Vec<&FaqArticle> = category.articles.iter().collect();
    Built::new(&CategoryView { category, articles })
        .seo(SeoArgs {
            title: category.title.clone(),
            ..SeoArgs::default()
        })
        .json_ld(vec![seo::faq_page(&refs).into()])
}
