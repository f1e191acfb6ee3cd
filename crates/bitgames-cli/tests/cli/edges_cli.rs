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
    let commands: [&[&str]; 5] = [
        &["connect4", "analyze", "44"],
        &["connect4", "solve"],
        &["connect4", "sizes", "--boards", "4x4", "--report-only"],
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
