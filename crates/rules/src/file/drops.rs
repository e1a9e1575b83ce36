//! A variant file's `[drops]` section (docs/variants.md, "Drops"), read into the model's
//! `DropRules` and written back from it.

use serde::{Deserialize, Serialize};

use crate::drop_rules::{DropRules, HAND_SLOTS, MAX_IN_HAND};
use crate::piece::PieceKind;
use crate::shogi_rules::KindSet;
use crate::variant::Variant;

#[derive(Clone, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct DropsSection {
    /// The types a hand may hold (at most 8), by abbreviation.
    pub pieces: Vec<String>,
    /// A captured piece joins its captor's hand, as the type it was promoted from (Shogi).
    #[serde(default, skip_serializing_if = "is_false")]
    pub captures_to_hand: bool,
    /// Types a side may not drop on a file that holds one of its own of the type (Shogi's Pawn).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub one_per_file: Vec<String>,
    /// Types whose drop may not give checkmate at once (Shogi's Pawn).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_drop_mate: Vec<String>,
    /// What each side holds at the start: the first side's list, then the second's, an
    /// abbreviation per piece (`[["P", "P"], ["P", "P"]]`); empty hands if absent.
    #[serde(default, skip_serializing_if = "no_hands")]
    pub in_hand: [Vec<String>; 2],
    /// The ranks, counted from the dropping side (1 = its first), where a type may be dropped
    /// (`{ P = [2, 3, 4, 5, 6, 7] }`); types not named may be dropped on every rank.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub ranks: std::collections::BTreeMap<String, Vec<u8>>,
}

fn is_false(b: &bool) -> bool {
    !b
}

fn no_hands(hands: &[Vec<String>; 2]) -> bool {
    hands.iter().all(Vec::is_empty)
}

/// The drop rules a section names, every abbreviation a type of the table.
pub(super) fn drop_rules_of(
    section: &DropsSection,
    kind_of: &dyn Fn(&str) -> Option<PieceKind>,
    royal: &dyn Fn(PieceKind) -> bool,
    board_ranks: u8,
) -> Result<DropRules, String> {
    let kind = |abbr: &str, key: &str| {
        kind_of(abbr).ok_or_else(|| format!("drops: {key} names {abbr:?}, which no piece is"))
    };
    let mut kinds = Vec::with_capacity(section.pieces.len());
    for abbr in &section.pieces {
        let k = kind(abbr, "pieces")?;
        if royal(k) {
            return Err(format!(
                "drops: pieces names {abbr:?}, a royal piece, which no hand may hold"
            ));
        }
        kinds.push(k);
    }
    let mut rules = DropRules::new(&kinds).map_err(|why| format!("drops: pieces: {why}"))?;
    rules.captures_to_hand = section.captures_to_hand;
    let in_hand = |abbrs: &[String], key: &str| -> Result<KindSet, String> {
        let mut set = KindSet::default();
        for abbr in abbrs {
            let k = kind(abbr, key)?;
            if rules.slot(k).is_none() {
                return Err(format!(
                    "drops: {key} names {abbr:?}, which is not among the hand's pieces"
                ));
            }
            set.insert(k);
        }
        Ok(set)
    };
    let one_per_file = in_hand(&section.one_per_file, "one_per_file")?;
    let no_drop_mate = in_hand(&section.no_drop_mate, "no_drop_mate")?;
    rules.one_per_file = one_per_file;
    rules.no_drop_mate = no_drop_mate;
    for (abbr, ranks) in &section.ranks {
        let slot = kind(abbr, "ranks")
            .ok()
            .and_then(|k| rules.slot(k))
            .ok_or_else(|| {
                format!("drops: ranks names {abbr:?}, which is not among the hand's pieces")
            })?;
        let mut bits = 0u16;
        for &r in ranks {
            if r == 0 || r > board_ranks {
                return Err(format!(
                    "drops: ranks gives {abbr} rank {r}, not a rank of the board (1 to {board_ranks})"
                ));
            }
            bits |= 1 << (r - 1);
        }
        if bits == 0 {
            return Err(format!("drops: ranks gives {abbr} no rank"));
        }
        // Every rank of the board is no restriction (and reads back as none).
        let all = ((1u32 << board_ranks) - 1) as u16;
        rules.ranks[slot] = if bits == all { u16::MAX } else { bits };
    }
    for (side, abbrs) in section.in_hand.iter().enumerate() {
        for abbr in abbrs {
            let slot = kind(abbr, "in_hand")
                .ok()
                .and_then(|k| rules.slot(k))
                .ok_or_else(|| {
                    format!("drops: in_hand names {abbr:?}, which is not among the hand's pieces")
                })?;
            let n = &mut rules.initial[side][slot];
            if *n == MAX_IN_HAND {
                return Err(format!(
                    "drops: in_hand holds more than {MAX_IN_HAND} {abbr}"
                ));
            }
            *n += 1;
        }
    }
    Ok(rules)
}

/// `[drops]` as a file writes it for `v` (`None` for a game without drops).
pub(super) fn drops_section(v: &Variant) -> Option<DropsSection> {
    let rules = v.rules.drops.as_ref()?;
    let abbrs = |set: &KindSet| set.kinds().map(|k| v.abbr(k).to_string()).collect();
    let mut in_hand: [Vec<String>; 2] = Default::default();
    for (side, hand) in in_hand.iter_mut().enumerate() {
        for slot in 0..HAND_SLOTS {
            let Some(&kind) = rules.kinds().get(slot) else {
                break;
            };
            for _ in 0..rules.initial[side][slot] {
                hand.push(v.abbr(kind).to_string());
            }
        }
    }
    let ranks = (rules.kinds().iter().enumerate())
        .filter_map(|(slot, &k)| {
            let list = rules.restricted_ranks(slot, v.geometry.height)?;
            Some((v.abbr(k).to_string(), list))
        })
        .collect();
    Some(DropsSection {
        ranks,
        pieces: rules
            .kinds()
            .iter()
            .map(|&k| v.abbr(k).to_string())
            .collect(),
        captures_to_hand: rules.captures_to_hand,
        one_per_file: abbrs(&rules.one_per_file),
        no_drop_mate: abbrs(&rules.no_drop_mate),
        in_hand,
    })
}
