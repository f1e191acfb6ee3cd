//! Node counts and times of fixed-depth searches over a set of positions,
//! one row per set of search refinements: how much a refinement shrinks the
//! tree, beside what it costs, and how often it changes the move.
//!
//! `cargo run --release -p bitgames --example santorini_nodes -- DEPTH POSITIONS OPTIONS...`
//! (DEPTH may be a time a position instead: `500ms`)
//! where POSITIONS is a file of positions (one per line, our FEN) or a
//! referee `--json` file (its games' positions after 8, 16 and 24 plies),
//! and each OPTIONS is an [`Options`] text (`default`, `default,history`, ...).
//! An OPTIONS may end in `;name=value,...`: search [`Params`].
//! The first OPTIONS is the reference the others' moves are compared with.
//! `VERBOSE=1` prints each position's depth, nodes and score.
//! `WRITE_FENS=FILE` writes the positions to FILE, one FEN a line (to
//! give the same positions to another engine). `NET=FILE` searches with the
//! network in FILE instead of the built-in one.

use bitgames::Game;
use bitgames::engine::Limits;
use bitgames::santorini::net::Net;
use bitgames::santorini::search::{Engine, Options, Params, WIN_SCORE};
use bitgames::santorini::{Move, Position};
use std::time::Instant;

/// The positions of a file: FEN lines, or JSON lines: a referee game
/// (its positions after 8, 16 and 24 plies), or `{"start": FEN, "moves":
/// [...]}` without a `winner` (the position after the moves).
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
        // A finished game: three of its positions; else the position after its moves.
        let game = g.get("winner").is_some();
        for (ply, mv) in g["moves"].as_array().unwrap().iter().enumerate() {
            if game && [8, 16, 24].contains(&ply) && !pos.outcome().is_over() {
                out.push(pos);
            }
            let mv: Move = mv.as_str().unwrap().parse().unwrap();
            pos.play(mv).unwrap();
        }
        if !game {
            out.push(pos);
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
    // A depth, or a time per position such as `500ms`.
    let limits = match args[0].strip_suffix("ms") {
        Some(ms) => Limits {
            depth: None,
            time: Some(std::time::Duration::from_millis(
                ms.parse().expect("DEPTH or TIMEms"),
            )),
        },
        None => Limits {
            depth: Some(args[0].parse().expect("DEPTH or TIMEms")),
            time: None,
        },
    };
    let depth = &args[0];
    let set = positions(&args[1]);
    if let Ok(file) = std::env::var("WRITE_FENS") {
        let text: String = set.iter().map(|p| format!("{p}\n")).collect();
        std::fs::write(&file, text).unwrap_or_else(|e| panic!("{file}: {e}"));
    }
    let mut reference: Vec<Option<Move>> = Vec::new();
    println!(
        "{} positions, depth or time {depth}\n| options | nodes | median nodes | time | nodes/s | same move | won or lost |\n|---|---:|---:|---:|---:|---:|---:|",
        set.len()
    );
    let verbose = std::env::var("VERBOSE").is_ok();
    let net = std::env::var("NET").ok().map(|file| {
        let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("NET={file}: {e}"));
        std::sync::Arc::new(Net::from_bytes(&bytes).unwrap_or_else(|e| panic!("NET={file}: {e}")))
    });
    for text in &args[2..] {
        let (opts, params) = text.split_once(';').unwrap_or((text, ""));
        let options: Options = opts.parse().unwrap_or_else(|e| panic!("{e}"));
        let params: Params = params.parse().unwrap_or_else(|e| panic!("{e}"));
        let (mut nodes, mut same) = (0u64, 0usize);
        let started = Instant::now();
        let mut moves = Vec::new();
        let mut each = Vec::new();
        let mut forced = 0;
        for pos in &set {
            let mut engine = Engine::default().with_options(options).with_params(params);
            if let Some(net) = &net {
                engine = engine.with_net(net.clone());
            }
            let r = engine.search(pos, limits);
            nodes += r.nodes;
            each.push(r.nodes);
            forced += usize::from(r.score.unwrap_or(0).abs() >= WIN_SCORE - 1_000);
            moves.push(r.best);
            if verbose {
                println!(
                    "{pos} {text}: depth {} nodes {} score {}",
                    r.depth,
                    r.nodes,
                    r.score.unwrap_or(0)
                );
            }
        }
        let secs = started.elapsed().as_secs_f64();
        each.sort_unstable();
        let median = each[each.len() / 2];
        if reference.is_empty() {
            reference = moves.clone();
        }
        same += moves.iter().zip(&reference).filter(|(a, b)| a == b).count();
        println!(
            "| {text} | {nodes} | {median} | {secs:.2} s | {:.2} M | {same}/{} | {forced} |",
            nodes as f64 / secs / 1e6,
            set.len()
        );
    }
}
