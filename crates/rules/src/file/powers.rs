//! A game whose pieces name the 12x8 game's powers. Its exotic pieces' powers — bewitching,
//! mirror moves, orbits round the King, a two-square Golem, shots en passant, explosions — are
//! code (`position/larger`). Each piece that has one names it as a hook (`halfling`, `wizard`,
//! `elephant`, `assassin`, `thunder`, `golem`), which switches the powers on; the code finds the
//! pieces by their hooks (`layer_kinds::LayerKinds`), wherever the table puts them, and each
//! power is optional. Such a game keeps what that code relies on, as the built-in game's file
//! (`games/larger-board.toml`) has it: the check rule, a promotion zone that holds each side's
//! last rank, each power on one piece at most with that power's rules, one Pawn, one King, and
//! no Golem part in hand. What it may change is what the code does not read, or reads from the
//! file: the game's id, title and aliases, the sides' names, the board's size and file letters,
//! the promotion zone's depth, the array, the castlings (`[[castling]]`; the King's partner is
//! whatever of its side stands on the Rook's square), the check rule's draws, stalemate result,
//! optional promotion and promotion limits, its `[drops]` (the general mechanism's, or none),
//! each piece's name, abbreviation, aliases, description, value and `unhoppable`, the Pawn's
//! advances, en passant and promotions (`promotes`), the order of the table, and every other
//! type: those without a power (the King, Queen, Rook, Bishop, Knight, Lion and the two
//! Can(n)ons in the built-in game) move by their Betza strings, `cannon` hooks and `flips`, and
//! a file may change, drop or add them. Leaps, rides and cannon hops are what the powers' check
//! test and en passant shots read; what bends or takes from afar comes from the powers.

use std::ops::Range;

use super::game::{GameIn, RulesSection};
use super::piece::PieceEntry;
use crate::piece::Special;

/// Why a file's use of the powers is refused: where, and the message.
type Refusal = (Range<usize>, String);

/// Checks that `file`, which names a power, keeps everything the powers' code relies on.
pub(super) fn check_powers(file: &GameIn) -> Result<(), Refusal> {
    let reference: GameIn = toml::from_str(crate::variants::larger_board::FILE)
        .expect("the built-in 12x8 game's file reads (a test reads it)");
    // Any board and promotion zone, so long as the zone holds each side's last rank, the powers'
    // "eighth row": a Pawn there could never move again, so it has always promoted.
    let board = file.board.get_ref();
    let last = [board.ranks, 1];
    if let Some(side) = (0..2).find(|&i| !board.promotion_ranks[i].contains(&last[i])) {
        return Err((
            file.board.span(),
            format!(
                "a game with the 12x8 game's powers promotes its Pawns on their last rank, their \
                 \"eighth row\", and may promote them before it: the {} side's promotion_ranks \
                 need rank {}",
                ["first", "second"][side],
                last[side]
            ),
        ));
    }
    // The check rule's draws, stalemate, optional promotion and promotion limits are read from
    // the file; the rest of [rules] is what the powers' code does.
    let plain = |rules: &RulesSection| {
        let mut value = serde_json::to_value(rules).ok()?;
        let map = value.as_object_mut()?;
        for read_from_file in [
            "stalemate",
            "fifty_move_plies",
            "repetition_draws",
            "bare_royals_draw",
            "promotion",
            "promotion_limits",
        ] {
            map.remove(read_from_file);
        }
        Some(value)
    };
    if plain(file.rules.get_ref()) != plain(reference.rules.get_ref()) {
        return Err((
            file.rules.span(),
            format!(
                "a game with the 12x8 game's powers plays by the check rule with their \
                 promotions, en passant and drops: its [rules] are the built-in 12x8 game's ({}), \
                 but for stalemate, fifty_move_plies, repetition_draws, bare_royals_draw, \
                 promotion and promotion_limits",
                toml::to_string(reference.rules.get_ref())
                    .unwrap_or_default()
                    .trim()
                    .replace('\n', ", ")
            ),
        ));
    }
    let pawns: Vec<_> = (file.piece.iter())
        .filter(|p| is_pawn(p.get_ref()))
        .collect();
    let [pawn] = pawns[..] else {
        return Err((
            pawns.get(1).map_or(file.game.span(), |p| p.span()),
            format!(
                "a game with the 12x8 game's powers has one Pawn, the type with a pawn's advances \
                 (initial_steps, en_passant): this table has {}",
                pawns.len()
            ),
        ));
    };
    for entry in &file.piece {
        let piece = entry.get_ref();
        let exotic = piece.hooks.iter().find(|h| h.is_power_hook());
        // The built-in piece whose rules this one must keep: the one with the same power, or the
        // Pawn; the others move by their file alone.
        let own = match exotic {
            Some(hook) => entries(&reference).find(|p| p.hooks.contains(hook)),
            None if std::ptr::eq(entry, pawn) => entries(&reference).find(|p| is_pawn(p)),
            None => {
                check_moves_by_file(piece).map_err(|why| (entry.span(), why))?;
                continue;
            }
        };
        let own = own.expect("the built-in file has every power and a Pawn (a test loads it)");
        let mut rules_only = piece.clone();
        (rules_only.name, rules_only.description, rules_only.value) =
            (own.name.clone(), own.description.clone(), own.value);
        // Its abbreviation and aliases are its own; the types its rules name (the Elephant's
        // captors) are compared by what they are, whatever this table calls them.
        (rules_only.abbr, rules_only.aliases) = (own.abbr.clone(), own.aliases.clone());
        rules_only.captured_only_by = (piece.captured_only_by.iter())
            .map(|abbr| counterpart(file, &reference, abbr))
            .collect();
        // Any type may be unhoppable: the generator and the check test read it.
        rules_only.unhoppable = own.unhoppable;
        if exotic.is_none() {
            // The Pawn advances as far as the file says from each rank, and promotes to the
            // types its `promotes` names among those the powers' Pawn can promote to.
            rules_only.initial_steps = own.initial_steps.clone();
            rules_only.initial_ranks = own.initial_ranks.clone();
            rules_only.en_passant = own.en_passant;
            check_pawn_promotions(file, piece).map_err(|why| (entry.span(), why))?;
            rules_only.promotes = own.promotes.clone();
        }
        if rules_only != *own {
            return Err((entry.span(), changed_rules(&rules_only, own)));
        }
    }
    check_drops(file)?;
    Ok(())
}

/// The abbreviation the built-in table gives the type `abbr` names in `file`: the King's, the
/// Pawn's or the power's; `abbr` itself for a type that moves by its file (or none).
fn counterpart(file: &GameIn, reference: &GameIn, abbr: &str) -> String {
    let Some(p) = entries(file).find(|p| p.abbr == abbr) else {
        return abbr.to_string();
    };
    let power = p.hooks.iter().copied().find(Special::is_power_hook);
    let same = |q: &PieceEntry| match power {
        Some(hook) => q.hooks.contains(&hook),
        None if p.royal => q.royal,
        None if is_pawn(p) => is_pawn(q),
        None => false,
    };
    entries(reference)
        .find(|&q| same(q))
        .map_or(abbr, |q| q.abbr.as_str())
        .to_string()
}

/// A file's piece entries, in table order.
fn entries(game: &GameIn) -> impl Iterator<Item = &PieceEntry> {
    game.piece.iter().map(|p| p.get_ref())
}

/// Whether a piece entry has a pawn's advances (the powers' Pawn).
fn is_pawn(entry: &PieceEntry) -> bool {
    !entry.initial_steps.is_none() || entry.en_passant
}

/// A type without one of the powers, the Pawn aside, moves by its file alone (the King
/// too, which is the one royal type): it may have a name, abbr, betza, hooks (`cannon`), flips,
/// unhoppable, aliases, value and description, and royal.
fn check_moves_by_file(entry: &PieceEntry) -> Result<(), String> {
    let plain = PieceEntry {
        name: entry.name.clone(),
        abbr: entry.abbr.clone(),
        betza: entry.betza.clone(),
        hooks: entry.hooks.clone(),
        royal: entry.royal,
        flips: entry.flips.clone(),
        unhoppable: entry.unhoppable,
        aliases: entry.aliases.clone(),
        value: entry.value,
        description: entry.description.clone(),
        ..PieceEntry::default()
    };
    if *entry != plain {
        return Err(format!(
            "{} moves by its file in a game with the 12x8 game's powers (it has none of the \
             powers, and is not the Pawn): only name, abbr, betza, hooks (cannon), flips, unhoppable, \
             royal, aliases, value and description",
            entry.name
        ));
    }
    check_file_powers(entry)
}

/// The drops of a game with the powers are the general mechanism's (`[drops]`, or none), the
/// Assassin's `giving-check` and the Thunder's `while-royals-face` read by their powers: any
/// section the general rules accept, but that a Golem part is never in hand (a Golem comes whole,
/// by a Pawn taking a Wizard).
fn check_drops(file: &GameIn) -> Result<(), Refusal> {
    let Some(drops) = &file.drops else {
        return Ok(());
    };
    let golem_part = |abbr: &String| {
        entries(file)
            .find(|p| p.abbr == *abbr)
            .is_some_and(|p| p.hooks.iter().any(|h| matches!(h, Special::Golem(_))))
    };
    if let Some(abbr) = drops.get_ref().pieces.iter().find(|a| golem_part(a)) {
        return Err((
            drops.span(),
            format!(
                "{abbr} is a Golem part, which is never in hand: a Golem comes whole, by a Pawn \
                 taking a Wizard"
            ),
        ));
    }
    Ok(())
}

/// A type that moves by its file beside the powers has only the hooks whose attacks the powers'
/// check test reads along lines: `cannon` (`AttackLines::hoppers`) on queen lines.
fn check_file_powers(entry: &PieceEntry) -> Result<(), String> {
    match entry
        .hooks
        .iter()
        .find(|h| !matches!(h, Special::Cannon { .. }))
    {
        Some(hook) => Err(format!(
            "{} moves by its file in a game with the 12x8 game's powers, whose check test reads \
             leaps, rides \
             and cannon hooks: not {hook:?}",
            entry.name
        )),
        None => Ok(()),
    }
}

/// The Pawn's `promotes`, when the file gives it: each a type the powers' Pawn may become by
/// its own move (`LayerKinds::plain_promotions`): not the King, the Pawn, or the Assassin,
/// Thunder or Golem, which come by the powers' own rules.
fn check_pawn_promotions(file: &GameIn, pawn: &PieceEntry) -> Result<(), String> {
    let targets = pawn
        .promotes
        .as_ref()
        .map_or_else(Vec::new, |p| p.targets());
    for target in &targets {
        let entry = entries(file).find(|p| p.abbr == *target);
        let own_rule = |p: &PieceEntry| {
            p.hooks
                .iter()
                .any(|h| matches!(h, Special::Assassin | Special::Thunder | Special::Golem(_)))
        };
        let allowed = entry.is_some_and(|p| !(p.royal || is_pawn(p) || own_rule(p)));
        if !allowed {
            return Err(format!(
                "with the 12x8 game's powers, the Pawn may promote to any type but the King, the \
                 Pawn, the Assassin, the Thunder and the Golem (which come by their own rules), \
                 not to \
                 {target:?}"
            ));
        }
    }
    Ok(())
}

/// The message for a piece entry whose rules differ from the built-in type with its power.
fn changed_rules(entry: &PieceEntry, own: &PieceEntry) -> String {
    let what = if entry.betza != own.betza {
        format!(
            "its moves are code, which betza = {:?} describes for displays; the types without \
             the powers move by theirs",
            own.betza
        )
    } else {
        "only its name, abbreviation, aliases, description and value may change".to_string()
    };
    format!(
        "this piece is the 12x8 game's {} ({what}): the powers' pieces keep their rules",
        own.name
    )
}
