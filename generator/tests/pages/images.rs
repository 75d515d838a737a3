//! Images: every image of the small build has its size and the first is fetched first; a
//! snapshot whose show has its poster and backdrop in several widths and in AVIF and WebP
//! (docs/decisions.md, "Images") gives `srcset`, `sizes` and a `<picture>` with one
//! `<source>` per type; an image without variants stays a plain `<img>`.

use crate::common::*;
use crate::hostile::hostile_locale;
use crate::support::*;
use serde_json::{json, Value};
use site::routes::{PageKind, Params};
use site::{Lang, Site};
use std::sync::LazyLock;

#[test]
fn every_image_has_width_and_height_and_the_first_is_not_lazy() {
    let mut problems = Vec::new();
    let mut images = 0;
    for files in SMALL.sites.values() {
        for html in files.pages.values() {
            let doc = html.doc();
            let imgs = select(&doc, "img");
            images += imgs.len();
            if let Some(&first) = imgs.first() {
                let lazy = attr(first, "loading") == Some("lazy");
                let high = attr(first, "fetchpriority") == Some("high");
                if lazy || !high {
                    problems.push(format!(
                        "{}: the first image {:?} is{} lazy-loaded and has fetchpriority {:?} (expected eager, high)",
                        html.file,
                        attr(first, "src").unwrap_or(""),
                        if lazy { "" } else { " not" },
                        attr(first, "fetchpriority")
                    ));
                }
            }
            for &img in &imgs {
                let dim = |n: &str| {
                    attr(img, n)
                        .and_then(|v| v.parse::<u32>().ok())
                        .filter(|v| *v > 0)
                };
                if dim("width").is_none() || dim("height").is_none() {
                    problems.push(format!(
                        "{}: <img src={:?}> without a width and height",
                        html.file,
                        attr(img, "src").unwrap_or("")
                    ));
                }
            }
        }
    }
    assert!(images > 100, "only {images} images in the small build");
    assert_none("images", &problems);
}

// ---------------------------------------------------------------------------------------
// Images with variants.

struct WithVariants {
    site: SiteFiles,
    show: String,
    poster: Value,
    backdrop: Value,
}

static WITH_VARIANTS: LazyLock<WithVariants> = LazyLock::new(|| {
    let mut value = demo_snapshot_value();
    let locale = hostile_locale(&mut value);
    let shows = locale["shows"].as_array_mut().expect("shows");
    // A film of the shows page with a poster and a backdrop.
    let at = shows
        .iter()
        .position(|s| {
            s["isMovie"] == true
                && s["bookable"] == true
                && s["comingSoon"] != true
                && s["poster"].is_object()
                && s["backdrop"].is_object()
        })
        .expect("a bookable film with a poster and a backdrop");
    let show = shows[at]["slug"].as_str().expect("slug").to_string();
    shows[at]["poster"]["variants"] = json!([
        {"url": "/media/v/poster-200.jpg", "width": 200},
        {"url": "/media/v/poster-200.avif", "width": 200, "type": "image/avif"},
        {"url": "/media/v/poster-400.avif", "width": 400, "type": "image/avif"},
        {"url": "/media/v/poster-400.webp", "width": 400, "type": "image/webp"},
        {"url": "/media/v/poster-200.webp", "width": 200, "type": "image/webp"},
    ]);
    shows[at]["backdrop"]["variants"] = json!([
        {"url": "/media/v/backdrop-1280.avif", "width": 1280, "type": "image/avif"},
        {"url": "/media/v/backdrop-640.avif", "width": 640, "type": "image/avif"},
        {"url": "/media/v/backdrop-640.jpg", "width": 640},
    ]);
    let (poster, backdrop) = (shows[at]["poster"].clone(), shows[at]["backdrop"].clone());
    let snapshot: site::snapshot::Snapshot =
        serde_json::from_value(value).expect("the snapshot with variants deserialises");
    let site = build_fr("variants", snapshot, None, islands_dir());
    WithVariants {
        site,
        show,
        poster,
        backdrop,
    }
});

/// The `<img>` of `url` on a page, with the `<source>`s of the `<picture>` around it (none
/// when it stands alone; `None` for a picture that is not `picture > source* > img`, or
/// sources outside a picture).
fn picture_of<'a>(
    doc: &'a Doc,
    url: &str,
) -> Option<(ElementRef<'a>, Option<Vec<ElementRef<'a>>>)> {
    let img = select(doc, "img")
        .into_iter()
        .find(|i| attr(*i, "src") == Some(url))?;
    let mut before: Vec<ElementRef<'a>> =
        img.prev_siblings().filter_map(ElementRef::wrap).collect();
    before.reverse();
    let in_picture = img
        .parent()
        .and_then(ElementRef::wrap)
        .is_some_and(|p| name(p) == "picture");
    let sources = if in_picture {
        before
            .iter()
            .all(|e| name(*e) == "source")
            .then_some(before)
    } else if before.last().is_some_and(|e| name(*e) == "source") {
        None
    } else {
        Some(Vec::new())
    };
    Some((img, sources))
}

#[test]
fn images_with_variants_get_srcset_sizes_and_a_picture_with_modern_sources() {
    let v = &*WITH_VARIANTS;
    let mut problems = Vec::new();
    let poster_url = v.poster["url"].as_str().expect("poster url");
    let poster_width = v.poster["width"].as_u64().expect("poster width");
    let backdrop_url = v.backdrop["url"].as_str().expect("backdrop url");
    let backdrop_width = v.backdrop["width"].as_u64().expect("backdrop width");
    let none = Params::new();
    let show_path = path_of_page(PageKind::Show, Site::Fr, Lang::Fr, &slug(&v.show), false);
    let shows_path = path_of_page(PageKind::Shows, Site::Fr, Lang::Fr, &none, false);
    for page_path in [&show_path, &shows_path] {
        let Some(html) = v.site.pages.get(page_path) else {
            problems.push(format!("no page {page_path} in the build with variants"));
            continue;
        };
        let doc = html.doc();
        let Some((img, sources)) = picture_of(&doc, poster_url) else {
            problems.push(format!("{}: no <img src={poster_url}>", html.file));
            continue;
        };
        // The image's own format: its variants and the original file, narrowest first.
        let own = format!("/media/v/poster-200.jpg 200w, {poster_url} {poster_width}w");
        if attr(img, "srcset") != Some(own.as_str()) {
            problems.push(format!(
                "{}: poster srcset {:?}, expected {own:?}",
                html.file,
                attr(img, "srcset")
            ));
        }
        let sizes = attr(img, "sizes").unwrap_or_default();
        if sizes.is_empty() {
            problems.push(format!(
                "{}: the poster has a srcset and no sizes",
                html.file
            ));
        }
        if attr(img, "width") != Some(poster_width.to_string().as_str())
            || attr(img, "height").is_none()
        {
            problems.push(format!(
                "{}: the poster lost its width and height",
                html.file
            ));
        }
        // One source per type, in the content's order, each narrowest first, same sizes.
        let expected = [
            (
                "image/avif",
                "/media/v/poster-200.avif 200w, /media/v/poster-400.avif 400w",
            ),
            (
                "image/webp",
                "/media/v/poster-200.webp 200w, /media/v/poster-400.webp 400w",
            ),
        ];
        match sources {
            Some(list) if list.len() == expected.len() => {
                for (source, (kind, srcset)) in list.iter().zip(expected) {
                    if attr(*source, "type") != Some(kind)
                        || attr(*source, "srcset") != Some(srcset)
                        || attr(*source, "sizes") != Some(sizes)
                    {
                        problems.push(format!("{}: source {:?}, expected type {kind}, srcset {srcset:?}, sizes {sizes:?}", html.file, attrs(*source)));
                    }
                }
            }
            other => problems.push(format!(
                "{}: the poster's <picture> has sources {other:?}, expected AVIF then WebP",
                html.file
            )),
        }
    }
    // The show page's backdrop: its largest image, fetched first, as wide as the screen.
    if let Some(html) = v.site.pages.get(&show_path) {
        let doc = html.doc();
        match picture_of(&doc, backdrop_url) {
            Some((img, Some(sources))) => {
                let own =
                    format!("/media/v/backdrop-640.jpg 640w, {backdrop_url} {backdrop_width}w");
                if attr(img, "srcset") != Some(own.as_str())
                    || attr(img, "sizes").is_none_or(str::is_empty)
                {
                    problems.push(format!(
                        "{}: backdrop srcset {:?} sizes {:?}",
                        html.file,
                        attr(img, "srcset"),
                        attr(img, "sizes")
                    ));
                }
                if attr(img, "fetchpriority") != Some("high")
                    || attr(img, "loading") == Some("lazy")
                {
                    problems.push(format!("{}: the backdrop is not fetched first", html.file));
                }
                let avif = "/media/v/backdrop-640.avif 640w, /media/v/backdrop-1280.avif 1280w";
                if sources.len() != 1
                    || attr(sources[0], "type") != Some("image/avif")
                    || attr(sources[0], "srcset") != Some(avif)
                {
                    problems.push(format!(
                        "{}: backdrop sources {:?}",
                        html.file,
                        sources.iter().map(|s| attrs(*s)).collect::<Vec<_>>()
                    ));
                }
            }
            other => problems.push(format!("{}: backdrop {other:?}", html.file)),
        }
    }
    // Images without variants (every other poster): a plain <img>, no srcset, no picture.
    let mut plain = 0;
    if let Some(html) = v.site.pages.get(&shows_path) {
        let doc = html.doc();
        for img in select(&doc, "img")
            .into_iter()
            .filter(|i| attr(*i, "src") != Some(poster_url))
        {
            plain += 1;
            if attr(img, "srcset").is_some()
                || picture_of(&doc, attr(img, "src").unwrap_or_default())
                    .is_some_and(|(_, s)| s.is_none_or(|s| !s.is_empty()))
            {
                problems.push(format!(
                    "{}: {:?} has no variants but a srcset or sources",
                    html.file,
                    attr(img, "src")
                ));
            }
        }
    }
    assert!(plain > 5, "the shows page has only {plain} other images");
    assert_none("images with variants", &problems);
}
