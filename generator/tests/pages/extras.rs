//! Settings-driven extras, each off unless configured (the demo leaves all three off): page
//! injections at known positions and element kinds only (spec §5), the help centre's chat
//! block with all four agent chat settings (spec §5, §7), and the customer feedback widget of
//! the brand configuration (spec §7 External). Each is proven on a small build (FR in French)
//! of a modified demo snapshot served by the real runtime API, as the hostile-content test of
//! page_content.rs does.

mod common;

use common::*;
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

fn is_webview(html: &Html) -> bool {
    html.tags.iter().any(|t| {
        t.name == "body"
            && t.attr("class")
                .is_some_and(|c| c.split(' ').any(|c| c == "webview"))
    })
}

/// The page kind of a page, as its body class says (`page-helpcategory`).
fn kind_class(html: &Html) -> &str {
    html.tags
        .iter()
        .find(|t| t.name == "body")
        .and_then(|t| t.attr("class"))
        .and_then(|c| c.split(' ').find(|c| c.starts_with("page-")))
        .unwrap_or_default()
}

/// The help centre's pages of a build (every kind, with and without the webview, checked).
fn help_pages(site: &SiteFiles) -> Vec<&Html> {
    let pages: Vec<&Html> = site
        .pages
        .values()
        .filter(|h| kind_class(h).starts_with("page-help"))
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
                .any(|h| kind_class(h) == class && is_webview(h) == webview);
            assert!(
                found,
                "no {class} page (webview {webview}) in {}",
                site.dir.display()
            );
        }
    }
    pages
}

/// The markup between `from` (excluded) and `to`, both required.
fn between<'a>(html: &'a Html, from: &str, to: &str) -> &'a str {
    let start = html
        .text
        .find(from)
        .unwrap_or_else(|| panic!("{}: no {from}", html.file))
        + from.len();
    let end = start
        + html.text[start..]
            .find(to)
            .unwrap_or_else(|| panic!("{}: no {to} after {from}", html.file));
    &html.text[start..end]
}

#[test]
fn injections_appear_only_at_known_positions_and_kinds_escaped_on_every_page() {
    let site = &*CONFIGURED;
    let mut problems = Vec::new();
    for html in site.pages.values() {
        for marker in SKIPPED_MARKERS {
            if html.text.contains(marker) {
                problems.push(format!(
                    "{}: a skipped injection is on the page ({marker})",
                    html.file
                ));
            }
        }
        // head: the meta (its value an attribute's, the same text once decoded), the script
        // (unable to close itself early) and the style. minify-html leaves out `</head>`.
        let head = between(html, "<head>", "<body");
        let head_tags = tags(head);
        match head_tags
            .iter()
            .find(|t| t.name == "meta" && t.attr("name") == Some("lumen-verification"))
        {
            Some(meta) if meta.attr("content") == Some(HOSTILE_VALUE) => {}
            other => problems.push(format!("{}: verification meta {other:?}", html.file)),
        }
        match head_tags
            .iter()
            .find(|t| t.name == "script" && t.attr("data-tag") == Some("lumen"))
        {
            Some(script) => {
                let raw = element_raw(head, script);
                if raw.to_ascii_lowercase().contains("</script")
                    || !raw.contains("<\\/script>")
                    || !raw.contains("window.lumenTags")
                {
                    problems.push(format!("{}: the injected script reads {raw:?}", html.file));
                }
            }
            None => problems.push(format!("{}: no injected script in the head", html.file)),
        }
        if !head_tags
            .iter()
            .any(|t| t.name == "style" && element_raw(head, t).contains(".lumen-promo"))
        {
            problems.push(format!("{}: no injected style in the head", html.file));
        }
        if head_tags
            .iter()
            .filter(|t| t.name == "script" && t.attr("src").is_none() && t.attr("type").is_none())
            .any(|t| element_raw(head, t).contains("alert(1)") && t.attr("data-tag").is_none())
        {
            problems.push(format!(
                "{}: a script element made of injected content",
                html.file
            ));
        }
        // bodyStart: the noscript first in the body, its content as text.
        let body = html
            .text
            .find("<body")
            .map(|b| &html.text[b..])
            .unwrap_or_default();
        let after_body_tag = &body[body.find('>').map_or(0, |i| i + 1)..];
        let noscript = after_body_tag
            .strip_prefix("<noscript>")
            .and_then(|rest| rest.split_once("</noscript>"))
            .map(|(inside, _)| inside);
        if !noscript.is_some_and(|text| text.starts_with("&lt;img") && !text.contains('<')) {
            problems.push(format!(
                "{}: the body starts with {:?}",
                html.file,
                after_body_tag.chars().take(80).collect::<String>()
            ));
        }
        // bodyEnd: the tag script last in the body, after the main content.
        let before_end = &html.text[..html.text.rfind("</body>").unwrap_or(html.text.len())];
        let last_script = before_end
            .rfind("<script")
            .map(|i| &before_end[i..])
            .unwrap_or_default();
        let last = tags(last_script);
        let ok = last.first().is_some_and(|t| {
            t.attr("src") == Some("https://tags.example/t.js") && t.attr("async").is_some()
        }) && before_end
            .rfind("</main>")
            .is_some_and(|m| m < before_end.len() - last_script.len());
        if !ok {
            problems.push(format!(
                "{}: the body ends with {:?}",
                html.file,
                last_script.chars().take(120).collect::<String>()
            ));
        }
    }
    assert_none("page injections", &problems);
}

#[test]
fn the_help_chat_island_is_on_every_help_page_when_the_agent_chat_is_complete() {
    let site = &*CONFIGURED;
    let mut problems = Vec::new();
    for html in help_pages(site) {
        let Some((i, section)) = html
            .tags
            .iter()
            .enumerate()
            .find(|(_, t)| t.name == "section" && t.attr("data-island") == Some("help-chat"))
        else {
            problems.push(format!("{}: no help-chat island", html.file));
            continue;
        };
        if section.attr("class") != Some("help-chat")
            || !matches!(section.attr("data-hydrate"), Some("visible" | "idle"))
            || section.attr("aria-labelledby") != Some("help-chat-title")
        {
            problems.push(format!(
                "{}: help-chat section {:?}",
                html.file, section.attrs
            ));
        }
        let inside: Vec<&Tag> = html.tags[i + 1..].iter().take(4).collect();
        let names: Vec<&str> = inside.iter().map(|t| t.name.as_str()).collect();
        if names != ["h2", "p", "a", "script"]
            || inside[1].attr("role") != Some("status")
            || inside[2].attr("href") != Some(CONTACT)
        {
            problems.push(format!("{}: help-chat markup {names:?}", html.file));
        }
        let props: Value =
            serde_json::from_str(&element_raw(&html.text, inside[3])).unwrap_or(Value::Null);
        if props["chat"] != agent_chat()
            || props["contact"] != json!(CONTACT)
            || props["site"] != json!("fr")
            || props["labels"]["help.chat.start"] != json!(ui_string(Lang::Fr, "help.chat.start"))
        {
            problems.push(format!("{}: help-chat props {props}", html.file));
        }
        let block = &html.text[section.end..];
        let text = visible_text(&block[..block.find("</section>").unwrap_or(block.len())]);
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
    for html in site
        .pages
        .values()
        .filter(|h| !kind_class(h).starts_with("page-help"))
    {
        if html
            .tags
            .iter()
            .any(|t| t.attr("class") == Some("help-chat"))
        {
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
    for html in help_pages(site) {
        if html.text.contains("help-chat") {
            problems.push(format!(
                "{}: a help-chat block or island with 3 of 4 agent chat settings",
                html.file
            ));
        }
        if !html
            .tags
            .iter()
            .any(|t| t.attr("data-island") == Some("faq-search"))
        {
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
    for html in help_pages(site) {
        let Some(i) = html
            .tags
            .iter()
            .position(|t| t.name == "section" && t.attr("class") == Some("help-chat"))
        else {
            problems.push(format!("{}: no help-chat block", html.file));
            continue;
        };
        let section = &html.tags[i];
        let inside: Vec<&str> = html.tags[i + 1..]
            .iter()
            .take(2)
            .map(|t| t.name.as_str())
            .collect();
        let block = between(html, "help-chat-title", "</section>");
        if section.attr("data-island").is_some()
            || inside != ["h2", "a"]
            || block.contains("role=")
            || block.contains("<button")
            || block.contains("data-props")
        {
            problems.push(format!(
                "{}: help-chat block without islands: {inside:?} {block:?}",
                html.file
            ));
        }
        if html.tags[i + 2].attr("href") != Some(CONTACT) {
            problems.push(format!(
                "{}: the contact link leads to {:?}",
                html.file,
                html.tags[i + 2].attr("href")
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
    for html in site.pages.values() {
        let widgets: Vec<&Tag> = html
            .tags
            .iter()
            .filter(|t| t.name == "script" && t.attr("src") == Some(WIDGET))
            .collect();
        if is_webview(html) {
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
            [one] if one.attr("async").is_some() && element_raw(&html.text, one).is_empty() => {
                with += 1;
                let at = html.text.find("feedback.example").unwrap_or(0);
                if html.text.rfind("</main>").is_none_or(|m| m > at) {
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
                other.first().map(|t| &t.attrs)
            )),
        }
    }
    assert!(
        with > 100 && webviews > 5,
        "{with} pages with the widget, {webviews} webview pages"
    );
    assert_none("feedback widget", &problems);
}
