//! Jupiter's piece table (2009 revision): the 80 initial types and their 81 promotions. Typhoon's
//! pieces appear "with the same promotions" and are taken from Typhoon's table where the 2009
//! Jupiter table agrees; the Undertaker and the Dervish follow the Jupiter table where it differs.
//! docs/rules/jupiter.md records every reading.

use crate::betza::Mode;
use crate::piece::{
    ArrivalKind, Hook, LineKind, Lines, PieceSpec, RelayKind, SecondStep, Special, latent,
};
use crate::variants::typhoon;

const ORTHOGONAL: &[(i8, i8)] = Lines::Orthogonal.vectors();
const DIAGONAL: &[(i8, i8)] = Lines::Diagonal.vectors();
const KING: &[(i8, i8)] = Lines::Queen.vectors();
const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const DABBABA: [(i8, i8); 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];
const AHEAD: [(i8, i8); 1] = [(0, 1)];
const DIAGONALLY_AHEAD: [(i8, i8); 2] = [(1, 1), (-1, 1)];
const VERTICAL: [(i8, i8); 2] = [(0, 1), (0, -1)];
const SIDEWAYS: [(i8, i8); 2] = [(1, 0), (-1, 0)];

/// The Typhoon types Jupiter takes as they are (both members of their pairs and promotions).
const FROM_TYPHOON: &[&str] = &[
    "FH", "GW", "Ma", "Pr", "St", "Go", "Ci", "Sa", "GG", "FL", "K", "Co", "Cu", "Hu", "C", "BD",
    "A", "D", "W", "F", "Ot", "Be", "Ov", "Ch", "Wa", "N", "SG", "CG", "DE", "BT", "Fu", "P", "Gu",
    "La", "Ba", "FO", "FB", "Ab", "Du", "Q", "Li", "Ty", "Ge", "HO", "DO", "Em", "EE", "Wi", "Lo",
    "Im", "Sq", "Ce", "Sc", "DK", "Za", "Zi", "Mi", "So", "Nr", "Da", "Oc", "Sp", "R", "Ha", "Vu",
    "Ib", "EP", "TP", "Z", "Ta", "B", "Pa", "Ra",
];

/// The whole table, in no particular order (`jupiter::pieces` sorts it).
pub(crate) fn unordered() -> Vec<PieceSpec> {
    let typhoon = typhoon::pieces();
    let from_typhoon = |abbr: &str| {
        typhoon
            .iter()
            .find(|s| s.abbr == abbr)
            .unwrap_or_else(|| panic!("Typhoon has {abbr}"))
            .clone()
    };
    let mut all: Vec<PieceSpec> = Vec::new();
    for spec in initial().into_iter().chain(promoted()) {
        all.push(spec);
    }
    for abbr in FROM_TYPHOON {
        all.push(from_typhoon(abbr));
    }
    all
}

fn initial() -> Vec<PieceSpec> {
    use Lines::*;
    let p = PieceSpec::new;
    vec![
        p("Hooklet", "Hoo", "")
            .with(Special::Hook(Hook {
                first: ORTHOGONAL,
                first_max: 2,
                turn_after: 0,
                second: None,
                second_max: 2,
            }))
            .promotes_to("Boy")
            .describe(
                "Moves one or two squares orthogonally, then may turn 90 degrees and move one or \
                 two more; blocked by any piece, stops on a capture.",
            ),
        p("Hawklet", "Haw", "")
            .with(Special::TwoSteps)
            .promotes_to("Gir")
            .describe(
                "Steps one square in any direction, then from an empty square may step once \
                 more in any direction but back; stops on a capture.",
            ),
        p("Toucan", "Tou", "WF")
            .with(Special::LionCapture {
                first: ORTHOGONAL,
                second: SecondStep::Perpendicular,
            })
            .promotes_to("Cap")
            .describe(
                "Steps one square in any direction; or captures orthogonally and steps on at a \
                 right angle, capturing an enemy there too.",
            ),
        p("Crow", "Cro", "FD")
            .with(Special::LionCapture {
                first: DIAGONAL,
                second: SecondStep::Perpendicular,
            })
            .promotes_to("GrH")
            .describe(
                "Steps diagonally or leaps two squares orthogonally; or captures diagonally and \
                 steps on at a right angle, capturing an enemy there too.",
            ),
        p("Blunderbuss", "Bln", "mR4")
            .with(Special::Cannon {
                lines: Orthogonal,
                max: 4,
                mode: Mode::Capture,
            })
            .promotes_to("Car")
            .describe(
                "Moves orthogonally up to four squares; captures up to four squares away by \
                 hopping exactly one piece on the way.",
            ),
        p("Crossbow", "Cbo", "cB4")
            .with(Special::Cannon {
                lines: Diagonal,
                max: 4,
                mode: Mode::Move,
            })
            .promotes_to("Mar")
            .describe(
                "Captures diagonally up to four squares; moves up to four squares diagonally by \
                 hopping exactly one piece on the way.",
            ),
        p("Eye", "Eye", "")
            .with(Special::Hook(Hook {
                first: &VERTICAL,
                first_max: 2,
                turn_after: 2,
                second: None,
                second_max: 1,
            }))
            .promotes_to("FaQ")
            .describe(
                "Moves one or two squares straight forward or back, then may step one square \
                 sideways; blocked by any piece, stops on a capture.",
            ),
        p("Yew", "Yew", "")
            .with(Special::Hook(Hook {
                first: &SIDEWAYS,
                first_max: 1,
                turn_after: 0,
                second: Some(&AHEAD),
                second_max: 3,
            }))
            .promotes_to("Tal")
            .describe(
                "Steps one square sideways, then may move up to three squares straight forward; \
                 blocked by any piece, stops on a capture.",
            ),
        p("Thisaway", "Thi", "AvWsDsN").promotes_to("WWi").describe(
            "Leaps two squares diagonally, steps straight forward or back, leaps two squares \
             sideways, or as the four sideways Knight leaps.",
        ),
        p("Thataway", "Tha", "AsWvDvN").promotes_to("EWi").describe(
            "Leaps two squares diagonally, steps sideways, leaps two squares forward or back, \
             or as the four forward and backward Knight leaps.",
        ),
        p("Dragon Pony", "DrP", "WB3")
            .promotes_to("Wdr")
            .describe("Steps orthogonally or slides diagonally up to three squares."),
        p("Dragon Duke", "DrD", "FR3")
            .promotes_to("Coo")
            .describe("Steps diagonally or slides orthogonally up to three squares."),
        p("Right General", "RtG", "FvWlW")
            .promotes_to("Whl")
            .describe("Steps diagonally, straight forward or back, or one square to its left."),
        p("Left General", "LfG", "FvWrW")
            .promotes_to("WhH")
            .describe(
                "Steps diagonally, straight forward or back, or one square to its right \
             (docs/rules/jupiter.md).",
            ),
        p("Vertical Mover", "VtM", "sWvR")
            .promotes_to("TiH")
            .describe("Steps sideways; slides any distance straight forward or back."),
        p("Side Mover", "SdM", "vWsR")
            .promotes_to("Zoo")
            .describe("Steps straight forward or back; slides any distance sideways."),
        p("Blue Gecko", "BlG", "fWfrB4brFbR2lR2flF")
            .promotes_to("Box")
            .describe(
                "Steps forward or diagonally forward-left or back-right; slides up to four \
                 squares diagonally forward-right, two straight back, two to the left.",
            ),
        p("White Fox", "WhF", "fR2rWbrB4blFlR2flF")
            .promotes_to("Fsq")
            .describe(
                "Slides up to two squares forward or to the left; steps to the right or \
                 diagonally back-left or forward-left; slides up to four squares diagonally \
                 back-right.",
            ),
        p("Relay Wazir", "RlW", "W")
            .with(Special::Relay(RelayKind::Wazir))
            .promotes_to("SEg")
            .describe(
                "Steps orthogonally; friendly pieces next to it may also step orthogonally, \
                 moving or capturing.",
            ),
        p("Relay Firzan", "RlF", "F")
            .with(Special::Relay(RelayKind::Firzan))
            .promotes_to("HFl")
            .describe(
                "Steps diagonally; friendly pieces next to it may also step diagonally, moving \
                 or capturing.",
            ),
        p("Come Here", "CmH", "mK")
            .with(Special::Pull { min: 2, max: 4 })
            .promotes_to("Hgr")
            .describe(
                "Steps one square without capturing; or pulls an enemy two to four squares away \
                 on an open queen line one square closer.",
            ),
        p("Go Away", "GoA", "mK")
            .with(Special::Repel { max: 3 })
            .promotes_to("Wwf")
            .describe(
                "Steps one square without capturing; or pushes an enemy one to three squares \
                 away on an open queen line one square farther, onto an empty square.",
            ),
        p("Ox Tank", "OxT", "W")
            .with(Special::TankPush {
                lines: Orthogonal,
                off_board: false,
            })
            .promotes_to("BGn")
            .describe(
                "Steps orthogonally; may step onto a friend and push it (and one friend behind \
                 it) one square on, the last one capturing an enemy there.",
            ),
        p("Dragon Tank", "DrT", "F")
            .with(Special::TankPush {
                lines: Diagonal,
                off_board: false,
            })
            .promotes_to("RGn")
            .describe(
                "Steps diagonally; may step onto a friend and push it (and one friend behind \
                 it) one square on, the last one capturing an enemy there.",
            ),
        p("Neartaker", "Nrt", "")
            .with(Special::Line(LineKind::Neartaker))
            .promotes_to("Tlp")
            .describe(
                "Steps one square to an empty square; an enemy just beyond on the same line is \
                 captured (by approach, obligatory).",
            ),
        p("Intertaker", "Int", "mK")
            .with(Special::Arrival(ArrivalKind::Custodian))
            .promotes_to("Hlm")
            .describe(
                "Steps one square to an empty square; every enemy next to it with a friend \
                 right behind is captured (custodian capture).",
            ),
        p("Flying Dragon", "FlD", "B2")
            .promotes_to("Dbl")
            .describe("Slides diagonally up to two squares."),
        p("Violent Ox", "VOx", "R2")
            .promotes_to("Psn")
            .describe("Slides orthogonally up to two squares."),
        p("Kylin", "Kyl", "FD")
            .promotes_to("KLi")
            .describe("Steps diagonally or leaps two squares orthogonally."),
        p("Phoenix", "Phx", "WA")
            .promotes_to("QCn")
            .describe("Steps orthogonally or leaps two squares diagonally."),
        p("Kamikaze", "Kam", "Q2")
            .latent(latent::KAMIKAZE)
            .promotes_to("AEm")
            .describe(
                "Moves like a Queen up to two squares; when it captures under its own power it \
                 is removed too.",
            ),
        p("Deadly Nightshade", "DNi", "K")
            .latent(latent::POISONOUS)
            .promotes_to("Frg")
            .describe(
                "Steps one square in any direction. Poisonous: an enemy that ends its turn \
                 where it stood is removed.",
            ),
        p("Rankrider", "Rrd", "sR")
            .promotes_to("FiD")
            .describe("Slides any distance sideways."),
        p("Filerider", "Frd", "vR")
            .promotes_to("WBf")
            .describe("Slides any distance straight forward or back."),
        p("Right Knight", "RtN", "ffrNrrbNbblNllfN")
            .promotes_to("GBd")
            .describe("Leaps as four of the Knight's leaps, turning to the right (a pinwheel)."),
        p("Left Knight", "LfN", "fflNrrfNbbrNllbN")
            .promotes_to("GDr")
            .describe("Leaps as four of the Knight's leaps, turning to the left (a pinwheel)."),
        p("Eastern Barbarian", "EBa", "vR2fFsW")
            .promotes_to("Cst")
            .describe(
                "Slides up to two squares straight forward or back; steps diagonally forward \
                 or sideways.",
            ),
        p("Western Barbarian", "WBa", "sR2vWfF")
            .promotes_to("Roy")
            .describe(
                "Slides up to two squares sideways; steps straight forward or back or \
                 diagonally forward.",
            ),
        p("Twist", "Twi", "WfrFrrfNblFllbN")
            .promotes_to("MdH")
            .describe(
                "Steps orthogonally; steps or leaps as Knight forward-right and back-left (a \
             skewed piece).",
            ),
        p("Tango", "Tgo", "WfflNflFbrFbbrN")
            .promotes_to("MrH")
            .describe(
                "Steps orthogonally; steps or leaps as Knight forward-left and back-right (Twist \
             turned by 90 degrees).",
            ),
        p("Berolina", "Ber", "mfFcfW")
            .promotes_to("MkT")
            .describe("Moves one step diagonally forward; captures one step straight forward."),
        p("Go-Between", "GBt", "vW")
            .promotes_to("Trb")
            .describe("Steps straight forward or back."),
        p("Go-Along", "GAl", "sW")
            .promotes_to("Sul")
            .describe("Steps sideways."),
    ]
}

fn promoted() -> Vec<PieceSpec> {
    use Lines::*;
    let p = |name, abbr, betza| PieceSpec::new(name, abbr, betza).promoted();
    vec![
        p("Boyscout", "Boy", "").with(Special::Zigzag(Diagonal)).describe(
            "Zigzags diagonally, alternating steps in two perpendicular diagonal directions, \
             any number; blocked by any piece, stops on a capture.",
        ),
        p("Girlscout", "Gir", "").with(Special::Zigzag(Orthogonal)).describe(
            "Zigzags orthogonally, alternating steps in two perpendicular directions, any \
             number; blocked by any piece, stops on a capture.",
        ),
        p("Capricorn", "Cap", "")
            .with(Special::Hook(Hook {
                first: DIAGONAL,
                first_max: 0,
                turn_after: 0,
                second: None,
                second_max: 0,
            }))
            .describe(
                "Slides diagonally, then from an empty square may turn 90 degrees and slide \
                 on; stops on a capture.",
            ),
        p("Great Hook", "GrH", "")
            .with(Special::Hook(Hook {
                first: ORTHOGONAL,
                first_max: 0,
                turn_after: 0,
                second: None,
                second_max: 3,
            }))
            .describe(
                "Slides orthogonally, then from an empty square may turn 90 degrees and slide \
                 up to three more; stops on a capture.",
            ),
        p("Cardinal", "Car", "NB").describe("Leaps as a Knight or slides diagonally."),
        p("Marshall", "Mar", "NR").describe("Leaps as a Knight or slides orthogonally."),
        p("Far Queen", "FaQ", "jjQ").describe(
            "Slides like a Queen, but not to the two nearest squares of a line; a piece there \
             blocks it.",
        ),
        p("Talia", "Tal", "jB").describe(
            "Slides diagonally, but not to the adjacent square; a piece there blocks it.",
        ),
        p("West Wind", "WWi", "fR3bR3rRrBlN").describe(
            "Slides up to three squares straight forward or back; any distance to the right, \
             orthogonally or diagonally; leaps as the Knight to its left.",
        ),
        p("East Wind", "EWi", "fR3bR3lRlBrWrC").describe(
            "Slides up to three squares straight forward or back; any distance to the left, \
             orthogonally or diagonally; steps one square right; leaps as the Camel to its \
             right.",
        ),
        p("Withdrawer", "Wdr", "")
            .with(Special::Line(LineKind::Withdrawer))
            .describe(
                "Moves like a Queen without capturing; moving straight away from an adjacent \
                 enemy captures it (obligatory).",
            ),
        p("Coordinator", "Coo", "mQ")
            .with(Special::Arrival(ArrivalKind::Coordinator))
            .describe(
                "Moves like a Queen without capturing; then captures enemies where its rank \
                 meets a friendly royal piece's file, and its file a royal's rank.",
            ),
        p("Whale", "Whl", "vRbB")
            .describe("Slides straight forward or back, or diagonally backward."),
        p("White Horse", "WhH", "vRfB")
            .describe("Slides straight forward or back, or diagonally forward."),
        p("Tiger Horse", "TiH", "FDNAC")
            .with(Special::LionCapture {
                first: &KNIGHT,
                second: SecondStep::Wazir,
            })
            .describe(
                "Leaps as Firzan, Dabbaba, Knight, Alfil or Camel; or captures as a Knight and \
                 steps on orthogonally, capturing an enemy there too.",
            ),
        p("Zoom", "Zoo", "mQ")
            .with(Special::Relay(RelayKind::Zoom))
            .describe(
                "Moves like a Queen without capturing; friendly pieces on its open queen lines \
                 may move (not capture) like a Queen.",
            ),
        p("Boxer", "Box", "WFHCZG")
            .describe("Steps one square, or leaps (3,0), (3,1), (3,2) or (3,3)."),
        p("Foursquare", "Fsq", "FNCZG")
            .describe("Steps diagonally, or leaps as Knight, Camel, Zebra or (3,3)."),
        p("Soaring Eagle", "SEg", "RbBfFfA")
            .with(Special::IguiAt(&DIAGONALLY_AHEAD))
            .with(Special::DoubleHop(&DIAGONALLY_AHEAD))
            .with(Special::Pass)
            .describe(
                "Slides orthogonally or diagonally back; forward it moves like a Raven (steps \
                 and leaps diagonally, captures without moving, double captures, passes).",
            ),
        p("Horned Falcon", "HFl", "BbRsRfWfD")
            .with(Special::IguiAt(&AHEAD))
            .with(Special::DoubleHop(&AHEAD))
            .with(Special::Pass)
            .describe(
                "Slides diagonally, straight back or sideways; forward it moves like a Parrot \
                 (steps and leaps, captures without moving, double captures, passes).",
            ),
        p("Hippogriff", "Hgr", "N")
            .with(Special::Grasshopper(KING))
            .describe(
                "Leaps as a Knight, or as a Grasshopper: along a queen line over the first \
                 piece to the square right behind it.",
            ),
        p("Werewolf", "Wwf", "K")
            .with(Special::Grasshopper(&KNIGHT))
            .describe(
                "Steps one square; or along a Knight line over the first piece to one Knight \
                 leap behind it (Nightriderhopper).",
            ),
        p("Bishop General", "BGn", "B")
            .with(Special::GeneralCapture(Diagonal))
            .latent(latent::GENERAL)
            .describe(
                "Slides diagonally; captures also by jumping any pieces on the line, none of \
                 them (nor the victim) royal or a General.",
            ),
        p("Rook General", "RGn", "R")
            .with(Special::GeneralCapture(Orthogonal))
            .latent(latent::GENERAL)
            .describe(
                "Slides orthogonally; captures also by jumping any pieces on the line, none of \
                 them (nor the victim) royal or a General.",
            ),
        p("Teleporter", "Tlp", "mQ").with(Special::SwapFriend).describe(
            "Moves like a Queen without capturing; or exchanges places with any friendly piece.",
        ),
        p("Halmopper", "Hlm", "K")
            .with(Special::GrasshopperChain {
                limited_doubling: true,
            })
            .describe(
                "Steps one square; or makes any number of Grasshopper hops in any directions, \
                 stopping on a capture.",
            ),
        p("Doubler", "Dbl", "mQ").latent(latent::DOUBLER).describe(
            "Moves like a Queen without capturing. Any piece on its open queen lines may make \
             two moves in one turn.",
        ),
        p("Poisoner", "Psn", "mQ").latent(latent::POISONER).describe(
            "Moves like a Queen without capturing. Every piece on its open queen lines is \
             poisonous to its enemies.",
        ),
        p("King Lion", "KLi", "WFDNA")
            .with(Special::LionCapture {
                first: KING,
                second: SecondStep::King,
            })
            .with(Special::Pass)
            .describe(
                "Leaps to any square within two steps; or captures one step away and steps \
                 again (capturing, or back home); may pass.",
            ),
        p("Queen Cannon", "QCn", "Q")
            .with(Special::Cannon {
                lines: Queen,
                max: 0,
                mode: Mode::Capture,
            })
            .describe(
                "Moves like a Queen; captures like a Queen, or by hopping one piece to the \
                 first enemy beyond it.",
            ),
        p("Ancient Emperor", "AEm", "WDA")
            .royal()
            .describe("Royal. Steps orthogonally or leaps two squares in any direction."),
        p("Frog", "Frg", "WFHG")
            .describe("Steps one square or leaps three squares in any direction."),
        p("Fiery Dragon", "FiD", "B")
            .with(Special::Arrival(ArrivalKind::Fiery))
            .latent(latent::BURNS)
            .describe(
                "Slides diagonally; captures every enemy next to where it lands. Enemies that \
                 end a turn next to it burn. Never immobilized.",
            ),
        p("Water Buffalo", "WBf", "BvR2sR").describe(
            "Slides diagonally or sideways; up to two squares straight forward or back.",
        ),
        p("Golden Bird", "GBd", "B3sR2vR").describe(
            "Slides diagonally up to three, sideways up to two, straight forward or back any \
             distance.",
        ),
        p("Great Dragon", "GDr", "B3sRvR2").describe(
            "Slides diagonally up to three, sideways any distance, straight forward or back up \
             to two.",
        ),
        p("Communist", "Cst", "WB2")
            .with(Special::Arrival(ArrivalKind::Communist))
            .describe(
                "Steps orthogonally or slides diagonally up to two; then captures every \
                 promoted piece next to it, friend or foe.",
            ),
        p("Royalist", "Roy", "FR2").with(Special::RoyalLeap { may_stay: false }).describe(
            "Steps diagonally or slides orthogonally up to two; or leaps from anywhere to a \
             square next to a friendly royal piece, capturing what stands there.",
        ),
        p("Mad Hatter", "MdH", "mQcN")
            .describe("Moves like a Queen; captures as a Knight."),
        p("March Hare", "MrH", "mNcQ")
            .describe("Moves as a Knight; captures like a Queen."),
        p("Mock Turtle", "MkT", "mAcR4").describe(
            "Moves by leaping two squares diagonally; captures orthogonally up to four squares.",
        ),
        p("Tribble", "Trb", "D").with(Special::Create(&DABBABA)).describe(
            "Leaps two squares orthogonally; or creates a new Tribble on an empty square a \
             Dabbaba leap away.",
        ),
        p("Sultan", "Sul", "FC")
            .royal()
            .describe("Royal. Steps diagonally or leaps as a Camel."),
        // Typhoon's Undertaker and Dervish with the Jupiter table's powers (replacing Typhoon's).
        PieceSpec::new("Undertaker", "Un", "")
            .with(Special::Line(LineKind::Undertaker))
            .optional_capture()
            .promotes_to("Da")
            .describe(
                "Steps one square to an empty square; may capture an adjacent enemy by \
                 stepping directly away from it.",
            ),
        PieceSpec::new("Dervish", "De", "DA")
            .aliases(&["Der"])
            .with(Special::Relay(RelayKind::DervishWide))
            .promotes_to("Ha")
            .describe(
                "Leaps two squares orthogonally or diagonally; friendly pieces next to it may \
                 step or leap as Firzan, Dabbaba or Alfil to another square next to it.",
            ),
    ]
}
