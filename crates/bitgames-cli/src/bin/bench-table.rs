//! Prints the criterion results as a table: median time per iteration and per
//! element, and the speed-up over the naive twin of the same group.
//!
//! Usage: `cargo run --release --bin bench-table -- [GROUP-PREFIX...]` after
//! `cargo bench`. Reads `target/criterion/**/new/{benchmark,estimates}.json`
//! (or the folder in `CRITERION_DIR`); a group's baseline is its `naive` entry.

// The table formats of the `bitgames` command (`human_secs` is its alone).
#[path = "../format.rs"]
#[allow(dead_code)]
mod format;

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

struct Row {
    function: String,
    median_ns: f64,
    elements: Option<f64>,
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n == "new") {
                if path.join("benchmark.json").exists() {
                    out.push(path);
                }
            } else {
                collect(&path, out);
            }
        }
    }
}

fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

fn main() -> ExitCode {
    let prefixes: Vec<String> = std::env::args().skip(1).collect();
    let root = std::env::var_os("CRITERION_DIR").map_or_else(
        || {
            // The workspace target folder, wherever the command runs from.
            let here = Path::new(env!("CARGO_MANIFEST_DIR"));
            here.join("../../target/criterion")
        },
        PathBuf::from,
    );
    let mut dirs = Vec::new();
    collect(&root, &mut dirs);
    let mut groups: BTreeMap<String, Vec<Row>> = BTreeMap::new();
    for dir in dirs {
        let (Some(bench), Some(est)) = (
            read_json(&dir.join("benchmark.json")),
            read_json(&dir.join("estimates.json")),
        ) else {
            continue;
        };
        let group = bench["group_id"].as_str().unwrap_or("").to_string();
        if !prefixes.is_empty() && !prefixes.iter().any(|p| group.starts_with(p.as_str())) {
            continue;
        }
        let mut function = bench["function_id"]
            .as_str()
            .map(str::to_string)
            .unwrap_or_default();
        if let Some(v) = bench["value_str"].as_str() {
            if function.is_empty() {
                function = v.to_string();
            } else {
                function = format!("{function}/{v}");
            }
        }
        let Some(median_ns) = est["median"]["point_estimate"].as_f64() else {
            continue;
        };
        let elements = bench["throughput"]["Elements"].as_f64();
        groups.entry(group).or_default().push(Row {
            function,
            median_ns,
            elements,
        });
    }
    if groups.is_empty() {
        eprintln!(
            "bench-table: no criterion results under {} (run `cargo bench` first)",
            root.display()
        );
        return ExitCode::FAILURE;
    }
    println!("| group | variant | median / iteration | median / element | speed-up vs naive |");
    println!("|---|---|---:|---:|---:|");
    for (group, mut rows) in groups {
        rows.sort_by(|a, b| b.median_ns.total_cmp(&a.median_ns));
        let naive = rows
            .iter()
            .find(|r| r.function == "naive" || r.function.ends_with("/naive"))
            .map(|r| r.median_ns);
        for r in &rows {
            let per = r
                .elements
                .map_or("-".to_string(), |n| format::human_ns(r.median_ns / n));
            let ratio = naive.map_or("-".to_string(), |n| format!("{:.1}x", n / r.median_ns));
            println!(
                "| {group} | {} | {} | {per} | {ratio} |",
                r.function,
                format::human_ns(r.median_ns)
            );
        }
    }
    ExitCode::SUCCESS
}
