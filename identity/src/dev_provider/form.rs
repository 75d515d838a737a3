//! Input rules of the sign-in frame: form decoding, email shape, names, and the return path
//! (which must stay on this origin, or the frame becomes an open redirect).

use std::collections::HashMap;

/// Decodes `application/x-www-form-urlencoded` (also used for query strings). The first
/// occurrence of a name wins. Invalid percent escapes or UTF-8 are an error, not guessed at.
pub(crate) fn parse_urlencoded(input: &str) -> Result<HashMap<String, String>, ()> {
    let mut fields = HashMap::new();
    for pair in input.split('&').filter(|pair| !pair.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let name = percent_decode(name)?;
        let value = percent_decode(value)?;
        fields.entry(name).or_insert(value);
    }
    Ok(fields)
}

/// Strict: a `%` not followed by two hex digits, or bytes that are not UTF-8, are a bad request.
fn percent_decode(input: &str) -> Result<String, ()> {
    let bytes = input.as_bytes();
    let well_formed = bytes.iter().enumerate().all(|(i, b)| {
        *b != b'%'
            || bytes
                .get(i + 1..i + 3)
                .is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit))
    });
    if !well_formed {
        return Err(());
    }
    let spaced = input.replace('+', " ");
    percent_encoding::percent_decode_str(&spaced)
        .decode_utf8()
        .map(|s| s.into_owned())
        .map_err(|_| ())
}

/// Percent-encodes everything but RFC 3986 unreserved characters, for query values.
pub(crate) fn percent_encode(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for byte in input.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A same-origin path: one leading `/`, then no `/` or `\` right after it (`//host` and
/// `/\host` are read by browsers as another host), no backslash anywhere, no whitespace or
/// control characters. Quotes and angle brackets are allowed: pages escape what they echo.
pub(crate) fn safe_return_path(path: &str) -> Option<&str> {
    let rest = path.strip_prefix('/')?;
    if rest.starts_with('/') || path.len() > 2048 {
        return None;
    }
    if path
        .chars()
        .any(|c| c == '\\' || c.is_whitespace() || c.is_control())
    {
        return None;
    }
    // Dot segments: `/..//evil.example` resolves to the path `//evil.example`, which a
    // later redirect (e.g. a trailing-slash rule) could turn into another host.
    let path_part = path.split(['?', '#']).next().unwrap_or_default();
    let dot_segment = |segment: &str| {
        let segment = segment.to_ascii_lowercase().replace("%2e", ".");
        segment == "." || segment == ".."
    };
    if path_part.split('/').any(dot_segment) {
        return None;
    }
    Some(path)
}

/// Trimmed and lower-cased when it looks like an address someone can receive mail at:
/// `local@domain.tld`, no spaces or quoting, dot-separated domain labels.
pub(crate) fn valid_email(input: &str) -> Option<String> {
    let email = input.trim();
    if email.len() > 254 {
        return None;
    }
    let (local, domain) = email.split_once('@')?;
    if local.is_empty() || local.len() > 64 || domain.contains('@') {
        return None;
    }
    let forbidden = |c: char| c.is_whitespace() || c.is_control() || "<>()[]\\,;:\"".contains(c);
    if local.chars().any(forbidden) || local.starts_with('.') || local.ends_with('.') {
        return None;
    }
    let labels: Vec<&str> = domain.split('.').collect();
    if labels.len() < 2 {
        return None;
    }
    let label_ok = |label: &&str| {
        !label.is_empty()
            && label.len() <= 63
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label.chars().all(|c| c.is_alphanumeric() || c == '-')
    };
    let tld = labels.last()?;
    if !labels.iter().all(label_ok) || tld.len() < 2 || tld.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    Some(email.to_lowercase())
}

/// A given or family name: trimmed, 1 to 100 characters, no control characters.
pub(crate) fn clean_name(input: &str) -> Option<String> {
    let name = input.trim();
    let length = name.chars().count();
    ((1..=100).contains(&length) && !name.chars().any(char::is_control)).then(|| name.to_owned())
}

/// Names for a sign-in without a sign-up: read off the address (`jane.doe@…` → Jane Doe).
pub(crate) fn names_from_email(email: &str) -> (String, String) {
    let local = email.split('@').next().unwrap_or_default();
    let local = local.split('+').next().unwrap_or_default();
    let mut parts = local
        .split(['.', '_', '-'])
        .filter(|p| !p.is_empty())
        .map(capitalise);
    let given = parts.next().unwrap_or_default();
    let family = parts.collect::<Vec<_>>().join(" ");
    (given, family)
}

fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_forms() {
        let fields =
            parse_urlencoded("email=a%40b.fr&given_name=J+D&x&email=second").expect("valid");
        assert_eq!(fields["email"], "a@b.fr");
        assert_eq!(fields["given_name"], "J D");
        assert_eq!(fields["x"], "");
        assert!(parse_urlencoded("a=%zz").is_err());
        assert!(parse_urlencoded("a=%4").is_err());
        assert!(parse_urlencoded("a=%ff").is_err());
        assert_eq!(percent_encode("/a b?c=é"), "%2Fa%20b%3Fc%3D%C3%A9");
    }

    #[test]
    fn return_paths() {
        for good in [
            "/",
            "/films",
            "/en/movie/x?y=1#z",
            "/a\"<b>",
            "/a..b",
            "/x?p=../y",
        ] {
            assert_eq!(safe_return_path(good), Some(good), "{good}");
        }
        for bad in [
            "",
            "films",
            "//evil.example",
            "/\\evil.example",
            "https://evil.example",
            "/a b",
            "/a\tb",
            "/a\\b",
            "javascript:alert(1)",
            "/..//evil.example",
            "/a/./b",
            "/%2e%2E/x",
        ] {
            assert_eq!(safe_return_path(bad), None, "{bad}");
        }
    }

    #[test]
    fn emails() {
        assert_eq!(
            valid_email("  Jane.Doe@Example.FR "),
            Some("jane.doe@example.fr".into())
        );
        assert!(valid_email("jane+films@mail.example.com").is_some());
        for bad in [
            "",
            "jane",
            "@x.fr",
            "jane@",
            "jane@x",
            "jane@@x.fr",
            "ja ne@x.fr",
            "jane@x..fr",
            "jane@-x.fr",
            "jane@x.f",
            "<a>@x.fr",
            "jane@x.123",
            ".j@x.fr",
        ] {
            assert_eq!(valid_email(bad), None, "{bad}");
        }
    }

    #[test]
    fn names() {
        assert_eq!(clean_name("  Zoé "), Some("Zoé".into()));
        assert_eq!(clean_name("   "), None);
        assert_eq!(clean_name("a\u{7}b"), None);
        assert_eq!(
            names_from_email("jane.van-dam+x@x.fr"),
            ("Jane".into(), "Van Dam".into())
        );
        assert_eq!(names_from_email("zoe@x.fr"), ("Zoe".into(), String::new()));
    }
}
