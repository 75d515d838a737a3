//! Issue 13, articles (spec §3 Article): the author, the news tag, the creation date, the
//! sharing links, the way back to the news and the featured show, each shown as the article's
//! display flags say, against the API's JSON of every news item of the small build.

use crate::common::*;
use crate::support::*;
use serde_json::Value;
use site::routes::{PageKind, Params};
use site::Lang;

fn text_of(doc: &Doc, css: &str) -> Option<String> {
    select(doc, css)
        .first()
        .map(|e| e.text().collect::<String>().trim().to_string())
}

fn flag(article: &Value, name: &str) -> bool {
    article[name].as_bool() == Some(true)
}

/// Checks one article page against its API entry.
fn check_flags(
    site: site::Site,
    lang: Lang,
    html: &Page,
    a: &Value,
    seen: &mut [usize; 6],
    problems: &mut Vec<String>,
) {
    let doc = html.doc();
    let file = &html.file;
    let author = str_of(a, "author").map(|au| ui_string(lang, "news.by").replace("{author}", au));
    let shown_author = text_of(&doc, ".byline .author");
    if shown_author != author {
        problems.push(format!(
            "{file}: author {shown_author:?}, expected {author:?}"
        ));
    }
    let tag = flag(a, "displayNewsTag").then(|| {
        ui_string(
            lang,
            &format!("news.filters.{}", str_of(a, "type").unwrap_or_default()),
        )
    });
    if text_of(&doc, ".news-tag") != tag {
        problems.push(format!(
            "{file}: news tag {:?}, expected {tag:?}",
            text_of(&doc, ".news-tag")
        ));
    }
    let dated =
        flag(a, "displayArticleCreationDate") && a.get("releaseDate").is_some_and(|d| !d.is_null());
    if select(&doc, ".byline .date").is_empty() == dated {
        problems.push(format!(
            "{file}: creation date shown {}, flag {dated}",
            !dated
        ));
    }
    let canonical = select(&doc, "link[rel=canonical]")
        .first()
        .and_then(|l| attr(*l, "href"))
        .unwrap_or_default()
        .to_string();
    let share: Vec<String> = select(&doc, ".share a")
        .iter()
        .filter_map(|l| attr(*l, "href"))
        .map(str::to_string)
        .collect();
    if flag(a, "displaySocialMedia") {
        let encoded: String =
            percent_encoding::utf8_percent_encode(&canonical, percent_encoding::NON_ALPHANUMERIC)
                .to_string();
        let networks = [
            "twitter.com/intent/tweet",
            "facebook.com/sharer",
            "linkedin.com/sharing",
            "mailto:",
        ];
        let ok = share.len() == networks.len()
            && share
                .iter()
                .zip(networks)
                .all(|(h, n)| h.contains(n) && h.contains(&encoded));
        if !ok || canonical.is_empty() {
            problems.push(format!("{file}: sharing links {share:?} for {canonical}"));
        }
    } else if !share.is_empty() {
        problems.push(format!(
            "{file}: sharing links although displaySocialMedia is false"
        ));
    }
    let back = select(&doc, ".back a")
        .first()
        .and_then(|l| attr(*l, "href"))
        .map(str::to_string);
    let news = path(PageKind::News, site, lang, &Params::new());
    let expected_back = flag(a, "displayBackToNews").then_some(news);
    if back != expected_back {
        problems.push(format!(
            "{file}: back link {back:?}, expected {expected_back:?}"
        ));
    }
    match a.get("featuredShow").filter(|f| f.is_object()) {
        Some(f) => {
            let s = str_of(f, "slug").unwrap_or_default();
            let title = text_of(&doc, ".featured-show h2");
            if title.as_deref() != str_of(f, "title") {
                problems.push(format!(
                    "{file}: featured show {title:?}, API {:?}",
                    str_of(f, "title")
                ));
            }
            let (status, show) = api_get(site, Some(lang), &format!("/show/{s}"));
            let kind = if show["isMovie"].as_bool() == Some(false) {
                PageKind::Event
            } else {
                PageKind::Show
            };
            let href = select(&doc, ".featured-show h2 a")
                .first()
                .and_then(|l| attr(*l, "href"))
                .map(str::to_string);
            let expected = (status == 200).then(|| path(kind, site, lang, &slug(s)));
            if href != expected {
                problems.push(format!(
                    "{file}: featured show link {href:?}, expected {expected:?}"
                ));
            }
        }
        None if !select(&doc, ".featured-show").is_empty() => {
            problems.push(format!("{file}: a featured show the API does not name"))
        }
        None => {}
    }
    for (i, shown) in [
        author.is_some(),
        tag.is_some(),
        dated,
        !share.is_empty(),
        back.is_some(),
        a.get("featuredShow").is_some_and(|f| f.is_object()),
    ]
    .into_iter()
    .enumerate()
    {
        seen[i] += usize::from(shown);
    }
}

#[test]
fn news_items_show_author_tag_date_sharing_back_link_and_featured_show_as_flagged() {
    let mut problems = Vec::new();
    let mut seen = [0usize; 6];
    let mut checked = 0;
    for site in SMALL_SITES {
        for &lang in site.languages() {
            let api = api_json(site, Some(lang), "/news");
            for a in list(&api, "news") {
                if a.get("redirectSlug").is_some_and(|r| !r.is_null()) {
                    continue;
                }
                let s = str_of(a, "slug").unwrap_or_default();
                let p = path(PageKind::NewsItem, site, lang, &slug(s));
                let Some(html) = page(site, &p, &mut problems) else {
                    continue;
                };
                check_flags(site, lang, html, a, &mut seen, &mut problems);
                checked += 1;
            }
        }
    }
    assert_none("article flags", &problems);
    assert!(checked > 10, "only {checked} news items");
    // Every surface is shown on some page and left out on another: the flags are read.
    for (i, n) in seen.iter().enumerate() {
        assert!(
            *n > 0 && *n < checked,
            "surface {i} shown on {n} of {checked} pages"
        );
    }
}
