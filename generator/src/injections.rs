//! Page injections (settings `injections`, spec §3 Settings, §5: "Injected page elements need a
//! known position and element kind"): elements the content asks every page to carry — a tag
//! manager's script, a verification `meta`, a `noscript` pixel.
//!
//! Positions: `head` (end of `<head>`), `bodyStart` (first in `<body>`), `bodyEnd` (last in
//! `<body>`). Element kinds: `script`, `style`, `meta`, `link`, `noscript` (names compared
//! without case). Anything else is skipped with a warning naming the site, the position and
//! the element: a build never fails for an injection.
//!
//! The content is trusted to run (injecting a script is the point), but it must not be able
//! to break the page around it: attribute names are plain (no event handlers), values are
//! escaped, `script` content cannot close its element early, `style` content that would is
//! refused, `noscript` content is text, `meta` and `link` are void.

use serde::Serialize;
use site::content::Injection;
use site::Site;
use std::fmt::Write as _;

/// The HTML of each position, written into the page as it is (`| safe` in `base.html`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PageInjections {
    pub head: String,
    pub body_start: String,
    pub body_end: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Position {
    Head,
    BodyStart,
    BodyEnd,
}

impl Position {
    fn parse(name: &str) -> Option<Position> {
        [
            ("head", Position::Head),
            ("bodyStart", Position::BodyStart),
            ("bodyEnd", Position::BodyEnd),
        ]
        .into_iter()
        .find(|(known, _)| known.eq_ignore_ascii_case(name))
        .map(|(_, position)| position)
    }
}

/// The element kinds an injection may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Element {
    Script,
    Style,
    Meta,
    Link,
    Noscript,
}

impl Element {
    fn parse(name: &str) -> Option<Element> {
        [
            ("script", Element::Script),
            ("style", Element::Style),
            ("meta", Element::Meta),
            ("link", Element::Link),
            ("noscript", Element::Noscript),
        ]
        .into_iter()
        .find(|(known, _)| known.eq_ignore_ascii_case(name))
        .map(|(_, element)| element)
    }

    fn tag(self) -> &'static str {
        match self {
            Element::Script => "script",
            Element::Style => "style",
            Element::Meta => "meta",
            Element::Link => "link",
            Element::Noscript => "noscript",
        }
    }
}

/// The injections of a site's pages, by position, in the content's order. Each skipped one is
/// logged with the reason.
pub fn for_site(site: Site, injections: &[Injection]) -> PageInjections {
    let mut pages = PageInjections::default();
    for injection in injections {
        match element_html(injection) {
            Ok((position, html)) => match position {
                Position::Head => pages.head.push_str(&html),
                Position::BodyStart => pages.body_start.push_str(&html),
                Position::BodyEnd => pages.body_end.push_str(&html),
            },
            Err(reason) => tracing::warn!(
                site = %site,
                position = %injection.position,
                element = %injection.element,
                "page injection skipped: {reason}"
            ),
        }
    }
    pages
}

/// What the site's injections load or run, for its Content-Security-Policy: external
/// scripts' and style sheets' origins, inline scripts' hashes (of the text exactly as written
/// into the pages). Injections that are skipped add nothing.
pub fn policy_sources(injections: &[Injection], policy: &mut site::security::PagePolicy) {
    use base64::Engine as _;
    use sha2::Digest as _;
    for injection in injections.iter().filter(|i| element_html(i).is_ok()) {
        let attribute = |name: &str| {
            injection
                .attributes
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.as_str())
        };
        match Element::parse(&injection.element) {
            Some(Element::Script) => match attribute("src") {
                Some(src) => policy.script_origins.extend(site::security::origin_of(src)),
                None if !injection.content.trim().is_empty() => {
                    let digest = sha2::Sha256::digest(script_text(&injection.content).as_bytes());
                    policy.script_hashes.insert(format!(
                        "sha256-{}",
                        base64::engine::general_purpose::STANDARD.encode(digest)
                    ));
                }
                None => {}
            },
            Some(Element::Link) => {
                if let Some(href) = attribute("href") {
                    policy.style_origins.extend(site::security::origin_of(href));
                }
            }
            _ => {}
        }
    }
}

/// One injection's position and markup, or why it is not used.
fn element_html(injection: &Injection) -> Result<(Position, String), String> {
    let position = Position::parse(&injection.position)
        .ok_or("unknown position (known: head, bodyStart, bodyEnd)")?;
    let element = Element::parse(&injection.element)
        .ok_or("unknown element kind (known: script, style, meta, link, noscript)")?;
    if element == Element::Noscript && position == Position::Head {
        // In the head, a browser without scripting reads noscript text as the end of the head.
        return Err("noscript goes in the body (bodyStart or bodyEnd), not in the head".into());
    }
    let tag = element.tag();
    let mut html = format!("<{tag}");
    for (name, value) in &injection.attributes {
        check_attribute(name, value)?;
        check_source(element, name, value)?;
        html.push(' ');
        html.push_str(name);
        // `async`, `defer`, `crossorigin`… given as "": written as boolean attributes.
        if !value.is_empty() {
            let _ = write!(html, "=\"{}\"", escape(value));
        }
    }
    html.push('>');
    let content = &injection.content;
    if matches!(element, Element::Script | Element::Style) && contains_slot_marker(content) {
        return Err("the content holds the generator's slot marker".into());
    }
    match element {
        Element::Meta | Element::Link => return Ok((position, html)),
        Element::Script => html.push_str(&script_text(content)),
        Element::Style => {
            if content.to_ascii_lowercase().contains("</style") {
                return Err(
                    "the style content holds `</style`, which would end the element early".into(),
                );
            }
            html.push_str(content);
        }
        Element::Noscript => html.push_str(&escape(content)),
    }
    let _ = write!(html, "</{tag}>");
    Ok((position, html))
}

/// Attribute names a browser reads as one plain attribute; never an event handler (any `on…`
/// name: browsers keep adding events), and never a `javascript:` URL.
fn check_attribute(name: &str, value: &str) -> Result<(), String> {
    let mut chars = name.chars();
    let plain = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | ':' | '-'));
    if !plain {
        return Err(format!(
            "attribute name {name:?} is not a plain name ([A-Za-z][A-Za-z0-9_:-]*)"
        ));
    }
    if name.len() >= 2 && name[..2].eq_ignore_ascii_case("on") {
        return Err(format!("attribute {name:?} is an event handler"));
    }
    // Browsers ignore blanks and control characters in a URL's scheme.
    let scheme: String = value
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .take(11)
        .collect();
    if scheme.eq_ignore_ascii_case("javascript:") {
        return Err(format!("attribute {name:?} is a javascript: URL"));
    }
    Ok(())
}

/// A script's source is an `https://` URL or an address of the site itself (never `data:`,
/// `http:` or another scheme); a `meta` never refreshes nor redirects the page.
fn check_source(element: Element, name: &str, value: &str) -> Result<(), String> {
    let value = value.trim();
    if element == Element::Script && name.eq_ignore_ascii_case("src") {
        let same_site = value.starts_with('/') && !value.starts_with("//") && !value.contains('\\');
        if !(same_site
            || site::security::origin_of(value).is_some_and(|o| o.starts_with("https://")))
        {
            return Err(format!(
                "script src {value:?} is neither https:// nor an address of the site"
            ));
        }
    }
    if element == Element::Meta
        && name.eq_ignore_ascii_case("http-equiv")
        && value.eq_ignore_ascii_case("refresh")
    {
        return Err("meta http-equiv=refresh would send visitors elsewhere".into());
    }
    Ok(())
}

/// Script content that cannot end its element nor open a comment the parser would follow:
/// `</` as `<\/` and `<!--` as `<\!--` (the same string for a script).
fn script_text(content: &str) -> String {
    content.replace("</", "<\\/").replace("<!--", "<\\!--")
}

/// Text and attribute values (`site::escape::html`).
fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    site::escape::html(text)
}

/// Whether raw content holds the marker the generator replaces by a fragment after minifying
/// (`crate::fragments::marker`): written raw in a script, it would receive the fragment.
fn contains_slot_marker(content: &str) -> bool {
    let marker = crate::fragments::marker(0);
    let prefix = marker
        .split_once('0')
        .map_or(marker.as_str(), |(prefix, _)| prefix);
    content.contains(prefix)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn injection(
        position: &str,
        element: &str,
        content: &str,
        attributes: &[(&str, &str)],
    ) -> Injection {
        Injection {
            position: position.into(),
            element: element.into(),
            content: content.into(),
            attributes: attributes
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect::<BTreeMap<_, _>>(),
        }
    }

    fn one(i: Injection) -> PageInjections {
        for_site(Site::Fr, &[i])
    }

    #[test]
    fn known_positions_and_kinds_go_where_they_are_asked_in_order() {
        let pages = for_site(
            Site::Fr,
            &[
                injection(
                    "head",
                    "meta",
                    "ignored",
                    &[("name", "verification"), ("content", "abc")],
                ),
                injection(
                    "head",
                    "link",
                    "",
                    &[("rel", "preconnect"), ("href", "https://tags.example")],
                ),
                injection("head", "style", ".promo{color:red}", &[]),
                injection("bodyStart", "noscript", "", &[]),
                injection(
                    "bodyEnd",
                    "script",
                    "window.tags=[];",
                    &[("src", "https://tags.example/t.js"), ("async", "")],
                ),
                injection("head", "SCRIPT", "var a=1;", &[]),
            ],
        );
        assert_eq!(
            pages.head,
            "<meta content=\"abc\" name=\"verification\"><link href=\"https://tags.example\" rel=\"preconnect\"><style>.promo{color:red}</style><script>var a=1;</script>"
        );
        assert_eq!(pages.body_start, "<noscript></noscript>");
        assert_eq!(
            pages.body_end,
            "<script async src=\"https://tags.example/t.js\">window.tags=[];</script>"
        );
    }

    #[test]
    fn unknown_positions_and_kinds_are_skipped() {
        for i in [
            injection("footer", "script", "x()", &[]),
            injection("", "script", "x()", &[]),
            injection("head", "iframe", "", &[("src", "https://evil.example")]),
            injection("bodyEnd", "img", "", &[("src", "x")]),
            injection("bodyEnd", "div", "<b>x</b>", &[]),
            injection("head", "noscript", "<img src=x>", &[]),
        ] {
            assert_eq!(one(i.clone()), PageInjections::default(), "{i:?}");
        }
    }

    #[test]
    fn hostile_attribute_names_skip_the_element() {
        for name in [
            "onload",
            "ONERROR",
            "on-x",
            "src\"><script>alert(1)</script",
            "a b",
            "1x",
            "x=y",
            "",
            "data-\u{e9}",
        ] {
            let i = injection("head", "script", "", &[(name, "x")]);
            assert_eq!(one(i), PageInjections::default(), "attribute {name:?}");
        }
        assert_eq!(
            one(injection(
                "head",
                "link",
                "",
                &[("href", " java\tscript:alert(1)")]
            )),
            PageInjections::default()
        );
        // Any `on…` name is refused (new event names keep coming); others with the letters pass.
        assert_eq!(
            one(injection("head", "meta", "", &[("one", "1")])),
            PageInjections::default()
        );
        assert_eq!(
            one(injection(
                "bodyEnd",
                "script",
                "",
                &[("nonce", "n"), ("data-on", "1")]
            ))
            .body_end,
            "<script data-on=\"1\" nonce=\"n\"></script>"
        );
    }

    #[test]
    fn attribute_values_are_escaped() {
        let pages = one(injection(
            "head",
            "meta",
            "",
            &[("content", "\"><script>alert(1)</script>&'")],
        ));
        assert_eq!(
            pages.head,
            "<meta content=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&#39;\">"
        );
    }

    #[test]
    fn script_content_cannot_close_its_element() {
        let pages = one(injection(
            "bodyEnd",
            "script",
            "var s='</script><script>alert(1)</script>'; <!-- x",
            &[],
        ));
        assert_eq!(
            pages.body_end,
            "<script>var s='<\\/script><script>alert(1)<\\/script>'; <\\!-- x</script>"
        );
        assert_eq!(pages.body_end.matches("</script").count(), 1);
        assert!(!pages.body_end.contains("</SCRIPT") && !pages.body_end.contains("<!--"));
        let upper = one(injection("bodyEnd", "script", "a='</SCRIPT>'", &[]));
        assert_eq!(upper.body_end, "<script>a='<\\/SCRIPT>'</script>");
    }

    #[test]
    fn style_that_would_close_early_is_refused_and_noscript_is_text() {
        assert_eq!(
            one(injection(
                "head",
                "style",
                "a{}</STYLE><script>alert(1)</script>",
                &[]
            )),
            PageInjections::default()
        );
        let pages = one(injection(
            "bodyStart",
            "noscript",
            "<img src=x onerror=alert(1)></noscript>",
            &[],
        ));
        assert_eq!(
            pages.body_start,
            "<noscript>&lt;img src=x onerror=alert(1)&gt;&lt;/noscript&gt;</noscript>"
        );
    }

    #[test]
    fn void_elements_ignore_their_content_and_the_slot_marker_is_refused() {
        assert_eq!(
            one(injection(
                "head",
                "link",
                "<script>alert(1)</script>",
                &[("rel", "icon")]
            ))
            .head,
            "<link rel=\"icon\">"
        );
        let marker = crate::fragments::marker(0);
        assert_eq!(
            one(injection(
                "head",
                "script",
                &format!("var m='{marker}';"),
                &[]
            )),
            PageInjections::default()
        );
    }

    #[test]
    fn scripts_come_from_https_or_the_site_and_meta_never_refreshes() {
        for (attributes, kept) in [
            (vec![("src", "https://tags.example/t.js")], true),
            (vec![("src", "/assets/local.js")], true),
            (vec![("src", "http://tags.example/t.js")], false),
            (vec![("src", "data:text/javascript,alert(1)")], false),
            (vec![("src", "//tags.example/t.js")], false),
            (vec![("src", " javascript:alert(1)")], false),
        ] {
            let pages = for_site(Site::Fr, &[injection("head", "script", "", &attributes)]);
            assert_eq!(!pages.head.is_empty(), kept, "{attributes:?}");
        }
        for value in ["refresh", "REFRESH", " Refresh "] {
            let meta = injection(
                "head",
                "meta",
                "",
                &[
                    ("http-equiv", value),
                    ("content", "0;url=https://evil.example/"),
                ],
            );
            assert!(for_site(Site::Fr, &[meta]).head.is_empty(), "{value}");
        }
    }

    #[test]
    fn the_policy_allows_each_kept_script_by_origin_or_by_hash() {
        let injections = [
            injection(
                "head",
                "script",
                "",
                &[("src", "https://tags.example/t.js")],
            ),
            injection("bodyEnd", "script", "window.a = '</script>';", &[]),
            injection(
                "head",
                "link",
                "",
                &[
                    ("rel", "stylesheet"),
                    ("href", "https://fonts.example/a.css"),
                ],
            ),
            injection("head", "script", "", &[("src", "data:text/javascript,1")]),
        ];
        let mut policy = site::security::PagePolicy::default();
        policy_sources(&injections, &mut policy);
        assert_eq!(
            policy.script_origins.iter().collect::<Vec<_>>(),
            ["https://tags.example"]
        );
        assert_eq!(
            policy.style_origins.iter().collect::<Vec<_>>(),
            ["https://fonts.example"]
        );
        // The hash of the text as the page holds it (with `</` escaped).
        use base64::Engine as _;
        use sha2::Digest as _;
        let written = for_site(Site::Fr, &injections[1..2]).body_end;
        let inner = written
            .strip_prefix("<script>")
            .and_then(|s| s.strip_suffix("</script>"))
            .expect("an inline script");
        let hash = format!(
            "sha256-{}",
            base64::engine::general_purpose::STANDARD
                .encode(sha2::Sha256::digest(inner.as_bytes()))
        );
        assert_eq!(policy.script_hashes.iter().collect::<Vec<_>>(), [&hash]);
    }
}
