//! Opening books through the command: layers, chunk files resumed, torn or
//! not this build's, damaged files, endless files, and the books of other
//! solvers (Pons', BitBully's), each refused with a line naming the file and
//! what is wrong.

use assert_cmd::Command;
use bitgames::connect4::solver::book::chunk::{Chunk, ChunkId};
use bitgames::connect4::solver::book::{Book, book_positions, pons, symmetric_key};
use bitgames::connect4::solver::{Mode, Solver};
use bitgames::connect4::{Geometry, Position};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

fn bitgames() -> Command {
    Command::cargo_bin("bitgames").unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bitgames-books-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn build_5x4(args: &[&str], output: &Path) -> assert_cmd::assert::Assert {
    bitgames()
        .args(["connect4", "book", "build", "--width", "5", "--height", "4"])
        .args(args)
        .arg("-o")
        .arg(output)
        .assert()
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_layer_book_holds_exactly_its_layer_and_the_solver_stops_there() {
    let dir = temp_dir("layer");
    let file = dir.join("layer3.book");
    build_5x4(&["--layer", "3"], &file)
        .success()
        .stderr(predicate::str::contains("5x4, layers 3..=3,"));
    let book = Book::from_bytes(&std::fs::read(&file).unwrap()).unwrap();
    let g = Geometry::new(5, 4).unwrap();
    assert_eq!(book.layers().to_string(), "3..=3");
    assert_eq!(book.len(), book_positions(g, 3).len());
    let mut solver = Solver::new();
    for pos in book_positions(g, 3) {
        assert_eq!(
            book.score(&pos),
            Some(solver.solve(&pos, Mode::Strong).unwrap())
        );
    }
    // With the layer as its book, the empty board's score is the same and
    // the search visits far fewer nodes.
    let empty = Position::new(g);
    let mut plain = Solver::new();
    let want = plain.solve(&empty, Mode::Strong).unwrap();
    let mut booked = Solver::new();
    booked.set_book(Some(std::sync::Arc::new(book)));
    assert_eq!(booked.solve(&empty, Mode::Strong).unwrap(), want);
    assert!(booked.stats().nodes * 2 < plain.stats().nodes);
    // `book verify` agrees with it; `book info` says what it holds.
    bitgames()
        .args(["connect4", "book", "verify", "--sample", "10"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "10 entries checked against the solver, all agree",
        ));
    bitgames()
        .args(["connect4", "book", "info"])
        .arg(&file)
        .arg("-")
        .assert()
        .success()
        .stdout(predicate::str::contains("positions with 3 stones"))
        .stdout(predicate::str::contains("\n- not in the book"));
    // Merged with a book of the first two layers: one book of both.
    let low = dir.join("low.book");
    build_5x4(&["--depth", "1"], &low).success();
    let merged = dir.join("merged.book");
    bitgames()
        .args(["connect4", "book", "merge"])
        .arg(&low)
        .arg(&file)
        .arg("-o")
        .arg(&merged)
        .assert()
        .success()
        .stderr(predicate::str::contains("5x4, layers 0..=1, 3..=3,"));
    bitgames()
        .args(["connect4", "book", "info"])
        .arg(&merged)
        .args(["-", "33", "333"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "positions with 0..=1, 3..=3 stones",
        ))
        .stdout(predicate::str::contains("\n33 not in the book\n"))
        .stdout(predicate::str::contains("\n- not in the book").not());
    bitgames()
        .args(["connect4", "book", "merge"])
        .arg(&low)
        .arg(&merged)
        .arg("-o")
        .arg(dir.join("twice.book"))
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "overlap those of the books before it (0..=1)",
        ));
    std::fs::remove_dir_all(&dir).ok();
}

/// The chunk files of `dir`, by name.
fn chunk_files(dir: &Path) -> Vec<String> {
    files_in(dir)
        .into_iter()
        .filter(|n| ChunkId::from_file_name(n).is_some())
        .collect()
}

#[test]
fn a_resumed_build_keeps_its_finished_chunks_and_redoes_a_torn_one() {
    let dir = temp_dir("chunks");
    let out = dir.join("l6.book");
    let chunks = dir.join("l6.book.chunks");
    build_5x4(
        &["--layer", "6", "--chunk-size", "100", "--keep-chunks"],
        &out,
    )
    .success()
    .stderr(predicate::str::contains(
        "6 stones: 1500 positions (1500 solved now)",
    ));
    let want = std::fs::read(&out).unwrap();
    let names = chunk_files(&chunks);
    assert_eq!(names.len(), 15);
    assert_eq!(names[0], "layer06-chunk000000.bin");
    // The chunk size changes nothing in the book.
    let whole = dir.join("whole.book");
    build_5x4(&["--layer", "6"], &whole).success();
    assert_eq!(std::fs::read(&whole).unwrap(), want);
    assert!(
        !dir.join("whole.book.chunks").exists(),
        "removed once the book is written"
    );

    // Chunk 2 made to say another (possible) score for its first position:
    // kept as it is, so its score shows that it was not solved again.
    let two = chunks.join("layer06-chunk000002.bin");
    let mut chunk = Chunk::from_bytes(&std::fs::read(&two).unwrap()).unwrap();
    let (key, old) = (chunk.keys[0], chunk.scores[0]);
    chunk.scores[0] = if old == 0 { 1 } else { 0 };
    std::fs::write(&two, chunk.to_bytes()).unwrap();
    // Chunk 5 gone, chunk 7 cut short (torn), a file that is no chunk's.
    std::fs::remove_file(chunks.join("layer06-chunk000005.bin")).unwrap();
    let seven = chunks.join("layer06-chunk000007.bin");
    let bytes = std::fs::read(&seven).unwrap();
    std::fs::write(&seven, &bytes[..bytes.len() / 2]).unwrap();
    std::fs::write(chunks.join("notes.txt"), "mine").unwrap();
    std::fs::remove_file(&out).unwrap();
    build_5x4(&["--layer", "6", "--chunk-size", "100"], &out)
        .success()
        .stderr(predicate::str::contains(format!(
            "bitgames: warning: chunk file {}: cut short: {} bytes, its header says {}",
            seven.display(),
            bytes.len() / 2,
            bytes.len()
        )))
        .stderr(predicate::str::contains(
            "resuming: 1300 positions already solved (13 of 15 chunks)",
        ))
        .stderr(predicate::str::contains("(200 positions solved now)"));
    let book = Book::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    let pos = bitgames::connect4::grid::from_key(Geometry::new(5, 4).unwrap(), key).unwrap();
    assert_eq!(book.score(&pos), Some(i32::from(chunk.scores[0])));
    let fixed = Book::from_bytes(&want).unwrap();
    assert_eq!(fixed.score(&pos), Some(i32::from(old)));
    // Only this build's chunk files are removed.
    assert_eq!(files_in(&chunks), ["notes.txt"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_chunk_file_that_is_not_this_builds_stops_the_build_naming_it() {
    let dir = temp_dir("badchunks");
    let out = dir.join("l6.book");
    let chunks = dir.join("kept");
    let args = ["--layer", "6", "--chunk-dir"];
    let build = |extra: &[&str]| {
        let mut a: Vec<&str> = args.to_vec();
        a.push(chunks.to_str().unwrap());
        a.extend_from_slice(extra);
        if !extra.contains(&"--chunk-size") {
            a.extend_from_slice(&["--chunk-size", "100"]);
        }
        build_5x4(&a, &out)
    };
    build(&["--keep-chunks"]).success();
    std::fs::remove_file(&out).unwrap();
    let (three, four) = (
        chunks.join("layer06-chunk000003.bin"),
        chunks.join("layer06-chunk000004.bin"),
    );
    let saved = std::fs::read(&three).unwrap();
    let refused = |extra: &[&str], why: &str| {
        build(extra)
            .failure()
            .stderr(predicate::str::contains(format!(
                "chunk file {}: {why}",
                three.display()
            )))
            .stderr(predicate::str::contains(
                "remove it to have the chunk solved again, or give another --chunk-dir",
            ));
        assert!(!out.exists(), "no book from a bad chunk");
    };
    // A changed byte.
    let mut bad = saved.clone();
    bad[40] ^= 1;
    std::fs::write(&three, &bad).unwrap();
    refused(&[], "checksum mismatch");
    // Another chunk's file under this name.
    std::fs::copy(&four, &three).unwrap();
    refused(&[], "it holds chunk 4, its name says chunk 3");
    // Cut otherwise, or another board.
    std::fs::write(&three, &saved).unwrap();
    build(&["--chunk-size", "50"])
        .failure()
        .stderr(predicate::str::contains(
            "it was cut into chunks of 100 positions (15 in layer 6), this build cuts chunks of 50 (30)",
        ));
    bitgames()
        .args(["connect4", "book", "build", "--width", "6", "--height", "4"])
        .args(args)
        .arg(&chunks)
        .args(["--chunk-size", "100", "-o"])
        .arg(&out)
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "it is for a 5x4 board, this build is 6x4",
        ));
    // A chunk beyond the layer's; a file that is no chunk file.
    std::fs::write(chunks.join("layer06-chunk000099.bin"), &saved).unwrap();
    build(&[]).failure().stderr(predicate::str::contains(
        "this build cuts layer 6 into 15 chunks of 100: there is no chunk 99",
    ));
    std::fs::remove_file(chunks.join("layer06-chunk000099.bin")).unwrap();
    std::fs::write(&three, b"hello").unwrap();
    refused(&[], "not a chunk file of a bitgames book build");
    // Repaired: the book, nothing solved again.
    std::fs::write(&three, &saved).unwrap();
    build(&[])
        .success()
        .stderr(predicate::str::contains("(0 positions solved now)"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_directory_as_output_is_refused_and_leaves_nothing_behind() {
    let dir = temp_dir("outdir");
    let sub = dir.join("sub");
    std::fs::create_dir(&sub).unwrap();
    build_5x4(&["--depth", "1"], &sub)
        .failure()
        .stderr(predicate::str::contains(format!(
            "-o {}: is a directory, not a file name",
            sub.display()
        )));
    assert_eq!(files_in(&dir), ["sub"]);
    assert!(files_in(&sub).is_empty());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn damaged_books_are_refused_with_the_file_and_what_is_wrong() {
    let dir = temp_dir("damaged");
    let good = dir.join("good.book");
    build_5x4(&["--depth", "3"], &good).success();
    let bytes = std::fs::read(&good).unwrap();
    let solve_with = |file: &Path| {
        bitgames()
            .args([
                "connect4", "solve", "--width", "5", "--height", "4", "--book",
            ])
            .arg(file)
            .write_stdin("3\n")
            .assert()
    };
    solve_with(&good).success();
    let cases: Vec<(&str, Vec<u8>, String)> = vec![
        (
            "truncated",
            bytes[..bytes.len() - 3].to_vec(),
            format!(
                "book is {} bytes long, its header says {}",
                bytes.len() - 3,
                bytes.len()
            ),
        ),
        (
            "flipped-score",
            {
                let mut b = bytes.clone();
                let n = b.len();
                b[n - 9] ^= 0x40;
                b
            },
            "book checksum mismatch".to_string(),
        ),
        (
            "flipped-key",
            {
                let mut b = bytes.clone();
                b[36] ^= 0x01;
                b
            },
            "book checksum mismatch".to_string(),
        ),
        (
            "depth-byte",
            {
                let mut b = bytes.clone();
                b[16] ^= 0x20; // layer 5 added to the header's set
                b
            },
            "book checksum mismatch".to_string(),
        ),
    ];
    for (name, content, why) in cases {
        let file = dir.join(format!("{name}.book"));
        std::fs::write(&file, content).unwrap();
        solve_with(&file)
            .failure()
            .stdout(predicate::str::is_empty())
            .stderr(predicate::str::contains(format!(
                "book {}: ",
                file.display()
            )))
            .stderr(predicate::str::contains(why));
    }
    // Another board size.
    bitgames()
        .args(["connect4", "solve", "--book"])
        .arg(&good)
        .write_stdin("4\n")
        .assert()
        .failure()
        .stderr(predicate::str::contains("is for a 5x4 board, not 7x6"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_endless_book_file_is_refused_without_reading_it_all() {
    bitgames()
        .args(["connect4", "solve", "--book", "/dev/zero"])
        .write_stdin("4\n")
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "book /dev/zero: longer than the 67108864 bytes its header allows",
        ));
}

#[test]
fn pons_books_are_read_checked_and_refused_when_they_disagree() {
    let dir = temp_dir("pons");
    let g = Geometry::new(5, 4).unwrap();
    let mut solver = Solver::new();
    // Every 5x4 position of at most 4 stones, in Pons' format, with the
    // solver's scores.
    let entries: Vec<(u64, i32)> = (0..=4)
        .flat_map(|d| book_positions(g, d))
        .map(|p| {
            (
                pons::key3(g, p.current() as u64, p.mask() as u64),
                solver.solve(&p, Mode::Strong).unwrap(),
            )
        })
        .collect();
    let empty = solver.solve(&Position::new(g), Mode::Strong).unwrap();
    let good = dir.join("5x4.book");
    std::fs::write(&good, crate::common::pons_book(g, 4, 2, 16, &entries)).unwrap();
    bitgames()
        .args(["connect4", "book", "info"])
        .arg(&good)
        .args(["-", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "Pascal Pons' opening book, 5x4 board, positions with at most 4 stones, {} entries",
            entries.len()
        )))
        .stdout(predicate::str::contains(format!("\n- {empty}\n")));
    // analyze and solve use it; `book verify` checks it.
    let mut want = Vec::new();
    for c in 0..5 {
        let child = Position::new(g).after(c).unwrap();
        want.push((-solver.solve(&child, Mode::Strong).unwrap()).to_string());
    }
    bitgames()
        .args([
            "connect4", "analyze", "--width", "5", "--height", "4", "--json", "--book",
        ])
        .arg(&good)
        .arg("-")
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "\"scores\":[{}]",
            want.join(",")
        )));
    bitgames()
        .args(["connect4", "book", "verify", "--sample", "10"])
        .arg(&good)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "10 entries checked against the solver, all agree",
        ));
    // A wrong score is found by the check at load time.
    let mut wrong = entries.clone();
    for e in &mut wrong {
        e.1 = -e.1 - 1;
    }
    let bad = dir.join("bad.book");
    std::fs::write(&bad, crate::common::pons_book(g, 4, 2, 16, &wrong)).unwrap();
    bitgames()
        .args([
            "connect4", "solve", "--width", "5", "--height", "4", "--book",
        ])
        .arg(&bad)
        .write_stdin("3\n")
        .assert()
        .failure()
        .stderr(predicate::str::contains(format!(
            "book {} (Pascal Pons' opening book) refused: the book says",
            bad.display()
        )));
    std::fs::remove_dir_all(&dir).ok();
}

/// The databases of the `bitbully-databases` package, wherever pip put them:
/// in the tests' environment (`target/venv`, which `./test` makes), or else
/// in `$BITGAMES_PYTHON`'s.
fn bitbully_assets() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let python = std::env::var_os("BITGAMES_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target/venv/bin/python"));
    let out = std::process::Command::new(&python)
        .args([
            "-c",
            "import bitbully_databases, os; print(os.path.dirname(bitbully_databases.__file__))",
        ])
        .output();
    match out {
        Ok(o) if o.status.success() => {
            PathBuf::from(String::from_utf8(o.stdout).unwrap().trim()).join("assets")
        }
        _ => panic!(
            "this test reads BitBully's databases, which {} cannot import: run ./test --setup \
             (it installs bitbully-databases into target/venv)",
            python.display()
        ),
    }
}

#[test]
fn bitbully_databases_are_read_and_agree_with_the_solver() {
    let assets = bitbully_assets();
    let mut solver = Solver::new();
    for (file, ply, distances, count) in [
        ("book_8ply.dat", 8, false, 34_515),
        ("book_12ply.dat", 12, false, 1_735_945),
        ("book_12ply_distances.dat", 12, true, 4_200_899),
    ] {
        let path = assets.join(file);
        let book = Book::from_bytes(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(book.len(), count, "{file}");
        assert_eq!(
            book.layers().to_string(),
            format!("{ply}..={ply}"),
            "{file}"
        );
        assert_eq!(
            book.format(),
            bitgames::connect4::solver::book::Format::BitBully { ply, distances }
        );
        // A sample of its records: exact scores (distances) or signs agree
        // with the solver's.
        for i in (0..count).step_by(count / 7) {
            let (pos, value) = book.entry(i).unwrap();
            let mode = if distances { Mode::Strong } else { Mode::Weak };
            let solved = solver.solve(&pos, mode).unwrap();
            if distances {
                assert_eq!(value.exact(), Some(solved), "{file} record {i}");
            } else {
                assert_eq!(value.sign(), Some(solved.signum()), "{file} record {i}");
            }
        }
    }
    // The package's own examples: 71 (the first player wins with the game's
    // 41st stone: score 1) and -88 (loses to the 24th: -10).
    let dist =
        Book::from_bytes(&std::fs::read(assets.join("book_12ply_distances.dat")).unwrap()).unwrap();
    let grid = |t: &str| bitgames::connect4::grid::parse_grid_position(t).unwrap();
    for (text, score) in [
        ("0000000/0001000/0102000/0201020/0102010/0201020", 1),
        ("0000000/0000000/0011000/0022000/0121000/0112022", -10),
    ] {
        assert_eq!(dist.score(&grid(text)), Some(score), "{text}");
        assert_eq!(
            solver.solve(&grid(text), Mode::Strong).unwrap(),
            score,
            "{text}"
        );
    }
    // The same positions through the 12-ply win/draw/loss book agree.
    let wdl = Book::from_bytes(&std::fs::read(assets.join("book_12ply.dat")).unwrap()).unwrap();
    let p = grid("0000000/0000000/0011000/0022000/0121000/0112022");
    assert_eq!(wdl.value(&p).and_then(|v| v.sign()), Some(-1));
    // Through the command: `--book` detects the format and checks a sample.
    bitgames()
        .args(["connect4", "book", "info"])
        .arg(assets.join("book_8ply.dat"))
        .assert()
        .success()
        .stdout(predicate::str::contains("BitBully 8-ply database (win/draw/loss), 7x6 board, positions with 8 stones, 34515 entries"));
    bitgames()
        .args(["connect4", "solve", "--verify", "3", "--book"])
        .arg(assets.join("book_12ply_distances.dat"))
        .write_stdin("444444333333\n")
        .assert()
        .success();
    // Draws and losses swapped are caught by the check against the solver.
    let mut bytes = std::fs::read(assets.join("book_8ply.dat")).unwrap();
    for i in (2..bytes.len()).step_by(3) {
        bytes[i] ^= 1; // every draw becomes a loss and every loss a draw
    }
    let dir = temp_dir("bitbully");
    let bad = dir.join("book_8ply.dat");
    std::fs::write(&bad, &bytes).unwrap();
    bitgames()
        .args(["connect4", "book", "verify", "--sample", "20"])
        .arg(&bad)
        .assert()
        .failure()
        .stderr(predicate::str::contains("the book says"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_version_1_book_is_read_with_a_warning() {
    // The old format: a 20-byte header (depth at 11, count at 12), no checksum.
    let dir = temp_dir("v1");
    let g = Geometry::new(5, 4).unwrap();
    let one = Position::from_moves_in(g, "3").unwrap();
    let mut solver = Solver::new();
    let score = solver.solve(&one, Mode::Strong).unwrap();
    let mut v1 = b"BGC4BOOK".to_vec();
    v1.extend_from_slice(&[1, 5, 4, 1]);
    v1.extend_from_slice(&1u64.to_le_bytes());
    v1.extend_from_slice(&symmetric_key(&one).to_le_bytes()[..4]); // 25 bits: 4 bytes
    v1.push(score as i8 as u8);
    let file = dir.join("old.book");
    std::fs::write(&file, &v1).unwrap();
    bitgames()
        .args(["connect4", "solve", "--width", "5", "--height", "4", "--book"])
        .arg(&file)
        .write_stdin("3\n")
        .assert()
        .success()
        .stdout(format!("3 {score}\n"))
        .stderr(predicate::str::contains(format!(
            "bitgames: warning: book {} is format version 1 (no checksum): rebuild it to have its bytes checked",
            file.display()
        )));
    std::fs::remove_dir_all(&dir).ok();
}
