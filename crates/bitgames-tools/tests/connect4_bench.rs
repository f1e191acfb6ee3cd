//! `bitgames-tools connect4 bench`: the tutorial's table on Pons' test sets,
//! the same search over both representations, and its options refused.

use assert_cmd::Command;
use predicates::prelude::*;

fn tools() -> Command {
    Command::cargo_bin("bitgames-tools").unwrap()
}

fn data(name: &str) -> String {
    format!("{}/../../data/connect4/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn bench_prints_the_tutorials_table_and_the_same_search_over_both_representations() {
    tools()
        .args([
            "connect4", "bench", "--sets", "End-Easy", "--limit", "50", "--data",
        ])
        .arg(data(""))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "| End-Easy (Test_L3_R1) | 50 | strong |",
        ))
        .stdout(predicate::str::contains(
            "| End-Easy (Test_L3_R1) | 50 | weak |",
        ));
    let out = tools()
        .args(["connect4", "bench", "--naive", "5", "--data"])
        .arg(data(""))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let nodes: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("| naive") || l.starts_with("| bitboard"))
        .map(|l| l.split('|').nth(3).unwrap().trim())
        .collect();
    assert_eq!(nodes.len(), 2, "{text}");
    assert_eq!(nodes[0], nodes[1], "same nodes: {text}");
}

#[test]
fn bench_refuses_a_table_size_out_of_range_in_one_line() {
    for size in ["33", "100", "3"] {
        tools()
            .args(["connect4", "bench", "--table-log2", size, "--limit", "1"])
            .assert()
            .code(1)
            .stdout("")
            .stderr(format!(
                "bitgames-tools: error: --table-log2 {size}: a table of 2^{size} buckets is \
                 outside the sizes allowed, 2^4..=2^32 buckets (16 bytes each, 64 GiB at most)\n"
            ));
    }
}
