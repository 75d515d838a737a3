//! Issue 13, tracking defaults and flags (spec §9): a show page tells the data layer its
//! show's content rating — 'tout public' when it has none — in the site's classification
//! scheme, which also styles the page's rating badge; the dimensions the site's tracking flags
//! turn on are there, the others absent. Checked against the API's show and settings JSON.

use crate::common::*;
use crate::support::*;
use site::routes::PageKind;
use site::rules::{rating_scheme, DEFAULT_TRACKED_RATING};

#[test]
fn show_pages_give_the_data_layer_the_rating_in_the_site_scheme_and_the_flagged_dimensions() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for site in SMALL_SITES {
        let features = api_json(site, None, "/settings")["siteFeaturesResolved"].clone();
        let on = |flag: &str| features[flag].as_bool() == Some(true);
        let scheme = rating_scheme(site).code();
        for &lang in site.languages() {
            for summary in list(&api_json(site, Some(lang), "/shows"), "")
                .iter()
                .take(SHOW_AT_MOST)
            {
                let s = str_of(summary, "slug").unwrap_or_default();
                let show = api_json(site, Some(lang), &format!("/show/{s}"));
                let kind = if show["isMovie"].as_bool() == Some(false) {
                    PageKind::Event
                } else {
                    PageKind::Show
                };
                let p = path(kind, site, lang, &slug(s));
                let Some(html) = page(site, &p, &mut problems) else {
                    continue;
                };
                let doc = html.doc();
                let Some(props) = island_json(&doc, "tracking") else {
                    problems.push(format!("{}: no tracking props", html.file));
                    continue;
                };
                let tracked = &props["show"];
                let rating = show["contentRating"]["label"]
                    .as_str()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .unwrap_or(DEFAULT_TRACKED_RATING)
                    .to_lowercase();
                if tracked["show_slug"] != s
                    || tracked["content_rating"] != rating.as_str()
                    || tracked["rating_scheme"] != scheme
                {
                    problems.push(format!(
                        "{}: tracked show {tracked}, expected {s} / {rating} / {scheme}",
                        html.file
                    ));
                }
                let genres = list(&show, "genres");
                let categories = list(tracked, "show_categories");
                let want = if on("trackingMultipleShowCategories") {
                    genres.len()
                } else {
                    genres.len().min(1)
                };
                if categories.len() != want || categories.iter().zip(genres).any(|(a, b)| a != b) {
                    problems.push(format!(
                        "{}: categories {categories:?} for genres {genres:?}",
                        html.file
                    ));
                }
                for (flag, field) in [
                    ("tracking4dxExperience", "experience_4dx"),
                    ("trackingDolbyCinemaExperience", "experience_dolby_cinema"),
                    ("trackingShowCopyCount", "show_copy_count"),
                ] {
                    if on(flag) != tracked.get(field).is_some() {
                        problems.push(format!(
                            "{}: {field} present {}, flag {flag} {}",
                            html.file,
                            tracked.get(field).is_some(),
                            on(flag)
                        ));
                    }
                }
                let canonical = select(&doc, "link[rel=canonical]")
                    .first()
                    .and_then(|l| attr(*l, "href"))
                    .unwrap_or_default()
                    .to_string();
                let host = canonical.split("://").nth(1).unwrap_or_default();
                let expected_page = serde_json::json!({
                    "page_type": "movie",
                    "country": site.code().to_uppercase(),
                    "language": lang.code(),
                    "environment": site::rules::environment_of(host),
                });
                if props["page"] != expected_page {
                    problems.push(format!(
                        "{}: page view {}, expected {expected_page}",
                        html.file, props["page"]
                    ));
                }
                if props["trackSubscriptionPass"].as_bool() != Some(on("trackingSubscriptionPass"))
                {
                    problems.push(format!(
                        "{}: trackSubscriptionPass {}",
                        html.file, props["trackSubscriptionPass"]
                    ));
                }
                if show["contentRating"].is_object()
                    && select(&doc, &format!(".hero-meta .rating.rating-{scheme}")).is_empty()
                {
                    problems.push(format!(
                        "{}: the rating badge is not in the {scheme} scheme",
                        html.file
                    ));
                }
                checked += 1;
            }
        }
    }
    assert_none("tracking of show pages", &problems);
    assert!(checked > 10, "only {checked} show pages");
}
