//! Questions a board asks for its players, not for search: which moves the repetition rule bars,
//! what a piece could do if its side were to move, which moves lose at once, and which royal
//! piece the opponent could take now. Each costs a few move generations; none is on a hot path.

use crate::geometry::{Color, Square};
use crate::moves::Move;
use crate::position::Position;
use crate::status::{Outcome, WinReason};

/// Why a move the pieces could make (a pseudo-legal move) is not a legal move here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Barred {
    /// The game is over: no move is legal.
    GameOver,
    /// It would make a position occur a third time (Scirocco, Typhoon, Jupiter).
    Repetition,
    /// It would leave the mover's King in check (a game with the check rule).
    KingInCheck,
    /// A castling King would leave, cross or enter an attacked square.
    CastlingThroughCheck,
    /// A drop of a type that may not give mate (the file's `no_drop_mate`) would checkmate.
    DropMate,
    /// The Lion-trading rules forbid this capture of a Lion (Chu Shogi: a protected Lion taken
    /// from afar, or a Lion taken by another piece right after a Lion was so taken).
    LionTrade,
    /// The mover owes a Halfling pair that the opponent has dropped and can drop it now, which it
    /// must (the 12x8 game): this is one such drop.
    OwedPair(Move),
    /// The first part of a doubled turn after which no second part would be legal.
    NoSecondPart,
}

impl Position {
    /// Why `m`, a pseudo-legal move, is not legal; `None` if it is legal. For a board and a move
    /// reader to say the real reason a move is refused.
    pub fn why_barred(&mut self, m: Move) -> Option<Barred> {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if legal.contains(&m) {
            return None;
        }
        let us = self.side_to_move();
        if self.mid_turn().is_none() && self.material_outcome().is_some() {
            return Some(Barred::GameOver);
        }
        if self.variant().check_rule() {
            if self.draw_by_rule().is_some() {
                return Some(Barred::GameOver);
            }
            let castle = m.kind == crate::moves::MoveKind::Castle;
            // The 12x8 game tests the King's way with the King on each square passed.
            let way_safe = |pos: &mut Position| {
                if pos.variant().powers {
                    pos.castling_path_safe(m, us)
                } else {
                    pos.castle_way_safe(m)
                }
            };
            if castle && !way_safe(self) {
                return Some(Barred::CastlingThroughCheck);
            }
            self.make(m);
            let in_check = self.royal_attacked(us);
            self.unmake();
            if in_check {
                return Some(if castle {
                    Barred::CastlingThroughCheck
                } else {
                    Barred::KingInCheck
                });
            }
            if self.is_forbidden_drop_mate(m) {
                return Some(Barred::DropMate);
            }
        }
        if let Some(drops) = &self.variant().rules.drops {
            let owed = self.owed_pairs(drops, us);
            if let Some(&drop) = legal.iter().find(|&&d| drops.is_owed_drop(d, owed)) {
                return Some(Barred::OwedPair(drop));
            }
        }
        if self.variant().rules.lion_trading.is_some() {
            let mut alone = vec![m];
            self.keep_lawful_lion_captures(&mut alone);
            if alone.is_empty() {
                return Some(Barred::LionTrade);
            }
        }
        if self.repetition_possible() && !self.is_irreversible(m) && self.would_repeat_thrice(m) {
            return Some(Barred::Repetition);
        }
        // What is left: a first part of a doubled turn that no second part could follow, or
        // nothing a move could do here.
        self.make(m);
        let first_part = self.mid_turn().is_some();
        self.unmake();
        Some(if first_part {
            Barred::NoSecondPart
        } else {
            Barred::GameOver
        })
    }

    /// The moves that would be legal but for the rule that a position may not occur a third
    /// time (Scirocco, Typhoon and Jupiter): a board shows why they are not offered. Empty in
    /// the 12x8 game, where a repetition is a draw.
    pub fn barred_by_repetition(&mut self) -> Vec<Move> {
        if !self.repetition_possible() {
            return Vec::new();
        }
        if self.mid_turn().is_none() && self.material_outcome().is_some() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        self.pseudo_legal_moves(&mut moves);
        moves.retain(|&m| !self.is_irreversible(m) && self.would_repeat_thrice(m));
        moves
    }

    /// The same position with `color` to move (no history: repetition is not counted), or `None`
    /// when the rules refuse it (in the 12x8 game, the other side would be in check).
    pub fn as_if_to_move(&self, color: Color) -> Option<Position> {
        if self.side_to_move() == color {
            return Some(self.clone());
        }
        if self.mid_turn().is_some() {
            return None;
        }
        let mut setup = self.to_setup();
        setup.to_move = color;
        if let Some(state) = setup.chess.as_mut() {
            // An en passant chance belongs to the side that was to move.
            state.ep_passed = crate::geometry::SquareSet::EMPTY;
            state.ep_target = crate::position::NO_SQUARE;
        }
        Position::from_setup(&setup).ok()
    }

    /// How the opponent could win with its very next move if the side to move played `m`: its
    /// reply captures the mover's last royal piece or bares it. `None` if no reply wins at once,
    /// in the games where neither ends the game (the check games: checkmate does), and for a move
    /// that ends the game itself.
    pub fn loss_after(&mut self, m: Move) -> Option<WinReason> {
        if !self.variant().rules.ends_by_material() {
            return None;
        }
        let us = self.side_to_move();
        self.make(m);
        let found = self.winning_reply(us);
        self.unmake();
        found
    }

    /// How the side to move could win at once against `loser` (`None` while `loser` is still to
    /// move, in the middle of its doubled turn, or once the game is over).
    fn winning_reply(&mut self, loser: Color) -> Option<WinReason> {
        if self.material_outcome().is_some() || self.side_to_move() == loser {
            return None;
        }
        let mut replies = Vec::new();
        self.legal_moves(&mut replies);
        for r in replies {
            self.make(r);
            let end = self.material_outcome();
            self.unmake();
            if let Some(Outcome {
                winner: Some(w),
                reason,
            }) = end
                && w != loser
            {
                return Some(reason);
            }
        }
        None
    }

    /// The side to move's royal pieces the opponent could capture now, where that capture would
    /// end the game (its last royal piece): the squares a board marks in games without check.
    pub fn royals_in_danger(&self) -> Vec<Square> {
        let v = self.variant();
        if !v.rules.royal_capture_loses {
            return Vec::new();
        }
        let us = self.side_to_move();
        if self.royal_count(us) != 1 {
            return Vec::new();
        }
        let Some(mut theirs) = self.as_if_to_move(us.other()) else {
            return Vec::new();
        };
        let mut replies = Vec::new();
        theirs.legal_moves(&mut replies);
        let royal = self
            .pieces()
            .find(|&(c, k, _)| c == us && v.spec(k).royal)
            .map(|(_, _, sq)| sq);
        let Some(royal) = royal else {
            return Vec::new();
        };
        replies
            .into_iter()
            .any(|r| theirs.captures_of(r).contains(&royal))
            .then_some(vec![royal])
            .unwrap_or_default()
    }
}
