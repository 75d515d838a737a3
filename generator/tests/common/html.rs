//! Reading the generated HTML with an HTML5 parser: `scraper` over `html5ever` (the parser of
//! the WHATWG specification, the one the sanitiser already uses), so a page is read the way a
//! browser builds its document: omitted end tags, raw text (`script`, `style`, `title`),
//! character references, comments and misnested markup all handled by the parser.
//!
//! Documents are parsed with scripting off: the children of a `<noscript>` are elements, as
//! the markup says, so no check misses what a browser without JavaScript would build.
//! The contents of a `<template>` (a fragment of their own) are no text of the page.
//!
//! The helpers: [`parse`], [`select`] (a CSS selector, document order), [`select_in`],
//! [`first`], [`attr`], [`text_of`] (what a reader sees), [`raw_text`] (a script's source),
//! [`elements`] with [`before`] / [`after`] (document order around an element).

use html5ever::driver::ParseOpts;
use html5ever::tendril::TendrilSink;
use html5ever::tree_builder::TreeBuilderOpts;
pub use scraper::{ElementRef, Html as Doc, Selector};

/// Elements whose content is no text a reader sees.
const NOT_TEXT: [&str; 2] = ["script", "style"];

/// A document parsed as a browser with scripting off parses it.
pub fn parse(html: &str) -> Doc {
    let opts = ParseOpts {
        tree_builder: TreeBuilderOpts {
            scripting_enabled: false,
            ..TreeBuilderOpts::default()
        },
        ..ParseOpts::default()
    };
    html5ever::driver::parse_document(scraper::HtmlTreeSink::new(Doc::new_document()), opts)
        .one(html)
}

/// A CSS selector; a selector that does not parse is a mistake of the test.
pub fn selector(css: &str) -> Selector {
    Selector::parse(css).unwrap_or_else(|e| panic!("the CSS selector {css:?} does not parse: {e}"))
}

/// Every element of a document in document order, `<html>` first.
pub fn elements(doc: &Doc) -> Vec<ElementRef<'_>> {
    doc.root_element().descendent_elements().collect()
}

/// The elements of a document matching a CSS selector, in document order.
pub fn select<'a>(doc: &'a Doc, css: &str) -> Vec<ElementRef<'a>> {
    let selector = selector(css);
    doc.root_element()
        .descendent_elements()
        .filter(|e| selector.matches(e))
        .collect()
}

/// The first element of a document matching a CSS selector.
pub fn first<'a>(doc: &'a Doc, css: &str) -> Option<ElementRef<'a>> {
    let selector = selector(css);
    doc.root_element()
        .descendent_elements()
        .find(|e| selector.matches(e))
}

/// The descendants of an element matching a CSS selector, in document order.
pub fn select_in<'a>(el: ElementRef<'a>, css: &str) -> Vec<ElementRef<'a>> {
    let selector = selector(css);
    el.select(&selector).collect()
}

/// An attribute's value (character references decoded by the parser).
pub fn attr<'a>(el: ElementRef<'a>, name: &str) -> Option<&'a str> {
    el.value().attr(name)
}

/// Every attribute of an element: `(name, value)`.
pub fn attrs<'a>(el: ElementRef<'a>) -> Vec<(&'a str, &'a str)> {
    el.value().attrs().collect()
}

/// The element's name (`a`, `img`; lower case for HTML elements).
pub fn name<'a>(el: ElementRef<'a>) -> &'a str {
    el.value().name()
}

/// Whether the element has a class among the words of its `class` attribute.
pub fn has_class(el: ElementRef<'_>, class: &str) -> bool {
    el.value().classes().any(|c| c == class)
}

/// The text a reader sees in an element: its text, `script` and `style` left out, every
/// element boundary a space (so markup and minification do not glue or split words), white
/// space (no-break spaces too) collapsed.
pub fn text_of(el: ElementRef<'_>) -> String {
    let mut out = String::new();
    collect_text(el, &mut out);
    normalize_space(&out)
}

fn collect_text(el: ElementRef<'_>, out: &mut String) {
    for child in el.children() {
        if let Some(text) = child.value().as_text() {
            out.push_str(text);
        } else if let Some(e) = ElementRef::wrap(child) {
            if !NOT_TEXT.contains(&name(e)) {
                out.push(' ');
                collect_text(e, out);
                out.push(' ');
            }
        }
    }
}

/// The text of a whole document as a reader sees it (the `<title>` included).
pub fn doc_text(doc: &Doc) -> String {
    text_of(doc.root_element())
}

/// The text a reader sees in a piece of HTML (a page or a fragment of the content).
pub fn visible_text(html: &str) -> String {
    doc_text(&parse(html))
}

/// The raw text of an element, as written (a `script`'s source, a `style`'s rules).
pub fn raw_text(el: ElementRef<'_>) -> String {
    el.text().collect()
}

/// White space runs (no-break spaces included) as one space, trimmed.
pub fn normalize_space(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c == '\u{a0}')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The position of an element in [`elements`].
pub fn position_of(all: &[ElementRef<'_>], el: ElementRef<'_>) -> usize {
    all.iter()
        .position(|e| *e == el)
        .expect("an element of the document")
}

/// The elements before `el` in document order (its ancestors included).
pub fn before<'a, 'b>(all: &'b [ElementRef<'a>], el: ElementRef<'a>) -> &'b [ElementRef<'a>] {
    &all[..position_of(all, el)]
}

/// The elements after `el` and its descendants, in document order.
pub fn after<'a, 'b>(all: &'b [ElementRef<'a>], el: ElementRef<'a>) -> &'b [ElementRef<'a>] {
    let last = el.descendent_elements().last().unwrap_or(el);
    &all[position_of(all, last) + 1..]
}

/// The elements after `el` in document order, its descendants first.
pub fn following<'a, 'b>(all: &'b [ElementRef<'a>], el: ElementRef<'a>) -> &'b [ElementRef<'a>] {
    &all[position_of(all, el) + 1..]
}

/// Whether a page asks search engines not to index it.
pub fn is_noindex(doc: &Doc) -> bool {
    select(doc, "meta[name]").into_iter().any(|m| {
        attr(m, "name").is_some_and(|n| n.eq_ignore_ascii_case("robots"))
            && attr(m, "content").is_some_and(|c| c.to_ascii_lowercase().contains("noindex"))
    })
}

/// The props of an island element, read as the islands' loader reads them
/// (islands/src/loader/core.ts): a child `script[data-props]`; `None` when there is none
/// (props `{}`).
pub fn island_props<'a>(island: ElementRef<'a>) -> Option<ElementRef<'a>> {
    let props = selector("script[data-props]");
    island.child_elements().find(|c| props.matches(c))
}

/// The props of the page's first island named `name` (`data-island`), as JSON; `None` when
/// there is no such island, it has no props, or they are not JSON.
pub fn island_json(doc: &Doc, name: &str) -> Option<serde_json::Value> {
    select(doc, &format!("[data-island={name}]"))
        .first()
        .and_then(|island| island_props(*island))
        .and_then(|script| serde_json::from_str(&raw_text(script)).ok())
}
