//! Hostile content: a snapshot with hostile strings (names, synopses, titles, article and
//! FAQ bodies) gives safe, valid pages: sanitised or escaped, the strings still there as text.

use crate::common::*;
use crate::support::*;
use serde_json::{json, Value};
use site::routes::{PageKind, Params};
use site::{Lang, Site};
use std::sync::LazyLock;

const HOSTILE_NAME: &str = "<script>alert(1)</script> & \"quotes\"";
const HOSTILE_SYNOPSIS: &str = "</p><img src=x onerror=alert(1)>";
/// In `<title>` (escapable raw text for the parser: only `</title` can break out of it).
const HOSTILE_TITLE: &str = "</title><script>alert(2)</script> Titre";
const HOSTILE_ARTICLE: &str =
    "<script>alert(1)</script><p onclick=\"x()\">ok</p><a href=\"javascript:alert(1)\">x</a>";
const HOSTILE_FAQ: &str =
    "<p>Réponse sûre</p><iframe src=\"https://evil.example/\"></iframe><p onmouseover=\"x()\">fin</p>";
const HOSTILE_DETAILS: &str = "<p>Détails</p><script>alert(1)</script>";
const HOSTILE_DESCRIPTION: &str = "<img src=x onerror=alert(1)>Saison";
pub const TP_WARNING: &str = "Avertissement du tout public, à ne pas montrer";
pub const AD_WARNING: &str = "Avertissement AD, à ne pas montrer";

pub struct Hostile {
    pub site: SiteFiles,
    pub cinema: String,
    pub show: String,
    pub news: String,
    pub faq: (String, String),
    pub tp_show: String,
    pub ad_show: String,
    /// A show whose releases are the unknown date and one known date (`YYYY-MM-DD`).
    pub dated_show: (String, String),
}

pub fn hostile_locale(snapshot: &mut Value) -> &mut Value {
    let sites = snapshot["sites"].as_array_mut().expect("snapshot sites");
    let fr = sites
        .iter_mut()
        .find(|s| s["site"] == "fr")
        .expect("the FR site in the snapshot");
    fr["locales"]
        .as_array_mut()
        .expect("locales")
        .iter_mut()
        .find(|l| l["language"] == "fr")
        .expect("the French locale of FR")
}

pub static HOSTILE: LazyLock<Hostile> = LazyLock::new(|| {
    let mut value = demo_snapshot_value();
    let locale = hostile_locale(&mut value);
    let first = |key: &str| -> String {
        locale[key][0]["slug"]
            .as_str()
            .unwrap_or_else(|| panic!("no {key} in the French locale of FR"))
            .to_string()
    };
    let cinema = first("cinemas");
    locale["cinemas"][0]["name"] = json!(HOSTILE_NAME);
    let shows = locale["shows"].as_array_mut().expect("shows");
    let movie = shows
        .iter()
        .position(|s| s["isMovie"] == true)
        .expect("a movie");
    shows[movie]["synopsis"] = json!(HOSTILE_SYNOPSIS);
    shows[movie]["title"] = json!(HOSTILE_TITLE);
    let show = shows[movie]["slug"].as_str().expect("slug").to_string();
    let mut defaults = shows
        .iter()
        .enumerate()
        .filter(|(i, s)| *i != movie && s["contentRating"]["ref"] == "TP")
        .map(|(i, _)| i);
    let (tp, ad) = (
        defaults.next().expect("a TP show"),
        defaults.next().expect("a second TP show"),
    );
    let dated = shows
        .iter()
        .position(|s| {
            s["contentRating"]["ref"] != "TP"
                && s["slug"] != json!(show)
                && s["releases"].as_array().is_some_and(|r| !r.is_empty())
        })
        .expect("a show with a release date");
    shows[tp]["contentRating"]["warning"] = json!(TP_WARNING);
    shows[ad]["contentRating"] =
        json!({"ref": "AD", "label": "Tout public", "warning": AD_WARNING});
    let known = shows[dated]["releases"][0]["date"]
        .as_str()
        .expect("a release date")
        .to_string();
    shows[dated]["releases"] =
        json!([{"date": "1900-01-01", "zone": "FR"}, {"date": known, "zone": "US"}]);
    let slug_at = |i: usize| shows[i]["slug"].as_str().expect("slug").to_string();
    let (tp_show, ad_show, dated_show) = (slug_at(tp), slug_at(ad), (slug_at(dated), known));
    let articles = locale["articles"].as_array_mut().expect("articles");
    let article = articles
        .iter_mut()
        .find(|a| a["type"] == "news")
        .expect("a news article");
    article["content"] = json!(HOSTILE_ARTICLE);
    let news = article["slug"].as_str().expect("slug").to_string();
    // The FAQ article is in the list of articles and in its category: both copies change.
    let faq = &mut locale["faqArticles"][0];
    faq["content"] = json!(HOSTILE_FAQ);
    let faq = (
        faq["id"].as_str().expect("FAQ id").to_string(),
        faq["slug"].as_str().expect("FAQ slug").to_string(),
    );
    for category in locale["faqCategories"].as_array_mut().into_iter().flatten() {
        // `get_mut`: indexing would add `"articles": null` to a category without articles.
        let articles = category.get_mut("articles").and_then(|a| a.as_array_mut());
        for article in articles.into_iter().flatten() {
            if article["id"] == json!(faq.0) {
                article["content"] = json!(HOSTILE_FAQ);
            }
        }
    }
    locale["experiences"][0]["details"] = json!(HOSTILE_DETAILS);
    locale["seasons"][0]["description"] = json!(HOSTILE_DESCRIPTION);
    if let Some(item) = locale["footer"]["faq"].get_mut(0) {
        item["description"] = json!(HOSTILE_DETAILS);
    }
    let snapshot: site::snapshot::Snapshot =
        serde_json::from_value(value).expect("the modified snapshot deserialises");

    let site = build_fr("hostile", snapshot, None, islands_dir());
    Hostile {
        site,
        cinema,
        show,
        news,
        faq,
        tp_show,
        ad_show,
        dated_show,
    }
});

/// A page of the hostile build, or a problem.
pub fn hostile_page<'a>(
    kind: PageKind,
    params: &Params,
    webview: bool,
    problems: &mut Vec<String>,
) -> Option<&'a Page> {
    let p = path_of_page(kind, Site::Fr, Lang::Fr, params, webview);
    let found = HOSTILE.site.pages.get(&p);
    if found.is_none() {
        problems.push(format!("fr: no page {p} in the hostile build"));
    }
    found
}

#[test]
fn hostile_content_is_sanitised_or_escaped_and_pages_stay_valid() {
    let h = &*HOSTILE;
    let mut problems = Vec::new();
    assert!(
        h.site.pages.len() > 100,
        "the hostile build wrote {} pages",
        h.site.pages.len()
    );
    // The markup as a browser parses it: no `<script>alert`, `<iframe`, `on…=` handler or
    // `javascript:` URL as an element or attribute. The same characters inside text, attribute
    // values, `<title>` or JSON-LD are data (escaped where the context needs it) and are fine.
    for html in h.site.pages.values() {
        let doc = html.doc();
        for e in elements(&doc) {
            let tag = name(e);
            if tag == "iframe" {
                problems.push(format!("{}: an <iframe>", html.file));
            }
            for (attribute, value) in attrs(e) {
                if attribute.starts_with("on") {
                    problems.push(format!("{}: <{tag} {attribute}={value:?}>", html.file));
                }
                let v = value.trim().to_ascii_lowercase();
                if v.starts_with("javascript:") || v.contains(" javascript:") {
                    problems.push(format!("{}: <{tag} {attribute}={value:?}>", html.file));
                }
            }
            if tag == "script" {
                let raw = raw_text(e);
                let kind = attr(e, "type").unwrap_or_default();
                if kind.eq_ignore_ascii_case("application/ld+json") {
                    if let Err(err) = serde_json::from_str::<Value>(&raw) {
                        problems.push(format!(
                            "{}: JSON-LD does not parse ({err}): {}",
                            html.file,
                            raw.chars().take(160).collect::<String>()
                        ));
                    }
                    if raw.contains("<!--") {
                        problems.push(format!("{}: `<!--` inside JSON-LD", html.file));
                    }
                } else if kind.eq_ignore_ascii_case("application/json") {
                    // An island's props: data, never run; hostile text must stay escaped.
                    if let Err(err) = serde_json::from_str::<Value>(&raw) {
                        problems.push(format!(
                            "{}: island props do not parse ({err}): {}",
                            html.file,
                            raw.chars().take(160).collect::<String>()
                        ));
                    }
                    if raw.contains('<') {
                        problems.push(format!("{}: an unescaped `<` in island props", html.file));
                    }
                } else if raw.contains("alert(") {
                    problems.push(format!("{}: a script with alert(: {raw}", html.file));
                }
            }
        }
        let h1 = select(&doc, "h1").len();
        if h1 != 1 {
            problems.push(format!("{}: {h1} <h1> elements", html.file));
        }
    }
    // The hostile strings are still there, as text.
    let cinema = hostile_page(PageKind::Cinema, &slug(&h.cinema), false, &mut problems);
    if let Some(html) = cinema {
        let doc = html.doc();
        if h1_texts(&doc) != [HOSTILE_NAME.to_string()] {
            problems.push(format!(
                "{}: h1 {:?}, expected the name as text [{HOSTILE_NAME:?}]",
                html.file,
                h1_texts(&doc)
            ));
        }
        let theatre = select(&doc, "script[type=\"application/ld+json\"]")
            .into_iter()
            .filter_map(|t| serde_json::from_str::<Value>(&raw_text(t)).ok())
            .find(|v| v["@type"] == "MovieTheater");
        match theatre {
            Some(v) if v["name"] == HOSTILE_NAME => {}
            other => problems.push(format!(
                "{}: MovieTheater JSON-LD name {:?}, expected {HOSTILE_NAME:?}",
                html.file,
                other.map(|v| v["name"].clone())
            )),
        }
        if !html.text.contains("\\u003c/script\\u003e") {
            problems.push(format!(
                "{}: `</script>` of the name is not written `\\u003c/script\\u003e` in JSON-LD",
                html.file
            ));
        }
    }
    if let Some(html) = hostile_page(PageKind::Cinemas, &Params::new(), false, &mut problems) {
        expect_text(
            html,
            &visible_text(&html.text),
            HOSTILE_NAME,
            "cinema name",
            &mut problems,
        );
    }
    if let Some(html) = hostile_page(PageKind::Show, &slug(&h.show), false, &mut problems) {
        expect_text(
            html,
            &visible_text(&html.text),
            HOSTILE_SYNOPSIS,
            "synopsis as text",
            &mut problems,
        );
        let doc = html.doc();
        let h1 = h1_texts(&doc);
        if h1 != [HOSTILE_TITLE.to_string()] {
            problems.push(format!(
                "{}: h1 {h1:?}, expected the title as text [{HOSTILE_TITLE:?}]",
                html.file
            ));
        }
        // The document's title: the first `<title>`, in the head (an SVG may have its own).
        let title = first(&doc, "head title").map(raw_text).unwrap_or_default();
        if !title.contains(HOSTILE_TITLE) {
            problems.push(format!(
                "{}: <title> reads {title:?}: the show title {HOSTILE_TITLE:?} broke out of it or is missing",
                html.file
            ));
        }
    }
    if let Some(html) = hostile_page(PageKind::NewsItem, &slug(&h.news), false, &mut problems) {
        let text = visible_text(&html.text);
        expect_text(html, &text, "ok", "sanitised body", &mut problems);
        let doc = html.doc();
        let body_links = select(&doc, "a").into_iter().filter(|a| text_of(*a) == "x");
        if body_links.count() == 0 {
            problems.push(format!("{}: the body's link text `x` is gone", html.file));
        }
    }
    for (kind, params, webview) in [
        (PageKind::HelpArticleById, id(&h.faq.0), false),
        (PageKind::HelpArticleBySlug, slug(&h.faq.1), false),
        (PageKind::HelpArticleById, id(&h.faq.0), true),
    ] {
        if let Some(html) = hostile_page(kind, &params, webview, &mut problems) {
            let text = visible_text(&html.text);
            expect_text(html, &text, "Réponse sûre", "FAQ answer", &mut problems);
            expect_text(html, &text, "fin", "FAQ answer end", &mut problems);
        }
    }
    assert_none("hostile content", &problems);
}
