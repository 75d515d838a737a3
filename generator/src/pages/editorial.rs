//! The editorial pages: news, experiences and their groups and articles, offers' articles,
//! master-template pages. Bodies from the CMS are sanitised here, once.

use super::cx::{sanitize, Built, Linked, PageCx};
use super::listings::news_links;
use crate::seo::SeoArgs;
use serde::Serialize;
use site::content::*;
use site::routes::PageKind;

/// An article page (news item, offer, experience article): the article and its body.
#[derive(Serialize)]
struct ArticleView<'a> {
    article: &'a Article,
    #[serde(skip_serializing_if = "Option::is_none")]
    offer: Option<&'a Offer>,
    body: String,
    /// The news list, from a news item.
    #[serde(skip_serializing_if = "Option::is_none")]
    back: Option<String>,
}

fn article_seo(article: &Article) -> SeoArgs {
    SeoArgs {
        title: article.title.clone(),
        teaser: article.teaser.clone().unwrap_or_default(),
        ..SeoArgs::default()
    }
}

pub fn news_item(cx: &PageCx, i: usize) -> Built {
    let article = &cx.locale.news.news[i];
    Built::new(&ArticleView {
        article,
        offer: None,
        body: sanitize(article.content.as_deref()),
        back: cx.path(PageKind::News),
    })
    .seo(article_seo(article))
    .json_ld(vec![cx.breadcrumbs(&article.title)])
}

pub fn offer(cx: &PageCx, i: usize) -> Built {
    let offer = &cx.locale.news.offers[i];
    Built::new(&ArticleView {
        article: &offer.article,
        offer: Some(offer),
        body: sanitize(offer.article.content.as_deref()),
        back: None,
    })
    .seo(article_seo(&offer.article))
}

pub fn experience_article(cx: &PageCx, group: usize, i: usize) -> Built {
    let article = &cx.locale.experience_groups[group].articles[i].article;
    Built::new(&ArticleView {
        article,
        offer: None,
        body: sanitize(article.content.as_deref()),
        back: None,
    })
    .seo(article_seo(article))
}

#[derive(Serialize)]
struct ExperienceView<'a> {
    experience: &'a Experience,
    /// The experience's schedule (issue 12): days written, filters.
    schedule_days: Vec<site::islands::ScheduleDay>,
    schedule_filters: Option<site::islands::ScheduleFilters>,
}

/// An experience and its schedule in every cinema of the site (`/api/gpxp/{slug}/shows`:
/// the showtimes tagged with the experience's tag, else its slug).
pub fn experience(cx: &PageCx, i: usize) -> Built {
    let experience = &cx.locale.experiences[i];
    let schedule = super::places::experience_schedule(cx, experience);
    let view = ExperienceView {
        experience,
        schedule_days: schedule.written,
        schedule_filters: Some(schedule.filters.clone()),
    };
    Built::new(&view)
        .fragment_if_any(schedule.html)
        .seo(SeoArgs {
            title: experience.title.clone(),
            ..SeoArgs::default()
        })
        .json_ld(vec![cx.breadcrumbs(&experience.title)])
        .islands(super::cx::PageIslands {
            schedule_days: schedule.days,
            schedule_filters: Some(schedule.filters),
            schedule_api: Some(format!("/api/gpxp/{}/shows", experience.slug)),
            ..super::cx::PageIslands::default()
        })
}

#[derive(Serialize)]
struct GroupView<'a> {
    group: &'a ExperienceGroup,
    articles: Vec<Linked<'a, ExperienceArticle>>,
}

pub fn experience_group(cx: &PageCx, i: usize) -> Built {
    let group = &cx.locale.experience_groups[i];
    let articles = cx.linked(
        "article",
        PageKind::ExperienceArticle,
        &group.articles,
        |a| &a.article.slug,
    );
    Built::new(&GroupView { group, articles }).seo(SeoArgs {
        title: group.experience.title.clone(),
        ..SeoArgs::default()
    })
}

#[derive(Serialize)]
struct MasterView<'a> {
    page: &'a MasterTemplate,
    explanation: Option<String>,
}

pub fn master_template(cx: &PageCx, i: usize) -> Built {
    let page = &cx.locale.master_templates[i];
    let explanation = page
        .explanation
        .as_ref()
        .map(|e| sanitize(e.content.as_deref()));
    Built::new(&MasterView { page, explanation }).seo(SeoArgs {
        title: page.title.clone(),
        description: page
            .header
            .as_ref()
            .and_then(|h| h.subtitle.clone())
            .unwrap_or_else(|| page.title.clone()),
        ..SeoArgs::default()
    })
}

#[derive(Serialize)]
struct NewsView<'a> {
    news: Vec<Linked<'a, Article>>,
}

pub fn news(cx: &PageCx) -> Built {
    let news = news_links(cx, &cx.locale.news.news);
    Built::new(&NewsView { news })
}
