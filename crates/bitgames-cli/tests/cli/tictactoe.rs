//! The `bitgames tictactoe` command: output, JSON, errors and exit codes.

use assert_cmd::Command;
use predicates::prelude::*;

fn bitgames() -> Command {
    Command::cargo_bin("bitgames").unwrap()
}

#[test]
fn analyze_prints_board_turn_and_move_values() {
    bitgames()
        .args(["tictactoe", "analyze", "1524"])
        .assert()
        .success()
        .stdout(predicate::str::contains(" X | X | 3 "))
        .stdout(predicate::str::contains("X to move: win in 1 for X."))
        .stdout(predicate::str::contains("   3      a3  win in 1  best"))
        .stdout(predicate::str::contains("   6      b3  draw"))
        .stdout(predicate::str::contains("   9      c3  loss in 2"));
}

#[test]
fn analyze_json_has_a_value_per_legal_move() {
    let out = bitgames()
        .args(["tictactoe", "analyze", "1", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["to_move"].clone(), v["mark"].clone()),
        (2.into(), "O".into())
    );
    assert_eq!(v["value"], 0);
    assert_eq!(v["best"], 5);
    assert_eq!(v["best_moves"], serde_json::json!([5]));
    // One entry per square: the 8 free ones with their value, the taken one null.
    let squares = v["squares"].as_array().unwrap();
    assert_eq!(squares[0], serde_json::Value::Null);
    for m in &squares[1..] {
        let expected = if m["square"] == 5 { 0 } else { -1 };
        assert_eq!(m["value"], expected, "{m}");
    }
}

#[test]
fn analyze_a_finished_game() {
    bitgames()
        .args(["tictactoe", "analyze", "a1 b1 a2 b2 a3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Game over: X wins (row a)."));
}

#[test]
fn bad_moves_get_one_line_naming_the_move_and_a_failure_exit() {
    for (moves, message) in [
        (
            "155",
            "move 3 `5` (character 3): square 5 (b2) is already taken by O",
        ),
        ("12x", "character 3: unexpected `x`"),
        (
            "1425367",
            "move 6 `6` (character 6): the game is already over (X has won)",
        ),
        ("a4", "move 1 `a4` (character 1): not a square"),
    ] {
        bitgames()
            .args(["tictactoe", "analyze", moves])
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(message))
            .stderr(predicate::str::starts_with(
                "bitgames: error: bad tic-tac-toe position",
            ))
            .stderr(predicate::str::contains("panicked").not());
    }
}

#[test]
fn count_prints_the_classic_counts() {
    bitgames()
        .args(["tictactoe", "count"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "possible games:             255168",
        ))
        .stdout(predicate::str::contains("X wins:                   131184"))
        .stdout(predicate::str::contains("O wins:                    77904"))
        .stdout(predicate::str::contains("draws:                     46080"))
        .stdout(predicate::str::contains("ending after 7 moves:      47952"))
        .stdout(predicate::str::contains(
            "reachable positions:          5478",
        ))
        .stdout(predicate::str::contains("up to symmetry:              765"))
        .stdout(predicate::str::contains("depth 8:                  200448"));
}

#[test]
fn perft_in_every_representation() {
    for repr in ["naive", "masks", "winlines"] {
        bitgames()
            .args(["tictactoe", "perft", "6", "--repr", repr])
            .assert()
            .success()
            .stdout("54720\n");
    }
    bitgames()
        .args(["tictactoe", "perft", "2", "--moves", "15"])
        .assert()
        .success()
        .stdout("42\n");
    bitgames()
        .args(["tictactoe", "perft", "10"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "depth 10 is more than the 9 squares",
        ));
}

#[test]
fn play_refuses_bad_input_and_the_perfect_player_never_loses() {
    // The human tries every square in turn, again and again: bad and taken
    // squares are refused with a message, and the game still ends.
    let input = "x\n".to_string() + &"1\n2\n3\n4\n5\n6\n7\n8\n9\n".repeat(5);
    let out = bitgames()
        .args(["tictactoe", "play", "--first", "human"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("`x` is not a square: use 1..9 or a1..c3."),
        "{text}"
    );
    assert!(
        text.contains("Not legal: square 3 (a3) is already taken by O."),
        "{text}"
    );
    assert!(text.contains("I play"), "{text}");
    assert!(
        text.ends_with("I win.\n") || text.ends_with("Draw.\n"),
        "{text}"
    );
}

#[test]
fn play_with_the_engine_first_and_input_ending_early() {
    bitgames()
        .args(["tictactoe", "play", "--first", "ai"])
        .write_stdin("5\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("You are O."))
        .stdout(predicate::str::contains("I play 1 (a1)."))
        .stdout(predicate::str::contains("Input ended; game abandoned."));
}

#[test]
fn a_hyphen_is_the_empty_board() {
    let start = bitgames()
        .args(["tictactoe", "analyze", "--json"])
        .output()
        .unwrap();
    let hyphen = bitgames()
        .args(["tictactoe", "analyze", "-", "--json"])
        .output()
        .unwrap();
    assert!(
        hyphen.status.success(),
        "{}",
        String::from_utf8_lossy(&hyphen.stderr)
    );
    // The same answer, the position echoed as given.
    let hyphen = String::from_utf8(hyphen.stdout).unwrap();
    assert_eq!(
        hyphen.replace("\"moves\":\"-\"", "\"moves\":\"\""),
        String::from_utf8(start.stdout).unwrap()
    );
    assert!(hyphen.contains("\"value\":0"));
}
