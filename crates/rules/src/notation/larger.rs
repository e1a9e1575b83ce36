//! The 12x8 game's move forms (docs/notation.md): drops `Le@b1,g1` and `As@e7`, castling
//! `O-O`, Golem moves `God5-f4,e6xe5`, promotions `=Q`, `=As@f7` (the new Assassin's square),
//! `=Th@e5` (where the Thunder explodes), `=Go` (a Pawn that took a Wizard), Halfling captures
//! `Lexd7-d8`, `Pi-e5xe6`.

use super::{abbr_text, square_text};
use crate::geometry::Square;
use crate::layer_kinds::Role;
use crate::moves::{Move, MoveKind};
use crate::piece::HalflingCapture;
use crate::position::Position;
use crate::variant::Variant;

pub(super) fn drop_text(v: &Variant, m: Move) -> String {
    let abbr = m.promotion().map_or("?", |k| abbr_text(v, k));
    let to = square_text(v, m.to);
    match m.pair_square() {
        None => format!("{abbr}@{to}"),
        Some(second) => format!("{abbr}@{to},{}", square_text(v, second)),
    }
}

/// The promotion suffix: `=Q`, `=As@f7`, `=Th@e5`, `=Go`; nothing without promotion.
pub(super) fn promotion_suffix(v: &Variant, m: Move) -> String {
    if m.kind == MoveKind::Drop {
        return String::new();
    }
    let role = |k: crate::PieceKind| v.layer_kinds.role(k.0);
    match m.promotion() {
        None => String::new(),
        Some(k) if matches!(role(k), Role::Golem(_)) => "=Go".to_string(),
        Some(k) if matches!(role(k), Role::Assassin | Role::Thunder) => {
            format!("={}@{}", abbr_text(v, k), square_text(v, Square(m.aux[0])))
        }
        Some(k) => format!("={}", abbr_text(v, k)),
    }
}

/// `God5-f4,e6xe5`: each part's move, `x` where it captures.
pub(super) fn golem_text(pos: &Position, m: Move) -> String {
    let v = pos.variant();
    let leg = |from: Square, to: Square| {
        let sep = if pos.piece_at(to).is_some() { "x" } else { "-" };
        format!("{}{sep}{}", square_text(v, from), square_text(v, to))
    };
    format!(
        "Go{},{}",
        leg(m.from, m.to),
        leg(Square(m.aux[0]), Square(m.aux[1]))
    )
}

/// Halfling captures name their victims: the Leaper's before its landing square (`Lexd7-d8`),
/// the others' after it (`Pi-e5xe6`, `Wd-d5xd3`). `None` for any other move.
pub(super) fn halfling_text(pos: &Position, m: Move, abbr: &str, from: &str) -> Option<String> {
    let v = pos.variant();
    let Role::Halfling(capture) = v.layer_kinds.role(pos.piece_at(m.from)?.kind.0) else {
        return None;
    };
    if m.kind != MoveKind::Normal {
        return None;
    }
    // What the Halfling takes: a Golem part's partner, which goes with it, is not written.
    let victims: Vec<String> = (pos.direct_victims(m).as_slice().iter())
        .map(|&cell| {
            format!(
                "x{}",
                square_text(v, crate::Square::from_cell(cell as usize))
            )
        })
        .collect();
    let to = square_text(v, m.to);
    Some(if capture == HalflingCapture::Leaper {
        format!("{abbr}{from}{}-{to}", victims.concat())
    } else {
        format!("{abbr}{from}-{to}{}", victims.concat())
    })
}

/// Moves the general reader does not read: they are recognised by their exact text.
pub(super) fn read_by_text(pos: &Position, m: Move) -> bool {
    m.kind != MoveKind::Normal
        || m.promotion().is_some()
        || pos
            .piece_at(m.from)
            .is_some_and(|p| pos.variant().layer_kinds.is_halfling(p.kind.0))
}
