//! `bitgames connect4 count`: perft and distinct positions by ply, on both cores.

use super::Size;
use bitgames::Game;
use bitgames::connect4::Position;
use bitgames::connect4::grid::from_key;
use bitgames::tools::perft_by_depth_parallel;
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

/// Perft for every ply `0..=plies` on every core, with a progress bar.
fn perft_counts(start: &Position, plies: u32) -> Vec<u64> {
    let bar = progress(0, "sequences");
    let counts = perft_by_depth_parallel(start, plies, &|done, total| {
        bar.set_length(total);
        bar.set_position(done);
    });
    bar.finish_and_clear();
    counts
}

/// Distinct positions for every ply, layer by layer. A layer is held as the
/// positions' keys (8 bytes each; 16 on a board over 64 bits), sorted and
/// deduplicated in parallel.
fn distinct_counts(start: &Position, plies: u32) -> Vec<u64> {
    if start.geometry().fits_u64() {
        distinct_counts_in::<u64>(start, plies)
    } else {
        distinct_counts_in::<u128>(start, plies)
    }
}

/// [`distinct_counts`] with keys held as `K`, which fits the board's keys.
fn distinct_counts_in<K>(start: &Position, plies: u32) -> Vec<u64>
where
    K: Copy + Ord + Send + Sync + Into<u128> + TryFrom<u128>,
{
    let geometry = start.geometry();
    let key = |pos: &Position| K::try_from(pos.key()).ok().expect("the key fits its word");
    let mut layer = vec![key(start)];
    let mut counts = vec![1];
    let bar = progress(u64::from(plies), "positions");
    for _ in 0..plies {
        let mut next: Vec<K> = layer
            .par_iter()
            .flat_map_iter(|&k| {
                let pos = from_key(geometry, k.into()).expect("a key of the previous layer");
                pos.legal_moves()
                    .into_iter()
                    .map(move |mv| key(&pos.after(mv.index()).expect("a legal move")))
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
