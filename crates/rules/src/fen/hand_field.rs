//! The `hand=` field of a position's text, shared by the 12x8 game's fields and those of the
//! games with drops: `-`, or `2Le,Pi,th` (a count before a type held more than once; the first
//! side's types in their own case, the second side's with a lower-case first letter).

use crate::drop_rules::HAND_SLOTS;
use crate::geometry::Color;
use crate::piece::PieceKind;
use crate::variant::Variant;

/// The hands a field names, at most `max` of a type; `slot_of` finds a token's side and hand slot
/// (or says why it names no piece a hand may hold).
pub(super) fn parse(
    value: &str,
    max: u8,
    slot_of: impl Fn(&str) -> Result<(Color, usize), String>,
) -> Result<[[u8; HAND_SLOTS]; 2], String> {
    let mut hands = [[0u8; HAND_SLOTS]; 2];
    if value == "-" {
        return Ok(hands);
    }
    for token in value.split(',') {
        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
        let count = if digits == 0 {
            1
        } else {
            token[..digits]
                .parse::<u8>()
                .ok()
                .filter(|&n| (1..=max).contains(&n))
                .ok_or_else(|| format!("{token:?}: a count is 1 to {max}"))?
        };
        let abbr = &token[digits..];
        if abbr.is_empty() {
            return Err(format!("{token:?} names no piece"));
        }
        let (color, slot) = slot_of(abbr)?;
        let n = &mut hands[color.index()][slot];
        *n = n
            .checked_add(count)
            .filter(|&total| total <= max)
            .ok_or_else(|| format!("more than {max} {abbr} in hand"))?;
    }
    Ok(hands)
}

/// The field's value for these hands, each slot's type from `kind_of_slot`.
pub(super) fn write(
    v: &Variant,
    hands: &[[u8; HAND_SLOTS]; 2],
    kind_of_slot: impl Fn(usize) -> Option<PieceKind>,
) -> String {
    let mut items = Vec::new();
    for color in Color::BOTH {
        for (slot, &n) in hands[color.index()].iter().enumerate() {
            if let Some(kind) = kind_of_slot(slot).filter(|_| n > 0) {
                let abbr = v.side_abbr(kind, color);
                items.push(if n > 1 { format!("{n}{abbr}") } else { abbr });
            }
        }
    }
    if items.is_empty() {
        "-".to_string()
    } else {
        items.join(",")
    }
}
