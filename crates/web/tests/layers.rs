//! The server's modules read as layers (docs/web.md, "How it is built"): a game's own state and
//! rules of play at the bottom, the engine scheduler and the store above them, the HTTP side on
//! top. No module refers to one of a higher layer, and no modules refer to each other in a
//! circle. Read from the sources: every `crate::name` outside a comment is a reference.

use std::collections::{BTreeMap, BTreeSet};

/// Each module's layer: 1 the game and its rules of play, 2 the scheduler and the store, 3 the
/// server (state, HTTP, pages). A module missing here fails the test, so a new one is placed.
const LAYERS: &[(&str, u8)] = &[
    ("clock", 1),
    ("engine_link", 1),
    ("game", 1),
    ("offers", 1),
    ("presence", 1),
    ("seats", 1),
    ("words", 1),
    ("dir_lock", 2),
    ("store", 2),
    ("shared", 2),
    ("commits", 2),
    ("table", 2),
    ("engine_pool", 2),
    ("engine_task", 2),
    ("state", 3),
    ("analysis", 3),
    ("api", 3),
    ("assets", 3),
    ("catalogue", 3),
    ("connections", 3),
    ("diagram", 3),
    ("editor", 3),
    ("guard", 3),
    ("lab", 3),
    ("lab_runs", 3),
    ("ratelimit", 3),
    ("reply", 3),
    ("rules_page", 3),
    ("seat_header", 3),
    ("security", 3),
    ("shutdown", 3),
    ("variant_view", 3),
];

/// The modules each module of `src/` refers to (`crate::x`, outside comments).
fn references() -> BTreeMap<String, BTreeSet<String>> {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if path.extension().is_none_or(|e| e != "rs") || name == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut refs = BTreeSet::new();
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for (at, _) in line.match_indices("crate::") {
                let rest = &line[at + 7..];
                let module: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                    .collect();
                if !module.is_empty() && module != name {
                    refs.insert(module);
                }
            }
        }
        out.insert(name, refs);
    }
    out
}

#[test]
fn no_module_refers_to_a_higher_layer_or_in_a_circle() {
    let layer: BTreeMap<&str, u8> = LAYERS.iter().copied().collect();
    let refs = references();
    assert!(
        refs.contains_key("game") && refs.contains_key("api"),
        "{refs:?}"
    );
    let mut wrong = Vec::new();
    for (module, uses) in &refs {
        let Some(&own) = layer.get(module.as_str()) else {
            wrong.push(format!("{module} has no layer in tests/layers.rs"));
            continue;
        };
        for used in uses {
            // Items of the crate root (`crate::WebError`) are not modules: lower case only.
            if let Some(&theirs) = layer.get(used.as_str())
                && theirs > own
            {
                wrong.push(format!(
                    "{module} (layer {own}) refers to {used} (layer {theirs})"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // No circle: a depth-first walk never meets a module on its own path.
    fn walk<'a>(
        m: &'a str,
        refs: &'a BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<String> {
        if let Some(at) = path.iter().position(|&p| p == m) {
            return Some(format!("{} -> {m}", path[at..].join(" -> ")));
        }
        if !done.insert(m) {
            return None;
        }
        path.push(m);
        for next in refs.get(m).into_iter().flatten() {
            if refs.contains_key(next.as_str())
                && let Some(circle) = walk(next, refs, path, done)
            {
                return Some(circle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    for m in refs.keys() {
        let circle = walk(m, &refs, &mut Vec::new(), &mut done);
        assert!(circle.is_none(), "modules in a circle: {}", circle.unwrap());
    }
}
