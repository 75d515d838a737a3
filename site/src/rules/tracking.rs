//! What the data layer says of a show (spec §9 tracking): its content rating — the default
//! 'tout public' when it has none — named in the site's classification scheme, and the
//! dimensions the tracking feature flags turn on (4DX, Dolby Cinema, every category or the
//! first, the number of copies: cinemas playing the show).

use super::rating::{rating_scheme, RatingScheme};
use crate::content::{FeatureFlags, Show};
use crate::islands::TrackedShow;
use crate::Site;

/// The rating the data layer names for a show without one (spec §9).
pub const DEFAULT_TRACKED_RATING: &str = "tout public";

/// Tag slugs of the experiences the tracking flags name.
pub const TAG_4DX: &str = "4dx";
pub const TAG_DOLBY_CINEMA: &str = "dolby";

impl RatingScheme {
    /// The scheme's name in the data layer and in the pages' classes.
    pub fn code(self) -> &'static str {
        match self {
            RatingScheme::France => "france",
            RatingScheme::BelgiumNetherlands => "belgium-netherlands",
            RatingScheme::Default => "default",
        }
    }
}

/// The environment a page is served in (spec §9): a host starting with `www` is production;
/// otherwise the host's first label names it (`preprod.example.org` → `preprod`).
pub fn environment_of(host: &str) -> String {
    let first = host
        .split('.')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    if first == "www" {
        "production".to_string()
    } else {
        first
    }
}

/// A show as the data layer describes it on its page. `tags` are the tags of its showtimes
/// on the site, `copies` the cinemas playing it.
pub fn tracked_show<'a>(
    site: Site,
    show: &Show,
    features: &FeatureFlags,
    mut tags: impl Iterator<Item = &'a str>,
    copies: usize,
) -> TrackedShow {
    let rating = show
        .content_rating
        .as_ref()
        .map(|r| r.label.trim())
        .filter(|l| !l.is_empty())
        .unwrap_or(DEFAULT_TRACKED_RATING);
    let (mut has_4dx, mut has_dolby) = (false, false);
    if features.tracking_4dx_experience || features.tracking_dolby_cinema_experience {
        for tag in tags.by_ref() {
            has_4dx |= tag.eq_ignore_ascii_case(TAG_4DX);
            has_dolby |= tag.eq_ignore_ascii_case(TAG_DOLBY_CINEMA);
        }
    }
    let categories = if features.tracking_multiple_show_categories {
        show.genres.clone()
    } else {
        show.genres.iter().take(1).cloned().collect()
    };
    TrackedShow {
        show_slug: show.slug.clone(),
        content_rating: rating.to_lowercase(),
        rating_scheme: rating_scheme(site).code().to_string(),
        show_categories: categories,
        experience_4dx: features.tracking_4dx_experience.then_some(has_4dx),
        experience_dolby_cinema: features
            .tracking_dolby_cinema_experience
            .then_some(has_dolby),
        show_copy_count: features.tracking_show_copy_count.then_some(copies as u32),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn www_is_production_else_the_host_prefix() {
        assert_eq!(environment_of("www.example.org"), "production");
        assert_eq!(environment_of("WWW.example.org:8080"), "production");
        assert_eq!(environment_of("preprod.example.org"), "preprod");
        assert_eq!(environment_of("fr.localhost:8080"), "fr");
    }
}
