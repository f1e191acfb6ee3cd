//! `bitgames connect4 ...`: solve, analyse, play, count, opening books.
//! (The research commands, Tromp's table of board sizes and the benchmark
//! on Pons' test sets, are `bitgames-tools connect4 ...`.)
//!
//! Columns are 1-based in text; a position is the moves played (`4453`) or a
//! grid of 0/1/2, top row first (`0000000/.../0021100`).

mod analyze;
mod book;
mod count;
mod play;
mod solve;

use anyhow::Context;
use bitgames::connect4::grid::{from_grid_in, move_string, parse_grid};
use bitgames::connect4::solver::Solver;
use bitgames::connect4::solver::book::Book;
use bitgames::connect4::{Geometry, Position, read_position};
use bitgames::excerpt;
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// Connect Four subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// The board, whose turn, the exact score of every column and the best one.
    ///
    /// Scores are Pascal Pons': for the player to move, a win with their last
    /// possible stone scores 1 and every stone sooner one more; a draw 0;
    /// losses are the opponent's wins, negated. `win in N`: the player to move
    /// wins with their N-th stone from now, the winning stone included.
    /// `loss in N`: the opponent wins with their N-th stone from now.
    Analyze(analyze::Args),
    /// A game in the terminal against the perfect player (or a weaker one: `--level`).
    Play(play::Args),
    /// Move sequences (perft) and distinct positions after each ply.
    Count(count::Args),
    /// Solve positions, one move string per line (`moves` or `moves score`), from
    /// standard input or the files named; prints `moves score` per line, in order.
    ///
    /// With an expected score on the line, a wrong answer is reported and the exit
    /// code is 1. Bad lines are reported on stderr with their line number, the
    /// others are still answered. Positions are solved on every core. Blank
    /// lines are skipped; `-` is the empty board.
    Solve {
        /// Only win (1), draw (0) or loss (-1).
        #[arg(long)]
        weak: bool,
        /// An opening book made by `bitgames connect4 book build` (default: the
        /// built-in 7x6 book: every position of at most 3 stones, and of 10).
        #[arg(long)]
        book: Option<PathBuf>,
        /// No book at all, not even the built-in one: solve from scratch.
        #[arg(long, conflicts_with = "book")]
        no_book: bool,
        /// Entries of a book from elsewhere (Pons', BitBully's) checked against
        /// the solver when it is loaded; it is refused if one disagrees.
        #[arg(long, default_value_t = DEFAULT_VERIFY, value_name = "N")]
        verify: usize,
        /// Also print per line the nodes searched, the microseconds spent and
        /// the nodes past the static checks (`moves score nodes microseconds
        /// searched`; the last is what Steininger's c4 counts as nodes). The
        /// table's memory is then faulted in before the first position, so
        /// that the times are the searches' own.
        #[arg(long)]
        stats: bool,
        /// Threads (default: every core). Many positions are shared out over
        /// the threads; a single position is searched by all of them at once.
        #[arg(long, short, value_parser = crate::cli_util::parse_jobs)]
        jobs: Option<usize>,
        /// log2 of the buckets of each solver's table (16 bytes a bucket; the
        /// table grows to this size only as a search needs it).
        #[arg(long, default_value_t = 24)]
        table_log2: u32,
        /// At most this much memory for the tables of every thread together
        /// (`512M`, `2G`; default: a quarter of the machine's, at most 4 GiB):
        /// smaller tables where --table-log2 would not fit.
        #[arg(long, value_name = "BYTES", value_parser = crate::serve::parse_memory)]
        memory: Option<usize>,
        #[command(flatten)]
        size: Size,
        /// Input files (default: standard input; `-` is standard input).
        files: Vec<PathBuf>,
    },
    /// Opening books: build one, or look positions up in one.
    #[command(subcommand)]
    Book(book::BookCommand),
}

/// Runs a Connect Four subcommand.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Analyze(args) => analyze::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Count(args) => count::run(&args),
        Command::Solve {
            weak,
            book,
            no_book,
            verify,
            stats,
            jobs,
            table_log2,
            memory,
            size,
            files,
        } => {
            let geometry = size.geometry()?;
            // Refused here, in one line, before any thread makes its solver.
            solver_with_table_log2(table_log2)?;
            let tables = jobs.unwrap_or_else(rayon::current_num_threads).max(1);
            let table_log2 = table_log2_within(memory, geometry, table_log2, tables)?;
            let book = if no_book {
                None
            } else {
                load_book_verified(book.as_deref(), geometry, verify)?
            };
            let options = solve::Options {
                weak,
                book,
                stats,
                jobs,
                table_log2,
            };
            solve::run(&files, geometry, &options)
        }
        Command::Book(cmd) => {
            if let book::BookCommand::Build(args) = &cmd {
                solver_with_table_log2(args.table_log2)?;
            }
            book::run(cmd)
        }
    }
}

/// The log2 of the tables of `tables` solvers on `geometry` that fit
/// `memory` bytes together (default: [`crate::serve::default_memory`]):
/// `asked`, or less down to 2^16 buckets; an error naming the sizes when
/// even that does not fit (16x7 needs 2 GiB a table whatever is asked).
pub fn table_log2_within(
    memory: Option<usize>,
    geometry: bitgames::connect4::Geometry,
    asked: u32,
    tables: usize,
) -> anyhow::Result<u32> {
    use bitgames::connect4::solver::table::bytes_for;
    let memory = memory.unwrap_or_else(crate::serve::default_memory);
    let bits = (geometry.width() * (geometry.height() + 1)) as u32;
    let total = |log2: u32| bytes_for(log2, bits).saturating_mul(tables);
    let mut log2 = asked;
    while log2 > 16 && total(log2) > memory {
        log2 -= 1;
    }
    if total(log2) > memory {
        anyhow::bail!(
            "the tables of {tables} solver(s) on {geometry} need {} MiB, more than --memory {} MiB (give more, or fewer --jobs)",
            total(log2) >> 20,
            memory >> 20
        );
    }
    Ok(log2)
}

/// A solver with a table of `2^log2` buckets, or the one-line error for
/// `--table-log2` naming the sizes allowed.
pub fn solver_with_table_log2(log2: u32) -> anyhow::Result<Solver> {
    Solver::try_with_table_log2(log2).map_err(|e| anyhow::anyhow!("--table-log2 {log2}: {e}"))
}

/// `--width W --height H`: the board size (7x6 unless asked).
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct Size {
    /// Number of columns (1..16, with width x (height + 1) <= 128; from 10
    /// columns on, moves are written as numbers separated by commas: `10,3,4`).
    #[arg(long, default_value_t = 7)]
    pub width: usize,
    /// Number of rows.
    #[arg(long, default_value_t = 6)]
    pub height: usize,
}

impl Size {
    pub fn geometry(self) -> anyhow::Result<Geometry> {
        Geometry::new(self.width, self.height).context("bad board size")
    }
}

/// A position from a move list (`4453`, or `10,3,4` on any board) or, when the text holds a `/` or a
/// line break, a grid of 0/1/2 (top row first). Returns the position and
/// moves that reach it (for a grid, found by taking stones back off).
pub fn parse_position(text: &str, geometry: Geometry) -> anyhow::Result<(Position, String)> {
    let context = || {
        format!(
            "bad {} position `{}`",
            <Position as bitgames::registry::Registered>::PROSE_NAME,
            excerpt(text.trim())
        )
    };
    if text.contains(['/', '\n']) {
        let rows = parse_grid(text).with_context(context)?;
        let pos = from_grid_in(geometry, &rows).with_context(context)?;
        let moves = move_string(&pos)
            .with_context(|| "no game reaches this grid: the stones cannot be played in turn without a four before the last one".to_string())
            .with_context(context)?;
        Ok((pos, moves))
    } else {
        read_position(geometry, text.trim()).with_context(context)
    }
}

/// How many entries of a book from elsewhere (Pons', BitBully's) are checked
/// against the solver when it is loaded, unless `--verify` says otherwise.
pub const DEFAULT_VERIFY: usize = 4;

/// Reads an opening book for this board size; without a path, the book built
/// into the library for this size, if any (7x6: at most 2 stones). A book
/// from elsewhere has `DEFAULT_VERIFY` random entries checked against the solver.
pub fn load_book(path: Option<&Path>, geometry: Geometry) -> anyhow::Result<Option<Arc<Book>>> {
    load_book_verified(path, geometry, DEFAULT_VERIFY)
}

/// [`load_book`], checking `verify` random entries of a book that is not a
/// bitgames book against the solver, and refusing it if one disagrees.
pub fn load_book_verified(
    path: Option<&Path>,
    geometry: Geometry,
    verify: usize,
) -> anyhow::Result<Option<Arc<Book>>> {
    let Some(path) = path else {
        return Ok(bitgames::connect4::solver::book::builtin_shared(geometry));
    };
    let book = book::read_book(path)?;
    book.check_board(geometry)
        .map_err(|e| anyhow::anyhow!("book {} {e}", path.display()))?;
    if book.legacy() {
        eprintln!(
            "bitgames: warning: book {} is format version 1 (no checksum): rebuild it to have its bytes checked",
            path.display()
        );
    }
    if !matches!(
        book.format(),
        bitgames::connect4::solver::book::Format::Bitgames(_)
    ) && verify > 0
    {
        let threads = rayon::current_num_threads();
        book::verify_sample(&book, verify, rand::random(), threads, false).map_err(|e| {
            anyhow::anyhow!("book {} ({}) refused: {e}", path.display(), book.format())
        })?;
    }
    Ok(Some(Arc::new(book)))
}
