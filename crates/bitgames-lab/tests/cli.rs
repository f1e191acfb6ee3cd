//! The `bitgames-lab` binary run as a user runs it: each command on small
//! inputs, and bad input refused with a message (never a panic).

use bitgames::santorini::eval::Net;
use std::path::PathBuf;
use std::process::{Command, Output};

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bitgames-lab"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The run succeeded: its standard output.
fn ok(args: &[&str]) -> String {
    let out = lab(args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}\n{}",
        stderr(&out),
        stdout(&out)
    );
    stdout(&out)
}

/// The run failed with a message, not a panic: its standard error.
fn refused(args: &[&str]) -> String {
    let out = lab(args);
    let err = stderr(&out);
    assert!(
        !out.status.success(),
        "{args:?} succeeded: {}",
        stdout(&out)
    );
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    assert!(!err.trim().is_empty(), "{args:?} failed without a message");
    err
}

/// 1,584 referee games the built-in network did not learn from.
const UNSEEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../bitgames/tests/library/data/santorini-unseen-games.jsonl"
);

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// The first `n` games of the unseen games, as a file in `dir`.
fn some_games(dir: &std::path::Path, n: usize) -> String {
    let text = std::fs::read_to_string(UNSEEN).expect("the fixture");
    let lines: Vec<&str> = text.lines().take(n).collect();
    let file = dir.join(format!("games{n}.jsonl"));
    std::fs::write(&file, lines.join("\n") + "\n").expect("write games");
    file.to_string_lossy().into_owned()
}

#[test]
fn the_builtin_network_predicts_the_unseen_games_better_than_the_linear_evaluation() {
    let text = ok(&["net-loss", UNSEEN]);
    let loss = |name: &str| -> f64 {
        let line = text
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("no {name} line in {text}"));
        line[name.len()..].trim().parse().expect("a loss")
    };
    let (linear, builtin) = (loss("linear:"), loss("builtin:"));
    assert!(text.starts_with("1584 games"), "{text}");
    assert!((linear - 0.5550).abs() < 0.0005, "{text}");
    assert!((builtin - 0.4674).abs() < 0.0005, "{text}");
}

#[test]
fn a_tiny_training_run_writes_a_network_the_library_reads() {
    let dir = scratch("train");
    let games = some_games(&dir, 30);
    let out = dir.join("net.bin");
    let out_text = out.to_string_lossy().into_owned();
    let run = lab(&[
        "train",
        &out_text,
        &format!("{games}*2"),
        "--epochs",
        "1",
        "--lambda",
        "0.2",
    ]);
    let err = stderr(&run);
    assert!(run.status.success(), "{err}");
    assert!(err.contains("epoch 1/1"), "{err}");
    let net = Net::from_bytes(&std::fs::read(&out).unwrap()).expect("a network file");
    // It evaluates, and net-loss reads it.
    let _ = net.evaluate(&bitgames::santorini::Position::new());
    let text = ok(&["net-loss", &games, "--net", &out_text]);
    assert!(text.contains(&format!("{out_text}: ")), "{text}");
}

#[test]
fn nodes_counts_the_searches_of_a_file_of_positions() {
    let dir = scratch("nodes");
    let games = some_games(&dir, 2);
    let fens = dir.join("fens.txt");
    let text = ok(&[
        "nodes",
        "3",
        &games,
        "--write-fens",
        &fens.to_string_lossy(),
    ]);
    assert!(text.starts_with("6 positions"), "{text}");
    assert!(text.contains("| default | "), "{text}");
    assert!(text.contains("| 6/6 |"), "{text}");
    let again = ok(&["nodes", "3", &fens.to_string_lossy()]);
    assert!(again.starts_with("6 positions"), "{again}");
}

#[test]
fn bad_files_are_refused_naming_the_file_and_line() {
    let dir = scratch("bad_files");
    let err = refused(&["net-loss", "/no/such/games.jsonl"]);
    assert!(err.contains("/no/such/games.jsonl"), "{err}");
    let bad = dir.join("bad.jsonl");
    let good = std::fs::read_to_string(UNSEEN).unwrap();
    let first = good.lines().next().unwrap();
    std::fs::write(&bad, format!("{first}\n{{\"start\": 3\n")).unwrap();
    let bad = bad.to_string_lossy();
    let err = refused(&["net-loss", &bad]);
    assert!(err.contains(&format!("{bad}:2:")), "{err}");
    let err = refused(&[
        "train",
        "/tmp/never.bin",
        UNSEEN,
        "--relabel",
        "/no/such/labels",
    ]);
    assert!(err.contains("/no/such/labels"), "{err}");
    let err = refused(&["train", "/no/such/dir/net.bin", UNSEEN]);
    assert!(err.contains("/no/such/dir"), "{err}");
    let err = refused(&["train", "/tmp/never.bin", &format!("{bad}*0")]);
    assert!(err.contains("repeat count"), "{err}");
    let not_a_net = dir.join("not-a-net.bin");
    std::fs::write(&not_a_net, b"hello").unwrap();
    let err = refused(&["net-loss", UNSEEN, "--net", &not_a_net.to_string_lossy()]);
    assert!(err.contains("not a network file"), "{err}");
}

#[test]
fn bad_flags_are_refused_with_a_message() {
    let err = refused(&["train", "/tmp/never.bin", UNSEEN, "--lambda", "2"]);
    assert!(
        err.contains("--lambda") && err.contains("from 0 to 1"),
        "{err}"
    );
    let err = refused(&["nodes", "0", UNSEEN]);
    assert!(err.contains("not a depth"), "{err}");
}

#[test]
fn games_relabel_and_tune_make_and_read_their_files() {
    let dir = scratch("pipeline");
    let games = dir.join("games.jsonl").to_string_lossy().into_owned();
    ok(&[
        "games",
        &games,
        "--games",
        "3",
        "--time",
        "2ms",
        "--random-plies",
        "2",
    ]);
    let text = std::fs::read_to_string(&games).unwrap();
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(text.lines().all(|l| l.contains("\"scores\":[")), "{text}");
    let labels = dir.join("labels");
    let labels_text = labels.to_string_lossy().into_owned();
    ok(&["relabel", &labels_text, "2", &games, "--chunk", "2"]);
    assert!(labels.join("chunk0000.txt.gz").exists() && labels.join("chunk0001.txt.gz").exists());
    let net = dir.join("net.bin").to_string_lossy().into_owned();
    let run = lab(&[
        "train",
        &net,
        &games,
        "--epochs",
        "1",
        "--relabel",
        &labels_text,
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(stderr(&run).contains("relabel: "), "{}", stderr(&run));
    let weights = ok(&["tune", UNSEEN, "--steps", "2"]);
    assert_eq!(weights.trim().split(',').count(), 27, "{weights}");
}

/// `+W -L =D in N games` of the result line.
fn result(text: &str) -> (u32, u32, u32, u32) {
    let line = text
        .lines()
        .find(|l| l.starts_with("result:"))
        .unwrap_or_else(|| panic!("no result line in {text}"));
    let number = |prefix: &str| -> u32 {
        let at = line
            .find(prefix)
            .unwrap_or_else(|| panic!("{prefix} in {line}"))
            + prefix.len();
        let digits: String = line[at..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits
            .parse()
            .unwrap_or_else(|_| panic!("{prefix} in {line}"))
    };
    let games = line
        .split(" in ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("the number of games in {line}"));
    (number(" +"), number(" -"), number(" ="), games)
}

#[test]
fn greedy_beats_random_in_a_match_of_the_games_asked_for() {
    let text = ok(&["match", "random", "greedy", "--games", "20", "--seed", "3"]);
    let (wins, losses, draws, games) = result(&text);
    assert_eq!((wins + losses + draws, games), (20, 20), "{text}");
    assert!(losses >= 15, "greedy (B) won only {losses} of 20: {text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("pair ")).count(), 10);
    assert!(text.contains("Elo difference"), "{text}");
}

#[test]
fn the_engine_at_depth_two_beats_the_random_player() {
    let text = ok(&["match", "default", "random", "--games", "4", "--depth", "2"]);
    let (wins, _, _, games) = result(&text);
    assert_eq!(games, 4, "{text}");
    assert!(wins >= 3, "{text}");
    assert!(text.contains("mean depth a search: A "), "{text}");
}

#[test]
fn an_sprt_stops_the_match_once_it_decides() {
    let text = ok(&[
        "match", "default", "greedy", "--depth", "1", "--games", "200", "--sprt", "0,300",
    ]);
    let (_, _, _, games) = result(&text);
    assert!(games < 200 && games % 2 == 0, "{text}");
    assert!(text.contains("SPRT: H1 accepted"), "{text}");
    assert!(
        text.contains(&format!("stopped after {games} games")),
        "{text}"
    );
}

#[test]
fn bad_match_flags_and_players_are_refused_with_a_message() {
    let err = refused(&["match", "random", "greedy", "--games", "3"]);
    assert!(err.contains("--games") && err.contains("even"), "{err}");
    let err = refused(&["match", "random", "bogus"]);
    assert!(err.contains("not a player"), "{err}");
    let err = refused(&["match", "random", "net:/no/such/net.bin"]);
    assert!(err.contains("/no/such/net.bin"), "{err}");
    let err = refused(&["match", "random", "greedy", "--time", "fast"]);
    assert!(
        err.contains("--time") && err.contains("not a positive time"),
        "{err}"
    );
    let err = refused(&["match", "random", "greedy", "--sprt", "50,0"]);
    assert!(err.contains("ELO0,ELO1"), "{err}");
}
