//! Rendering with Tera: the templates are compiled once, at the first page rendered; each
//! language gets its own copy with `t(key=…)` bound to its UI strings, so a page's context
//! carries only what is its own.

use anyhow::Context as _;
use serde_json::Value;
use site::Lang;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use tera::Tera;

/// What a rendered page's buffer starts with: most pages' Tera output fits (a show page's is
/// about 19 KB, a cinema page's 64 KB before their fragments are spliced in).
const RENDERED_CAPACITY: usize = 32 * 1024;

pub struct Renderers {
    /// Each language's Tera, compiled at the first page rendered (a targeted build's earlier,
    /// `compile_now`): a rebuild that keeps every page (the nightly run with nothing changed)
    /// never needs it, and compiling is a tenth of that run's CPU. A template that does not
    /// compile fails the first page rendered.
    by_lang: OnceLock<Result<BTreeMap<Lang, Tera>, String>>,
    templates: Vec<(String, String)>,
    templates_dir: PathBuf,
    labels: BTreeMap<Lang, crate::fragments::Labels>,
    strings: BTreeMap<Lang, HashMap<String, String>>,
}

impl Renderers {
    pub fn load(templates: &Path, locales: &Path) -> anyhow::Result<Renderers> {
        let mut labels = BTreeMap::new();
        let mut all_strings = BTreeMap::new();
        for lang in Lang::ALL {
            let path = locales.join(format!("{}.json", lang.code()));
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            let tree: Value = serde_json::from_str(&text)
                .with_context(|| format!("parsing {}", path.display()))?;
            let mut strings = HashMap::new();
            site::locale_strings::flatten(&tree, &mut strings);
            labels.insert(
                lang,
                crate::fragments::Labels::new(&strings)
                    .with_context(|| format!("UI strings of {}", path.display()))?,
            );
            // Checked here, not at the first page: a bad date format fails every build.
            LongDate::new(&strings).with_context(|| format!("UI strings of {}", path.display()))?;
            all_strings.insert(lang, strings);
        }
        Ok(Renderers {
            by_lang: OnceLock::new(),
            templates: compact_templates(templates)?,
            templates_dir: templates.to_path_buf(),
            labels,
            strings: all_strings,
        })
    }

    /// Compiles the templates once for every language: the same templates, each language with
    /// its own `t` function and `long_date` filter.
    fn compile(&self) -> anyhow::Result<BTreeMap<Lang, Tera>> {
        let mut base = Tera::default();
        base.add_raw_templates(self.templates.clone())
            .map_err(|e| {
                anyhow::anyhow!(
                    "compiling templates in {}: {}",
                    self.templates_dir.display(),
                    describe(&e)
                )
            })?;
        base.autoescape_on(vec![".html"]);
        // Tera's own escaper also writes every `/` as `&#x2F;`, which HTML never needs: URLs
        // would grow by a sixth. Ours escapes what can end a text or a quoted value.
        base.set_escape_fn(|text| site::escape::html(text).into_owned());
        base.register_filter("duration", duration_filter);
        base.register_filter("time", time_filter);
        base.register_filter("money", money_filter);
        base.register_filter("content_url", content_url_filter);
        base.register_filter("access_options", access_options_filter);
        base.register_function("slot", Slot);
        base.register_function("chrome_slot", ChromeSlot);
        base.register_function("hole", Hole);
        base.register_function("image", ImageTag);
        let mut by_lang = BTreeMap::new();
        for (lang, strings) in &self.strings {
            let mut tera = base.clone();
            tera.register_filter("long_date", LongDate::new(strings)?);
            tera.register_function(
                "t",
                Translate {
                    strings: strings.clone(),
                    lang: *lang,
                },
            );
            by_lang.insert(*lang, tera);
        }
        Ok(by_lang)
    }

    /// The UI strings the Rust-written fragments print.
    pub fn labels(&self, lang: Lang) -> &crate::fragments::Labels {
        &self.labels[&lang]
    }

    /// The UI strings of a language, flattened (`header.search`), for the islands' labels.
    pub fn strings(&self, lang: Lang) -> &HashMap<String, String> {
        &self.strings[&lang]
    }

    fn compiled(&self) -> &Result<BTreeMap<Lang, Tera>, String> {
        self.by_lang
            .get_or_init(|| self.compile().map_err(|e| format!("{e:#}")))
    }

    /// Compiles the templates now rather than at the first page rendered: for a build known to
    /// render pages (a targeted one), while the first site is fetched. An error is kept and
    /// reported by the first page rendered, as when compiled there.
    pub fn compile_now(&self) {
        let _ = self.compiled();
    }

    /// A page's bytes: written straight into a buffer of a page's size, never checked again as
    /// UTF-8 (everything Tera writes is text already) nor grown from Tera's 2 KB start.
    pub fn render(
        &self,
        lang: Lang,
        template: &str,
        context: &tera::Context,
    ) -> anyhow::Result<Vec<u8>> {
        let by_lang = self
            .compiled()
            .as_ref()
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let mut page = Vec::with_capacity(RENDERED_CAPACITY);
        by_lang[&lang]
            .render_to(template, context, &mut page)
            .map_err(|e| anyhow::anyhow!(describe(&e)))?;
        Ok(page)
    }
}

/// The settings the chrome is minified with: valid HTML for validators and strict parsers.
pub fn minify_config() -> minify_html::Cfg {
    let mut cfg = minify_html::Cfg::new();
    cfg.minify_doctype = false;
    cfg.allow_noncompliant_unquoted_attribute_values = false;
    cfg.allow_removing_spaces_between_attributes = false;
    cfg.allow_optimal_entities = false;
    cfg.keep_html_and_head_opening_tags = true;
    cfg.minify_css = true;
    cfg
}

/// Every template under `templates`, named by its relative path, its line breaks taken out
/// (`compact`): pages come out of Tera as compact as they are written, so no page is minified.
fn compact_templates(templates: &Path) -> anyhow::Result<Vec<(String, String)>> {
    let mut found = Vec::new();
    for entry in walkdir::WalkDir::new(templates).sort_by_file_name() {
        let entry =
            entry.with_context(|| format!("reading templates in {}", templates.display()))?;
        let path = entry.path();
        if !entry.file_type().is_file() || path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let name = path
            .strip_prefix(templates)
            .expect("walkdir yields paths under its root")
            .to_string_lossy()
            .replace('\\', "/");
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        found.push((name, compact(&text)));
    }
    Ok(found)
}

/// A template without its line breaks. A line break and the indentation after it become:
/// - one space inside an HTML tag or a Tera tag, where it separates attributes or words;
/// - nothing next to a block-level tag (`BLOCK_TAGS`, looking through Tera tags), where a
///   browser renders no space either;
/// - one space elsewhere (between inline elements, words, or an element and a word), as
///   HTML renders a run of white space.
///
/// The templates are written for people to read; what a visitor downloads carries none of
/// that layout, and no page needs minifying after it is rendered.
pub fn compact(template: &str) -> String {
    #[derive(Clone, Copy, PartialEq)]
    enum In {
        Text,
        HtmlTag,
    }
    let bytes = template.as_bytes();
    let mut out = String::with_capacity(template.len());
    let mut state = In::Text;
    // The closer of the Tera tag the scan is in (`}}`, `%}`, `#}`), if any.
    let mut tera: Option<&str> = None;
    let mut i = 0;
    while i < bytes.len() {
        let rest = &template[i..];
        if let Some(close) = tera {
            if rest.starts_with(close) {
                out.push_str(close);
                i += close.len();
                tera = None;
                continue;
            }
        } else if let Some(close) = tera_closer(rest) {
            out.push_str(&rest[..2]);
            i += 2;
            tera = Some(close);
            continue;
        } else if bytes[i] == b'<' && starts_tag(rest) {
            state = In::HtmlTag;
        } else if bytes[i] == b'>' {
            state = In::Text;
        } else if state == In::HtmlTag && rest.starts_with("=\"") {
            // A literal value needs no quotes when nothing in it ends an unquoted value, and
            // an empty one no value at all (`alt=""` is `alt`), as minify-html writes them.
            if let Some(len) = rest[2..].find('"') {
                let value = &rest[2..2 + len];
                let plain =
                    !value.contains(|c: char| c.is_ascii_whitespace() || "\"'=<>`&{}".contains(c));
                if plain {
                    if !value.is_empty() {
                        out.push('=');
                        out.push_str(value);
                    }
                    i += len + 3;
                    continue;
                }
            }
        }
        if bytes[i] == b'\n' {
            let indent = rest[1..]
                .bytes()
                .take_while(|b| *b == b' ' || *b == b'\t' || *b == b'\r')
                .count();
            i += 1 + indent;
            let space = tera.is_some()
                || state == In::HtmlTag
                || !(block_tag_before(&out) || block_tag_after(&template[i..]));
            if space && !out.ends_with(' ') && i < bytes.len() && !out.is_empty() {
                out.push(' ');
            }
            continue;
        }
        let ch = rest.chars().next().expect("not at the end");
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

/// Elements around which white space renders nothing (block boxes, metadata, table parts).
const BLOCK_TAGS: &[&str] = &[
    "address",
    "article",
    "aside",
    "blockquote",
    "body",
    "caption",
    "col",
    "colgroup",
    "dd",
    "details",
    "dialog",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "head",
    "header",
    "hr",
    "html",
    "legend",
    "li",
    "link",
    "main",
    "meta",
    "nav",
    "noscript",
    "ol",
    "optgroup",
    "option",
    "p",
    "script",
    "section",
    "style",
    "summary",
    "table",
    "tbody",
    "td",
    "template",
    "tfoot",
    "th",
    "thead",
    "title",
    "tr",
    "ul",
];

/// The closer of the Tera tag `text` starts with (`{{`, `{%`, `{#`), if it starts with one.
fn tera_closer(text: &str) -> Option<&'static str> {
    ["{{", "{%", "{#"]
        .iter()
        .position(|open| text.starts_with(open))
        .map(|n| ["}}", "%}", "#}"][n])
}

/// Whether `text` starts an HTML tag (`<a`, `</a`), not a `<` in text.
fn starts_tag(text: &str) -> bool {
    text[1..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '/' || c == '!')
}

/// Whether the name of the tag `text` starts with (after `<` or `</`) is a block tag.
fn is_block_tag(text: &str) -> bool {
    let name = text.trim_start_matches('<').trim_start_matches('/');
    let end = name
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(name.len());
    BLOCK_TAGS.contains(&name[..end].to_ascii_lowercase().as_str())
}

/// Whether `written` ends with a block-level tag, Tera tags after it aside.
fn block_tag_before(written: &str) -> bool {
    let mut text = written.trim_end_matches(' ');
    loop {
        let opener = match () {
            _ if text.ends_with("}}") => "{{",
            _ if text.ends_with("%}") => "{%",
            _ if text.ends_with("#}") => "{#",
            _ => break,
        };
        match text.rfind(opener) {
            Some(at) => text = text[..at].trim_end_matches(' '),
            None => return false,
        }
    }
    text.ends_with('>') && text.rfind('<').is_some_and(|at| is_block_tag(&text[at..]))
}

/// Whether `rest` starts with a block-level tag, Tera tags before it aside.
fn block_tag_after(rest: &str) -> bool {
    let mut text = rest.trim_start_matches([' ', '\t', '\r', '\n']);
    while let Some(close) = tera_closer(text) {
        match text.find(close) {
            Some(at) => text = text[at + 2..].trim_start_matches([' ', '\t', '\r', '\n']),
            None => return false,
        }
    }
    text.starts_with('<') && starts_tag(text) && is_block_tag(text)
}

/// Tera hides the cause of an error in its source chain; spell it out.
fn describe(err: &tera::Error) -> String {
    let mut text = err.to_string();
    let mut source = std::error::Error::source(err);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

/// `t(key="header.movies", count=3)`: the UI string, with `{name}` placeholders filled from
/// the other arguments. A missing key is an error, so a typo fails the build, not the page.
struct Translate {
    strings: HashMap<String, String>,
    lang: Lang,
}

impl tera::Function for Translate {
    fn call(&self, args: &HashMap<String, Value>) -> tera::Result<Value> {
        let key = args
            .get("key")
            .and_then(Value::as_str)
            .ok_or_else(|| tera::Error::msg("t() needs key=\"…\""))?;
        if let Some(template) = self.strings.get(key) {
            return Ok(Value::String(fill(template, args)));
        }
        // A count's string: its forms by plural category (`cinema.halls.one`, `….other`).
        if let (Some(count), Some(other)) = (
            args.get("count").and_then(Value::as_u64),
            self.strings.get(&format!("{key}.other")),
        ) {
            // Grouped as the page's locale writes numbers (`1'000` in de-CH, `1.000` in
            // de-DE): the site is needed, not only the language.
            let site = args
                .get("site")
                .and_then(Value::as_str)
                .and_then(site::Site::from_code)
                .ok_or_else(|| {
                    tera::Error::msg(format!("t(key={key:?}, count=…) needs site=\"…\""))
                })?;
            let format = site::format::Formatter::of(site, self.lang);
            let template = self
                .strings
                .get(&format!("{key}.{}", format.plural(count)))
                .unwrap_or(other);
            let mut args = args.clone();
            args.insert("count".into(), Value::String(format.count(count)));
            return Ok(Value::String(fill(template, &args)));
        }
        Err(tera::Error::msg(format!(
            "no UI string {key:?} in locales/{}.json",
            self.lang.code()
        )))
    }

    fn is_safe(&self) -> bool {
        false
    }

    /// A language's strings do not change during a build: `t(key="show.book")` is looked up
    /// once per template (vendor/README.md, constant calls).
    fn is_constant(&self) -> bool {
        true
    }
}

/// A UI string with each `{name}` replaced by the argument of that name, in one pass (every
/// page asks for a dozen; an argument's own text is never searched for placeholders).
fn fill(template: &str, args: &HashMap<String, Value>) -> String {
    let mut text = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        text.push_str(&rest[..open]);
        let name = &after[..close];
        match args.get(name).filter(|_| name != "key") {
            Some(Value::String(value)) => text.push_str(value),
            Some(value) => {
                let _ = write!(text, "{value}");
            }
            None => text.push_str(&rest[open..open + close + 2]),
        }
        rest = &after[close + 1..];
    }
    text.push_str(rest);
    text
}

/// `{{ slot(n=0) }}`: where the page's fragment 0 goes (see `fragments`).
struct Slot;

impl tera::Function for Slot {
    fn call(&self, args: &HashMap<String, Value>) -> tera::Result<Value> {
        let n = args
            .get("n")
            .and_then(Value::as_u64)
            .ok_or_else(|| tera::Error::msg("slot() needs n=…"))?;
        Ok(Value::String(crate::fragments::marker(n as usize)))
    }

    fn is_safe(&self) -> bool {
        true
    }

    fn is_constant(&self) -> bool {
        true
    }
}

/// `{{ chrome_slot(n=0) }}`: where the locale's chrome part `n` goes (see `build::chrome`).
struct ChromeSlot;

impl tera::Function for ChromeSlot {
    fn call(&self, args: &HashMap<String, Value>) -> tera::Result<Value> {
        let marker = args
            .get("n")
            .and_then(Value::as_u64)
            .and_then(|n| crate::fragments::CHROME_MARKERS.get(n as usize))
            .ok_or_else(|| tera::Error::msg("chrome_slot() needs n=0, 1 or 2"))?;
        Ok(Value::String(marker.to_string()))
    }

    fn is_safe(&self) -> bool {
        true
    }

    fn is_constant(&self) -> bool {
        true
    }
}

/// `{{ hole() }}`: in the chrome, where a page's own part goes.
struct Hole;

impl tera::Function for Hole {
    fn call(&self, _: &HashMap<String, Value>) -> tera::Result<Value> {
        Ok(Value::String(crate::fragments::HOLE.to_string()))
    }

    fn is_safe(&self) -> bool {
        true
    }

    fn is_constant(&self) -> bool {
        true
    }
}

/// `{{ image(img=show.poster, class="poster", sizes="40vw", load="high", alt="") }}`: an image
/// as `fragments::image` writes it (with `srcset`, `sizes` and a `<picture>` when the content
/// gives variants). `load`: `high` for the page's largest image, `eager`, or `lazy` (default);
/// `alt=""` marks a decorative image, otherwise the content's alt is used. No image (null or
/// `false`), no tag.
struct ImageTag;

impl tera::Function for ImageTag {
    fn call(&self, args: &HashMap<String, Value>) -> tera::Result<Value> {
        let Some(value) = args.get("img").filter(|v| v.is_object()) else {
            return Ok(Value::String(String::new()));
        };
        // Read where it is (`&Value` is a deserializer), not from a copy.
        let img = <site::content::Image as serde::Deserialize>::deserialize(value)
            .map_err(|e| tera::Error::msg(format!("image(img=…): {e}")))?;
        let text = |key: &str| args.get(key).and_then(Value::as_str);
        let loading = match text("load") {
            None | Some("lazy") => crate::fragments::Loading::Lazy,
            Some("eager") => crate::fragments::Loading::Eager,
            Some("high") => crate::fragments::Loading::Priority,
            Some(other) => {
                return Err(tera::Error::msg(format!(
                    "image(load={other:?}): high, eager or lazy"
                )))
            }
        };
        let mut out = String::with_capacity(256);
        let options = crate::fragments::ImageOptions {
            class: text("class").unwrap_or(""),
            sizes: text("sizes").unwrap_or(""),
            alt: text("alt"),
            loading,
        };
        crate::fragments::image(&mut out, &img, options);
        Ok(Value::String(out))
    }

    fn is_safe(&self) -> bool {
        true
    }
}

/// `"2026-11-23" | long_date` → `23 novembre 2026` (a date-time's date part is read too): a
/// date as the page's language writes it, for the dates of news and offers.
struct LongDate {
    months: Vec<String>,
}

impl LongDate {
    fn new(strings: &HashMap<String, String>) -> anyhow::Result<LongDate> {
        let months = [
            "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
        ]
        .iter()
        .map(|m| {
            strings
                .get(&format!("dates.months.{m}"))
                .cloned()
                .ok_or_else(|| anyhow::anyhow!("no UI string dates.months.{m}"))
        })
        .collect::<anyhow::Result<_>>()?;
        Ok(LongDate { months })
    }
}

impl tera::Filter for LongDate {
    fn filter(&self, value: &Value, _: &HashMap<String, Value>) -> tera::Result<Value> {
        use chrono::Datelike;
        let text = value
            .as_str()
            .ok_or_else(|| tera::Error::msg("long_date expects a date"))?;
        let date: chrono::NaiveDate =
            text.get(..10).and_then(|d| d.parse().ok()).ok_or_else(|| {
                tera::Error::msg(format!("long_date: {text:?} is no YYYY-MM-DD date"))
            })?;
        Ok(Value::String(format!(
            "{} {} {}",
            date.day(),
            self.months[date.month0() as usize],
            date.year()
        )))
    }
}

fn duration_filter(value: &Value, _: &HashMap<String, Value>) -> tera::Result<Value> {
    let minutes = value
        .as_u64()
        .ok_or_else(|| tera::Error::msg("duration expects minutes"))?;
    Ok(Value::String(site::rules::format_duration(minutes as u32)))
}

/// `"2026-11-22T20:30:00+01:00" | time` → `20:30`, the local time of the cinema as the
/// content gives it (its offset is the cinema's).
fn time_filter(value: &Value, _: &HashMap<String, Value>) -> tera::Result<Value> {
    let text = value
        .as_str()
        .ok_or_else(|| tera::Error::msg("time expects an RFC 3339 date-time"))?;
    let at = chrono::DateTime::parse_from_rfc3339(text)
        .map_err(|e| tera::Error::msg(format!("time: {text:?}: {e}")))?;
    Ok(Value::String(at.format("%H:%M").to_string()))
}

/// `{{ link.url | content_url }}`: a URL from content as it may go into `href`/`src`
/// (`site::escape::content_url`: http(s) or an address of the site), else `#` — a `javascript:`
/// or `data:` link in the settings or an article never reaches a page.
fn content_url_filter(value: &Value, _: &HashMap<String, Value>) -> tera::Result<Value> {
    let url = value.as_str().unwrap_or("");
    Ok(Value::String(
        site::escape::content_url(url).unwrap_or("#").to_string(),
    ))
}

/// `f.tags | access_options`: the options of a schedule's tag filter that the access sheet
/// toggles (`schedule::ACCESS`), in its order. A filter reads the list where it is; Tera's
/// `filter` and `concat`, three of each a schedule page, copied it whole each time.
fn access_options_filter(value: &Value, _: &HashMap<String, Value>) -> tera::Result<Value> {
    let options = value.as_array().map(Vec::as_slice).unwrap_or_default();
    Ok(Value::Array(
        crate::schedule::ACCESS
            .iter()
            .flat_map(|&tag| {
                options
                    .iter()
                    .filter(move |o| o.get("value").and_then(Value::as_str) == Some(tag))
            })
            .cloned()
            .collect(),
    ))
}

/// `12.9 | money(site="fr", lang="fr")` → `12,90 €`; `en` → `€12.90`; the currency is the
/// site's (CHF in Switzerland, FCFA in Senegal and Ivory Coast…), the rules
/// `site::format`'s (ICU4X), the islands' too.
fn money_filter(value: &Value, args: &HashMap<String, Value>) -> tera::Result<Value> {
    let amount = value
        .as_f64()
        .ok_or_else(|| tera::Error::msg("money expects a number"))?;
    let site = args
        .get("site")
        .and_then(Value::as_str)
        .and_then(site::Site::from_code)
        .ok_or_else(|| tera::Error::msg("money needs site=\"…\""))?;
    let lang = args
        .get("lang")
        .and_then(Value::as_str)
        .and_then(Lang::from_code)
        .unwrap_or(site.default_language());
    Ok(Value::String(format_money(amount, site, lang)))
}

pub fn format_money(amount: f64, site: site::Site, lang: Lang) -> String {
    site::format::Formatter::of(site, lang).money(amount, site.currency())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Pages share their locale's `chrome` and `assets` (vendor/README.md, `with_shared`): a
    /// template reads them as its own values, and a page's own value of a key comes first.
    #[test]
    fn a_context_reads_the_values_it_shares_after_its_own() {
        let shared = std::sync::Arc::new(std::collections::BTreeMap::from([
            (
                "chrome".to_string(),
                json!({"brand": "Lumen", "apps": {"ios": "1"}}),
            ),
            ("page".to_string(), json!({"title": "shared"})),
        ]));
        let context = tera::Context::from_value(json!({"page": {"title": "own"}}))
            .unwrap()
            .with_shared(shared);
        let rendered = tera::Tera::one_off(
            "{{ chrome.brand }} {{ chrome.apps.ios }} {{ page.title }} {% if chrome %}yes{% endif %}",
            &context,
            false,
        )
        .unwrap();
        assert_eq!(rendered, "Lumen 1 own yes");
        assert!(context.contains_key("chrome"));
        assert_eq!(context.get("page"), Some(&json!({"title": "own"})));
        assert_eq!(
            context.into_json(),
            json!({"chrome": {"brand": "Lumen", "apps": {"ios": "1"}}, "page": {"title": "own"}})
        );
    }

    #[test]
    fn access_options_are_the_access_sheets_tags_among_the_options_in_its_order() {
        let option = |value: &str| json!({"value": value, "label": value.to_uppercase()});
        let options = json!([
            option("pmr"),
            option("imax"),
            option("audiodesc"),
            option("dolby")
        ]);
        let picked = access_options_filter(&options, &HashMap::new()).unwrap();
        assert_eq!(picked, json!([option("audiodesc"), option("pmr")]));
        // Not a list (no filter options): none.
        assert_eq!(
            access_options_filter(&Value::Null, &HashMap::new()).unwrap(),
            json!([])
        );
    }

    #[test]
    fn compact_drops_layout_between_elements_and_keeps_separators_inside_tags() {
        let template = "<ul class=\"a\"\n    data-x=\"1\">\n  <li>{{ one }}</li>\n  <li>{{ two\n     | upper }}</li>\n</ul>\n";
        assert_eq!(
            compact(template),
            "<ul class=a data-x=1><li>{{ one }}</li><li>{{ two | upper }}</li></ul>"
        );
        // A `<` that opens no tag (a comparison in text) leaves the text state alone; a Tera
        // tag inside an attribute keeps its own spaces; between inline elements and words a
        // line break is a space, as it renders.
        assert_eq!(
            compact("{% if a < b\n  %}x{% endif %}\n<a href=\"{{ u }}\"\n>1 < 2\n  y</a>"),
            "{% if a < b %}x{% endif %} <a href=\"{{ u }}\" >1 < 2 y</a>"
        );
        assert_eq!(
            compact("<a>\n  <span>Title</span>\n  <span>Book</span>\n</a>"),
            "<a> <span>Title</span> <span>Book</span> </a>"
        );
        // Block tags are found through Tera tags on either side.
        assert_eq!(
            compact("<ul>\n{% for x in xs %}\n  <li>{{ x }}</li>\n{% endfor %}\n</ul>"),
            "<ul>{% for x in xs %}<li>{{ x }}</li>{% endfor %}</ul>"
        );
        // Literal attribute values lose the quotes they do not need; values Tera writes keep them.
        assert_eq!(
            compact("<img alt=\"\" class=\"a b\" src=\"{{ s }}\" width=\"40\">"),
            "<img alt class=\"a b\" src=\"{{ s }}\" width=40>"
        );
        // Spaces written on a line stay; non-ASCII text is copied whole.
        assert_eq!(
            compact("<p>déjà vu</p>\n  <p> ok </p>"),
            "<p>déjà vu</p><p> ok </p>"
        );
    }

    #[test]
    fn every_template_compiles_compacted() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates");
        let templates = compact_templates(&root).expect("templates read");
        assert!(templates.iter().any(|(name, _)| name == "base.html"));
        for (name, text) in &templates {
            assert!(!text.contains('\n'), "{name} keeps a line break");
        }
        let mut tera = Tera::default();
        tera.add_raw_templates(templates)
            .expect("compacted templates compile");
    }

    #[test]
    fn placeholders_are_filled_from_the_arguments_once() {
        let args: HashMap<String, Value> = [
            ("name", json!("Lumen {brand}")),
            ("count", json!(3)),
            ("key", json!("seo.x")),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        assert_eq!(
            fill("{name} : {count} salles", &args),
            "Lumen {brand} : 3 salles"
        );
        assert_eq!(fill("{unknown} {key} {", &args), "{unknown} {key} {");
        assert_eq!(fill("plain", &args), "plain");
    }

    #[test]
    fn money_reads_as_each_language_writes_it() {
        use site::Site;
        assert_eq!(format_money(12.9, Site::Fr, Lang::Fr), "12,90\u{a0}€");
        assert_eq!(format_money(12.9, Site::Fr, Lang::En), "€12,90");
        assert_eq!(format_money(12.9, Site::Ch, Lang::En), "CHF\u{a0}12.90");
        assert_eq!(format_money(12.9, Site::Nl, Lang::Nl), "€\u{a0}12,90");
        assert_eq!(format_money(19.5, Site::Ch, Lang::De), "19.50\u{a0}CHF");
        assert_eq!(
            format_money(4000.0, Site::Sn, Lang::Fr),
            "4\u{202f}000\u{a0}FCFA"
        );
    }

    #[test]
    fn counts_take_their_plural_form_and_grouping() {
        let strings: HashMap<String, String> = [
            ("cinema.halls.one", "{count} salle"),
            ("cinema.halls.other", "{count} salles"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        let t = Translate {
            strings,
            lang: Lang::Fr,
        };
        let call = |n: u64| {
            let args: HashMap<String, Value> = [
                ("key".to_string(), json!("cinema.halls")),
                ("count".to_string(), json!(n)),
                ("site".to_string(), json!("fr")),
            ]
            .into_iter()
            .collect();
            tera::Function::call(&t, &args).unwrap()
        };
        assert_eq!(call(1), json!("1 salle"));
        assert_eq!(call(0), json!("0 salle"));
        assert_eq!(call(2), json!("2 salles"));
        assert_eq!(call(1000), json!("1\u{202f}000 salles"));
        assert_eq!(call(1_000_000), json!("1\u{202f}000\u{202f}000 salles"));
    }

    /// A constant call's value is kept by the `Tera` that made it (vendor/README.md): each
    /// language's copy answers in its own language however often it renders, a variable
    /// argument is never kept, and a template added again is evaluated again.
    #[test]
    fn constant_calls_are_kept_per_language_and_dropped_with_their_template() {
        let strings = |book: &str| -> HashMap<String, String> {
            [("show.book", book), ("hello", "Hello {name}")]
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        };
        let mut base = Tera::default();
        base.add_raw_template(
            "page",
            r#"{{ t(key="show.book") }}|{{ t(key="hello", name=who) }}"#,
        )
        .unwrap();
        let with = |base: &Tera, lang: Lang, book: &str| {
            let mut tera = base.clone();
            tera.register_function(
                "t",
                Translate {
                    strings: strings(book),
                    lang,
                },
            );
            tera
        };
        let (mut fr, en) = (
            with(&base, Lang::Fr, "Réserver"),
            with(&base, Lang::En, "Book"),
        );
        let render = |tera: &Tera, who: &str| {
            let mut cx = tera::Context::new();
            cx.insert("who", who);
            tera.render("page", &cx).unwrap()
        };
        for _ in 0..2 {
            assert_eq!(render(&fr, "Ana"), "Réserver|Hello Ana");
            assert_eq!(render(&en, "Bo"), "Book|Hello Bo");
        }
        fr.add_raw_template("page", r#"{{ t(key="hello", name="you") }}"#)
            .unwrap();
        assert_eq!(render(&fr, "Ana"), "Hello you");
        assert_eq!(render(&en, "Bo"), "Book|Hello Bo");
    }
}
