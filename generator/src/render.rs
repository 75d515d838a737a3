//! Rendering with Tera: the templates are compiled once; each language gets its own copy with
//! `t(key=…)` bound to its UI strings, so a page's context carries only what is its own.

use anyhow::Context as _;
use serde_json::Value;
use site::Lang;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::Path;
use tera::Tera;

pub struct Renderers {
    by_lang: BTreeMap<Lang, Tera>,
    labels: BTreeMap<Lang, crate::fragments::Labels>,
    strings: BTreeMap<Lang, HashMap<String, String>>,
}

impl Renderers {
    pub fn load(templates: &Path, locales: &Path) -> anyhow::Result<Renderers> {
        let glob = format!("{}/**/*.html", templates.display());
        let mut base = Tera::new(&glob).with_context(|| format!("compiling templates {glob}"))?;
        base.autoescape_on(vec![".html"]);
        base.register_filter("duration", duration_filter);
        base.register_filter("time", time_filter);
        base.register_filter("money", money_filter);
        base.register_filter("content_url", content_url_filter);
        base.register_function("slot", Slot);
        base.register_function("chrome_slot", ChromeSlot);
        base.register_function("hole", Hole);
        base.register_function("image", ImageTag);
        let mut by_lang = BTreeMap::new();
        let mut labels = BTreeMap::new();
        let mut all_strings = BTreeMap::new();
        for lang in Lang::ALL {
            let path = locales.join(format!("{}.json", lang.code()));
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            let tree: Value = serde_json::from_str(&text)
                .with_context(|| format!("parsing {}", path.display()))?;
            let mut strings = HashMap::new();
            flatten("", &tree, &mut strings);
            labels.insert(
                lang,
                crate::fragments::Labels::new(&strings)
                    .with_context(|| format!("UI strings of {}", path.display()))?,
            );
            all_strings.insert(lang, strings.clone());
            let mut tera = base.clone();
            tera.register_filter(
                "long_date",
                LongDate::new(&strings)
                    .with_context(|| format!("UI strings of {}", path.display()))?,
            );
            tera.register_function("t", Translate { strings, lang });
            by_lang.insert(lang, tera);
        }
        Ok(Renderers {
            by_lang,
            labels,
            strings: all_strings,
        })
    }

    /// The UI strings the Rust-written fragments print.
    pub fn labels(&self, lang: Lang) -> &crate::fragments::Labels {
        &self.labels[&lang]
    }

    /// The UI strings of a language, flattened (`header.search`), for the islands' labels.
    pub fn strings(&self, lang: Lang) -> &HashMap<String, String> {
        &self.strings[&lang]
    }

    pub fn render(
        &self,
        lang: Lang,
        template: &str,
        context: &tera::Context,
    ) -> anyhow::Result<String> {
        self.by_lang[&lang]
            .render(template, context)
            .map_err(|e| anyhow::anyhow!(describe(&e)))
    }
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

fn flatten(prefix: &str, value: &Value, out: &mut HashMap<String, String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&key, v, out);
            }
        }
        Value::String(s) => {
            out.insert(prefix.to_string(), s.clone());
        }
        _ => {}
    }
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
        let template = self.strings.get(key).ok_or_else(|| {
            tera::Error::msg(format!(
                "no UI string {key:?} in locales/{}.json",
                self.lang.code()
            ))
        })?;
        Ok(Value::String(fill(template, args)))
    }

    fn is_safe(&self) -> bool {
        false
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
        let img: site::content::Image = serde_json::from_value(value.clone())
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

/// `12.9 | money(site="fr", lang="fr")` → `12,90 €`; `en` → `€12.90`; the currency is the
/// site's (CHF in Switzerland, FCFA in Senegal and Ivory Coast…).
/// `{{ link.url | content_url }}`: a URL from content as it may go into `href`/`src`
/// (`site::escape::content_url`: http(s) or an address of the site), else `#` — a `javascript:`
/// or `data:` link in the settings or an article never reaches a page.
fn content_url_filter(value: &Value, _: &HashMap<String, Value>) -> tera::Result<Value> {
    let url = value.as_str().unwrap_or("");
    Ok(Value::String(
        site::escape::content_url(url).unwrap_or("#").to_string(),
    ))
}

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
    Ok(Value::String(format_money(amount, site.currency(), lang)))
}

pub fn format_money(amount: f64, currency: &str, lang: Lang) -> String {
    // Francs CFA have no cents.
    let decimals = if currency == "XOF" { 0 } else { 2 };
    let mut number = format!("{amount:.decimals$}");
    if lang != Lang::En {
        number = number.replace('.', ",");
    }
    let symbol = match currency {
        "EUR" => "€",
        "XOF" => "FCFA",
        other => other,
    };
    match (lang, symbol) {
        (Lang::En, "€") => format!("€{number}"),
        (Lang::Nl, "€") => format!("€ {number}"),
        _ => format!("{number}\u{a0}{symbol}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
        assert_eq!(format_money(12.9, "EUR", Lang::Fr), "12,90\u{a0}€");
        assert_eq!(format_money(12.9, "EUR", Lang::En), "€12.90");
        assert_eq!(format_money(12.9, "EUR", Lang::Nl), "€ 12,90");
        assert_eq!(format_money(19.5, "CHF", Lang::De), "19,50\u{a0}CHF");
        assert_eq!(format_money(4000.0, "XOF", Lang::Fr), "4000\u{a0}FCFA");
    }
}
