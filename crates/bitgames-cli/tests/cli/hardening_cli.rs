//! Issue 14 through the binary: out-of-range options, batches with a line
//! that is not UTF-8, and long input quoted back in errors.

use assert_cmd::Command;

fn bitgames() -> Command {
    Command::cargo_bin("bitgames").unwrap()
}

/// Runs the command; its exit code, stdout and stderr.
fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let out = bitgames()
        .args(args)
        .write_stdin(stdin.to_vec())
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn table_log2_out_of_range_is_refused_in_one_line() {
    const RANGE: &str =
        "outside the sizes allowed, 2^4..=2^32 buckets (16 bytes each, 64 GiB at most)";
    for size in ["33", "40", "63", "64", "100", "4294967295", "3"] {
        for args in [
            vec!["connect4", "solve", "--table-log2", size],
            vec![
                "connect4",
                "book",
                "build",
                "--depth",
                "1",
                "-o",
                "never-written.book",
                "--table-log2",
                size,
            ],
        ] {
            let (code, out, err) = run(&args, b"4453\n");
            assert_eq!(code, 1, "{args:?}: {err}");
            assert_eq!(out, "", "{args:?}");
            assert_eq!(
                err,
                format!(
                    "bitgames: error: --table-log2 {size}: a table of 2^{size} buckets is {RANGE}\n"
                ),
                "{args:?}"
            );
        }
    }
    assert!(!std::path::Path::new("never-written.book").exists());
    // In range: answered.
    let (code, out, _) = run(&["connect4", "solve", "--table-log2", "16"], b"4453\n");
    assert_eq!((code, out.as_str()), (0, "4453 -2\n"));
}

#[test]
fn huge_times_are_refused_like_zero_and_infinity() {
    let position = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2";
    for time in ["1e20s", "1e19s", "1e300", "86401s", "0s", "inf", "-1s"] {
        let option = format!("--time={time}");
        for args in [
            vec!["santorini", "bestmove", "--position", position, &option],
            vec!["santorini", "play", &option],
        ] {
            let (code, _, err) = run(&args, b"");
            assert_eq!(code, 2, "{args:?}: {err}");
            assert!(
                err.contains(&format!(
                    "{time:?} is not a positive time of at most a day (86400s), such as 1s, 250ms or 0.1s"
                )),
                "{args:?}: {err}"
            );
            assert!(!err.contains("panicked"), "{args:?}: {err}");
        }
    }
    // `play`'s time flag is the same (`--think`, its old name, too).
    for flag in ["--time", "--think"] {
        for think in ["1e20", "86401", "-1", "inf", "NaN", "0"] {
            let (code, _, err) = run(&["connect4", "play", &format!("{flag}={think}")], b"q\n");
            assert_eq!(code, 2, "{flag} {think}: {err}");
            assert!(
                err.contains("is not a positive time of at most a day (86400s)"),
                "{flag} {think}: {err}"
            );
        }
    }
    // A day is allowed (`q` quits before the engine thinks at all).
    let (code, out, err) = run(&["connect4", "play", "--time=86400s"], b"q\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Game abandoned"), "{out}");
}

#[test]
fn a_line_that_is_not_utf8_is_reported_and_the_others_answered() {
    // The reproduction.
    let (code, out, err) = run(&["connect4", "solve"], b"4453\n44\xff\xfe55\n44455554221\n");
    assert_eq!(code, 1);
    assert_eq!(out, "4453 -2\n44455554221 -15\n");
    assert_eq!(
        err,
        "bitgames: error: stdin: line 2: not UTF-8 text: byte 3 is 0xff\n"
    );
    let instance = b"(1,2) [0,0,2,0,0,1,2,0,4,1,3,0,0,0,1,0,0,1,3,4,0,1,1,2,2]";
    let mut input = instance.to_vec();
    input.extend_from_slice(b"\n(1,\xc3(2) [0]\n");
    input.extend_from_slice(instance);
    input.push(b'\n');
    for (command, answer) in [
        ("move-to", "[(1,1),(2,1),(2,3)]"),
        (
            "distances",
            "[1,0,3,2,3,1,2,1,inf,3,3,2,2,2,3,3,3,3,5,inf,4,4,4,4,5]",
        ),
    ] {
        let (code, out, err) = run(&["santorini", command], &input);
        assert_eq!(code, 1, "{command}");
        assert_eq!(out, format!("{answer}\n{answer}\n"), "{command}");
        assert_eq!(
            err, "bitgames: error: stdin: line 2: not UTF-8 text: byte 4 is 0xc3\n",
            "{command}"
        );
    }
}

#[test]
fn long_input_is_quoted_cut_to_sixty_characters() {
    let long = "4".repeat(100_000);
    let cut = format!("{}…(100000 characters)", "4".repeat(60));
    let (code, _, err) = run(&["connect4", "analyze", &format!("{long}x")], b"");
    assert_eq!(code, 1);
    assert!(
        err.starts_with(&format!(
            "bitgames: error: bad Connect Four position `{}…(100001 characters)`: ",
            "4".repeat(60)
        )),
        "{}",
        &err[..err.len().min(300)]
    );
    assert!(err.len() < 300, "{} bytes", err.len());
    // A batch line with a long score.
    let (code, _, err) = run(&["connect4", "solve"], format!("4453 {long}\n").as_bytes());
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "bitgames: error: stdin: line 1: `{cut}` after the moves is not a score (an integer)\n"
        )
    );
    let (code, _, err) = run(
        &["tictactoe", "analyze", &format!("1{}", "z".repeat(200))],
        b"",
    );
    assert_eq!(code, 1);
    assert!(err.len() < 300, "{err}");
    let (code, _, err) = run(&["santorini", "perft", "--position", &long, "1"], b"");
    assert_eq!(code, 1);
    assert!(
        err.contains(&format!("bad Santorini position `{cut}`")),
        "{err}"
    );
}

#[test]
fn a_huge_number_in_a_santorini_row_is_reported_as_written() {
    let (code, out, err) = run(
        &["santorini", "move-to"],
        b"(99999999999999999999999,1) [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]\n",
    );
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "bitgames: error: stdin: line 1: row 99999999999999999999999 is outside 1..5\n"
    );
}

/// `bitgames ... | head` : a reader that has gone away ends the command
/// quietly, as it does `cat` or `seq`: killed by SIGPIPE, nothing on stderr
/// (it used to panic with "failed printing to stdout: Broken pipe").
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    for args in [
        &["legal", "santorini", "-", "--json"][..],
        &["tictactoe", "analyze", "1524"],
        &["perft", "connect4", "-", "--depth", "3", "--divide"],
        &["games"],
    ] {
        // The reading end is closed before the command starts: its first
        // write finds no reader, every time.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("bitgames"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr, "", "{args:?}");
        assert_eq!(
            out.status.signal(),
            Some(libc::SIGPIPE),
            "{args:?}: {:?}",
            out.status
        );
    }
}
