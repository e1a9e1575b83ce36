//! The seat secret a request carries (the `X-Jovian-Seat` header) and what it lets the request
//! do in a game: the HTTP side of seats.rs, whose secrets it checks.

use axum::extract::FromRequestParts;
use axum::http::StatusCode;
use axum::http::request::Parts;
use jovian_rules::Color;

use crate::game::GameState;
use crate::reply::ApiError;

/// The request header that carries a seat secret.
pub const HEADER: &str = "x-jovian-seat";

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
                game.variant.side_title(own),
                game.variant.side_title(side)
            )))
        }
    }
}
