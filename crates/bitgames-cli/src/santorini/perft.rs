//! `perft`: move sequences counted on every core, with `--divide`.

use bitgames::santorini::Position;
use bitgames::tools::{perft_divide_parallel, perft_parallel};
use indicatif::ProgressBar;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Counts (and prints) the move sequences of `depth` moves from `position`.
pub(super) fn run(pos: &Position, divide: bool, depth: u32) -> anyhow::Result<ExitCode> {
    let pos = *pos;
    let started = Instant::now();
    let spinner = ProgressBar::new_spinner();
    spinner.set_message(format!("perft {depth} on every core"));
    spinner.enable_steady_tick(Duration::from_millis(200));
    let count = if divide && depth > 0 {
        let split = perft_divide_parallel(&pos, depth);
        spinner.suspend(|| {
            for (mv, count) in &split {
                println!("{mv} {count}");
            }
        });
        split.iter().map(|(_, c)| c).sum()
    } else {
        perft_parallel(&pos, depth)
    };
    spinner.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    println!("{count}");
    eprintln!(
        "perft {depth}: {count} in {secs:.3} s ({:.1} M leaves/s)",
        count as f64 / secs.max(1e-9) / 1e6
    );
    Ok(ExitCode::SUCCESS)
}
