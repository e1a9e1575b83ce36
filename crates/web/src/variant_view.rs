//! A game as `GET /api/variants` describes it to the browser: its board, file letters, setups
//! and the pairs of the setup choice, and every piece type with its description and its movement
//! diagram (crate::diagram) — the same for a built-in game and for a variant file's.

use std::sync::OnceLock;

use axum::body::Bytes;
use jovian_rules::{Color, Square, Variant};
use serde::Serialize;

use crate::diagram::{Diagram, diagram};

#[derive(Serialize, Clone)]
struct PieceInfo {
    abbr: &'static str,
    name: &'static str,
    description: &'static str,
    promotes_to: Option<&'static str>,
    /// Every type it may choose to promote to, when it has several (`promotes_to` first).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    promotion_choices: Vec<&'static str>,
    /// The type it may turn into after any of its own moves or instead of moving (a flip
    /// piece, `PieceSpec::flips_to`).
    #[serde(skip_serializing_if = "Option::is_none")]
    flips_to: Option<&'static str>,
    /// The only types that may capture it (`PieceSpec::captured_only_by`); empty for a piece
    /// any enemy may take.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    captured_only_by: Vec<&'static str>,
    promoted: bool,
    royal: bool,
    diagram: Diagram,
    /// The other types that move exactly like this one (`diagram::likeness`).
    moves_like: Vec<&'static str>,
}

#[derive(Serialize, Clone)]
struct PairInfo {
    first: &'static str,
    second: &'static str,
    left: String,
    right: String,
}

#[derive(Serialize, Clone)]
pub struct VariantInfo {
    id: &'static str,
    title: &'static str,
    /// The name of the variant file the game was read from (`--variants DIR`): the browser says
    /// it is a designer's file; `null` for a built-in game.
    file: Option<String>,
    width: u8,
    height: u8,
    files: Vec<String>,
    default_setup: &'static str,
    setup_help: &'static str,
    pairs: Vec<PairInfo>,
    pieces: Vec<PieceInfo>,
    /// The game has pieces in hand (drops).
    hands: bool,
    sides: [&'static str; 2],
}

fn describe(v: &'static Variant, file: Option<&str>) -> VariantInfo {
    let g = &v.geometry;
    let files = (0..g.width)
        .map(|f| {
            let name = v.square_name(Square::new(f, 0));
            name.trim_end_matches(|c: char| c.is_ascii_digit())
                .to_string()
        })
        .collect();
    let pairs = v
        .setups
        .pairs
        .iter()
        .map(|&(first, second, left, rank)| PairInfo {
            first,
            second,
            left: v.square_name(Square::new(left, rank)),
            right: v.square_name(Square::new(g.width - 1 - left, rank)),
        })
        .collect();
    let alike = crate::diagram::likeness::alike(v);
    let pieces = v
        .kinds()
        .zip(alike)
        .map(|(k, moves_like)| {
            let spec = v.spec(k);
            PieceInfo {
                abbr: spec.abbr,
                name: spec.name,
                description: spec.description,
                promotes_to: spec.promotes_to,
                promotion_choices: if spec.also_promotes_to.is_empty() {
                    Vec::new()
                } else {
                    (spec.promotes_to.iter().chain(&spec.also_promotes_to))
                        .copied()
                        .collect()
                },
                flips_to: spec.flips_to,
                captured_only_by: spec.captured_only_by.clone(),
                promoted: spec.promoted,
                royal: spec.royal,
                diagram: diagram(v, k),
                moves_like,
            }
        })
        .collect();
    VariantInfo {
        id: v.id,
        title: v.title,
        file: file.map(str::to_string),
        width: g.width,
        height: g.height,
        files,
        default_setup: v.setups.default,
        setup_help: v.setups.help,
        pairs,
        pieces,
        hands: v.powers || v.rules.drops.is_some(),
        sides: [v.side_title(Color::Blue), v.side_title(Color::Tan)],
    }
}

/// The game's description; `file` names the variant file it was read from. The built-in games'
/// are made once for the process, all together (a few hundred thousand move generations, about
/// a second in a release build): every server of the process shows them.
pub fn info(v: &'static Variant, file: Option<&str>) -> VariantInfo {
    static BUILTIN: OnceLock<Vec<VariantInfo>> = OnceLock::new();
    let builtin = Variant::all();
    match builtin.iter().position(|b| std::ptr::eq(*b, v)) {
        Some(i) if file.is_none() => {
            BUILTIN.get_or_init(|| builtin.iter().map(|b| describe(b, None)).collect())[i].clone()
        }
        _ => describe(v, file),
    }
}

/// The JSON list of these descriptions.
pub fn list_json(infos: &[VariantInfo]) -> Bytes {
    // Plain structs of strings, numbers and lists always serialize; the empty list is a guard.
    Bytes::from(serde_json::to_vec(infos).unwrap_or_else(|_| b"[]".to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A flip piece's description says what it turns into (the panel's words come from it).
    #[test]
    fn a_flip_piece_is_described_with_its_other_type() {
        let text = include_str!("../../rules/tests/data/flippers.toml");
        let v = jovian_rules::file::game_from_toml(text).unwrap();
        let json = serde_json::to_value(info(v, Some("flippers.toml"))).unwrap();
        let flips: Vec<&serde_json::Value> = (json["pieces"].as_array().unwrap().iter())
            .map(|p| &p["flips_to"])
            .collect();
        assert_eq!(flips, [&serde_json::Value::Null, &"V".into(), &"C".into()]);
    }

    /// A piece only some types may capture lists them (the panel says so); the others carry
    /// no such list.
    #[test]
    fn a_guarded_piece_is_described_with_its_captors() {
        let text = include_str!("../../rules/tests/data/sentinels.toml");
        let v = jovian_rules::file::game_from_toml(text).unwrap();
        let json = serde_json::to_value(info(v, Some("sentinels.toml"))).unwrap();
        let captors: Vec<&serde_json::Value> = (json["pieces"].as_array().unwrap().iter())
            .map(|p| &p["captured_only_by"])
            .collect();
        let none = &serde_json::Value::Null;
        let guarded = serde_json::json!(["K", "N"]);
        assert_eq!(captors, [none, none, none, none, &guarded]);
    }
}
