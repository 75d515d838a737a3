//! The help centre: categories, articles by id and by slug, and their webview variants.

use crate::common::*;
use crate::support::*;
use site::routes::{PageKind, Params};
use site::Site;

#[test]
fn help_centre_categories_and_articles_by_id_and_slug_with_webview_variants() {
    let mut problems = Vec::new();
    let mut articles_checked = 0;
    for site in [Site::Fr, Site::Nl] {
        for &lang in site.languages() {
            let categories = api_json(site, Some(lang), "/faq/categories");
            assert!(
                !list(&categories, "").is_empty(),
                "{site}/{lang}: no FAQ categories"
            );
            for webview in [false, true] {
                let home = path_of_page(PageKind::Help, site, lang, &Params::new(), webview);
                let Some(help) = page(site, &home, &mut problems) else {
                    continue;
                };
                let help_doc = help.doc();
                if webview {
                    check_no_chrome(help, &help_doc, &mut problems);
                }
                let help_links = links(&help_doc);
                for category in list(&categories, "") {
                    let articles = list(category, "articles");
                    if articles.is_empty() {
                        continue;
                    }
                    let cid = str_of(category, "id").unwrap_or_default();
                    let href = path_of_page(PageKind::HelpCategory, site, lang, &id(cid), webview);
                    expect_link(
                        help,
                        &help_links,
                        &href,
                        str_of(category, "title"),
                        "help category",
                        &mut problems,
                    );
                    let Some(cat_page) = page(site, &href, &mut problems) else {
                        continue;
                    };
                    let cat_doc = cat_page.doc();
                    if webview {
                        check_no_chrome(cat_page, &cat_doc, &mut problems);
                    }
                    let cat_links = links(&cat_doc);
                    if let Some(title) = str_of(category, "title") {
                        if h1_texts(&cat_doc) != [title.to_string()] {
                            problems.push(format!(
                                "{}: h1 {:?}, expected [{title:?}]",
                                cat_page.file,
                                h1_texts(&cat_doc)
                            ));
                        }
                    }
                    for a in articles {
                        let (aid, aslug) = (
                            str_of(a, "id").unwrap_or_default(),
                            str_of(a, "slug").unwrap_or_default(),
                        );
                        let by_id =
                            path_of_page(PageKind::HelpArticleById, site, lang, &id(aid), webview);
                        let by_slug = path_of_page(
                            PageKind::HelpArticleBySlug,
                            site,
                            lang,
                            &slug(aslug),
                            webview,
                        );
                        if !cat_links.contains_key(&by_id) && !cat_links.contains_key(&by_slug) {
                            problems.push(format!(
                                "{}: no link to the article {aid} ({by_id} or {by_slug})",
                                cat_page.file
                            ));
                        }
                        for href in [by_id, by_slug] {
                            if let Some(html) = page(site, &href, &mut problems) {
                                articles_checked += 1;
                                check_article(html, a, &mut problems);
                                if webview {
                                    check_no_chrome(html, &html.doc(), &mut problems);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    eprintln!("help centre: {articles_checked} article pages checked");
    assert!(articles_checked > 0, "no help article page checked");
    assert_none("help centre", &problems);
}
