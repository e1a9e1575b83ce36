//! Jupiter's material values (16x16, 161 types), for `values.rs`. A Pawn is 100. "Mobility" is
//! the average number of moves from every square of an empty 16x16 board (moves and captures are
//! given apart where they differ); powers that need other pieces on the board are a stated
//! adjustment on top. On 16x16 long-range riders gain (Rook 750, Bishop 580, Queen 1300) while
//! short leapers and steppers keep their Typhoon values and so lose relative worth. "Typhoon N" or
//! "as Typhoon" marks a type shared with Typhoon; "text" marks the author's remarks (initial pieces
//! "none being worth more than about a Rook"). Royal pieces get a nominal value.

/// (abbreviation, value, source), initial types then promoted ones, in the piece table's order.
pub(crate) const JUPITER: &[(&str, i32, &str)] = &[
    // Initial types.
    // Lance pair: Fire Horse, Ghost Warrior.
    ("FH", 460, "Typhoon 420; forward rook gains (mobility 10.8)"),
    ("GW", 440, "Typhoon 400; forward rook gains (mobility 9.3)"),
    // Hook pair: Hooklet, Hawklet.
    (
        "Hoo",
        560,
        "mobility 20.4: Lioness squares, blockable; < Rook",
    ),
    (
        "Haw",
        580,
        "mobility 20.4: Lioness squares, blockable, freer paths",
    ),
    // Fat pair: Marquis, Priest.
    ("Ma", 450, "as Typhoon: short leaper (mobility 10.3)"),
    ("Pr", 460, "as Typhoon: short leaper (mobility 10.1)"),
    // Animal pair: Stork, Goat.
    ("St", 200, "as Typhoon (moves 3.1, captures 6.8)"),
    ("Go", 230, "as Typhoon (moves 7.0, captures 3.5)"),
    // Queenlet pair: Cicada, Salamander.
    (
        "Ci",
        300,
        "as Typhoon (moves 7.3, no captures); Q3 hops need a crowd",
    ),
    (
        "Sa",
        340,
        "as Typhoon (mobility 7.3) + Q4 slides to friends",
    ),
    // Bent pair: Toucan, Crow.
    ("Tou", 380, "mobility 7.3: Commoner 320 + double capture"),
    ("Cro", 340, "mobility 7.0: Kylin 260 + double capture"),
    // Guardian pair: Gold General, Ferocious Leopard.
    ("GG", 320, "as Typhoon: 6 steps"),
    ("FL", 320, "as Typhoon: 6 steps"),
    // Regal pair: King, Commoner.
    ("K", 400, "nominal (royal), as Typhoon"),
    ("Co", 320, "as Typhoon: 8 steps"),
    // Artillery pair: Blunderbuss, Crossbow.
    (
        "Bln",
        330,
        "moves 13.5, no captures: R4 moves; captures need a screen",
    ),
    (
        "Cbo",
        250,
        "captures 11.5, no moves: B4 captures; moves need a screen",
    ),
    // Letter pair: Eye, Yew.
    ("Eye", 250, "mobility 6.9: 8 blockable squares"),
    ("Yew", 230, "mobility 6.8: 8 blockable squares, never back"),
    // Skipping pair: Thisaway, Thataway.
    ("Thi", 390, "mobility 10.0: 12 leaps (Marquis 450), 4 Alfil"),
    (
        "Tha",
        410,
        "mobility 10.0: as Thisaway, Knight leaps advance",
    ),
    // Dragonlet pair: Dragon Pony, Dragon Duke.
    ("DrP", 420, "mobility 13.0: Bishop's Dog 280 + W steps"),
    ("DrD", 460, "mobility 14.0: R3 (Chariot 440) + F steps"),
    // Directional pair: Right General, Left General.
    ("RtG", 300, "mobility 6.3: 7 steps, as the Blind Tiger"),
    ("LfG", 300, "mobility 6.3: 7 steps, as the Blind Tiger"),
    // Mover pair: Vertical Mover, Side Mover.
    ("VtM", 480, "mobility 16.9: Filerider 440 + W steps"),
    ("SdM", 430, "mobility 16.9: Rankrider 370 + W steps"),
    // Scattered pair: Blue Gecko, White Fox.
    ("BlG", 330, "mobility 9.2: lopsided short slides"),
    ("WhF", 330, "mobility 9.2: lopsided short slides"),
    // Relay pair: Relay Wazir, Relay Firzan.
    ("RlW", 240, "mobility 3.8: Wazir 130 + relays W to friends"),
    ("RlF", 260, "mobility 3.5: Firzan 150 + relays F to friends"),
    // Magnetic pair: Come Here, Go Away.
    ("CmH", 200, "moves 7.3, no captures; pulls enemies closer"),
    ("GoA", 190, "moves 7.3, no captures; pushes enemies away"),
    // Tank pair: Ox Tank, Dragon Tank.
    ("OxT", 220, "mobility 3.8: Wazir 130 + pushes friends"),
    ("DrT", 240, "mobility 3.5: Firzan 150 + pushes friends"),
    // Odder pair: Neartaker, Intertaker.
    (
        "Nrt",
        280,
        "moves 7.3, captures 6.6; approach captures, as Overtaker",
    ),
    (
        "Int",
        250,
        "moves 7.3, no captures; custodian multi-captures",
    ),
    // Pretentious pair: Flying Dragon, Violent Ox.
    ("FlD", 220, "mobility 6.6: B2 (Bishop's Dog 280)"),
    ("VOx", 270, "mobility 7.2: R2 (Chariot 440)"),
    // Chu pair: Kylin, Phoenix.
    ("Kyl", 260, "mobility 7.0: Goat 230, capturing on F"),
    ("Phx", 250, "mobility 6.8: Stork 200, moving on W"),
    // Poison pair: Kamikaze, Deadly Nightshade.
    ("Kam", 300, "mobility 13.8: Q2, but dies when it captures"),
    ("DNi", 380, "mobility 7.3: Commoner 320 + poison"),
    // Dagger pair: Cuckoo, Hummingbird.
    ("Cu", 300, "as Typhoon (mobility 3.7); converts"),
    ("Hu", 260, "as Typhoon (mobility 3.7); swaps"),
    // Linear pair: Rankrider, Filerider.
    ("Rrd", 370, "mobility 15.0: half a Rook, sideways only"),
    ("Frd", 440, "mobility 15.0: half a Rook, forward and back"),
    // Colorbound pair: Camel, Bishop's Dog.
    ("C", 260, "as Typhoon: short leaper (mobility 6.1)"),
    ("BD", 280, "as Typhoon: B3 (mobility 9.2)"),
    // Fifth pair: Right Knight, Left Knight.
    ("RtN", 150, "mobility 3.3: half a Knight (pinwheel)"),
    ("LfN", 150, "mobility 3.3: half a Knight (pinwheel)"),
    // Ancient pair: Alfil, Dabbaba.
    ("A", 110, "as Typhoon; text: barely more than a Pawn"),
    ("D", 130, "as Typhoon"),
    // Short pair: Wazir, Firzan.
    ("W", 130, "as Typhoon"),
    ("F", 150, "as Typhoon"),
    // Side pair: Otter, Beaver.
    ("Ot", 360, "as Typhoon: short range (mobility 11.2)"),
    ("Be", 420, "Typhoon 400; back rook gains (mobility 16.9)"),
    // Barbarian pair: Eastern Barbarian, Western Barbarian.
    ("EBa", 280, "mobility 7.3: vertical R2 + 4 steps"),
    ("WBa", 270, "mobility 7.3: sideways R2 + 4 steps"),
    // Odd pair: Overtaker, Undertaker.
    ("Ov", 300, "as Typhoon (moves 7.3, captures 6.6)"),
    ("Un", 290, "Typhoon 280; withdrawal now optional"),
    // Square pair: Chariot, Wagon.
    ("Ch", 440, "as Typhoon: R4 (mobility 13.5)"),
    (
        "Wa",
        560,
        "Typhoon 430 (mobility 26.2); text: nearer a Rook",
    ),
    // Horse pair: Knight, Dervish.
    ("N", 290, "as Typhoon: short leaper (mobility 6.6)"),
    ("De", 320, "Typhoon 300; wider relay (mobility 6.6)"),
    // Skewed pair: Twist, Tango.
    ("Twi", 280, "mobility 7.1: W + 2 F + 2 Knight leaps"),
    ("Tgo", 280, "mobility 7.1: W + 2 F + 2 Knight leaps"),
    // Metal pair: Silver General, Copper General.
    ("SG", 280, "as Typhoon: 5 steps"),
    ("CG", 230, "as Typhoon: 4 steps"),
    // Princely pair: Drunk Elephant, Blind Tiger.
    ("DE", 320, "as Typhoon: 7 steps"),
    ("BT", 300, "as Typhoon: 7 steps"),
    // Went-Between pair: Go-Between, Go-Along.
    ("GBt", 90, "mobility 1.9: steps forward and back"),
    ("GAl", 70, "mobility 1.9: sideways; cannot reach the zone"),
    // Go-Between pair: Lantern, Banner.
    ("La", 110, "as Typhoon"),
    ("Ba", 140, "as Typhoon"),
    // Pawn row: Fu, Berolina, Pawn, Guard.
    ("Fu", 110, "as Typhoon"),
    ("Ber", 100, "moves 1.8, captures 0.9: as a Pawn"),
    ("P", 100, "unit"),
    ("Gu", 140, "as Typhoon"),
    // Promoted types.
    // Lance pair: Flying Ox, Free Boar.
    ("FO", 900, "Typhoon 760; riders gain (mobility 34.4)"),
    ("FB", 850, "Typhoon 720; riders gain (mobility 34.4)"),
    // Hook pair: Boyscout, Girlscout.
    ("Boy", 640, "mobility 40.5: crooked Bishop, blockable"),
    ("Gir", 780, "mobility 58.1: crooked Rook, blockable"),
    // Fat pair: Abbot, Duke.
    ("Ab", 650, "as Typhoon: N + B4 (mobility 18.0)"),
    ("Du", 700, "as Typhoon: N + R4 (mobility 20.1)"),
    // Animal pair: Queen, Lioness.
    ("Q", 1300, "Typhoon 1100; riders gain (mobility 49.4)"),
    ("Li", 950, "as Typhoon (mobility 20.4); text: < Queen"),
    // Queenlet pair: Typhoon, Genie.
    ("Ty", 900, "as Typhoon: Q3 taking 3 (mobility 19.7)"),
    ("Ge", 950, "as Typhoon (mobility 19.7); text: < Queen"),
    // Bent pair: Capricorn, Great Hook.
    ("Cap", 950, "mobility 127.0: half the board, colourbound"),
    ("GrH", 1100, "mobility 159.9: Rook + R3 turns, blockable"),
    // Guardian pair: Horned Owl, Diving Osprey.
    ("HO", 700, "as Typhoon: B4 + D + forward Parrot"),
    ("DO", 760, "as Typhoon: R4 + A + forward Raven"),
    // Regal pair: Emperor, Emperor of Emperors, Wildebeest.
    ("Em", 500, "nominal (royal), as Typhoon"),
    ("EE", 800, "nominal (royal); Typhoon 700, longer shots"),
    ("Wi", 520, "as Typhoon: short leaper (mobility 12.7)"),
    // Artillery pair: Cardinal, Marshall.
    ("Car", 880, "mobility 25.9: Bishop 580 + Knight 290"),
    ("Mar", 1050, "mobility 36.6: Rook 750 + Knight 290"),
    // Letter pair: Far Queen, Talia.
    ("FaQ", 850, "mobility 35.5: Queen missing near squares"),
    ("Tal", 420, "mobility 15.9: Bishop missing near squares"),
    // Skipping pair: West Wind, East Wind.
    ("WWi", 700, "mobility 25.7: half a Queen + R3 + N"),
    ("EWi", 700, "mobility 26.4: half a Queen + R3 + W + C"),
    // Dragonlet pair: Withdrawer, Coordinator.
    (
        "Wdr",
        650,
        "moves 49.4, captures 6.6: Queen moves, withdrawal",
    ),
    ("Coo", 700, "moves 49.4 as a Queen; captures by its royals"),
    // Directional pair: Whale, White Horse.
    ("Whl", 700, "mobility 24.7: vertical Rook + back Bishop"),
    ("WhH", 760, "mobility 24.7: vertical Rook + forward Bishop"),
    // Mover pair: Tiger Horse, Zoom.
    ("TiH", 880, "mobility 22.7: 20 leaps + double capture"),
    ("Zoo", 500, "moves 49.4, no captures; relays Queen moves"),
    // Scattered pair: Boxer, Foursquare.
    ("Box", 820, "mobility 24.9: 32 leaps (Lioness 950)"),
    ("Fsq", 840, "mobility 24.5: 32 leaps with N (Lioness 950)"),
    // Relay pair: Soaring Eagle, Horned Falcon.
    ("SEg", 1150, "mobility 43.0: R + bB + forward Raven"),
    ("HFl", 1120, "mobility 43.7: B + bR + sR + forward Parrot"),
    // Magnetic pair: Hippogriff, Werewolf.
    ("Hgr", 450, "mobility 6.6: Knight + grasshopper hops"),
    ("Wwf", 450, "mobility 7.3: Commoner + Knight-line hops"),
    // Tank pair: Bishop General, Rook General.
    ("BGn", 820, "mobility 19.4: Bishop + captures over pieces"),
    ("RGn", 1050, "mobility 30.0: Rook + captures over pieces"),
    // Odder pair: Teleporter, Halmopper.
    ("Tlp", 520, "moves 49.4, no captures; swaps friends"),
    ("Hlm", 550, "mobility 7.3: Commoner + hop chains"),
    // Pretentious pair: Doubler, Poisoner.
    ("Dbl", 500, "moves 49.4, no captures; doubles either side"),
    ("Psn", 450, "moves 49.4, no captures; poisons either side"),
    // Chu pair: King Lion, Queen Cannon.
    (
        "KLi",
        1400,
        "mobility 20.4 + Lion powers; text: Lion ~ 2 Queens",
    ),
    ("QCn", 1450, "mobility 49.4: Queen 1300 + cannon captures"),
    // Poison pair: Ancient Emperor, Frog.
    ("AEm", 450, "nominal (royal); mobility 10.3"),
    ("Frg", 480, "mobility 13.2: Commoner + H + G (Tadpole 380)"),
    // Dagger pair: Longleaper, Immobilizer.
    (
        "Lo",
        800,
        "Typhoon 700; queen lines gain (moves 49.4, captures 42.1)",
    ),
    ("Im", 680, "Typhoon 600; moves 49.4, no captures; freezes"),
    // Linear pair: Fiery Dragon, Water Buffalo.
    ("FiD", 1050, "mobility 19.4: Bishop + burns all around"),
    ("WBf", 900, "mobility 38.0: Free Boar 850 + vertical R2"),
    // Colorbound pair: Squirrel, Centaur.
    ("Sq", 560, "as Typhoon: short leaper (mobility 13.1)"),
    ("Ce", 500, "as Typhoon: short leaper (mobility 13.8)"),
    // Fifth pair: Golden Bird, Great Dragon.
    ("GBd", 680, "mobility 27.8: B3 + vR + sR2"),
    ("GDr", 640, "mobility 27.8: B3 + sR + vR2"),
    // Ancient pair: Scirocco, Dragon Kite.
    ("Sc", 760, "Typhoon 680; riders gain (mobility 23.1)"),
    ("DK", 860, "Typhoon 760; riders gain (mobility 33.5)"),
    // Short pair: Zag, Zig.
    ("Za", 330, "as Typhoon (moves 6.6, captures 10.1)"),
    ("Zi", 320, "as Typhoon (moves 7.2, captures 10.3)"),
    // Side pair: Missionary, Sorcerer.
    (
        "Mi",
        620,
        "as Typhoon: Q2 converter (moves 13.8, captures 12.5)",
    ),
    (
        "So",
        720,
        "as Typhoon: Q2, takes lines (moves 13.8, captures 12.5)",
    ),
    // Barbarian pair: Communist, Royalist.
    (
        "Cst",
        450,
        "mobility 10.3: W + B2 + takes promoted neighbours",
    ),
    ("Roy", 450, "mobility 10.8: F + R2 + leaps to its royals"),
    // Odd pair: Nightrider, Dayrider.
    ("Nr", 700, "Typhoon 600; riders gain (mobility 22.8)"),
    (
        "Da",
        740,
        "Typhoon 650; riders gain (moves 30.0, captures 22.8)",
    ),
    // Square pair: Octopus, Spider.
    (
        "Oc",
        760,
        "Typhoon 620; bent rook (moves 52.7, captures 49.2)",
    ),
    (
        "Sp",
        660,
        "Typhoon 560; bent bishop (moves 38.8, captures 35.0)",
    ),
    // Horse pair: Rook, Harpy.
    ("R", 750, "Typhoon 650; riders gain (mobility 30.0)"),
    ("Ha", 380, "as Typhoon (moves 19.7, no captures); relays N"),
    // Skewed pair: Mad Hatter, March Hare.
    (
        "MdH",
        580,
        "moves 49.4, captures 6.6: Queen moves, N captures",
    ),
    (
        "MrH",
        850,
        "moves 6.6, captures 49.4: N moves, Queen captures",
    ),
    // Metal pair: Vulture, Ibis.
    (
        "Vu",
        820,
        "Typhoon 700; riders gain (moves 23.1, captures 33.5)",
    ),
    (
        "Ib",
        820,
        "Typhoon 700; riders gain (moves 33.5, captures 23.1)",
    ),
    // Princely pair: Elephant Prince, Tiger Prince.
    ("EP", 450, "nominal (royal, one of several), as Typhoon"),
    ("TP", 450, "nominal (royal, one of several), as Typhoon"),
    // Went-Between pair: Tribble, Sultan.
    ("Trb", 320, "mobility 3.5: Dabbaba 130 + breeds"),
    ("Sul", 420, "nominal (royal); mobility 9.6"),
    // Go-Between pair: Parrot, Raven.
    ("Pa", 450, "as Typhoon: W + D, igui, double hops, pass"),
    ("Ra", 480, "as Typhoon: F + A, igui, double hops, pass"),
    // Pawn row: Zebra, Mock Turtle, Tadpole, Bishop.
    ("Z", 250, "as Typhoon; text: weak as leapers go"),
    ("MkT", 330, "moves 3.1, captures 13.5: A moves, R4 captures"),
    ("Ta", 380, "as Typhoon (moves 6.8, captures 10.5)"),
    ("B", 580, "Typhoon 500; riders gain (mobility 19.4)"),
];

/// The 1999 edition's values where its pieces differ from the 2009 ones (docs/rules/jupiter.md,
/// "Jupiter as first published"); every other type keeps its `JUPITER` value (the Tanks' push off
/// the board, the Royalist's pass, the Halmopper's free doubling and the optional captures change
/// a piece's worth too little to measure this way).
pub(crate) const JUPITER_1999: &[(&str, i32, &str)] = &[
    (
        "Ci",
        260,
        "2009 300 less its plain step: Q3 hops only (moves 5.9)",
    ),
    (
        "Sa",
        380,
        "moves as Q3 anywhere (mobility 19.7), captures as K (7.6)",
    ),
    ("De", 290, "2009 320; relays only the leap over it"),
    (
        "Ty",
        800,
        "2009 900; F + A + R3, runs on along ranks and files only (mobility 19.4)",
    ),
    (
        "Mi",
        560,
        "2009 620; W + B2 (moves 10.6), optional conversion",
    ),
    ("So", 650, "2009 720; W + B2 (moves 10.6), takes lines"),
    (
        "Ha",
        420,
        "2009 380; moves 49.4 as a Queen, relays N to friends a Knight away",
    ),
    (
        "Tlp",
        480,
        "2009 520; moves 49.4, lends moves between itself and its royals",
    ),
    ("Kam", 290, "2009 300; dies with relayed captures too"),
];
