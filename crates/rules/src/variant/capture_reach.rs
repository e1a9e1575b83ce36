//! How far from its square a piece can take or convert in one move: the bound that lets
//! `Position::capturable` skip generating the moves of hooked, relaying and latent pieces that
//! stand too far from the piece it asks about. On Jupiter's 16x16 board most such pieces do, and
//! generating their moves was most of the time the engine spent asking whether its last royal
//! piece hangs.
//!
//! The bound is read from the compiled tables alone, in king steps (Chebyshev distance): for each
//! power, the farthest cell whose piece a move of it can remove or convert (`victim_cells`, and a
//! `Convert` move's target). Anything with no bound, such as a ride of any length, a grasshopper or
//! a Coordinator's arrival, makes the whole piece `UNBOUNDED`. The functions destructure every
//! field, so a power added to the tables does not compile here until its reach is decided.

use super::{CompiledPiece, JupiterHooks};
use crate::betza::Mode;
use crate::geometry::STRIDE;
use crate::piece::{ArrivalKind, LineKind, RelayKind};

/// No bound: the piece may take anywhere on the board.
pub const UNBOUNDED: u8 = u8::MAX;

/// King steps of a mailbox offset (every compiled offset moves at most 3 files, well inside the
/// frame, so its files and ranks are read back without ambiguity).
fn steps_of(offset: isize) -> u8 {
    let stride = STRIDE as isize;
    let dx = (offset + stride / 2).rem_euclid(stride) - stride / 2;
    let dy = (offset - dx) / stride;
    dx.unsigned_abs()
        .max(dy.unsigned_abs())
        .min(UNBOUNDED as usize - 1) as u8
}

/// `n` repetitions of `offset`; `n == 0` is a ride without end.
fn ride(offset: isize, n: u8) -> u8 {
    if n == 0 {
        UNBOUNDED
    } else {
        steps_of(offset).saturating_mul(n)
    }
}

/// The farthest, in king steps, that a piece of this type removes or converts a piece with one
/// move of its own or one move it lends a friend (`UNBOUNDED` if anywhere): where the target of
/// `capturable` stands farther, none of its moves can touch it.
pub(crate) fn capture_reach(cp: &CompiledPiece) -> u8 {
    let CompiledPiece {
        leaps,
        rides,
        bents,
        hop_captures,
        iguis,
        relay,
        double_hops,
        converts,
        swaps: _, // a swap removes nothing
        hoppers,
        line,
        pass: _,     // a pass removes nothing
        pass_via: _, // nor does a pass by way of a step
        shoot,
        arrival,
        jupiter,
        // Poison, burning and a Kamikaze's self-capture remove pieces after the move, which
        // `capturable` does not count; doubling repeats a move with the same victims.
        latent: _,
        promotes_to: _,
        flip: _,
        captured_only_by: _,
        unhoppable: _,
        royal: _,
        immobilizes: _,
        has_hooks: _,
        promoted: _,
        generated_reach: _,
        optional_capture: _,
        tally: _,
    } = cp;
    // A piece that captures on arrival takes around the square it arrives on, wherever a move
    // that may only move lands: such moves count as far as they go, plus the arrival's reach.
    let (arrives, around) = match arrival {
        None => (false, 0),
        Some(ArrivalKind::Fiery | ArrivalKind::Custodian | ArrivalKind::Communist) => (true, 1),
        Some(ArrivalKind::Coordinator) => return UNBOUNDED,
    };
    let counts = |mode: &Mode| mode.can_capture() || (arrives && mode.can_move());
    let mut reach = 0u8;
    let mut widen = |r: u8| reach = reach.max(r);
    for (off, mode) in leaps {
        if counts(mode) {
            widen(steps_of(*off).saturating_add(around));
        }
    }
    for r in rides {
        if counts(&r.mode) {
            widen(ride(r.step, r.max).saturating_add(around));
        }
    }
    if !bents.is_empty() || *shoot {
        return UNBOUNDED;
    }
    // The victim is jumped or taken in place, a step or a leap away; the landing is empty.
    for &off in hop_captures.iter().chain(iguis).chain(converts) {
        widen(steps_of(off));
    }
    for &off in double_hops {
        widen(ride(off, 2)); // the victim is jumped, and the landing may hold another
    }
    for &(step, max) in hoppers {
        widen(ride(step, max));
    }
    widen(line.map_or(0, line_reach));
    widen(relay.map_or(0, relay_reach));
    widen(jupiter.as_deref().map_or(0, jupiter_reach));
    reach
}

/// The farthest victim of a `LineKind` power.
fn line_reach(line: LineKind) -> u8 {
    match line {
        // Up to three steps, taking what it passes.
        LineKind::Typhoon | LineKind::TyphoonRook => 3,
        // Jumps enemies along a line without end, or captures a whole row of them beyond.
        LineKind::Longleaper | LineKind::Sorcerer(_) => UNBOUNDED,
        // Converts the enemy just beyond the end of its slide.
        LineKind::Missionary(reach) => reach.along(true).max(reach.along(false)).saturating_add(1),
        // Takes the enemy just behind its start, however far it slides.
        LineKind::Undertaker | LineKind::Withdrawer => 1,
        // Steps one square and takes the enemy just beyond.
        LineKind::Neartaker => 2,
        // Its long move never captures (the step is the table's).
        LineKind::Salamander => 0,
    }
}

/// The farthest victim of a move lent by a relaying piece, from the relaying piece.
fn relay_reach(relay: RelayKind) -> u8 {
    match relay {
        // The friend lands next to the relaying piece.
        RelayKind::Dervish | RelayKind::DervishLeap | RelayKind::DervishWide => 1,
        // A neighbouring friend steps once more.
        RelayKind::Wazir | RelayKind::Firzan => 2,
        // A friend a Knight's leap away leaps as a Knight.
        RelayKind::HarpyKnight => 4,
        // A friend up to three steps along a line leaps as a Knight.
        RelayKind::Harpy => 5,
        // Their lent moves only move.
        RelayKind::Zoom | RelayKind::Teleporter => 0,
    }
}

/// The farthest victim of Jupiter's hooks.
fn jupiter_reach(j: &JupiterHooks) -> u8 {
    let JupiterHooks {
        hooks,
        zigzags,
        two_steps,
        grasshoppers,
        chain,
        chain_limited_doubling: _, // limits which hops start a doubled turn, not where they go
        cannons,
        general_lines,
        lions,
        royal_leap,
        royal_leap_stay: _, // a pass
        swap_friend: _,     // a swap
        pull: _,            // pulls an enemy nearer, removing nothing
        repel: _,           // pushes one away, removing nothing
        tank,
        tank_off_board: _, // a friend pushed off is the mover's own
        creates: _,        // a birth on an empty square
    } = j;
    if !zigzags.is_empty() || !grasshoppers.is_empty() || *chain || !general_lines.is_empty() {
        return UNBOUNDED;
    }
    if *royal_leap {
        return UNBOUNDED; // it lands next to its royal piece, wherever that stands
    }
    let mut reach = if *two_steps { 2 } else { 0 };
    for h in hooks {
        let second = h.second[..h.second_len as usize]
            .iter()
            .map(|&s| ride(s, h.second_max))
            .max()
            .unwrap_or(0);
        reach = reach.max(ride(h.first, h.first_max).saturating_add(second));
    }
    for &(step, max, mode) in cannons {
        if mode.can_capture() {
            reach = reach.max(ride(step, max));
        }
    }
    for lion in lions {
        let second = lion.second[..lion.second_len as usize]
            .iter()
            .map(|&s| steps_of(s))
            .max()
            .unwrap_or(0);
        reach = reach.max(steps_of(lion.first).saturating_add(second));
    }
    // A push moves up to two friends on, and the last may take the enemy beyond: three steps.
    for &step in tank {
        reach = reach.max(ride(step, 3));
    }
    reach
}

#[cfg(test)]
mod tests {
    use super::UNBOUNDED;
    use crate::geometry::Color;
    use crate::piece::Piece;
    use crate::variant::Variant;

    /// The reach of Jupiter's pieces with powers beyond their tables, as their texts describe
    /// them: each mechanism's bound, or none. (The fuzz test `every_capture_lies_within_its_pieces
    /// _reach` checks every bound against the moves themselves.)
    #[test]
    fn jupiter_pieces_reach_as_their_powers_go() {
        let v = Variant::by_id("jupiter").unwrap();
        let reach = |name: &str, color| {
            let kind = v.kind_by_name(name).unwrap_or_else(|| panic!("{name}"));
            v.capture_reach(Piece::new(kind, color).code())
        };
        for (name, expected) in [
            ("Neartaker", 2),   // a step, then the enemy beyond
            ("Withdrawer", 1),  // the enemy behind its start, however far it slides
            ("Undertaker", 1),  // the same, by a step
            ("Hooklet", 4),     // two steps, a turn, two more
            ("Yew", 4),         // a step sideways, then three forward
            ("Relay Wazir", 2), // a neighbouring friend steps once more
            ("Intertaker", 2),  // a step, then the enemy next to its arrival
            ("Tiger Horse", 3), // a Knight's victim, then a Wazir step on
            ("King Lion", 2),   // two King steps
            ("Blunderbuss", 4), // a cannon of at most four
            ("Typhoon", 3),     // three steps, taking what it passes
            ("Cuckoo", 2),      // converts a Dabbaba's leap away
            ("Ox Tank", 3),     // pushes two friends, the last onto an enemy
            ("Poisoner", 0),    // only moves
            ("Queen Cannon", UNBOUNDED),
            ("Coordinator", UNBOUNDED),
            ("Longleaper", UNBOUNDED),
            ("Halmopper", UNBOUNDED),
            ("Royalist", UNBOUNDED),
            ("Great Hook", UNBOUNDED),
        ] {
            for color in Color::BOTH {
                assert_eq!(reach(name, color), expected, "{name} {color:?}");
            }
        }
    }
}
