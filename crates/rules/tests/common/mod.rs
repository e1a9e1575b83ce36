//! Helpers for the hand-written Scirocco tests: composing positions and naming moves so that
//! expected move sets can be written out as text; and for tests that edit a variant file's text.
#![allow(dead_code)]

use jovian_rules::variants::scirocco;
use jovian_rules::{Color, Move, MoveKind, Position, Setup, Square, Variant};

pub fn v() -> &'static Variant {
    scirocco::variant()
}

pub fn sq(name: &str) -> Square {
    v().geometry
        .parse_square(name)
        .unwrap_or_else(|| panic!("bad square {name}"))
}

/// Pieces written `"Kb1 Deg5 Pf4"`: abbreviation then square.
pub fn placements(color: Color, list: &str) -> Vec<(Color, jovian_rules::PieceKind, Square)> {
    list.split_whitespace()
        .map(|token| {
            let digits = token.trim_end_matches(|c: char| c.is_ascii_digit());
            let cut = digits.len() - 1;
            let kind = v()
                .kind_by_abbr(&token[..cut])
                .unwrap_or_else(|| panic!("bad piece {token}"));
            (color, kind, sq(&token[cut..]))
        })
        .collect()
}

/// A composed Scirocco position.
pub fn position(blue: &str, tan: &str, to_move: Color) -> Position {
    let mut pieces = placements(Color::Blue, blue);
    pieces.extend(placements(Color::Tan, tan));
    Position::from_setup(&Setup {
        variant: v(),
        pieces,
        to_move,
        chess: None,
    })
    .expect("valid composed position")
}

/// A move as text: `e6` (to an empty square), `xe6` (capture), `xf6-g7` (hop capture over f6),
/// `x!d6` (igui), an `r:` prefix for a relayed move, and `=Ta` for a promotion.
pub fn label(pos: &Position, m: Move) -> String {
    let name = |s: Square| pos.variant().square_name(s);
    let mut text = match m.kind {
        MoveKind::Normal | MoveKind::Relayed => {
            let x = if pos.piece_at(m.to).is_some() {
                "x"
            } else {
                ""
            };
            let r = if m.kind == MoveKind::Relayed {
                "r:"
            } else {
                ""
            };
            format!("{r}{x}{}", name(m.to))
        }
        MoveKind::HopCapture => format!("x{}-{}", name(m.hopped()), name(m.to)),
        MoveKind::Igui => format!("x!{}", name(m.to)),
        // Kinds Scirocco never generates (Typhoon's): their coordinate form.
        _ => jovian_rules::notation::format_move(
            &mut pos.clone(),
            m,
            jovian_rules::notation::Style::Coordinate,
        ),
    };
    if let Some(k) = m.promotion() {
        text.push('=');
        text.push_str(pos.variant().abbr(k));
    }
    text
}

/// The legal moves of the piece on `from`, as sorted labels (promotions included).
pub fn moves_from(pos: &mut Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = moves
        .into_iter()
        .filter(|m| m.from == from)
        .map(|m| label(pos, m))
        .collect();
    out.sort();
    out
}

/// The legal move of the piece on `from` with this label.
pub fn find(pos: &mut Position, from: &str, text: &str) -> Move {
    let from = sq(from);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .find(|&m| m.from == from && label(pos, m) == text)
        .unwrap_or_else(|| panic!("no legal move {text} from {from:?}"))
}

/// A space-separated list as sorted labels.
pub fn set(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

pub fn legal_count(pos: &mut Position) -> usize {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.len()
}

/// A variant file's text without the `[[piece]]` entry named `name` (which must be there and be
/// followed by another entry).
pub fn without_piece(text: &str, name: &str) -> String {
    let start = text
        .find(&format!("[[piece]]\nname = \"{name}\""))
        .unwrap_or_else(|| panic!("no piece {name}"));
    let end = start
        + 1
        + text[start + 1..]
            .find("[[piece]]")
            .unwrap_or_else(|| panic!("no piece after {name}"));
    format!("{}{}", &text[..start], &text[end..])
}
