//! Articles: the news and offers lists and pages, experiences, their groups and articles.

use crate::common::*;
use crate::support::*;
use site::routes::{PageKind, Params};
use site::{Lang, Site};

#[test]
fn news_and_offers_lists_and_pages_show_their_articles() {
    let mut problems = Vec::new();
    for (site, lang) in [
        (Site::Fr, Lang::Fr),
        (Site::Nl, Lang::En),
        (Site::Ch, Lang::De),
    ] {
        let news = api_json(site, Some(lang), "/news");
        let none = Params::new();
        let lists = [
            (PageKind::News, PageKind::NewsItem, "news"),
            (PageKind::Offers, PageKind::Offer, "offers"),
        ];
        for (list_kind, item_kind, key) in lists {
            let items = list(&news, key);
            assert!(!items.is_empty(), "{site}/{lang}: /api/news has no {key}");
            let Some(list_page) = page(site, &path(list_kind, site, lang, &none), &mut problems)
            else {
                continue;
            };
            let mut list_links = links(&list_page.doc());
            // The news list is paged (issue 13): an item is linked from one of its pages.
            if list_kind == PageKind::News {
                let base = path(list_kind, site, lang, &none);
                for (p, html) in &SMALL.sites[&site].pages {
                    if p.starts_with(&format!("{base}/page-"))
                        || p.starts_with(&format!("{base}/type-"))
                    {
                        for (href, texts) in links(&html.doc()) {
                            list_links.entry(href).or_default().extend(texts);
                        }
                    }
                }
            }
            for a in items {
                let s = str_of(a, "slug").unwrap_or_default();
                let href = path(item_kind, site, lang, &slug(s));
                expect_link(
                    list_page,
                    &list_links,
                    &href,
                    str_of(a, "title"),
                    key,
                    &mut problems,
                );
                let Some(html) = page(site, &href, &mut problems) else {
                    continue;
                };
                check_article(html, a, &mut problems);
            }
        }
    }
    assert_none("news and offers", &problems);
}

#[test]
fn experience_pages_groups_and_articles_render_their_content() {
    let mut problems = Vec::new();
    for (site, lang) in [(Site::Fr, Lang::Fr), (Site::Nl, Lang::Nl)] {
        let Some(list_page) = page(
            site,
            &path(PageKind::Experiences, site, lang, &Params::new()),
            &mut problems,
        ) else {
            continue;
        };
        let list_links = links(&list_page.doc());
        let experiences = api_json(site, Some(lang), "/gpxp");
        assert!(!list(&experiences, "").is_empty(), "{site}: no experiences");
        for x in list(&experiences, "") {
            let s = str_of(x, "slug").unwrap_or_default();
            let href = path(PageKind::Experience, site, lang, &slug(s));
            expect_link(
                list_page,
                &list_links,
                &href,
                str_of(x, "title"),
                "experience",
                &mut problems,
            );
            let Some(html) = page(site, &href, &mut problems) else {
                continue;
            };
            let doc = html.doc();
            let title = str_of(x, "title").unwrap_or_default();
            if h1_texts(&doc) != [title.to_string()] {
                problems.push(format!(
                    "{}: h1 {:?}, expected [{title:?}]",
                    html.file,
                    h1_texts(&doc)
                ));
            }
            let text = doc_text(&doc);
            if let Some(teaser) = str_of(x, "teaser") {
                expect_text(html, &text, teaser, "teaser", &mut problems);
            }
        }
        let groups = api_json(site, Some(lang), "/experience-groups");
        assert!(
            !list(&groups, "").is_empty(),
            "{site}: no experience groups"
        );
        for g in list(&groups, "") {
            let s = str_of(g, "slug").unwrap_or_default();
            let href = path(PageKind::ExperienceGroup, site, lang, &slug(s));
            expect_link(
                list_page,
                &list_links,
                &href,
                str_of(g, "title"),
                "experience group",
                &mut problems,
            );
            let Some(html) = page(site, &href, &mut problems) else {
                continue;
            };
            let doc = html.doc();
            let group_links = links(&doc);
            let title = str_of(g, "title").unwrap_or_default();
            if h1_texts(&doc) != [title.to_string()] {
                problems.push(format!(
                    "{}: h1 {:?}, expected [{title:?}]",
                    html.file,
                    h1_texts(&doc)
                ));
            }
            for a in list(g, "articles") {
                let href = path(
                    PageKind::ExperienceArticle,
                    site,
                    lang,
                    &slug(str_of(a, "slug").unwrap_or_default()),
                );
                expect_link(
                    html,
                    &group_links,
                    &href,
                    str_of(a, "title"),
                    "experience article",
                    &mut problems,
                );
                if let Some(article) = page(site, &href, &mut problems) {
                    check_article(article, a, &mut problems);
                }
            }
        }
    }
    assert_none("experiences", &problems);
}
