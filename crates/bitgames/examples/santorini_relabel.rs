//! Deeper labels for the network's training positions, in resumable chunks:
//! every quiet position of the finished games in the files (as
//! `santorini_train` takes them) searched to a fixed depth by the default
//! engine, each game's positions in order with one engine (its table warm
//! from the previous move, as in a game), every core.
//!
//! `cargo run --release -p bitgames --example santorini_relabel -- DIR DEPTH GAMES.jsonl...`
//!
//! The games are cut into chunks of `CHUNK` games (default 500) in file
//! order; chunk `k` is written to `DIR/chunkK.txt.gz` (lines `FEN DEPTH
//! SCORE`, the score for the player to move, `santorini_train`'s
//! `SCORE_CACHE` form) once complete, so a chunk already there is skipped
//! and an interrupted one is searched again. `CHUNKS=N` stops after N new
//! chunks. `santorini_train` reads the chunks with `RELABEL=DIR`. The
//! search is deterministic (one thread a game, a fresh engine a game), so
//! the same files and depth give the same chunks.

use bitgames::engine::Limits;
use bitgames::santorini::search::Engine;
use rayon::prelude::*;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

#[path = "common/santorini_data.rs"]
mod santorini_data;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: santorini_relabel DIR DEPTH GAMES.jsonl...");
        std::process::exit(2);
    }
    let dir = std::path::PathBuf::from(&args[0]);
    let depth: u32 = match args[1].parse() {
        Ok(d) if (1..=30).contains(&d) => d,
        _ => {
            eprintln!("DEPTH `{}` is not a depth from 1 to 30", args[1]);
            std::process::exit(2);
        }
    };
    let env = |name: &str, default: usize| {
        std::env::var(name).map_or(default, |v| {
            v.parse().unwrap_or_else(|_| {
                eprintln!("{name}=`{v}` is not a whole number");
                std::process::exit(2);
            })
        })
    };
    let chunk = env("CHUNK", 500).max(1);
    let max_new = env("CHUNKS", usize::MAX);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let (quiet, games) = santorini_data::quiet_positions(&args[2..]);
    // The positions of game g (from 1) are consecutive: their range.
    let mut bounds = vec![(0usize, 0usize); games + 1];
    for (i, q) in quiet.iter().enumerate() {
        if bounds[q.game].1 == 0 {
            bounds[q.game].0 = i;
        }
        bounds[q.game].1 = i + 1;
    }
    let chunks = games.div_ceil(chunk);
    eprintln!(
        "{games} games, {} quiet positions, {chunks} chunks of {chunk} games, depth {depth}",
        quiet.len()
    );
    let mut new = 0;
    for k in 0..chunks {
        let file = dir.join(format!("chunk{k:04}.txt.gz"));
        if file.exists() {
            continue;
        }
        if new == max_new {
            break;
        }
        let started = Instant::now();
        let first = k * chunk + 1;
        let last = ((k + 1) * chunk).min(games);
        let total: usize = (first..=last).map(|g| bounds[g].1 - bounds[g].0).sum();
        let done = AtomicUsize::new(0);
        let nodes = AtomicUsize::new(0);
        let lines: Vec<Vec<String>> = (first..=last)
            .into_par_iter()
            .map(|g| {
                let mut engine = Engine::new(1 << 18);
                let (from, to) = bounds[g];
                let mut out = Vec::with_capacity(to - from);
                for q in &quiet[from..to] {
                    let report = engine.search(
                        &q.pos,
                        Limits {
                            depth: Some(depth),
                            time: None,
                        },
                    );
                    nodes.fetch_add(report.nodes as usize, Ordering::Relaxed);
                    out.push(format!("{} {depth} {}", q.pos, report.score.unwrap_or(0)));
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if n.is_multiple_of(2_000) {
                        let secs = started.elapsed().as_secs_f64();
                        eprintln!(
                            "chunk {k}: {n}/{total} positions, {:.0} s, about {:.0} s to go",
                            secs,
                            secs * (total - n) as f64 / n as f64
                        );
                    }
                }
                out
            })
            .collect();
        // Written whole, then renamed: a chunk file is there only if complete.
        let partial = dir.join(format!("chunk{k:04}.partial.gz"));
        let mut gzip = std::process::Command::new("gzip")
            .arg("-9")
            .stdin(std::process::Stdio::piped())
            .stdout(std::fs::File::create(&partial).unwrap_or_else(|e| {
                panic!("{}: {e}", partial.display());
            }))
            .spawn()
            .expect("gzip");
        {
            let mut input = gzip.stdin.take().expect("gzip's input");
            for line in lines.iter().flatten() {
                writeln!(input, "{line}").expect("gzip's input");
            }
        }
        assert!(gzip.wait().expect("gzip").success(), "gzip failed");
        std::fs::rename(&partial, &file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let secs = started.elapsed().as_secs_f64();
        eprintln!(
            "chunk {k} (games {first}-{last}): {total} positions in {secs:.0} s, {:.0} k nodes a position, {:.2} M nodes/s, written to {}",
            nodes.load(Ordering::Relaxed) as f64 / total.max(1) as f64 / 1e3,
            nodes.load(Ordering::Relaxed) as f64 / secs / 1e6,
            file.display()
        );
        new += 1;
    }
}
