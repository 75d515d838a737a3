//! Text matching (spec §4, §5): typed searches are accent-stripped and lower-cased, and
//! cinemas are found by the start of their city's or theatre's postal code.
//!
//! Blanks are JavaScript's ([`is_blank`]), not Rust's: these rules run again in the
//! browser (`islands/src/lib/*`), and the two sides must agree on every text.

use unicode_normalization::UnicodeNormalization;

/// Lower-cases and strips accents: "Évry-Courcouronnes" → "evry-courcouronnes",
/// "Œuvre" → "oeuvre", "Straße" → "strasse".
///
/// Folding is stable (`fold(fold(x)) == fold(x)`): the index and a typed query both fold, so
/// a folded word must read the same when folded again. Hence lower-casing comes first, then
/// the decomposition and the letter mappings on what it gives: `ẞ` lower-cases to `ß` (then
/// `ss`) and `İ` to `i` and a combining dot (dropped).
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.nfkd().flat_map(char::to_lowercase) {
        // A few lower-case letters decompose to capitals (`ᴬ` → `A`): lower-case once more.
        unicode_normalization::char::decompose_compatible(c, |d| {
            for l in d.to_lowercase() {
                if unicode_normalization::char::is_combining_mark(l) {
                    continue;
                }
                match l {
                    'œ' => out.push_str("oe"),
                    'æ' => out.push_str("ae"),
                    'ß' => out.push_str("ss"),
                    'ø' => out.push('o'),
                    'ł' => out.push('l'),
                    'đ' => out.push('d'),
                    _ => out.push(l),
                }
            }
        });
    }
    out
}

/// Whether `c` is a blank as JavaScript sees it: its `WhiteSpace` and `LineTerminator`
/// characters, what `String.prototype.trim()` removes and `\s` matches (ECMAScript's
/// `WhiteSpace` and `LineTerminator`): U+0009–U+000D, U+0020, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F,
/// U+205F, U+3000 and U+FEFF (byte order mark).
///
/// Not [`char::is_whitespace`] (Unicode `White_Space`), which also holds U+0085 (next line)
/// and not U+FEFF: the rules that trim or split on blanks have TypeScript twins in the
/// islands, which trim with `trim()` and split on `\s`, and the help pages' script budget
/// leaves no room to change them; the spec names neither character, so Rust follows the
/// browser. Every rule with a TypeScript twin trims (`trim_matches(is_blank)`) and splits
/// with this, never `trim()` or `split_whitespace()`.
pub fn is_blank(c: char) -> bool {
    matches!(
        c,
        '\u{9}'..='\u{D}'
            | ' '
            | '\u{A0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200A}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202F}'
            | '\u{205F}'
            | '\u{3000}'
            | '\u{FEFF}'
    )
}

/// A genre as a URL filter names it: folded, blanks as dashes ("Science fiction" →
/// "science-fiction"). Genres are labels; the show filter compares them by this key.
pub fn genre_key(genre: &str) -> String {
    fold(genre.trim_matches(is_blank))
        .split(is_blank)
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// Whether `haystack` contains the typed `query`, ignoring accents, case and surrounding
/// blanks ([`is_blank`]). An empty query matches everything.
pub fn contains_folded(haystack: &str, query: &str) -> bool {
    fold(haystack).contains(fold(query).trim_matches(is_blank))
}

/// Whether a typed text is a postal-code prefix of either code (spec §5: the city postal code
/// or the theatre postal code starts with the typed text). Only digits (and the letters of
/// Dutch postal codes) count, so "75" matches "75011" and "1012 AB" matches "1012AB";
/// blanks ([`is_blank`]) are dropped.
pub fn postal_code_matches(typed: &str, codes: &[&str]) -> bool {
    let typed = compact_code(typed);
    if typed.is_empty() || !typed.starts_with(|c: char| c.is_ascii_digit()) {
        return false;
    }
    codes
        .iter()
        .any(|code| compact_code(code).starts_with(&typed))
}

fn compact_code(code: &str) -> String {
    code.chars()
        .filter(|c| !is_blank(*c))
        .flat_map(char::to_uppercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_strips_accents_and_case() {
        assert_eq!(fold("Évry-Courcouronnes"), "evry-courcouronnes");
        assert_eq!(fold("Saint-Étienne"), "saint-etienne");
        assert_eq!(fold("CŒUR de Pierre"), "coeur de pierre");
        assert_eq!(fold("Straße Zürich"), "strasse zurich");
        assert_eq!(fold("Liège Nîmes Besançon"), "liege nimes besancon");
        assert_eq!(fold("ｆｕｌｌ"), "full");
        assert_eq!(fold("STRAẞE İstanbul"), "strasse istanbul");
    }

    #[test]
    fn folding_twice_changes_nothing() {
        for text in [
            "ẞTRAẞE",
            "İSTANBUL",
            "Ǆ ﬁ Å Ω ᴬ",
            "ŒUVRE Æ Ø Ł Đ",
            "ｆｕｌｌ ①",
        ] {
            assert_eq!(fold(&fold(text)), fold(text), "{text:?}");
        }
        // Every character: folding works character by character (nothing composes again).
        let unstable: Vec<char> = (0..=char::MAX as u32)
            .filter_map(char::from_u32)
            .filter(|c| {
                let once = fold(&c.to_string());
                fold(&once) != once
            })
            .collect();
        assert!(unstable.is_empty(), "{unstable:?}");
    }

    #[test]
    fn blanks_are_javascripts() {
        // JavaScript's WhiteSpace and LineTerminator code points, in full.
        let js: Vec<u32> = [0x9, 0xA, 0xB, 0xC, 0xD, 0x20, 0xA0, 0x1680]
            .into_iter()
            .chain(0x2000..=0x200A)
            .chain([0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF])
            .collect();
        let blanks: Vec<u32> = (0..=char::MAX as u32)
            .filter_map(char::from_u32)
            .filter(|c| is_blank(*c))
            .map(u32::from)
            .collect();
        assert_eq!(blanks, js);
        // Unicode White_Space less NEL, plus the BOM.
        for c in (0..=char::MAX as u32).filter_map(char::from_u32) {
            let expected = (c.is_whitespace() && c != '\u{85}') || c == '\u{FEFF}';
            assert_eq!(is_blank(c), expected, "{c:?}");
        }
        assert_eq!("\u{FEFF} a b\u{3000}".trim_matches(is_blank), "a b");
        assert_eq!("\u{85}a\u{85}".trim_matches(is_blank), "\u{85}a\u{85}");
        assert_eq!(
            genre_key("\u{FEFF}Science\u{A0}fiction\u{85}"),
            "science-fiction\u{85}"
        );
    }

    #[test]
    fn typed_text_matches_without_accents() {
        assert!(contains_folded("Lumen Nîmes", "nimes"));
        assert!(contains_folded("Lumen Nimes", "NÎMES "));
        assert!(contains_folded("anything", ""));
        assert!(!contains_folded("Lyon", "lyons"));
    }

    #[test]
    fn postal_codes_match_by_prefix() {
        assert!(postal_code_matches("75", &["75011"]));
        assert!(postal_code_matches("750", &["13001", "75011"]));
        assert!(postal_code_matches("7501", &["13001", "75011"]));
        assert!(!postal_code_matches("76", &["75011"]));
        assert!(postal_code_matches("1012 a", &["1012AB"]));
        assert!(!postal_code_matches("", &["75011"]));
        assert!(!postal_code_matches("paris", &["75011"]));
    }
}
