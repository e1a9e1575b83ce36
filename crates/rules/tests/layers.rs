//! The rules library's modules are layers (docs/architecture.md): the model of a game at the
//! bottom, the mechanisms that generate and make moves above it, the text forms of positions,
//! moves and records above those, and the variant-file loader with the registry of built-in games
//! on top. No module refers to one in a higher layer. Test code is left out: a test of a lower
//! layer may well build a built-in game to test on.
//!
//! Read from the source: every `crate::NAME` path outside comments and test modules, and the
//! names inside `use crate::{...}`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The layers, lowest first, and their top-level modules (`lib.rs`).
const LAYERS: [(&str, &[&str]); 4] = [
    (
        "the model",
        &[
            "geometry",
            "betza",
            "random",
            "leak",
            "piece",
            "moves",
            "chess_rules",
            "shogi_rules",
            "drop_rules",
            "layer_kinds",
            "variant",
        ],
    ),
    (
        "the mechanisms",
        &["movegen", "position", "status", "perft"],
    ),
    ("the text forms", &["fen", "notation", "json", "record"]),
    ("the loader and the registry", &["file", "variants"]),
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, ms)| ms.contains(&module))
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir` that is not a test file.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the source directory reads") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs")
            && !path
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with("tests.rs"))
        {
            out.push(path);
        }
    }
}

/// The text of a source file without its comments and without its test module (the inline
/// `#[cfg(test)] mod tests` that ends a file).
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]")
            && lines
                .peek()
                .is_some_and(|next| next.trim_start().starts_with("mod "))
        {
            break;
        }
        let without_comment = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        code.push_str(without_comment);
        code.push('\n');
    }
    code
}

/// The top-level modules a piece of code names through `crate::`.
fn referenced_modules(code: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut found = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `use crate::{a, b::c, d::{e, f}}`: the names at the group's first level.
            let mut depth = 0;
            let mut item_start = true;
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        item_start = true;
                        continue;
                    }
                    c if c.is_whitespace() => continue,
                    _ => {}
                }
                if item_start && depth == 0 {
                    found.insert(ident(&group[j..]));
                    item_start = false;
                }
            }
        } else {
            found.insert(ident(rest));
        }
    }
    found.retain(|m| !m.is_empty());
    found
}

/// The top-level modules `lib.rs` declares.
fn declared_modules() -> Vec<String> {
    let lib = std::fs::read_to_string(src().join("lib.rs")).expect("lib.rs reads");
    lib.lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';').to_string())
        .collect()
}

#[test]
fn every_module_has_a_layer() {
    let modules = declared_modules();
    assert!(
        modules.len() >= 15,
        "lib.rs declares its modules: {modules:?}"
    );
    for m in modules {
        assert!(
            layer_of(&m).is_some(),
            "module `{m}` is in no layer: add it to LAYERS here and to docs/architecture.md"
        );
    }
}

#[test]
fn no_module_refers_to_a_higher_layer() {
    let root = src();
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() > 40, "the sources were found: {}", files.len());
    let mut faults = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&root).expect("under src");
        let top = relative
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .expect("a file name")
            .trim_end_matches(".rs")
            .to_string();
        if top == "lib" {
            continue; // the crate root declares and re-exports every module
        }
        let Some(own) = layer_of(&top) else {
            faults.push(format!(
                "{}: module `{top}` is in no layer",
                relative.display()
            ));
            continue;
        };
        let text = std::fs::read_to_string(&file).expect("a source file reads");
        for used in referenced_modules(&code_of(&text)) {
            match layer_of(&used) {
                Some(l) if l > own => faults.push(format!(
                    "{}: `crate::{used}` ({}) from {}",
                    relative.display(),
                    LAYERS[l].0,
                    LAYERS[own].0
                )),
                Some(_) => {}
                // A re-export of lib.rs (`crate::Position`) names an item, not a module: its
                // module is checked where the item is defined.
                None if used.starts_with(|c: char| c.is_ascii_uppercase()) => {}
                None => faults.push(format!(
                    "{}: `crate::{used}` is no known module",
                    relative.display()
                )),
            }
        }
    }
    assert!(faults.is_empty(), "layering faults:\n{}", faults.join("\n"));
}

#[test]
fn the_reader_finds_references() {
    // The checker itself: grouped and plain paths found, comments and tests left out.
    let code = code_of(
        "use crate::{geometry::Square, piece::{Piece, PieceKind}, variant};\n\
         let x = crate::status::Outcome::Draw; // crate::file in a comment\n\
         #[cfg(test)]\nmod tests {\n    use crate::variants::scirocco;\n}\n",
    );
    let found: Vec<String> = referenced_modules(&code).into_iter().collect();
    assert_eq!(found, ["geometry", "piece", "status", "variant"]);
}
