//! What `bench-table` adds below Santorini's groups: the tutorial's
//! speed-ups to compare with, and the search's speed in nodes per second.

use crate::bench_table::{Row, median};
use bitgames::engine::Limits;
use bitgames::santorini::Position;
use bitgames::santorini::search::Engine;
use std::collections::BTreeMap;

/// The tutorial's reported speed-ups over its naive versions (Haskell).
const TUTORIAL: &str =
    "The tutorial (Haskell) reports about 25x for move-to (bitboard core) and 6x for distances.";

/// Below a table with Santorini's groups: the tutorial's speed-ups, and the
/// search's nodes per second from `santorini_search/depth5` when measured.
pub fn print_notes(groups: &BTreeMap<String, Vec<Row>>) {
    if !groups.keys().any(|g| g.starts_with("santorini")) {
        return;
    }
    println!();
    println!("{TUTORIAL}");
    if let Some(t) = median(groups, "santorini_search", "depth5") {
        let pos: Position = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2"
            .parse()
            .expect("the perft position");
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
}
