//! The `bitgames connect4` command: analyse, play and count, through the binary.

use assert_cmd::Command;
use bitgames::Game;
use bitgames::connect4::solver::book::{Book, symmetric_key};
use bitgames::connect4::{Geometry, Position, naive};
use bitgames::tools::{distinct_positions_by_depth, perft_by_depth};
use bitgames::{Outcome, Player};
use predicates::prelude::*;
use serde_json::Value;
use std::path::PathBuf;

fn bitgames() -> Command {
    Command::cargo_bin("bitgames").unwrap()
}

/// The first `n` lines of a Pascal Pons test set with at least 10 stones
/// (fewer take long without a book): (moves, score).
fn test_set(name: &str, n: usize) -> Vec<(String, i32)> {
    let path = format!("{}/../../data/connect4/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|l| {
            let (moves, score) = l.split_once(' ').unwrap();
            (moves.to_string(), score.parse().unwrap())
        })
        .filter(|(moves, _)| moves.len() >= 10)
        .take(n)
        .collect()
}

fn analyze_json(args: &[&str]) -> Value {
    let out = bitgames()
        .args(["connect4", "analyze", "--json"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn analyze_json_scores_match_the_test_sets() {
    let mut lines = test_set("Test_L3_R1", 15);
    lines.extend(test_set("Test_L2_R1", 15));
    lines.extend(test_set("Test_L2_R2", 8));
    lines.extend(test_set("Test_L1_R1", 4));
    for (moves, score) in lines {
        let v = analyze_json(&[&moves]);
        let pos = Position::from_moves(&moves).unwrap();
        assert_eq!(v["moves"], moves.as_str());
        assert_eq!(v["score"], score, "{moves}");
        assert_eq!(v["to_move"], pos.to_move().number(), "{moves}");
        let scores = v["scores"].as_array().unwrap();
        assert_eq!(scores.len(), 7);
        for (col, s) in scores.iter().enumerate() {
            assert_eq!(
                s.is_null(),
                !pos.can_play(col),
                "{moves} column {}",
                col + 1
            );
        }
        // The best column scores the position's score, and no column scores more.
        let best = v["best"].as_u64().unwrap() as usize;
        assert_eq!(scores[best - 1], score, "{moves}");
        assert!(
            scores
                .iter()
                .all(|s| s.as_i64().is_none_or(|s| s <= i64::from(score)))
        );
    }
}

#[test]
fn analyze_json_is_the_apis_answer_in_the_librarys_words() {
    // 4453: every column loses; 3, 6 and 7 the latest, in 18 stones.
    let v = analyze_json(&["4453"]);
    assert_eq!(v["scores"], serde_json::json!([-5, -5, -2, -3, -4, -2, -2]));
    assert_eq!(v["signs"], serde_json::json!([-1, -1, -1, -1, -1, -1, -1]));
    assert_eq!(v["texts"][0], "loss in 15");
    assert_eq!(v["texts"][2], "loss in 18");
    assert_eq!(v["best_columns"], serde_json::json!([3, 6, 7]));
    assert_eq!(
        (&v["result"], &v["complete"]),
        (&Value::from("loss in 18"), &Value::Bool(true))
    );
    assert_eq!(v["budget_ms"], Value::Null, "no --time");
    // Issue 73: a column not solved exactly is null in `scores`, its sign
    // (if known) in `signs`, as the API says, never a sign among scores.
    let v = analyze_json(&["4453", "--width", "8", "--height", "5", "--time", "1ms"]);
    assert_eq!(v["budget_ms"], 1);
    assert_eq!(v["complete"], false);
    assert_eq!(v["best"], Value::Null);
    for c in 0..8 {
        let exact = v["exact"][c].as_bool().unwrap();
        assert_eq!(exact, !v["scores"][c].is_null(), "column {}", c + 1);
        if let (false, Some(sign)) = (exact, v["signs"][c].as_i64()) {
            assert_eq!(v["texts"][c], ["loss", "draw", "win"][(sign + 1) as usize]);
        }
    }
}

#[test]
fn analyze_weak_gives_the_sign_of_the_score() {
    for (moves, score) in test_set("Test_L2_R2", 6) {
        let v = analyze_json(&["--weak", &moves]);
        assert_eq!(v["score"], score.signum(), "{moves}");
        assert_eq!(v["mode"], "weak");
    }
}

#[test]
fn analyze_text_shows_board_turn_scores_in_words_and_best() {
    // Test_L2_R2 line 5: `6614446666373154`, score -4 for player 1.
    bitgames()
        .args(["connect4", "analyze", "6614446666373154"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            ". . . . . O .\n. . . . . X .\n. . . O . O .\n. . . O . X .\nO . X X . O .\nX . X O X X O\n1 2 3 4 5 6 7\n",
        ))
        .stdout(predicate::str::contains(
            "Red (X, player 1) to move: score -4, loss in 10.",
        ))
        .stdout(predicate::str::contains("     1     -4  loss in 10  best"))
        .stdout(predicate::str::contains("     5    -13  loss in 1\n"))
        .stdout(predicate::str::contains("     6   full"))
        .stdout(predicate::str::contains("Best column: 1"));
}

#[test]
fn analyze_draws_the_words_with_the_spare_row() {
    // Column 6 is full: its key marker sits in the spare row, on top. Column
    // 1 (X, then O; X to move): key 01 + 11 + 1 = 101, rows 1 and 3.
    bitgames()
        .args(["connect4", "analyze", "--bits", "6614446666373154"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "position        mask            key\n\
             . . . . . . .   . . . . . . .   . . . . . 1 .\n",
        ))
        .stdout(predicate::str::contains(
            "1 . 1 . 1 1 .   1 . 1 1 1 1 1   1 1 1 . 1 1 .\n",
        ));
}

#[test]
fn analyze_reads_a_grid_and_finds_moves_that_reach_it() {
    // The grid of Test_L2_R2's `6614446666373154` (score -4).
    let grid = "0000020/0000010/0002020/0002010/2011020/1012112";
    let v = analyze_json(&[grid]);
    assert_eq!(v["score"], -4);
    assert_eq!(v["best"], 1);
    assert_eq!(v["grid"], grid);
    let moves = v["moves"].as_str().unwrap();
    assert_eq!(
        Position::from_moves(moves).unwrap(),
        Position::from_moves("6614446666373154").unwrap()
    );
    // One row per line works as well.
    let v = analyze_json(&[&grid.replace('/', "\n")]);
    assert_eq!(v["score"], -4);
}

#[test]
fn analyze_other_board_sizes() {
    // 4x4: player 1 has three on the bottom row and wins at once in column 4,
    // with their 4th stone after 6: score (16 + 1 - 6) / 2 = 5.
    let v = analyze_json(&["--width", "4", "--height", "4", "112233"]);
    assert_eq!(v["score"], 5);
    assert_eq!(v["best"], 4);
    assert_eq!(v["texts"][3], "win in 1");
    assert_eq!(v["width"], 4);
}

fn fails_with(args: &[&str], message: &str) {
    bitgames()
        .args(["connect4", "analyze"])
        .args(args)
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!("bitgames: error: {message}\n"));
}

#[test]
fn analyze_errors_name_the_move_or_cell() {
    fails_with(
        &["448"],
        "bad Connect Four position `448`: move 3 `8`: column 8 is outside 1..7",
    );
    fails_with(
        &["44x"],
        "bad Connect Four position `44x`: character 3 `x`: not a column (use digits 1..7)",
    );
    fails_with(
        &["4444444"],
        "bad Connect Four position `4444444`: move 7 `4`: column 4 is full",
    );
    fails_with(
        &["0000000/0000000/0000000/0000000/0002000/0010000"],
        "bad Connect Four position `0000000/0000000/0000000/0000000/0002000/0010000`: floating stone: column 4, row 2 (line 5 of the grid) holds a stone of player 2 but the cell below it is empty",
    );
    fails_with(
        &["0000000/0000000/0000000/0000000/0001200"],
        "bad Connect Four position `0000000/0000000/0000000/0000000/0001200`: the grid has 5 rows, a 7x6 board has 6",
    );
    fails_with(
        &[
            "000000/000000/000000/100000/200000",
            "--width",
            "6",
            "--height",
            "5",
        ],
        "bad Connect Four position `000000/000000/000000/100000/200000`: no game reaches this grid: the stones cannot be played in turn without a four before the last one",
    );
    fails_with(
        &["1212121"],
        "Connect Four position `1212121`: the game is already over (player 1 wins): there is nothing to analyse",
    );
    fails_with(
        &["--width", "12", "--height", "10", "1"],
        "bad board size: a 12x10 board needs 12 x (10 + 1) = 132 bits, more than the 128 of a u128",
    );
}

fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("bitgames-c4-{}-{name}", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn analyze_uses_a_book_and_refuses_one_of_another_size() {
    // A book that holds one position, `6614446666373154` (really -4 for its
    // player to move), with a made-up score of 9: from its parent, column 4
    // leads there and must now score -9.
    let child = Position::from_moves("6614446666373154").unwrap();
    let book = Book::from_scores(Geometry::STANDARD, 16..=16, [(symmetric_key(&child), 9)]);
    let path = temp_file("book", &book.to_bytes().unwrap());
    let with = analyze_json(&["--book", path.to_str().unwrap(), "661444666637315"]);
    let without = analyze_json(&["661444666637315"]);
    assert_eq!(without["scores"][3], 4);
    assert_eq!(with["scores"][3], -9);

    let small = Book::from_scores(Geometry::new(4, 4).unwrap(), 0..=2, []);
    let small_path = temp_file("small-book", &small.to_bytes().unwrap());
    let small_name = small_path.display().to_string();
    fails_with(
        &["--book", &small_name, "6614446666373154"],
        &format!("book {small_name} is for a 4x4 board, not 7x6"),
    );
    let junk = temp_file("junk-book", b"not a book at all, surely");
    let junk_name = junk.display().to_string();
    fails_with(
        &["--book", &junk_name, "6614446666373154"],
        &format!(
            "book {junk_name}: not a Connect Four book: not a bitgames book (no `BGC4BOOK` magic), nor Pascal Pons' `7x6.book` (header board 110x111: a board has at most 16 columns, not 110), nor a BitBully database (as 12-ply records of 5 bytes: record 0: 7 bits are left after the seventh column, not the one padding bit; 25 bytes is no whole number of 4-byte records; 25 bytes is no whole number of 3-byte records)"
        ),
    );
    for p in [path, small_path, junk] {
        std::fs::remove_file(p).unwrap();
    }
}

#[test]
fn count_prints_perft_and_distinct_positions_to_ply_9() {
    let out = bitgames()
        .args(["connect4", "count", "--plies", "9"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<Vec<u64>> = text
        .lines()
        .skip(2)
        .map(|l| l.split_whitespace().map(|n| n.parse().unwrap()).collect())
        .collect();
    let perft = [
        1, 7, 49, 343, 2_401, 16_807, 117_649, 823_536, 5_673_234, 39_394_572,
    ];
    let distinct = [
        1, 7, 49, 238, 1_120, 4_263, 16_422, 54_859, 184_275, 558_186,
    ];
    assert_eq!(rows.len(), 10);
    for (ply, row) in rows.iter().enumerate() {
        assert_eq!(row, &vec![ply as u64, perft[ply], distinct[ply]]);
    }
}

#[test]
fn count_on_other_sizes_agrees_with_the_naive_twin() {
    for (w, h, plies) in [(4, 4, 10), (5, 4, 8)] {
        let out = bitgames()
            .args(["connect4", "count", "--plies", &plies.to_string()])
            .args(["--width", &w.to_string(), "--height", &h.to_string()])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with(&format!("Connect Four {w}x{h}:")));
        let start = naive::Board::new(Geometry::new(w, h).unwrap());
        let perft = perft_by_depth(&start, plies);
        let distinct = distinct_positions_by_depth(&start, plies);
        for (ply, line) in text.lines().skip(2).enumerate() {
            let expected = format!("{ply:>4}  {:>20}  {:>16}", perft[ply], distinct[ply]);
            assert_eq!(line, expected);
        }
    }
    bitgames()
        .args(["connect4", "count", "--plies", "43"])
        .assert()
        .code(1)
        .stderr("bitgames: error: --plies 43 is more than the 42 cells of a 7x6 board\n");
}

fn play(args: &[&str], input: &str) -> String {
    let out = bitgames()
        .args(["connect4", "play"])
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn play_reprompts_on_bad_input_and_ends_cleanly() {
    let out = play(&["--time", "0.2s"], "x\n0\n8\n\nq\n");
    assert!(out.starts_with("You are Red (X, player 1). Type a column 1..7 and Enter; q quits.\n"));
    assert!(out.contains("`x` is not a column: type 1..7 (q quits)."));
    assert!(out.contains("`0` is not a column: type 1..7 (q quits)."));
    assert!(out.contains("Not legal: column 8 is outside 1..7."));
    assert!(out.contains("`` is not a column"));
    assert_eq!(out.matches("Your move: ").count(), 5);
    assert!(
        out.contains("Your move: 8\nNot legal"),
        "piped input is echoed"
    );
    assert!(out.ends_with("Game abandoned after moves ``.\n"));

    // End of input after one move each.
    let out = play(&["--time", "0.2s"], "4\n");
    assert!(out.contains("I play column "));
    assert!(out.contains("\nInput ended; game abandoned after moves `4"));
}

#[test]
fn the_engine_moving_first_takes_the_centre() {
    // The built-in book (every position of at most 3 stones, and of exactly
    // 10) makes every move exact from the first one. Its third move, after
    // four stones, is a search helped by the book (well under 0.2 s on a
    // quiet machine); the budget is generous so that a loaded machine does
    // not turn it into a quick move: the search ends as soon as it is exact.
    let out = play(&["--first", "ai", "--time", "20s"], "1\n1\n");
    assert!(out.starts_with("You are Yellow (O, player 2)."), "{out}");
    assert!(
        out.contains("I play column 4 (exact: win in 21 (score 1)).\n"),
        "{out}"
    );
    assert_eq!(out.matches("I play column ").count(), 3, "{out}");
    assert_eq!(out.matches("(exact: ").count(), 3, "{out}");
    // With only the first 3 stones in its book, its first two moves are the
    // book's (exact); its third, after four stones, is a search of seconds:
    // within 1 s it is exact or says plainly that it is not, whichever the
    // machine's speed gives (no assertion on how fast the machine is).
    let shallow = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../bitgames/books/7x6-depth3.book"
    );
    let out = play(
        &["--first", "ai", "--time", "1s", "--book", shallow],
        "1\n1\n",
    );
    let moves: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("I play column "))
        .collect();
    assert_eq!(moves.len(), 3, "{out}");
    assert!(
        moves[0].contains("I play column 4 (exact: win in 21 (score 1))."),
        "{out}"
    );
    assert!(moves[1].contains("(exact: "), "{out}");
    assert!(
        moves[2].contains("(exact: ")
            || moves[2].ends_with(
                " (not exact: a quick move (a short search), the position was not solved in time: 1.0 s were not enough)."
            ),
        "{out}"
    );
}

#[test]
fn a_careless_player_loses_to_the_engine() {
    // The player drops stones left to right, over and over (full columns are
    // refused and the next line is read).
    let input = "1\n2\n3\n4\n5\n6\n7\n".repeat(12);
    let out = play(&["--time", "1s"], &input);
    assert!(out.contains("I win. Moves: "), "{out}");
    let moves = out
        .lines()
        .last()
        .unwrap()
        .trim_start_matches("I win. Moves: ");
    let pos = Position::from_moves(moves).unwrap();
    assert_eq!(pos.outcome(), Outcome::Win(Player::Two));
    // Once positions are small enough, the moves come with their exact score.
    assert!(out.contains("(score "), "{out}");
}

#[test]
fn a_layer_sample_prints_what_the_layer_costs_and_each_position_as_solved() {
    let out = bitgames()
        .args(["connect4", "book", "build", "--width", "5", "--height", "4"])
        .args([
            "--layer",
            "6",
            "--sample",
            "3",
            "-j",
            "2",
            "--table-log2",
            "16",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    // The layer's positions: as many as a book of the layer holds.
    let g = bitgames::connect4::Geometry::new(5, 4).unwrap();
    let count = bitgames::connect4::solver::book::book_positions(g, 6).len();
    let row: Vec<&str> = stdout
        .lines()
        .find(|l| l.starts_with("| 6 |"))
        .unwrap_or_else(|| panic!("no row of layer 6: {stdout}"))
        .split('|')
        .map(str::trim)
        .collect();
    assert_eq!(
        (row[2], row[3]),
        (count.to_string().as_str(), "3"),
        "{stdout}"
    );
    // Each position is reported as it is solved (one can take hours), and
    // the table's mean nodes are theirs.
    let nodes: Vec<f64> = stderr
        .lines()
        .filter(|l| l.contains(&format!("layer 6 ({count} positions): ")))
        .map(|l| {
            let n = l.rsplit(", ").next().unwrap();
            n.trim_end_matches(" nodes").parse().unwrap()
        })
        .collect();
    assert_eq!(nodes.len(), 3, "{stderr}");
    assert!(stderr.contains(" 3 of 3 solved: "), "{stderr}");
    let mean = nodes.iter().sum::<f64>() / 3.0;
    assert_eq!(row[7], format!("{mean:.0}"), "{stdout}\n{stderr}");
}
