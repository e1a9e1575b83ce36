//! Draws and take-backs between two people at browsers of their own (a remote game): one side
//! offers, the other accepts or declines; a move declines it. The offer is stored with the game,
//! so a restart keeps it. At one board (and against the computer) the old rules stay: a draw is
//! agreed at once between two people, and the computer accepts only when it stands worse. This
//! module is the offer itself; carrying one out (written to the store) is commits.rs.

use jovian_rules::Color;
use serde::Serialize;

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
