//! Whether the side to move's last royal piece could be captured if it passed: the engine's notion
//! of "check" in games where moving into attack is legal but losing the royal piece loses.

use jovian_rules::{Move, Position};

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
    let variant = pos.variant();
    let Some((_, royal)) = pos
        .side_pieces(us)
        .find(|(p, _)| variant.spec(p.kind).royal)
    else {
        return false;
    };
    // Captured, or converted (a Cuckoo or Missionary taking the royal piece over loses it too):
    // the rules library's quick attack test answers both.
    BUFFER.with(|buffer| pos.capturable(royal, &mut buffer.borrow_mut()))
}
