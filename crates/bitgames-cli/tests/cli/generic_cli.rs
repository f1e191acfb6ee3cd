//! The subcommands every registered game gets (`games`, `legal`, `perft`,
//! `playouts`, `bestmove`, `check`), run as a user runs them.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn bitgames() -> Command {
    Command::cargo_bin("bitgames").unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = bitgames().args(args).arg("--json").output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn games_lists_every_registered_game_with_its_engine() {
    bitgames()
        .arg("games")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "tictactoe  Tic-tac-toe  engine: perfect",
        ))
        .stdout(predicate::str::contains(
            "connect4   Connect Four engine: solver",
        ))
        .stdout(predicate::str::contains(
            "santorini  Santorini    engine: alpha-beta",
        ));
    bitgames()
        .args(["games", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            r#""game":"connect4","players":["Red","Yellow"]"#,
        ));
}

#[test]
fn perft_counts_the_known_trees_of_every_game() {
    // Tic-tac-toe: 9*8*7*6 = 3024 sequences of 4 moves; Connect Four: 7^4;
    // Santorini: 300 placements of the first pair, then 253 of the second.
    for (game, depth, count) in [
        ("tictactoe", "4", "3024\n"),
        ("connect4", "4", "2401\n"),
        ("santorini", "2", "75900\n"),
    ] {
        bitgames()
            .args(["perft", game, "-", "--depth", depth])
            .assert()
            .success()
            .stdout(count);
    }
    let v = json(&["perft", "connect4", "4", "--depth", "1", "--divide"]);
    assert_eq!(v["perft"], 7);
    assert_eq!(v["divide"].as_array().unwrap().len(), 7);
    assert_eq!(v["divide"][3], serde_json::json!({"move": "4", "perft": 1}));
}

#[test]
fn legal_and_bestmove_answer_with_the_api_keys() {
    let v = json(&["legal", "tictactoe", "-", "--moves", "5", "1"]);
    assert_eq!(v["to_move"], 1);
    assert_eq!(v["legal_moves"].as_array().unwrap().len(), 7);
    assert_eq!(v["num_actions"], 9);
    assert_eq!(v["status"], "ongoing");
    // X took the centre, O a corner: X to move, perfect play draws.
    let v = json(&["bestmove", "tictactoe", "51"]);
    assert_eq!(v["exact"], true);
    assert_eq!(v["score_text"], "draw");
    for key in [
        "best", "ties", "score", "depth", "nodes", "time_ms", "engine", "position",
    ] {
        assert!(v.get(key).is_some(), "bestmove --json has `{key}`");
    }
    // Connect Four, Pons' End-Easy first line: exact score -1.
    let v = json(&[
        "bestmove",
        "connect4",
        "2252576253462244111563365343671351441",
    ]);
    assert_eq!(
        (v["exact"].clone(), v["score"].clone()),
        (Value::Bool(true), Value::from(-1))
    );
    // Santorini within a depth.
    let v = json(&["bestmove", "santorini", "-", "--depth", "2"]);
    assert_eq!(v["depth"], 2);
    assert!(
        v["best"].as_str().unwrap().contains(','),
        "a placement: {v}"
    );
}

#[test]
fn playouts_are_the_same_for_the_same_seed() {
    let a = json(&[
        "playouts", "connect4", "-", "--games", "2000", "--seed", "9",
    ]);
    let b = json(&[
        "playouts", "connect4", "-", "--games", "2000", "--seed", "9",
    ]);
    assert_eq!(a["wins"], b["wins"]);
    assert_eq!(a["games"], 2000);
    let wins = a["wins"].as_array().unwrap();
    let total =
        wins[0].as_u64().unwrap() + wins[1].as_u64().unwrap() + a["draws"].as_u64().unwrap();
    assert_eq!(total, 2000);
}

#[test]
fn check_runs_the_conformance_suite_on_every_game() {
    bitgames()
        .args(["check", "all", "--games", "10"])
        .assert()
        .success()
        .stdout(predicate::str::contains("tictactoe: ok, 10 games"))
        .stdout(predicate::str::contains("connect4: ok, 10 games"))
        .stdout(predicate::str::contains("santorini: ok, 10 games"));
}

#[test]
fn bad_games_positions_and_moves_are_named() {
    bitgames()
        .args(["legal", "chess"])
        .assert()
        .failure()
        .stderr("bitgames: error: no game `chess`: the games are tictactoe, connect4, santorini\n");
    bitgames()
        .args(["perft", "connect4", "448", "--depth", "1"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "bad Connect Four position `448`: move 3 `8`",
        ));
    bitgames()
        .args([
            "legal", "connect4", "-", "--moves", "4", "4", "4", "4", "4", "4", "4",
        ])
        .assert()
        .failure()
        .stderr("bitgames: error: move 7 (`4`): column 4 is full\n");
    bitgames()
        .args(["bestmove", "tictactoe", "14253"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("the game is over (player 1 wins)"));
}

#[test]
fn bestmove_json_is_the_apis_shape_whichever_command_asks() {
    // Connect Four: the position in the game's notation (the API's `5344`
    // for the moves 4453), the API's default budget, and the engine's words.
    let v = json(&["bestmove", "connect4", "4453"]);
    assert_eq!(v["position"], "5344");
    assert_eq!(v["budget_ms"], 1000);
    assert_eq!(v["note"], "exact: loss in 18 (score -2)");
    assert_eq!(v["ties"], serde_json::json!(["3", "6", "7"]));
    // Santorini's own command and the generic one: the same keys.
    let keys = |v: &Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    let own = json(&["santorini", "bestmove", "-p", "-", "--depth", "1"]);
    let generic = json(&["bestmove", "santorini", "-", "--depth", "1"]);
    assert_eq!(keys(&own), keys(&generic));
    assert_eq!(keys(&own).len(), 15, "{own}");
    assert_eq!(
        (&own["best"], &own["game"], &own["position"]),
        (&generic["best"], &generic["game"], &generic["position"])
    );
}
