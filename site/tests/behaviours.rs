//! Keeps `docs/behaviours.md` true: every reference it makes, written as a code span naming a
//! file followed by a code span naming what the file defines (`` `path` `name` ``), must point
//! to an existing file that defines that name. Rust names are read as `fn`, `struct`, `enum`,
//! `const`, `static`, `type`, `trait` or `mod` items (`A::b` checks each part); TypeScript and
//! JavaScript names as `function`, `const`, `class`, `interface` or `type` declarations, or as the
//! title of an `it(…)`, `test(…)` or `describe(…)` call. Plain text search, std only.

use std::fs;
use std::path::{Path, PathBuf};

const DOC: &str = "docs/behaviours.md";

/// Fewer references than this means the document was emptied or its form broken.
const MIN_REFERENCES: usize = 60;

const EXTENSIONS: [&str; 5] = [".rs", ".ts", ".tsx", ".mjs", ".js"];

#[derive(Debug, PartialEq)]
struct Reference {
    line: usize,
    path: String,
    name: String,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the site crate lives in the workspace")
        .to_path_buf()
}

fn is_path(span: &str) -> bool {
    span.contains('/')
        && !span.contains(char::is_whitespace)
        && EXTENSIONS.iter().any(|ext| span.ends_with(ext))
}

/// The code spans of a line, in order, with the text that follows each.
fn code_spans(line: &str) -> Vec<(&str, &str)> {
    let mut spans = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('`') else { break };
        spans.push((&after[..end], &after[end + 1..]));
        rest = &after[end + 1..];
    }
    spans
}

/// Every `` `path` `name` `` pair of the document; a path span without a name span right after
/// it is an error (the form is strict, so that nothing is silently left unchecked).
fn references(doc: &str) -> (Vec<Reference>, Vec<String>) {
    let mut refs = Vec::new();
    let mut errors = Vec::new();
    for (i, line) in doc.lines().enumerate() {
        let spans = code_spans(line);
        let mut k = 0;
        while k < spans.len() {
            let (span, after) = spans[k];
            if !is_path(span) {
                k += 1;
                continue;
            }
            let next = spans.get(k + 1);
            match next {
                Some((name, _)) if after.starts_with(" `") && !is_path(name) => {
                    refs.push(Reference {
                        line: i + 1,
                        path: span.to_string(),
                        name: name.to_string(),
                    });
                    k += 2;
                }
                _ => {
                    errors.push(format!(
                        "{DOC}:{}: `{span}` is not followed by the name it defines",
                        i + 1
                    ));
                    k += 1;
                }
            }
        }
    }
    (refs, errors)
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

/// Whether `text` holds `keyword`, whitespace, then `name` as a whole word, the keyword itself
/// starting a word.
fn declares(text: &str, keyword: &str, name: &str) -> bool {
    let mut from = 0;
    while let Some(at) = text[from..].find(keyword) {
        let start = from + at;
        from = start + keyword.len();
        if text[..start].chars().next_back().is_some_and(is_ident_char) {
            continue;
        }
        let rest = &text[from..];
        let trimmed = rest.trim_start();
        if trimmed.len() == rest.len() {
            continue;
        }
        if let Some(tail) = trimmed.strip_prefix(name) {
            if !tail.chars().next().is_some_and(is_ident_char) {
                return true;
            }
        }
    }
    false
}

fn rust_defines(text: &str, name: &str) -> bool {
    const KEYWORDS: [&str; 8] = [
        "fn", "struct", "enum", "const", "static", "type", "trait", "mod",
    ];
    !name.is_empty()
        && name.split("::").all(|part| {
            !part.is_empty()
                && part.chars().all(is_ident_char)
                && KEYWORDS.iter().any(|k| declares(text, k, part))
        })
}

fn script_defines(text: &str, name: &str) -> bool {
    const KEYWORDS: [&str; 5] = ["function", "const", "class", "interface", "type"];
    let identifier = !name.is_empty() && name.chars().all(is_ident_char);
    if identifier && KEYWORDS.iter().any(|k| declares(text, k, name)) {
        return true;
    }
    ["it(", "test(", "describe("].iter().any(|call| {
        ['"', '\'', '`'].iter().any(|q| {
            let needle = format!("{call}{q}{name}{q}");
            text.match_indices(&needle).any(|(at, _)| {
                !text[..at].chars().next_back().is_some_and(is_ident_char)
                    && !text[..at].ends_with('.')
            })
        })
    })
}

fn defines(path: &str, text: &str, name: &str) -> bool {
    if path.ends_with(".rs") {
        rust_defines(text, name)
    } else {
        script_defines(text, name)
    }
}

fn check(root: &Path, doc: &str) -> (usize, Vec<String>) {
    let (refs, mut errors) = references(doc);
    for r in &refs {
        let file = root.join(&r.path);
        match fs::read_to_string(&file) {
            Err(_) => errors.push(format!("{DOC}:{}: no file `{}`", r.line, r.path)),
            Ok(text) if !defines(&r.path, &text, &r.name) => errors.push(format!(
                "{DOC}:{}: `{}` does not define `{}`",
                r.line, r.path, r.name
            )),
            Ok(_) => {}
        }
    }
    (refs.len(), errors)
}

#[test]
fn every_reference_of_the_behaviours_doc_names_a_real_definition() {
    let root = root();
    let doc = fs::read_to_string(root.join(DOC)).expect("docs/behaviours.md exists");
    let (count, errors) = check(&root, &doc);
    assert!(
        errors.is_empty(),
        "{} broken reference(s) in {DOC}:\n{}",
        errors.len(),
        errors.join("\n")
    );
    assert!(
        count >= MIN_REFERENCES,
        "{DOC} has {count} references; at least {MIN_REFERENCES} expected"
    );
}

#[test]
fn the_checker_finds_definitions_and_refuses_look_alikes() {
    let rust = "pub fn format_duration(m: u32) {}\nstruct Filters;\nimpl Filters { pub fn parse() {} }\nasync fn go() {}\n// fn in_comment_too_is_text\nlet refn x = 1;";
    assert!(rust_defines(rust, "format_duration"));
    assert!(rust_defines(rust, "Filters::parse"));
    assert!(rust_defines(rust, "go"));
    assert!(!rust_defines(rust, "format"));
    assert!(!rust_defines(rust, "x"));
    assert!(!rust_defines(rust, "Filters::format"));
    assert!(!rust_defines(rust, ""));

    let ts = "export const MIN = 3;\nexport function nearestCinemas() {}\ninterface Props {}\nit(\"keeps 3\", () => {});\ntest('axe: home', t);\nsubmit(\"not a test\");\nfoo.it(\"nor this\");";
    assert!(script_defines(ts, "MIN"));
    assert!(script_defines(ts, "nearestCinemas"));
    assert!(script_defines(ts, "Props"));
    assert!(script_defines(ts, "keeps 3"));
    assert!(script_defines(ts, "axe: home"));
    assert!(!script_defines(ts, "keeps"));
    assert!(!script_defines(ts, "not a test"));
    assert!(!script_defines(ts, "nor this"));
    assert!(!script_defines(ts, "nearest"));

    let doc = "| a | `site/src/x.rs` `f`; `islands/src/y.ts` `it says \"so\"` |\n`site/src/z.rs` alone, `not/a path` `x`\n";
    let (refs, errors) = references(doc);
    assert_eq!(
        refs,
        vec![
            Reference {
                line: 1,
                path: "site/src/x.rs".into(),
                name: "f".into()
            },
            Reference {
                line: 1,
                path: "islands/src/y.ts".into(),
                name: "it says \"so\"".into()
            },
        ]
    );
    assert_eq!(errors.len(), 1, "{errors:?}");
}
