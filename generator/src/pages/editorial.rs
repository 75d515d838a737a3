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
    /// The news list, from a news item whose flag asks for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    back: Option<String>,
    /// Sharing links, when the article's flag asks for them.
    share: Vec<ShareLink>,
    /// The show the article features, with its page when the site has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    featured: Option<FeaturedShow<'a>>,
}

/// A link that shares the article's address on a network (plain links: no script, no
/// third-party code on the page until the visitor follows one).
#[derive(Serialize)]
struct ShareLink {
    network: &'static str,
    href: String,
}

#[derive(Serialize)]
struct FeaturedShow<'a> {
    show: &'a ShowSummary,
    href: Option<String>,
}

impl<'a> ArticleView<'a> {
    fn new(
        cx: &PageCx,
        article: &'a Article,
        offer: Option<&'a Offer>,
        back: Option<String>,
    ) -> Self {
        ArticleView {
            article,
            offer,
            body: sanitize(article.content.as_deref()),
            back: back.filter(|_| article.display_back_to_news),
            share: if article.display_social_media {
                share_links(&cx.url, &article.title)
            } else {
                Vec::new()
            },
            featured: article.featured_show.as_ref().map(|show| FeaturedShow {
                show,
                href: cx
                    .locale
                    .show_by_slug
                    .get(&show.slug)
                    .and_then(|&i| cx.href(super::cx::show_kind(&cx.locale.shows[i]), &show.slug)),
            }),
        }
    }
}

/// X (the footer's name for Twitter), Facebook, LinkedIn and e-mail, each with the page's
/// canonical address.
fn share_links(url: &str, title: &str) -> Vec<ShareLink> {
    use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
    let u = utf8_percent_encode(url, NON_ALPHANUMERIC).to_string();
    let t = utf8_percent_encode(title, NON_ALPHANUMERIC).to_string();
    [
        ("x", "https://twitter.com/intent/tweet?url={u}&text={t}"),
        (
            "facebook",
            "https://www.facebook.com/sharer/sharer.php?u={u}",
        ),
        (
            "linkedin",
            "https://www.linkedin.com/sharing/share-offsite/?url={u}",
        ),
        ("email", "mailto:?subject={t}&body={u}"),
    ]
    .into_iter()
    .map(|(network, pattern)| ShareLink {
        network,
        href: pattern.replace("{u}", &u).replace("{t}", &t),
    })
    .collect()
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
    Built::new(&ArticleView::new(
        cx,
        article,
        None,
        cx.path(PageKind::News),
    ))
    .seo(SeoArgs {
        // Shared with the article's image (issue 13).
        image: article
            .image
            .as_ref()
            .and_then(|i| crate::seo::share_image(i, &article.title, cx.base())),
        ..article_seo(article)
    })
    .json_ld(vec![cx.breadcrumbs(&article.title)])
}

pub fn offer(cx: &PageCx, i: usize) -> Built {
    let offer = &cx.locale.news.offers[i];
    Built::new(&ArticleView::new(cx, &offer.article, Some(offer), None))
        .seo(article_seo(&offer.article))
}

pub fn experience_article(cx: &PageCx, group: usize, i: usize) -> Built {
    let article = &cx.locale.experience_groups[group].articles[i].article;
    Built::new(&ArticleView::new(cx, article, None, None)).seo(article_seo(article))
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
    /// The blocks' HTML, sanitised.
    explanation: Option<String>,
    listing: Option<String>,
    mobile_app: Option<String>,
    /// The cinemas block: the site's cinemas among the page's slugs, in its order.
    cinemas: Vec<MasterCinema<'a>>,
    /// The shows block: the cards in the page's first slot.
    has_shows: bool,
}

#[derive(Serialize)]
struct MasterCinema<'a> {
    name: &'a str,
    city: Option<&'a str>,
    href: Option<String>,
}

pub fn master_template(cx: &PageCx, i: usize) -> Built {
    let page = &cx.locale.master_templates[i];
    let explanation = page
        .explanation
        .as_ref()
        .map(|e| sanitize(e.content.as_deref()));
    let html = |b: &Option<TemplateBlock>| b.as_ref().map(|b| sanitize(b.content.as_deref()));
    let cinemas = page
        .cinemas
        .iter()
        .filter_map(|slug| {
            let &i = cx.locale.cinema_by_slug.get(slug)?;
            let c = &cx.locale.cinemas[i].cinema;
            Some(MasterCinema {
                name: &c.name,
                city: (!c.city.is_empty()).then_some(c.city.as_str()),
                href: cx.href(PageKind::Cinema, slug),
            })
        })
        .collect();
    let shows: Vec<&Show> = page
        .shows
        .iter()
        .filter_map(|slug| {
            cx.locale
                .show_by_slug
                .get(slug)
                .map(|&i| &cx.locale.shows[i])
        })
        .collect();
    let cards = crate::fragments::show_cards(
        shows.iter().map(|s| crate::fragments::Card {
            title: &s.title,
            poster: s.poster.as_ref(),
            flag: s.flag.as_ref(),
            duration: s.duration,
            href: cx.show_href(s),
        }),
        false,
    );
    Built::new(&MasterView {
        page,
        explanation,
        listing: html(&page.listing),
        mobile_app: html(&page.mobile_app),
        cinemas,
        has_shows: !shows.is_empty(),
    })
    .fragment_if_any(cards)
    .seo(SeoArgs {
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
    /// The highlighted news, above the unfiltered list's first page.
    highlighted: Vec<Linked<'a, Article>>,
    /// This page's items: news items and offers, each with its page.
    items: Vec<NewsCard<'a>>,
    /// The type filter: every type the list has, plus "all"; none with a single type.
    filters: Vec<FilterLink>,
    pager: Option<Pager>,
    /// The active type filter's name.
    filter: Option<&'static str>,
}

#[derive(Serialize)]
struct NewsCard<'a> {
    article: &'a Article,
    href: Option<String>,
    /// `news`, `event`, `offer`… (`news.filters.{kind}` names it).
    kind: &'static str,
}

#[derive(Serialize)]
struct FilterLink {
    /// `all` or a type's name (`news.filters.{name}` names it).
    name: &'static str,
    href: String,
    current: bool,
}

#[derive(Serialize)]
struct Pager {
    page: usize,
    total: usize,
    pages: Vec<PageLink>,
    previous: Option<String>,
    next: Option<String>,
}

#[derive(Serialize)]
struct PageLink {
    number: usize,
    href: String,
    current: bool,
}

/// A page of the news list (issue 13, `crate::news_list`): type filter, highlighted news,
/// offers pushed into the list, paging. Toggling the active type clears it (spec §4 news
/// page); every filter link goes to the first page.
pub fn news(cx: &PageCx, filter: Option<ArticleType>, number: usize) -> Built {
    use crate::news_list::{self, Entry};
    let list = &cx.locale.news;
    let own = news_list::suffix(filter, number);
    let base = cx
        .page
        .path
        .strip_suffix(own.as_str())
        .unwrap_or(&cx.page.path);
    let at =
        |kind: Option<ArticleType>, page: usize| format!("{base}{}", news_list::suffix(kind, page));
    let entries = news_list::entries(list, filter);
    let total = news_list::page_count(entries.len());
    let items = entries
        .iter()
        .skip((number - 1) * news_list::PAGE_SIZE)
        .take(news_list::PAGE_SIZE)
        .map(|e| match *e {
            Entry::News(a) => NewsCard {
                article: a,
                href: cx.href(PageKind::NewsItem, &a.slug),
                kind: news_list::type_name(a.kind),
            },
            Entry::Offer(o) => NewsCard {
                article: &o.article,
                href: cx.href(PageKind::Offer, &o.article.slug),
                kind: news_list::type_name(o.kind),
            },
        })
        .collect();
    let types = news_list::types(list);
    let filters = if types.len() > 1 {
        std::iter::once(FilterLink {
            name: "all",
            href: at(None, 1),
            current: filter.is_none(),
        })
        .chain(types.into_iter().map(|t| FilterLink {
            name: news_list::type_name(t),
            // The active type's link clears it.
            href: at((filter != Some(t)).then_some(t), 1),
            current: filter == Some(t),
        }))
        .collect()
    } else {
        Vec::new()
    };
    let pager = (total > 1).then(|| Pager {
        page: number,
        total,
        pages: (1..=total)
            .map(|n| PageLink {
                number: n,
                href: at(filter, n),
                current: n == number,
            })
            .collect(),
        previous: (number > 1).then(|| at(filter, number - 1)),
        next: (number < total).then(|| at(filter, number + 1)),
    });
    let highlighted = if filter.is_none() && number == 1 {
        news_links(cx, &list.highlighted)
    } else {
        Vec::new()
    };
    Built::new(&NewsView {
        highlighted,
        items,
        filters,
        pager,
        filter: filter.map(news_list::type_name),
    })
}
