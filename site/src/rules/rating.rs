//! Content ratings: the default "Tout public" rating is not a warning (spec §5), and each
//! site uses a classification scheme (spec §9).

use crate::content::ContentRating;
use crate::sites::Site;
use crate::text::fold;

/// Rating codes meaning "Tout public" (spec §5: codes TP and AD).
const DEFAULT_RATING_CODES: [&str; 2] = ["TP", "AD"];

/// Whether a rating code is the default "Tout public" (TP or AD, any case, blanks ignored).
pub fn is_default_rating(code: &str) -> bool {
    let code = code.trim();
    DEFAULT_RATING_CODES
        .iter()
        .any(|d| d.eq_ignore_ascii_case(code))
}

/// The text to show as the rating warning, or `None` when nothing is to be shown.
///
/// Reading of spec §5 ("Default rating label 'Tout public' (codes TP and AD) is not shown as
/// a warning"): the warning is the rating's `warning` text, else its `label`; a default
/// rating (code TP or AD) shows no warning at all, and neither does a text that is just
/// "Tout public" (whatever its code: the label is what must never appear as a warning).
/// Blank texts count as absent.
pub fn rating_warning(rating: &ContentRating) -> Option<&str> {
    if is_default_rating(&rating.reference) {
        return None;
    }
    let text = rating
        .warning
        .as_deref()
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .or_else(|| Some(rating.label.trim()).filter(|l| !l.is_empty()))?;
    (fold(text) != "tout public").then_some(text)
}

/// The age-classification scheme of a site (spec §9: one for France, another for Belgium
/// and the Netherlands, a default for the others).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RatingScheme {
    /// French visas (Tout public, -12, -16, -18).
    France,
    /// Kijkwijzer-like age and content pictograms (AL, 6, 9, 12, 14, 16, 18).
    BelgiumNetherlands,
    /// The content's own labels.
    Default,
}

/// The classification scheme of a site (spec §9).
pub fn rating_scheme(site: Site) -> RatingScheme {
    match site {
        Site::Fr => RatingScheme::France,
        Site::Be | Site::Nl => RatingScheme::BelgiumNetherlands,
        _ => RatingScheme::Default,
    }
}
