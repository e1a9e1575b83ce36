//! How a game ends: the texts' victory conditions, and the 12x8 game's checkmate and draws.

use crate::geometry::Color;
use crate::position::Position;

/// Why the game ended: why a side lost, or (the 12x8 game) why it is drawn.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum WinReason {
    /// The loser's last royal piece was captured.
    RoyalCaptured,
    /// The loser was reduced to a single piece.
    Bared,
    /// The loser had no legal move on its turn (stalemate, or every move would repeat a position a
    /// third time).
    NoLegalMove,
    /// The loser is checkmated (the 12x8 game).
    Checkmate,
    /// Draw: the side to move has no legal move and is not in check.
    Stalemate,
    /// Draw: a position occurred for the third time (perpetual check included).
    Repetition,
    /// Draw: 100 plies without a capture, a Pawn move or a drop.
    FiftyMoves,
    /// Draw: only the Kings are left and nothing can be dropped.
    BareKings,
}

impl WinReason {
    pub fn describe(self) -> &'static str {
        match self {
            WinReason::RoyalCaptured => "royal piece captured",
            WinReason::Bared => "reduced to a single piece",
            WinReason::NoLegalMove => "no legal move",
            WinReason::Checkmate => "checkmate",
            WinReason::Stalemate => "stalemate",
            WinReason::Repetition => "third repetition",
            WinReason::FiftyMoves => "fifty-move rule",
            WinReason::BareKings => "bare Kings",
        }
    }
}

/// A finished game: won by `winner`, or drawn (`winner` is `None`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: WinReason,
}

impl Outcome {
    pub fn win(winner: Color, reason: WinReason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }
    pub fn draw(reason: WinReason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }
    pub fn loser(self) -> Option<Color> {
        self.winner.map(Color::other)
    }
    pub fn is_draw(self) -> bool {
        self.winner.is_none()
    }
    /// The PGN-style result: `1-0` when the first side wins, `0-1` when the second does,
    /// `1/2-1/2` for a draw.
    pub fn result_text(self) -> &'static str {
        match self.winner {
            Some(Color::Blue) => "1-0",
            Some(Color::Tan) => "0-1",
            None => "1/2-1/2",
        }
    }
    /// "White wins (checkmate)", "Blue wins (royal piece captured)", "Draw (stalemate)".
    pub fn describe(self, v: &crate::variant::Variant) -> String {
        match self.winner {
            Some(w) => format!("{} wins ({})", v.side_title(w), self.reason.describe()),
            None => format!("Draw ({})", self.reason.describe()),
        }
    }
}

impl Position {
    /// The game end decided by the pieces on the board alone: a side without royal pieces or
    /// reduced to one piece has lost. The side to move is examined first: if a move left both sides
    /// lost, the side that made it wins (it completed its capture first; see docs/rules).
    pub fn material_outcome(&self) -> Option<Outcome> {
        let rules = self.variant().rules;
        // The check games (checkmate ends them, not a capture) have neither rule.
        if !rules.ends_by_material() {
            return None;
        }
        let to_move = self.side_to_move();
        for loser in [to_move, to_move.other()] {
            if rules.royal_capture_loses && self.royal_count(loser) == 0 {
                return Some(Outcome::win(loser.other(), WinReason::RoyalCaptured));
            }
            if rules.bare_piece_loses && self.piece_count(loser) <= 1 {
                return Some(Outcome::win(loser.other(), WinReason::Bared));
            }
        }
        None
    }

    /// The square a 12x8 promotion names: where the new Assassin appears or the new Thunder
    /// explodes (`P-d8=As@f7`). `None` for every other move.
    pub fn named_square(&self, m: crate::Move) -> Option<crate::Square> {
        use crate::layer_kinds::Role;
        let kinds = &self.variant().layer_kinds;
        (self.variant().powers
            && m.kind == crate::MoveKind::Normal
            && m.promotion()
                .is_some_and(|k| matches!(kinds.role(k.0), Role::Assassin | Role::Thunder)))
        .then_some(crate::Square(m.aux[0]))
    }

    /// The square of the side to move's royal piece that stands in check (the first found, if
    /// several do), in a game with a check rule; `None` when none is, or in the games without.
    pub fn royal_in_check_square(&self) -> Option<crate::Square> {
        let v = self.variant();
        let us = self.side_to_move();
        if !v.check_rule() {
            return None;
        }
        (self.side_cells(us).iter())
            .map(|&c| c as usize)
            .find(|&c| v.is_royal(self.cell(c)) && self.square_attacked(c, us.other()))
            .map(crate::Square::from_cell)
    }

    /// Whether the side to move is in check, in a game with a check rule (the 12x8 game, a file with `check = true`);
    /// `None` in the games where moving into attack is legal.
    pub fn in_check(&self) -> Option<bool> {
        (self.variant().check_rule()).then(|| self.royal_in_check(self.side_to_move()))
    }

    /// The game's result once `legal_moves` has returned no move, found without generating the
    /// moves again (for search): a draw by rule, checkmate or stalemate in the 12x8 game, a loss
    /// for the side to move elsewhere.
    pub fn outcome_without_moves(&self) -> Outcome {
        let us = self.side_to_move();
        if self.variant().check_rule() {
            return match self.draw_by_rule() {
                Some(reason) => Outcome::draw(reason),
                None => self.checkmate_or_stalemate(),
            };
        }
        self.material_outcome()
            .unwrap_or(Outcome::win(us.other(), WinReason::NoLegalMove))
    }

    /// The game's result if it is over, `None` while the side to move has a legal move.
    pub fn outcome(&mut self) -> Option<Outcome> {
        if let Some(o) = self.material_outcome() {
            return Some(o);
        }
        if self.variant().check_rule() {
            // Checkmate and stalemate come first: a move that mates on the hundredth ply wins.
            let mut moves = Vec::new();
            self.pseudo_legal_moves(&mut moves);
            self.keep_safe_moves(&mut moves);
            if moves.is_empty() {
                return Some(self.checkmate_or_stalemate());
            }
            return self.draw_by_rule().map(Outcome::draw);
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            return Some(Outcome::win(
                self.side_to_move().other(),
                WinReason::NoLegalMove,
            ));
        }
        None
    }

    /// The end of a game with `chess_rules` when the side to move has no legal move: checkmate
    /// if a royal piece is attacked, else stalemate with the game's result for it.
    fn checkmate_or_stalemate(&self) -> Outcome {
        let us = self.side_to_move();
        if self.royal_in_check(us) {
            return Outcome::win(us.other(), WinReason::Checkmate);
        }
        self.stalemate_outcome()
    }

    /// The result of a stalemate (no legal move, not in check): the game's rule for it, a draw
    /// by default (International Chess).
    fn stalemate_outcome(&self) -> Outcome {
        use crate::chess_rules::StalemateResult;
        let us = self.side_to_move();
        let stalemate =
            (self.variant().chess_rules.as_ref()).map_or(StalemateResult::Draw, |r| r.stalemate);
        match stalemate {
            StalemateResult::Draw => Outcome::draw(WinReason::Stalemate),
            StalemateResult::Loss => Outcome::win(us.other(), WinReason::Stalemate),
            StalemateResult::Win => Outcome::win(us, WinReason::Stalemate),
        }
    }
}
