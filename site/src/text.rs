//! Text matching (spec §4, §5): typed searches are accent-stripped and lower-cased, and
//! cinemas are found by the start of their city's or theatre's postal code.

use unicode_normalization::UnicodeNormalization;

/// Lower-cases and strips accents: "Évry-Courcouronnes" → "evry-courcouronnes",
/// "Œuvre" → "oeuvre", "Straße" → "strasse".
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.nfkd() {
        if unicode_normalization::char::is_combining_mark(c) {
            continue;
        }
        match c {
            'Œ' | 'œ' => out.push_str("oe"),
            'Æ' | 'æ' => out.push_str("ae"),
            'ß' => out.push_str("ss"),
            'Ø' | 'ø' => out.push('o'),
            'Ł' | 'ł' => out.push('l'),
            'Đ' | 'đ' => out.push('d'),
            _ => out.extend(c.to_lowercase()),
        }
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
