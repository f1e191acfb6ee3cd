//! `bitgames-tools connect4 ...`: Tromp's table of board sizes (`sizes`) and
//! the solver's benchmark on Pons' test sets (`bench`), with the book and
//! table options they share with the product's `bitgames connect4`.

mod bench;
mod sizes;

use anyhow::Context;
use bitgames::connect4::Geometry;
use bitgames::connect4::solver::book::{Book, Format, max_file_len};
use bitgames::connect4::solver::{Solver, verify};
use clap::Subcommand;
use rayon::prelude::*;
use std::io::Read;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

/// The research commands of Connect Four.
#[derive(Subcommand)]
pub enum Command {
    /// The solver's benchmark on Pons' six test sets: mean time, mean nodes and
    /// K positions/s per set, strong and weak, one thread, a cleared table per position.
    Bench(bench::BenchArgs),
    /// The empty board of many sizes solved, as in John Tromp's table: the
    /// value, the score of every first move, time and nodes, checked against
    /// the published values (exit code 1 if one disagrees).
    Sizes(sizes::Args),
}

/// Runs a Connect Four research command.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Bench(args) => bench::run(&args),
        Command::Sizes(args) => sizes::run(&args),
    }
}

/// A solver with a table of `2^log2` buckets, or the one-line error for
/// `--table-log2` naming the sizes allowed.
pub fn solver_with_table_log2(log2: u32) -> anyhow::Result<Solver> {
    Solver::try_with_table_log2(log2).map_err(|e| anyhow::anyhow!("--table-log2 {log2}: {e}"))
}

/// How many entries of a book from elsewhere (Pons', BitBully's) are checked
/// against the solver when it is loaded, unless told otherwise (as
/// `bitgames connect4 solve --verify`).
pub const DEFAULT_VERIFY: usize = 4;

/// Reads an opening book for this board size; without a path, the book built
/// into the library for this size, if any. A book from elsewhere has
/// `DEFAULT_VERIFY` random entries checked against the solver.
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
    let book = read_book(path)?;
    if book.geometry() != geometry {
        anyhow::bail!(
            "book {} is for a {} board, not {geometry}",
            path.display(),
            book.geometry()
        );
    }
    if book.legacy() {
        eprintln!(
            "bitgames-tools: warning: book {} is format version 1 (no checksum): rebuild it to have its bytes checked",
            path.display()
        );
    }
    if !matches!(book.format(), Format::Bitgames(_)) && verify > 0 {
        verify_sample(&book, verify, rand::random()).map_err(|e| {
            anyhow::anyhow!("book {} ({}) refused: {e}", path.display(), book.format())
        })?;
    }
    Ok(Some(Arc::new(book)))
}

/// Reads a book file of any known format, reading no more than its header
/// allows (so `/dev/zero` or a huge file is refused, not read to the end).
fn read_book(path: &Path) -> anyhow::Result<Book> {
    if path.is_dir() {
        anyhow::bail!("book {}: is a directory, not a book file", path.display());
    }
    let cannot = || format!("cannot read book {}", path.display());
    let file = std::fs::File::open(path).with_context(cannot)?;
    let mut bytes = Vec::new();
    let mut reader = file.take(32);
    reader.read_to_end(&mut bytes).with_context(cannot)?;
    let limit = max_file_len(&bytes);
    let mut file = reader
        .into_inner()
        .take(limit.saturating_sub(bytes.len() as u64) + 1);
    file.read_to_end(&mut bytes).with_context(cannot)?;
    if bytes.len() as u64 > limit {
        anyhow::bail!(
            "book {}: longer than the {limit} bytes its header allows (or than any book this build reads)",
            path.display()
        );
    }
    Book::from_bytes(&bytes).map_err(|e| anyhow::anyhow!("book {}: {e}", path.display()))
}

/// Checks `n` sampled entries of `book` against a fresh solve each, on
/// every core; the first disagreement is the error.
fn verify_sample(book: &Book, n: usize, seed: u64) -> Result<(), verify::Disagreement> {
    verify::sample(book, n, seed).par_iter().try_for_each_init(
        || Solver::with_table_log2(20),
        |solver, (pos, value)| verify::check(solver, pos, *value),
    )
}
