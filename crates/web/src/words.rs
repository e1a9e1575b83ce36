//! Moves in words, for the board's chooser and its warnings: "Genie on e5 captures the Pawn on
//! e6 without moving", beside the notation (`Gex!e6`) that says the same to those who read it.

use jovian_rules::status::WinReason;
use jovian_rules::{Move, MoveKind, Position, Square};

/// "the Pawn on e6" (or "the piece on e6" for an empty square).
fn piece_on(pos: &Position, sq: Square) -> String {
    let v = pos.variant();
    match pos.piece_at(sq) {
        Some(p) => format!("the {} on {}", v.spec(p.kind).name, v.square_name(sq)),
        None => format!("the piece on {}", v.square_name(sq)),
    }
}

fn list(items: Vec<String>) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// What `m` does, in one sentence without a full stop, read before it is made.
pub fn describe(pos: &Position, m: Move) -> String {
    let v = pos.variant();
    let sq = |s: Square| v.square_name(s);
    let mover = match (m.kind, pos.piece_at(m.from)) {
        (MoveKind::Drop, _) => String::new(),
        (_, Some(p)) => format!("{} on {}", v.spec(p.kind).name, sq(m.from)),
        (_, None) => format!("the piece on {}", sq(m.from)),
    };
    let victims: Vec<Square> = pos.captures_of(m);
    let taken = |except: Option<Square>| {
        list(
            victims
                .iter()
                .filter(|&&s| Some(s) != except || m.kind == MoveKind::Normal)
                .map(|&s| piece_on(pos, s))
                .collect(),
        )
    };
    let capturing = if victims.is_empty() {
        String::new()
    } else {
        format!(", capturing {}", taken(None))
    };
    let promo = m
        .promotion()
        .filter(|_| !matches!(m.kind, MoveKind::Drop | MoveKind::Flip))
        .map(|k| format!(", promoting to {}", v.spec(k).name))
        .unwrap_or_default();
    let mut text = match m.kind {
        MoveKind::Normal | MoveKind::Arrival | MoveKind::LineCapture if m.is_declining() => {
            format!("{mover} to {}, declining its captures", sq(m.to))
        }
        MoveKind::Normal | MoveKind::Arrival | MoveKind::LineCapture => {
            format!("{mover} to {}{capturing}{promo}", sq(m.to))
        }
        MoveKind::Relayed => format!(
            "{mover} to {}{capturing}, with a move lent by a relaying piece",
            sq(m.to)
        ),
        MoveKind::Igui => format!("{mover} captures {} without moving", taken(None)),
        MoveKind::HopCapture => format!("{mover} jumps to {}{capturing}{promo}", sq(m.to)),
        MoveKind::Pass => format!("{mover} passes the turn"),
        MoveKind::Suicide => format!("{mover} captures itself"),
        MoveKind::Convert if m.from == m.to => format!(
            "{mover} converts {} to its side without moving",
            piece_on(pos, m.converted())
        ),
        MoveKind::Convert => format!(
            "{mover} to {} and converts {} to its side",
            sq(m.to),
            piece_on(pos, m.converted())
        ),
        MoveKind::Swap => format!("{mover} exchanges places with {}", piece_on(pos, m.to)),
        MoveKind::Pull => format!("{mover} pulls {} one step closer", piece_on(pos, m.to)),
        MoveKind::Repel => format!("{mover} pushes {} one step away", piece_on(pos, m.to)),
        MoveKind::Push => format!(
            "{mover} to {}, pushing {} on{capturing}",
            sq(m.to),
            piece_on(pos, m.to)
        ),
        MoveKind::Create => format!("{mover} creates a new piece of its kind on {}", sq(m.to)),
        MoveKind::Drop => {
            let name = m.promotion().map_or("piece", |k| v.spec(k).name);
            if let Some(second) = m.pair_square() {
                format!("drops a pair of {name}s on {} and {}", sq(m.to), sq(second))
            } else {
                format!("drops a {name} on {}{capturing}", sq(m.to))
            }
        }
        MoveKind::Castle => format!("{mover} castles to {}", sq(m.to)),
        MoveKind::EnPassant => format!(
            "{mover} to {}, capturing {} en passant",
            sq(m.to),
            taken(None)
        ),
        MoveKind::Flip => format!(
            "{mover} turns into a {} without moving",
            m.promotion().map_or("flipped piece", |k| v.spec(k).name)
        ),
        MoveKind::ShootPassing => format!(
            "{mover} shoots the piece that passed {}{capturing}",
            sq(m.to)
        ),
        MoveKind::Golem => format!(
            "{mover} to {} and its other part from {} to {}{capturing}",
            sq(m.to),
            sq(Square(m.aux[0])),
            sq(Square(m.aux[1]))
        ),
    };
    if m.is_continuing() {
        text.push_str(", then moves again");
    }
    text
}

/// Why a move loses at once, for the confirmation the board asks.
pub fn loss_reason(reason: WinReason) -> &'static str {
    match reason {
        WinReason::Bared => "the opponent can then bare you (leave you a single piece)",
        _ => "the opponent can then capture your last royal piece",
    }
}
