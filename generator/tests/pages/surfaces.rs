//! Issue 13's surfaces of the news, help-centre and gift-card pages, against the API's JSON:
//! the news list's type filter, paging, highlighted news and pushed offers; the help
//! centre's question accordions (3 and 5, then "display all") and its category guard; the
//! gift-card page and its balance page.

use crate::common::*;
use crate::support::*;
use scraper::ElementRef;
use serde_json::Value;
use site::routes::{PageKind, Params};
use site::Site;

/// Items per news page and offers pushed into the unfiltered list (generator/src/news_list.rs;
/// spec §9 "push list on news: first 4 kept").
const NEWS_PAGE: usize = 6;
const PUSHED_OFFERS: usize = 4;

fn titles(values: &[&Value]) -> Vec<String> {
    values
        .iter()
        .map(|v| str_of(v, "title").unwrap_or_default().to_string())
        .collect()
}

/// Newest first, the API's order between equal dates (a stable sort).
fn newest_first(mut items: Vec<&Value>) -> Vec<&Value> {
    items.sort_by(|a, b| {
        str_of(b, "releaseDate")
            .unwrap_or("")
            .cmp(str_of(a, "releaseDate").unwrap_or(""))
    });
    items
}

fn suffix(kind: Option<&str>, page: usize) -> String {
    let mut s = kind.map(|k| format!("/type-{k}")).unwrap_or_default();
    if page > 1 {
        s.push_str(&format!("/page-{page}"));
    }
    s
}

#[test]
fn news_list_type_filter_paging_highlighted_news_and_pushed_offers() {
    let mut problems = Vec::new();
    let mut pages_checked = 0;
    let mut paged = 0;
    let mut filtered = 0;
    for site in SMALL_SITES {
        for &lang in site.languages() {
            let api = api_json(site, Some(lang), "/news");
            let news: Vec<&Value> = list(&api, "news").iter().collect();
            let offers: Vec<&Value> = list(&api, "offers").iter().collect();
            let highlighted: Vec<&Value> = list(&api, "highlighted").iter().collect();
            let base = path(PageKind::News, site, lang, &Params::new());
            let mut types: Vec<&str> = Vec::new();
            for t in ["news", "event", "offer", "experience"] {
                if news
                    .iter()
                    .chain(&offers)
                    .any(|a| str_of(a, "type") == Some(t))
                {
                    types.push(t);
                }
            }
            let mut filters: Vec<Option<&str>> = vec![None];
            filters.extend(types.iter().map(|t| Some(*t)));
            for filter in filters {
                let entries: Vec<&Value> = match filter {
                    None => newest_first(
                        news.iter()
                            .filter(|a| {
                                !highlighted
                                    .iter()
                                    .any(|h| str_of(h, "slug") == str_of(a, "slug"))
                            })
                            .copied()
                            .chain(offers.iter().take(PUSHED_OFFERS).copied())
                            .collect(),
                    ),
                    Some(t) => newest_first(
                        news.iter()
                            .chain(&offers)
                            .filter(|a| str_of(a, "type") == Some(t))
                            .copied()
                            .collect(),
                    ),
                };
                let total = entries.len().div_ceil(NEWS_PAGE).max(1);
                for number in 1..=total {
                    let href = format!("{base}{}", suffix(filter, number));
                    let Some(html) = page(site, &href, &mut problems) else {
                        continue;
                    };
                    pages_checked += 1;
                    if number > 1 {
                        paged += 1;
                    }
                    if filter.is_some() {
                        filtered += 1;
                    }
                    let doc = html.doc();
                    let shown: Vec<String> = select(&doc, ".news-list .card-title")
                        .into_iter()
                        .map(text_of)
                        .collect();
                    let expected: Vec<&Value> = entries
                        .iter()
                        .skip((number - 1) * NEWS_PAGE)
                        .take(NEWS_PAGE)
                        .copied()
                        .collect();
                    if shown != titles(&expected) {
                        problems.push(format!(
                            "{}: the list shows {shown:?}, the API's JSON gives {:?}",
                            html.file,
                            titles(&expected)
                        ));
                    }
                    // Highlighted news above the unfiltered first page only.
                    let hl: Vec<String> = select(&doc, ".news-highlighted .card-title")
                        .into_iter()
                        .map(text_of)
                        .collect();
                    let want_hl = if filter.is_none() && number == 1 {
                        titles(&highlighted)
                    } else {
                        Vec::new()
                    };
                    if hl != want_hl {
                        problems.push(format!(
                            "{}: highlighted {hl:?}, expected {want_hl:?}",
                            html.file
                        ));
                    }
                    // Type filter: "all" and each type; the active one is current and clears.
                    if types.len() > 1 {
                        let chips = select(&doc, ".news-filter a");
                        let current: Vec<&str> = chips
                            .iter()
                            .filter(|a| attr(**a, "aria-current").is_some())
                            .filter_map(|a| attr(*a, "href"))
                            .collect();
                        // "All" when unfiltered; the active type, whose link clears it.
                        let want_current = base.clone();
                        if current != [want_current.as_str()] {
                            problems.push(format!(
                                "{}: current filter links {current:?}, expected [{want_current}]",
                                html.file
                            ));
                        }
                        let hrefs: Vec<&str> =
                            chips.iter().filter_map(|a| attr(*a, "href")).collect();
                        for t in &types {
                            let to = if filter == Some(*t) {
                                base.clone()
                            } else {
                                format!("{base}{}", suffix(Some(t), 1))
                            };
                            if !hrefs.contains(&to.as_str()) {
                                problems.push(format!(
                                    "{}: no type filter link to {to} ({t})",
                                    html.file
                                ));
                            }
                        }
                    }
                    // Paging: a link to every other page, the current one marked.
                    let pager = select(&doc, "nav.pager a[href]");
                    for other in 1..=total {
                        let to = format!("{base}{}", suffix(filter, other));
                        let linked = pager.iter().any(|a| attr(*a, "href") == Some(to.as_str()));
                        if other != number && !linked {
                            problems.push(format!("{}: no pager link to {to}", html.file));
                        }
                    }
                    if total > 1
                        && first(&doc, "nav.pager [aria-current=page]").map(text_of)
                            != Some(number.to_string())
                    {
                        problems.push(format!(
                            "{}: the pager does not mark page {number}",
                            html.file
                        ));
                    }
                }
                // No page past the last one.
                let past = format!("{base}{}", suffix(filter, total + 1));
                if SMALL.sites[&site].pages.contains_key(&past) {
                    problems.push(format!("{site}: {past} exists past the last page"));
                }
            }
        }
    }
    eprintln!("news list: {pages_checked} pages, {paged} past the first, {filtered} filtered");
    assert!(
        paged > 0,
        "no news page past the first: paging is not proven"
    );
    assert!(filtered > 0, "no filtered news page");
    assert_none("news list", &problems);
}

/// The question titles of an accordion list, shown first and behind "display all".
fn accordions(scope: ElementRef<'_>) -> (Vec<String>, Vec<String>) {
    let summaries = |list: ElementRef<'_>| -> Vec<String> {
        select_in(list, "details.faq-question > summary")
            .into_iter()
            .map(text_of)
            .collect()
    };
    let mut shown = Vec::new();
    let mut more = Vec::new();
    for child in scope.child_elements() {
        if has_class(child, "faq-questions") {
            shown.extend(summaries(child));
        } else if has_class(child, "faq-more") {
            more.extend(summaries(child));
        }
    }
    (shown, more)
}

#[test]
fn help_accordions_show_3_and_5_questions_then_display_all_and_empty_categories_have_no_page() {
    let mut problems = Vec::new();
    let mut more_checked = 0;
    let mut guarded = 0;
    for site in [Site::Fr, Site::Nl] {
        for &lang in site.languages() {
            let categories = api_json(site, Some(lang), "/faq/categories");
            for webview in [false, true] {
                let home = path_of_page(PageKind::Help, site, lang, &Params::new(), webview);
                let Some(help) = page(site, &home, &mut problems) else {
                    continue;
                };
                let doc = help.doc();
                let sections = select(&doc, ".faq-category");
                if sections.len() != list(&categories, "").len() {
                    problems.push(format!(
                        "{}: {} category sections, the API has {} categories with articles",
                        help.file,
                        sections.len(),
                        list(&categories, "").len()
                    ));
                }
                for (category, section) in list(&categories, "").iter().zip(sections) {
                    let articles: Vec<&Value> = list(category, "articles").iter().collect();
                    let all = titles(&articles);
                    let (shown, more) = accordions(section);
                    let split = all.len().min(3);
                    if shown != all[..split] || more != all[split..] {
                        problems.push(format!(
                            "{}: category {:?} shows {shown:?} then {more:?}, the API has {all:?}",
                            help.file,
                            str_of(category, "title")
                        ));
                    }
                    if !more.is_empty() {
                        more_checked += 1;
                    }
                    let cid = str_of(category, "id").unwrap_or_default();
                    let href = path_of_page(PageKind::HelpCategory, site, lang, &id(cid), webview);
                    let Some(cat_page) = page(site, &href, &mut problems) else {
                        continue;
                    };
                    let cat_doc = cat_page.doc();
                    let main = first(&cat_doc, "main").expect("a main element");
                    let (shown, more) = accordions(main);
                    let split = all.len().min(5);
                    if shown != all[..split] || more != all[split..] {
                        problems.push(format!(
                            "{}: shows {shown:?} then {more:?}, the API has {all:?}",
                            cat_page.file
                        ));
                    }
                    // Every accordion links to its article's page.
                    let links = links(&cat_doc);
                    for a in &articles {
                        let to = path_of_page(
                            PageKind::HelpArticleBySlug,
                            site,
                            lang,
                            &slug(str_of(a, "slug").unwrap_or_default()),
                            webview,
                        );
                        expect_link(
                            cat_page,
                            &links,
                            &to,
                            None,
                            "question's article",
                            &mut problems,
                        );
                    }
                }
                // The category guard: an id the API does not find has no page and no link.
                let help_links = links(&doc);
                for n in 1..=20 {
                    let cid = n.to_string();
                    let (status, _) = api_get(site, Some(lang), &format!("/faq/category/{cid}"));
                    if status != 404 {
                        continue;
                    }
                    let href = path_of_page(PageKind::HelpCategory, site, lang, &id(&cid), webview);
                    guarded += 1;
                    if SMALL.sites[&site].pages.contains_key(&href) {
                        problems.push(format!(
                            "{site}: {href} exists but the API has no such category"
                        ));
                    }
                    if help_links.contains_key(&href) {
                        problems.push(format!(
                            "{}: links to {href}, a category without articles",
                            help.file
                        ));
                    }
                }
            }
        }
    }
    assert!(
        more_checked > 0,
        "no category with more than 3 questions: display all is not proven"
    );
    assert!(
        guarded > 0,
        "no category id the API refuses: the guard is not proven"
    );
    assert_none("help accordions", &problems);
}

/// The demo's snapshot has a category without articles (the guard's case), and the API says
/// it is not found.
#[test]
fn the_demo_has_an_empty_help_category_the_api_does_not_find() {
    for site in [Site::Fr, Site::Nl] {
        let lang = site.default_language();
        let listed = list(&api_json(site, Some(lang), "/faq/categories"), "").len();
        let (status, _) = api_get(site, Some(lang), &format!("/faq/category/{}", listed + 1));
        assert_eq!(
            status,
            404,
            "{site}: category {} should be empty",
            listed + 1
        );
    }
}

#[test]
fn gift_card_page_offers_the_balance_check_and_its_balance_page_has_the_form() {
    let mut problems = Vec::new();
    let mut checked = 0;
    let none = Params::new();
    for site in SMALL_SITES {
        let settings = api_json(site, Some(site.default_language()), "/settings");
        let on = settings["siteFeaturesResolved"]["giftCardEnabled"]
            .as_bool()
            .unwrap_or(false);
        for &lang in site.languages() {
            let main = path(PageKind::GiftCard, site, lang, &none);
            let balance = path(PageKind::GiftCardBalance, site, lang, &none);
            let files = &SMALL.sites[&site];
            if !on {
                if files.pages.contains_key(&balance) {
                    problems.push(format!(
                        "{site}: giftCardEnabled is off but {balance} exists"
                    ));
                }
                continue;
            }
            let Some(html) = page(site, &main, &mut problems) else {
                continue;
            };
            let doc = html.doc();
            if first(&doc, ".gift-card-check[data-island=gift-card] button").is_none() {
                problems.push(format!("{}: no balance check button", html.file));
            }
            expect_link(
                html,
                &links(&doc),
                &balance,
                Some(&ui_string(lang, "giftCard.balancePage")),
                "balance page",
                &mut problems,
            );
            let Some(page_b) = page(site, &balance, &mut problems) else {
                continue;
            };
            checked += 1;
            let doc = page_b.doc();
            let Some(island) = first(&doc, ".gift-card-inline[data-island=gift-card]") else {
                problems.push(format!("{}: no gift-card island", page_b.file));
                continue;
            };
            let props: Value = island_props(island)
                .map(|p| serde_json::from_str(&raw_text(p)).expect("props are JSON"))
                .unwrap_or(Value::Null);
            if props["inline"] != Value::Bool(true) {
                problems.push(format!(
                    "{}: the island is not inline: {props}",
                    page_b.file
                ));
            }
            for (field, key) in [
                ("gift-card-number", "giftCard.number"),
                ("gift-card-pin", "giftCard.securityCode"),
            ] {
                let label = first(&doc, &format!("label[for={field}]")).map(text_of);
                if label.as_deref() != Some(ui_string(lang, key).as_str())
                    || first(&doc, &format!("input#{field}[required]")).is_none()
                {
                    problems.push(format!("{}: field {field} labelled {label:?}", page_b.file));
                }
            }
            expect_link(
                page_b,
                &links(&doc),
                &main,
                None,
                "gift-card page",
                &mut problems,
            );
        }
    }
    assert!(checked > 0, "no gift-card balance page checked");
    assert_none("gift card", &problems);
}
