//! `bench-table`: the benchmark table from criterion's results.

use bitgames::santorini::Position;
use bitgames::santorini::search::{Engine, Limits};
use std::process::ExitCode;

/// The median of one criterion benchmark, in nanoseconds.
fn median_ns(dir: &std::path::Path, group: &str, function: &str) -> anyhow::Result<f64> {
    let path = dir.join(group).join(function).join("new/estimates.json");
    let text = std::fs::read_to_string(&path).map_err(|e| {
        anyhow::anyhow!(
            "cannot read {}: {e} (run `cargo bench -p bitgames --bench santorini` first)",
            path.display()
        )
    })?;
    let v: serde_json::Value = serde_json::from_str(&text)?;
    v["median"]["point_estimate"]
        .as_f64()
        .ok_or_else(|| anyhow::anyhow!("{}: no median", path.display()))
}

pub(super) fn table(dir: &std::path::Path) -> anyhow::Result<ExitCode> {
    let m = |g: &str, f: &str| median_ns(dir, g, f);
    println!("| benchmark | median | per instance | speed-up over naive | tutorial (Haskell) |");
    println!("|---|---|---|---|---|");
    let naive = m("santorini_move_to", "naive")?;
    for (f, label, tutorial) in [
        ("naive", "move-to, naive (100,000 instances)", "1x"),
        (
            "bitboard_incl_conversions",
            "move-to, bitboard incl. conversions",
            "-",
        ),
        ("bitboard_core", "move-to, bitboard core", "~25x"),
    ] {
        let t = m("santorini_move_to", f)?;
        println!(
            "| {label} | {} | {} | {:.1}x | {tutorial} |",
            crate::format::human_ns(t),
            crate::format::human_ns(t / 100_000.0),
            naive / t
        );
    }
    let naive = m("santorini_distances", "naive")?;
    for (f, label, tutorial) in [
        ("naive", "distances, naive (10,000 instances)", "1x"),
        ("bitboard", "distances, bitboard", "~6x"),
    ] {
        let t = m("santorini_distances", f)?;
        println!(
            "| {label} | {} | {} | {:.1}x | {tutorial} |",
            crate::format::human_ns(t),
            crate::format::human_ns(t / 10_000.0),
            naive / t
        );
    }
    println!();
    println!("| game benchmark (one core) | median | speed | speed-up over naive |");
    println!("|---|---|---|---|");
    let naive = m("santorini_perft3", "naive")?;
    for (f, label) in [
        ("naive", "perft 3, naive generator"),
        ("bitboard", "perft 3, bitboard"),
    ] {
        let t = m("santorini_perft3", f)?;
        println!(
            "| {label} (350,208 leaves) | {} | {:.1} M leaves/s | {:.1}x |",
            crate::format::human_ns(t),
            350_208.0 / t * 1e3,
            naive / t
        );
    }
    let t = m("santorini_search", "depth5")?;
    let pos: Position = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2".parse()?;
    let nodes = Engine::default()
        .search(
            &pos,
            Limits {
                depth: Some(5),
                time: None,
            },
        )
        .nodes;
    println!(
        "| search depth 5 ({nodes} nodes) | {} | {:.2} M nodes/s | |",
        crate::format::human_ns(t),
        nodes as f64 / t * 1e3
    );
    Ok(ExitCode::SUCCESS)
}
