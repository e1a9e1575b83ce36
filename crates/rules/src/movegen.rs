//! Move generation: the hot path of everything. Pseudo-legal moves come from each piece's compiled
//! tables and hooks; legal moves remove those the game's rules forbid (for Scirocco only the
//! repetition rule). Nothing here allocates: the caller owns the move list.

use crate::geometry::{Color, Square, offset};
use crate::moves::{Move, MoveKind};
use crate::piece::{Code, EMPTY, OFFBOARD, PieceKind, code_color_index, latent};
use crate::position::Position;
use crate::position::SquareSet;

mod attack;
mod check;
mod chess_rules;
mod doubled;
mod drops;
mod jupiter;
mod noisy;
mod pawns;
mod promotion_rule;
mod relay;
mod shogi_rules;
mod special;

use crate::geometry::QUEEN_STEPS;
const KNIGHT_LEAPS: [isize; 8] = [
    offset(1, 2),
    offset(2, 1),
    offset(2, -1),
    offset(1, -2),
    offset(-1, -2),
    offset(-2, -1),
    offset(-2, 1),
    offset(-1, 2),
];

/// What a target cell holds, from the mover's point of view.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Target {
    Empty,
    Enemy,
    Blocked,
}

#[inline(always)]
fn classify(code: Code, us: usize) -> Target {
    if code == EMPTY {
        Target::Empty
    } else if code == OFFBOARD || code_color_index(code) == us {
        Target::Blocked
    } else {
        Target::Enemy
    }
}

#[inline(always)]
fn at(cell: usize, off: isize) -> usize {
    cell.wrapping_add_signed(off)
}

/// Pushes a move, and its promoting twin when the piece may promote on it.
#[inline(always)]
fn push_with_promotion(
    out: &mut Vec<Move>,
    m: Move,
    promotion: Option<PieceKind>,
    may_promote: bool,
) {
    out.push(m);
    if may_promote && let Some(kind) = promotion {
        out.push(m.with_promotion(kind));
    }
}

/// A flip piece's moves: each of its moves from `start` on again, ending in the `other` state,
/// and the flip in place (a quiet move, so not in a `noisy` list).
#[inline(never)]
fn flip_twins(from: Square, other: PieceKind, start: usize, noisy: bool, out: &mut Vec<Move>) {
    for i in start..out.len() {
        let m = out[i];
        if m.promotion().is_none() {
            out.push(m.with_promotion(other));
        }
    }
    if !noisy {
        out.push(Move::new(MoveKind::Flip, from, from).with_promotion(other));
    }
}

impl Position {
    /// Every move the side to move could make ignoring the repetition rule and game end. In the
    /// middle of a doubled turn, the doubled piece's second parts.
    pub fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        self.pseudo_moves::<false>(out);
        if self.variant().has_chess_rules {
            self.settle_promotions(self.side_to_move(), out);
        }
        self.settle_shogi_promotions(out);
        // A drop is a whole turn: none in the middle of a doubled one. (With the 12x8 game's
        // powers the drops came with the moves: `pseudo_moves`.)
        if let Some(drops) = &self.variant().rules.drops
            && self.mid_turn().is_none()
            && !self.variant().powers
        {
            self.hand_drops(drops, out);
        }
    }

    /// `pseudo_legal_moves`, or with `NOISY` a shorter list that still holds every move of it
    /// that captures, promotes or converts, in the same order: the pieces with only table moves
    /// skip their plain steps to empty squares (the rest are filtered by the caller).
    #[inline(always)]
    fn pseudo_moves<const NOISY: bool>(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.mid_turn().is_some() {
            self.second_parts(out);
            return;
        }
        let us = self.side_to_move();
        let mut relayers = [0u16; 8];
        let mut relayer_count = 0;
        let immobilizers = self.immobilizers_against(us);
        let doubled = if self.variant().latent & latent::DOUBLER != 0 {
            self.doubled()
        } else {
            SquareSet::default()
        };
        let any_doubled = !doubled.is_empty();
        // The check rules' pawns, and the 12x8 layer's exotic types and bewitched pieces, are
        // listed apart (`mechanism_piece_moves`).
        let layer = self.variant().powers;
        let mechanisms = layer || self.variant().has_chess_rules;
        // Castlings follow their King's own moves (`castlings_from`).
        let castles = mechanisms && self.state().castle != 0;
        for &cell in self.side_cells(us) {
            let cell = cell as usize;
            // A paralysed piece's only move of its own is to capture itself; it relays nothing.
            if immobilizers && self.is_immobilized(cell, us) {
                out.push(Move::suicide(Square::from_cell(cell)));
                continue;
            }
            if mechanisms && self.mechanism_piece_moves(cell, us, out) {
                continue;
            }
            let start = out.len();
            if self.piece_moves::<NOISY>(cell, us, out) && relayer_count < relayers.len() {
                relayers[relayer_count] = cell as u16;
                relayer_count += 1;
            }
            if any_doubled && doubled.contains(Square::from_cell(cell)) {
                self.add_continuations(start, out);
            }
            if castles && self.variant().is_royal(self.cell(cell)) {
                // The layer's legal filter tests the King's way its own way.
                if layer {
                    self.castlings_from(cell, us, out);
                } else {
                    self.safe_castlings_from(cell, us, out);
                }
            }
        }
        // All relayed moves, from every relayer, follow this index; each is checked against all
        // of them so that a move lent by two relayers is listed once.
        let relay_start = out.len();
        if relayer_count > 0 {
            for &cell in &relayers[..relayer_count] {
                self.relayed_moves::<NOISY>(cell as usize, us, out, relay_start);
            }
        }
        // More than eight relayers of one side (possible only in a composed position): the rest.
        // They share `relay_start` with the first eight (a fresh start here listed a move lent
        // both by one of the first eight and by a later relayer twice).
        if relayer_count == relayers.len() {
            let mut seen = 0;
            for &cell in self.side_cells(us) {
                let cell = cell as usize;
                if self.variant().compiled(self.cell(cell)).relay.is_some()
                    && !(immobilizers && self.is_immobilized(cell, us))
                {
                    seen += 1;
                    if seen > relayers.len() {
                        self.relayed_moves::<NOISY>(cell, us, out, relay_start);
                    }
                }
            }
        }
        if any_doubled {
            let end = out.len();
            for i in relay_start..end {
                if doubled.contains(out[i].from) {
                    self.add_continuation(out[i], out);
                }
            }
        }
        // In a game with the 12x8 game's powers the drops follow every piece's moves, in the
        // noisy list too (`is_noisy`).
        if layer && let Some(drops) = &self.variant().rules.drops {
            self.hand_drops(drops, out);
        }
    }

    /// Lists the moves of the piece on `cell` and returns true where a mechanism gives them: a
    /// pawn under the check rules (`movegen/pawns.rs`), or what the 12x8 layer's hook lists.
    /// False for the other pieces, whose moves are their tables' (`piece_moves`). Kept out of
    /// the hot loop, which the games without these rules run alone.
    #[inline(never)]
    fn mechanism_piece_moves(&self, cell: usize, us: Color, out: &mut Vec<Move>) -> bool {
        if self.variant().powers {
            return self.layer_piece_moves(cell, us, out);
        }
        if self.variant().chess_piece(self.cell(cell)).pawn.is_some() {
            self.pawn_moves(cell, us, out);
            return true;
        }
        false
    }

    /// `piece_moves` for the rare callers (second parts, the "already has" test), kept out of
    /// line so that the hot loop of `pseudo_legal_moves` keeps its own inlined copy.
    #[inline(never)]
    pub(super) fn piece_moves_outlined(&self, from: usize, us: Color, out: &mut Vec<Move>) -> bool {
        self.piece_moves::<false>(from, us, out)
    }

    /// The piece's own moves. Returns true if the piece relays powers to others. With `NOISY`,
    /// the table part of a piece that does not capture on arrival leaves out its non-promoting
    /// moves to empty squares, which never capture (its hooks still list theirs, which the
    /// caller filters).
    #[inline(always)]
    fn piece_moves<const NOISY: bool>(&self, from: usize, us: Color, out: &mut Vec<Move>) -> bool {
        let v = self.variant();
        let ui = us.index();
        let cp = v.compiled(self.cell(from));
        let from_sq = Square::from_cell(from);
        let start = out.len();
        let promotion = cp.promotes_to;
        let from_zone = promotion.is_some() && v.in_zone(us, from);
        let may_promote = |to: usize| from_zone || (promotion.is_some() && v.in_zone(us, to));
        // A move to an empty square that carries no promotion takes nothing, unless its piece
        // captures on arrival (then it is an `Arrival` move, below). Hooked pieces' area moves
        // that reach such a square again are quiet too, whether listed or not.
        let skip_quiet = NOISY && cp.arrival.is_none();
        let wanted_quiet = |to: usize| !skip_quiet || may_promote(to);

        for &(off, mode) in &cp.leaps {
            let to = at(from, off);
            let ok = match classify(self.cell(to), ui) {
                Target::Empty => mode.can_move() && wanted_quiet(to),
                Target::Enemy => mode.can_capture(),
                Target::Blocked => false,
            };
            if ok {
                push_with_promotion(
                    out,
                    Move::normal(from_sq, Square::from_cell(to)),
                    promotion,
                    may_promote(to),
                );
            }
        }
        for ride in &cp.rides {
            let mut to = from;
            let mut dist = 0u8;
            loop {
                to = at(to, ride.step);
                dist += 1;
                let target = classify(self.cell(to), ui);
                let allowed = dist >= ride.min
                    && match target {
                        Target::Empty => ride.mode.can_move() && wanted_quiet(to),
                        Target::Enemy => ride.mode.can_capture(),
                        Target::Blocked => false,
                    };
                if allowed {
                    push_with_promotion(
                        out,
                        Move::normal(from_sq, Square::from_cell(to)),
                        promotion,
                        may_promote(to),
                    );
                }
                if target != Target::Empty || dist == ride.max {
                    break;
                }
            }
        }
        for bent in &cp.bents {
            let corner = at(from, bent.first);
            if self.cell(corner) != EMPTY {
                continue; // the first step never captures and is blocked by any piece
            }
            if bent.first_mode.can_move() && wanted_quiet(corner) {
                push_with_promotion(
                    out,
                    Move::normal(from_sq, Square::from_cell(corner)),
                    promotion,
                    may_promote(corner),
                );
            }
            for &step in &bent.then[..bent.then_len as usize] {
                let mut to = corner;
                loop {
                    to = at(to, step);
                    let target = classify(self.cell(to), ui);
                    if target == Target::Blocked {
                        break;
                    }
                    if target == Target::Enemy || wanted_quiet(to) {
                        push_with_promotion(
                            out,
                            Move::normal(from_sq, Square::from_cell(to)),
                            promotion,
                            may_promote(to),
                        );
                    }
                    if target == Target::Enemy {
                        break;
                    }
                }
            }
        }
        for &off in &cp.hop_captures {
            let over = at(from, off);
            if classify(self.cell(over), ui) == Target::Enemy {
                let to = at(over, off);
                if self.cell(to) == EMPTY {
                    let m =
                        Move::hop_capture(from_sq, Square::from_cell(over), Square::from_cell(to));
                    push_with_promotion(out, m, promotion, may_promote(to));
                }
            }
        }
        for &off in &cp.iguis {
            let victim = at(from, off);
            if classify(self.cell(victim), ui) == Target::Enemy {
                let m = Move::new(MoveKind::Igui, from_sq, Square::from_cell(victim));
                push_with_promotion(out, m, promotion, from_zone);
            }
        }
        if cp.has_hooks {
            self.hook_moves(from, us, cp, promotion, from_zone, out);
        }
        if let Some(j) = &cp.jupiter {
            self.jupiter_moves(from, us, j, promotion, from_zone, start, out);
        }
        if cp.arrival.is_some() {
            // Every move under its own power captures by arrival; where those captures are
            // optional (1999) and would take something, the plain move stays listed too.
            for i in start..out.len() {
                let mut m = out[i];
                if m.kind == MoveKind::Normal {
                    m.kind = MoveKind::Arrival;
                    if cp.optional_capture && self.takes_on_arrival(m) {
                        out[i] = out[i].declining();
                        out.push(m);
                    } else {
                        out[i] = m;
                    }
                }
            }
        }
        if cp.latent & latent::KAMIKAZE != 0 {
            // A Kamikaze that captures is removed with its victim: it has nothing to promote.
            let mut kept = start;
            for i in start..out.len() {
                let m = out[i];
                if m.promotion().is_none() || !self.is_capture(m) {
                    out[kept] = m;
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
        if let Some(rule) = v.promotion_rule
            && let Some(tabled) = promotion
        {
            for m in &mut out[start..] {
                if m.promotion().is_some() {
                    *m = m.with_promotion(self.board_promotion(rule, *m, tabled));
                }
            }
        }
        if v.restricted_captures {
            self.drop_forbidden_captures(from, start, out);
        }
        if let Some(other) = cp.flip {
            flip_twins(from_sq, other, start, NOISY, out);
        }
        cp.relay.is_some()
    }

    /// Removes from `out[start..]` the moves of the piece on `from` that would capture a piece
    /// its type may not (`Variant::may_capture`, a file's `captured_only_by`): such a move is
    /// no move at all.
    #[inline(never)]
    fn drop_forbidden_captures(&self, from: usize, start: usize, out: &mut Vec<Move>) {
        let v = self.variant();
        // Most lists take no guarded piece: look before filtering.
        let suspect = |m: &Move| m.kind != MoveKind::Normal || v.guarded(self.cell(m.to.cell()));
        if !out[start..].iter().any(suspect) {
            return;
        }
        let taker = crate::piece::Piece::from_code(self.cell(from)).kind;
        let mut kept = start;
        for i in start..out.len() {
            let m = out[i];
            let allowed = if m.kind == MoveKind::Normal {
                // The common shape, and every move of the 12x8 layer's table types: it takes
                // what stands on its destination, if anything (an empty square is no victim).
                v.may_capture(taker, self.cell(m.to.cell()))
            } else {
                (self.victim_cells(m).as_slice().iter())
                    .all(|&c| v.may_capture(taker, self.cell(c as usize)))
            };
            if allowed {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// The legal moves: none once the game is over, none that would make a position occur a
    /// third time, and no first part of a doubled turn that leaves no legal second part.
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        out.clear();
        if self.mid_turn().is_none() && self.material_outcome().is_some() {
            return;
        }
        let check = self.variant().check_rule();
        if check && self.draw_by_rule().is_some() {
            return;
        }
        self.pseudo_legal_moves(out);
        if check {
            self.keep_safe_moves(out);
            self.keep_lawful_drops(out);
        }
        if self
            .variant()
            .rules
            .drops
            .is_some_and(|d| !d.answer_pairs.is_empty())
        {
            self.keep_owed_pairs(out);
        }
        self.keep_lawful_lion_captures(out);
        if self.repetition_possible() {
            out.retain(|&m| self.is_irreversible(m) || !self.would_repeat_thrice(m));
        }
        if self.variant().latent & latent::DOUBLER != 0 && out.iter().any(|m| m.is_continuing()) {
            self.drop_dead_ends(out);
        }
    }

    /// True if `m` is one of the legal moves.
    pub fn is_legal(&mut self, m: Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&m)
    }
}
