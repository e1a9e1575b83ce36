//! Perft regression: the counts in tests/data/scirocco.perft (format in its header), checked
//! against the library on every run and against the reference generator where that is cheap.

mod reference;

use jovian_rules::variants::scirocco;
use jovian_rules::{Color, Position, Setup};
use reference::{Board, RefGame};

const DATA: &str = include_str!("data/scirocco.perft");

/// One line of the data file.
struct Line {
    text: &'static str,
    position: Position,
    depth: u32,
    nodes: u64,
}

fn lines() -> Vec<Line> {
    let v = scirocco::variant();
    let mut out = Vec::new();
    for text in DATA.lines().map(str::trim) {
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = text.split_whitespace().collect();
        let (position, rest) = match f[0] {
            "setup" => {
                let setup =
                    Setup::named(v, f[1]).unwrap_or_else(|| panic!("{text}: no such array"));
                (
                    Position::from_setup(&setup).expect("named arrays are valid"),
                    &f[2..],
                )
            }
            "position" => {
                let side = match f[2] {
                    "blue" => Color::Blue,
                    "tan" => Color::Tan,
                    other => panic!("{text}: side {other}"),
                };
                let mut b = Board::empty(side);
                b.put(Color::Blue, &f[3].replace(',', " "));
                b.put(Color::Tan, &f[4].replace(',', " "));
                (b.to_position(v), &f[5..])
            }
            other => panic!("{text}: unknown line kind {other}"),
        };
        assert_eq!(rest.len(), 2, "{text}: expected <depth> <nodes>");
        out.push(Line {
            text,
            position,
            depth: rest[0].parse().expect("depth"),
            nodes: rest[1].parse().expect("nodes"),
        });
    }
    out
}

#[test]
fn library_matches_data_file() {
    let all = lines();
    assert!(all.len() >= 30, "data file lost lines");
    for mut line in all {
        assert_eq!(line.position.perft(line.depth), line.nodes, "{}", line.text);
        // perft_divide splits the same count by first move.
        if line.depth <= 3 {
            let divided: u64 = line
                .position
                .perft_divide(line.depth)
                .iter()
                .map(|x| x.1)
                .sum();
            assert_eq!(divided, line.nodes, "divide: {}", line.text);
        }
    }
}

/// The reference generates moves at every node above the leaves; its cost is perft(depth - 1)
/// generations. Lines it can redo in a few seconds are checked on every run: with the current
/// data, every line to depth 3, the arrays at depth 4 and the endgame to depth 5.
const REFERENCE_BUDGET: u64 = 15_000;

#[test]
fn reference_matches_data_file() {
    let mut checked = 0;
    for mut line in lines() {
        let cost = line.position.perft(line.depth - 1);
        if cost > REFERENCE_BUDGET {
            continue;
        }
        let mut game = RefGame::new(Board::from_position(&line.position));
        assert_eq!(
            game.perft(line.depth),
            line.nodes,
            "reference: {}",
            line.text
        );
        checked += 1;
    }
    println!("data lines cross-checked against the reference: {checked}");
    assert!(checked >= 25);
}

/// All lines against the reference, however deep (a few minutes; run with `--ignored`).
#[test]
#[ignore]
fn reference_matches_every_line() {
    for line in lines() {
        let mut game = RefGame::new(Board::from_position(&line.position));
        assert_eq!(
            game.perft(line.depth),
            line.nodes,
            "reference: {}",
            line.text
        );
        println!("ok: {}", line.text);
    }
}

/// Every Scirocco piece moves the same to the left and to the right, so an array and its
/// left-right mirror image (every pair swapped: all bits flipped) have the same perft. Checks the
/// library without the reference, on arrays not in the data file.
#[test]
fn mirror_image_arrays_have_equal_perft() {
    let v = scirocco::variant();
    let mut rng = reference::random::Lcg::new(4242);
    for _ in 0..6 {
        let bits = rng.below(256) as u8;
        let sym = if rng.chance(50) { "rot" } else { "mir" };
        let name = |b: u8| -> String {
            let s: String = (0..8)
                .map(|i| if b >> i & 1 == 1 { '1' } else { '0' })
                .collect();
            format!("{sym}-{s}")
        };
        let perft = |n: &str| {
            Position::from_setup(&Setup::named(v, n).expect("array"))
                .expect("valid")
                .perft(4)
        };
        let (a, b) = (name(bits), name(!bits));
        assert_eq!(perft(&a), perft(&b), "{a} vs {b}");
    }
}
