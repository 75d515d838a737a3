//! No two modules of the crate import each other, directly or through others: the files of
//! `src/` and the paths between them (`crate::…`, `super::…`, `self::…`, a child module's
//! name, a name brought in by `use` of one of these) form a graph without cycles. Handlers
//! take the state, the router takes the handlers, and nothing takes the router.
//!
//! The check reads the source as tokens (comments and literals skipped), not with a Rust
//! parser, so paths inside macros count too. It needs nothing of this crate: another crate can
//! run `module_cycles` on its own `src/`.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

#[test]
fn no_two_modules_import_each_other() {
    assert_no_cycles(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
}

/// The generator's modules too (its page families take the pages' shared parts, the build
/// takes the pages; nothing takes the build). Checked here, with the same reader, rather than
/// in another test binary of the generator's.
#[test]
fn no_two_generator_modules_import_each_other() {
    assert_no_cycles(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../generator/src"));
}

fn assert_no_cycles(src: &Path) {
    let cycles = module_cycles(src);
    assert!(
        cycles.is_empty(),
        "modules of {} importing each other (module = file of src/):\n{}",
        src.display(),
        cycles
            .iter()
            .map(|cycle| format!("  {}", cycle.join(" → ")))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_check_sees_every_kind_of_path_and_nothing_else() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("module-graph-fixture");
    let _ = std::fs::remove_dir_all(&dir);
    let files = [
        ("lib.rs", "mod a; pub mod b; mod c; mod d; mod quiet;"),
        (
            "a.rs",
            "use crate::b::{self, Thing as Other};\nfn f() { let _ = b::x(); }",
        ),
        ("b/mod.rs", "mod child;\npub fn x() { child::y() }"),
        ("b/child.rs", "pub fn y() { super::super::c::z() }"),
        ("c.rs", "use crate::a as first;\npub fn z() { first::f() }"),
        ("d.rs", "fn g() { crate::quiet::h() }"),
        (
            "quiet.rs",
            "// crate::d::g()\n/* crate::d */ const S: &str = \"crate::d\";\n\
             const R: &str = r#\"crate::d\"#; fn h<'a>(_: &'a str) -> char { 'd' }\n\
             #[cfg(test)] mod tests { use super::*; }",
        ),
    ];
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("fixture folder");
        std::fs::write(path, text).expect("fixture file");
    }
    assert_eq!(
        module_cycles(&dir),
        [["a.rs", "b/mod.rs", "b/child.rs", "c.rs", "a.rs"]]
    );
}

/// The cycles of the module graph of the crate whose root is `src/lib.rs` (or `src/main.rs`),
/// as file paths relative to `src`, the first repeated at the end: the shortest way back to
/// each module not already on a reported cycle.
pub fn module_cycles(src: &Path) -> Vec<Vec<String>> {
    let root = ["lib.rs", "main.rs"]
        .iter()
        .map(|name| src.join(name))
        .find(|path| path.exists())
        .expect("src/lib.rs or src/main.rs");
    // The modules reached from the root by `mod name;`, each with its file and tokens.
    let mut files: BTreeMap<Vec<String>, (String, Vec<Token>)> = BTreeMap::new();
    let mut todo = vec![(Vec::new(), root)];
    while let Some((module, file)) = todo.pop() {
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        let tokens = tokens(&text);
        // A child's file is beside a `mod.rs` or the root, else in the folder of the file's name.
        let folder = match file.file_name().and_then(|n| n.to_str()) {
            Some("mod.rs" | "lib.rs" | "main.rs") => file.parent().expect("a folder").into(),
            _ => file.with_extension(""),
        };
        for child in declarations(&module, &tokens, false) {
            let name = child.last().expect("a name");
            let candidates = [
                folder.join(format!("{name}.rs")),
                folder.join(name).join("mod.rs"),
            ];
            if let Some(path) = candidates.into_iter().find(|p| p.exists()) {
                todo.push((child, path));
            }
        }
        let relative = file.strip_prefix(src).expect("under src");
        files.insert(module, (relative.display().to_string(), tokens));
    }
    // Edges: from a file to the file of the longest module prefix of each path it names.
    let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (module, (file, tokens)) in &files {
        let targets = edges.entry(file).or_default();
        for path in references(module, tokens) {
            let target = (0..=path.len())
                .rev()
                .find_map(|n| files.get(&path[..n]))
                .map(|(target, _)| target.as_str());
            if let Some(target) = target.filter(|t| t != file) {
                targets.insert(target);
            }
        }
    }
    // A module in a group is reached back from one of its own targets: the shortest way round.
    let mut cycles: Vec<Vec<String>> = Vec::new();
    for &start in edges.keys() {
        if cycles.iter().any(|c| c.iter().any(|m| m == start)) {
            continue;
        }
        let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
        let mut queue: VecDeque<&str> = VecDeque::from([start]);
        while let Some(at) = queue.pop_front() {
            for &next in &edges[at] {
                if next == start {
                    let mut cycle = vec![start.to_string()];
                    let mut back = at;
                    while back != start {
                        cycle.insert(1, back.to_string());
                        back = came_from[back];
                    }
                    cycle.push(start.to_string());
                    cycles.push(cycle);
                    queue.clear();
                    break;
                }
                if !came_from.contains_key(next) {
                    came_from.insert(next, at);
                    queue.push_back(next);
                }
            }
        }
    }
    cycles
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Ident(String),
    /// `::`
    PathSep,
    Punct(char),
}

/// Identifiers and punctuation; comments, strings, characters, lifetimes and numbers left out.
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let (mut out, mut i) = (Vec::new(), 0);
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let (mut depth, mut j) = (0, i);
            loop {
                if at(j) == '/' && at(j + 1) == '*' {
                    (depth, j) = (depth + 1, j + 2);
                } else if at(j) == '*' && at(j + 1) == '/' {
                    (depth, j) = (depth - 1, j + 2);
                    if depth == 0 {
                        break;
                    }
                } else if j >= chars.len() {
                    break;
                } else {
                    j += 1;
                }
            }
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' {
            // A character ('x', '\n', '\u{1F600}') or a lifetime ('a).
            if at(i + 1) == '\\' {
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
            }
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while at(i).is_alphanumeric() || at(i) == '_' {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let hashes = (i..).take_while(|&j| at(j) == '#').count();
            if matches!(word.as_str(), "r" | "br" | "cr") && at(i + hashes) == '"' {
                // A raw string: up to a quote followed by as many hashes.
                i += hashes + 1;
                while i < chars.len()
                    && !(chars[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#'))
                {
                    i += 1;
                }
                i += hashes + 1;
            } else if word == "r" && hashes == 1 {
                i += 1; // a raw identifier: the word follows
            } else if !c.is_ascii_digit() {
                out.push(Token::Ident(word));
            }
        } else if c == ':' && at(i + 1) == ':' {
            out.push(Token::PathSep);
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push(Token::Punct(c));
            }
            i += 1;
        }
    }
    out
}

/// The module each token is in: `module`, or an inline `mod name { … }` within it.
fn scopes(module: &[String], tokens: &[Token]) -> Vec<Vec<String>> {
    let mut stack: Vec<(Vec<String>, usize)> = vec![(module.to_vec(), 0)];
    let (mut depth, mut scopes) = (0, Vec::with_capacity(tokens.len()));
    for (i, token) in tokens.iter().enumerate() {
        match token {
            Token::Punct('{') => {
                depth += 1;
                if let (Some(Token::Ident(m)), Some(Token::Ident(name))) = (
                    i.checked_sub(2).map(|j| &tokens[j]),
                    i.checked_sub(1).map(|j| &tokens[j]),
                ) {
                    if m == "mod" {
                        let mut inner = stack.last().expect("a scope").0.clone();
                        inner.push(name.clone());
                        stack.push((inner, depth));
                    }
                }
            }
            Token::Punct('}') => {
                if stack.len() > 1 && stack.last().expect("a scope").1 == depth {
                    stack.pop();
                }
                depth -= 1;
            }
            _ => {}
        }
        scopes.push(stack.last().expect("a scope").0.clone());
    }
    scopes
}

/// The modules declared in the file: `mod name;` only, or inline ones too.
fn declarations(module: &[String], tokens: &[Token], inline: bool) -> Vec<Vec<String>> {
    let scopes = scopes(module, tokens);
    (1..tokens.len().saturating_sub(1))
        .filter_map(|i| match (&tokens[i - 1], &tokens[i], &tokens[i + 1]) {
            (Token::Ident(m), Token::Ident(name), Token::Punct(end))
                if m == "mod" && (*end == ';' || (inline && *end == '{')) =>
            {
                let mut path = scopes[i].clone();
                path.push(name.clone());
                Some(path)
            }
            _ => None,
        })
        .collect()
}

/// The paths of this crate the file names, from the crate root.
fn references(module: &[String], tokens: &[Token]) -> Vec<Vec<String>> {
    let scopes = scopes(module, tokens);
    let children: BTreeSet<Vec<String>> = declarations(module, tokens, true).into_iter().collect();
    let mut aliases: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut found = Vec::new();
    // A path's first word, from the crate root, if it names something of this crate.
    let start = |word: &str, scope: &Vec<String>, aliases: &BTreeMap<String, Vec<String>>| {
        let mut child = scope.clone();
        child.push(word.to_string());
        match word {
            "crate" => Some(Vec::new()),
            "self" => Some(scope.clone()),
            "super" => Some(scope[..scope.len().saturating_sub(1)].to_vec()),
            _ if children.contains(&child) => Some(child),
            _ => aliases.get(word).cloned(),
        }
    };
    let mut i = 0;
    while i < tokens.len() {
        let after_sep = i > 0 && matches!(tokens[i - 1], Token::PathSep | Token::Punct('$'));
        match &tokens[i] {
            // A `use` item (not the `+ use<'a>` of a return type).
            Token::Ident(word)
                if word == "use" && (i == 0 || tokens[i - 1] != Token::Punct('+')) =>
            {
                let end = (i..tokens.len())
                    .find(|&j| tokens[j] == Token::Punct(';'))
                    .unwrap_or(tokens.len());
                let mut leaves = Vec::new();
                use_tree(&tokens[i + 1..end], Vec::new(), &mut leaves);
                for (alias, path) in leaves {
                    let Some(first) = path.first() else { continue };
                    let Some(mut absolute) = start(first, &scopes[i], &aliases) else {
                        continue;
                    };
                    for word in &path[1..] {
                        match word.as_str() {
                            "super" => {
                                absolute.pop();
                            }
                            "self" => {}
                            _ => absolute.push(word.clone()),
                        }
                    }
                    if let Some(alias) = alias {
                        aliases.insert(alias, absolute.clone());
                    }
                    found.push(absolute);
                }
                i = end;
            }
            Token::Ident(word) if !after_sep && tokens.get(i + 1) == Some(&Token::PathSep) => {
                if let Some(mut absolute) = start(word, &scopes[i], &aliases) {
                    let mut j = i + 1;
                    while let (Some(Token::PathSep), Some(Token::Ident(next))) =
                        (tokens.get(j), tokens.get(j + 1))
                    {
                        match next.as_str() {
                            "super" => {
                                absolute.pop();
                            }
                            _ => absolute.push(next.clone()),
                        }
                        j += 2;
                    }
                    found.push(absolute);
                    i = j;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// The leaves of a `use` tree: the name each brings in (none for `*`) and its path.
fn use_tree(
    tokens: &[Token],
    prefix: Vec<String>,
    leaves: &mut Vec<(Option<String>, Vec<String>)>,
) {
    let mut path = prefix.clone();
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            Token::Ident(word) if word == "as" => {
                if let Some(Token::Ident(alias)) = tokens.get(i + 1) {
                    let alias = (alias != "_").then(|| alias.clone());
                    leaves.push((alias, std::mem::take(&mut path)));
                }
                i += 2;
                continue;
            }
            Token::Ident(word) => path.push(word.clone()),
            Token::Punct('*') => leaves.push((None, std::mem::take(&mut path))),
            Token::Punct('{') => {
                // Up to the matching brace, split at the commas of this level.
                let (mut depth, mut from) = (0, i + 1);
                for j in i..tokens.len() {
                    match tokens[j] {
                        Token::Punct('{') => depth += 1,
                        Token::Punct('}') | Token::Punct(',') if depth == 1 => {
                            use_tree(&tokens[from..j], path.clone(), leaves);
                            from = j + 1;
                            if tokens[j] == Token::Punct('}') {
                                i = j;
                                break;
                            }
                        }
                        Token::Punct('}') => depth -= 1,
                        _ => {}
                    }
                }
                path.clear();
            }
            _ => {}
        }
        i += 1;
    }
    if !path.is_empty() && path != prefix {
        // `a::b` brings in `b`; `a::{self}` brings in `a`.
        if path.last().is_some_and(|n| n == "self") {
            path.pop();
        }
        leaves.push((path.last().cloned(), path));
    }
}
