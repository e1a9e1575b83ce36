//! `jovian variant`: games as data (docs/variants.md). `export GAME` writes a built-in game as a
//! variant file, `pieces GAME` its piece table alone, and `check FILE` reads a file and
//! summarises the game it defines, with a text diagram of each piece's moves.

use std::fmt::Write;
use std::path::PathBuf;

use clap::Subcommand;
use jovian_rules::file::hook_text;
use jovian_rules::{Color, Setup, Variant};

use crate::input::{self, CliError};

#[derive(Subcommand)]
pub enum VariantCommand {
    /// Write a built-in game as a variant file (TOML) to copy and change.
    Export { game: String },
    /// Write a game's piece table alone, as `[[piece]]` entries.
    Pieces { game: String },
    /// Read a variant file: its problems, one with its line and column, or a summary of the game
    /// and a diagram of each piece.
    Check { file: PathBuf },
}

pub fn run(command: &VariantCommand) -> Result<(), CliError> {
    match command {
        VariantCommand::Export { game } => {
            let v = input::variant(game)?;
            out!("{}", jovian_rules::file::game_to_toml(v).map_err(CliError)?);
        }
        VariantCommand::Pieces { game } => {
            let v = input::variant(game)?;
            out!("{}", jovian_rules::file::pieces_to_toml(&v.pieces));
        }
        VariantCommand::Check { file } => {
            let v = input::variant_file(file)?;
            out!("{}", summary(v));
        }
    }
    Ok(())
}

/// The game a file defines, in short, then each piece with its diagram.
fn summary(v: &'static Variant) -> String {
    let mut out = String::new();
    let royal = v.pieces.iter().filter(|p| p.royal).count();
    let hooked = v.pieces.iter().filter(|p| !p.specials.is_empty()).count();
    let _ = writeln!(
        out,
        "{} ({}): {}x{} board, {} piece types ({royal} royal, {hooked} with hooks)",
        v.title,
        v.id,
        v.geometry.width,
        v.geometry.height,
        v.pieces.len()
    );
    let r = &v.rules;
    if v.powers {
        let powers: Vec<String> = (v.kinds())
            .filter(|&k| v.spec(k).specials.iter().any(|s| s.is_power_hook()))
            .map(|k| format!("{} ({})", v.spec(k).name, v.abbr(k)))
            .collect();
        let _ = writeln!(
            out,
            "Powers of the 12x8 game (code: docs/rules/larger-board.md): {}",
            powers.join(", ")
        );
    }
    let _ = writeln!(
        out,
        "Rules: losing every royal piece loses: {}; a lone piece loses: {}; a third \
         repetition is illegal: {}",
        yes(r.royal_capture_loses),
        yes(r.bare_piece_loses),
        yes(r.third_repetition_illegal)
    );
    if r.promotion_moves == jovian_rules::shogi_rules::PromotionMoves::EntryOrCapture {
        let _ = writeln!(
            out,
            "Promotion: on a move that enters the zone, or captures having started in it, or \
             after which the piece could never move again (Chu Shogi's); always a choice"
        );
    }
    if let Some(t) = &r.lion_trading {
        let names = |set: &jovian_rules::shogi_rules::KindSet| {
            set.kinds()
                .map(|k| v.abbr(k))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(
            out,
            "Lion trading (Chu Shogi's): Lions {}; no bridge: {}",
            names(&t.lions),
            names(&t.no_bridge)
        );
    }
    if let Some(d) = &r.drops {
        let names = |kinds: &mut dyn Iterator<Item = jovian_rules::PieceKind>| {
            kinds.map(|k| v.abbr(k)).collect::<Vec<_>>().join(", ")
        };
        let ranks: Vec<String> = (d.kinds().iter().enumerate())
            .filter_map(|(slot, &k)| {
                let list = d.restricted_ranks(slot, v.geometry.height)?;
                let list: Vec<String> = list.iter().map(u8::to_string).collect();
                Some(format!("{} on ranks {}", v.abbr(k), list.join(",")))
            })
            .collect();
        let _ = writeln!(
            out,
            "Drops: hands hold {}; captured pieces {}; one a file: {}; no mating drop: {}{}",
            names(&mut d.kinds().iter().copied()),
            if d.all_captures_to_hand() {
                "join the captor's hand, unpromoted".to_string()
            } else if d.captures_to_hand.is_empty() {
                "leave the game".to_string()
            } else {
                format!(
                    "leave the game but {}, which join the captor's hand",
                    names(&mut d.captures_to_hand.kinds())
                )
            },
            Some(names(&mut d.one_per_file.kinds()))
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| "-".to_string()),
            Some(names(&mut d.no_drop_mate.kinds()))
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| "-".to_string()),
            if ranks.is_empty() {
                String::new()
            } else {
                format!(
                    "; only {} (counted from the dropping side)",
                    ranks.join(", ")
                )
            }
        );
        let mut placed = Vec::new();
        for (slot, &k) in d.kinds().iter().enumerate() {
            let pairs = d.pairs[slot].as_slice();
            if !pairs.is_empty() {
                let squares: Vec<String> = (pairs.iter())
                    .map(|&(a, b)| format!("{}+{}", v.square_name(a), v.square_name(b)))
                    .collect();
                placed.push(format!("{} in pairs on {}", v.abbr(k), squares.join(" ")));
            }
            if d.place[slot] != jovian_rules::drop_rules::DropPlace::Anywhere {
                placed.push(format!("{} {}", v.abbr(k), d.place[slot].name()));
            }
        }
        if d.after_royals_moved {
            placed.push("open once both royal pieces have moved".to_string());
        }
        if d.until_royal_on_last_rank {
            placed.push("closed once a royal piece reaches its last rank".to_string());
        }
        if !d.answer_pairs.is_empty() {
            placed.push(format!(
                "pairs answered: {}",
                names(&mut d.answer_pairs.kinds())
            ));
        }
        if !placed.is_empty() {
            let _ = writeln!(out, "Drop places: {}", placed.join("; "));
        }
    }
    if let Some(c) = &v.chess_rules {
        let letters: String = c.castlings.iter().map(|c| c.letter()).collect();
        let limits = (v.pieces.iter().enumerate())
            .filter(|&(i, _)| c.promotion_limits.get(i).is_some_and(|&n| n > 0))
            .map(|(i, p)| format!("{} {}", p.abbr, c.promotion_limits[i]))
            .collect::<Vec<_>>();
        let _ = writeln!(
            out,
            "Chess rules: check, checkmate wins, stalemate {}; castlings: {}; promotion {}{}; \
             fifty-move rule: {}; third repetition draws: {}",
            match c.stalemate {
                jovian_rules::chess_rules::StalemateResult::Draw => "draws",
                jovian_rules::chess_rules::StalemateResult::Loss => "loses",
                jovian_rules::chess_rules::StalemateResult::Win => "wins",
            },
            if letters.is_empty() {
                "none".to_string()
            } else {
                letters
            },
            if c.promotion_optional {
                "optional"
            } else {
                "compulsory"
            },
            if limits.is_empty() {
                String::new()
            } else {
                format!(" (limits: {})", limits.join(", "))
            },
            c.fifty_move_plies
                .map_or("no".to_string(), |n| format!("{n} plies")),
            yes(c.repetition_draws)
        );
    }
    if let Some(setup) = Setup::named(v, v.setups.default) {
        let count = |c: Color| setup.pieces.iter().filter(|p| p.0 == c).count();
        let _ = writeln!(
            out,
            "Arrays: {} (default {:?}: {} pieces a side)",
            v.setups.help,
            v.setups.default,
            count(Color::Blue)
        );
    }
    // The hash its records carry: a designer sees at once whether a change to the file made
    // another game (whose older records `validate` refuses).
    let _ = writeln!(
        out,
        "Definition hash: {} (carried by its records; docs/variants.md)",
        v.definition_hash()
    );
    out += "Diagrams: the piece in the middle, Blue moving up; o moves there, x captures there, \
            * either, h gets there by hopping a piece (a cannon's capture, a grasshopper's \
            leap), + another power there (takes from afar, lends...); ... goes on.\n";
    for kind in v.kinds() {
        let spec = v.spec(kind);
        let _ = writeln!(out, "\n{} ({}): {}", spec.name, spec.abbr, spec.description);
        out += &diagram_text(v, kind);
        if !spec.specials.is_empty() {
            let hooks: Vec<String> = spec.specials.iter().map(hook_text).collect();
            let _ = writeln!(out, "  hooks: {}", hooks.join(", "));
        }
        if spec.unhoppable {
            let _ = writeln!(out, "  unhoppable: no enemy cannon hops over it");
        }
        if let Some(other) = spec.flips_to.and_then(|a| v.kind_by_abbr(a)) {
            let _ = writeln!(
                out,
                "  flips: into {} ({}) after any of its moves, or instead of moving",
                v.spec(other).name,
                v.abbr(other)
            );
        }
        if !spec.captured_only_by.is_empty() {
            let captors: Vec<String> = (spec.captured_only_by.iter())
                .filter_map(|a| v.kind_by_abbr(a))
                .map(|k| format!("{} ({})", v.spec(k).name, v.abbr(k)))
                .collect();
            let _ = writeln!(out, "  captured only by: {}", captors.join(", "));
        }
    }
    out
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// A piece's diagram (the browser's, `jovian_web::diagram`) as text.
fn diagram_text(v: &'static Variant, kind: jovian_rules::PieceKind) -> String {
    let d = jovian_web::diagram::diagram(v, kind);
    let r = d.radius.min(4);
    let mut out = String::new();
    for dy in (-r..=r).rev() {
        out += "  ";
        for dx in -r..=r {
            let marks = d.marks_at(dx, dy);
            let c = if (dx, dy) == (0, 0) {
                '@'
            } else if marks.is_empty() {
                '.'
            } else if marks.contains(&"move") && marks.contains(&"capture") {
                '*'
            } else if marks.contains(&"hop") {
                'h'
            } else if marks.contains(&"move") {
                'o'
            } else if marks.contains(&"capture") {
                'x'
            } else {
                '+'
            };
            out.push(c);
            out.push(' ');
        }
        out.push('\n');
    }
    let rays: Vec<String> = d
        .rays
        .iter()
        .map(|ray| {
            let reach = ray
                .range
                .map_or("to the edge".to_string(), |n| format!("{n} steps"));
            format!("({},{}) {} {reach}", ray.dx, ray.dy, ray.kind)
        })
        .collect();
    if !rays.is_empty() {
        let _ = writeln!(out, "  ... {}", rays.join("; "));
    }
    if !d.notes.is_empty() {
        let _ = writeln!(out, "  {}", d.notes.join("; "));
    }
    out
}
