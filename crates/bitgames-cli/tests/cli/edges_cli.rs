//! Issue 73's edges through the binary: thread counts and depths out of
//! range, refused in one message before any work starts.

use assert_cmd::Command;

/// Runs the command; its exit code, stdout and stderr.
fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let out = Command::cargo_bin("bitgames")
        .unwrap()
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

/// `-j 100000` used to abort with "failed to spawn thread" (exit 134), or,
/// for `solve`, to start 100,000 threads before reading a line.
#[test]
fn a_thread_count_out_of_range_is_refused_by_every_command() {
    let commands: [&[&str]; 4] = [
        &["connect4", "analyze", "44"],
        &["connect4", "solve"],
        &[
            "connect4",
            "book",
            "build",
            "--depth",
            "1",
            "-o",
            "never-written-j.book",
        ],
        &["connect4", "book", "verify", "never-read.book"],
    ];
    for command in commands {
        for jobs in ["100000", "0", "257", "x"] {
            let mut args = command.to_vec();
            args.extend(["-j", jobs]);
            let (code, out, err) = run(&args, b"4453\n");
            assert_eq!(code, 2, "{args:?}: {err}");
            assert_eq!(out, "", "{args:?}");
            let first = err.lines().next().unwrap_or_default();
            assert_eq!(
                first,
                format!(
                    "error: invalid value '{jobs}' for '--jobs <JOBS>': threads `{jobs}` is not a whole number in 1..=256"
                ),
                "{args:?}"
            );
        }
    }
    assert!(!std::path::Path::new("never-written-j.book").exists());
    // At the cap: answered.
    let (code, out, err) = run(&["connect4", "solve", "-j", "256"], b"4453\n");
    assert_eq!((code, out.as_str()), (0, "4453 -2\n"), "{err}");
}

/// A depth of 0 was accepted by the command and refused by the API: both
/// now take 1 to 200, the library's one rule.
#[test]
fn a_depth_outside_1_to_200_is_refused_as_the_api_refuses_it() {
    let commands: [&[&str]; 3] = [
        &["bestmove", "tictactoe", "-"],
        &["bestmove", "santorini", "-"],
        &["santorini", "bestmove", "-p", "-"],
    ];
    for command in commands {
        for depth in ["0", "201", "1000000000"] {
            let mut args = command.to_vec();
            args.extend(["--depth", depth]);
            let (code, out, err) = run(&args, b"");
            assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
            assert!(
                err.contains(&format!(
                    "'{depth}' for '--depth <DEPTH>': depth `{depth}` is not a whole number in 1..=200"
                )),
                "{args:?}: {err}"
            );
        }
    }
    let (code, out, err) = run(&["bestmove", "tictactoe", "-", "--depth", "200"], b"");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("bestmove "), "{out}");
}

/// Santorini's marks must be true of the turn, and impossible positions are
/// refused, through the command as through the library.
#[test]
fn santorini_marks_and_positions_are_checked() {
    let minotaur = "0000000000000000000000000/1/minotaur:D3,A1/mortal:C4,E1";
    let (code, _, err) = run(
        &["legal", "santorini", minotaur, "--moves", "D3>C4(>A1)^D4"],
        b"",
    );
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "bitgames: error: move 1 (`D3>C4(>A1)^D4`): the mark `(>A1)` is not true of this turn: \
         the worker on C4 is pushed to B5\n"
    );
    let (code, out, err) = run(
        &["legal", "santorini", minotaur, "--moves", "D3>C4(>B5)^D4"],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("/2/minotaur:C4,A1/mortal:B5,E1"), "{out}");
    let (code, _, err) = run(
        &[
            "legal",
            "santorini",
            "0000000000030000000000000/1/mortal:B3,D3/mortal:C4,C2",
        ],
        b"",
    );
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "bitgames: error: bad Santorini position `0000000000030000000000000/1/mortal:B3,D3/mortal:C4,C2`: \
         player 1 is to move and stands on level 3 at B3: moving up onto level 3 wins, \
         and the winner is the player who just moved\n"
    );
}

/// The game names in messages were `tictactoe` here and `tic-tac-toe`
/// there: they are the registry's one way now.
#[test]
fn messages_name_each_game_one_way() {
    for (args, prose) in [
        (
            &["legal", "tictactoe", "55"][..],
            "bad tic-tac-toe position `55`",
        ),
        (
            &["tictactoe", "analyze", "55"],
            "bad tic-tac-toe position `55`",
        ),
        (
            &["legal", "connect4", "448"],
            "bad Connect Four position `448`",
        ),
        (
            &["connect4", "analyze", "448"],
            "bad Connect Four position `448`",
        ),
        (&["legal", "santorini", "x"], "bad Santorini position `x`"),
        (
            &["santorini", "bestmove", "-p", "x"],
            "bad Santorini position `x`",
        ),
    ] {
        let (code, _, err) = run(args, b"");
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(
            err.starts_with(&format!("bitgames: error: {prose}")),
            "{args:?}: {err}"
        );
    }
}
