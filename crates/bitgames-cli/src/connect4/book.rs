//! `bitgames connect4 book ...`: build an opening book on every core, or look
//! positions up in one.

use anyhow::Context;
use bitgames::connect4::solver::book::{Book, book_positions, symmetric_key};
use bitgames::connect4::solver::{Mode, Solver};
use bitgames::connect4::{Geometry, Position};
use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Opening-book subcommands.
#[derive(Subcommand)]
pub enum BookCommand {
    /// Solve every position with at most `--depth` stones (up to mirror images)
    /// and write them to a book file.
    ///
    /// Deepest positions first; each shallower layer is then solved with the
    /// deeper ones as its book. Results are journaled to `FILE.partial` as they
    /// come: an interrupted build picks up where it stopped when run again.
    Build {
        /// The book holds every position with at most this many stones.
        #[arg(long, short)]
        depth: usize,
        /// The book file to write.
        #[arg(long, short)]
        output: PathBuf,
        /// Board width (columns).
        #[arg(long, default_value_t = 7)]
        width: usize,
        /// Board height (rows).
        #[arg(long, default_value_t = 6)]
        height: usize,
        /// Threads (default: every core).
        #[arg(long, short)]
        jobs: Option<usize>,
        /// log2 of the buckets of each thread's table (16 bytes a bucket).
        #[arg(long, default_value_t = 23)]
        table_log2: u32,
    },
    /// What a book holds: board size, depth, positions, bytes; and the score of
    /// each position given (move strings).
    Info {
        /// The book file.
        book: PathBuf,
        /// Positions to look up, e.g. `4453`.
        positions: Vec<String>,
    },
}

/// Runs a book subcommand.
pub fn run(cmd: BookCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        BookCommand::Build {
            depth,
            output,
            width,
            height,
            jobs,
            table_log2,
        } => build(
            Geometry::new(width, height)?,
            depth,
            &output,
            jobs,
            table_log2,
        ),
        BookCommand::Info { book, positions } => info(&book, &positions),
    }
}

fn journal_path(output: &Path) -> PathBuf {
    let mut name = output.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// Reads the `key score` lines of an interrupted build.
fn read_journal(path: &Path) -> anyhow::Result<HashMap<u64, i8>> {
    let mut done = HashMap::new();
    let Ok(file) = std::fs::File::open(path) else {
        return Ok(done);
    };
    for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line?;
        let mut words = line.split_whitespace();
        let parsed = (|| {
            let key = words.next()?.parse::<u64>().ok()?;
            let score = words.next()?.parse::<i8>().ok()?;
            Some((key, score))
        })();
        match parsed {
            Some((key, score)) => {
                done.insert(key, score);
            }
            // A line cut short by the interruption: ignore it, it will be solved again.
            None => eprintln!(
                "bitgames: {}: line {}: ignored (not `key score`)",
                path.display(),
                i + 1
            ),
        }
    }
    Ok(done)
}

fn build(
    geometry: Geometry,
    depth: usize,
    output: &Path,
    jobs: Option<usize>,
    table_log2: u32,
) -> anyhow::Result<ExitCode> {
    if depth >= geometry.cells() {
        anyhow::bail!(
            "--depth {depth} is not below the {} cells of the board",
            geometry.cells()
        );
    }
    let started = Instant::now();
    let journal = journal_path(output);
    let mut done = read_journal(&journal)?;
    if !done.is_empty() {
        eprintln!(
            "resuming: {} positions already solved in {}",
            done.len(),
            journal.display()
        );
    }
    let layers: Vec<Vec<Position>> = (0..=depth).map(|d| book_positions(geometry, d)).collect();
    let total: usize = layers.iter().map(Vec::len).sum();
    let progress = ProgressBar::new(total as u64);
    progress.set_style(
        ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} positions, {elapsed} (ETA {eta})")
            .expect("a valid template"),
    );
    let threads = jobs.unwrap_or_else(rayon::current_num_threads).max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the solver threads")?;
    let log = Mutex::new(
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&journal)
            .with_context(|| format!("cannot write {}", journal.display()))?,
    );
    // One solver a thread, made once: its table is kept (what it learnt holds
    // for every position).
    let solvers: Vec<Mutex<Option<Solver>>> = (0..threads).map(|_| Mutex::new(None)).collect();
    for d in (0..=depth).rev() {
        let layer_started = Instant::now();
        progress.set_message(format!("{d} stones"));
        let book = Arc::new(Book::from_scores(
            geometry,
            depth,
            done.iter().map(|(&k, &s)| (k, s)),
        ));
        let todo: Vec<&Position> = layers[d]
            .iter()
            .filter(|p| !done.contains_key(&symmetric_key(p)))
            .collect();
        progress.inc((layers[d].len() - todo.len()) as u64);
        // Each result goes to the journal as soon as it is known.
        let solved: anyhow::Result<Vec<(u64, i8)>> = pool.install(|| {
            todo.par_iter()
                .map(|pos| {
                    let slot = rayon::current_thread_index().unwrap_or(0) % threads;
                    let mut guard = solvers[slot].lock().unwrap_or_else(|e| e.into_inner());
                    let solver = guard.get_or_insert_with(|| Solver::with_table_log2(table_log2));
                    solver.set_book(Some(book.clone()));
                    let score = solver
                        .solve(pos, Mode::Strong)
                        .expect("book positions are not over");
                    let key = symmetric_key(pos);
                    let mut log = log.lock().unwrap_or_else(|e| e.into_inner());
                    writeln!(log, "{key} {score}")?;
                    log.flush()?;
                    progress.inc(1);
                    Ok((key, score as i8))
                })
                .collect()
        });
        done.extend(solved?);
        progress.suspend(|| {
            eprintln!(
                "{d} stones: {} positions ({} solved now) in {:.1} s",
                layers[d].len(),
                todo.len(),
                layer_started.elapsed().as_secs_f64()
            )
        });
    }
    progress.finish_and_clear();
    let book = Book::from_scores(geometry, depth, done.iter().map(|(&k, &s)| (k, s)));
    let bytes = book.to_bytes();
    let tmp = output.with_extension("tmp");
    std::fs::write(&tmp, &bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, output)
        .with_context(|| format!("cannot rename {} to {}", tmp.display(), output.display()))?;
    std::fs::remove_file(&journal).ok();
    eprintln!(
        "book {}: {geometry}, depth {depth}, {} positions, {} bytes, built in {:.1} s",
        output.display(),
        book.len(),
        bytes.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

fn info(path: &Path, positions: &[String]) -> anyhow::Result<ExitCode> {
    let bytes =
        std::fs::read(path).with_context(|| format!("cannot read book {}", path.display()))?;
    let book =
        Book::from_bytes(&bytes).map_err(|e| anyhow::anyhow!("book {}: {e}", path.display()))?;
    println!(
        "{}: {} board, positions with at most {} stones, {} positions, {} bytes",
        path.display(),
        book.geometry(),
        book.depth(),
        book.len(),
        bytes.len()
    );
    let mut code = ExitCode::SUCCESS;
    for moves in positions {
        match Position::from_moves_in(book.geometry(), moves) {
            Ok(pos) => match book.score(&pos) {
                Some(score) => println!("{moves} {score}"),
                None => println!("{moves} not in the book"),
            },
            Err(e) => {
                eprintln!("bitgames: error: bad Connect Four position `{moves}`: {e}");
                code = ExitCode::FAILURE;
            }
        }
    }
    Ok(code)
}
