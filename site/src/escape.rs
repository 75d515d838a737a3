//! Escaping and decoding, in one place for every crate: text and attribute values of HTML, JSON
//! inside a `<script>` element, URLs from content (a scheme allow-list), and percent-decoding
//! (by the `percent-encoding` crate). Templates escape with Tera's autoescape; whatever is
//! written as HTML outside a template goes through here.

use std::borrow::Cow;

/// Text and attribute values: `&`, `<`, `>`, `"` and `'` as character references (one set for
/// both, so a value is safe in either place, quoted either way).
pub fn html(text: &str) -> Cow<'_, str> {
    if !text.contains(['&', '<', '>', '"', '\'']) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// JSON for inside `<script type="application/json">` or `application/ld+json`: every `<`,
/// `>` and `&` as a `\u` escape, so no `</script>`, `<!--` or `<script` in a string can end
/// the element or switch the parser's state; U+2028/U+2029 escaped for old JavaScript parsers.
/// The value read back by a JSON parser is unchanged.
pub fn script_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    // Runs of bytes that need no escape are copied at once; U+2028/U+2029 are E2 80 A8/A9.
    let bytes = json.as_bytes();
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        let escape = match bytes[i] {
            b'<' => "\\u003c",
            b'>' => "\\u003e",
            b'&' => "\\u0026",
            0xE2 if bytes.get(i + 1) == Some(&0x80) && bytes.get(i + 2) == Some(&0xA8) => "\\u2028",
            0xE2 if bytes.get(i + 1) == Some(&0x80) && bytes.get(i + 2) == Some(&0xA9) => "\\u2029",
            _ => {
                i += 1;
                continue;
            }
        };
        out.push_str(&json[copied..i]);
        out.push_str(escape);
        i += if bytes[i] == 0xE2 { 3 } else { 1 };
        copied = i;
    }
    out.push_str(&json[copied..]);
    out
}

/// `value` serialized for a `<script>` element (see [`script_json`]).
pub fn script_json_of<T: serde::Serialize + ?Sized>(value: &T) -> String {
    script_json(&serde_json::to_string(value).expect("plain data serializes"))
}

/// A URL from content (a booking link, an image) as it may go into `href` or `src`: an
/// absolute `https://` or `http://` URL, or an address of the site itself (`/…`, not `//…`).
/// Anything else — `javascript:`, `data:`, `vbscript:`, a protocol-relative or backslashed
/// address, control characters — is `None`, and the caller leaves the link out.
pub fn content_url(url: &str) -> Option<&str> {
    // JavaScript's blanks: the schedule island's twin (`contentUrl`) trims with `trim()`.
    let url = url.trim_matches(crate::text::is_blank);
    if url.is_empty() || url.chars().any(|c| c.is_control() || c == '\\') {
        return None;
    }
    if let Some(rest) = url.strip_prefix('/') {
        return (!rest.starts_with('/')).then_some(url);
    }
    let (scheme, rest) = url.split_once("://")?;
    let allowed = scheme.eq_ignore_ascii_case("https") || scheme.eq_ignore_ascii_case("http");
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    (allowed && !host.is_empty() && !host.contains('@')).then_some(url)
}

/// Percent-decoding of a URL part (`+` as a space in a form or query when asked); invalid
/// UTF-8 becomes U+FFFD rather than an error.
pub fn percent_decode(text: &str, plus_as_space: bool) -> String {
    let decoded = |s: &str| {
        percent_encoding::percent_decode_str(s)
            .decode_utf8_lossy()
            .into_owned()
    };
    if plus_as_space && text.contains('+') {
        decoded(&text.replace('+', " "))
    } else {
        decoded(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_escapes_every_character_that_could_end_a_text_or_a_value() {
        assert_eq!(
            html("<a href=\"x\" title='y'>&</a>"),
            "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;"
        );
        assert!(matches!(html("plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn script_json_cannot_end_its_element_and_reads_back_the_same() {
        let value = serde_json::json!({"a": "</script><!--<script>&\u{2028}"});
        let text = script_json_of(&value);
        assert!(!text.contains('<') && !text.contains('>') && !text.contains('&'));
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&text).unwrap(),
            value
        );
    }

    #[test]
    fn content_urls_are_http_or_of_the_site() {
        for ok in [
            "https://book.example/s/1?x=1",
            "http://a.example",
            "/cinemas/x",
            "HTTPS://A.EXAMPLE/",
        ] {
            assert_eq!(content_url(ok), Some(ok), "{ok}");
        }
        for bad in [
            "javascript:alert(1)",
            " JavaScript:alert(1)",
            "data:text/html,x",
            "vbscript:x",
            "//evil.example/",
            "/\\evil.example",
            "https://",
            "https://user@evil.example/",
            "java\tscript:x",
            "",
            "ftp://x.example/",
        ] {
            assert_eq!(content_url(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn percent_decoding_is_lossy_and_optionally_reads_plus_as_space() {
        assert_eq!(percent_decode("caf%C3%A9+cr%C3%A8me", true), "café crème");
        assert_eq!(percent_decode("a+b%2Bc", false), "a+b+c");
        assert_eq!(percent_decode("%ff%", false), "\u{fffd}%");
    }
}
