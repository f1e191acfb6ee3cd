//! `bitgames connect4 ...`: solve, analyse, play, count, opening books and the
//! benchmark of the solver on Pons' test sets.

mod bench;
mod book;
mod solve;

use bitgames::connect4::Geometry;
use bitgames::connect4::solver::book::Book;
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// The Connect Four subcommands. Columns are 1-based digits; a position is the
/// moves played from the empty board, e.g. `4453`.
#[derive(Subcommand)]
pub enum Command {
    /// Solve positions, one move string per line (`moves` or `moves score`), from
    /// standard input or the files named; prints `moves score` per line, in order.
    ///
    /// With an expected score on the line, a wrong answer is reported and the exit
    /// code is 1. Bad lines are reported on stderr with their line number, the
    /// others are still answered. Positions are solved on every core.
    Solve {
        /// Only win (1), draw (0) or loss (-1).
        #[arg(long)]
        weak: bool,
        /// An opening book made by `bitgames connect4 book build`.
        #[arg(long)]
        book: Option<PathBuf>,
        /// Also print the nodes searched and the microseconds spent per line.
        #[arg(long)]
        stats: bool,
        /// Threads (default: every core). Many positions are shared out over
        /// the threads; a single position is searched by all of them at once.
        #[arg(long, short)]
        jobs: Option<usize>,
        /// log2 of the buckets of each solver's table (16 bytes a bucket; the
        /// table grows to this size only as a search needs it).
        #[arg(long, default_value_t = 24)]
        table_log2: u32,
        /// Board width (columns).
        #[arg(long, default_value_t = 7)]
        width: usize,
        /// Board height (rows).
        #[arg(long, default_value_t = 6)]
        height: usize,
        /// Input files (default: standard input; `-` is standard input).
        files: Vec<PathBuf>,
    },
    /// Opening books: build one, or look one up.
    #[command(subcommand)]
    Book(book::BookCommand),
    /// The solver's benchmark on Pons' six test sets: mean time, mean nodes and
    /// K positions/s per set, strong and weak, one thread, a cleared table per position.
    Bench(bench::BenchArgs),
}

/// Runs a Connect Four subcommand.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Solve {
            weak,
            book,
            stats,
            jobs,
            table_log2,
            width,
            height,
            files,
        } => {
            let geometry = Geometry::new(width, height)?;
            let book = load_book(book.as_deref(), geometry)?;
            let options = solve::Options {
                weak,
                book,
                stats,
                jobs,
                table_log2,
            };
            solve::run(&files, geometry, &options)
        }
        Command::Book(cmd) => book::run(cmd),
        Command::Bench(args) => bench::run(&args),
    }
}

/// Reads an opening book file, checking that it is for this board size.
pub fn load_book(path: Option<&Path>, geometry: Geometry) -> anyhow::Result<Option<Arc<Book>>> {
    let Some(path) = path else { return Ok(None) };
    let bytes = std::fs::read(path)
        .map_err(|e| anyhow::anyhow!("cannot read book {}: {e}", path.display()))?;
    let book =
        Book::from_bytes(&bytes).map_err(|e| anyhow::anyhow!("book {}: {e}", path.display()))?;
    if book.geometry() != geometry {
        anyhow::bail!(
            "book {} is for {} boards, not {geometry}",
            path.display(),
            book.geometry()
        );
    }
    Ok(Some(Arc::new(book)))
}
