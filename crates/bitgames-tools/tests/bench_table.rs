//! `bitgames-tools bench-table`: one table of criterion's results for every
//! game, with Santorini's notes below Santorini's groups.

use assert_cmd::Command;
use std::path::Path;

/// A criterion result folder: `group/function/new/` with a median (ns).
fn result(root: &Path, group: &str, function: &str, median_ns: f64) {
    let dir = root.join(group).join(function).join("new");
    std::fs::create_dir_all(&dir).unwrap();
    let bench = format!(r#"{{"group_id":"{group}","function_id":"{function}","throughput":null}}"#);
    std::fs::write(dir.join("benchmark.json"), bench).unwrap();
    let estimates = format!(r#"{{"median":{{"point_estimate":{median_ns}}}}}"#);
    std::fs::write(dir.join("estimates.json"), estimates).unwrap();
}

fn table(root: &Path, groups: &[&str]) -> String {
    let out = Command::cargo_bin("bitgames-tools")
        .unwrap()
        .arg("bench-table")
        .args(groups)
        .arg("--criterion")
        .arg(root)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn santorini_groups_get_the_search_speed_and_other_games_do_not() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-table");
    let _ = std::fs::remove_dir_all(&root);
    result(&root, "santorini_search", "depth5", 2_000_000.0);
    result(&root, "tictactoe-win", "naive", 400.0);
    result(&root, "tictactoe-win", "masks", 100.0);
    let ttt = table(&root, &["tictactoe"]);
    assert!(
        ttt.contains("| tictactoe-win | masks | 100.00 ns | - | 4.0x |"),
        "{ttt}"
    );
    assert!(!ttt.contains("santorini"), "{ttt}");
    assert!(!ttt.contains("nodes/s"), "{ttt}");
    let sant = table(&root, &["santorini"]);
    assert!(
        sant.contains("| santorini_search | depth5 | 2.00 ms | - | - |"),
        "{sant}"
    );
    assert!(
        sant.contains("The tutorial (Haskell) reports about 25x"),
        "{sant}"
    );
    // The nodes are the engine's own count of this search: nodes / 2 ms.
    let line = sant
        .lines()
        .find(|l| l.starts_with("Search to depth 5 from the perft position: "))
        .unwrap_or_else(|| panic!("{sant}"));
    let nodes: f64 = line["Search to depth 5 from the perft position: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(nodes > 0.0, "{line}");
    assert!(
        line.ends_with(&format!("{:.2} M nodes/s.", nodes / 2_000_000.0 * 1e3)),
        "{line}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}
