//! Changes to a game that are written to the store first, then made in memory and announced, so
//! that an accepted change is never lost and a failed write changes nothing: moves, a loss on
//! time, and carrying out the offers of a remote game (offers.rs). Used by the routes and by the
//! engine's thread alike; it knows nothing of HTTP (its errors are `WebError`s, which the API
//! turns into statuses).

use jovian_rules::notation::{self, Style};
use jovian_rules::{Color, Move};

use crate::WebError;
use crate::game::{Ending, GameState};
use crate::offers::{Offer, OfferKind};
use crate::store::Store;

/// Plays `moves` (legal, in order: one move, or both parts of a doubled turn) in the game: written
/// to the store first, in one transaction, then made and announced, so an accepted move is never
/// lost; a write that fails leaves the game as it was.
pub fn commit_moves(store: &Store, game: &mut GameState, moves: &[Move]) -> Result<(), WebError> {
    let mover = game.position.side_to_move();
    let first = game.moves.len() + 1;
    let mut coords = Vec::with_capacity(moves.len());
    for &m in moves {
        coords.push(notation::format_move(
            &mut game.position,
            m,
            Style::Coordinate,
        ));
        game.position.make(m);
    }
    // A timed game's clocks after the turn, written with its moves (the mover: the side to move
    // before these moves were made).
    let clock = game.clock.clone().map(|mut c| {
        c.moved(mover);
        c
    });
    let stored_clock = clock.as_ref().map(|c| c.stored());
    if let Err(e) = store.push_moves_timed(game.id, first, &coords, stored_clock.as_deref()) {
        for _ in moves {
            game.position.unmake();
        }
        return Err(e);
    }
    game.clock = clock;
    game.moves.extend_from_slice(moves);
    // A move declines a pending offer (the store cleared it too).
    game.offer = None;
    game.announce("state", game.moves.len().to_string());
    Ok(())
}

/// Ends a timed game whose side to move has no time left (a loss on time, stored): true if it
/// did. Called before a move is taken and whenever the game is read.
pub fn flag_fall(store: &Store, game: &mut GameState) -> Result<bool, WebError> {
    let to_move = game.position.side_to_move();
    let flagged = game.clock.as_ref().is_some_and(|c| c.flagged(to_move));
    if !flagged || game.ending().is_some() {
        return Ok(false);
    }
    let end = Ending::Time(to_move);
    store.set_agreed_end(game.id, end.stored().as_deref())?;
    game.agreed_end = Some(end);
    game.offer = None;
    game.announce("state", game.moves.len().to_string());
    Ok(true)
}

/// How many moves a take-back for `by` removes: back to the start of `by`'s last turn (its move
/// and any reply, a doubled turn's two parts as one). `None` if `by` has made no move.
pub fn take_back_length(game: &GameState, by: Color) -> Option<usize> {
    let mut probe = game.position.clone();
    let mut keep = game.moves.len();
    loop {
        if keep == 0 {
            return None;
        }
        probe.unmake();
        keep -= 1;
        if probe.side_to_move() == by && probe.mid_turn().is_none() {
            return Some(game.moves.len() - keep);
        }
    }
}

fn conflict(message: impl Into<String>) -> WebError {
    WebError::Conflict(message.into())
}

/// Carries out an agreed offer: the draw, or the take-back of the offerer's last turn.
fn carry_out(store: &Store, game: &mut GameState, offer: Offer) -> Result<(), WebError> {
    match offer.kind {
        OfferKind::Draw => {
            store.set_agreed_end(game.id, Ending::Draw.stored().as_deref())?;
            store.set_offer(game.id, None)?;
            game.agreed_end = Some(Ending::Draw);
        }
        OfferKind::TakeBack => {
            let n = take_back_length(game, offer.by)
                .ok_or_else(|| conflict("there is no move to take back"))?;
            let keep = game.moves.len() - n;
            // The store first (it clears the offer too): a busy database changes nothing.
            store.truncate(game.id, keep)?;
            while game.moves.len() > keep {
                game.position.unmake();
                game.moves.pop();
            }
            if let Some(c) = game.clock.as_mut() {
                c.restart_turn();
            }
        }
    }
    game.offer = None;
    game.announce("state", game.moves.len().to_string());
    Ok(())
}

/// `by` offers a draw or a take-back in a remote game; if the other side already offered the
/// same, the two agree and it is carried out. True when carried out.
pub fn offer(
    store: &Store,
    game: &mut GameState,
    by: Color,
    kind: OfferKind,
) -> Result<bool, WebError> {
    if let Some(pending) = game.offer
        && pending.kind == kind
        && pending.by != by
    {
        carry_out(store, game, pending)?;
        return Ok(true);
    }
    if kind == OfferKind::TakeBack && take_back_length(game, by).is_none() {
        return Err(conflict("you have no move to take back"));
    }
    let offer = Offer { kind, by };
    store.set_offer(game.id, Some(&offer.stored()))?;
    game.offer = Some(offer);
    game.announce("state", game.moves.len().to_string());
    Ok(false)
}

/// The other side's answer to the pending offer. True when accepted and carried out.
pub fn answer(
    store: &Store,
    game: &mut GameState,
    side: Color,
    accept: bool,
) -> Result<bool, WebError> {
    let Some(pending) = game.offer else {
        return Err(conflict("there is no offer to answer"));
    };
    if pending.by == side {
        return Err(conflict(
            "this is your own offer: the other side answers it (a move of yours withdraws it)",
        ));
    }
    if accept {
        carry_out(store, game, pending)?;
        return Ok(true);
    }
    store.set_offer(game.id, None)?;
    game.offer = None;
    game.announce("state", game.moves.len().to_string());
    Ok(false)
}
