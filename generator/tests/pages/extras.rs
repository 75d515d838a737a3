//! Settings-driven extras, each off unless configured (the demo leaves all three off): page
//! injections at known positions and element kinds only (spec §5), the help centre's chat
//! block with all four agent chat settings (spec §5, §7), and the customer feedback widget of
//! the brand configuration (spec §7 External). Each is proven on a small build (FR in French)
//! of a modified demo snapshot served by the real runtime API, as the hostile-content tests
//! ([`crate::hostile`]) do.

use crate::common::*;
use serde_json::{json, Value};
use site::routes::PageKind;
use site::Lang;
use std::path::PathBuf;
use std::sync::LazyLock;

const CONTACT: &str = "https://account.example.org/contact";
const WIDGET: &str = "https://feedback.example/widget.js?site=fr&v=2";
const HOSTILE_VALUE: &str = "\"><script>alert(1)</script>";
const TAGS_SCRIPT: &str = "window.lumenTags = '</script><script>alert(1)</script>';";

fn agent_chat() -> Value {
    json!({
        "organizationId": "00D000000000001",
        "deploymentName": "Lumen_Help",
        "siteUrl": "https://chat.example/lumen",
        "scrtUrl": "https://chat.example/scrt",
    })
}

/// Known positions and kinds (kept, in the content's order) and unknown or hostile ones
/// (skipped: each carries a marker that must appear on no page).
fn injections() -> Value {
    json!([
        {"position": "head", "element": "meta", "attributes": {"name": "lumen-verification", "content": HOSTILE_VALUE}},
        {"position": "head", "element": "script", "content": TAGS_SCRIPT, "attributes": {"data-tag": "lumen"}},
        {"position": "head", "element": "style", "content": ".lumen-promo { color: #c00; }"},
        {"position": "bodyStart", "element": "noscript", "content": "<img src=\"https://pixel.example/p.gif\" alt=\"\">"},
        {"position": "bodyEnd", "element": "script", "attributes": {"src": "https://tags.example/t.js", "async": ""}},
        {"position": "footer", "element": "script", "content": "unknownPosition()"},
        {"position": "head", "element": "iframe", "attributes": {"src": "https://unknown-kind.example/"}},
        {"position": "bodyEnd", "element": "script", "content": "hostileAttribute()", "attributes": {"onload": "alert(2)"}},
        {"position": "head", "element": "style", "content": "a{}</style><script>closedStyle()</script>"},
        {"position": "head", "element": "noscript", "content": "noscriptInHead"},
    ])
}

const SKIPPED_MARKERS: [&str; 6] = [
    "unknownPosition()",
    "unknown-kind.example",
    "hostileAttribute()",
    "alert(2)",
    "closedStyle()",
    "noscriptInHead",
];

/// The demo snapshot with `settings` changes applied.
fn snapshot_with(change: impl FnOnce(&mut Value)) -> site::snapshot::Snapshot {
    let mut value = demo_snapshot_value();
    change(&mut value["settings"]);
    serde_json::from_value(value).expect("the modified snapshot deserialises")
}

/// The islands' bundle, which must hold the help-chat island.
fn islands_with_help_chat() -> PathBuf {
    let dir = islands_dir();
    let manifest = std::fs::read_to_string(dir.join("manifest.json")).unwrap_or_default();
    assert!(
        manifest.contains("\"help-chat\""),
        "islands/dist has no help-chat island: bundle the islands first (node islands/build.mjs)"
    );
    dir
}

/// Every extra configured: injections, a complete agent chat, the feedback widget on FR.
static CONFIGURED: LazyLock<SiteFiles> = LazyLock::new(|| {
    let snapshot = snapshot_with(|settings| {
        settings["injections"] = injections();
        settings["agentChat"] = agent_chat();
    });
    let mut brand: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("config/brand.json")).expect("config/brand.json"),
    )
    .expect("brand JSON");
    brand["feedbackWidget"] = json!({"src": WIDGET, "sites": ["fr", "be"]});
    let brand_file = scratch("extras-brand").join("brand.json");
    std::fs::write(
        &brand_file,
        serde_json::to_vec_pretty(&brand).expect("brand serialises"),
    )
    .expect("write brand.json");
    build_fr(
        "configured",
        snapshot,
        Some(&brand_file),
        islands_with_help_chat(),
    )
});

/// One agent chat setting missing (and no injections, no widget: as the demo).
static INCOMPLETE: LazyLock<SiteFiles> = LazyLock::new(|| {
    let snapshot = snapshot_with(|settings| {
        let mut chat = agent_chat();
        chat.as_object_mut().expect("an object").remove("scrtUrl");
        settings["agentChat"] = chat;
    });
    build_fr("incomplete", snapshot, None, islands_with_help_chat())
});

/// A complete agent chat, pages built without islands.
static NO_ISLANDS: LazyLock<SiteFiles> = LazyLock::new(|| {
    let snapshot = snapshot_with(|settings| settings["agentChat"] = agent_chat());
    build_fr("no-islands", snapshot, None, PathBuf::from("none"))
});

/// A parsed page with what these tests ask of every page.
struct Parsed<'p> {
    html: &'p Page,
    doc: Doc,
}

impl Parsed<'_> {
    fn is_webview(&self) -> bool {
        first(&self.doc, "body.webview").is_some()
    }

    /// The page kind, as the body class says (`page-helpcategory`).
    fn kind_class(&self) -> String {
        first(&self.doc, "body")
            .and_then(|b| b.value().classes().find(|c| c.starts_with("page-")))
            .unwrap_or_default()
            .to_string()
    }
}

/// Every page of a build, parsed.
fn parsed(site: &SiteFiles) -> Vec<Parsed<'_>> {
    site.pages
        .values()
        .map(|html| Parsed {
            html,
            doc: html.doc(),
        })
        .collect()
}

/// The help centre's pages of a build (every kind, with and without the webview, checked).
fn help_pages(site: &SiteFiles) -> Vec<Parsed<'_>> {
    let pages: Vec<Parsed> = parsed(site)
        .into_iter()
        .filter(|p| p.kind_class().starts_with("page-help"))
        .collect();
    for kind in [
        PageKind::Help,
        PageKind::HelpSearch,
        PageKind::HelpCategory,
        PageKind::HelpArticleById,
        PageKind::HelpArticleBySlug,
    ] {
        let class = format!("page-{}", kind.name().to_lowercase());
        for webview in [false, true] {
            let found = pages
                .iter()
                .any(|p| p.kind_class() == class && p.is_webview() == webview);
            assert!(
                found,
                "no {class} page (webview {webview}) in {}",
                site.dir.display()
            );
        }
    }
    pages
}

#[test]
fn injections_appear_only_at_known_positions_and_kinds_escaped_on_every_page() {
    let site = &*CONFIGURED;
    let mut problems = Vec::new();
    for Parsed { html, doc } in parsed(site) {
        for marker in SKIPPED_MARKERS {
            if html.text.contains(marker) {
                problems.push(format!(
                    "{}: a skipped injection is on the page ({marker})",
                    html.file
                ));
            }
        }
        // head: the meta (its value an attribute's, the same text once decoded), the script
        // (unable to close itself early) and the style.
        let Some(head) = first(&doc, "head") else {
            problems.push(format!("{}: no <head>", html.file));
            continue;
        };
        match select_in(head, "meta[name=lumen-verification]").first() {
            Some(meta) if attr(*meta, "content") == Some(HOSTILE_VALUE) => {}
            other => problems.push(format!("{}: verification meta {other:?}", html.file)),
        }
        match select_in(head, "script[data-tag=lumen]").first() {
            Some(script) => {
                // All of the content, its `</` written `<\\/` (the same string for JavaScript):
                // written as is, the script would end at the content's `</script>`.
                let raw = raw_text(*script);
                if !raw.contains("<\\/script>") || raw.replace("<\\/", "</") != TAGS_SCRIPT {
                    problems.push(format!("{}: the injected script reads {raw:?}", html.file));
                }
            }
            None => problems.push(format!("{}: no injected script in the head", html.file)),
        }
        if !select_in(head, "style")
            .into_iter()
            .any(|t| raw_text(t).contains(".lumen-promo"))
        {
            problems.push(format!("{}: no injected style in the head", html.file));
        }
        if select_in(head, "script:not([src]):not([type]):not([data-tag])")
            .into_iter()
            .any(|t| raw_text(t).contains("alert(1)"))
        {
            problems.push(format!(
                "{}: a script element made of injected content",
                html.file
            ));
        }
        // bodyStart: the noscript first in the body, its content as text.
        let Some(body) = first(&doc, "body") else {
            problems.push(format!("{}: no <body>", html.file));
            continue;
        };
        let first_child = body.children().next();
        let noscript = first_child
            .and_then(ElementRef::wrap)
            .filter(|e| name(*e) == "noscript" && attrs(*e).is_empty());
        let as_text = noscript.is_some_and(|n| {
            n.child_elements().next().is_none() && raw_text(n).starts_with("<img")
        });
        if !as_text {
            problems.push(format!(
                "{}: the body starts with {:?}",
                html.file,
                first_child.and_then(ElementRef::wrap).map(|e| e
                    .html()
                    .chars()
                    .take(80)
                    .collect::<String>())
            ));
        }
        // bodyEnd: the tag script last in the body, after the main content.
        let all = elements(&doc);
        let last_script = select_in(body, "script").pop();
        let after_main =
            |e: ElementRef| first(&doc, "main").is_some_and(|main| after(&all, main).contains(&e));
        let ok = last_script.is_some_and(|t| {
            attr(t, "src") == Some("https://tags.example/t.js")
                && attr(t, "async").is_some()
                && after_main(t)
        });
        if !ok {
            problems.push(format!(
                "{}: the body ends with {:?}",
                html.file,
                last_script.map(|e| e.html().chars().take(120).collect::<String>())
            ));
        }
    }
    assert_none("page injections", &problems);
}

#[test]
fn the_help_chat_island_is_on_every_help_page_when_the_agent_chat_is_complete() {
    let site = &*CONFIGURED;
    let mut problems = Vec::new();
    for Parsed { html, doc } in help_pages(site) {
        let Some(section) = first(&doc, "section[data-island=help-chat]") else {
            problems.push(format!("{}: no help-chat island", html.file));
            continue;
        };
        if attr(section, "class") != Some("help-chat")
            || !matches!(attr(section, "data-hydrate"), Some("visible" | "idle"))
            || attr(section, "aria-labelledby") != Some("help-chat-title")
        {
            problems.push(format!(
                "{}: help-chat section {:?}",
                html.file,
                attrs(section)
            ));
        }
        // Its first four elements: the title, the status line, the contact link, the props.
        let inside: Vec<ElementRef> = section.descendent_elements().skip(1).take(4).collect();
        let names: Vec<&str> = inside.iter().map(|e| name(*e)).collect();
        if names != ["h2", "p", "a", "script"]
            || attr(inside[1], "role") != Some("status")
            || attr(inside[2], "href") != Some(CONTACT)
        {
            problems.push(format!("{}: help-chat markup {names:?}", html.file));
            continue;
        }
        let props = island_props(section)
            .and_then(|p| serde_json::from_str::<Value>(&raw_text(p)).ok())
            .unwrap_or(Value::Null);
        if island_props(section) != Some(inside[3])
            || props["chat"] != agent_chat()
            || props["contact"] != json!(CONTACT)
            || props["site"] != json!("fr")
            || site.island_labels(&doc, "help-chat").is_none_or(|labels| {
                labels["help.chat.start"] != json!(ui_string(Lang::Fr, "help.chat.start"))
            })
        {
            problems.push(format!("{}: help-chat props {props}", html.file));
        }
        let text = text_of(section);
        let says = |key: &str| text.contains(&normalize_space(&ui_string(Lang::Fr, key)));
        if !says("help.stillNeedHelp") || !says("help.contactUs") {
            problems.push(format!(
                "{}: the block says {:?}",
                html.file,
                text.chars().take(120).collect::<String>()
            ));
        }
    }
    // Other pages have none.
    for Parsed { html, doc } in parsed(site) {
        let kind = first(&doc, "body")
            .and_then(|b| b.value().classes().find(|c| c.starts_with("page-")))
            .unwrap_or_default();
        if !kind.starts_with("page-help") && first(&doc, ".help-chat").is_some() {
            problems.push(format!(
                "{}: a help-chat block outside the help centre",
                html.file
            ));
        }
    }
    assert_none("help chat", &problems);
}

#[test]
fn one_missing_agent_chat_setting_means_no_chat_block_and_no_extras() {
    let site = &*INCOMPLETE;
    let mut problems = Vec::new();
    for Parsed { html, doc } in help_pages(site) {
        if html.text.contains("help-chat") {
            problems.push(format!(
                "{}: a help-chat block or island with 3 of 4 agent chat settings",
                html.file
            ));
        }
        if first(&doc, "[data-island=faq-search]").is_none() {
            problems.push(format!(
                "{}: the build has no islands at all (faq-search missing)",
                html.file
            ));
        }
    }
    for html in site.pages.values() {
        if html.text.contains("feedback.example")
            || html.text.contains("lumen-verification")
            || html.text.contains("tags.example")
        {
            problems.push(format!("{}: an extra that is not configured", html.file));
        }
    }
    assert_none("incomplete agent chat", &problems);
}

#[test]
fn without_islands_the_help_chat_block_is_the_contact_link_only() {
    let site = &*NO_ISLANDS;
    let mut problems = Vec::new();
    for Parsed { html, doc } in help_pages(site) {
        let Some(section) = first(&doc, "section.help-chat") else {
            problems.push(format!("{}: no help-chat block", html.file));
            continue;
        };
        let inside: Vec<ElementRef> = section.descendent_elements().skip(1).collect();
        let names: Vec<&str> = inside.iter().take(2).map(|e| name(*e)).collect();
        let interactive = attr(section, "role").is_some()
            || inside.iter().any(|e| {
                attr(*e, "role").is_some()
                    || name(*e) == "button"
                    || attr(*e, "data-props").is_some()
            });
        if attr(section, "data-island").is_some() || names != ["h2", "a"] || interactive {
            problems.push(format!(
                "{}: help-chat block without islands: {names:?} {:?}",
                html.file,
                section.html()
            ));
        }
        if inside.get(1).and_then(|a| attr(*a, "href")) != Some(CONTACT) {
            problems.push(format!(
                "{}: the contact link leads to {:?}",
                html.file,
                inside.get(1).and_then(|a| attr(*a, "href"))
            ));
        }
    }
    assert_none("help chat without islands", &problems);
}

#[test]
fn the_feedback_widget_script_ends_every_page_but_the_webview_pages() {
    let site = &*CONFIGURED;
    let mut problems = Vec::new();
    let (mut with, mut webviews) = (0, 0);
    for page in parsed(site) {
        let (html, doc) = (page.html, &page.doc);
        let widgets: Vec<ElementRef> = select(doc, "script[src]")
            .into_iter()
            .filter(|t| attr(*t, "src") == Some(WIDGET))
            .collect();
        if page.is_webview() {
            webviews += 1;
            if !widgets.is_empty() || html.text.contains("feedback.example") {
                problems.push(format!(
                    "{}: the feedback widget on a webview page",
                    html.file
                ));
            }
            continue;
        }
        match widgets.as_slice() {
            [one] if attr(*one, "async").is_some() && raw_text(*one).is_empty() => {
                with += 1;
                let all = elements(doc);
                if first(doc, "main").is_none_or(|main| !after(&all, main).contains(one)) {
                    problems.push(format!(
                        "{}: the feedback widget is not after the main content",
                        html.file
                    ));
                }
            }
            other => problems.push(format!(
                "{}: {} feedback widget script(s) {:?}",
                html.file,
                other.len(),
                other.first().map(|t| attrs(*t))
            )),
        }
    }
    assert!(
        with > 100 && webviews > 5,
        "{with} pages with the widget, {webviews} webview pages"
    );
    assert_none("feedback widget", &problems);
}
