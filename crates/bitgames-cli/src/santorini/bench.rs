//! `bench-table`: the Santorini groups of `bitgames bench-table`, and the
//! search's speed in nodes per second.

use bitgames::engine::Limits;
use bitgames::santorini::Position;
use bitgames::santorini::search::Engine;
use std::process::ExitCode;

/// The tutorial's reported speed-ups over its naive versions (Haskell).
const TUTORIAL: &str =
    "The tutorial (Haskell) reports about 25x for move-to (bitboard core) and 6x for distances.";

pub(super) fn table(dir: &std::path::Path) -> anyhow::Result<ExitCode> {
    let groups = crate::bench_table::read(dir, &["santorini".to_string()])?;
    crate::bench_table::print(&groups);
    println!();
    println!("{TUTORIAL}");
    if let Some(t) = crate::bench_table::median(&groups, "santorini_search", "depth5") {
        let pos: Position = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2".parse()?;
        let nodes = Engine::default()
            .search(
                &pos,
                Limits {
                    depth: Some(5),
                    time: None,
                    ..Default::default()
                },
            )
            .nodes;
        println!(
            "Search to depth 5 from the perft position: {nodes} nodes in {}, {:.2} M nodes/s.",
            crate::format::human_ns(t),
            nodes as f64 / t * 1e3
        );
    }
    Ok(ExitCode::SUCCESS)
}
