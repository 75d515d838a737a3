//! E-cards, subscription offers, the app's store links, the voucher checker and the gift card
//! where their flags are on; and the single pages that need only render: colour vision, the
//! sitemap page (every cinema), the 404 and 410 pages.

use crate::common::*;
use crate::support::*;
use serde_json::Value;
use site::routes::{PageKind, Params};

#[test]
fn ecards_subscription_app_cvd_sitemap_voucher_gift_card_and_error_pages() {
    let mut problems = Vec::new();
    let mut checked = std::collections::BTreeMap::<&str, usize>::new();
    let none = Params::new();
    for site in SMALL_SITES {
        let lang = site.default_language();
        let settings = api_json(site, Some(lang), "/settings");
        let flags = &settings["siteFeaturesResolved"];
        let files = &SMALL.sites[&site];
        // E-cards: each card of its seat count, with its label and price.
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
            *checked.entry("e-card pages").or_default() += 1;
            let text = visible_text(&html.text);
            for card in cards {
                if let Some(label) = str_of(card, "label") {
                    expect_text(html, &text, label, "e-card", &mut problems);
                }
                expect_amount(html, &text, &card["price"], "e-card price", &mut problems);
            }
        }
        // Subscription offers where the API has them.
        let (status, cinepass) = api_get(site, Some(lang), "/cinepass");
        if status == 200 {
            if let Some(html) = page(
                site,
                &path(PageKind::Subscription, site, lang, &none),
                &mut problems,
            ) {
                *checked.entry("subscription pages").or_default() += 1;
                let text = visible_text(&html.text);
                let offers = list(&cinepass, "offers");
                if offers.is_empty() {
                    problems.push(format!("{site}: /api/cinepass has no offers"));
                }
                for o in offers {
                    if let Some(title) = str_of(o, "title") {
                        expect_text(html, &text, title, "subscription offer", &mut problems);
                    }
                    expect_amount(
                        html,
                        &text,
                        &o["monthlyPrice"],
                        "monthly price",
                        &mut problems,
                    );
                }
            }
        }
        // App: the store links of the brand.
        if let Some(html) = page(site, &path(PageKind::App, site, lang, &none), &mut problems) {
            let links = links(&html.doc());
            if let Some(apps) = brand().apps {
                *checked.entry("app pages with store links").or_default() += 1;
                expect_link(html, &links, &apps.ios, None, "App Store", &mut problems);
                expect_link(
                    html,
                    &links,
                    &apps.android,
                    None,
                    "Google Play",
                    &mut problems,
                );
            }
        }
        // Pages that only need to render with a heading.
        for kind in [PageKind::Cvd, PageKind::NotFound, PageKind::Gone] {
            if let Some(html) = page(site, &path(kind, site, lang, &none), &mut problems) {
                match h1_texts(&html.doc()).as_slice() {
                    [h] if !h.is_empty() => {}
                    other => problems.push(format!("{}: h1 {other:?}", html.file)),
                }
            }
        }
        let error_h1 = |kind| {
            files
                .pages
                .get(&path(kind, site, lang, &none))
                .map(|html| h1_texts(&html.doc()))
                .unwrap_or_default()
        };
        if error_h1(PageKind::NotFound) == error_h1(PageKind::Gone) {
            problems.push(format!(
                "{site}: the 404 and 410 pages have the same heading {:?}",
                error_h1(PageKind::Gone)
            ));
        }
        for kind in [PageKind::NotFound, PageKind::Gone] {
            if let Some(html) = files.pages.get(&path(kind, site, lang, &none)) {
                if !is_noindex(&html.doc()) {
                    problems.push(format!("{}: an error page without noindex", html.file));
                }
            }
        }
        // Sitemap page: every cinema of the site.
        if let Some(html) = page(
            site,
            &path(PageKind::Sitemap, site, lang, &none),
            &mut problems,
        ) {
            let links = links(&html.doc());
            for c in list(&api_json(site, Some(lang), "/cinemas"), "") {
                let href = path(
                    PageKind::Cinema,
                    site,
                    lang,
                    &slug(str_of(c, "slug").unwrap_or_default()),
                );
                expect_link(
                    html,
                    &links,
                    &href,
                    str_of(c, "name"),
                    "cinema in the sitemap page",
                    &mut problems,
                );
            }
        }
        // Flagged pages: present exactly where their flag is on.
        for (kind, flag) in [
            (PageKind::Voucher, "voucherCheckerEnabled"),
            (PageKind::GiftCard, "giftCardEnabled"),
        ] {
            let Some(href) = TABLE.path(kind, site, lang, &none, false) else {
                continue;
            };
            let on = flags[flag].as_bool().unwrap_or(false);
            match (on, files.pages.get(&href)) {
                (true, None) => {
                    problems.push(format!("{site}: {flag} is on but {href} is missing"))
                }
                (false, Some(_)) => {
                    problems.push(format!("{site}: {flag} is off but {href} exists"))
                }
                (true, Some(html)) => match h1_texts(&html.doc()).as_slice() {
                    [h] if !h.is_empty() => {}
                    other => problems.push(format!("{}: h1 {other:?}", html.file)),
                },
                (false, None) => {}
            }
        }
    }
    eprintln!("other page kinds: {checked:?}");
    for what in [
        "e-card pages",
        "subscription pages",
        "app pages with store links",
    ] {
        assert!(
            checked.get(what).copied().unwrap_or(0) > 0,
            "no {what} on fr, nl, ch: this test proves little ({checked:?})"
        );
    }
    assert_none("other page kinds", &problems);
}
