//! Escaping and decoding, in one place for every crate: text and attribute values of HTML, JSON
//! inside a `<script>` element, URLs from content (a scheme allow-list), and percent-decoding
//! (by the `percent-encoding` crate). Templates escape with Tera's autoescape; whatever is
//! written as HTML outside a template goes through here.

use std::borrow::Cow;

/// Text and attribute values: `&`, `<`, `>`, `"` and `'` as character references (one set for
/// both, so a value is safe in either place, quoted either way).
pub fn html(text: &str) -> Cow<'_, str> {
    // Bytes, not chars: the five are ASCII, and every template variable a page prints comes
    // through here (a tenth of the templates' CPU when searched char by char).
    let escaped = |b: &u8| matches!(b, b'&' | b'<' | b'>' | b'"' | b'\'');
    let bytes = text.as_bytes();
    let Some(first) = bytes.iter().position(escaped) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 16);
    let mut copied = 0;
    for (at, b) in bytes.iter().enumerate().skip(first) {
        let reference = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        // An ASCII byte never falls inside a character: the runs are whole text.
        out.push_str(&text[copied..at]);
        out.push_str(reference);
        copied = at + 1;
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

/// JSON for inside `<script type="application/json">` or `application/ld+json`: every `<`,
/// `>` and `&` as a `\u` escape, so no `</script>`, `<!--` or `<script` in a string can end
/// the element or switch the parser's state; U+2028/U+2029 escaped for old JavaScript parsers.
/// The value read back by a JSON parser is unchanged.
pub fn script_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    // The bytes to escape are found with `memchr` (a cinema page's JSON-LD is tens of
    // kilobytes) and the runs between them copied at once. U+2028/U+2029 are E2 80 A8/A9; an
    // E2 starts a character, so a run never ends inside one.
    let bytes = json.as_bytes();
    let mut marks = memchr::memchr3_iter(b'<', b'>', b'&', bytes).peekable();
    let mut wide = memchr::memchr_iter(0xE2, bytes).peekable();
    let mut copied = 0;
    loop {
        let i = match (marks.peek(), wide.peek()) {
            (Some(&m), Some(&w)) if w < m => wide.next(),
            (Some(_), _) => marks.next(),
            (None, Some(_)) => wide.next(),
            (None, None) => break,
        }
        .expect("peeked");
        let escape = match &bytes[i..] {
            [b'<', ..] => "\\u003c",
            [b'>', ..] => "\\u003e",
            [b'&', ..] => "\\u0026",
            [0xE2, 0x80, 0xA8, ..] => "\\u2028",
            [0xE2, 0x80, 0xA9, ..] => "\\u2029",
            _ => continue,
        };
        out.push_str(&json[copied..i]);
        out.push_str(escape);
        copied = i + if bytes[i] == 0xE2 { 3 } else { 1 };
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
    if url.is_empty() || has_control_or_backslash(url) {
        return None;
    }
    if let Some(rest) = url.strip_prefix('/') {
        return (!rest.starts_with('/')).then_some(url);
    }
    // The first `:` ends an allowed scheme (a later `://` would leave a `:` in it).
    let colon = url.find(':')?;
    let (scheme, rest) = (&url[..colon], url[colon..].strip_prefix("://")?);
    let allowed = scheme.eq_ignore_ascii_case("https") || scheme.eq_ignore_ascii_case("http");
    let host = &rest[..rest
        .bytes()
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(rest.len())];
    (allowed && !host.is_empty() && !host.contains('@')).then_some(url)
}

/// Whether `text` holds a control character (`char::is_control`: C0, DEL, C1) or a backslash,
/// read a byte at a time: a schedule checks the booking link of each of its hundreds of
/// showtimes.
fn has_control_or_backslash(text: &str) -> bool {
    let bytes = text.as_bytes();
    // A first pass without a branch per byte (the compiler makes it vector code) that is
    // false for almost every link; the exact reading only when it is not.
    let suspicious = bytes
        .iter()
        .fold(false, |any, &b| any | may_start_control(b) | (b == b'\\'));
    suspicious && (0..bytes.len()).any(|i| bytes[i] == b'\\' || control_len(bytes, i) > 0)
}

/// Whether a byte may start a control character (`char::is_control`) in UTF-8: a C0 control,
/// DEL, or 0xC2, the first byte of the C1 controls. Without a branch, for vector code.
pub const fn may_start_control(b: u8) -> bool {
    (b < 0x20) | (b == 0x7f) | (b == 0xc2)
}

/// The length in bytes of the control character (`char::is_control`) at `bytes[i]`, or 0:
/// C0 (U+0000–U+001F) and DEL are one byte; a C1 control (U+0080–U+009F) is 0xC2 then
/// 0x80–0x9F. One rule for the link checks here and the calendar feeds' text.
pub fn control_len(bytes: &[u8], i: usize) -> usize {
    match bytes.get(i) {
        Some(0..=0x1f | 0x7f) => 1,
        Some(0xc2) if matches!(bytes.get(i + 1), Some(0x80..=0x9f)) => 2,
        _ => 0,
    }
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
    fn a_control_character_is_found_as_rust_defines_one() {
        // Every character of one and two bytes, alone and followed by a letter.
        for c in (0..0x800u32).filter_map(char::from_u32) {
            let mut text = c.to_string();
            let len = text.len();
            text.push('a');
            let bytes = text.as_bytes();
            let expected = if c.is_control() { len } else { 0 };
            assert_eq!(control_len(bytes, 0), expected, "{c:?}");
            if c.is_control() {
                assert!(may_start_control(bytes[0]), "{c:?}");
            }
            assert_eq!(
                has_control_or_backslash(&text),
                c.is_control() || c == '\\',
                "{c:?}"
            );
        }
        // A lone 0xC2 at the end of the bytes (never in a str, but the rule reads bytes).
        assert_eq!(control_len(&[0xc2], 0), 0);
        assert_eq!(control_len(b"", 0), 0);
    }

    #[test]
    fn html_escapes_every_character_that_could_end_a_text_or_a_value() {
        assert_eq!(
            html("<a href=\"x\" title='y'>&</a>"),
            "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;"
        );
        assert!(matches!(html("plain"), Cow::Borrowed(_)));
        // Characters of two to four bytes around and between the escaped ones stay whole.
        assert_eq!(
            html("Séance « 20h » & <é>🎬'"),
            "Séance « 20h » &amp; &lt;é&gt;🎬&#39;"
        );
        assert_eq!(html("é&"), "é&amp;");
        assert!(matches!(html("ünïcödé 🎬"), Cow::Borrowed(_)));
    }

    #[test]
    fn script_json_cannot_end_its_element_and_reads_back_the_same() {
        let value = serde_json::json!({"a": "</script><!--<script>&\u{2028}", "b": "’\u{2029}é<"});
        assert_eq!(
            script_json("{\"b\":\"’\u{2029}x\u{2028}<\"}"),
            r#"{"b":"’\u2029x\u2028\u003c"}"#
        );
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
            "x:https://a.example/",
            "https:x://a.example/",
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
    fn controls_are_found_a_byte_at_a_time_as_the_character_rule_finds_them() {
        for code in (0..0x300u32).chain([0x2028, 0x3000, 0xfeff, 0x1_0000]) {
            let Some(c) = char::from_u32(code) else {
                continue;
            };
            let text = format!("https://a.example/{c}x");
            assert_eq!(
                has_control_or_backslash(&text),
                c.is_control() || c == '\\',
                "U+{code:04X}"
            );
        }
    }

    #[test]
    fn percent_decoding_is_lossy_and_optionally_reads_plus_as_space() {
        assert_eq!(percent_decode("caf%C3%A9+cr%C3%A8me", true), "café crème");
        assert_eq!(percent_decode("a+b%2Bc", false), "a+b+c");
        assert_eq!(percent_decode("%ff%", false), "\u{fffd}%");
    }
}
