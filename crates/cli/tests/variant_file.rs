//! `jovian variant pieces GAME`: a game's piece table as a variant file's `[[piece]]` entries,
//! which read back into the same table (docs/variants.md).

mod common;

use common::{assert_fails, jovian, stdout};

#[test]
fn every_game_s_pieces_are_written_as_entries_that_read_back() {
    for game in [
        "scirocco",
        "typhoon",
        "jupiter",
        "jupiter-1999",
        "larger-board",
    ] {
        let o = jovian(&["variant", "pieces", game]);
        assert!(o.status.success(), "{game}");
        let text = stdout(&o);
        let v = jovian_rules::Variant::by_id(game).unwrap();
        assert_eq!(text.matches("[[piece]]").count(), v.pieces.len(), "{game}");
        let back = jovian_rules::file::pieces_from_toml(&text).unwrap();
        assert_eq!(back, v.pieces, "{game}");
    }
}

#[test]
fn an_unknown_game_is_one_line() {
    assert_fails(
        &jovian(&["variant", "pieces", "nosuch"]),
        "unknown game \"nosuch\"",
    );
}
