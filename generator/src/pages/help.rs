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
    /// The category's first questions as accordions (spec §9 help accordion count 3), the
    /// others behind "display all".
    questions: Questions<'a>,
}

#[derive(Serialize)]
struct CategoryRef<'a> {
    id: &'a str,
    title: &'a str,
}

/// Questions as accordions: the first `shown`, the rest behind a "display all" `<details>`
/// (spec §4 FAQ display-all flags: set by the visitor, reset on a new page — a `<details>`
/// closed in the page's markup is exactly that, without JavaScript).
#[derive(Serialize)]
struct Questions<'a> {
    shown: Vec<Question<'a>>,
    more: Vec<Question<'a>>,
}

/// One question: its title as the accordion's summary, its answer and the article's page.
#[derive(Serialize)]
struct Question<'a> {
    id: &'a str,
    title: &'a str,
    answer: String,
    href: Option<String>,
}

/// Help accordion counts (spec §9): 3 questions per category on the help centre's home, 5 on
/// a category's page.
pub const HOME_QUESTIONS: usize = 3;
pub const CATEGORY_QUESTIONS: usize = 5;

fn questions<'a>(cx: &PageCx, articles: &'a [FaqArticle], shown: usize) -> Questions<'a> {
    let mut all: Vec<Question<'a>> = articles
        .iter()
        .map(|a| Question {
            id: &a.id,
            title: &a.title,
            answer: sanitize(Some(&a.content)),
            href: article_href(cx, a),
        })
        .collect();
    let more = all.split_off(shown.min(all.len()));
    Questions { shown: all, more }
}

/// The help centre's home and its search page (the search island fills in the results). A
/// category without articles has no page (spec §2 FAQ category guard) and no link.
pub fn home(cx: &PageCx) -> Built {
    let categories = cx
        .locale
        .faq
        .iter()
        .filter(|c| !c.articles.is_empty())
        .map(|c| CategoryLink {
            category: CategoryRef {
                id: &c.id,
                title: &c.title,
            },
            count: c.articles.len(),
            href: help_path(cx, PageKind::HelpCategory, &Params::new().with("id", &c.id)),
            questions: questions(cx, &c.articles, HOME_QUESTIONS),
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
    questions: Questions<'a>,
}

pub fn category(cx: &PageCx, i: usize) -> Built {
    let category = &cx.locale.faq[i];
    let refs: Vec<&FaqArticle> = category.articles.iter().collect();
    Built::new(&CategoryView {
        category,
        questions: questions(cx, &category.articles, CATEGORY_QUESTIONS),
    })
    .seo(SeoArgs {
        title: category.title.clone(),
        ..SeoArgs::default()
    })
    .json_ld(vec![seo::faq_page(&refs).into()])
}
