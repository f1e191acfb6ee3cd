//! Node counts and times of fixed-depth searches over a set of positions,
//! one row per set of search refinements: how much a refinement shrinks the
//! tree, beside what it costs, and how often it changes the move.
//!
//! `cargo run --release -p bitgames --example santorini_nodes -- DEPTH POSITIONS OPTIONS...`
//! where POSITIONS is a file of positions (one per line, our FEN) or a
//! referee `--json` file (its games' positions after 8, 16 and 24 plies),
//! and each OPTIONS is an [`Options`] text (`default`, `default,history`, ...).
//! The first OPTIONS is the reference the others' moves are compared with.

use bitgames::Game;
use bitgames::santorini::search::{Engine, Limits, Options};
use bitgames::santorini::{Move, Position};
use std::time::Instant;

/// The positions of a file: FEN lines, or the referee's JSON lines.
fn positions(file: &str) -> Vec<Position> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if !line.starts_with('{') {
            out.push(
                line.parse()
                    .unwrap_or_else(|e| panic!("{file}:{}: {e}", n + 1)),
            );
            continue;
        }
        let g: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let mut pos: Position = g["start"].as_str().unwrap().parse().unwrap();
        for (ply, mv) in g["moves"].as_array().unwrap().iter().enumerate() {
            if [8, 16, 24].contains(&ply) && !pos.outcome().is_over() {
                out.push(pos);
            }
            let mv: Move = mv.as_str().unwrap().parse().unwrap();
            pos.play(mv).unwrap();
        }
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: santorini_nodes DEPTH POSITIONS OPTIONS...");
        std::process::exit(2);
    }
    let depth: u32 = args[0].parse().expect("DEPTH");
    let set = positions(&args[1]);
    let limits = Limits {
        depth: Some(depth),
        time: None,
    };
    let mut reference: Vec<Option<Move>> = Vec::new();
    println!(
        "{} positions, depth {depth}\n| options | nodes | time | nodes/s | same move |\n|---|---:|---:|---:|---:|",
        set.len()
    );
    for text in &args[2..] {
        let options: Options = text.parse().unwrap_or_else(|e| panic!("{e}"));
        let (mut nodes, mut same) = (0u64, 0usize);
        let started = Instant::now();
        let mut moves = Vec::new();
        for pos in &set {
            let mut engine = Engine::default().with_options(options);
            let r = engine.search(pos, limits);
            nodes += r.nodes;
            moves.push(r.best);
        }
        let secs = started.elapsed().as_secs_f64();
        if reference.is_empty() {
            reference = moves.clone();
        }
        same += moves.iter().zip(&reference).filter(|(a, b)| a == b).count();
        println!(
            "| {text} | {nodes} | {secs:.2} s | {:.2} M | {same}/{} |",
            nodes as f64 / secs / 1e6,
            set.len()
        );
    }
}
