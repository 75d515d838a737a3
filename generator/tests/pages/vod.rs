//! Issue 13, films at home (spec §3 Show VOD, `/vod`): where the site's settings offer VOD, a
//! show page with a VOD offer links to it with its lowest price, and the shows page lists the
//! API's `/vod` films in its order; where they do not, no page speaks of VOD.

use crate::common::*;
use crate::support::*;
use serde_json::Value;
use site::format::Formatter;
use site::routes::{PageKind, Params};

fn vod_enabled(site: site::Site) -> bool {
    let settings = api_json(site, None, "/settings");
    settings["siteFeaturesResolved"]["vodEnabled"].as_bool() == Some(true)
}

fn price_text(site: site::Site, lang: site::Lang, vod: &Value) -> Option<String> {
    let amount = vod["lowPrice"].as_f64()?;
    let price = Formatter::of(site, lang).money(amount, site.currency());
    Some(ui_string(lang, "vod.from").replace("{price}", &price))
}

#[test]
fn show_pages_offer_the_film_at_home_where_the_site_offers_vod() {
    let mut problems = Vec::new();
    let (mut offered, mut sites_with) = (0, 0);
    for site in SMALL_SITES {
        let enabled = vod_enabled(site);
        sites_with += usize::from(enabled);
        for &lang in site.languages() {
            for summary in list(&api_json(site, Some(lang), "/shows"), "") {
                let s = str_of(summary, "slug").unwrap_or_default();
                let show = api_json(site, Some(lang), &format!("/show/{s}"));
                let kind = if show["isMovie"].as_bool() == Some(false) {
                    PageKind::Event
                } else {
                    PageKind::Show
                };
                let p = path(kind, site, lang, &slug(s));
                let Some(html) = page(site, &p, &mut problems) else {
                    continue;
                };
                let doc = html.doc();
                let block = select(&doc, ".vod-offer");
                let vod = show.get("vod").filter(|v| v.is_object());
                let expected = enabled && show["vodAvailability"].as_bool() == Some(true);
                match (expected.then_some(vod).flatten(), block.first()) {
                    (Some(vod), Some(b)) => {
                        offered += 1;
                        let hrefs: Vec<&str> = select_in(*b, "a")
                            .iter()
                            .filter_map(|a| attr(*a, "href"))
                            .collect();
                        if hrefs != [str_of(vod, "url").unwrap_or_default()] {
                            problems.push(format!("{}: VOD link {hrefs:?}, API {vod}", html.file));
                        }
                        let text: String = b.text().collect();
                        if let Some(price) = price_text(site, lang, vod) {
                            if !text.contains(&price) {
                                problems.push(format!(
                                    "{}: VOD block {text:?} lacks {price:?}",
                                    html.file
                                ));
                            }
                        }
                    }
                    (None, None) => {}
                    (Some(_), None) => problems.push(format!("{}: no VOD offer", html.file)),
                    (None, Some(_)) => {
                        problems.push(format!("{}: a VOD offer the API does not make", html.file))
                    }
                }
            }
        }
    }
    assert_none("VOD on show pages", &problems);
    assert!(
        sites_with > 0 && sites_with < SMALL_SITES.len(),
        "the demo offers VOD on some sites only"
    );
    assert!(offered > 3, "only {offered} show pages offer VOD");
}

#[test]
fn the_shows_page_lists_the_films_at_home_in_the_api_order() {
    let mut problems = Vec::new();
    let mut listed = 0;
    for site in SMALL_SITES {
        let enabled = vod_enabled(site);
        for &lang in site.languages() {
            let vod = api_json(site, Some(lang), "/vod");
            let p = path(PageKind::Shows, site, lang, &Params::new());
            let Some(html) = page(site, &p, &mut problems) else {
                continue;
            };
            let doc = html.doc();
            let cards = select(&doc, ".vod-list .vod-card");
            let shown: Vec<(String, String)> = cards
                .iter()
                .map(|c| {
                    let a = select_in(*c, "a");
                    let href = a.first().and_then(|a| attr(*a, "href")).unwrap_or_default();
                    let title: String = select_in(*c, ".vod-title")
                        .iter()
                        .flat_map(|t| t.text())
                        .collect();
                    (href.to_string(), title)
                })
                .collect();
            let expected: Vec<(String, String)> = if enabled {
                list(&vod, "")
                    .iter()
                    .map(|v| {
                        (
                            str_of(v, "url").unwrap_or_default().to_string(),
                            str_of(v, "title").unwrap_or_default().to_string(),
                        )
                    })
                    .collect()
            } else {
                Vec::new()
            };
            if shown != expected {
                problems.push(format!(
                    "{}: VOD list {shown:?}, expected {expected:?}",
                    html.file
                ));
            }
            for (card, v) in cards.iter().zip(list(&vod, "")) {
                let text: String = card.text().collect();
                if let Some(price) = price_text(site, lang, v) {
                    if !text.contains(&price) {
                        problems.push(format!("{}: VOD card {text:?} lacks {price:?}", html.file));
                    }
                }
            }
            listed += shown.len();
        }
    }
    assert_none("the VOD list", &problems);
    assert!(listed > 3, "only {listed} films at home listed");
}
