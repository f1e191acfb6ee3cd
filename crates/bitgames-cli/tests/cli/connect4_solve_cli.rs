//! `bitgames connect4 solve`, `book` and `bench` through the binary.

use assert_cmd::Command;
use bitgames::connect4::solver::book::chunk::Chunk;
use bitgames::connect4::solver::book::{Book, BookValue};
use bitgames::connect4::solver::{Mode, Solver};
use bitgames::connect4::{Geometry, Position};
use predicates::prelude::*;

fn bitgames() -> Command {
    Command::cargo_bin("bitgames").unwrap()
}

fn data(name: &str) -> String {
    format!("{}/../../data/connect4/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn solve_answers_every_line_in_order_and_checks_expected_scores() {
    let text = std::fs::read_to_string(data("Test_L2_R1")).unwrap();
    let input: String = text.lines().take(40).map(|l| format!("{l}\n")).collect();
    let out = bitgames()
        .args(["connect4", "solve"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Every line back, in order, with the test set's score.
    assert_eq!(String::from_utf8(out.stdout).unwrap(), input);
}

#[test]
fn solve_weak_gives_the_sign_and_stats_add_nodes_and_microseconds() {
    let line = std::fs::read_to_string(data("Test_L3_R1")).unwrap();
    let first = line.lines().next().unwrap(); // "2252576253462244111563365343671351441 -1"
    let moves = first.split(' ').next().unwrap();
    bitgames()
        .args(["connect4", "solve", "--weak"])
        .write_stdin(format!("{moves}\n"))
        .assert()
        .success()
        .stdout(format!("{moves} -1\n"));
    let out = bitgames()
        .args(["connect4", "solve", "--stats"])
        .write_stdin(format!("{moves}\n"))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let words: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(words.len(), 5, "{text}");
    assert_eq!(words[..2], [moves, "-1"]);
    let nodes = words[2].parse::<u64>().unwrap();
    assert!(nodes > 0);
    words[3].parse::<u64>().unwrap();
    // The nodes past the static checks: fewer than the nodes, as an ending
    // this close is mostly forced moves and bounds from the stones alone.
    let searched = words[4].parse::<u64>().unwrap();
    assert!(searched < nodes, "{text}");
}

#[test]
fn the_builtin_book_answers_the_first_plies_at_once() {
    // Positions of the book's layers (0..=3 and 10 stones) are answered from
    // it (a couple of nodes); those in between search down to layer 10 and
    // stop there after a few hundred nodes, where a search without the book
    // visits millions.
    let out = bitgames()
        .args(["connect4", "solve", "--stats"])
        .write_stdin("4\n1\n44\n-\n444\n4444443333\n4453\n17445\n443632\n5264137\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split(' ').collect()).collect();
    assert_eq!(
        lines.iter().map(|l| (l[0], l[1])).collect::<Vec<_>>(),
        [
            ("4", "-1"),
            ("1", "2"),
            ("44", "1"),
            ("-", "1"),
            ("444", "-1"),
            ("4444443333", "15"),
            ("4453", "-2"),
            ("17445", "3"),
            ("443632", "2"),
            ("5264137", "3")
        ]
    );
    for l in &lines[..6] {
        assert!(l[2].parse::<u64>().unwrap() <= 2, "{text}");
    }
    for l in &lines[6..] {
        assert!(l[2].parse::<u64>().unwrap() < 20_000, "{text}");
    }
    bitgames()
        .args(["connect4", "solve", "--no-book", "--book", "x.book"])
        .write_stdin("4\n")
        .assert()
        .failure()
        .stderr(predicate::str::contains("cannot be used with"));
}

#[test]
fn bad_lines_are_reported_with_their_number_and_the_others_answered() {
    let out = bitgames()
        .args(["connect4", "solve"])
        .write_stdin("2252576253462244111563365343671351441\n448\n12121213\n2252576253462244111563365343671351441 5\n44x\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "2252576253462244111563365343671351441 -1\n2252576253462244111563365343671351441 -1\n"
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("stdin: line 2: move 3 `8`: column 8 is outside 1..7"),
        "{err}"
    );
    assert!(
        err.contains(
            "stdin: line 3: move 8 `3`: the game is already over: player 1 has four in a row"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "stdin: line 4: `2252576253462244111563365343671351441`: expected 5, solved -1"
        ),
        "{err}"
    );
    assert!(
        err.contains("stdin: line 5: character 3 `x`: not a column"),
        "{err}"
    );
}

#[test]
fn a_book_is_built_resumed_read_and_used() {
    let dir = std::env::temp_dir().join(format!("bitgames-book-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("5x4.book");
    bitgames()
        .args([
            "connect4", "book", "build", "--depth", "4", "--width", "5", "--height", "4",
        ])
        .arg("-o")
        .arg(&file)
        .assert()
        .success()
        .stderr(predicate::str::contains("5x4, layers 0..=4,"));
    let book = Book::from_bytes(&std::fs::read(&file).unwrap()).unwrap();
    let g = Geometry::new(5, 4).unwrap();
    assert_eq!(book.geometry(), g);
    assert_eq!(book.depth(), 4);
    // Every position it holds has the solver's score.
    let mut solver = Solver::with_table_log2(16);
    let mut checked = 0;
    for moves in ["", "3", "33", "1", "12", "334", "3342", "5", "2154"] {
        let pos = Position::from_moves_in(g, moves).unwrap();
        if pos.winning_moves() != 0 {
            continue;
        }
        assert_eq!(
            book.score(&pos),
            Some(solver.solve(&pos, Mode::Strong).unwrap()),
            "`{moves}`"
        );
        checked += 1;
    }
    assert_eq!(checked, 9);
    // A build run again takes in the chunk files of the one before and
    // solves only the chunks missing: keep the chunks of a build (cut into
    // chunks of 10 positions: 27 chunks of 243 positions in layers 0..=4)...
    let resume = dir.join("resume.book");
    let chunks = dir.join("resume.book.chunks");
    let build = |extra: &[&str]| {
        bitgames()
            .args(["connect4", "book", "build", "--depth", "4", "--width", "5"])
            .args(["--height", "4", "--chunk-size", "10"])
            .args(extra)
            .arg("-o")
            .arg(&resume)
            .assert()
            .success()
    };
    build(&["--keep-chunks"]);
    assert_eq!(
        std::fs::read(&resume).unwrap(),
        std::fs::read(&file).unwrap()
    );
    assert_eq!(std::fs::read_dir(&chunks).unwrap().count(), 27);
    // ...remove two (10 positions of layer 4, the last 3 of layer 2) and the
    // book, and plant a chunk of the empty board with a deliberately wrong
    // (but possible) score: it survives, so it was read, not solved again.
    let removed: Vec<(std::path::PathBuf, Vec<u8>)> =
        ["layer04-chunk000003.bin", "layer02-chunk000001.bin"]
            .iter()
            .map(|name| {
                let path = chunks.join(name);
                let bytes = std::fs::read(&path).unwrap();
                std::fs::remove_file(&path).unwrap();
                (path, bytes)
            })
            .collect();
    let empty = chunks.join("layer00-chunk000000.bin");
    let mut chunk = Chunk::from_bytes(&std::fs::read(&empty).unwrap()).unwrap();
    assert_eq!(chunk.keys, [Position::new(g).key()]);
    let (old, planted) = (chunk.scores[0], if chunk.scores[0] == 9 { 8 } else { 9 });
    chunk.scores[0] = planted;
    std::fs::write(&empty, chunk.to_bytes()).unwrap();
    std::fs::remove_file(&resume).unwrap();
    // The journal of an older bitgames (`FILE.partial`) is not read, and
    // left alone.
    let partial = dir.join("resume.book.partial");
    std::fs::write(&partial, "# bitgames book journal: 5x4 layers 0..=4\n1234").unwrap();
    build(&["--keep-chunks"])
        .stderr(predicate::str::contains(
            "resuming: 230 positions already solved (25 of 27 chunks)",
        ))
        .stderr(predicate::str::contains("(13 positions solved now)"));
    for (path, bytes) in &removed {
        assert_eq!(&std::fs::read(path).unwrap(), bytes, "{}", path.display());
    }
    assert!(partial.exists(), "not the build's to remove");
    let resumed = Book::from_bytes(&std::fs::read(&resume).unwrap()).unwrap();
    assert_eq!(resumed.score(&Position::new(g)), Some(i32::from(planted)));
    let mut fixed = resumed.entries().unwrap();
    assert_eq!(fixed[0].0, Position::new(g), "the smallest key");
    fixed[0].1 = BookValue::Exact(i32::from(old));
    assert_eq!(fixed, book.entries().unwrap(), "the rest is the book");
    // Run again without --keep-chunks: nothing to solve, and the chunk
    // directory goes once the book is written.
    build(&[]).stderr(predicate::str::contains("(0 positions solved now)"));
    assert!(!chunks.exists());
    assert_eq!(
        Book::from_bytes(&std::fs::read(&resume).unwrap()).unwrap(),
        resumed
    );
    // `book info` prints the header and looks positions up; solve uses the book.
    bitgames()
        .args(["connect4", "book", "info"])
        .arg(&file)
        .args(["", "33", "3333"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "bitgames book, format version 2, 5x4 board, positions with at most 4 stones",
        ))
        .stdout(predicate::str::contains("\n33 "))
        .stdout(predicate::str::contains("3333 not in the book").not());
    let with_book = bitgames()
        .args([
            "connect4", "solve", "--width", "5", "--height", "4", "--book",
        ])
        .arg(&resume)
        .write_stdin("\n3\n")
        .output()
        .unwrap();
    // A blank line is skipped; "3" (one stone) is solved with the book's help.
    let pos = Position::from_moves_in(g, "3").unwrap();
    let want = solver.solve(&pos, Mode::Strong).unwrap();
    assert_eq!(
        String::from_utf8(with_book.stdout).unwrap(),
        format!("3 {want}\n")
    );
    // A book of another size is refused.
    bitgames()
        .args(["connect4", "solve", "--book"])
        .arg(&file)
        .write_stdin("4\n")
        .assert()
        .failure()
        .stderr(predicate::str::contains("is for a 5x4 board, not 7x6"));
    std::fs::remove_dir_all(&dir).ok();
}
