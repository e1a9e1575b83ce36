//! The lead mode: knowledge for finishing a game that one side has clearly won, switched on at a
//! search's root once that side is ahead in material by `SearchTunables::lead_threshold`. Jupiter's
//! engine, ten Pawns ahead, still took about 260 plies to catch the enemy King (docs/engine.md,
//! "Winning won games"); a harder drive towards the royal pieces and the royal threat extension
//! shorten that, but between equal engines they cost strength. In the lead mode they are played
//! only where one side is far ahead, which between equals is seldom.

use jovian_rules::{Color, Position};

use crate::eval::Evaluator;

/// Whether a search from `pos` plays the lead mode: one side's material (royal pieces left out,
/// pieces in hand in: `Evaluator::material`) exceeds the other's by at least `threshold`
/// centipawns. Never with `threshold` 0 or less.
pub fn in_lead_mode(eval: &Evaluator, pos: &Position, threshold: i32) -> bool {
    threshold > 0 && {
        let [blue, tan] = Color::BOTH.map(|c| eval.material(pos, c));
        (blue - tan).abs() >= threshold
    }
}

#[cfg(test)]
mod tests {
    use jovian_rules::random::SplitMix64;
    use jovian_rules::variants::jupiter;
    use jovian_rules::{Color, Position};

    use super::in_lead_mode;
    use crate::eval::Evaluator;
    use crate::tunables::EvalTunables;

    /// The lead counted the slow way: every non-royal piece's value from the game's table.
    fn lead(eval: &Evaluator, pos: &Position) -> i32 {
        let v = pos.variant();
        let side = |c: Color| -> i32 {
            (v.geometry.squares())
                .filter_map(|sq| pos.piece_at(sq))
                .filter(|p| p.color == c && !v.spec(p.kind).royal)
                .map(|p| eval.piece_value(p))
                .sum()
        };
        side(Color::Blue) - side(Color::Tan)
    }

    /// Along random Jupiter games (which have no hands), the mode is on exactly where the lead
    /// reaches the threshold, and its evaluation is the one with the lead tropism as the tropism.
    #[test]
    fn the_lead_mode_is_on_where_the_lead_reaches_the_threshold() {
        let v = jupiter::variant();
        let t = EvalTunables {
            lead_royal_tropism: 600,
            ..EvalTunables::for_game(v.id)
        };
        let mut eval = Evaluator::new(v, t.clone());
        let plain = Evaluator::new(
            v,
            EvalTunables {
                royal_tropism: 600,
                ..t.clone()
            },
        );
        let (mut on, mut off) = (0, 0);
        for seed in 0..6 {
            let mut rng = SplitMix64::new(seed);
            let mut pos = Position::start(v);
            let mut moves = Vec::new();
            for _ in 0..160 {
                pos.legal_moves(&mut moves);
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                pos.make(moves[rng.below(moves.len())]);
                let expected = lead(&eval, &pos).abs() >= 500;
                assert_eq!(in_lead_mode(&eval, &pos, 500), expected);
                assert!(!in_lead_mode(&eval, &pos, 0), "0 is never");
                eval.lead_mode = expected;
                let weight = if expected { 600 } else { t.royal_tropism };
                assert_eq!(eval.royal_tropism_weight(), weight);
                if expected {
                    assert_eq!(eval.evaluate(&pos), plain.evaluate(&pos));
                    on += 1;
                } else {
                    off += 1;
                }
            }
        }
        assert!(
            on > 20 && off > 20,
            "random play met both: {on} on, {off} off"
        );
    }
}
