//! The `bitgames santorini` commands, run as a user runs them.

use assert_cmd::Command;
use predicates::prelude::*;

const EXAMPLE: &str = "(1,2) [0,0,2,0,0,1,2,0,4,1,3,0,0,0,1,0,0,1,3,4,0,1,1,2,2]";

fn bitgames() -> Command {
    Command::cargo_bin("bitgames").unwrap()
}

#[test]
fn move_to_answers_the_tutorial_example_with_both_twins() {
    for flags in [&[][..], &["--naive"][..]] {
        bitgames()
            .args(["santorini", "move-to"])
            .args(flags)
            .write_stdin(format!("{EXAMPLE}\n"))
            .assert()
            .success()
            .stdout("[(1,1),(2,1),(2,3)]\n");
    }
}

#[test]
fn distances_answer_the_tutorial_example_with_both_twins() {
    for flags in [&[][..], &["--naive"][..]] {
        bitgames()
            .args(["santorini", "distances"])
            .args(flags)
            .write_stdin(" ( 1 , 2 ) [0,0,2,0,0, 1,2,0,4,1, 3,0,0,0,1, 0,0,1,3,4, 0,1,1,2,2]\n")
            .assert()
            .success()
            .stdout("[1,0,3,2,3,1,2,1,inf,3,3,2,2,2,3,3,3,3,5,inf,4,4,4,4,5]\n");
    }
}

#[test]
fn bad_lines_are_reported_and_good_lines_still_answered() {
    let l24 = "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0";
    let input = format!(
        "{EXAMPLE}\n(1,2) [{l24},7]\n(0,2) [{l24},0]\n(1,6) [{l24},0]\n(3,3) [{l24}]\n\
         (5,5) [{l24},4]\n1,2 [0]\n(3,3) [{l24},0]\n"
    );
    bitgames()
        .args(["santorini", "move-to"])
        .write_stdin(input)
        .assert()
        .failure()
        .stdout("[(1,1),(2,1),(2,3)]\n[(2,2),(2,3),(2,4),(3,2),(3,4),(4,2),(4,3),(4,4)]\n")
        .stderr(predicate::str::contains(
            "line 2: level 7 of space #25 is outside 0..4",
        ))
        .stderr(predicate::str::contains("line 3: row 0 is outside 1..5"))
        .stderr(predicate::str::contains("line 4: col 6 is outside 1..5"))
        .stderr(predicate::str::contains("line 5: expected 25 levels, found 24"))
        .stderr(predicate::str::contains(
            "line 6: the worker at (5,5) stands on level 4",
        ))
        .stderr(predicate::str::contains(
            "line 7: bad syntax at column 1: expected '(' opening the worker's (row,col), found '1'",
        ));
}

#[test]
fn perft_counts_move_sequences_from_a_position() {
    bitgames()
        .args([
            "santorini",
            "perft",
            "--position",
            "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2",
            "3",
        ])
        .assert()
        .success()
        .stdout("350208\n");
    // From the empty board: 300 placements for player 1, then 253 for player 2.
    bitgames()
        .args(["santorini", "perft", "2"])
        .assert()
        .success()
        .stdout("75900\n");
}

#[test]
fn perft_names_what_is_wrong_with_a_bad_position() {
    bitgames()
        .args([
            "santorini",
            "perft",
            "--position",
            "000/1/mortal/mortal",
            "1",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("expected 25 levels, found 3"));
}
