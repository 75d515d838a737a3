//! Path parameters (`slug`, `id`, `tab`) and the rule a value must follow to be put in a path.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::filters::FILTERS_SEGMENT;

/// Path parameters by name. Kept sorted by name, so two `Params` with the same entries are
/// equal whatever order they were filled in.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Params(BTreeMap<String, String>);

impl Params {
    pub fn new() -> Params {
        Params::default()
    }

    /// Builder form: `Params::new().with("slug", "paris")`. A second value for a name replaces
    /// the first.
    pub fn with(mut self, name: &str, value: &str) -> Params {
        self.insert(name, value);
        self
    }

    /// `{slug}` only, the common case.
    pub fn slug(value: &str) -> Params {
        Params::new().with("slug", value)
    }

    /// `{id}` only (help articles and categories).
    pub fn id(value: &str) -> Params {
        Params::new().with("id", value)
    }

    /// `{tab}` only; the value is a [`super::ShowsTab::key`] (`book`, not `reserver`).
    pub fn tab(value: &str) -> Params {
        Params::new().with("tab", value)
    }

    pub fn insert(&mut self, name: &str, value: &str) {
        self.0.insert(name.to_string(), value.to_string());
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }
}

impl<'a> FromIterator<(&'a str, &'a str)> for Params {
    fn from_iter<I: IntoIterator<Item = (&'a str, &'a str)>>(iter: I) -> Params {
        let mut params = Params::new();
        for (k, v) in iter {
            params.insert(k, v);
        }
        params
    }
}

/// Whether `value` may stand as a whole path segment in place of a parameter.
///
/// Only URL "unreserved" characters are allowed (ASCII letters, digits, `-`, `_`, `.`, `~`),
/// so a value never needs escaping and can never smuggle `/`, `?`, `#`, `;`, `%` or whitespace
/// into a path. `.` and `..` are refused (they would walk the path), and so is `filters`,
/// which would be read back as the start of the URL filters part.
pub fn is_param_value(value: &str) -> bool {
    !value.is_empty()
        && value != "."
        && value != ".."
        && value != FILTERS_SEGMENT
        && value.bytes().all(is_unreserved)
}

pub(crate) fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~')
}
