//! `relabel`: deeper labels for the network's training positions, in
//! resumable chunks: every quiet position of the finished games in the
//! files (as `train` takes them) searched to a fixed depth by the default
//! engine, each game's positions in order with one engine (its table warm
//! from the previous move, as in a game), every core.
//!
//! The games are cut into chunks of `--chunk` games in file order; chunk
//! `k` is written to `DIR/chunkK.txt.gz` (lines `FEN DEPTH SCORE`, the score
//! for the player to move) once complete, so a chunk already there is
//! skipped and an interrupted one is searched again. `train --relabel DIR`
//! reads them. The search is deterministic (one thread a game, a fresh
//! engine a game), so the same files and depth give the same chunks.

use crate::data::quiet_positions;
use crate::parse;
use anyhow::{Context, bail};
use bitgames::engine::Limits;
use bitgames::santorini::search::Engine;
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// The directory of the chunks (created if missing).
    dir: PathBuf,
    /// The search depth.
    #[arg(value_parser = parse::depth)]
    depth: u32,
    /// Game files, as `train` reads them.
    #[arg(required = true, value_name = "GAMES")]
    games: Vec<String>,
    /// Games a chunk.
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u32).range(1..))]
    chunk: u32,
    /// Stop after this many new chunks.
    #[arg(long, value_name = "N")]
    chunks: Option<usize>,
}

/// Writes the lines through `gzip -9` to `partial`, whole, then renames it
/// `file`: a chunk file is there only if complete.
fn write_gzipped(partial: &Path, file: &Path, lines: &[String]) -> anyhow::Result<()> {
    let target = std::fs::File::create(partial)
        .with_context(|| format!("cannot create {}", partial.display()))?;
    let mut gzip = Command::new("gzip")
        .arg("-9")
        .stdin(Stdio::piped())
        .stdout(target)
        .spawn()
        .context("cannot run gzip")?;
    {
        let mut input = std::io::BufWriter::new(gzip.stdin.take().context("gzip's input")?);
        for line in lines {
            writeln!(input, "{line}").context("cannot write to gzip")?;
        }
        input.flush().context("cannot write to gzip")?;
    }
    let status = gzip.wait().context("gzip")?;
    if !status.success() {
        bail!("gzip -9 > {}: {status}", partial.display());
    }
    std::fs::rename(partial, file)
        .with_context(|| format!("cannot rename {} to {}", partial.display(), file.display()))
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let (dir, depth) = (&args.dir, args.depth);
    let chunk = args.chunk as usize;
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let (quiet, games) = quiet_positions(&args.games)?;
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
        if Some(new) == args.chunks {
            break;
        }
        let started = Instant::now();
        let first = k * chunk + 1;
        let last = ((k + 1) * chunk).min(games);
        let total: usize = (first..=last).map(|g| bounds[g].1 - bounds[g].0).sum();
        let done = AtomicUsize::new(0);
        let nodes = AtomicUsize::new(0);
        let lines: Vec<String> = (first..=last)
            .into_par_iter()
            .flat_map_iter(|g| {
                let mut engine = Engine::new(1 << 18);
                let (from, to) = bounds[g];
                let mut out = Vec::with_capacity(to - from);
                for q in &quiet[from..to] {
                    let report = engine.search(&q.pos, Limits::depth(depth));
                    nodes.fetch_add(report.nodes as usize, Ordering::Relaxed);
                    out.push(format!("{} {depth} {}", q.pos, report.score.unwrap_or(0)));
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if n.is_multiple_of(2_000) {
                        let secs = started.elapsed().as_secs_f64();
                        eprintln!(
                            "chunk {k}: {n}/{total} positions, {secs:.0} s, about {:.0} s to go",
                            secs * (total - n) as f64 / n as f64
                        );
                    }
                }
                out
            })
            .collect();
        let partial = dir.join(format!("chunk{k:04}.partial.gz"));
        write_gzipped(&partial, &file, &lines)?;
        let secs = started.elapsed().as_secs_f64();
        let nodes = nodes.load(Ordering::Relaxed) as f64;
        eprintln!(
            "chunk {k} (games {first}-{last}): {total} positions in {secs:.0} s, {:.0} k nodes a \
             position, {:.2} M nodes/s, written to {}",
            nodes / total.max(1) as f64 / 1e3,
            nodes / secs / 1e6,
            file.display()
        );
        new += 1;
    }
    Ok(())
}
