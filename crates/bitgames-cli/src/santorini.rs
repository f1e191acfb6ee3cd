//! `bitgames santorini ...`: the tutorial's move-to and distances, perft,
//! the search engine, a terminal game and engine matches.

use crate::cli_util::input_lines;
use bitgames::santorini::naive::{distances_instance_naive, move_to_instance_naive};
use bitgames::santorini::reach::{
    distances_instance, format_distances, format_spaces, move_to_instance,
};
use bitgames::santorini::{Instance, Position};
use bitgames::tools::perft_parallel;
use clap::Subcommand;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// The Santorini subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// The spaces a worker may move to, one instance `(row,col) [25 levels]` per input line.
    ///
    /// Prints `[(1,1),(2,1),(2,3)]` per line (ascending row, col). Bad lines are
    /// reported on stderr with their line number; the others are still answered.
    MoveTo {
        /// Use the naive twin (loops over the 8 neighbours) instead of the bitboard.
        #[arg(long)]
        naive: bool,
        /// Input files (default: standard input; `-` is standard input).
        files: Vec<PathBuf>,
    },
    /// BFS distances from the worker to all 25 spaces, one instance per input line.
    ///
    /// Prints `[1,0,3,...]`, 25 entries in row-major order, `inf` where unreachable.
    Distances {
        /// Use the naive twin (BFS with a queue) instead of bitboard frontiers.
        #[arg(long)]
        naive: bool,
        /// Input files (default: standard input; `-` is standard input).
        files: Vec<PathBuf>,
    },
    /// The number of move sequences of `depth` moves (perft), counted on every core.
    ///
    /// A winning move counts as one move (no build); a finished game has no
    /// children. Also prints the time and the speed on stderr.
    Perft {
        /// The position (default: the empty board, player 1 to place),
        /// e.g. `0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2`.
        #[arg(long, short)]
        position: Option<String>,
        /// The number of moves.
        depth: u32,
    },
}

/// Runs a Santorini subcommand.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::MoveTo { naive, files } => batch(&files, |inst| {
            let spaces = if naive {
                move_to_instance_naive(inst)
            } else {
                move_to_instance(inst)
            };
            format_spaces(&spaces)
        }),
        Command::Distances { naive, files } => batch(&files, |inst| {
            let d = if naive {
                distances_instance_naive(inst)
            } else {
                distances_instance(inst)
            };
            format_distances(&d)
        }),
        Command::Perft { position, depth } => {
            let pos = parse_position(position.as_deref())?;
            let started = Instant::now();
            let count = perft_parallel(&pos, depth);
            let secs = started.elapsed().as_secs_f64();
            println!("{count}");
            eprintln!(
                "perft {depth}: {count} in {secs:.3} s ({:.1} M leaves/s)",
                count as f64 / secs.max(1e-9) / 1e6
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Answers every good line in input order; reports bad lines on stderr.
fn batch(files: &[PathBuf], answer: impl Fn(&Instance) -> String) -> anyhow::Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut bad = 0usize;
    for (source, number, line) in input_lines(files)? {
        match line.parse::<Instance>() {
            Ok(inst) => writeln!(out, "{}", answer(&inst))?,
            Err(e) => {
                out.flush()?;
                eprintln!("bitgames: error: {source}: line {number}: {e}");
                bad += 1;
            }
        }
    }
    out.flush()?;
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The position given on the command line, or the empty board.
fn parse_position(text: Option<&str>) -> anyhow::Result<Position> {
    match text {
        None => Ok(Position::new()),
        Some(t) => t
            .parse()
            .map_err(|e| anyhow::anyhow!("bad position {t:?}: {e}")),
    }
}
