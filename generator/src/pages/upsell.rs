//! The upsell push of a schedule (spec §5 "Upsell chooses the tag with the lowest non-zero
//! upsell order", §3 Schedule "upsell pushes"; weights in `site::rules::ordering`): among the
//! experiences a page's showtimes offer, the one to invite to, with its words and picture, and
//! a link to its experience page. The runtime API answers the same push in each schedule
//! answer; the page writes it, so it shows without JavaScript.

use super::cx::PageCx;
use serde::Serialize;
use site::content::{Image, Tag};
use site::routes::PageKind;
use std::collections::HashSet;

#[derive(Serialize)]
pub struct UpsellView<'a> {
    pub tag: &'a str,
    pub title: &'a str,
    pub text: &'a str,
    pub backdrop: Option<&'a Image>,
    /// The experience's page (the experience whose showtimes carry the tag), if the site has one.
    pub href: Option<String>,
}

/// The push for a page whose showtimes carry the tags `offered` (slugs); none when no
/// offered tag has an upsell order, a title and upsell words.
pub fn upsell<'a>(cx: &PageCx<'a>, offered: &HashSet<&str>) -> Option<UpsellView<'a>> {
    let locale = cx.locale;
    let candidates: Vec<Tag> = locale
        .tags
        .iter()
        .filter(|t| offered.contains(t.slug.as_str()))
        .filter(|t| t.title.is_some() && t.upsell_text.is_some())
        .cloned()
        .collect();
    let chosen = site::rules::upsell_tag(&candidates)?;
    // The borrowed tag of the locale (the candidates are a filtered copy).
    let tag = locale.tags.iter().find(|t| t.slug == chosen.slug)?;
    let href = locale
        .experiences
        .iter()
        .find(|e| e.tag.as_deref().unwrap_or(e.slug.as_str()) == tag.slug)
        .and_then(|e| cx.href(PageKind::Experience, &e.slug));
    Some(UpsellView {
        tag: &tag.slug,
        title: tag.title.as_deref()?,
        text: tag.upsell_text.as_deref()?,
        backdrop: tag.upsell_backdrop.as_ref(),
        href,
    })
}
