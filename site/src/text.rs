//! Text matching (spec §4, §5): typed searches are accent-stripped and lower-cased, and
//! cinemas are found by the start of their city's or theatre's postal code.

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

/// A genre as a URL filter names it: folded, blanks as dashes ("Science fiction" →
/// "science-fiction"). Genres are labels; the show filter compares them by this key.
pub fn genre_key(genre: &str) -> String {
    fold(genre.trim())
        .split_whitespace()
        .collect::<Vec<_>>()
        .join("-")
}

/// Whether `haystack` contains the typed `query`, ignoring accents, case and surrounding
/// blanks. An empty query matches everything.
pub fn contains_folded(haystack: &str, query: &str) -> bool {
    fold(haystack).contains(fold(query).trim())
}

/// Whether a typed text is a postal-code prefix of either code (spec §5: the city postal code
/// or the theatre postal code starts with the typed text). Only digits (and the letters of
/// Dutch postal codes) count, so "75" matches "75011" and "1012 AB" matches "1012AB".
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
        .filter(|c| !c.is_whitespace())
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
