//! Draws and take-backs between two people at browsers of their own (a remote game): one side
//! offers, the other accepts or declines; a move declines it. The offer is stored with the game,
//! so a restart keeps it. At one board (and against the computer) the old rules stay: a draw is
//! agreed at once between two people, and the computer accepts only when it stands worse.

use axum::http::StatusCode;
use jovian_rules::Color;
use serde::Serialize;

use crate::game::{Ending, GameState};
use crate::reply::ApiError;
use crate::store::Store;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum OfferKind {
    Draw,
    TakeBack,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Offer {
    pub kind: OfferKind,
    pub by: Color,
}

#[derive(Serialize, Clone, Debug)]
pub struct OfferView {
    pub kind: &'static str,
    pub by: &'static str,
}

impl OfferKind {
    pub const fn name(self) -> &'static str {
        match self {
            OfferKind::Draw => "draw",
            OfferKind::TakeBack => "takeback",
        }
    }
}

impl Offer {
    pub fn view(self) -> OfferView {
        OfferView {
            kind: self.kind.name(),
            by: self.by.name(),
        }
    }
    /// The stored form: `draw:blue`, `takeback:tan`.
    pub fn stored(self) -> String {
        format!("{}:{}", self.kind.name(), self.by.name())
    }
    pub fn from_stored(text: &str) -> Option<Offer> {
        let (kind, by) = text.split_once(':')?;
        let kind = match kind {
            "draw" => OfferKind::Draw,
            "takeback" => OfferKind::TakeBack,
            _ => return None,
        };
        Some(Offer {
            kind,
            by: Color::parse(by)?,
        })
    }
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

fn conflict(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, message)
}

/// Carries out an agreed offer: the draw, or the take-back of the offerer's last turn.
fn carry_out(store: &Store, game: &mut GameState, offer: Offer) -> Result<(), ApiError> {
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
) -> Result<bool, ApiError> {
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
) -> Result<bool, ApiError> {
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
