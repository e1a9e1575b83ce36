//! Whether the side to move's last royal piece could be captured if it passed: the engine's notion
//! of "check" in games where moving into attack is legal but losing the royal piece loses.

use jovian_rules::{Move, Position};

thread_local! {
    static BUFFER: std::cell::RefCell<Vec<Move>> = std::cell::RefCell::new(Vec::with_capacity(256));
}

pub fn royal_threatened(pos: &mut Position) -> bool {
    let us = pos.side_to_move();
    if pos.royal_count(us) != 1 {
        return false;
    }
    BUFFER.with(|buffer| {
        let mut moves = buffer.borrow_mut();
        pos.make_null();
        pos.pseudo_legal_moves(&mut moves);
        let hit = moves.iter().any(|&m| {
            pos.victims(m)
                .any(|(_, p)| p.color == us && pos.variant().spec(p.kind).royal)
        });
        pos.unmake();
        hit
    })
}
