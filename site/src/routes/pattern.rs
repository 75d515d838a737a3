//! A compiled path pattern: the segments of a route's full path (language prefix, webview `m`,
//! then the localized pattern), each literal or a parameter. It fills parameters in to make a
//! path, matches a path back to parameters, and tells whether two patterns could ever match
//! the same path (the table refuses to be built if so).

use super::kind::ShowsTab;
use super::params::{is_param_value, Params};
use crate::sites::Lang;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Segment {
    Literal(String),
    /// A free parameter: any [`is_param_value`] value.
    Param(&'static str),
    /// The shows tab: a closed set of localized segments, each standing for a language-neutral
    /// key (segment in the path, key in the params).
    Tab(Vec<(&'static str, &'static str)>),
}

impl Segment {
    fn is_literal(&self) -> bool {
        matches!(self, Segment::Literal(_))
    }

    /// Whether this segment accepts the literal path segment `text`.
    fn accepts(&self, text: &str) -> bool {
        match self {
            Segment::Literal(lit) => lit == text,
            Segment::Param(_) => is_param_value(text),
            Segment::Tab(options) => options.iter().any(|(_, seg)| *seg == text),
        }
    }

    /// Whether some path segment is accepted by both.
    fn overlaps(&self, other: &Segment) -> bool {
        match (self, other) {
            (Segment::Literal(lit), seg) | (seg, Segment::Literal(lit)) => seg.accepts(lit),
            // Tab segments are all valid param values, so a tab overlaps any free param.
            (Segment::Param(_), _) | (_, Segment::Param(_)) => true,
            (Segment::Tab(a), Segment::Tab(b)) => {
                a.iter().any(|(_, s)| b.iter().any(|(_, t)| s == t))
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pattern {
    pub(crate) segments: Vec<Segment>,
}

impl Pattern {
    /// Compiles `prefix` segments (literal) followed by `pattern` (see `names.rs`).
    /// Errors name the offending pattern: they are bugs in the table or a bad brand slug.
    pub(crate) fn compile(prefix: &[&str], pattern: &str, lang: Lang) -> Result<Pattern, String> {
        let mut segments: Vec<Segment> = prefix
            .iter()
            .map(|p| Segment::Literal(p.to_string()))
            .collect();
        if !pattern.is_empty() {
            for part in pattern.split('/') {
                segments.push(match part {
                    "{slug}" => Segment::Param("slug"),
                    "{id}" => Segment::Param("id"),
                    "{tab}" => Segment::Tab(
                        ShowsTab::ALL
                            .iter()
                            .map(|t| (t.key(), t.localized(lang)))
                            .collect(),
                    ),
                    _ if part.contains(['{', '}']) => {
                        return Err(format!("pattern {pattern:?}: unknown parameter {part:?}"))
                    }
                    // Literals follow the same character rule as parameter values, so a path
                    // never needs escaping.
                    _ if !part.is_empty() && part.bytes().all(super::params::is_unreserved) => {
                        Segment::Literal(part.to_string())
                    }
                    _ => return Err(format!("pattern {pattern:?}: bad segment {part:?}")),
                });
            }
        }
        Ok(Pattern { segments })
    }

    /// The path for these params, `None` if one is missing or not a valid value.
    pub(crate) fn fill(&self, params: &Params) -> Option<String> {
        if self.segments.is_empty() {
            return Some("/".to_string());
        }
        let mut path = String::new();
        for segment in &self.segments {
            path.push('/');
            match segment {
                Segment::Literal(lit) => path.push_str(lit),
                Segment::Param(name) => {
                    let value = params.get(name).filter(|v| is_param_value(v))?;
                    path.push_str(value);
                }
                Segment::Tab(options) => {
                    let key = params.get("tab")?;
                    let (_, seg) = options.iter().find(|(k, _)| *k == key)?;
                    path.push_str(seg);
                }
            }
        }
        Some(path)
    }

    /// Params if the path segments match this pattern.
    pub(crate) fn matches(&self, parts: &[&str]) -> Option<Params> {
        if parts.len() != self.segments.len() {
            return None;
        }
        let mut params = Params::new();
        for (segment, part) in self.segments.iter().zip(parts) {
            if !segment.accepts(part) {
                return None;
            }
            match segment {
                Segment::Literal(_) => {}
                Segment::Param(name) => params.insert(name, part),
                Segment::Tab(options) => {
                    let (key, _) = options.iter().find(|(_, seg)| seg == part)?;
                    params.insert("tab", key);
                }
            }
        }
        Some(params)
    }

    /// Precedence when two patterns match one path: the one with a literal at the first
    /// position where they differ wins ("literal segments win over parameters").
    pub(crate) fn specificity(&self) -> Vec<bool> {
        self.segments.iter().map(Segment::is_literal).collect()
    }

    /// Whether some path would match both patterns.
    pub(crate) fn overlaps(&self, other: &Pattern) -> bool {
        self.segments.len() == other.segments.len()
            && self
                .segments
                .iter()
                .zip(&other.segments)
                .all(|(a, b)| a.overlaps(b))
    }

    /// The pattern as written in the docs: `/en/cinemas/city/{slug}`, `/` for the bare root.
    pub(crate) fn display(&self) -> String {
        if self.segments.is_empty() {
            return "/".to_string();
        }
        self.segments
            .iter()
            .map(|s| match s {
                Segment::Literal(lit) => format!("/{lit}"),
                Segment::Param(name) => format!("/{{{name}}}"),
                Segment::Tab(_) => "/{tab}".to_string(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(pattern: &str) -> Pattern {
        Pattern::compile(&[], pattern, Lang::Fr).unwrap()
    }

    #[test]
    fn overlap_is_detected_where_a_path_could_match_both() {
        // The checker must see real clashes, or the table's "no ambiguity" proof is empty.
        assert!(p("cinemas/{slug}").overlaps(&p("cinemas/ville")));
        assert!(p("{slug}/x").overlaps(&p("a/{id}")));
        assert!(p("films/{tab}").overlaps(&p("films/reserver")));
        assert!(p("films/{tab}").overlaps(&p("films/{slug}")));
        assert!(p("").overlaps(&p("")));
        // …and only there.
        assert!(!p("films/{tab}").overlaps(&p("films/book")));
        assert!(!p("cinemas/{slug}").overlaps(&p("cinemas/ville/{slug}")));
        assert!(!p("{slug}").overlaps(&p("filters")));
        assert!(!p("a").overlaps(&p("b")));
    }

    #[test]
    fn literal_beats_parameter_in_precedence() {
        assert!(p("cinemas/ville").specificity() > p("cinemas/{slug}").specificity());
        assert!(p("a/{slug}").specificity() > p("{slug}/b").specificity());
    }

    #[test]
    fn bad_patterns_are_refused() {
        for bad in ["a//b", "/a", "a/", "{name}", "a{slug}", "a b", "é"] {
            assert!(Pattern::compile(&[], bad, Lang::Fr).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn tabs_fill_and_match_by_key() {
        let tabs = Pattern::compile(&["de"], "filme-events/{tab}", Lang::De).unwrap();
        assert_eq!(
            tabs.fill(&Params::tab("book")).as_deref(),
            Some("/de/filme-events/buchen")
        );
        assert_eq!(
            tabs.matches(&["de", "filme-events", "buchen"]),
            Some(Params::tab("book"))
        );
        assert_eq!(tabs.matches(&["de", "filme-events", "book"]), None);
        assert_eq!(tabs.display(), "/de/filme-events/{tab}");
    }
}
