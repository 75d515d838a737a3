//! Plain text out of the HTML bodies of articles and FAQ answers, for indexing only.
//!
//! Not a sanitiser and not shown to anyone: it only has to keep markup out of the index
//! (`<strong>` must not make "strong" searchable) and turn the few entities editors use
//! back into letters (`&eacute;` must fold to `e`, not index "eacute").

/// The text of an HTML fragment, blanks collapsed, cut after `max_chars` characters.
/// Script and style contents are dropped; a stray `<` that opens no tag is kept as text.
pub(crate) fn plain_text(html: &str, max_chars: usize) -> String {
    let mut out = Plain {
        text: String::with_capacity(html.len().min(max_chars.saturating_mul(4))),
        chars: 0,
        max_chars,
    };
    let mut rest = html;
    while !rest.is_empty() && !out.full() {
        let Some(open) = rest.find(['<', '&']) else {
            out.push(rest);
            break;
        };
        out.push(&rest[..open]);
        rest = &rest[open..];
        if rest.starts_with('<') {
            match tag_end(rest) {
                Some(end) => {
                    let tag = &rest[..end];
                    rest = &rest[end..];
                    // Words on both sides of a tag are separate words ("a<br>b").
                    out.push(" ");
                    if let Some(name) = raw_text_element(tag) {
                        rest = skip_until_closing(rest, name);
                    }
                }
                None => {
                    out.push("<");
                    rest = &rest[1..];
                }
            }
        } else {
            let (text, used) = entity(rest);
            out.push(&text);
            rest = &rest[used..];
        }
    }
    out.text.trim_end().to_string()
}

/// The text gathered so far, blanks collapsed, and how many characters it holds.
struct Plain {
    text: String,
    chars: usize,
    max_chars: usize,
}

impl Plain {
    fn full(&self) -> bool {
        self.chars >= self.max_chars
    }

    fn push(&mut self, text: &str) {
        for c in text.chars() {
            if self.full() {
                return;
            }
            let c = if c.is_whitespace() { ' ' } else { c };
            if c == ' ' && (self.text.is_empty() || self.text.ends_with(' ')) {
                continue;
            }
            self.text.push(c);
            self.chars += 1;
        }
    }
}

/// Length of the tag at the start of `s` (`<` … `>`), if it is one.
fn tag_end(s: &str) -> Option<usize> {
    let second = s[1..].chars().next()?;
    if !(second.is_ascii_alphabetic() || matches!(second, '/' | '!' | '?')) {
        return None;
    }
    s.find('>').map(|i| i + 1)
}

/// `script` or `style` when `tag` opens one of them: their content is code, not text.
fn raw_text_element(tag: &str) -> Option<&'static str> {
    let name: String = tag[1..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    match name.as_str() {
        "script" => Some("script"),
        "style" => Some("style"),
        _ => None,
    }
}

fn skip_until_closing<'a>(rest: &'a str, name: &str) -> &'a str {
    let closing = format!("</{name}");
    let lower = rest.to_ascii_lowercase();
    match lower.find(&closing) {
        Some(at) => {
            let after = &rest[at..];
            match after.find('>') {
                Some(end) => &after[end + 1..],
                None => "",
            }
        }
        None => "",
    }
}

/// The text of the entity at the start of `s` (which starts with `&`) and how many bytes
/// it used. An unknown or malformed one is kept as a plain `&`.
fn entity(s: &str) -> (String, usize) {
    let Some(end) = s[1..].find(';').map(|i| i + 1).filter(|&i| i <= 10) else {
        return ("&".into(), 1);
    };
    let name = &s[1..end];
    let decoded = if let Some(num) = name.strip_prefix('#') {
        let code = match num.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok(),
            None => num.parse().ok(),
        };
        code.and_then(char::from_u32).map(String::from)
    } else {
        named_entity(name).map(String::from)
    };
    match decoded {
        Some(text) => (text, end + 1),
        None => ("&".into(), 1),
    }
}

fn named_entity(name: &str) -> Option<&'static str> {
    Some(match name {
        "amp" => "&",
        "lt" => "<",
        "gt" => ">",
        "quot" => "\"",
        "apos" => "'",
        "nbsp" => " ",
        "rsquo" | "lsquo" => "'",
        "laquo" => "«",
        "raquo" => "»",
        "hellip" => "…",
        "ndash" | "mdash" => "-",
        "eacute" => "é",
        "egrave" => "è",
        "ecirc" => "ê",
        "agrave" => "à",
        "acirc" => "â",
        "ccedil" => "ç",
        "ocirc" => "ô",
        "ucirc" => "û",
        "ugrave" => "ù",
        "icirc" => "î",
        "iuml" => "ï",
        "euml" => "ë",
        "ouml" => "ö",
        "uuml" => "ü",
        "auml" => "ä",
        "szlig" => "ß",
        "oelig" => "œ",
        "Eacute" => "É",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::plain_text;

    #[test]
    fn tags_go_and_words_stay_apart() {
        assert_eq!(
            plain_text("<p>Une <strong>image</strong></p><p>plus</p>", 100),
            "Une image plus"
        );
        assert_eq!(plain_text("a<br>b", 100), "a b");
    }

    #[test]
    fn entities_become_letters() {
        assert_eq!(
            plain_text("l&rsquo;&eacute;t&#233; &amp; &#x41;", 100),
            "l'été & A"
        );
        assert_eq!(plain_text("R&D &unknown; & co", 100), "R&D &unknown; & co");
    }

    #[test]
    fn scripts_and_styles_are_dropped() {
        assert_eq!(
            plain_text("x<script>alert('y')</script>z<style>p{}</STYLE>w", 100),
            "x z w"
        );
        assert_eq!(plain_text("x<script>never closed", 100), "x");
    }

    #[test]
    fn text_is_cut_and_stray_brackets_kept() {
        assert_eq!(plain_text("1 < 2 and more", 5), "1 < 2");
        assert_eq!(plain_text("<", 5), "<");
        assert_eq!(plain_text("", 5), "");
    }
}
