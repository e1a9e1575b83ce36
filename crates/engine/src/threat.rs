//! Whether the side to move's last royal piece could be captured if it passed: the engine's notion
//! of "check" in games where moving into attack is legal but losing the royal piece loses.

use jovian_rules::{Move, MoveKind, Position};

thread_local! {
    static BUFFER: std::cell::RefCell<Vec<Move>> = std::cell::RefCell::new(Vec::with_capacity(256));
}

pub fn royal_threatened(pos: &mut Position) -> bool {
    // A game with check answers at once.
    if let Some(check) = pos.in_check() {
        return check;
    }
    let us = pos.side_to_move();
    // In the middle of a doubled turn the turn is not over: no opponent's move to fear yet.
    if pos.royal_count(us) != 1 || pos.mid_turn().is_some() {
        return false;
    }
    let Some(royal) = pos.royal_squares(us).next() else {
        return false;
    };
    // Captured, or converted (a Cuckoo or Missionary taking the royal piece over loses it too):
    // the rules library's quick attack test answers both.
    capturable(pos, royal)
}

/// Whether the opponent of the side to move could capture or convert the side to move's piece on
/// `target` if it passed.
pub fn capturable(pos: &mut Position, target: jovian_rules::Square) -> bool {
    BUFFER.with(|buffer| pos.capturable(target, &mut buffer.borrow_mut()))
}

/// Whether `m`, which captures `royal_victims` royal pieces (counted from `Position::victims`
/// by the caller, who walks them anyway), wins the game at once by taking the opponent's last
/// royal pieces, by capture or by conversion: searching it costs one node, and nothing else can
/// matter more.
#[inline]
pub fn wins_at_once(pos: &Position, m: Move, royal_victims: usize) -> bool {
    let variant = pos.variant();
    if !variant.rules.royal_capture_loses {
        return false;
    }
    let mut taken = royal_victims;
    if m.kind == MoveKind::Convert
        && let Some(p) = pos.piece_at(m.converted())
        && p.color != pos.side_to_move()
        && variant.is_royal(p.code())
    {
        taken += 1;
    }
    taken > 0 && taken >= pos.royal_count(pos.side_to_move().other())
}
