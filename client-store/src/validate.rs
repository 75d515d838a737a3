//! Input checks, run before any SQL so that both databases refuse the same inputs with the
//! same message, and the favourite limit ([`favourite_limit`]). Ids and slugs stay opaque:
//! only emptiness, length and control characters are checked (a control character in a key
//! is never legitimate and would end up in logs and URLs).

use crate::{ClientChanges, GiftCard, NewClient, StoreError, Voucher};

/// Longest id, slug, code, name or label, in characters.
pub const MAX_TEXT_LEN: usize = 200;
/// Longest email address (RFC 5321 allows 64 + 1 + 255).
pub const MAX_EMAIL_LEN: usize = 320;
/// Longest photo URL.
pub const MAX_URL_LEN: usize = 2048;
/// Most slugs one call may list (feelings of a page of shows, a favourite list).
pub const MAX_SLUGS_PER_CALL: usize = 500;

/// Control characters (Unicode Cc, `char::is_control`), as a regular-expression class body.
macro_rules! control {
    () => {
        r"\x00-\x1f\x7f-\x9f"
    };
}
/// White space that is not a control character (`char::is_whitespace`, which `trim` uses,
/// less the controls), as a regular-expression class body.
macro_rules! space {
    () => {
        r" \xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
    };
}

/// What [`key`] accepts besides its length, as a regular expression in the syntax JSON Schema
/// validators read (ECMAScript's, which Python's shares here): no control character, no white
/// space at either end. The runtime API's OpenAPI document gives it to clients.
pub const KEY_PATTERN: &str = concat!(
    "^[^",
    control!(),
    space!(),
    "](?:[^",
    control!(),
    "]*[^",
    control!(),
    space!(),
    "])?$"
);

fn invalid(message: String) -> StoreError {
    StoreError::Invalid(message)
}

/// Text that may be empty: at most `max` characters, no control characters.
pub fn text(what: &str, value: &str, max: usize) -> Result<(), StoreError> {
    if value.chars().count() > max {
        return Err(invalid(format!("{what} is longer than {max} characters")));
    }
    if value.chars().any(char::is_control) {
        return Err(invalid(format!("{what} contains a control character")));
    }
    Ok(())
}

/// A key: an id, slug, code or number. Non-empty, no surrounding spaces.
pub fn key(what: &str, value: &str) -> Result<(), StoreError> {
    if value.is_empty() {
        return Err(invalid(format!("{what} is empty")));
    }
    if value.trim() != value {
        return Err(invalid(format!("{what} has surrounding spaces")));
    }
    text(what, value, MAX_TEXT_LEN)
}

/// A spent key (a captcha solution's signature): 1 to 512 bytes.
pub fn spent_key(value: &str) -> Result<(), StoreError> {
    if value.is_empty() || value.len() > 512 {
        return Err(invalid("a spent key has 1 to 512 bytes".to_string()));
    }
    Ok(())
}

/// A site code as the platform writes it ("fr", "nl", …): short, lower-case ASCII.
pub fn site(value: &str) -> Result<(), StoreError> {
    let well_formed = (1..=16).contains(&value.len())
        && value
            .bytes()
            .all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'-');
    if well_formed {
        Ok(())
    } else {
        Err(invalid(format!("site {value:?} is not a site code")))
    }
}

/// An email address, or empty when the token carried none.
pub fn email(value: &str) -> Result<(), StoreError> {
    text("email", value, MAX_EMAIL_LEN)?;
    if !value.is_empty() && (!value.contains('@') || value.contains(char::is_whitespace)) {
        return Err(invalid("email is not an email address".to_string()));
    }
    Ok(())
}

/// A list of keys, each once in first-seen order.
pub fn keys<'a>(what: &str, values: &'a [String]) -> Result<Vec<&'a str>, StoreError> {
    if values.len() > MAX_SLUGS_PER_CALL {
        return Err(invalid(format!(
            "more than {MAX_SLUGS_PER_CALL} {what}s in one call"
        )));
    }
    let mut distinct: Vec<&str> = Vec::with_capacity(values.len());
    for value in values {
        key(what, value)?;
        if !distinct.contains(&value.as_str()) {
            distinct.push(value);
        }
    }
    Ok(distinct)
}

/// An intention level; negative values have no meaning (the site sends 0–255).
pub fn intention(value: i16) -> Result<(), StoreError> {
    if value < 0 {
        return Err(invalid(format!("intention {value} is negative")));
    }
    Ok(())
}

fn amount(what: &str, cents: i64) -> Result<(), StoreError> {
    if cents < 0 {
        return Err(invalid(format!("{what} is negative")));
    }
    Ok(())
}

pub fn new_client(client: &NewClient) -> Result<(), StoreError> {
    key("client id", &client.id)?;
    email(&client.email)?;
    text("first name", &client.first_name, MAX_TEXT_LEN)?;
    text("last name", &client.last_name, MAX_TEXT_LEN)
}

pub fn client_changes(changes: &ClientChanges) -> Result<(), StoreError> {
    if let Some(Some(url)) = &changes.photo_url {
        text("photo URL", url, MAX_URL_LEN)?;
    }
    if let Some(Some(level)) = &changes.loyalty_level {
        key("loyalty level", level)?;
    }
    Ok(())
}

pub fn voucher(voucher: &Voucher) -> Result<(), StoreError> {
    site(&voucher.site)?;
    key("voucher code", &voucher.code)?;
    text("voucher label", &voucher.label, MAX_TEXT_LEN)?;
    key("voucher kind", &voucher.kind)?;
    if let Some(cents) = voucher.balance_cents {
        amount("voucher balance", cents)?;
    }
    Ok(())
}

pub fn gift_card(card: &GiftCard) -> Result<(), StoreError> {
    site(&card.site)?;
    key("gift card number", &card.number)?;
    key("gift card PIN", &card.pin)?;
    amount("gift card balance", card.balance_cents)?;
    if card.currency.len() != 3 || !card.currency.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(invalid(format!(
            "currency {:?} is not an ISO 4217 code",
            card.currency
        )));
    }
    Ok(())
}

/// The checks common to every favourite call.
pub fn favourite_scope(client_id: &str, site_code: &str) -> Result<(), StoreError> {
    key("client id", client_id)?;
    site(site_code)
}

/// The favourite limit, applied here only: a list of `count` cinemas is refused when it holds
/// more than `limit`. The limit itself is the site's (`site::Site::favourite_limit`); every
/// call that grows a list passes the list it would store.
pub fn favourite_limit(count: usize, limit: usize) -> Result<(), StoreError> {
    if count > limit {
        return Err(StoreError::LimitReached { limit });
    }
    Ok(())
}

/// The list a replacement should store: distinct slugs, within the favourite limit.
pub fn replacement(slugs: &[String], limit: usize) -> Result<Vec<&str>, StoreError> {
    let distinct = keys("cinema slug", slugs)?;
    favourite_limit(distinct.len(), limit)?;
    Ok(distinct)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_must_be_short_printable_and_non_empty() {
        assert!(key("slug", "pathe-wepler").is_ok());
        assert!(key("slug", &"é".repeat(MAX_TEXT_LEN)).is_ok());
        assert!(key("slug", &"a".repeat(MAX_TEXT_LEN + 1)).is_err());
        assert!(key("slug", "").is_err());
        assert!(key("slug", " padded").is_err());
        assert!(key("slug", "tab\there").is_err());
    }

    /// `KEY_PATTERN`'s classes are exactly Rust's controls and white space (the pattern is
    /// checked by other programs, with their own idea of `\s`: it spells every character out).
    #[test]
    fn the_key_pattern_names_the_characters_key_refuses() {
        fn ranges(class: &str) -> Vec<(u32, u32)> {
            let code = |text: &str| {
                let hex = text
                    .strip_prefix("\\x")
                    .or_else(|| text.strip_prefix("\\u"))
                    .unwrap_or(text);
                if hex == " " {
                    32
                } else {
                    u32::from_str_radix(hex, 16).expect("a hexadecimal escape")
                }
            };
            let mut items = Vec::new();
            let mut rest = class;
            while !rest.is_empty() {
                let len = if rest.starts_with(' ') {
                    1
                } else if rest.starts_with("\\x") {
                    4
                } else {
                    6
                };
                let (first, tail) = rest.split_at(len);
                if let Some(tail) = tail.strip_prefix('-') {
                    let len = if tail.starts_with("\\x") { 4 } else { 6 };
                    let (last, tail) = tail.split_at(len);
                    items.push((code(first), code(last)));
                    rest = tail;
                } else {
                    items.push((code(first), code(first)));
                    rest = tail;
                }
            }
            items
        }
        let inside = |c: char, class: &[(u32, u32)]| {
            class.iter().any(|&(a, b)| (a..=b).contains(&(c as u32)))
        };
        let (control, space) = (ranges(control!()), ranges(space!()));
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            assert_eq!(inside(c, &control), c.is_control(), "{c:?}");
            assert_eq!(
                inside(c, &space),
                c.is_whitespace() && !c.is_control(),
                "{c:?}"
            );
        }
    }

    #[test]
    fn sites_are_codes() {
        assert!(site("fr").is_ok());
        assert!(site("FR").is_err());
        assert!(site("").is_err());
        assert!(site("fr/../nl").is_err());
    }

    #[test]
    fn a_list_may_hold_up_to_the_limit() {
        assert_eq!(favourite_limit(0, 1), Ok(()));
        assert_eq!(favourite_limit(5, 5), Ok(()));
        assert_eq!(
            favourite_limit(6, 5),
            Err(StoreError::LimitReached { limit: 5 })
        );
    }

    #[test]
    fn a_replacement_counts_each_slug_once() {
        let slugs: Vec<String> = ["a", "b", "a", "c"].map(String::from).to_vec();
        assert_eq!(replacement(&slugs, 3).unwrap(), ["a", "b", "c"]);
        assert_eq!(
            replacement(&slugs, 2),
            Err(StoreError::LimitReached { limit: 2 })
        );
    }

    #[test]
    fn emails_may_be_absent_but_not_junk() {
        assert!(email("").is_ok());
        assert!(email("ada@example.org").is_ok());
        assert!(email("not an email").is_err());
        assert!(email("nobody").is_err());
    }
}
