//! The readers the checks rely on (`common::html` over an HTML5 parser), on markup as the
//! minifier writes it.

use crate::common::*;
use crate::links::url_path;
use crate::sitemaps::{site_path, sitemap_urls};
use serde_json::Value;

/// The markup readers the checks above rely on: quoted and unquoted (minified) attributes,
/// character references, raw `script` text, omitted end tags, `<noscript>` children, island
/// props, sitemap entries.
#[test]
fn the_html_readers_understand_minified_markup() {
    let html = r#"<!doctype html><html lang=fr-FR><head><title>A &amp; B</title><link href=https://x.fr/en hreflang=en-FR rel=alternate><meta name=Robots content="NOINDEX, follow"><script type=application/ld+json>{"a":"<b href=/not-a-link>"}</script></head><body><h1 class="t">Hé <em>là</em></h1><a href=/aide?x=1#y>a</a><a href='/b%C3%A9'>b</a><img src="/media/p.svg" alt="x > y"><!-- <a href=/comment> --><ul class="l x"><li>Un<li>Deux<ul><li>Trois</ul></ul><noscript><img src=/media/n.png></noscript><main><div data-island=one><p>x</p><script type=application/json data-props>{"n":1}</script></div><div data-island=two></div><script type=application/json data-props>{"n":2}</script><div data-island=three><div><script type=application/json data-props>{"n":3}</script></div></div></main><footer>©</footer></body></html>"#;
    let doc = parse(html);
    let hrefs: Vec<&str> = elements(&doc)
        .into_iter()
        .filter_map(|t| attr(t, "href").or(attr(t, "src")))
        .collect();
    assert_eq!(
        hrefs,
        [
            "https://x.fr/en",
            "/aide?x=1#y",
            "/b%C3%A9",
            "/media/p.svg",
            "/media/n.png"
        ]
    );
    assert_eq!(url_path("/aide?x=1#y"), "/aide");
    assert_eq!(url_path("/b%C3%A9"), "/bé");
    assert_eq!(attr(doc.root_element(), "lang"), Some("fr-FR"));
    assert_eq!(
        first(&doc, "img").and_then(|i| attr(i, "alt")),
        Some("x > y")
    );
    let title = first(&doc, "title").expect("title");
    assert_eq!(text_of(title), "A & B");
    let h1 = first(&doc, "h1.t").expect("h1");
    assert_eq!(text_of(h1), "Hé là");
    let script = first(&doc, "script").expect("script");
    assert_eq!(attr(script, "type"), Some("application/ld+json"));
    assert_eq!(
        serde_json::from_str::<Value>(&raw_text(script)).expect("JSON")["a"],
        "<b href=/not-a-link>"
    );
    assert!(is_noindex(&doc), "robots noindex, in any case");
    // Omitted end tags: each item its own element, a sub-list inside its item.
    let items: Vec<String> = select(&doc, "ul.x > li").into_iter().map(text_of).collect();
    assert_eq!(items, ["Un", "Deux Trois"]);
    assert!(has_class(first(&doc, "ul").expect("ul"), "l"));
    // Neither the script's text nor the comment is read as markup or as visible text.
    let text = doc_text(&doc);
    assert!(
        !text.contains("not-a-link") && !text.contains("comment"),
        "{text}"
    );
    assert!(text.starts_with("A & B Hé là a b"), "{text}");
    // Document order around an element.
    let all = elements(&doc);
    let main = first(&doc, "main").expect("main");
    assert!(before(&all, main).iter().any(|e| name(*e) == "noscript"));
    let after_main: Vec<&str> = after(&all, main).iter().map(|e| name(*e)).collect();
    assert_eq!(after_main, ["footer"]);
    // Island props as the loader finds them: a child; not the next sibling, not deeper.
    let props: Vec<Option<String>> = select(&doc, "[data-island]")
        .into_iter()
        .map(|i| island_props(i).map(raw_text))
        .collect();
    assert_eq!(props, [Some(r#"{"n":1}"#.to_string()), None, None]);
    let xml = r#"<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>https://x.fr/a?b=1&amp;c=2</loc><xhtml:link rel="alternate" hreflang="fr-FR" href="https://x.fr/a"/><xhtml:link rel="alternate" hreflang="x-default" href="https://x.fr/a"/></url><url><loc>https://x.fr/b</loc><xhtml:link rel="alternate" hreflang="en-FR" href="https://x.fr/en/b"/></url></urlset>"#;
    let urls = sitemap_urls(xml);
    assert_eq!(urls.len(), 2);
    assert_eq!(urls[0].0, "https://x.fr/a?b=1&c=2");
    assert_eq!(urls[0].1.len(), 2);
    assert_eq!(urls[1].0, "https://x.fr/b");
    assert_eq!(
        urls[1].1.get("en-FR").map(String::as_str),
        Some("https://x.fr/en/b")
    );
    assert_eq!(
        site_path("https://x.fr", "https://x.fr"),
        Some("/".to_string())
    );
    assert_eq!(site_path("https://x.fr", "https://x.fr.evil/a"), None);
}
