//! What a "word" is, for the index and for the typed query alike.
//!
//! Both sides go through [`words`], so a title and a query can never disagree on accents,
//! case or punctuation: the text is folded with [`site::text::fold`] (the spec's "typed
//! search is accent-stripped and lower-cased") and cut on anything that is not a letter or
//! a digit. "L'Été à Genève" gives `l`, `ete`, `a`, `geneve`.

use tantivy::tokenizer::{Token, TokenStream, Tokenizer};

/// Name under which [`FoldingTokenizer`] is registered with each index.
pub(crate) const FOLDING: &str = "folded";

/// Longest word kept, in characters. Longer runs of letters are no real word (a pasted
/// URL, a hostile title); cutting them on both sides keeps prefix matching consistent and
/// keeps terms far below tantivy's term size limit.
pub(crate) const MAX_WORD_CHARS: usize = 40;

/// The words of a text: folded, split on non-alphanumerics, each cut to
/// [`MAX_WORD_CHARS`].
pub fn words(text: &str) -> Vec<String> {
    site::text::fold(text)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| match w.char_indices().nth(MAX_WORD_CHARS) {
            Some((cut, _)) => w[..cut].to_string(),
            None => w.to_string(),
        })
        .collect()
}

/// A postal code as one comparable key: blanks removed and folded, so "1012 AB", "1012ab"
/// and "1012AB" are the same key (the rule of [`site::text::postal_code_matches`], which
/// compares upper-cased codes; folding lower-cases them, which is the same comparison).
pub(crate) fn postal_key(code: &str) -> String {
    let compact: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    site::text::fold(&compact)
}

/// The tantivy side of [`words`].
#[derive(Clone, Default)]
pub(crate) struct FoldingTokenizer {
    token: Token,
}

pub(crate) struct FoldedTokens<'a> {
    words: std::vec::IntoIter<String>,
    token: &'a mut Token,
}

impl Tokenizer for FoldingTokenizer {
    type TokenStream<'a> = FoldedTokens<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> FoldedTokens<'a> {
        self.token.reset();
        FoldedTokens {
            words: words(text).into_iter(),
            token: &mut self.token,
        }
    }
}

impl TokenStream for FoldedTokens<'_> {
    fn advance(&mut self) -> bool {
        match self.words.next() {
            Some(word) => {
                // Offsets would point into the folded text, not the original: nothing reads
                // them (no snippets, no phrase queries), so they are left at zero.
                self.token.text = word;
                self.token.position = self.token.position.wrapping_add(1);
                true
            }
            None => false,
        }
    }

    fn token(&self) -> &Token {
        self.token
    }

    fn token_mut(&mut self) -> &mut Token {
        self.token
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_folded_and_split_on_punctuation() {
        assert_eq!(words("L'Été à Genève"), ["l", "ete", "a", "geneve"]);
        assert_eq!(words("Cœur de pierre"), ["coeur", "de", "pierre"]);
        assert_eq!(words("\"*:()[]<script>"), ["script"]);
        assert!(words("  -- ").is_empty());
    }

    #[test]
    fn long_words_are_cut() {
        let long = "a".repeat(100);
        assert_eq!(words(&long), ["a".repeat(MAX_WORD_CHARS)]);
    }

    #[test]
    fn postal_keys_ignore_blanks_and_case() {
        assert_eq!(postal_key("1012 AB"), "1012ab");
        assert_eq!(postal_key("75011"), "75011");
    }

    #[test]
    fn the_tokenizer_emits_the_same_words() {
        let mut tokenizer = FoldingTokenizer::default();
        let mut stream = tokenizer.token_stream("Star WARS: l'Épisode");
        let mut seen = Vec::new();
        while stream.advance() {
            seen.push(stream.token().text.clone());
        }
        assert_eq!(seen, words("Star WARS: l'Épisode"));
    }
}
