//! `bitgames-lab referee`, with our engine (`bitgames santorini engine`,
//! the product's command built beside this one) and with fake engines
//! (shell scripts) that misbehave.

use assert_cmd::Command;
use bitgames::santorini::{Move, Position};
use bitgames::{Game, Outcome, Player};
use std::path::PathBuf;

/// `bitgames-lab referee`, once the product's `bitgames` that the engines'
/// commands name is known to be beside it (`cargo test --workspace` and
/// `./test` build it; `cargo build -p bitgames-cli` alone does).
fn referee() -> Command {
    let lab = std::path::Path::new(env!("CARGO_BIN_EXE_bitgames-lab"));
    let product = lab.with_file_name(format!("bitgames{}", std::env::consts::EXE_SUFFIX));
    assert!(
        product.is_file(),
        "{} is missing: the referee's engine is `bitgames santorini engine`; \
         build it with `cargo build -p bitgames-cli` (or run `cargo test --workspace`)",
        product.display()
    );
    let mut cmd = Command::new(lab);
    cmd.arg("referee");
    cmd
}

/// A fresh folder for this test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bitgames-referee-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_short_self_play_match_prints_every_game_and_a_summary() {
    let dir = scratch("selfplay");
    let json = dir.join("games.jsonl");
    let out = referee()
        .args([
            "--engine1",
            "bitgames santorini engine",
            "--engine2",
            "bitgames santorini engine --table 4096",
            "--name1",
            "big",
            "--name2",
            "small",
            "--games",
            "2",
            "--time",
            "20ms",
            "--seed",
            "5",
            "--sprt",
            "0,50",
            "--json",
        ])
        .arg(&json)
        .assert()
        .success()
        .get_output()
        .clone();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("game 1: P1 big P2 small: "), "{stdout}");
    assert!(stdout.contains("game 2: P1 small P2 big: "), "{stdout}");
    let result = stdout
        .lines()
        .find(|l| l.starts_with("result: big vs small: +"))
        .unwrap_or_else(|| panic!("no result line in {stdout}"));
    let wins: u32 = result["result: big vs small: +".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(result.contains(&format!("-{} =0", 2 - wins)), "{result}");
    assert!(result.contains("Elo difference"), "{result}");
    let pairs = stdout
        .lines()
        .find(|l| l.starts_with("pairs (a start played twice): "))
        .unwrap_or_else(|| panic!("no pairs line in {stdout}"));
    let expected = match wins {
        2 => "1 won both by big, 0 by small, 0 split",
        1 => "0 won both by big, 0 by small, 1 split",
        _ => "0 won both by big, 1 by small, 0 split",
    };
    assert!(pairs.ends_with(expected), "{pairs}");
    // Two games: too few to decide, but the test is reported after each.
    assert_eq!(stdout.matches("\n  SPRT").count(), 2, "{stdout}");
    assert!(!stdout.contains("accepted"), "{stdout}");
    // Both games start from the same position; replaying the recorded moves
    // with our rules gives the recorded winner.
    let text = std::fs::read_to_string(&json).unwrap();
    let games: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["start"], games[1]["start"]);
    for g in &games {
        let mut pos: Position = g["start"].as_str().unwrap().parse().unwrap();
        for m in g["moves"].as_array().unwrap() {
            pos.play(m.as_str().unwrap().parse::<Move>().unwrap())
                .unwrap();
        }
        let Outcome::Win(p) = pos.outcome() else {
            panic!("game not over: {g}");
        };
        let name = if p == Player::One {
            &g["player1"]
        } else {
            &g["player2"]
        };
        assert_eq!(&g["winner"], name, "{g}");
        assert!(g["fault"].is_null());
        // Per move: the referee's time, and our engine's depth and score.
        let details = g["details"].as_array().unwrap();
        assert_eq!(details.len(), g["moves"].as_array().unwrap().len());
        assert!(
            details
                .iter()
                .all(|d| d["depth"].as_u64().is_some_and(|x| x >= 1)
                    && d["score"].is_i64()
                    && d["seconds"].as_f64().is_some_and(|x| x < 5.0))
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Plays 2 games of our engine against the fake engine whose answer to
/// `set_position` is `answer` (a shell command); returns the referee's output.
fn against_fake(name: &str, answer: &str) -> String {
    let dir = scratch(name);
    let script = dir.join("engine.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\necho '{{\"type\":\"started\"}}'\nwhile read -r line; do\n  case \"$line\" in\n    set_position*) {answer} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
        ),
    )
    .unwrap();
    let out = referee()
        .args(["--engine1", "bitgames santorini engine", "--engine2"])
        .arg(format!("sh {}", script.display()))
        .args([
            "--name1", "ours", "--name2", "fake", "--games", "2", "--time", "20ms", "--grace",
            "300ms",
        ])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .success()
        .get_output()
        .clone();
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("result: ours vs fake: +2 -0 =0 (score 100.0 %)"),
        "{stdout}"
    );
    stdout
}

#[test]
fn an_illegal_move_loses_and_is_named_with_the_game() {
    let out = against_fake(
        "illegal",
        r#"echo '{"type":"best_move","trigger":"end_of_line","meta":{"action_str":"A1>A3^A4"}}'"#,
    );
    assert!(
        out.contains("fake loses game 1: played the illegal move A1>A3^A4: "),
        "{out}"
    );
    assert!(out.contains("fake loses game 2: "), "{out}");
    assert!(out.contains("after the moves (none)"), "{out}");
}

#[test]
fn a_move_that_is_not_a_move_loses() {
    let out = against_fake(
        "notamove",
        r#"echo '{"type":"best_move","trigger":"stop_flag","meta":{"action_str":"jump"}}'"#,
    );
    assert!(
        out.contains("fake loses game 1: sent \"jump\", which is not a move"),
        "{out}"
    );
}

#[test]
fn garbage_output_loses() {
    let out = against_fake("garbage", "echo 'hello there'");
    assert!(
        out.contains("fake loses game 1: sent output that is not JSON: \"hello there\""),
        "{out}"
    );
}

#[test]
fn an_engine_that_exits_loses_and_is_restarted() {
    let out = against_fake("exits", "echo 'boom' >&2; exit 3");
    assert!(
        out.contains("fake loses game 1: exited; its last standard error lines: boom"),
        "{out}"
    );
    assert!(out.contains("fake loses game 2: exited"), "{out}");
}

#[test]
fn an_engine_that_does_not_answer_loses_on_time() {
    let out = against_fake("silent", ":");
    assert!(
        out.contains("fake loses game 1: did not answer within 0.3"),
        "{out}"
    );
}

#[test]
fn an_engine_that_cannot_start_is_an_error() {
    referee()
        .args([
            "--engine1",
            "/nonexistent/engine",
            "--engine2",
            "bitgames santorini engine",
            "--games",
            "1",
        ])
        .assert()
        .failure()
        .stderr(predicates::str::contains(
            "cannot start engine `/nonexistent/engine`",
        ));
}

/// A match with gods: each engine keeps its god when the colours swap (a
/// random one drawn for each start), every game's start names them, and the
/// games replay under our rules.
#[test]
fn a_match_with_gods_keeps_each_engines_god() {
    let dir = scratch("gods");
    let json = dir.join("games.jsonl");
    let out = referee()
        .args([
            "--engine1",
            "bitgames santorini engine",
            "--engine2",
            "bitgames santorini engine",
            "--name1",
            "one",
            "--name2",
            "two",
            "--games",
            "2",
            "--time",
            "20ms",
            "--gods",
            "pan,random",
            "--json",
        ])
        .arg(&json)
        .assert()
        .success()
        .get_output()
        .clone();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("game 1: P1 one (pan) P2 two ("), "{stdout}");
    assert!(stdout.contains("game 2: P1 two ("), "{stdout}");
    let games: Vec<serde_json::Value> = std::fs::read_to_string(&json)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 2);
    let start = |g: &serde_json::Value| g["start"].as_str().unwrap().parse::<Position>().unwrap();
    let (a, b) = (start(&games[0]), start(&games[1]));
    assert_eq!(a.gods()[0], bitgames::santorini::God::Pan);
    assert_eq!(
        b.gods(),
        [a.gods()[1], a.gods()[0]],
        "the gods follow the engines"
    );
    for g in &games {
        let mut pos = start(g);
        for m in g["moves"].as_array().unwrap() {
            pos.play(m.as_str().unwrap().parse::<Move>().unwrap())
                .unwrap();
        }
        assert!(pos.outcome().is_over(), "{pos}");
    }
    referee()
        .args(["--engine1", "a", "--engine2", "b", "--gods", "pan"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "\"pan\": give the two engines' gods (pan,random)",
        ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn huge_times_are_refused_like_zero_and_infinity() {
    for time in ["1e20s", "86401s", "0s", "inf", "-1s"] {
        let option = format!("--time={time}");
        let out = referee()
            .args(["--engine1", "a", "--engine2", "b", &option])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{time}: {err}");
        assert!(
            err.contains(&format!(
                "{time:?} is not a positive time of at most a day (86400s), such as 1s, 250ms or 0.1s"
            )),
            "{time}: {err}"
        );
        assert!(!err.contains("panicked"), "{time}: {err}");
    }
}

/// The starts of a game file's games, in order.
fn starts_of(json: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(json)
        .unwrap()
        .lines()
        .map(|l| {
            let g: serde_json::Value = serde_json::from_str(l).unwrap();
            g["start"].as_str().unwrap().to_string()
        })
        .collect()
}

/// A self-play match of `games` games at 20 ms a move into `json`: seed 5,
/// engines named big and small, unless `extra` gives them otherwise.
fn selfplay(json: &std::path::Path, games: &str, extra: &[&str]) -> assert_cmd::assert::Assert {
    let mut cmd = referee();
    cmd.args([
        "--engine1",
        "bitgames santorini engine",
        "--engine2",
        "bitgames santorini engine --table 4096",
        "--games",
        games,
        "--time",
        "20ms",
    ]);
    for (flag, value) in [("--name1", "big"), ("--name2", "small"), ("--seed", "5")] {
        if !extra.contains(&flag) {
            cmd.args([flag, value]);
        }
    }
    cmd.args(extra).arg("--json").arg(json).assert()
}

/// A stopped match goes on where it stopped: the recorded games are
/// counted, not played again, the next starts are the ones the seed draws
/// for them, and a line cut short by the stop is dropped.
#[test]
fn resume_goes_on_with_a_stopped_match() {
    let dir = scratch("resume");
    let whole = dir.join("whole.jsonl");
    selfplay(&whole, "4", &[]).success();
    let json = dir.join("games.jsonl");
    selfplay(&json, "2", &[]).success();
    let first_two = std::fs::read_to_string(&json).unwrap();
    let mut torn = first_two.clone();
    let cut = "{\"game\":3,\"start\":\"00000";
    torn.push_str(cut);
    std::fs::write(&json, torn).unwrap();
    let out = selfplay(&json, "4", &["--resume"])
        .success()
        .get_output()
        .clone();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stdout.contains(&format!(
            "resumed: games 1 to 2 as {} records them",
            json.display()
        )),
        "{stdout}"
    );
    assert!(
        !stdout.contains("game 1: ") && !stdout.contains("game 2: "),
        "{stdout}"
    );
    assert!(stdout.contains("game 3: P1 big P2 small: "), "{stdout}");
    assert!(stdout.contains("game 4: P1 small P2 big: "), "{stdout}");
    let dropped = format!("dropped its unfinished last line ({} bytes)", cut.len());
    assert!(stderr.contains(&dropped), "{stderr}");
    let text = std::fs::read_to_string(&json).unwrap();
    assert!(
        text.starts_with(&first_two),
        "the recorded games stay as they were"
    );
    assert_eq!(
        starts_of(&json),
        starts_of(&whole),
        "the same starts as one whole match"
    );
    // The result counts all four games: the recorded ones by their winners.
    let big_wins = text
        .lines()
        .filter(|l| l.contains("\"winner\":\"big\""))
        .count();
    assert!(
        stdout.contains(&format!(
            "result: big vs small: +{big_wins} -{} =0",
            4 - big_wins
        )),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game file is never overwritten, and --resume goes on only with the
/// match the file holds; each refusal names the file and what differs.
#[test]
fn resume_refuses_another_match_and_no_file_is_overwritten() {
    let dir = scratch("refuse");
    let json = dir.join("games.jsonl");
    selfplay(&json, "2", &[]).success();
    let before = std::fs::read_to_string(&json).unwrap();
    let shown = json.display().to_string();
    let refused = |games: &str, extra: &[&str], expected: &str| {
        let out = selfplay(&json, games, extra).failure().get_output().clone();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains(expected), "{extra:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert_eq!(std::fs::read_to_string(&json).unwrap(), before, "{extra:?}");
    };
    refused(
        "4",
        &[],
        &format!(
            "{shown} already holds 2 line(s) of games: give --resume to go on with that match"
        ),
    );
    refused(
        "4",
        &["--resume", "--seed", "6"],
        &format!("{shown}, line 1: game 1 began from "),
    );
    refused(
        "4",
        &["--resume", "--seed", "6"],
        "another --seed or --gods",
    );
    refused(
        "4",
        &["--resume", "--gods", "pan,random"],
        "another --seed or --gods",
    );
    refused(
        "4",
        &["--resume", "--name1", "large"],
        &format!(
            "{shown}, line 1: game 1 was big against small, but this match plays large against small there"
        ),
    );
    refused(
        "4",
        &["--resume", "--name2", "big"],
        "both engines are named \"big\"",
    );
    refused(
        "1",
        &["--resume"],
        &format!("{shown} holds 2 games, more than --games 1"),
    );
    let second = before.lines().nth(1).unwrap();
    std::fs::write(
        &json,
        format!("{}\nnot json\n{second}\n", before.lines().next().unwrap()),
    )
    .unwrap();
    let out = selfplay(&json, "4", &["--resume"])
        .failure()
        .get_output()
        .clone();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(&format!("{shown}, line 2: not a game record")),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
