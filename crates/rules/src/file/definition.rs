//! A game's definition hash: a short fingerprint of everything that decides how the game plays
//! and how its records read. Every record carries it (`[VariantHash "3fa9c2e01b7d"]`, record.rs),
//! so that a record made under one definition of a game is refused, never silently replayed,
//! under a changed one (issue 32; docs/variants.md, "Definition hash"; docs/notation.md).
//!
//! The hash is the first 12 hex digits of SHA-256 over a canonical text made from the compiled
//! `Variant`, not from a file's text: comments, whitespace, key order, the order of a setup's
//! items and defaults written out or left out cannot change it, and a built-in game hashes as the
//! file `game_to_toml` writes of it, read back. The canonical text is JSON with its keys sorted,
//! written here rather than by a map's own order (which a serde feature elsewhere in a build could
//! change). It covers the game's id, the board, the promotion zones and the board-dependent
//! promotion rule, the `[rules]` flags, the arrays (a built-in game's by its id; a file's own
//! square by square) and every piece type: abbreviation, Betza string as written, hooks with their
//! parameters, royal, promotion, promoted, latent powers, aliases and optional capture. Left out
//! is what a designer may change without changing a single game: the title, each piece's name and
//! description (prose), and a piece's engine value where a file gives one (an estimate, not a
//! rule).
//!
//! A game on the 12x8 game's rules layer (`[game] layer`) is hashed with `"chess": "larger-board"`
//! naming the layer. Code behind a name — a built-in game's array builder, a hook's generator,
//! the layer — is not hashed: changing it changes Jovian, not a definition.

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use super::game::{arrays_of, zone_ranks};
use super::piece::PieceEntry;
use crate::geometry::Color;
use crate::variant::Variant;

/// Names the canonical form: a change to what it covers is a new scheme, and changes every hash.
const SCHEME: &str = "jovian-definition-1";

/// Hex digits of the hash records carry: 48 bits, enough that two definitions of one game never
/// meet by chance, short enough to read and compare by eye.
pub const HASH_DIGITS: usize = 12;

/// A piece entry's keys that decide nothing of the game: its name and description are prose, and
/// a value is the engine's estimate of its worth (when a file gives one), not a rule.
const NOT_RULES: [&str; 3] = ["name", "description", "value"];

impl Variant {
    /// A short, stable hash of everything that decides how the game plays and how its records
    /// read (this module): records carry it, so that one made under another definition of the
    /// game is refused rather than replayed. Computed once per variant, on first use (call it
    /// on the finished variant, after the `with_` settings). Defined here, with the canonical
    /// text, because the model below knows nothing of the file format.
    pub fn definition_hash(&self) -> &str {
        self.definition_hash.get_or_init(|| hash(self))
    }

    /// Whether a record made under definition `hash` replays here: it is this definition's, or
    /// one of the game's former hashes (`[game] former_hashes`: the same rules written
    /// otherwise).
    pub fn plays_definition(&self, hash: &str) -> bool {
        hash.eq_ignore_ascii_case(self.definition_hash())
            || self
                .former_hashes
                .iter()
                .any(|h| h.eq_ignore_ascii_case(hash))
    }
}

/// The definition hash of a game (`Variant::definition_hash` keeps it once computed).
pub fn hash(v: &Variant) -> String {
    let digest = Sha256::digest(canonical_text(v).as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    hex[..HASH_DIGITS].to_string()
}

/// The canonical text the hash is taken over (docs/variants.md, "Definition hash").
pub fn canonical_text(v: &Variant) -> String {
    let pieces: Vec<Value> = v
        .pieces
        .iter()
        .map(|spec| {
            let mut entry =
                serde_json::to_value(PieceEntry::of(spec)).expect("a piece entry is plain data");
            if let Value::Object(fields) = &mut entry {
                for key in NOT_RULES {
                    fields.remove(key);
                }
            }
            entry
        })
        .collect();
    let mut definition = json!({
        "scheme": SCHEME,
        "id": v.id,
        "board": {
            "files": v.geometry.width,
            "ranks": v.geometry.height,
            "promotion_ranks": [zone_ranks(v, Color::Blue), zone_ranks(v, Color::Tan)],
        },
        "promotion": v.promotion_rule,
        "rules": {
            "royal_capture_loses": v.rules.royal_capture_loses,
            "bare_piece_loses": v.rules.bare_piece_loses,
            "third_repetition_illegal": v.rules.third_repetition_illegal,
        },
        "setup": setup(v),
        "pieces": pieces,
    });
    if v.powers {
        definition["chess"] = json!(crate::variants::larger_board::LAYER);
    }
    let shogi_rules =
        v.rules.promotion_moves != Default::default() || v.rules.lion_trading.is_some();
    if v.chess_rules.is_some() || shogi_rules {
        // Only games with the check rules or the shogi rules carry the whole section: every
        // other game's hash is unchanged.
        definition["rules"] =
            serde_json::to_value(super::chess::rules_section(v)).expect("the rules are plain data");
    }
    if let Some(drops) = super::drops::drops_section(v) {
        definition["drops"] = serde_json::to_value(drops).expect("the drop rules are plain data");
    }
    if v.chess_rules.is_some() {
        definition["castling"] = serde_json::to_value(super::chess::castling_entries(v))
            .expect("castlings are plain data");
        definition["sides"] = json!(v.side_letters.map(String::from));
    }
    let mut out = String::new();
    write_sorted(&definition, &mut out);
    out
}

/// The arrays: a built-in game's by its id, a file's own as its sorted placements.
fn setup(v: &Variant) -> Value {
    if !v.fixed_array.is_empty() {
        let mut array: Vec<String> = (v.fixed_array.iter())
            .map(|&(color, kind, sq)| {
                format!("{} {} {}", color.name(), v.abbr(kind), v.square_name(sq))
            })
            .collect();
        array.sort_unstable();
        return json!({ "array": array });
    }
    match arrays_of(v) {
        Some(builtin) => json!({ "builtin": builtin }),
        // A variant built in a test from a `SetupRule` of its own: its rule's own words.
        None => json!({ "default": v.setups.default, "help": v.setups.help }),
    }
}

/// `value` as compact JSON with every object's keys in sorted order.
fn write_sorted(value: &Value, out: &mut String) {
    match value {
        Value::Object(fields) => {
            let mut keys: Vec<&String> = fields.keys().collect();
            keys.sort_unstable();
            out.push('{');
            for (i, key) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                write_sorted(&fields[key], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_sorted(item, out);
            }
            out.push(']');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::{game_from_toml, game_to_toml};

    #[test]
    fn a_built_in_game_and_its_file_read_back_have_one_hash() {
        for v in Variant::all() {
            let back = game_from_toml(&game_to_toml(v).unwrap()).unwrap();
            assert_eq!(canonical_text(back), canonical_text(v), "{}", v.id);
            assert_eq!(back.definition_hash(), v.definition_hash(), "{}", v.id);
        }
    }

    /// Pinned: the hash is the same in every build and on every machine, and a change to a
    /// built-in game's table shows here first (its records made before then are refused after).
    #[test]
    fn the_built_in_games_hashes_are_pinned() {
        let hashes: Vec<(&str, &str)> = Variant::all()
            .into_iter()
            .map(|v| (v.id, v.definition_hash()))
            .collect();
        assert_eq!(hashes, PINNED);
    }

    const PINNED: [(&str, &str); 5] = [
        ("scirocco", "7491ce879bc2"),
        ("typhoon", "8faf722a0740"),
        ("jupiter", "adc7d8108bc5"),
        ("jupiter-1999", "8783d7d61a39"),
        ("larger-board", "2dc75d80088f"),
    ];

    #[test]
    fn the_12x8_game_is_hashed_with_its_chess_layer_named() {
        let v = Variant::by_id("larger-board").unwrap();
        assert!(canonical_text(v).contains(r#""chess":"larger-board""#));
        assert!(!canonical_text(Variant::by_id("scirocco").unwrap()).contains(r#""chess""#));
        assert_eq!(hash(v), v.definition_hash());
    }

    /// A 6x6 game with a hook, a latent power, an alias and a promotion.
    const PILGRIMS: &str = include_str!("../../tests/data/pilgrims.toml");

    /// PILGRIMS written otherwise: comments, blank lines and spacing, sections and keys in
    /// another order, the setup's items in another order, defaults written out.
    const PILGRIMS_REWRITTEN: &str = r#"
# The same game, as another designer might type it.
[rules]
third_repetition_illegal = true   # a third repetition may not be made
bare_piece_loses  =  false
royal_capture_loses = true

[game]
title = "Pilgrims"
id = "pilgrims"

[setup]
symmetry = "mirror"
blue = [ "P d2", "P c2", "Gu b1", "Pi d1", "K c1" ]

[board]
promotion_ranks = [ [6], [1] ]
ranks = 6
files = 6

[[piece]]
abbr = "K"
royal = true
betza = "K"
name = "King"
description = "One step any way."
optional_capture = false

[[piece]]
aliases = ["Pil"]
hooks = [ { igui = "orthogonal" } ]
betza = "FD"
abbr = "Pi"
name = "Pilgrim"
promoted = false

[[piece]]


abbr = "Gu"
name = "Guard"
latent = ["immobilizes"]
betza = "W"

[[piece]]
promotes = "Pi"
name = "Pawn"
abbr = "P"
betza = "mfWcfF"
"#;

    fn hash_of(text: &str) -> String {
        let v = game_from_toml(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        hash(v)
    }

    #[test]
    fn comments_whitespace_and_order_do_not_change_the_hash() {
        assert_eq!(hash_of(PILGRIMS_REWRITTEN), hash_of(PILGRIMS));
        // And the game written back from either is hashed the same.
        let written = game_to_toml(game_from_toml(PILGRIMS_REWRITTEN).unwrap()).unwrap();
        assert_eq!(hash_of(&written), hash_of(PILGRIMS));
    }

    #[test]
    fn any_change_to_the_rules_changes_the_hash_and_prose_does_not() {
        let base = hash_of(PILGRIMS);
        let changed = |from: &str, to: &str| {
            let text = PILGRIMS.replace(from, to);
            assert_ne!(text, PILGRIMS, "{from}");
            hash_of(&text)
        };
        for (from, to) in [
            ("betza = \"FD\"", "betza = \"FN\""),
            ("igui = \"orthogonal\"", "igui = \"diagonal\""),
            ("latent = [\"immobilizes\"]", "latent = [\"poisonous\"]"),
            ("aliases = [\"Pil\"]", "aliases = [\"Pgr\"]"),
            ("promotes = \"Pi\"", "promotes = \"Gu\""),
            (
                "aliases = [\"Pil\"]",
                "aliases = [\"Pil\"]\noptional_capture = true",
            ),
            ("betza = \"W\"", "betza = \"W\"\npromoted = true"),
            (
                "third_repetition_illegal = true",
                "third_repetition_illegal = false",
            ),
            ("bare_piece_loses = false", "bare_piece_loses = true"),
            (
                "promotion_ranks = [[6], [1]]",
                "promotion_ranks = [[5, 6], [1, 2]]",
            ),
            ("\"Gu b1\"", "\"Gu a1\""),
            ("symmetry = \"mirror\"", "symmetry = \"rotational\""),
            ("files = 6", "files = 7"),
            ("id = \"pilgrims\"", "id = \"pilgrims-2\""),
        ] {
            assert_ne!(changed(from, to), base, "{from} -> {to}");
        }
        // An abbreviation is how records name the type.
        assert_ne!(changed("Gu", "Gd"), base);
        for (from, to) in [
            ("title = \"Pilgrims\"", "title = \"The Pilgrims\""),
            ("name = \"Pilgrim\"", "name = \"Palmer\""),
            (
                "description = \"One step any way.\"",
                "description = \"A step.\"",
            ),
        ] {
            assert_eq!(changed(from, to), base, "{from} -> {to}");
        }
    }

    #[test]
    fn the_canonical_text_sorts_every_object_s_keys() {
        let mut out = String::new();
        write_sorted(&json!({"b": [{"z": 1, "a": null}], "a": "x\"y"}), &mut out);
        assert_eq!(out, r#"{"a":"x\"y","b":[{"a":null,"z":1}]}"#);
    }
}
