//! One Santorini search from a position, to a fixed depth or for a fixed
//! time, for measuring the engine (instructions per node under callgrind,
//! the depth reached in a second):
//!
//! ```text
//! cargo run --release -p bitgames --example santorini_search -- FEN 9
//! cargo run --release -p bitgames --example santorini_search -- FEN 1s
//! ```
//!
//! Prints the depth reached, the nodes, the best move, the score and the
//! time taken.

use bitgames::engine::Limits;
use bitgames::santorini::Position;
use bitgames::santorini::search::Engine;
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [fen, limit] = args.as_slice() else {
        eprintln!("usage: santorini_search FEN DEPTH|SECONDSs");
        std::process::exit(2);
    };
    let pos: Position = match fen.parse() {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("not a position: {e}");
            std::process::exit(2);
        }
    };
    let limits = match limit.strip_suffix('s') {
        Some(secs) => Limits::time(Duration::from_secs_f64(secs.parse().expect("seconds"))),
        None => Limits {
            depth: Some(limit.parse().expect("a depth")),
            ..Limits::default()
        },
    };
    let report = Engine::default().search(&pos, limits);
    let best = report
        .best
        .map_or_else(|| "-".to_string(), |m| m.to_string());
    println!(
        "depth {} nodes {} best {} score {} time {:.3}s",
        report.depth,
        report.nodes,
        best,
        report.score_text,
        report.elapsed.as_secs_f64()
    );
}
