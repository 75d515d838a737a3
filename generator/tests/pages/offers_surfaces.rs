//! Issue 13's surfaces of the offers, e-card, subscription and master-template pages, against
//! the API's JSON: the offers page's blocks in the header's `blockOrder` (promotions and
//! offers, events, temporary offers, e-cards); each e-card with its order form; the
//! subscription page's partner cinemas (spec §5: no temporary cinema, no partner without
//! theaters), current shows and offer promotions; every block kind of the master templates.

use crate::common::*;
use crate::support::*;
use serde_json::Value;
use site::routes::{PageKind, Params};
use site::{Lang, Site};
use std::collections::BTreeMap;

/// Every (site, language) of the small build.
fn site_langs() -> Vec<(Site, Lang)> {
    SMALL_SITES
        .iter()
        .flat_map(|&s| s.languages().iter().map(move |&l| (s, l)))
        .collect()
}

/// The page of a show summary or show, when the site lists that show.
fn show_href(site: Site, lang: Lang, shows: &[Value], slug_: &str) -> Option<String> {
    let show = shows.iter().find(|s| str_of(s, "slug") == Some(slug_))?;
    let kind = if show["isMovie"].as_bool().unwrap_or(true) {
        PageKind::Show
    } else {
        PageKind::Event
    };
    TABLE.path(kind, site, lang, &slug(slug_), false)
}

#[test]
fn offers_page_follows_the_block_order_with_temporary_offers_and_ecards() {
    let mut problems = Vec::new();
    let mut seen = BTreeMap::<String, usize>::new();
    let none = Params::new();
    for (site, lang) in site_langs() {
        let Some(href) = TABLE.path(PageKind::Offers, site, lang, &none, false) else {
            continue;
        };
        let Some(html) = page(site, &href, &mut problems) else {
            continue;
        };
        let doc = html.doc();
        let text = visible_text(&html.text);
        let links = links(&doc);
        let (status, header) = api_get(site, Some(lang), "/offers/page");
        let promotions = api_json(site, Some(lang), "/offers/promotion");
        let temporary = api_json(site, Some(lang), "/offers/temporary");
        let ecards = api_json(site, Some(lang), "/ecards");
        let news = api_json(site, Some(lang), "/news");
        let events = api_json(site, Some(lang), "/events");
        let mut order: Vec<String> = if status == 200 {
            list(&header, "blockOrder")
                .iter()
                .filter_map(|b| b.as_str().map(str::to_string))
                .collect()
        } else {
            Vec::new()
        };
        if order.is_empty() {
            order = ["promotion", "event", "temporary", "ecards"]
                .map(String::from)
                .to_vec();
        }
        let filled = |block: &str| match block {
            "promotion" => !list(&promotions, "").is_empty() || !list(&news, "offers").is_empty(),
            "event" => !list(&events, "seasons").is_empty(),
            "temporary" => !list(&temporary, "").is_empty(),
            "ecards" => !list(&ecards, "").is_empty(),
            _ => false,
        };
        let mut expected: Vec<String> = Vec::new();
        for b in order {
            if filled(&b) && !expected.contains(&b) {
                expected.push(b);
            }
        }
        let found: Vec<String> = select(&doc, "section.offer-block")
            .into_iter()
            .filter_map(|s| attr(s, "aria-labelledby"))
            .map(|id| id.trim_start_matches("offers-").to_string())
            .collect();
        if found != expected {
            problems.push(format!(
                "{}: blocks {found:?}, expected the header's order {expected:?}",
                html.file
            ));
        }
        for b in &found {
            *seen.entry(b.clone()).or_default() += 1;
        }
        for p in list(&promotions, "") {
            expect_text(
                html,
                &text,
                str_of(p, "title").unwrap_or_default(),
                "promotion",
                &mut problems,
            );
        }
        for o in list(&news, "offers") {
            let href = path(
                PageKind::Offer,
                site,
                lang,
                &slug(str_of(o, "slug").unwrap_or_default()),
            );
            expect_link(
                html,
                &links,
                &href,
                str_of(o, "title"),
                "offer",
                &mut problems,
            );
        }
        for s in list(&events, "seasons") {
            let kind = if str_of(s, "type") == Some("special-event") {
                PageKind::SpecialEvent
            } else {
                PageKind::Season
            };
            if let Some(href) = TABLE.path(
                kind,
                site,
                lang,
                &slug(str_of(s, "slug").unwrap_or_default()),
                false,
            ) {
                expect_link(
                    html,
                    &links,
                    &href,
                    str_of(s, "title"),
                    "event",
                    &mut problems,
                );
            }
        }
        for o in list(&temporary, "") {
            expect_text(
                html,
                &text,
                str_of(o, "title").unwrap_or_default(),
                "temporary offer",
                &mut problems,
            );
            if let Some(sub) = str_of(o, "subtitle") {
                expect_text(
                    html,
                    &text,
                    sub,
                    "temporary offer's subtitle",
                    &mut problems,
                );
            }
            expect_amount(
                html,
                &text,
                &o["price"],
                "temporary offer's price",
                &mut problems,
            );
        }
        for e in list(&ecards, "") {
            let kind = if e["seats"].as_u64() == Some(3) {
                PageKind::Ecards3
            } else {
                PageKind::Ecards5
            };
            if let Some(href) = TABLE.path(kind, site, lang, &none, false) {
                expect_link(
                    html,
                    &links,
                    &href,
                    str_of(e, "label"),
                    "e-card",
                    &mut problems,
                );
            }
            expect_amount(html, &text, &e["price"], "e-card price", &mut problems);
        }
    }
    assert_none("offers pages", &problems);
    for block in ["promotion", "event", "temporary", "ecards"] {
        assert!(
            seen.get(block).copied().unwrap_or(0) > 0,
            "no offers page of the small build shows the {block} block: {seen:?}"
        );
    }
}

#[test]
fn ecard_pages_offer_each_card_with_an_order_link_that_works_without_javascript() {
    let mut problems = Vec::new();
    let mut orders = 0;
    let none = Params::new();
    for (site, lang) in site_langs() {
        let settings = api_json(site, Some(lang), "/settings");
        let Some(tunnel) = str_of(&settings, "tunnelUrl") else {
            continue;
        };
        let ecards = api_json(site, Some(lang), "/ecards");
        for (kind, seats) in [(PageKind::Ecards5, 5), (PageKind::Ecards3, 3)] {
            let cards: Vec<&Value> = list(&ecards, "")
                .iter()
                .filter(|e| e["seats"].as_u64() == Some(seats))
                .collect();
            let Some(href) = TABLE.path(kind, site, lang, &none, false) else {
                continue;
            };
            if cards.is_empty() {
                continue;
            }
            let Some(html) = page(site, &href, &mut problems) else {
                continue;
            };
            let doc = html.doc();
            let links = links(&doc);
            for card in cards {
                let type_id = str_of(card, "typeId").unwrap_or_default();
                // The booking tunnel's e-card order, as booking links go to the tunnel.
                let order = format!(
                    "{}/{}/ecards?typeId={type_id}",
                    tunnel.trim_end_matches('/'),
                    site.code()
                );
                orders += 1;
                expect_link(
                    html,
                    &links,
                    &order,
                    Some(&ui_string(lang, "commerce.buy")),
                    "e-card order",
                    &mut problems,
                );
                let in_card = select(&doc, ".ecard").into_iter().any(|li| {
                    text_of(li).contains(str_of(card, "label").unwrap_or(""))
                        && select_in(li, "a[href]")
                            .iter()
                            .any(|a| attr(*a, "href") == Some(order.as_str()))
                });
                if !in_card {
                    problems.push(format!(
                        "{}: e-card {type_id}'s order link is not in its card",
                        html.file
                    ));
                }
            }
        }
    }
    assert_none("e-card order links", &problems);
    assert!(orders > 0, "no e-card order link checked");
}

#[test]
fn subscription_page_lists_usable_partners_current_shows_and_offer_promotions() {
    let mut problems = Vec::new();
    let mut pages = 0;
    let mut hidden_temporary = 0;
    let mut hidden_empty = 0;
    let none = Params::new();
    for (site, lang) in site_langs() {
        let (status, sub) = api_get(site, Some(lang), "/cinepass");
        if status != 200 {
            continue;
        }
        let Some(html) = page(
            site,
            &path(PageKind::Subscription, site, lang, &none),
            &mut problems,
        ) else {
            continue;
        };
        pages += 1;
        let doc = html.doc();
        let text = visible_text(&html.text);
        let links = links(&doc);
        let listed: Vec<String> = select(&doc, ".partner-list .partner-name")
            .into_iter()
            .map(text_of)
            .collect();
        let cinemas = api_json(site, Some(lang), "/cinemas");
        let partners = list(&sub, "partnerCinemas");
        if partners.is_empty() {
            problems.push(format!(
                "{site}/{lang}: /api/cinepass has no partner cinemas"
            ));
        }
        for p in partners {
            let name = str_of(p, "name").unwrap_or_default();
            let temporary = p["temporary"].as_bool().unwrap_or(false);
            let empty = list(p, "theaters").is_empty();
            let shown = listed.iter().any(|l| l == name);
            if temporary || empty {
                hidden_temporary += usize::from(temporary);
                hidden_empty += usize::from(empty);
                if shown || text.contains(name) {
                    problems.push(format!(
                        "{}: partner {name:?} is listed (temporary {temporary}, without theaters {empty}; spec §5 ignores it)",
                        html.file
                    ));
                }
                continue;
            }
            if !shown {
                problems.push(format!(
                    "{}: partner {name:?} is not listed ({listed:?})",
                    html.file
                ));
            }
            if let Some(s) = str_of(p, "slug") {
                if list(&cinemas, "")
                    .iter()
                    .any(|c| str_of(c, "slug") == Some(s))
                {
                    let href = path(PageKind::Cinema, site, lang, &slug(s));
                    expect_link(
                        html,
                        &links,
                        &href,
                        Some(name),
                        "partner cinema of ours",
                        &mut problems,
                    );
                }
            }
            expect_text(
                html,
                &text,
                str_of(p, "city").unwrap_or_default(),
                "partner's city",
                &mut problems,
            );
        }
        let shows = api_json(site, Some(lang), "/shows");
        if list(&sub, "currentShows").is_empty() {
            problems.push(format!("{site}/{lang}: /api/cinepass has no current shows"));
        }
        for s in list(&sub, "currentShows") {
            let title = str_of(s, "title").unwrap_or_default();
            match show_href(
                site,
                lang,
                list(&shows, ""),
                str_of(s, "slug").unwrap_or_default(),
            ) {
                Some(href) => expect_link(
                    html,
                    &links,
                    &href,
                    Some(title),
                    "current show",
                    &mut problems,
                ),
                None => expect_text(html, &text, title, "current show", &mut problems),
            }
        }
        if list(&sub, "offerPromotions").is_empty() {
            problems.push(format!(
                "{site}/{lang}: /api/cinepass has no offer promotions"
            ));
        }
        for p in list(&sub, "offerPromotions") {
            expect_text(
                html,
                &text,
                str_of(p, "title").unwrap_or_default(),
                "offer promotion",
                &mut problems,
            );
            if let Some(sub) = str_of(p, "subtitle") {
                expect_text(
                    html,
                    &text,
                    sub,
                    "offer promotion's subtitle",
                    &mut problems,
                );
            }
        }
        if let Some(p) = sub.get("promotion").filter(|p| p.is_object()) {
            expect_text(
                html,
                &text,
                str_of(p, "title").unwrap_or_default(),
                "promotion",
                &mut problems,
            );
        }
    }
    assert_none("subscription pages", &problems);
    assert!(pages > 0, "no subscription page checked");
    assert!(
        hidden_temporary > 0 && hidden_empty > 0,
        "the absence rules were not exercised: {hidden_temporary} temporary, {hidden_empty} without theaters"
    );
}

#[test]
fn master_template_pages_show_every_block_of_the_api() {
    let mut problems = Vec::new();
    let mut seen = BTreeMap::<&str, usize>::new();
    for (site, lang) in site_langs() {
        let pages = api_json(site, Some(lang), "/master-template/pages");
        let cinemas = api_json(site, Some(lang), "/cinemas");
        let shows = api_json(site, Some(lang), "/shows");
        for mt in list(&pages, "") {
            let href = path(
                PageKind::MasterTemplate,
                site,
                lang,
                &slug(str_of(mt, "slug").unwrap_or_default()),
            );
            let Some(html) = page(site, &href, &mut problems) else {
                continue;
            };
            let doc = html.doc();
            let text = visible_text(&html.text);
            let links = links(&doc);
            let labels = &mt["labels"];
            if let Some(e) = mt.get("explanation").filter(|v| v.is_object()) {
                *seen.entry("explanation").or_default() += 1;
                expect_text(
                    html,
                    &text,
                    str_of(e, "title").unwrap_or_default(),
                    "explanation",
                    &mut problems,
                );
            }
            for tile in list(mt, "mosaic") {
                *seen.entry("mosaic").or_default() += 1;
                if let Some(t) = str_of(tile, "title") {
                    expect_text(html, &text, t, "mosaic tile", &mut problems);
                }
                if let Some(url) = str_of(tile, "url") {
                    expect_link(
                        html,
                        &links,
                        url,
                        str_of(tile, "title"),
                        "mosaic tile",
                        &mut problems,
                    );
                }
            }
            for key in ["listing", "mobileApp"] {
                if let Some(b) = mt.get(key).filter(|v| v.is_object()) {
                    *seen.entry(key).or_default() += 1;
                    expect_text(
                        html,
                        &text,
                        str_of(b, "title").unwrap_or_default(),
                        key,
                        &mut problems,
                    );
                    for cta in list(b, "ctas") {
                        expect_link(
                            html,
                            &links,
                            str_of(cta, "url").unwrap_or_default(),
                            str_of(cta, "label"),
                            key,
                            &mut problems,
                        );
                    }
                }
            }
            for c in list(mt, "cinemas") {
                let s = c.as_str().unwrap_or_default();
                let Some(cinema) = list(&cinemas, "")
                    .iter()
                    .find(|x| str_of(x, "slug") == Some(s))
                else {
                    continue;
                };
                *seen.entry("cinemas").or_default() += 1;
                let href = path(PageKind::Cinema, site, lang, &slug(s));
                expect_link(
                    html,
                    &links,
                    &href,
                    str_of(cinema, "name"),
                    "cinemas block",
                    &mut problems,
                );
                if let Some(label) = str_of(labels, "cinemas") {
                    expect_text(html, &text, label, "cinemas block's label", &mut problems);
                }
            }
            for s in list(mt, "shows") {
                let Some(href) =
                    show_href(site, lang, list(&shows, ""), s.as_str().unwrap_or_default())
                else {
                    continue;
                };
                *seen.entry("shows").or_default() += 1;
                expect_link(html, &links, &href, None, "shows block", &mut problems);
                if let Some(label) = str_of(labels, "shows") {
                    expect_text(html, &text, label, "shows block's label", &mut problems);
                }
            }
            if let Some(g) = mt.get("guest").filter(|v| v.is_object()) {
                *seen.entry("guest").or_default() += 1;
                expect_text(
                    html,
                    &text,
                    str_of(g, "name").unwrap_or_default(),
                    "guest",
                    &mut problems,
                );
            }
        }
    }
    assert_none("master-template pages", &problems);
    for block in [
        "explanation",
        "mosaic",
        "listing",
        "mobileApp",
        "cinemas",
        "shows",
    ] {
        assert!(
            seen.get(block).copied().unwrap_or(0) > 0,
            "no master template of the small build has a {block} block: {seen:?}"
        );
    }
}
