//! `bitgames connect4 book ...`: build an opening book on every core, check
//! one against the solver, or look positions up in one. The build is in
//! `book/build.rs`.

mod build;

use anyhow::Context;
use bitgames::connect4::Position;
use bitgames::connect4::solver::Solver;
use bitgames::connect4::solver::book::{Book, Layers, symmetric_key};
use bitgames::connect4::solver::verify;
use clap::Subcommand;
use indicatif::ProgressBar;
use rayon::prelude::*;
use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Opening-book subcommands.
#[derive(Subcommand)]
pub enum BookCommand {
    /// Solve every position of some layers (numbers of stones, up to mirror
    /// images) and write them to a book file: `--depth N` for every position
    /// with at most N stones, `--layer N` for those with exactly N.
    ///
    /// Deepest layer first; each shallower layer is then solved with the
    /// deeper ones as its book. Each layer is cut into chunks of
    /// `--chunk-size` positions, solved side by side; each finished chunk is
    /// written to the chunk directory (`FILE.chunks/`), the same chunk files
    /// as `python -m bitgames.book build` writes on Ray: an interrupted build
    /// (by either) picks up where it stopped when run again, with the same
    /// `--chunk-size`.
    Build(build::BuildArgs),
    /// What a book holds (format, board size, layers, entries, bytes), and
    /// what it says of each position given (move strings; `-` is the empty board).
    Info {
        /// The book file (bitgames, Pons' `7x6.book` or a BitBully database).
        book: PathBuf,
        /// Positions to look up, e.g. `4453`.
        #[arg(allow_hyphen_values = true)]
        positions: Vec<String>,
    },
    /// Puts bitgames books of one board with different layers into one book
    /// (e.g. every position of at most 4 stones and those of exactly 10).
    Merge {
        /// The books to merge.
        #[arg(required = true, num_args = 2..)]
        books: Vec<PathBuf>,
        /// The book file to write.
        #[arg(long, short)]
        output: PathBuf,
    },
    /// Checks a random sample of a book's entries against a fresh solve without
    /// any book; exit code 1 and the position if one disagrees.
    Verify {
        /// The book file.
        book: PathBuf,
        /// How many entries to check.
        #[arg(long, default_value_t = 100)]
        sample: usize,
        /// Seed of the sample.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads (default: every core).
        #[arg(long, short, value_parser = crate::cli_util::parse_jobs)]
        jobs: Option<usize>,
    },
}

/// Runs a book subcommand.
pub fn run(cmd: BookCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        BookCommand::Build(args) => build::run(args),
        BookCommand::Info { book, positions } => info(&book, &positions),
        BookCommand::Merge { books, output } => merge(&books, &output),
        BookCommand::Verify {
            book,
            sample,
            seed,
            jobs,
        } => {
            let loaded = read_book(&book)?;
            let threads = jobs.unwrap_or_else(rayon::current_num_threads).max(1);
            match verify_sample(&loaded, sample, seed, threads, true) {
                Ok(n) => {
                    println!(
                        "{}: {n} entries checked against the solver, all agree",
                        book.display()
                    );
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => {
                    eprintln!("bitgames: error: book {}: {e}", book.display());
                    Ok(ExitCode::FAILURE)
                }
            }
        }
    }
}

/// Reads a book file of any known format, reading no more than its header
/// allows (so `/dev/zero` or a huge file is refused, not read to the end).
pub fn read_book(path: &Path) -> anyhow::Result<Book> {
    if path.is_dir() {
        anyhow::bail!("book {}: is a directory, not a book file", path.display());
    }
    let file = std::fs::File::open(path)
        .with_context(|| format!("cannot read book {}", path.display()))?;
    let mut bytes = Vec::new();
    let mut reader = file.take(32);
    reader
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read book {}", path.display()))?;
    let limit = bitgames::connect4::solver::book::max_file_len(&bytes);
    let mut file = reader
        .into_inner()
        .take(limit.saturating_sub(bytes.len() as u64) + 1);
    file.read_to_end(&mut bytes)
        .with_context(|| format!("cannot read book {}", path.display()))?;
    if bytes.len() as u64 > limit {
        anyhow::bail!(
            "book {}: longer than the {limit} bytes its header allows (or than any book this build reads)",
            path.display()
        );
    }
    Book::from_bytes(&bytes).map_err(|e| anyhow::anyhow!("book {}: {e}", path.display()))
}

/// Checks `n` sampled entries of `book` against a fresh solve each, on
/// `threads` threads; the number checked, or the first disagreement.
pub fn verify_sample(
    book: &Book,
    n: usize,
    seed: u64,
    threads: usize,
    show_progress: bool,
) -> anyhow::Result<usize> {
    let entries = verify::sample(book, n, seed);
    let progress = if show_progress && std::io::stderr().is_terminal() {
        ProgressBar::new(entries.len() as u64)
    } else {
        ProgressBar::hidden()
    };
    progress.set_message("checking book entries against the solver");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the solver threads")?;
    let result: Result<(), verify::Disagreement> = pool.install(|| {
        entries.par_iter().try_for_each_init(
            || Solver::with_table_log2(20),
            |solver, (pos, value)| {
                let r = verify::check(solver, pos, *value);
                progress.inc(1);
                r
            },
        )
    });
    progress.finish_and_clear();
    result?;
    Ok(entries.len())
}

/// Writes `bytes` to `path` through `.NAME.tmp` beside it and a rename, so
/// that `path` is never seen half written.
fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let tmp = path.with_file_name(format!(".{name}.tmp"));
    let written = std::fs::write(&tmp, bytes)
        .with_context(|| format!("cannot write {}", tmp.display()))
        .and_then(|()| {
            std::fs::rename(&tmp, path)
                .with_context(|| format!("cannot rename {} to {}", tmp.display(), path.display()))
        });
    if written.is_err() {
        std::fs::remove_file(&tmp).ok();
    }
    written
}

fn info(path: &Path, positions: &[String]) -> anyhow::Result<ExitCode> {
    let book = read_book(path)?;
    let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    let layers = book.layers();
    let held = if layers.first() == layers.last() {
        format!("positions with {} stones", layers.last())
    } else if layers == Layers::from(0..=layers.last()) {
        format!("positions with at most {} stones", layers.last())
    } else {
        format!("positions with {layers} stones")
    };
    println!(
        "{}: {}, {} board, {held}, {} entries, {bytes} bytes",
        path.display(),
        book.format(),
        book.geometry(),
        book.len(),
    );
    if book.legacy() {
        eprintln!(
            "bitgames: warning: book {} is format version 1 (no checksum): rebuild it to have its bytes checked",
            path.display()
        );
    }
    let mut code = ExitCode::SUCCESS;
    for moves in positions {
        let text = if moves == "-" { "" } else { moves.as_str() };
        match Position::from_moves_in(book.geometry(), text) {
            Ok(pos) => match book.value(&pos) {
                Some(value) => println!("{moves} {value}"),
                None => println!("{moves} not in the book"),
            },
            Err(e) => {
                eprintln!(
                    "bitgames: error: bad {} position `{moves}`: {e}",
                    <Position as bitgames::registry::Registered>::PROSE_NAME
                );
                code = ExitCode::FAILURE;
            }
        }
    }
    Ok(code)
}

fn merge(paths: &[PathBuf], output: &Path) -> anyhow::Result<ExitCode> {
    if output.is_dir() {
        anyhow::bail!("-o {}: is a directory, not a file name", output.display());
    }
    let mut geometry = None;
    let mut layers = Layers::default();
    let mut entries = Vec::new();
    for path in paths {
        let book = read_book(path)?;
        if !matches!(
            book.format(),
            bitgames::connect4::solver::book::Format::Bitgames(_)
        ) {
            anyhow::bail!(
                "book {}: only bitgames books can be merged ({})",
                path.display(),
                book.format()
            );
        }
        if *geometry.get_or_insert(book.geometry()) != book.geometry() {
            anyhow::bail!(
                "book {} is for a {} board, the others for {}",
                path.display(),
                book.geometry(),
                geometry.unwrap_or(book.geometry())
            );
        }
        if layers.0 & book.layers().0 != 0 {
            anyhow::bail!(
                "book {}: its layers {} overlap those of the books before it ({layers})",
                path.display(),
                book.layers()
            );
        }
        layers = layers.union(book.layers());
        for (pos, value) in book.entries().unwrap_or_default() {
            let score = value.exact().expect("bitgames books hold exact scores");
            entries.push((symmetric_key(&pos), score as i8));
        }
    }
    let geometry = geometry.expect("at least two books");
    let book = Book::from_scores(geometry, layers, entries);
    let bytes = book.to_bytes()?;
    write_atomic(output, &bytes)?;
    eprintln!(
        "book {}: {geometry}, layers {layers}, {} positions, {} bytes",
        output.display(),
        book.len(),
        bytes.len()
    );
    Ok(ExitCode::SUCCESS)
}
