mod common;
use common::*;
use site::{Lang, Site};
fn keys(v: &serde_json::Value) -> String { v.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>().join(",")).unwrap_or_else(|| v.to_string().chars().take(200).collect()) }
#[test]
fn explore() {
    let s = api_json(Site::Fr, Some(Lang::Fr), "/settings"); eprintln!("settings: {}", keys(&s));
    let g = api_json(Site::Fr, Some(Lang::Fr), "/experience-groups"); eprintln!("group: {}\n article: {}", keys(&g[0]), keys(&g[0]["articles"][0]));
    let n = api_json(Site::Fr, Some(Lang::Fr), "/news"); eprintln!("news: {}\n news[0]: {}\n offers[0]: {}", keys(&n), keys(&n["news"][0]), keys(&n["offers"][0]));
    eprintln!("moved {}", n["moved"]);
    let e = api_json(Site::Fr, Some(Lang::Fr), "/events"); eprintln!("events: {}", keys(&e));
    for x in e["seasons"].as_array().unwrap() { eprintln!(" season {} {} {} {}", x["slug"], x["type"], x["reference"], x["redirectSlug"]); }
    let c = api_json(Site::Fr, Some(Lang::Fr), "/city/paris"); eprintln!("city: {}\n cinemas[0] {}", keys(&c), keys(&c["cinemas"][0]));
    let f = api_json(Site::Fr, Some(Lang::Fr), "/faq/categories"); eprintln!("faq: {}", keys(&f[0]));
    for (site, lang) in [(Site::Fr, Lang::En), (Site::Ch, Lang::De), (Site::Nl, Lang::En)] {
        let a = api_json(site, Some(lang), "/shows"); let b = api_json(site, Some(site.default_language()), "/shows");
        eprintln!("{site} {lang} show0 {} {} vs {} {}", a[0]["slug"], a[0]["reference"], b[0]["slug"], b[0]["reference"]);
        let a = api_json(site, Some(lang), "/news"); let b = api_json(site, Some(site.default_language()), "/news");
        eprintln!("  news0 {} {} vs {} {}", a["news"][0]["slug"], a["news"][0]["reference"], b["news"][0]["slug"], b["news"][0]["reference"]);
        let a = api_json(site, Some(lang), "/faq/categories"); let b = api_json(site, Some(site.default_language()), "/faq/categories");
        eprintln!("  faq0 {} {} vs {} {}", a[0]["articles"][0]["slug"], a[0]["articles"][0]["id"], b[0]["articles"][0]["slug"], b[0]["articles"][0]["id"]);
        let a = api_json(site, Some(lang), "/events"); let b = api_json(site, Some(site.default_language()), "/events");
        eprintln!("  season0 {} vs {}", a["seasons"][0]["slug"], b["seasons"][0]["slug"]);
    }
}
