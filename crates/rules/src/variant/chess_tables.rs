//! The check rules' tables of a variant, built once when a game switches them on: who can attack
//! a square along which line (`AttackLines`), where a piece may stand on a line through a royal
//! piece, and which castling rights a move from or to a square spoils.

use super::{CELLS, Color, MAX_SIDE, Variant};

impl Variant {
    /// Switches on the check rules and their mechanisms (see `chess_rules`).
    pub fn with_chess_rules(mut self, rules: crate::chess_rules::ChessRules) -> Variant {
        self.build_attack_tables();
        self.chess_rules = Some(rules);
        self.build_castle_spoilers();
        self.has_chess_rules = true;
        self.keeps_state = true;
        self
    }

    /// The check rules of a game on the 12x8 layer (its file's `[rules]` and `[[castling]]`):
    /// the layer's code reads them, so the general code stays off (`has_chess_rules`).
    pub(crate) fn with_layer_rules(mut self, rules: crate::chess_rules::ChessRules) -> Variant {
        self.chess_rules = Some(rules);
        self.build_castle_spoilers();
        self
    }

    /// `castle_spoilers`: by cell, the castlings whose King or Rook starts there.
    fn build_castle_spoilers(&mut self) {
        self.castle_spoilers = vec![0; CELLS];
        let castlings = self
            .chess_rules
            .as_ref()
            .map_or(&[][..], |r| &r.castlings[..]);
        for (i, c) in castlings.iter().enumerate() {
            self.castle_spoilers[c.king_from.cell()] |= 1 << i;
            self.castle_spoilers[c.rook_from.cell()] |= 1 << i;
        }
    }

    /// The tables a check test reads: `plain_attacks`, each side's attackers by line
    /// (`attack_lines`), its capturing ride steps and `enemy_lines`. Built from the types'
    /// Betza tables, for the check rules and for the 12x8 game's layer (whose plain types
    /// move and attack by their tables).
    pub(crate) fn build_attack_tables(&mut self) {
        let on_lines = |c: &super::CompiledPiece| {
            c.bents.is_empty()
                && c.hop_captures.is_empty()
                && c.iguis.is_empty()
                && c.relay.is_none()
                && !c.has_hooks
                && c.arrival.is_none()
                && c.latent == 0
        };
        self.plain_attacks = self
            .compiled
            .iter()
            .all(|c| on_lines(c) && c.jupiter.is_none());
        // Cannons too: their hops are read along the queen lines (`AttackLines::hoppers`).
        let cannons_only = |kind: usize| {
            (self.pieces.get(kind)).is_none_or(|spec| {
                (spec.specials.iter()).all(|s| matches!(s, crate::piece::Special::Cannon { .. }))
            })
        };
        self.line_attacks = (self.compiled.iter().enumerate()).all(|(code, c)| {
            on_lines(c) && (c.jupiter.is_none() || cannons_only(code.saturating_sub(1) >> 1))
        });
        self.enemy_lines = vec![0; 2 * CELLS];
        for (code, c) in self.compiled.iter().enumerate().skip(1) {
            let side = crate::piece::code_color_index(code as crate::piece::Code);
            let lines = &mut self.attack_lines[side];
            for ride in &c.rides {
                if !ride.mode.can_capture() {
                    continue;
                }
                if !self.ride_steps[side].contains(&ride.step) {
                    self.ride_steps[side].push(ride.step);
                }
                let i = match lines.rides.iter().position(|r| r.0 == ride.step) {
                    Some(i) => i,
                    None => {
                        lines
                            .rides
                            .push((ride.step, Default::default(), Vec::new()));
                        lines.rides.len() - 1
                    }
                };
                let code = code as crate::piece::Code;
                if ride.min <= 1 && ride.max == 0 {
                    lines.rides[i].1.insert(code);
                } else {
                    lines.rides[i].2.push((code, ride.min, ride.max));
                }
                // Where a piece could stand on a line along this step through a royal piece of
                // the other side: on either side of it, since a one-way rider (a Lance) comes
                // from behind the pieces that block it.
                for k in 1..MAX_SIDE as isize {
                    for diff in [k * ride.step, -k * ride.step] {
                        if let Some(bits) =
                            self.enemy_lines.get_mut((diff + CELLS as isize) as usize)
                        {
                            *bits |= 1 << side;
                        }
                    }
                }
            }
            for &(step, max, mode) in c.jupiter.iter().flat_map(|j| &j.cannons) {
                let toward = crate::geometry::QUEEN_STEPS
                    .iter()
                    .position(|&d| d == -step);
                if let Some(d) = toward.filter(|_| mode.can_capture()) {
                    lines.hoppers[d].push((code as crate::piece::Code, max));
                    lines.hopper_rays |= 1 << d;
                    if max == 0 {
                        lines.far_hoppers[d].insert(code as crate::piece::Code);
                    }
                }
            }
            for &(off, mode) in &c.leaps {
                if !mode.can_capture() {
                    continue;
                }
                let code = code as crate::piece::Code;
                match lines.leaps.iter_mut().find(|(o, _)| *o == off) {
                    Some((_, codes)) => codes.insert(code),
                    None => {
                        let mut codes = crate::chess_rules::CodeSet::default();
                        codes.insert(code);
                        lines.leaps.push((off, codes));
                    }
                }
            }
        }
        // The pieces no enemy cannon may hop, listed with the cannons' side.
        for (code, c) in self.compiled.iter().enumerate().skip(1) {
            if c.unhoppable {
                let side = crate::piece::code_color_index(code as crate::piece::Code);
                self.attack_lines[1 - side]
                    .unhoppable
                    .insert(code as crate::piece::Code);
            }
        }
        for lines in &mut self.attack_lines {
            for (i, &(step, _, _)) in lines.rides.iter().enumerate() {
                match crate::geometry::QUEEN_STEPS
                    .iter()
                    .position(|&d| d == -step)
                {
                    Some(d) => lines.toward[d] = Some(i as u8),
                    None => lines.other_rides.push(i as u8),
                }
            }
        }
    }

    /// `color`'s attackers of a square by line (with `chess_rules` or the 12x8 layer only).
    #[inline]
    pub fn attack_lines(&self, color: Color) -> &crate::chess_rules::AttackLines {
        &self.attack_lines[color.index()]
    }

    /// Whether a piece on a cell `diff` away from a royal piece of the other side may stand on
    /// a line along which `attacker`'s types ride (with `chess_rules` only; see `enemy_lines`).
    #[inline(always)]
    pub fn maybe_on_line(&self, diff: isize, attacker: Color) -> bool {
        self.enemy_lines
            .get((diff + CELLS as isize) as usize)
            .is_some_and(|&bits| bits >> attacker.index() & 1 == 1)
    }

    /// Whether no move may leave the mover's royal piece attacked: the general check rules, or
    /// a game with the 12x8 game's powers (whose pieces add their attacks: `movegen/check.rs`).
    #[inline(always)]
    pub fn check_rule(&self) -> bool {
        self.has_chess_rules || self.powers
    }

    /// The plies without a capture or a pawn's move that draw, in a game with the check rules
    /// and that rule (`ChessRules::fifty_move_plies`).
    pub fn fifty_move_plies(&self) -> Option<u16> {
        self.chess_rules.as_ref().and_then(|r| r.fifty_move_plies)
    }

    /// The castling rights (bits) lost by a move from or to `cell` (with `chess_rules` only).
    #[inline(always)]
    pub fn castle_spoilers(&self, cell: usize) -> u8 {
        self.castle_spoilers.get(cell).copied().unwrap_or(0)
    }

    /// The steps along which `color`'s types ride and capture (with `chess_rules` only).
    #[inline]
    pub fn chess_ride_steps(&self, color: Color) -> &[isize] {
        &self.ride_steps[color.index()]
    }
}
