//! What a content change names: `kind/slug` (`show/the-scouts`, `cinema/aix-en-provence`).
//! One grammar for the generator's `--changed` and the runtime API's rebuild webhook, so a
//! key the webhook accepts is one the generator reads.

/// The kinds of content a change may name: the content API's detail calls and the pages of
/// the route table that show one item.
pub const KINDS: [&str; 8] = [
    "show",
    "cinema",
    "city",
    "event",
    "experience",
    "experience-group",
    "news",
    "offer",
];

/// A content item that changed.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ContentKey {
    pub kind: &'static str,
    pub slug: String,
}

impl ContentKey {
    /// Reads `kind/slug`; a kind we do not know or a slug that is not one is an error that
    /// says what is accepted.
    pub fn parse(text: &str) -> Result<ContentKey, String> {
        let (kind, slug) = text
            .split_once('/')
            .ok_or_else(|| format!("{text:?} is not KIND/SLUG"))?;
        let kind =
            KINDS.iter().copied().find(|k| *k == kind).ok_or_else(|| {
                format!("{kind:?} is not a kind of content: {}", KINDS.join(", "))
            })?;
        let valid = !slug.is_empty()
            && slug.len() <= 200
            && slug
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
            && !slug.starts_with('.');
        if !valid {
            return Err(format!(
                "{slug:?} is not a slug (letters, digits, - _ ., at most 200)"
            ));
        }
        Ok(ContentKey {
            kind,
            slug: slug.to_string(),
        })
    }

    pub fn text(&self) -> String {
        format!("{}/{}", self.kind, self.slug)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_read_strictly() {
        let key = ContentKey::parse("show/the-scouts").expect("a key");
        assert_eq!((key.kind, key.slug.as_str()), ("show", "the-scouts"));
        assert_eq!(key.text(), "show/the-scouts");
        for bad in [
            "show",
            "film/x",
            "show/",
            "show/a b",
            "show/../x",
            "show/..",
            "show/\"x",
            "show/x\n",
            "cinema/<script>",
        ] {
            let err = ContentKey::parse(bad);
            assert!(err.is_err(), "{bad:?} read as {err:?}");
        }
    }
}
