//! `--level` and `--seed` in the command: `bestmove` of every game, and
//! `play` against a weaker engine to the end of the game; `level` and
//! `seed` in the web API's `/api/{game}/bestmove`.

use crate::common::Server;
use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn bitgames() -> Command {
    Command::cargo_bin("bitgames").unwrap()
}

fn json_of(args: &[&str]) -> Value {
    let out = bitgames().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_bad_level_is_refused_with_the_range() {
    for (args, text) in [
        (vec!["bestmove", "connect4", "4453", "--level", "11"], "11"),
        (
            vec!["bestmove", "tictactoe", "-", "--level", "easy"],
            "easy",
        ),
        (vec!["tictactoe", "play", "--level", "-2"], "-2"),
        (vec!["connect4", "play", "--level", "99"], "99"),
        (
            vec!["santorini", "bestmove", "-p", "-", "--level", "3.5"],
            "3.5",
        ),
    ] {
        bitgames()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "level `{text}` is not a whole number from 0 (random) to 10 (full strength)"
            )));
    }
    // A seed alone has no level to seed.
    bitgames()
        .args(["bestmove", "tictactoe", "-", "--seed", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--level"));
}

#[test]
fn bestmove_plays_the_level_and_names_it() {
    // X to move: 3 wins at once; level 3 with seed 6 plays 7 instead, and says so.
    let v = json_of(&[
        "bestmove",
        "tictactoe",
        "1524",
        "--level",
        "3",
        "--seed",
        "6",
        "--json",
    ]);
    assert_eq!(v["best"], "7");
    assert_eq!(
        (v["level"].as_u64(), v["seed"].as_u64()),
        (Some(3), Some(6))
    );
    assert_eq!(
        v["score_text"],
        "loss in 2 (level 3, seed 6; best: win in 1)"
    );
    // The same seed, the same move, in every game.
    for (game, position) in [("tictactoe", "-"), ("connect4", "4453"), ("santorini", "-")] {
        let args = [
            "bestmove", game, position, "--level", "2", "--seed", "11", "--json",
        ];
        let (a, b) = (json_of(&args), json_of(&args));
        assert_eq!(a["best"], b["best"], "{game}");
        assert_eq!(a["level"].as_u64(), Some(2), "{game}");
    }
    // Without a level nothing is drawn: the keys are null.
    let v = json_of(&["bestmove", "tictactoe", "1524", "--json"]);
    assert_eq!(
        (v["best"].as_str(), v["level"].is_null()),
        (Some("3"), true)
    );
    // Santorini's own command: level 2 searches 2 plies; level 0 draws.
    let s = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2";
    let v = json_of(&["santorini", "bestmove", "-p", s, "--level", "2", "--json"]);
    assert_eq!(
        (v["depth"].as_u64(), v["level"].as_u64()),
        (Some(2), Some(2))
    );
    let v = json_of(&[
        "santorini",
        "bestmove",
        "-p",
        s,
        "--level",
        "0",
        "--seed",
        "4",
        "--json",
    ]);
    assert_eq!(v["seed"].as_u64(), Some(4));
    assert!(
        v["score_text"]
            .as_str()
            .unwrap()
            .starts_with("a random move (level 0, seed 4")
    );
}

/// Every square (column) in turn, `rounds` times: the human's moves,
/// the taken ones refused, until the game ends.
fn every_move(n: usize, rounds: usize) -> String {
    (0..rounds)
        .flat_map(|_| (1..=n).map(|i| format!("{i}\n")))
        .collect()
}

#[test]
fn play_against_a_level_to_the_end_of_the_game() {
    let out = bitgames()
        .args([
            "tictactoe",
            "play",
            "--first",
            "ai",
            "--level",
            "0",
            "--seed",
            "1",
        ])
        .write_stdin(every_move(9, 2))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("(level 0, seed 1)"), "{text}");
    assert!(
        text.contains("(level 0, seed 2)"),
        "the seed moves on: {text}"
    );
    let last = text.lines().last().unwrap();
    assert!(["You win.", "I win.", "Draw."].contains(&last), "{text}");

    let out = bitgames()
        .args([
            "connect4", "play", "--first", "ai", "--level", "3", "--seed", "5", "--time", "2s",
        ])
        .write_stdin(every_move(7, 7))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("I play column"), "{text}");
    assert!(text.contains("(level 3, seed 5"), "{text}");
    let last = text.lines().last().unwrap();
    assert!(
        ["You win.", "I win.", "Draw."]
            .iter()
            .any(|end| last.starts_with(end)),
        "{text}"
    );
}

#[test]
fn the_api_plays_levels_and_names_bad_parameters() {
    let s = Server::start(&["--max-solves", "2"]);
    let get = |game: &str, params: &[(&str, &str)]| {
        let (status, v) = s.get(&format!("/api/{game}/bestmove"), params);
        assert_eq!(status, 200, "{v}");
        v
    };
    // The command's move and words for the same level and seed.
    let v = get(
        "tictactoe",
        &[("position", "1524"), ("level", "3"), ("seed", "6")],
    );
    assert_eq!(v["best"], "7");
    assert_eq!(
        v["score_text"],
        "loss in 2 (level 3, seed 6; best: win in 1)"
    );
    assert_eq!(
        (v["level"].as_u64(), v["seed"].as_u64()),
        (Some(3), Some(6))
    );
    let c4 = [("position", "4453"), ("level", "4"), ("seed", "8")];
    assert_eq!(get("connect4", &c4)["best"], get("connect4", &c4)["best"]);
    let v = get(
        "santorini",
        &[
            ("level", "2"),
            (
                "position",
                "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2",
            ),
        ],
    );
    assert_eq!(
        (v["depth"].as_u64(), v["level"].as_u64()),
        (Some(2), Some(2))
    );
    // Bad values: a 400 naming the parameter and the range.
    for (params, message) in [
        (
            vec![("level", "11")],
            "level `11` is not a whole number from 0 (random) to 10 (full strength)",
        ),
        (
            vec![("level", "hard")],
            "level `hard` is not a whole number from 0 (random) to 10 (full strength)",
        ),
        (
            vec![("level", "2"), ("seed", "-1")],
            "seed `-1` is not a whole number from 0 to 18446744073709551615",
        ),
        (
            vec![("seed", "5")],
            "seed is given without a level: add level=0..10",
        ),
    ] {
        let (status, body) = s.get("/api/connect4/bestmove", &params);
        assert_eq!(
            (status, body["error"].as_str()),
            (400, Some(message)),
            "{params:?}"
        );
    }
}

#[test]
fn santorini_play_against_level_1_to_the_end_of_the_game() {
    use bitgames::Game;
    use std::io::{BufReader, Read, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitgames"))
        .args(["santorini", "play", "--human", "2", "--level", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let (mut seen, mut prompt, mut engine_moves) = (String::new(), String::new(), 0);
    // The human plays the first legal move of each position the game shows,
    // until the game says who won (every turn builds: at most 100 turns).
    loop {
        let mut byte = [0u8];
        if out.read(&mut byte).unwrap() == 0 {
            break;
        }
        prompt.push(byte[0] as char);
        if prompt.ends_with('\n') {
            engine_moves += usize::from(prompt.contains("(level 1: a 1-ply search)"));
            seen.push_str(&prompt);
            prompt.clear();
        } else if prompt == "your move> " {
            let position = seen.lines().last().unwrap();
            let pos: bitgames::santorini::Position = position.parse().unwrap();
            writeln!(stdin, "{}", pos.legal_moves()[0]).unwrap();
            seen.push_str(&prompt);
            prompt.clear();
        }
        // Read the rest once the game is over.
        if seen.contains("wins:") {
            out.read_to_string(&mut seen).unwrap();
            break;
        }
    }
    drop(stdin);
    assert!(child.wait().unwrap().success(), "{seen}");
    assert!(engine_moves >= 2, "{seen}");
    let last = seen.lines().last().unwrap();
    assert!(
        last.ends_with("you win") || last.ends_with("the engine wins"),
        "{seen}"
    );
}
