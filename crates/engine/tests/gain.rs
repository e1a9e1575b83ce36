//! What quiescence's delta pruning reads: the most a move can win in material, and where that
//! is not enough to prune on.

use jovian_engine::eval::Evaluator;
use jovian_engine::tunables::{EvalTunables, Overrides};
use jovian_engine::{Engine, Limits};
use jovian_rules::variants::{jupiter, scirocco, typhoon};
use jovian_rules::{Color, Move, MoveKind, Position, fen};

mod common;
use common::position_in;

fn moves(pos: &Position) -> Vec<Move> {
    let mut list = Vec::new();
    pos.clone().legal_moves(&mut list);
    list
}

fn square(pos: &Position, name: &str) -> jovian_rules::Square {
    pos.variant().geometry.parse_square(name).unwrap()
}

#[test]
fn a_capture_gains_its_victims_and_a_quiet_move_nothing() {
    use Color::*;
    let v = scirocco::variant();
    let pos = position_in(
        v,
        &[
            (Blue, "R", "a1"),
            (Blue, "K", "j1"),
            (Tan, "B", "a6"),
            (Tan, "K", "j10"),
        ],
        Blue,
    );
    let eval = Evaluator::new(v, EvalTunables::default());
    let bishop = pos.piece_at(square(&pos, "a6")).unwrap();
    let all = moves(&pos);
    let take = all
        .iter()
        .find(|m| m.from == square(&pos, "a1") && m.destination() == square(&pos, "a6"))
        .expect("the Rook takes the Bishop");
    assert_eq!(eval.capture_gain(&pos, *take), eval.piece_value(bishop));
    assert!(eval.piece_value(bishop) > 0);
    let quiet = all
        .iter()
        .find(|m| m.from == square(&pos, "a1") && m.destination() == square(&pos, "a3"))
        .unwrap();
    assert_eq!(eval.capture_gain(&pos, *quiet), 0);
}

#[test]
fn taking_or_converting_the_royal_piece_gains_everything() {
    use Color::*;
    let v = scirocco::variant();
    let pos = position_in(
        v,
        &[
            (Blue, "R", "a1"),
            (Blue, "K", "j1"),
            (Tan, "K", "a10"),
            (Tan, "P", "j9"),
        ],
        Blue,
    );
    let eval = Evaluator::new(v, EvalTunables::default());
    let take = moves(&pos)
        .into_iter()
        .find(|m| m.destination() == square(&pos, "a10"))
        .unwrap();
    assert!(eval.capture_gain(&pos, take) >= 1_000_000);

    // Typhoon's Cuckoo converts the King next to it (as in the tactics test).
    let v = typhoon::variant();
    let pos = position_in(
        v,
        &[
            (Blue, "Cu", "e4"),
            (Blue, "K", "a1"),
            (Tan, "K", "e5"),
            (Tan, "Q", "h4"),
            (Tan, "R", "b8"),
        ],
        Blue,
    );
    let eval = Evaluator::new(v, EvalTunables::default());
    let converts: Vec<Move> = moves(&pos)
        .into_iter()
        .filter(|m| m.kind == MoveKind::Convert)
        .collect();
    let royal = converts
        .iter()
        .find(|m| m.converted() == square(&pos, "e5"))
        .expect("the Cuckoo converts the King");
    assert!(eval.capture_gain(&pos, *royal) >= 1_000_000);
}

#[test]
fn converting_a_piece_gains_it_twice() {
    use Color::*;
    // The piece changes sides: the opponent loses it and the mover gains it.
    let v = typhoon::variant();
    let pos = position_in(
        v,
        &[
            (Blue, "Cu", "e4"),
            (Blue, "K", "a1"),
            (Tan, "R", "e5"),
            (Tan, "K", "l9"),
        ],
        Blue,
    );
    let eval = Evaluator::new(v, EvalTunables::default());
    let rook = pos.piece_at(square(&pos, "e5")).unwrap();
    let convert = moves(&pos)
        .into_iter()
        .find(|m| m.kind == MoveKind::Convert && m.converted() == square(&pos, "e5"))
        .expect("the Cuckoo converts the Rook");
    assert_eq!(eval.capture_gain(&pos, convert), 2 * eval.piece_value(rook));
}

/// A Jupiter position from a conversion game (`lead_census --positions 1000` on the conversion
/// benchmark's records: Blue 10 Pawns ahead), where captures abound.
const JUPITER_LEAD: &str = "1,haw,4,gG,k,co,3,st,2,gW/1,eye,2,sa,tou,rtG,sdM,vtM,lfG,fL,2,hu,2/fH,rlF,cmH,1,nrt,thi,drP,1,dNi,drD,vOx,int,2,rlW,yew/2,blG,ma,drT,rtN,phx,f,w,d,pr,cro,hoo,goA,rrd,bln/frd,1,wBa,cbo,ch,go,sG,dE,bT,kyl,twi,1,oxT,un,eBa,whF/1,ber,2,p,3,cG,1,gu,lfN,bD,1,ber,fu/fu,ber,Tgo,1,P,gu,P,1,p,2,p,p,3/1,cu,1,Ma,8,ci,3/2,GBt,3,DrP,1,Wa,4,Pr,2/3,Ber,9,GAl,1,Fu/Fu,Ber,WBa,P,1,Gu,Kam,1,P,P,Gu,P,1,Ber,Ber,1/1,Be,Ov,Go,1,Tou,SG,BT,1,CG,Twi,1,BD,Un,EBa,Ot/Cu,Frd,2,DrT,Thi,1,F,W,D,LfN,Cro,OxT,1,Rrd,Bln/BlG,RlF,CmH,1,Nrt,3,DNi,Kyl,VOx,Int,1,GoA,RlW,WhF/1,Eye,3,Sa,RtG,SdM,VtM,LfG,DrD,2,Hoo,Hu,Yew/FH,Haw,4,GG,K,Co,FL,2,St,2,GW b";

/// Nodes, move and score of a depth-2 search of `JUPITER_LEAD` with Jupiter's defaults changed
/// by `tune`.
fn jupiter_search(tune: &str) -> (u64, Option<Move>, i32) {
    let v = jupiter::variant();
    let setup = fen::parse_position(v, JUPITER_LEAD).expect("a Jupiter position");
    let mut pos = Position::from_setup(&setup).expect("a legal position");
    let overrides = Overrides::parse(tune).expect("known tunables");
    let mut engine = Engine::tuned(v, 16, &overrides).expect("in range");
    let result = engine.search(&mut pos, &Limits::depth(2), |_| {});
    (result.nodes, result.best, result.score)
}

#[test]
fn delta_pruning_stays_off_where_a_capture_moves_the_lead_terms() {
    // Jupiter's defaults: the royal hunt, the trade-down term and the progress rule are on, so
    // a capture can move the evaluation by several times its material and the margin is ignored.
    assert_eq!(
        jupiter_search("qsearch_delta_margin=200"),
        jupiter_search("")
    );
    // With them off the same margin prunes, so the comparison above can fail.
    let off = "royal_hunt=0,trade_down=0,progress_horizon=0";
    assert_ne!(
        jupiter_search(&format!("{off},qsearch_delta_margin=200")).0,
        jupiter_search(off).0
    );
}
