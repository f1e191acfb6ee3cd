//! `bitgames connect4` on boards of 10 columns and more: moves written as
//! column numbers separated by commas, in and out.

use assert_cmd::Command;
use bitgames::Game;
use bitgames::connect4::solver::book::{Book, symmetric_key};
use bitgames::connect4::solver::{Mode, Solver};
use bitgames::connect4::{Geometry, Position};
use predicates::prelude::*;
use serde_json::Value;

fn bitgames() -> Command {
    Command::cargo_bin("bitgames").unwrap()
}

/// `bitgames connect4 analyze --json` of `moves` on a `width` x `height` board.
fn analyze_json(width: usize, height: usize, moves: &str) -> Value {
    let out = bitgames()
        .args(["connect4", "analyze", "--json", "--width"])
        .arg(width.to_string())
        .arg("--height")
        .arg(height.to_string())
        .arg(moves)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A 10x4 position with 26 stones (14 empty cells): quick to solve.
const LATE_10X4: &str = "2,3,10,9,7,2,7,3,10,2,3,4,6,1,3,1,8,1,4,8,10,4,2,8,8,10";

#[test]
fn analyze_reads_and_writes_wide_move_lists_and_agrees_with_the_library() {
    let json = analyze_json(10, 4, LATE_10X4);
    assert_eq!(json["moves"], LATE_10X4);
    assert_eq!(json["width"], 10);
    let g = Geometry::new(10, 4).unwrap();
    let pos = Position::from_moves_in(g, LATE_10X4).unwrap();
    let analysis = Solver::with_table_log2(16)
        .analyze(&pos, Mode::Strong)
        .unwrap();
    let scores: Vec<Option<i32>> = serde_json::from_value(json["scores"].clone()).unwrap();
    assert_eq!(scores, analysis.scores);
    assert_eq!(json["best"], analysis.best.unwrap() + 1);
}

#[test]
fn a_bad_wide_move_list_names_the_move() {
    bitgames()
        .args([
            "connect4", "analyze", "--width", "11", "--height", "4", "10,3,12",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "bad Connect Four position `10,3,12`: move 3 `12`: column 12 is outside 1..11",
        ));
    bitgames()
        .args(["connect4", "analyze", "--width", "17", "--height", "2", "1"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "a board has at most 16 columns, not 17",
        ));
}

#[test]
fn commas_are_read_on_7x6_and_written_as_digits() {
    let out = bitgames()
        .args(["connect4", "analyze", "--json", "4,4,5,5,3,3"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["moves"], "445533");
    assert_eq!(json["score"], 18, "a win with the next stone");
}

#[test]
fn play_on_11x4_writes_the_game_with_commas() {
    bitgames()
        .args([
            "connect4", "play", "--width", "11", "--height", "4", "--time", "100ms",
        ])
        .write_stdin("11\n12\nq\n")
        .assert()
        .success()
        .stdout(
            predicate::str::contains("`12` is not a column")
                .not()
                .and(predicate::str::contains(
                    "Not legal: column 12 is outside 1..11.",
                ))
                .and(predicate::str::contains("Game abandoned after moves `11,"))
                .and(predicate::str::contains(" 1  2  3  4  5  6  7  8  9 10 11")),
        );
}

/// An 8x8 position (72 bits) with 42 stones and 22 empty cells.
const LATE_8X8: &str = "145652351157158851814333168662581873882265";

#[test]
fn boards_over_64_bits_are_analysed_like_any_other() {
    let json = analyze_json(8, 8, LATE_8X8);
    assert_eq!(json["moves"], LATE_8X8);
    let scores: Vec<Option<i32>> = serde_json::from_value(json["scores"].clone()).unwrap();
    assert_eq!(
        scores,
        [
            None,
            Some(-10),
            Some(-10),
            Some(-11),
            None,
            Some(9),
            Some(9),
            None
        ]
    );
    let g = Geometry::new(8, 8).unwrap();
    let pos = Position::from_moves_in(g, LATE_8X8).unwrap();
    assert_ne!(pos.mask() >> 64, 0, "stones past bit 64");
    let analysis = Solver::with_table_log2(16)
        .analyze(&pos, Mode::Strong)
        .unwrap();
    assert_eq!(scores, analysis.scores);
    assert_eq!(json["best"], 6);
}

/// An 8x8 position of 34 stones (30 empty cells), column 8 in play.
const MID_8X8: &str = "1456523511571588518143331686625818";

#[test]
fn a_book_of_a_board_over_64_bits_is_read_verified_and_searched_down_to() {
    // The book of layer 36 below MID_8X8: its positions two plies on,
    // solved by the library (a whole layer of 8x8 is beyond a test).
    let g = Geometry::new(8, 8).unwrap();
    let pos = Position::from_moves_in(g, MID_8X8).unwrap();
    let mut solver = Solver::with_table_log2(18);
    let mut entries = Vec::new();
    for a in 0..8 {
        for b in 0..8 {
            let Some(q) = pos.after(a).ok().and_then(|c| c.after(b).ok()) else {
                continue;
            };
            if q.moves_played() == 36 && !q.outcome().is_over() && q.winning_moves() == 0 {
                solver.clear();
                let score = solver.solve(&q, Mode::Strong).unwrap();
                entries.push((symmetric_key(&q), score as i8));
            }
        }
    }
    let book = Book::from_scores(g, 36..=36, entries);
    let path = std::env::temp_dir().join(format!("bitgames-8x8-{}.book", std::process::id()));
    std::fs::write(&path, book.to_bytes().unwrap()).unwrap();

    let info = bitgames()
        .args(["connect4", "book", "info"])
        .arg(&path)
        .output()
        .unwrap();
    let info = String::from_utf8(info.stdout).unwrap();
    assert!(info.contains("8x8"), "{info}");
    assert!(info.contains(&book.len().to_string()), "{info}");
    bitgames()
        .args(["connect4", "book", "verify", "-j", "1", "--sample", "8"])
        .arg(&path)
        .assert()
        .success();

    let analyze = |book: Option<&std::path::Path>| {
        let mut cmd = bitgames();
        cmd.args(["connect4", "analyze", "--json", "-j", "1", "--width", "8"])
            .args(["--height", "8", MID_8X8]);
        if let Some(book) = book {
            cmd.arg("--book").arg(book);
        }
        let out = cmd.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice::<Value>(&out.stdout).unwrap()
    };
    let (with, without) = (analyze(Some(&path)), analyze(None));
    assert_eq!(with["scores"], without["scores"]);
    assert!(
        with["nodes"].as_u64() < without["nodes"].as_u64(),
        "{with} {without}"
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn counting_on_a_board_over_64_bits_agrees_with_a_64_bit_board_while_heights_do_not_matter() {
    // Up to 7 plies no column can hold more than 7 stones: 8x8 (128-bit
    // keys) and 8x7 (64-bit keys) have the same sequences and positions.
    let count = |height: &str| {
        let out = bitgames()
            .args([
                "connect4", "count", "--width", "8", "--height", height, "--plies", "7",
            ])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let (tall, short) = (count("8"), count("7"));
    let rows = |text: &str| text.lines().skip(2).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(rows(&tall), rows(&short));
    assert!(tall.contains("8x8"), "{tall}");
    // Ply 4: 8^4 sequences, 1,800 positions.
    assert!(rows(&tall)[4].split_whitespace().eq(["4", "4096", "1800"]));
}
