//! A variant file's `[drops]` section (docs/variants.md, "Drops"), read into the model's
//! `DropRules` and written back from it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::drop_rules::{DropPairs, DropPlace, DropRules, HAND_SLOTS, MAX_IN_HAND};
use crate::geometry::{Geometry, Square};
use crate::piece::PieceKind;
use crate::shogi_rules::KindSet;
use crate::variant::Variant;

#[derive(Clone, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct DropsSection {
    /// The types a hand may hold (at most 8), by abbreviation.
    pub pieces: Vec<String>,
    /// A captured piece joins its captor's hand, as the type it was promoted from: `true` for
    /// every type the hand holds (Shogi), or a list of them (the 12x8 game's `["As"]`).
    #[serde(default, skip_serializing_if = "CapturesToHand::is_none")]
    pub captures_to_hand: CapturesToHand,
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
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ranks: BTreeMap<String, Vec<u8>>,
    /// Types dropped two at a time, each onto one of its pairs of squares, named as the first
    /// side sees them (the second side's are mirrored by rank): `{ Le = [["b1", "g1"]] }`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub pairs: BTreeMap<String, Vec<[String; 2]>>,
    /// A type's placement hook (`DropPlace::NAMED`): `beside-royal`, `giving-check`,
    /// `while-royals-face` (`anywhere` when not named).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub place: BTreeMap<String, String>,
    /// Drops open only once both royal pieces have left their starting squares.
    #[serde(default, skip_serializing_if = "is_false")]
    pub after_royals_moved: bool,
    /// Drops close for good once a royal piece reaches its last rank.
    #[serde(default, skip_serializing_if = "is_false")]
    pub until_royal_on_last_rank: bool,
    /// Pair types a side must answer with its own pair once the opponent has dropped it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub answer_pairs: Vec<String>,
}

/// `captures_to_hand`: all the hand's types, or some of them.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum CapturesToHand {
    All(bool),
    Some(Vec<String>),
}

impl Default for CapturesToHand {
    fn default() -> Self {
        CapturesToHand::All(false)
    }
}

impl CapturesToHand {
    fn is_none(&self) -> bool {
        matches!(self, CapturesToHand::All(false)) || *self == CapturesToHand::Some(Vec::new())
    }
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
    geometry: &Geometry,
) -> Result<DropRules, String> {
    let board_ranks = geometry.height;
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
    // The hand's types, for the lookups below while `rules` fills in.
    let hand = rules;
    let in_hand = |abbrs: &[String], key: &str| -> Result<KindSet, String> {
        let mut set = KindSet::default();
        for abbr in abbrs {
            let k = kind(abbr, key)?;
            if hand.slot(k).is_none() {
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
    rules.captures_to_hand = match &section.captures_to_hand {
        CapturesToHand::All(false) => KindSet::default(),
        CapturesToHand::All(true) => {
            let mut all = KindSet::default();
            hand.kinds().iter().for_each(|&k| all.insert(k));
            all
        }
        CapturesToHand::Some(abbrs) => in_hand(abbrs, "captures_to_hand")?,
    };
    read_placements(section, &mut rules, &kind, geometry)?;
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

/// The pairs, placements, royal conditions and answering pairs of `section`, into `rules`.
fn read_placements(
    section: &DropsSection,
    rules: &mut DropRules,
    kind: &dyn Fn(&str, &str) -> Result<PieceKind, String>,
    geometry: &Geometry,
) -> Result<(), String> {
    let hand = *rules;
    let slot_of = |abbr: &str, key: &str| {
        kind(abbr, key)
            .ok()
            .and_then(|k| hand.slot(k))
            .ok_or_else(|| {
                format!("drops: {key} names {abbr:?}, which is not among the hand's pieces")
            })
    };
    for (abbr, name) in &section.place {
        let slot = slot_of(abbr, "place")?;
        rules.place[slot] = DropPlace::by_name(name).ok_or_else(|| {
            let names: Vec<&str> = DropPlace::NAMED.iter().map(|(_, n)| *n).collect();
            format!(
                "drops: place gives {abbr} {name:?}, which is no placement ({})",
                names.join(", ")
            )
        })?;
    }
    for (abbr, list) in &section.pairs {
        let slot = slot_of(abbr, "pairs")?;
        if rules.place[slot] != DropPlace::Anywhere {
            return Err(format!(
                "drops: {abbr} has both pairs and place = {:?}: its squares are one or the other",
                rules.place[slot].name()
            ));
        }
        if list.is_empty() {
            return Err(format!("drops: pairs gives {abbr} no pair of squares"));
        }
        let mut squares = Vec::with_capacity(list.len());
        for [a, b] in list {
            let square = |name: &str| {
                geometry.parse_square(name).ok_or_else(|| {
                    format!("drops: pairs gives {abbr} the square {name:?}, not one of the board")
                })
            };
            squares.push((square(a)?, square(b)?));
        }
        rules.pairs[slot] =
            DropPairs::new(&squares).map_err(|why| format!("drops: pairs of {abbr}: {why}"))?;
    }
    for abbr in &section.answer_pairs {
        let slot = slot_of(abbr, "answer_pairs")?;
        if !rules.in_pairs(slot) {
            return Err(format!(
                "drops: answer_pairs names {abbr}, which is not dropped in pairs (pairs or \
                 place = \"beside-royal\")"
            ));
        }
        rules.answer_pairs.insert(hand.kinds()[slot]);
    }
    rules.after_royals_moved = section.after_royals_moved;
    rules.until_royal_on_last_rank = section.until_royal_on_last_rank;
    Ok(())
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
        captures_to_hand: if rules.all_captures_to_hand() {
            CapturesToHand::All(true)
        } else if rules.captures_to_hand.is_empty() {
            CapturesToHand::All(false)
        } else {
            CapturesToHand::Some(abbrs(&rules.captures_to_hand))
        },
        pairs: (rules.kinds().iter().enumerate())
            .filter(|&(slot, _)| !rules.pairs[slot].is_empty())
            .map(|(slot, &k)| {
                let name = |s: Square| v.geometry.square_name(s);
                let list = (rules.pairs[slot].as_slice().iter())
                    .map(|&(a, b)| [name(a), name(b)])
                    .collect();
                (v.abbr(k).to_string(), list)
            })
            .collect(),
        place: (rules.kinds().iter().enumerate())
            .filter(|&(slot, _)| rules.place[slot] != DropPlace::Anywhere)
            .map(|(slot, &k)| (v.abbr(k).to_string(), rules.place[slot].name().to_string()))
            .collect(),
        after_royals_moved: rules.after_royals_moved,
        until_royal_on_last_rank: rules.until_royal_on_last_rank,
        answer_pairs: abbrs(&rules.answer_pairs),
        one_per_file: abbrs(&rules.one_per_file),
        no_drop_mate: abbrs(&rules.no_drop_mate),
        in_hand,
    })
}
