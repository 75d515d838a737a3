//! Rules about the signed-in client: favourite cinemas (spec §4, §8), the avatar and its
//! initials (spec §3, §5) and the newsletter flag (spec §6).

use crate::content::{AccountPayload, Client};
use crate::sites::Site;
use crate::text::is_blank;
use std::fmt;

/// Why a favourite toggle failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FavouriteError {
    /// The list is full (spec §8): the page shows a warning alert whose title and subtitle
    /// carry `limit`.
    LimitReached { limit: usize },
    /// The slug is not in the cinema list (spec §8: "an error is raised without message").
    /// Nothing is shown to the visitor; the `Display` text is for logs only.
    UnknownCinema,
}

impl fmt::Display for FavouriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FavouriteError::LimitReached { limit } => {
                write!(f, "favourite cinemas limit of {limit} reached")
            }
            FavouriteError::UnknownCinema => f.write_str("unknown favourite cinema"),
        }
    }
}

impl std::error::Error for FavouriteError {}

/// The favourite toggle of spec §4, returning the new list (most recent first).
///
/// - Present: removed (every copy, should the server have sent duplicates). Removing does
///   not ask `known`: a client must be able to drop a cinema that has since closed and left
///   the cinema list.
/// - Absent and unknown to the cinema list: [`FavouriteError::UnknownCinema`]. This is
///   checked before the limit: an unknown slug is a bug, not a full list.
/// - Absent, known, and fewer than `limit` favourites: added first, then the list is cut to
///   `limit` (defensive: it can only grow by one).
/// - Absent, known, list full (or longer, after the site's limit was lowered):
///   [`FavouriteError::LimitReached`].
pub fn toggle_favourite(
    current: &[String],
    slug: &str,
    limit: usize,
    known: impl Fn(&str) -> bool,
) -> Result<Vec<String>, FavouriteError> {
    if current.iter().any(|s| s == slug) {
        return Ok(current.iter().filter(|s| *s != slug).cloned().collect());
    }
    if !known(slug) {
        return Err(FavouriteError::UnknownCinema);
    }
    if current.len() >= limit {
        return Err(FavouriteError::LimitReached { limit });
    }
    let mut next = Vec::with_capacity(current.len() + 1);
    next.push(slug.to_string());
    next.extend(current.iter().cloned());
    next.truncate(limit);
    Ok(next)
}

/// Marker in the path of the default placeholder photo (spec §5: "path contains the
/// default-photo marker"). The spec does not spell the marker; this is the identity
/// provider's file name stem we assume, in one place so it is changed in one place.
pub const DEFAULT_PHOTO_MARKER: &str = "default-photo";

/// Whether to show the client's photo (spec §5): present, not blank ([`is_blank`]), and not
/// the default placeholder (its path contains [`DEFAULT_PHOTO_MARKER`], compared ignoring
/// ASCII case because URL paths from CDNs vary in case; the islands' `toLowerCase()` agrees,
/// no other letter lower-cases into the marker). Otherwise the initials are shown.
pub fn show_avatar(photo_url: Option<&str>) -> bool {
    match photo_url.map(|url| url.trim_matches(is_blank)) {
        Some(url) if !url.is_empty() => !url
            .to_ascii_lowercase()
            .contains(&DEFAULT_PHOTO_MARKER.to_ascii_lowercase()),
        _ => false,
    }
}

/// The two avatar initials (spec §3: "two initials from last and first name").
///
/// Reading: the spec names the last name first, so the last-name initial comes first
/// ("Dupont", "Émile" → "DÉ"). Each name gives one letter: its first alphabetic character,
/// after leading blanks or punctuation ("'t Hooft" → "T"), upper-cased with its accent kept.
/// A multi-word name still gives one letter ("de la Tour" → "D"). A missing name gives
/// nothing, so the result has 0, 1 or 2 letters.
pub fn avatar_initials(first_name: &str, last_name: &str) -> String {
    [last_name, first_name]
        .into_iter()
        .filter_map(initial)
        .collect()
}

fn initial(name: &str) -> Option<char> {
    let c = name.chars().find(|c| c.is_alphabetic())?;
    // One letter even when the upper case has two ('ß' → "SS"): initials are two letters.
    c.to_uppercase().next()
}

/// The newsletter flag of spec §6: the France site reads the mail-communication flag,
/// every other site reads `sendNewsletter`.
pub fn newsletter_flag(site: Site, mail_communication: bool, send_newsletter: bool) -> bool {
    if site == Site::Fr {
        mail_communication
    } else {
        send_newsletter
    }
}

/// [`newsletter_flag`] of a client.
pub fn client_newsletter(site: Site, client: &Client) -> bool {
    newsletter_flag(site, client.mail_communication, client.send_newsletter)
}

/// [`newsletter_flag`] of the account payload read from the server.
pub fn account_newsletter(site: Site, account: &AccountPayload) -> bool {
    newsletter_flag(site, account.mail_communication, account.send_newsletter)
}
