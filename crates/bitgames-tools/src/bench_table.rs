//! `bitgames-tools bench-table`: the one printer of criterion's results, for every
//! game's benchmarks: the median time per iteration and per element, and the
//! speed-up over the group's naive twin, measured side by side in one run.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One benchmark of a group: its median time per iteration.
#[derive(Debug)]
pub struct Row {
    /// The function (and parameter) within the group.
    pub function: String,
    /// The median time of one iteration, in nanoseconds.
    pub median_ns: f64,
    /// The elements of one iteration (criterion's throughput), if given.
    pub elements: Option<f64>,
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

/// The benchmark groups under `root` (criterion's folder) whose names start
/// with one of `prefixes` (all for none), each with its rows.
pub fn read(root: &Path, prefixes: &[String]) -> anyhow::Result<BTreeMap<String, Vec<Row>>> {
    let mut dirs = Vec::new();
    collect(root, &mut dirs);
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
        let wanted = if prefixes.is_empty() {
            String::new()
        } else {
            format!(" of groups starting with {}", prefixes.join(", "))
        };
        anyhow::bail!(
            "no criterion results{wanted} under {} (run `cargo bench -p bitgames-bench` first)",
            root.display()
        );
    }
    Ok(groups)
}

/// The median of `function` in `group`, in nanoseconds.
#[must_use]
pub fn median(groups: &BTreeMap<String, Vec<Row>>, group: &str, function: &str) -> Option<f64> {
    groups
        .get(group)?
        .iter()
        .find(|r| r.function == function)
        .map(|r| r.median_ns)
}

/// Prints the table of `groups`: slowest first within a group, with the
/// speed-up over its `naive` entry.
pub fn print(groups: &BTreeMap<String, Vec<Row>>) {
    println!("| group | variant | median / iteration | median / element | speed-up vs naive |");
    println!("|---|---|---:|---:|---:|");
    for (group, rows) in groups {
        let mut rows: Vec<&Row> = rows.iter().collect();
        rows.sort_by(|a, b| b.median_ns.total_cmp(&a.median_ns));
        let naive = rows
            .iter()
            .find(|r| r.function == "naive" || r.function.ends_with("/naive"))
            .map(|r| r.median_ns);
        for r in rows {
            let per = r.elements.map_or("-".to_string(), |n| {
                crate::format::human_ns(r.median_ns / n)
            });
            let ratio = naive.map_or("-".to_string(), |n| format!("{:.1}x", n / r.median_ns));
            println!(
                "| {group} | {} | {} | {per} | {ratio} |",
                r.function,
                crate::format::human_ns(r.median_ns)
            );
        }
    }
}

/// The folder criterion writes to: `$CRITERION_DIR`, else `target/criterion`.
#[must_use]
pub fn default_dir() -> PathBuf {
    std::env::var_os("CRITERION_DIR")
        .map_or_else(|| PathBuf::from("target/criterion"), PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, group: &str, function: &str, median: f64, elements: Option<f64>) {
        let dir = root.join(group).join(function).join("new");
        std::fs::create_dir_all(&dir).unwrap();
        let throughput = elements.map_or(Value::Null, |n| serde_json::json!({ "Elements": n }));
        std::fs::write(
            dir.join("benchmark.json"),
            serde_json::json!({ "group_id": group, "function_id": function, "throughput": throughput }).to_string(),
        )
        .unwrap();
        std::fs::write(
            dir.join("estimates.json"),
            serde_json::json!({ "median": { "point_estimate": median } }).to_string(),
        )
        .unwrap();
    }

    #[test]
    fn groups_are_read_filtered_and_missing_results_are_an_error() {
        let root = std::env::temp_dir().join(format!("bench-table-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        write(&root, "c4_win", "naive", 4000.0, Some(100.0));
        write(&root, "c4_win", "bitboard", 500.0, Some(100.0));
        write(&root, "ttt_win", "naive", 10.0, None);
        let groups = read(&root, &["c4".to_string()]).unwrap();
        assert_eq!(groups.keys().collect::<Vec<_>>(), ["c4_win"]);
        assert_eq!(median(&groups, "c4_win", "bitboard"), Some(500.0));
        assert_eq!(median(&groups, "c4_win", "masks"), None);
        let err = read(&root, &["santorini".to_string()])
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("no criterion results of groups starting with santorini under "),
            "{err}"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
