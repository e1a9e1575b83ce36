//! `[game] layer`: a built-in rules layer named by a file. The only one is the 12x8 game's
//! (`layer = "larger-board"`, `position/larger`), whose exotic pieces' powers — bewitching,
//! mirror moves, orbits round the King, a two-square Golem, shots en passant, explosions — are
//! code that reads the piece table by position. So a file naming it must keep what that code
//! relies on: the board, the rules and every piece's rules, as the built-in game's file
//! (`games/larger-board.toml`) has them. What it may change is what the code does not read, or
//! reads from the file: the game's id, title and aliases, the sides' names, the file letters,
//! the array, the castlings (`[[castling]]`, at most two; the King's partner is the layer's
//! Rook), the check rule's draws and stalemate result, the hands and pairs' squares of
//! `[drops]`, each piece's name, description, value and `unhoppable`, the Pawn's advances, en
//! passant and promotions (`promotes`), and the powers of the types that move by their file
//! (`TABLE_TYPES`: King, Queen, Rook, Bishop, Knight, Lion and the two Can(n)ons): their Betza
//! strings, `cannon` hooks and `flips`. It may add types after the layer's own, which move by
//! the same keys (`kinds::ADDED`). Leaps, rides and cannon hops are what the layer's check test
//! and en passant shots read; what bends or takes from afar comes from the other hooks, which
//! stay the layer's.

use std::ops::Range;

use super::game::{GameIn, RulesSection};
use super::piece::PieceEntry;
use crate::piece::Special;
use crate::position::larger::PLAIN_PROMOTIONS;
use crate::position::larger::kinds::{PAWN, TABLE_TYPES};

/// Why a file's use of the layer is refused: where, and the message.
type Refusal = (Range<usize>, String);

/// Checks that `file` keeps everything the 12x8 layer relies on.
pub(super) fn check_larger_board(file: &GameIn) -> Result<(), Refusal> {
    let reference: GameIn = toml::from_str(crate::variants::larger_board::FILE)
        .expect("the built-in 12x8 game's file reads (a test reads it)");
    let layer = crate::variants::larger_board::LAYER;
    let (board, own) = (file.board.get_ref(), reference.board.get_ref());
    if (board.files, board.ranks, &board.promotion_ranks)
        != (own.files, own.ranks, &own.promotion_ranks)
    {
        return Err((
            file.board.span(),
            format!(
                "layer = {layer:?} plays on its own board: files = {}, ranks = {}, \
                 promotion_ranks = {:?}",
                own.files, own.ranks, own.promotion_ranks
            ),
        ));
    }
    // The check rule's draws and stalemate are the layer's to read from the file; the rest of
    // [rules] is what its code does.
    let plain = |rules: &RulesSection| {
        let mut value = serde_json::to_value(rules).ok()?;
        let map = value.as_object_mut()?;
        for read_by_layer in [
            "stalemate",
            "fifty_move_plies",
            "repetition_draws",
            "bare_royals_draw",
        ] {
            map.remove(read_by_layer);
        }
        Some(value)
    };
    if plain(file.rules.get_ref()) != plain(reference.rules.get_ref()) {
        return Err((
            file.rules.span(),
            format!(
                "layer = {layer:?} plays by the check rule with its own promotions, en passant \
                 and drops: its [rules] are the built-in game's ({}), but for stalemate, \
                 fifty_move_plies, repetition_draws and bare_royals_draw",
                toml::to_string(reference.rules.get_ref())
                    .unwrap_or_default()
                    .trim()
                    .replace('\n', ", ")
            ),
        ));
    }
    check_drops(file, &reference, layer)?;
    // The layer keeps four castling rights (two a side) in its state and its hash.
    if let Some(castling) = file.castling.get(2) {
        return Err((
            castling.span(),
            format!("layer = {layer:?} keeps at most two castlings a side: [[castling]] twice"),
        ));
    }
    if file.piece.len() < reference.piece.len() {
        return Err((
            file.game.span(),
            format!(
                "layer = {layer:?} gives powers to its {} piece types by their place in the \
                 table (more may follow); this table has {}",
                reference.piece.len(),
                file.piece.len()
            ),
        ));
    }
    for added in &file.piece[reference.piece.len()..] {
        let entry = added.get_ref();
        let plain = PieceEntry {
            name: entry.name.clone(),
            abbr: entry.abbr.clone(),
            betza: entry.betza.clone(),
            hooks: entry.hooks.clone(),
            flips: entry.flips.clone(),
            unhoppable: entry.unhoppable,
            aliases: entry.aliases.clone(),
            value: entry.value,
            description: entry.description.clone(),
            ..PieceEntry::default()
        };
        if *entry != plain {
            return Err((
                added.span(),
                format!(
                    "{} is added to the layer {layer:?}'s pieces, which move by their file \
                     alone: only name, abbr, betza, hooks (cannon), flips, unhoppable, aliases, \
                     value and description",
                    entry.name
                ),
            ));
        }
        check_file_powers(entry, layer).map_err(|why| (added.span(), why))?;
    }
    // The layer's own types, in their places (`zip` stops at the last of them).
    for (kind, (entry, own)) in file.piece.iter().zip(&reference.piece).enumerate() {
        let own = own.get_ref();
        let mut rules_only = entry.get_ref().clone();
        (rules_only.name, rules_only.description, rules_only.value) =
            (own.name.clone(), own.description.clone(), own.value);
        // Any type may be unhoppable: the generator and the check test read it.
        rules_only.unhoppable = own.unhoppable;
        if TABLE_TYPES.contains(&(kind as u8)) {
            check_file_powers(entry.get_ref(), layer).map_err(|why| (entry.span(), why))?;
            (rules_only.betza, rules_only.hooks, rules_only.flips) =
                (own.betza.clone(), own.hooks.clone(), own.flips.clone());
        }
        if kind as u8 == PAWN {
            // The layer's Pawn advances as far as the file says from each rank, and promotes to
            // the types its `promotes` names among those the layer can promote to.
            rules_only.initial_steps = own.initial_steps.clone();
            rules_only.initial_ranks = own.initial_ranks.clone();
            rules_only.en_passant = own.en_passant;
            check_pawn_promotions(file, entry.get_ref(), layer)
                .map_err(|why| (entry.span(), why))?;
            rules_only.promotes = own.promotes.clone();
        }
        if rules_only != *own {
            return Err((entry.span(), changed_rules(&rules_only, own, layer)));
        }
    }
    Ok(())
}

/// The layer reads its drops from the file's `[drops]`: a copy may hold fewer pieces in hand
/// (`in_hand`, each type at most as many as the built-in game's) and move the pairs' squares
/// (`pairs`, the same types); the rest is what the layer's code does.
fn check_drops(file: &GameIn, reference: &GameIn, layer: &str) -> Result<(), Refusal> {
    let own = reference
        .drops
        .as_ref()
        .expect("the built-in 12x8 game's file has [drops]")
        .get_ref();
    let Some(drops) = &file.drops else {
        return Err((
            file.game.span(),
            format!("layer = {layer:?} reads its drops from the file: [drops] is missing"),
        ));
    };
    let section = drops.get_ref();
    let count = |hand: &[String], abbr: &str| hand.iter().filter(|a| *a == abbr).count();
    for (side, hand) in section.in_hand.iter().enumerate() {
        for abbr in hand {
            let most = count(&own.in_hand[side], abbr);
            if count(hand, abbr) > most {
                return Err((
                    drops.span(),
                    format!(
                        "layer = {layer:?} holds at most {most} {abbr} in a hand at the start \
                         (in_hand)"
                    ),
                ));
            }
        }
    }
    let mut rules_only = section.clone();
    rules_only.in_hand = own.in_hand.clone();
    if rules_only.pairs.keys().eq(own.pairs.keys()) {
        rules_only.pairs = own.pairs.clone();
    }
    let as_value = |d: &super::drops::DropsSection| serde_json::to_value(d).ok();
    if as_value(&rules_only) != as_value(own) {
        return Err((
            drops.span(),
            format!(
                "layer = {layer:?} drops as its code does: its [drops] is the built-in game's \
                 but for in_hand (fewer pieces) and the squares of pairs ({})",
                toml::to_string(own)
                    .unwrap_or_default()
                    .trim()
                    .replace('\n', ", ")
            ),
        ));
    }
    Ok(())
}

/// A type that moves by its file on the layer has only the hooks whose attacks the layer's check
/// test reads along lines: `cannon` (`AttackLines::hoppers`) on queen lines.
fn check_file_powers(entry: &PieceEntry, layer: &str) -> Result<(), String> {
    match entry
        .hooks
        .iter()
        .find(|h| !matches!(h, Special::Cannon { .. }))
    {
        Some(hook) => Err(format!(
            "{} moves by its file on the layer {layer:?}, whose check test reads leaps, rides \
             and cannon hooks: not {hook:?}",
            entry.name
        )),
        None => Ok(()),
    }
}

/// The Pawn's `promotes`, when the file gives it (else the layer's own list, `PLAIN_PROMOTIONS`,
/// and the added types): each one of the layer's `PLAIN_PROMOTIONS` or a type the file adds (the
/// Assassin, Thunder and Golem come by the layer's own rules).
fn check_pawn_promotions(file: &GameIn, pawn: &PieceEntry, layer: &str) -> Result<(), String> {
    let targets = pawn
        .promotes
        .as_ref()
        .map_or_else(Vec::new, |p| p.targets());
    for target in &targets {
        let index = file.piece.iter().position(|p| p.get_ref().abbr == *target);
        let allowed = index.is_some_and(|i| {
            PLAIN_PROMOTIONS.contains(&(i as u8))
                || i as u8 >= crate::position::larger::kinds::ADDED
        });
        if !allowed {
            return Err(format!(
                "the layer {layer:?}'s Pawn may promote to its Queen, Rook, Bishop, Knight, Lion, \
                 Can(n)ons, Halflings, Wizard and Elephant, and to added types (the Assassin and \
                 Thunder by its own rules), not to {target:?}"
            ));
        }
    }
    Ok(())
}

/// The message for a piece entry whose rules differ from the layer's type in its place.
fn changed_rules(entry: &PieceEntry, own: &PieceEntry, layer: &str) -> String {
    let what = if entry.abbr != own.abbr {
        format!("its abbreviation is {:?}", own.abbr)
    } else if entry.betza != own.betza {
        format!(
            "its moves are code, which betza = {:?} describes for displays; the King, Queen, \
             Rook, Bishop, Knight, Lion and Can(n)ons move by theirs",
            own.betza
        )
    } else {
        "only its name, description and value may change".to_string()
    };
    format!(
        "this piece is the layer {layer:?}'s {} ({what}): the layer's pieces keep their rules",
        own.name
    )
}
