//! `bitgames-tools connect4 sizes`: Tromp's table through the binary, its
//! journal, and runs resumed from it.

use assert_cmd::Command;
use bitgames::connect4::Geometry;
use bitgames::connect4::solver::Solver;
use bitgames::connect4::solver::book::build::{BookBuild, solve_chunk};
use predicates::prelude::*;

fn tools() -> Command {
    Command::cargo_bin("bitgames-tools").unwrap()
}

/// Writes the book of every position of `stones` stones on a `width` x
/// `height` board, built with the library as `bitgames connect4 book build
/// --layer` builds it.
fn write_layer_book(width: usize, height: usize, stones: usize, path: &std::path::Path) {
    let g = Geometry::new(width, height).unwrap();
    let mut build = BookBuild::new(g, stones..=stones, 1 << 20).unwrap();
    let mut solver = Solver::new();
    for id in build.pending(stones) {
        let chunk = solve_chunk(&mut solver, build.header(id), build.keys(id), || {}).unwrap();
        build.accept_chunk(id, chunk).unwrap();
    }
    std::fs::write(path, build.book().unwrap().to_bytes().unwrap()).unwrap();
}

#[test]
fn sizes_solves_tromps_small_boards_and_resumes_from_its_journal() {
    let journal = scratch("sizes.jsonl");
    let journal = journal.to_str().unwrap();
    let run = || {
        tools()
            .args(["connect4", "sizes", "--max-sum", "9", "-j", "1"])
            .args(["--journal", journal])
            .output()
            .unwrap()
    };
    let out = run();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8(out.stdout).unwrap();
    // Tromp: 4x4 and 4x5 and 5x4 are draws; every first move on 4x4 draws.
    assert!(table.contains("h 5  =    \n"), "{table}");
    assert!(table.contains("h 4  =  = \n"), "{table}");
    assert!(
        table.contains("| 4x4 | = (+0) | = | +0 +0 +0 +0 |"),
        "{table}"
    );
    assert!(
        table.contains("| 5x4 | = (+0) | = | -1 +0 +0 +0 -1 |"),
        "{table}"
    );
    // One line per board, and one per first move up to mirror images
    // (4x4: 2, 4x5: 2, 5x4: 3).
    let lines = |kind: &str| {
        std::fs::read_to_string(journal)
            .unwrap()
            .lines()
            .filter(|l| l.contains(kind))
            .count()
    };
    assert_eq!((lines("\"scores\""), lines("\"column\"")), (3, 7));
    // Again: nothing is solved, the same table comes from the journal.
    let again = run();
    assert!(again.status.success());
    assert!(!String::from_utf8_lossy(&again.stderr).contains("solving"));
    assert_eq!(String::from_utf8(again.stdout).unwrap(), table);
    assert_eq!((lines("\"scores\""), lines("\"column\"")), (3, 7));
}

#[test]
fn sizes_resumes_a_board_stopped_between_first_moves() {
    let full = scratch("full-5x4.jsonl");
    let solve = |journal: &std::path::Path| {
        tools()
            .args([
                "connect4",
                "sizes",
                "--boards",
                "5x4",
                "-j",
                "1",
                "--journal",
            ])
            .arg(journal)
            .output()
            .unwrap()
    };
    let first = solve(&full);
    assert!(first.status.success());
    // A run stopped after the centre and the next column: only those lines.
    let text = std::fs::read_to_string(&full).unwrap();
    let begun: Vec<&str> = text.lines().take(2).collect();
    assert!(begun[0].contains("\"column\":3"), "{text}");
    assert!(begun[1].contains("\"column\":2"), "{text}");
    let stopped = scratch("stopped-5x4.jsonl");
    std::fs::write(&stopped, begun.join("\n") + "\n").unwrap();
    let report = tools()
        .args([
            "connect4",
            "sizes",
            "--boards",
            "5x4",
            "--report-only",
            "--journal",
        ])
        .arg(&stopped)
        .output()
        .unwrap();
    let report = String::from_utf8(report.stdout).unwrap();
    assert!(
        report.contains("| 5x4 | not solved | = | so far 2: +0, 3: +0 |"),
        "{report}"
    );
    let resumed = solve(&stopped);
    let log = String::from_utf8_lossy(&resumed.stderr);
    assert!(resumed.status.success(), "{log}");
    assert!(log.contains("(3 of 5 from the journal)"), "{log}");
    assert!(log.contains("column 1 scores -1"), "{log}");
    assert!(!log.contains("column 3 scores"), "{log}");
    assert!(
        String::from_utf8(resumed.stdout)
            .unwrap()
            .contains("| 5x4 | = (+0) | = | -1 +0 +0 +0 -1 |")
    );
    let journal = std::fs::read_to_string(&stopped).unwrap();
    assert_eq!(journal.lines().count(), 4, "{journal}");
}

#[test]
fn sizes_names_a_bad_board_and_a_bad_journal_line() {
    tools()
        .args(["connect4", "sizes", "--boards", "7x6,7by6"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "--boards: `7by6` is not a board size such as `7x6`",
        ));
    let journal = scratch("bad.jsonl");
    std::fs::write(&journal, "{\"width\": 4}\n").unwrap();
    tools()
        .args(["connect4", "sizes", "--boards", "4x4", "--journal"])
        .arg(&journal)
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "bad.jsonl: line 1: not a board or a first move solved",
        ));
}

/// A fresh path in the temporary folder, unique to this test process.
fn scratch(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("bitgames-sizes-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn sizes_solves_a_board_down_to_a_book_of_a_deep_layer() {
    let book = scratch("5x4-layer6.book");
    write_layer_book(5, 4, 6, &book);
    let out = tools()
        .args(["connect4", "sizes", "--boards", "5x4", "-j", "1", "--book"])
        .arg(&book)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(
        table.contains("| 5x4 | = (+0) | = | -1 +0 +0 +0 -1 |"),
        "{table}"
    );
    tools()
        .args(["connect4", "sizes", "--boards", "5x4,4x4", "--book"])
        .arg(&book)
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "--book is for one board: name it with --boards WxH",
        ));
}

/// `--split 2`: each first move is the tests of the positions two moves
/// deep, each a journal line; a run that has only those lines solves no
/// test again and gives the same table.
#[test]
fn sizes_split_journals_its_tests_and_resumes_from_them() {
    let journal = scratch("split-6x4.jsonl");
    let solve = |journal: &std::path::Path| {
        tools()
            .args(["connect4", "sizes", "--boards", "6x4", "--weak", "-j", "2"])
            .args(["--split", "2", "--journal"])
            .arg(journal)
            .output()
            .unwrap()
    };
    let first = solve(&journal);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    // Each test is said on stderr as it is journaled.
    let log = String::from_utf8_lossy(&first.stderr);
    assert!(
        log.contains("bitgames-tools: 6x4: after 3,3, at least 0 for the player to move? "),
        "{log}"
    );
    // Tromp: 6x4 is a second-player win.
    let table = String::from_utf8(first.stdout).unwrap();
    assert!(
        table.contains("| 6x4 | - (-1) | - | -1 -1 -1 -1 -1 -1 |"),
        "{table}"
    );
    let text = std::fs::read_to_string(&journal).unwrap();
    let tests: Vec<&str> = text.lines().filter(|l| l.contains("\"moves\"")).collect();
    assert!(tests.len() >= 3, "{text}");
    // Each test is a position two moves deep and the score asked about.
    for t in &tests {
        let line: serde_json::Value = serde_json::from_str(t).unwrap();
        assert_eq!(line["moves"].as_array().unwrap().len(), 2, "{t}");
        assert!([0, 1].contains(&line["at_least"].as_i64().unwrap()), "{t}");
    }
    // The same board again from its tests alone.
    let stopped = scratch("split-6x4-tests.jsonl");
    std::fs::write(&stopped, tests.join("\n") + "\n").unwrap();
    let report = tools()
        .args(["connect4", "sizes", "--boards", "6x4", "--weak"])
        .args(["--report-only", "--journal"])
        .arg(&stopped)
        .output()
        .unwrap();
    let report = String::from_utf8(report.stdout).unwrap();
    let so_far = format!(
        "| 6x4 | not solved | - | so far {} tests of first moves not done |",
        tests.len()
    );
    assert!(report.contains(&so_far), "{report}");
    let resumed = solve(&stopped);
    assert!(resumed.status.success());
    // The same row, but for the times: the tests' nodes are the board's.
    let row = |table: &str| -> Vec<String> {
        let line = table.lines().find(|l| l.starts_with("| 6x4")).unwrap();
        let cells: Vec<&str> = line.split('|').collect();
        [1, 2, 3, 4, 7]
            .iter()
            .map(|&i| cells[i].to_string())
            .collect()
    };
    assert_eq!(
        row(&String::from_utf8(resumed.stdout).unwrap()),
        row(&table)
    );
    let again = std::fs::read_to_string(&stopped).unwrap();
    let tests_again = again.lines().filter(|l| l.contains("\"moves\"")).count();
    assert_eq!(tests_again, tests.len(), "no test solved again: {again}");
}

/// `--split-after`: a test that runs too long is journaled as split and
/// replaced by its children's tests; the board still gets Tromp's value,
/// and a run from those lines alone solves nothing again.
#[test]
fn sizes_split_after_a_time_splits_long_tests_deeper() {
    let journal = scratch("split-after-6x5.jsonl");
    let solve = |journal: &std::path::Path| {
        tools()
            .args(["connect4", "sizes", "--boards", "6x5", "--weak", "-j", "1"])
            .args(["--split", "1", "--split-after", "1ms", "--journal"])
            .arg(journal)
            .output()
            .unwrap()
    };
    let row = "| 6x5 | = (+0) | = | +0 +0 +0 +0 +0 +0 |";
    let first = solve(&journal);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let table = String::from_utf8(first.stdout).unwrap();
    assert!(table.contains(row), "{table}");
    let text = std::fs::read_to_string(&journal).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| l.contains("\"moves\"")).collect();
    let tests: Vec<serde_json::Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let split = tests.iter().filter(|t| t["holds"].is_null()).count();
    let deepest = tests
        .iter()
        .map(|t| t["moves"].as_array().unwrap().len())
        .max()
        .unwrap();
    assert!(
        split >= 1 && deepest >= 3,
        "{split} split, {deepest} deep: {text}"
    );
    let stopped = scratch("split-after-6x5-tests.jsonl");
    std::fs::write(&stopped, lines.join("\n") + "\n").unwrap();
    let resumed = solve(&stopped);
    assert!(resumed.status.success());
    assert!(String::from_utf8(resumed.stdout).unwrap().contains(row));
    let again = std::fs::read_to_string(&stopped).unwrap();
    let tests_again = again.lines().filter(|l| l.contains("\"moves\"")).count();
    assert_eq!(tests_again, lines.len(), "no test solved again");
}

/// `--value-only`: the board's value from "does a first move win?" and
/// "does one draw?", the first moves left open shown as `?`; it asks the
/// same tests as scoring every first move, so it reuses theirs.
#[test]
fn sizes_value_only_settles_the_value_and_reuses_the_first_moves_tests() {
    let journal = scratch("value-only.jsonl");
    let value_only = |journal: &std::path::Path, boards: &str| {
        tools()
            .args(["connect4", "sizes", "--boards", boards, "--weak", "-j", "2"])
            .args(["--split", "2", "--value-only", "--journal"])
            .arg(journal)
            .output()
            .unwrap()
    };
    let out = value_only(&journal, "5x4,6x4");
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{log}");
    // Tromp: 5x4 a draw (the centre draws, no first move wins), 6x4 a
    // second-player win (every first move loses).
    assert!(
        log.contains("bitgames-tools: 5x4: does first move 3 draw at least? yes"),
        "{log}"
    );
    assert!(
        log.contains("bitgames-tools: 5x4: does first move 1 win? no"),
        "{log}"
    );
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(
        table.contains("| 5x4 | = (+0) | = | ? ? +0 ? ? |"),
        "{table}"
    );
    assert!(
        table.contains("| 6x4 | - (-1) | - | -1 -1 -1 -1 -1 -1 |"),
        "{table}"
    );
    let text = std::fs::read_to_string(&journal).unwrap();
    assert!(
        text.contains("\"scores\":[null,null,0,null,null]"),
        "{text}"
    );
    // The tests of a run that scored every first move of 6x4 answer all
    // of its value's: nothing is searched again.
    let full = scratch("value-only-full.jsonl");
    let scored = tools()
        .args(["connect4", "sizes", "--boards", "6x4", "--weak", "-j", "2"])
        .args(["--split", "2", "--journal"])
        .arg(&full)
        .output()
        .unwrap();
    assert!(scored.status.success());
    let text = std::fs::read_to_string(&full).unwrap();
    let tests: Vec<&str> = text.lines().filter(|l| l.contains("\"moves\"")).collect();
    let stopped = scratch("value-only-tests.jsonl");
    std::fs::write(&stopped, tests.join("\n") + "\n").unwrap();
    let resumed = value_only(&stopped, "6x4");
    assert!(resumed.status.success());
    let again = std::fs::read_to_string(&stopped).unwrap();
    assert_eq!(
        again.lines().filter(|l| l.contains("\"moves\"")).count(),
        tests.len(),
        "no test solved again: {again}"
    );
    assert!(
        String::from_utf8(resumed.stdout)
            .unwrap()
            .contains("| 6x4 | - (-1) | - | -1 -1 -1 -1 -1 -1 |")
    );
    // Only with the split tests.
    tools()
        .args([
            "connect4",
            "sizes",
            "--boards",
            "4x4",
            "--weak",
            "--value-only",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--split <N>"));
}

#[test]
fn sizes_split_needs_weak_a_journal_and_one_move() {
    tools()
        .args(["connect4", "sizes", "--boards", "4x4", "--split", "1"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--weak"));
    let journal = scratch("split0.jsonl");
    tools()
        .args([
            "connect4", "sizes", "--boards", "4x4", "--weak", "--split", "0",
        ])
        .arg("--journal")
        .arg(&journal)
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "--split: at least 1 (the first move)",
        ));
    tools()
        .args([
            "connect4",
            "sizes",
            "--boards",
            "4x4",
            "--weak",
            "--split-after",
            "5s",
        ])
        .arg("--journal")
        .arg(&journal)
        .assert()
        .failure()
        .stderr(predicate::str::contains("--split <N>"));
}

/// `sizes -j 100000` used to abort with "failed to spawn thread" (exit 134):
/// a thread count outside 1..=256 is refused, naming it, before any work.
#[test]
fn sizes_refuses_a_thread_count_out_of_range() {
    for jobs in ["100000", "0", "257", "x"] {
        let out = tools()
            .args([
                "connect4",
                "sizes",
                "--boards",
                "4x4",
                "--report-only",
                "-j",
                jobs,
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "-j {jobs}");
        assert!(out.stdout.is_empty(), "-j {jobs}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            err.lines().next().unwrap_or_default(),
            format!(
                "error: invalid value '{jobs}' for '--jobs <JOBS>': threads `{jobs}` is not a whole number in 1..=256"
            )
        );
    }
}
