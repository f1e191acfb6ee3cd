//! `bitgames connect4 count`: perft and distinct positions by ply, on both cores.

use super::Size;
use bitgames::Game;
use bitgames::connect4::Position;
use bitgames::connect4::grid::from_key;
use bitgames::tools::perft_by_depth;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Count up to this many plies (moves). On 7x6, ply 9 takes about a
    /// second; each ply more about 5x longer (perft) and 3x more memory (positions).
    #[arg(long, default_value_t = 8)]
    plies: u32,
    #[command(flatten)]
    size: Size,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let geometry = args.size.geometry()?;
    if args.plies as usize > geometry.cells() {
        anyhow::bail!(
            "--plies {} is more than the {} cells of a {geometry} board",
            args.plies,
            geometry.cells()
        );
    }
    let start = Position::new(geometry);
    let perft = perft_counts(&start, args.plies);
    let positions = distinct_counts(&start, args.plies);
    println!(
        "Connect Four {geometry}: after each ply, the move sequences (perft; a game stops at a win) and the distinct positions"
    );
    println!("{:>4}  {:>20}  {:>16}", "ply", "sequences", "positions");
    for (ply, (s, p)) in perft.iter().zip(&positions).enumerate() {
        println!("{ply:>4}  {s:>20}  {p:>16}");
    }
    Ok(ExitCode::SUCCESS)
}

fn progress(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{msg} [{elapsed_precise}] {bar:40} {pos}/{len}")
            .expect("a valid template"),
    );
    bar.set_message(what.to_string());
    bar
}

/// Perft for every ply `0..=plies`: the tree is cut two plies down and the
/// subtrees are shared out on all cores, each walked once for all depths.
fn perft_counts(start: &Position, plies: u32) -> Vec<u64> {
    if plies <= 2 {
        return perft_by_depth(start, plies);
    }
    let mut counts = vec![0u64; plies as usize + 1];
    counts[0] = 1;
    let mut grandchildren = Vec::new();
    for mv in start.legal_moves() {
        counts[1] += 1;
        let mut child = *start;
        child.play_unchecked(mv.index());
        for reply in child.legal_moves() {
            let mut grandchild = child;
            grandchild.play_unchecked(reply.index());
            grandchildren.push(grandchild);
        }
    }
    let bar = progress(grandchildren.len() as u64, "sequences");
    let below = grandchildren
        .par_iter()
        .map(|g| {
            let c = perft_by_depth(g, plies - 2);
            bar.inc(1);
            c
        })
        .reduce(
            || vec![0; plies as usize - 1],
            |a, b| a.iter().zip(&b).map(|(x, y)| x + y).collect(),
        );
    bar.finish_and_clear();
    for (d, n) in below.into_iter().enumerate() {
        counts[d + 2] += n;
    }
    counts
}

/// Distinct positions for every ply, layer by layer. A layer is held as the
/// positions' keys (8 bytes each), sorted and deduplicated in parallel.
fn distinct_counts(start: &Position, plies: u32) -> Vec<u64> {
    let geometry = start.geometry();
    let mut layer = vec![start.key()];
    let mut counts = vec![1];
    let bar = progress(u64::from(plies), "positions");
    for _ in 0..plies {
        let mut next: Vec<u64> = layer
            .par_iter()
            .flat_map_iter(|&key| {
                let pos = from_key(geometry, key).expect("a key of the previous layer");
                pos.legal_moves()
                    .into_iter()
                    .map(move |mv| pos.after(mv.index()).expect("a legal move").key())
            })
            .collect();
        next.par_sort_unstable();
        next.dedup();
        counts.push(next.len() as u64);
        layer = next;
        bar.inc(1);
    }
    bar.finish_and_clear();
    counts
}
