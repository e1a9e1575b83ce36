//! Seat secrets: who may act in a game. Every side a person plays has a random secret (128 bits,
//! hex) made when the game is created and kept in the store; the create answer hands the
//! creator the secrets of the sides they play, and no other answer ever shows one. A request that
//! changes a game carries the secret of the side it acts for in the `X-Jovian-Seat` header. Reads
//! stay public: anyone who reaches the server may watch any game, but only a seat's holder plays
//! it. Giving a seat to someone else (an invite link) is handing them its secret; see docs/web.md.

use axum::extract::FromRequestParts;
use axum::http::StatusCode;
use axum::http::request::Parts;
use jovian_rules::Color;
use serde::Serialize;

use crate::WebError;
use crate::game::{GameState, Humans};
use crate::reply::ApiError;

/// The request header that carries a seat secret.
pub const HEADER: &str = "x-jovian-seat";

/// The secrets of a game's human sides (`None` for a side the engine plays).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Seats {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blue: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tan: Option<String>,
}

/// A fresh secret: 16 bytes from the operating system's generator, as 32 hex digits.
pub fn new_secret() -> Result<String, WebError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| WebError::Data(format!("no random numbers for a seat secret: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Compares two secrets in time that does not depend on where they differ, so that answer times
/// do not leak a secret digit by digit.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

impl Seats {
    pub fn get(&self, side: Color) -> Option<&str> {
        match side {
            Color::Blue => self.blue.as_deref(),
            Color::Tan => self.tan.as_deref(),
        }
    }

    /// Makes a secret for each side people play that has none yet (a new game, or a game stored
    /// before seats existed). Tells whether anything was made.
    pub fn fill(&mut self, humans: Humans) -> Result<bool, WebError> {
        let mut made = false;
        for (side, slot) in [(Color::Blue, &mut self.blue), (Color::Tan, &mut self.tan)] {
            if humans.plays(side) && slot.is_none() {
                *slot = Some(new_secret()?);
                made = true;
            }
        }
        Ok(made)
    }

    /// The side whose secret `secret` is.
    pub fn side_of(&self, secret: &str) -> Option<Color> {
        [Color::Blue, Color::Tan]
            .into_iter()
            .find(|&side| self.get(side).is_some_and(|s| same_secret(s, secret)))
    }
}

/// The seat secret a request carries, if any.
pub struct Seat(Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for Seat {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let secret = parts
            .headers
            .get(HEADER)
            .map(|v| String::from_utf8_lossy(v.as_bytes()).trim().to_string());
        Ok(Seat(secret))
    }
}

fn forbidden(message: String) -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, message)
}

impl Seat {
    /// The side of `game` this request acts for: 403 without a secret of one of its sides.
    pub fn side(&self, game: &GameState) -> Result<Color, ApiError> {
        let Some(secret) = self.0.as_deref().filter(|s| !s.is_empty()) else {
            return Err(forbidden(format!(
                "changing game {} needs the secret of a side you play, in the {HEADER} header",
                game.id
            )));
        };
        game.seats.side_of(secret).ok_or_else(|| {
            forbidden(format!(
                "the {HEADER} header holds no secret of a side of game {}",
                game.id
            ))
        })
    }

    /// The side of `game` this request acts for, which must be `side`.
    pub fn must_be(&self, game: &GameState, side: Color, doing: &str) -> Result<(), ApiError> {
        let own = self.side(game)?;
        if own == side {
            Ok(())
        } else {
            Err(forbidden(format!(
                "this seat is {}'s: it cannot {doing} for {}",
                own.title(),
                side.title()
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_fresh_hex_and_found_only_whole() {
        let a = new_secret().unwrap();
        let b = new_secret().unwrap();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()), "{a}");
        assert_ne!(a, b);
        let mut seats = Seats::default();
        assert!(seats.fill(Humans::Blue).unwrap());
        assert!(seats.tan.is_none(), "the engine's side has no seat");
        assert!(!seats.fill(Humans::Blue).unwrap(), "nothing more to make");
        let blue = seats.blue.clone().unwrap();
        assert_eq!(seats.side_of(&blue), Some(Color::Blue));
        assert_eq!(seats.side_of(&blue[..31]), None);
        assert_eq!(seats.side_of(&format!("{blue}0")), None);
        assert_eq!(seats.side_of(""), None);
        assert!(seats.fill(Humans::Both).unwrap());
        let tan = seats.tan.clone().unwrap();
        assert_eq!(seats.side_of(&tan), Some(Color::Tan));
        assert_eq!(seats.blue.as_deref(), Some(blue.as_str()), "kept");
    }
}
