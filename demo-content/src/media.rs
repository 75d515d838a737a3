//! Placeholder images made by the demo: small SVG posters and backdrops, one file per image
//! the content names, so the sites show real files with real sizes and no network.

use site::content::Image;
use std::collections::BTreeMap;

pub const POSTER: (u32, u32) = (400, 600);
pub const BACKDROP: (u32, u32) = (1280, 720);
pub const SQUARE: (u32, u32) = (240, 240);

pub fn poster_image(slug: &str, title: &str) -> Image {
    let mut image = Image::new(format!("/media/posters/{slug}.svg"), POSTER.0, POSTER.1);
    image.alt = Some(title.to_string());
    image
}

pub fn backdrop_image(key: &str) -> Image {
    Image::new(
        format!("/media/backdrops/{key}.svg"),
        BACKDROP.0,
        BACKDROP.1,
    )
}

pub fn tag_image(slug: &str) -> Image {
    Image::new(
        format!("/media/tags/{}.svg", slug.to_ascii_lowercase()),
        SQUARE.0,
        SQUARE.1,
    )
}

/// Every `/media/…` image named anywhere in `content`, rendered as SVG, by relative path.
pub fn render_all(content: &serde_json::Value) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    collect(content, &mut files);
    files
}

fn collect(value: &serde_json::Value, files: &mut BTreeMap<String, String>) {
    match value {
        serde_json::Value::Object(map) => {
            if let (Some(url), Some(w), Some(h)) = (
                map.get("url").and_then(|v| v.as_str()),
                map.get("width").and_then(|v| v.as_u64()),
                map.get("height").and_then(|v| v.as_u64()),
            ) {
                if let Some(rel) = url.strip_prefix("/media/") {
                    if !files.contains_key(rel) {
                        files.insert(rel.to_string(), svg(rel, w as u32, h as u32));
                    }
                }
            }
            map.values().for_each(|v| collect(v, files));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect(v, files)),
        _ => {}
    }
}

/// A gradient whose hue comes from the file name, with the name as a caption.
fn svg(rel: &str, w: u32, h: u32) -> String {
    let stem = rel
        .rsplit('/')
        .next()
        .unwrap_or(rel)
        .trim_end_matches(".svg");
    let stem = stem
        .split_once('-')
        .filter(|(k, _)| matches!(*k, "show" | "cinema" | "city" | "tag" | "article"))
        .map(|(_, r)| r)
        .unwrap_or(stem);
    let hue = stem
        .bytes()
        .fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(b as u32))
        % 360;
    let caption: String = stem
        .split('-')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ");
    let caption = escape(&caption);
    let size = (w / 16).clamp(14, 56);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\
<defs><linearGradient id=\"g\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\">\
<stop offset=\"0\" stop-color=\"hsl({hue},55%,32%)\"/><stop offset=\"1\" stop-color=\"hsl({},60%,12%)\"/>\
</linearGradient></defs><rect width=\"{w}\" height=\"{h}\" fill=\"url(#g)\"/>\
<text x=\"50%\" y=\"88%\" fill=\"#fff\" font-family=\"system-ui,sans-serif\" font-size=\"{size}\" text-anchor=\"middle\">{caption}</text></svg>",
        (hue + 40) % 360
    )
}

fn escape(text: &str) -> String {
    site::escape::html(text).into_owned()
}
