//! `nodes`: node counts and times of the default engine's searches of a
//! set of positions to a fixed depth (or for a fixed time each), one row an
//! evaluation: the built-in network's, or each `--net` file's (the first
//! row is the reference the others' moves are compared with).

use crate::data::{load_net, parse_record, read_text};
use crate::parse;
use anyhow::Context;
use bitgames::Game;
use bitgames::engine::Limits;
use bitgames::santorini::search::Engine;
use bitgames::santorini::{Move, Position};
use bitgames::tools::negamax::WIN_SCORE;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// The depth of each search (`8`), or a time per position (`500ms`).
    #[arg(value_name = "DEPTH", value_parser = parse::limits)]
    limits: Limits,
    /// The positions: one FEN a line, or JSON lines: a finished game (its
    /// positions after 8, 16 and 24 plies), or `{"start": FEN, "moves":
    /// [...]}` without `winner` (the position after the moves).
    positions: String,
    /// Search with the network in this file instead of the built-in one;
    /// repeat for a row each.
    #[arg(long, value_name = "FILE")]
    net: Vec<String>,
    /// Print each position's depth, nodes and score.
    #[arg(long, short)]
    verbose: bool,
    /// Write the positions to this file, one FEN a line (to give the same
    /// positions to another engine).
    #[arg(long, value_name = "FILE")]
    write_fens: Option<PathBuf>,
}

/// The positions of a file (see [`Args::positions`]).
fn positions(file: &str) -> anyhow::Result<Vec<Position>> {
    let text = read_text(file)?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        let at = || format!("{file}:{}", n + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if !line.starts_with('{') {
            let pos = line
                .parse()
                .map_err(|e| anyhow::anyhow!("{}: not a position: {e}", at()))?;
            out.push(pos);
            continue;
        }
        let record = parse_record(line).map_err(|e| anyhow::anyhow!("{}: {e}", at()))?;
        let (before, last) = record
            .positions()
            .map_err(|e| anyhow::anyhow!("{}: {e}", at()))?;
        if record.finished {
            // A finished game: three of its positions.
            out.extend(
                [8, 16, 24]
                    .into_iter()
                    .filter_map(|ply| before.get(ply))
                    .filter(|pos| !pos.outcome().is_over()),
            );
        } else {
            out.push(last);
        }
    }
    if out.is_empty() {
        anyhow::bail!("{file}: no positions");
    }
    Ok(out)
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let set = positions(&args.positions)?;
    if let Some(file) = &args.write_fens {
        let text: String = set.iter().map(|p| format!("{p}\n")).collect();
        std::fs::write(file, text).with_context(|| format!("cannot write {}", file.display()))?;
    }
    let mut rows = vec![("default".to_string(), None)];
    if !args.net.is_empty() {
        rows = args
            .net
            .iter()
            .map(|name| Ok((name.clone(), Some(load_net(name)?))))
            .collect::<anyhow::Result<_>>()?;
    }
    let limit = match args.limits {
        Limits { depth: Some(d), .. } => format!("depth {d}"),
        Limits { time: Some(t), .. } => format!("{:.3} s a position", t.as_secs_f64()),
        _ => String::new(),
    };
    println!("{} positions of {}, {limit}", set.len(), args.positions);
    println!("| evaluation | nodes | median nodes | time | nodes/s | same move | won or lost |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut reference: Vec<Option<Move>> = Vec::new();
    for (name, net) in rows {
        let started = Instant::now();
        let (mut moves, mut each) = (Vec::new(), Vec::new());
        let mut forced = 0;
        for pos in &set {
            let mut engine = Engine::default();
            if let Some(net) = &net {
                engine = engine.with_net(net.clone());
            }
            let r = engine.search(pos, args.limits);
            each.push(r.nodes);
            forced += usize::from(r.score.unwrap_or(0).abs() >= WIN_SCORE - 1_000);
            moves.push(r.best);
            if args.verbose {
                println!(
                    "{pos} {name}: depth {} nodes {} score {}",
                    r.depth,
                    r.nodes,
                    r.score.unwrap_or(0)
                );
            }
        }
        let secs = started.elapsed().as_secs_f64();
        let nodes: u64 = each.iter().sum();
        each.sort_unstable();
        let median = each[each.len() / 2];
        if reference.is_empty() {
            reference = moves.clone();
        }
        let same = moves.iter().zip(&reference).filter(|(a, b)| a == b).count();
        println!(
            "| {name} | {nodes} | {median} | {secs:.2} s | {:.2} M | {same}/{} | {forced} |",
            nodes as f64 / secs.max(1e-9) / 1e6,
            set.len()
        );
    }
    Ok(())
}
