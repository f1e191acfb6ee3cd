//! The `bitgames santorini` commands, run as a user runs them.

use assert_cmd::Command;
use bitgames::Game;
use bitgames::santorini::{Move, Position};
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

/// Player 1's worker on C3 (level 2) stands next to D3 (level 3).
const WIN_IN_ONE: &str = "0000000000002300000000000/1/mortal:C3,A1/mortal:E5,E1";

#[test]
fn bestmove_finds_the_climb_and_reports_the_search() {
    bitgames()
        .args([
            "santorini",
            "bestmove",
            "--position",
            WIN_IN_ONE,
            "--depth",
            "3",
        ])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "bestmove C3>D3# score win in 1 depth 1 nodes",
        ));
    let out = bitgames()
        .args([
            "santorini",
            "bestmove",
            "-p",
            "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2",
        ])
        .args(["--depth", "3", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["depth"], 3);
    let mv: bitgames::santorini::Move = v["best"].as_str().unwrap().parse().unwrap();
    let pos: bitgames::santorini::Position =
        "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2"
            .parse()
            .unwrap();
    assert!(bitgames::Game::is_legal(&pos, mv));
    assert!(v["nodes"].as_u64().unwrap() > 68);
}

#[test]
fn bestmove_rejects_a_bad_time() {
    bitgames()
        .args(["santorini", "bestmove", "-p", WIN_IN_ONE, "--time", "soon"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "\"soon\" is not a positive time of at most a day (86400s), such as 1s, 250ms or 0.1s",
        ));
}

#[test]
fn play_reads_moves_from_stdin_explains_bad_ones_and_ends_the_game() {
    bitgames()
        .args(["santorini", "play", "--position", WIN_IN_ONE])
        .write_stdin("Z9\nC3>C5^C4\nC3>D3#\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("\"Z9\" is not a move"))
        .stdout(predicate::str::contains(
            "illegal move C3>C5^C4: C5 is not next to C3",
        ))
        .stdout(predicate::str::contains("player 1 wins: you win"));
}

#[test]
fn q_quits_play_and_names_the_position_left() {
    bitgames()
        .args(["santorini", "play", "--position", WIN_IN_ONE])
        .write_stdin("q\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("q quits."))
        .stdout(predicate::str::contains(format!(
            "Game abandoned at {WIN_IN_ONE}."
        )));
}

#[test]
fn play_includes_placement_and_the_engine_answers() {
    bitgames()
        .args(["santorini", "play", "--depth", "2"])
        .write_stdin("B2,B2\nB2,D4\n")
        .assert()
        .failure()
        .stdout(predicate::str::contains(
            "illegal move B2,B2: both workers on the same space B2",
        ))
        .stdout(predicate::str::contains("engine plays "))
        .stderr(predicate::str::contains("input ended before the game did"));
}

#[test]
fn perft_divide_splits_the_count_by_first_move() {
    let out = bitgames()
        .args(["santorini", "perft", "--divide", "-p", WIN_IN_ONE, "1"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Each first move counts 1 at depth 1; the winning climb is among them; the total is last.
    let total: usize = lines.last().unwrap().parse().unwrap();
    assert_eq!(lines.len(), total + 1);
    assert!(lines.contains(&"C3>D3# 1"));
}

#[test]
fn a_hyphen_is_the_start_position() {
    // `-` is the empty board, player 1 to place: 25 * 24 / 2 = 300 placements.
    let out = bitgames()
        .args(["santorini", "perft", "1", "--position", "-"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap().trim(), "300");
    bitgames()
        .args(["santorini", "bestmove", "--position", "-", "--depth", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("bestmove "));
}

/// The nodes of `bestmove --depth D --json` from `fen` with these flags.
fn bestmove_nodes(fen: &str, depth: u32, extra: &[&str]) -> u64 {
    let out = bitgames()
        .args(["santorini", "bestmove", "-p", fen, "--json", "--depth"])
        .arg(depth.to_string())
        .args(extra)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["nodes"].as_u64().unwrap()
}

#[test]
fn bestmove_has_no_experiment_switches() {
    let out = bitgames()
        .args(["santorini", "bestmove", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for flag in ["--position", "--time", "--depth", "--json", "--net"] {
        assert!(help.contains(flag), "{flag} missing from:\n{help}");
    }
    for gone in ["--options", "--params", "--weights"] {
        assert!(!help.contains(gone), "{gone} still in:\n{help}");
        bitgames()
            .args(["santorini", "bestmove", "-p", "-", gone, "default"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "unexpected argument '{gone}'"
            )));
    }
}

#[test]
fn bestmove_plays_with_a_network_file_and_names_a_bad_one() {
    // A network whose hidden layer is all zeros is the linear evaluation:
    // the command searches the library engine's tree with it, node for
    // node, which differs from the built-in network's.
    use bitgames::santorini::eval::{Net, WEIGHTS};
    let fen = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2";
    let nodes = |extra: &[&str]| bestmove_nodes(fen, 6, extra);
    let linear_net = Net::linear(WEIGHTS);
    let library = bitgames::santorini::search::Engine::default()
        .with_net(std::sync::Arc::new(linear_net.clone()))
        .search(
            &fen.parse().unwrap(),
            bitgames::engine::Limits {
                depth: Some(6),
                time: None,
                ..Default::default()
            },
        );
    let dir = std::env::temp_dir().join(format!("bitgames-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("linear.bin");
    std::fs::write(&file, linear_net.to_bytes()).unwrap();
    let file = file.to_str().unwrap();
    let linear = nodes(&["--net", file]);
    assert_eq!(linear, library.nodes);
    assert_ne!(nodes(&[]), linear);
    // A file that is not a network, and one that is not there.
    let bad = dir.join("bad.bin");
    std::fs::write(&bad, "hello").unwrap();
    bitgames()
        .args(["santorini", "bestmove", "-p", fen, "--net"])
        .arg(&bad)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "not a Santorini network file (it does not start with BGSNET02)",
        ));
    bitgames()
        .args(["santorini", "engine", "--net", "/nonexistent/net.bin"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read /nonexistent/net.bin"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bestmove_searches_the_engines_pinned_tree() {
    // The library pins its trees at depth 9; the command searches the
    // same engine: 38,449 nodes to depth 8 from this referee position.
    let fen = "0000000200000201200010000/1/mortal:B3,B1/mortal:D3,C2";
    assert_eq!(bestmove_nodes(fen, 8, &[]), 38_449);
}

#[test]
fn commands_take_gods_in_the_position_or_by_flag() {
    let start = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2";
    // Perft with gods: santorini-ai's turns (docs/santorini.md).
    let out = bitgames()
        .args([
            "santorini",
            "perft",
            "--gods",
            "athena,pan",
            "-p",
            start,
            "2",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8(out.stdout).unwrap().trim(), "5156");
    let apollo = "0000000000000000000000000/1/apollo:B3,D3/minotaur:C4,C2";
    let out = bitgames()
        .args(["santorini", "perft", "-p", apollo, "2"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap().trim(), "8068");
    // The engine answers a turn of the god's.
    let out = bitgames()
        .args([
            "santorini",
            "bestmove",
            "-p",
            apollo,
            "--depth",
            "1",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let best: Move = v["best"].as_str().unwrap().parse().unwrap();
    let pos: Position = apollo.parse().unwrap();
    assert!(pos.legal_moves().contains(&best), "{best}");
    // Bad gods, and gods twice, are refused with what is wrong.
    bitgames()
        .args(["santorini", "perft", "--gods", "chaos,pan", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "\"chaos\" is not a god: use mortal, apollo",
        ));
    bitgames()
        .args(["santorini", "perft", "--gods", "pan", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "\"pan\": give two gods, player 1's first (apollo,pan), or random",
        ));
    bitgames()
        .args(["santorini", "perft", "--gods", "hades,pan", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "Hades and Pan may not play each other (a banned matchup, as santorini-ai bans it)",
        ));
    bitgames()
        .args(["santorini", "perft", "--gods", "random", "-p", apollo, "1"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "the position names its gods (apollo and minotaur)",
        ));
}

// The engine's line protocol (`bitgames santorini engine`); the referee
// that drives it is `bitgames-lab referee` (crates/bitgames-lab/tests/referee.rs).

#[test]
fn the_engine_protocol_answers_legal_moves_and_reports_bad_input() {
    let positions = [
        "0000000000000000000000000/1/mortal:A1,B2/mortal:E5,D4",
        "0000000000000000000000000/2/mortal:C3,B2/mortal:D4,A1",
        "1224223222242423314012241/2/mortal:E4,E1/mortal:A4,C3",
    ];
    let mut input = String::from("set_time 0.02\n");
    for p in positions {
        input += &format!("set_position {p}\n");
    }
    input += "set_position 12/1/mortal/mortal\nbogus\nquit\n";
    let out = bitgames()
        .args(["santorini", "engine"])
        .write_stdin(input)
        .assert()
        .success()
        .get_output()
        .clone();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l:?}: {e}")))
        .collect();
    assert_eq!(lines.len(), 1 + positions.len(), "{stdout}");
    assert_eq!(lines[0]["type"], "started");
    for (line, fen) in lines[1..].iter().zip(positions) {
        assert_eq!(line["type"], "best_move");
        let start: Position = line["start_state"].as_str().unwrap().parse().unwrap();
        assert_eq!(start, fen.parse::<Position>().unwrap());
        let mv: Move = line["meta"]["action_str"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        let mut pos: Position = fen.parse().unwrap();
        pos.play(mv)
            .unwrap_or_else(|e| panic!("{fen}: illegal {mv}: {e}"));
        assert_eq!(line["next_state"], pos.to_string());
        assert!(line["meta"]["calculated_depth"].as_u64().unwrap() >= 1);
    }
    // A4>B4# and C3>B4# win at once in the third position.
    let win = lines[3]["meta"]["action_str"].as_str().unwrap();
    assert!(win == "A4>B4#" || win == "C3>B4#", "{win}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("expected 25 levels, found 2"), "{stderr}");
    assert!(stderr.contains("unknown command \"bogus\""), "{stderr}");
}

#[test]
fn the_engine_has_no_experiment_switches() {
    for gone in ["--options", "--params", "--weights"] {
        bitgames()
            .args(["santorini", "engine", gone, "default"])
            .write_stdin("quit\n")
            .assert()
            .code(2)
            .stderr(predicates::str::contains(format!(
                "unexpected argument '{gone}'"
            )));
    }
}
