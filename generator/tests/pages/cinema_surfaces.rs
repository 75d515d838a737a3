//! Issue 13, the cinema page's surfaces (spec §3 Cinema detail and Cinema alert, §4 cinema
//! page), each against the API's JSON on every cinema page of the small build (fr, nl, ch in
//! every language) and of the African build (tn, sn, ci, ma): the cinema's alerts, its
//! e-cards with a link to buy, its itinerary and services as `<details>` accordions, the
//! nearby cities that have a page, the sharing picture of cinema and news pages. A build of a
//! modified snapshot adds what the demo lacks (cinepass items, an alert for every cinema with
//! a call to action, services with descriptions, a cinema without itinerary, a site without
//! e-cards) and checks the absence rules.

use crate::common::*;
use crate::support::*;
use crate::text::AFRICAN_BUILD;
use scraper::ElementRef;
use serde_json::{json, Value};
use site::format::Formatter;
use site::routes::{PageKind, Params};
use site::{Lang, Site};
use std::collections::BTreeMap;
use std::sync::LazyLock;

/// Every site of the small and African builds, with its pages.
fn sites() -> Vec<(Site, &'static SiteFiles)> {
    SMALL
        .sites
        .iter()
        .chain(AFRICAN_BUILD.1.iter())
        .map(|(s, f)| (*s, f))
        .collect()
}

/// Every cinema page of every site and language: the site, the language, the cinema's detail
/// JSON and its page.
fn cinema_pages(mut each: impl FnMut(Site, Lang, &Value, &'static Page, &mut Vec<String>)) {
    let mut problems = Vec::new();
    for (site, files) in sites() {
        for &lang in site.languages() {
            for c in list(&api_json(site, Some(lang), "/cinemas"), "") {
                let s = str_of(c, "slug").unwrap_or_default();
                let detail = api_json(site, Some(lang), &format!("/cinema/{s}"));
                let p = path(PageKind::Cinema, site, lang, &slug(s));
                match files.pages.get(&p) {
                    Some(html) => each(site, lang, &detail, html, &mut problems),
                    None => problems.push(format!("{site}: no cinema page {p}")),
                }
            }
        }
    }
    assert_none("cinema pages", &problems);
}

fn money(site: Site, lang: Lang, amount: f64) -> String {
    Formatter::of(site, lang).money(amount, site.currency())
}

/// An alert as a page shows it: message, warning, call to action `(href, text)`.
type ShownAlert = (String, bool, Option<(String, String)>);

/// The alerts of a page.
fn page_alerts(doc: &Doc) -> Vec<ShownAlert> {
    select(doc, ".cinema-alerts .cinema-alert")
        .into_iter()
        .map(|p| {
            let message = select_in(p, "span:not(.visually-hidden)")
                .first()
                .map(|s| text_of(*s))
                .unwrap_or_default();
            let cta = select_in(p, "a")
                .first()
                .map(|a| (attr(*a, "href").unwrap_or("").to_string(), text_of(*a)));
            (message, has_class(p, "is-warning"), cta)
        })
        .collect()
}

/// What the API's alerts say a cinema's page shows: its own and those of every cinema.
fn expected_alerts(alerts: &Value, cinema: &str) -> Vec<ShownAlert> {
    list(alerts, "cinemaAlerts")
        .iter()
        .filter(|a| {
            a["allCinemas"].as_bool() == Some(true)
                || list(a, "cinemas")
                    .iter()
                    .any(|c| c.as_str() == Some(cinema))
        })
        .map(|a| {
            let cta = a.get("cta").filter(|c| c.is_object()).and_then(|c| {
                let url = str_of(c, "url")?;
                site::escape::content_url(url)?;
                Some((url.to_string(), str_of(c, "label")?.to_string()))
            });
            (
                normalize_space(str_of(a, "message").unwrap_or_default()),
                a["warning"].as_bool() == Some(true),
                cta,
            )
        })
        .collect()
}

#[test]
fn cinema_pages_show_the_alerts_of_their_cinema_and_of_every_cinema() {
    let (mut with, mut without, mut warnings) = (0, 0, 0);
    let mut alerts_of: BTreeMap<(Site, Lang), Value> = BTreeMap::new();
    cinema_pages(|site, lang, detail, html, problems| {
        let alerts = alerts_of
            .entry((site, lang))
            .or_insert_with(|| api_json(site, Some(lang), "/alerts"));
        let expected = expected_alerts(alerts, str_of(detail, "slug").unwrap_or_default());
        let doc = html.doc();
        let shown = page_alerts(&doc);
        if expected.is_empty() {
            without += 1;
            if first(&doc, ".cinema-alerts").is_some() {
                problems.push(format!("{}: an alert section without alert", html.file));
            }
        } else {
            with += 1;
            warnings += expected.iter().filter(|a| a.1).count();
        }
        if shown != expected {
            problems.push(format!(
                "{}: alerts {shown:?}, the API says {expected:?}",
                html.file
            ));
        }
    });
    eprintln!("cinema alerts: {with} pages with, {without} without, {warnings} warnings");
    assert!(
        with > 0 && without > 0 && warnings > 0,
        "the demo proves little: {with} pages with an alert, {without} without, {warnings} warnings"
    );
}

#[test]
fn cinema_pages_sell_their_ecards_with_prices_and_a_link_to_buy() {
    let mut cards = 0;
    let mut settings_of: BTreeMap<Site, Value> = BTreeMap::new();
    cinema_pages(|site, lang, detail, html, problems| {
        let settings = settings_of
            .entry(site)
            .or_insert_with(|| api_json(site, None, "/settings"));
        let tunnel = str_of(settings, "tunnelUrl").map(|t| t.trim_end_matches('/').to_string());
        let doc = html.doc();
        let shown = select(&doc, ".cinema-ecards .card");
        let ecards = list(detail, "ecards");
        if ecards.is_empty() != shown.is_empty() || shown.len() != ecards.len() {
            problems.push(format!(
                "{}: {} e-cards shown, the API has {}",
                html.file,
                shown.len(),
                ecards.len()
            ));
            return;
        }
        for (e, card) in ecards.iter().zip(&shown) {
            cards += 1;
            let label = str_of(e, "label").unwrap_or_default();
            let title = select_in(*card, ".card-title")
                .first()
                .map(|t| text_of(*t))
                .unwrap_or_default();
            let text = text_of(*card);
            if title != label {
                problems.push(format!(
                    "{}: e-card {title:?}, expected {label:?}",
                    html.file
                ));
            }
            for key in ["ttcAmount", "singleTtcAmount"] {
                let amount = e[key].as_f64().unwrap_or_default();
                let printed = money(site, lang, amount);
                if !text.contains(&normalize_space(&printed)) {
                    problems.push(format!(
                        "{}: e-card {label:?} lacks its {key} {printed:?}: {text:?}",
                        html.file
                    ));
                }
            }
            if let Some(m) = str_of(e, "highlightMessage") {
                expect_text(html, &text, m, "e-card highlight", problems);
            }
            let img = select_in(*card, "img")
                .first()
                .and_then(|i| attr(*i, "src"));
            match (e["image"]["url"].as_str(), img) {
                (Some(url), Some(src)) if src.contains(url.trim_start_matches('/')) => {}
                (None, None) => {}
                (want, got) => problems.push(format!(
                    "{}: e-card {label:?} image {got:?}, the API has {want:?}",
                    html.file
                )),
            }
            let buy = match (&tunnel, str_of(e, "refCmd")) {
                (Some(t), Some(r)) => format!(
                    "{t}/{}/{}/ecards/{r}",
                    site.code(),
                    str_of(detail, "vistaRef").unwrap_or_default()
                ),
                _ => path(PageKind::Ecards5, site, lang, &Params::new()),
            };
            let links: Vec<&str> = select_in(*card, "a[href]")
                .into_iter()
                .filter_map(|a| attr(a, "href"))
                .collect();
            if links != [buy.as_str()] {
                problems.push(format!(
                    "{}: e-card {label:?} links to {links:?}, expected to buy at {buy}",
                    html.file
                ));
            }
        }
    });
    assert!(
        cards > 0,
        "no e-card on any cinema page: this test proves little"
    );
}

/// The text of an HTML fragment.
fn strip_tags(html: &str) -> String {
    text_of(parse(&format!("<div>{html}</div>")).root_element())
}

/// The `<details>` accordions of a page's practical section: summary → body text.
fn accordions(doc: &Doc) -> BTreeMap<String, (ElementRef<'_>, String)> {
    select(doc, ".cinema-practical > details")
        .into_iter()
        .map(|d| {
            let summary = select_in(d, "summary")
                .first()
                .map(|s| text_of(*s))
                .unwrap_or_default();
            (summary, (d, text_of(d)))
        })
        .collect()
}

#[test]
fn cinema_pages_open_itinerary_and_services_as_accordions_without_javascript() {
    let (mut itineraries, mut services) = (0, 0);
    cinema_pages(|_, lang, detail, html, problems| {
        let doc = html.doc();
        let found = accordions(&doc);
        let directions = ui_string(lang, "cinema.directions");
        match (str_of(detail, "itinerary"), found.get(&directions)) {
            (Some(it), Some((_, text))) => {
                itineraries += 1;
                expect_text(html, text, &strip_tags(it), "itinerary", problems);
            }
            (None, None) => {}
            (want, got) => problems.push(format!(
                "{}: itinerary accordion {:?}, the API has {want:?}",
                html.file,
                got.map(|g| &g.1)
            )),
        }
        let disabled: Vec<&str> = list(detail, "disabledServices")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let offered: Vec<String> = list(detail, "services")
            .iter()
            .filter(|s| !disabled.contains(&str_of(s, "slug").unwrap_or_default()))
            .map(|s| normalize_space(str_of(s, "label").unwrap_or_default()))
            .collect();
        let heading = ui_string(lang, "cinema.services");
        match found.get(&heading) {
            Some((d, _)) => {
                services += 1;
                let listed: Vec<String> = select_in(*d, ".service-list > li")
                    .into_iter()
                    .map(|li| {
                        select_in(li, "summary")
                            .first()
                            .map(|s| text_of(*s))
                            .unwrap_or_else(|| text_of(li))
                    })
                    .collect();
                if listed != offered {
                    problems.push(format!(
                        "{}: services {listed:?}, the API offers {offered:?}",
                        html.file
                    ));
                }
            }
            None if offered.is_empty() => {}
            None => problems.push(format!("{}: no services accordion", html.file)),
        }
        // Closed until a visitor opens them: nothing to run for that.
        for (summary, (d, _)) in &found {
            if attr(*d, "open").is_some() {
                problems.push(format!(
                    "{}: the accordion {summary:?} starts open",
                    html.file
                ));
            }
        }
    });
    assert!(
        itineraries > 0 && services > 0,
        "{itineraries} itineraries, {services} services"
    );
}

#[test]
fn cinema_pages_link_the_nearby_cities_that_have_a_page() {
    let (mut linked, mut left_out) = (0, 0);
    let mut cities: BTreeMap<(Site, Lang, String), Option<Value>> = BTreeMap::new();
    let files: BTreeMap<Site, &SiteFiles> = sites().into_iter().collect();
    cinema_pages(|site, lang, detail, html, problems| {
        let doc = html.doc();
        let shown: Vec<(String, String)> = select(&doc, ".nearby-cities a")
            .into_iter()
            .map(|a| (text_of(a), attr(a, "href").unwrap_or("").to_string()))
            .collect();
        let mut expected = Vec::new();
        for c in list(detail, "nearbyCities") {
            let s = str_of(c, "slug").unwrap_or_default();
            let city = cities
                .entry((site, lang, s.to_string()))
                .or_insert_with(|| {
                    let (status, value) = api_get(site, Some(lang), &format!("/city/{s}"));
                    (status == 200).then_some(value)
                });
            let Some(city) = city else {
                left_out += 1;
                continue;
            };
            let href = match list(city, "cinemas") {
                [only] => path(
                    PageKind::Cinema,
                    site,
                    lang,
                    &slug(str_of(only, "slug").unwrap_or_default()),
                ),
                _ => path(PageKind::City, site, lang, &slug(s)),
            };
            if !files[&site].pages.contains_key(&href) {
                problems.push(format!("{}: the city link {href} has no page", html.file));
            }
            expected.push((str_of(c, "name").unwrap_or_default().to_string(), href));
        }
        linked += expected.len();
        if shown != expected {
            problems.push(format!(
                "{}: nearby cities {shown:?}, expected {expected:?}",
                html.file
            ));
        }
    });
    eprintln!("nearby cities: {linked} linked, {left_out} without a page");
    assert!(linked > 0, "no nearby city linked: this test proves little");
}

fn meta(doc: &Doc, property: &str) -> Option<String> {
    first(doc, &format!("meta[property='{property}']"))
        .and_then(|m| attr(m, "content"))
        .map(str::to_string)
}

#[test]
fn cinema_and_news_pages_share_their_own_picture_and_other_pages_the_brand_image() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for (site, files) in sites() {
        let base = base_url(site);
        let absolute = |url: &str| {
            if url.starts_with("http") {
                url.to_string()
            } else {
                format!("{base}{url}")
            }
        };
        for &lang in site.languages() {
            let mut expect = |p: String, url: String, alt: String| {
                let Some(html) = files.pages.get(&p) else {
                    problems.push(format!("{site}: no page {p}"));
                    return;
                };
                checked += 1;
                let doc = html.doc();
                let (image, image_alt) = (meta(&doc, "og:image"), meta(&doc, "og:image:alt"));
                if image.as_deref() != Some(url.as_str())
                    || image_alt.as_deref() != Some(alt.as_str())
                {
                    problems.push(format!(
                        "{}: og:image {image:?} ({image_alt:?}), expected {url} ({alt:?})",
                        html.file
                    ));
                }
            };
            for c in list(&api_json(site, Some(lang), "/cinemas"), "")
                .iter()
                .take(3)
            {
                let s = str_of(c, "slug").unwrap_or_default();
                let d = api_json(site, Some(lang), &format!("/cinema/{s}"));
                if let Some(url) = str_of(&d["backdrop"], "url") {
                    let name = str_of(&d, "name").unwrap_or_default();
                    let alt = str_of(&d["backdrop"], "alt").unwrap_or(name);
                    expect(
                        path(PageKind::Cinema, site, lang, &slug(s)),
                        absolute(url),
                        normalize_space(alt),
                    );
                }
            }
            let news = api_json(site, Some(lang), "/news");
            for a in list(&news, "news").iter().take(3) {
                let (Some(url), Some(s)) = (str_of(&a["image"], "url"), str_of(a, "slug")) else {
                    continue;
                };
                let title = str_of(a, "title").unwrap_or_default();
                let alt = str_of(&a["image"], "alt").unwrap_or(title);
                let p = path(PageKind::NewsItem, site, lang, &slug(s));
                expect(p, absolute(url), normalize_space(alt));
            }
            // The brand's image, without alt, elsewhere.
            for kind in [PageKind::Home, PageKind::Cinemas, PageKind::News] {
                let p = TABLE.path(kind, site, lang, &Params::new(), false);
                if let Some(html) = p.and_then(|p| files.pages.get(&p)) {
                    let doc = html.doc();
                    let image = meta(&doc, "og:image").unwrap_or_default();
                    if !image.starts_with(&base) || !image.ends_with(".png") {
                        problems.push(format!("{}: og:image {image:?}", html.file));
                    }
                }
            }
        }
    }
    assert_none("sharing pictures", &problems);
    assert!(checked > 20, "only {checked} pages checked");
}

// ---------------------------------------------------------------------------------------
// A modified snapshot: what the demo lacks, and the absence rules.

const ALL_CINEMAS_ALERT: &str = "Fermeture exceptionnelle le 24 décembre à 18 h.";
const UNSAFE_CTA_ALERT: &str = "Nouvelle billetterie en caisse.";
const SERVICE_DESCRIPTION: &str =
    "Parking gratuit pendant trois heures sur présentation du billet.";

/// FR in French: the first cinema sells two cinepass items and describes its parking; the
/// second has no itinerary; every cinema gets an alert with a call to action and one whose
/// call to action is a script (not linked); the site sells no e-card.
static MODIFIED: LazyLock<SiteFiles> = LazyLock::new(|| {
    let mut value = demo_snapshot_value();
    let fr = value["sites"]
        .as_array_mut()
        .and_then(|s| s.iter_mut().find(|s| s["site"] == "fr"))
        .expect("the demo has fr");
    let locale = fr["locales"]
        .as_array_mut()
        .and_then(|l| l.iter_mut().find(|l| l["language"] == "fr"))
        .expect("fr in French");
    let cinemas = locale["cinemas"].as_array_mut().expect("cinemas");
    cinemas[0]["cinepass"] = json!([
        {"label": "Pass Solo", "price": 21.9, "legend": "Sans engagement",
         "image": {"url": "/media/cinepass-solo.jpg", "width": 640, "height": 360}},
        {"label": "Pass Duo", "price": 36.9}
    ]);
    for s in cinemas[0]["services"].as_array_mut().expect("services") {
        if s["slug"] == "parking" {
            s["description"] = json!(SERVICE_DESCRIPTION);
        }
    }
    cinemas[1]
        .as_object_mut()
        .expect("a cinema")
        .remove("itinerary");
    let alerts = locale["cinemaAlerts"]
        .as_array_mut()
        .expect("cinema alerts");
    alerts.push(
        json!({"message": ALL_CINEMAS_ALERT, "allCinemas": true, "warning": false,
        "cta": {"label": "Voir les horaires", "url": "/offres"}}),
    );
    alerts.push(json!({"message": UNSAFE_CTA_ALERT, "allCinemas": true,
        "cta": {"label": "Cliquez", "url": "javascript:alert(1)"}}));
    locale["ecards"] = json!([]);
    let snapshot = serde_json::from_value(value).expect("the modified snapshot deserialises");
    build_fr("cinema-surfaces", snapshot, None, islands_dir())
});

#[test]
fn cinepass_items_alerts_for_every_cinema_and_what_a_cinema_lacks_is_left_out() {
    let (site, lang) = (Site::Fr, Lang::Fr);
    let mut problems = Vec::new();
    let cinemas = api_json(site, Some(lang), "/cinemas");
    let slugs: Vec<&str> = list(&cinemas, "")
        .iter()
        .filter_map(|c| str_of(c, "slug"))
        .collect();
    let subscription = path(PageKind::Subscription, site, lang, &Params::new());
    for (i, s) in slugs.iter().enumerate() {
        let p = path(PageKind::Cinema, site, lang, &slug(s));
        let Some(html) = MODIFIED.pages.get(&p) else {
            problems.push(format!("no page {p}"));
            continue;
        };
        let doc = html.doc();
        let alerts = page_alerts(&doc);
        let all = alerts.iter().find(|a| a.0 == ALL_CINEMAS_ALERT);
        if all.map(|a| (a.1, a.2.clone()))
            != Some((false, Some(("/offres".into(), "Voir les horaires".into()))))
        {
            problems.push(format!(
                "{}: the alert of every cinema: {alerts:?}",
                html.file
            ));
        }
        match alerts.iter().find(|a| a.0 == UNSAFE_CTA_ALERT) {
            Some((_, _, None)) => {}
            other => problems.push(format!("{}: the script alert: {other:?}", html.file)),
        }
        if html.text.contains("javascript:") {
            problems.push(format!("{}: a javascript: address", html.file));
        }
        if first(&doc, ".cinema-ecards").is_some() {
            problems.push(format!("{}: e-cards on a site without any", html.file));
        }
        let cinepass = select(&doc, ".cinema-cinepass .card");
        let practical = accordions(&doc);
        let itinerary = practical.contains_key(&ui_string(lang, "cinema.directions"));
        match i {
            0 => {
                let items: Vec<String> = cinepass.iter().map(|c| text_of(*c)).collect();
                let want = [
                    ("Pass Solo", 21.9, Some("Sans engagement")),
                    ("Pass Duo", 36.9, None),
                ];
                if items.len() != want.len() {
                    problems.push(format!("{}: cinepass items {items:?}", html.file));
                }
                for ((label, price, legend), text) in want.iter().zip(&items) {
                    let printed = normalize_space(&money(site, lang, *price));
                    if !text.contains(label)
                        || !text.contains(&printed)
                        || legend.is_some_and(|l| !text.contains(l))
                    {
                        problems.push(format!(
                            "{}: cinepass item {text:?}, expected {label} at {printed}",
                            html.file
                        ));
                    }
                }
                if cinepass
                    .first()
                    .and_then(|c| select_in(*c, "img").first().and_then(|i| attr(*i, "src")))
                    .is_none_or(|src| !src.contains("cinepass-solo"))
                {
                    problems.push(format!("{}: the cinepass image is missing", html.file));
                }
                expect_link(
                    html,
                    &links(&doc),
                    &subscription,
                    Some(&ui_string(lang, "cinema.cinepassMore")),
                    "subscription",
                    &mut problems,
                );
                let parking = select(&doc, ".service-list details.service")
                    .into_iter()
                    .map(text_of)
                    .collect::<Vec<_>>();
                if parking.len() != 1 || !parking[0].contains(SERVICE_DESCRIPTION) {
                    problems.push(format!("{}: the described service: {parking:?}", html.file));
                }
                if !itinerary {
                    problems.push(format!("{}: no itinerary", html.file));
                }
            }
            _ => {
                if first(&doc, ".cinema-cinepass").is_some() {
                    problems.push(format!("{}: cinepass items it does not sell", html.file));
                }
                if i == 1 && itinerary {
                    problems.push(format!("{}: an itinerary the API lacks", html.file));
                }
            }
        }
    }
    assert!(slugs.len() > 2, "too few cinemas");
    assert_none("the modified cinema pages", &problems);
}
