//! `bitgames connect4 book build`: the library's book-building core
//! ([`bitgames::connect4::solver::book::build`]) on the cores of one
//! machine. Each finished chunk is written to the chunk directory at once;
//! a build run again takes in the chunk files there instead of solving
//! them again.

use super::write_atomic;
use anyhow::Context;
use bitgames::connect4::solver::book::build::{
    BookBuild, CHUNK_DIR_SUFFIX, DEFAULT_CHUNK_SIZE, solve_key,
};
use bitgames::connect4::solver::book::chunk::{Chunk, ChunkError, ChunkId};
use bitgames::connect4::solver::book::{Layers, book_positions};
use bitgames::connect4::solver::{Mode, Solver};
use bitgames::connect4::{Geometry, Position};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::IsTerminal;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

// The options of `book build` (its help is the `BookCommand::Build` variant's).
#[derive(clap::Args)]
pub struct BuildArgs {
    /// The book holds every position with at most this many stones.
    #[arg(
        long,
        short,
        required_unless_present = "layer",
        conflicts_with = "layer"
    )]
    depth: Option<usize>,
    /// The book holds every position with exactly this many stones.
    #[arg(long)]
    layer: Option<usize>,
    /// The book file to write.
    #[arg(long, short, required_unless_present = "sample")]
    output: Option<PathBuf>,
    /// Write no book: solve this many positions of each layer, drawn
    /// uniformly from the layer, each with a cleared table and no book, and
    /// print what the layer would cost (positions, seconds and nodes a
    /// position, core-hours, bytes).
    #[arg(long, value_name = "N")]
    sample: Option<usize>,
    /// Seed of `--sample`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Board width (columns).
    #[arg(long, default_value_t = 7)]
    width: usize,
    /// Board height (rows).
    #[arg(long, default_value_t = 6)]
    height: usize,
    /// Threads (default: every core).
    #[arg(long, short, value_parser = crate::cli_util::parse_jobs)]
    jobs: Option<usize>,
    /// log2 of the buckets of each thread's table (16 bytes a bucket).
    #[arg(long, default_value_t = 23)]
    pub table_log2: u32,
    /// Positions a chunk (a resumed build is given the same).
    #[arg(long, default_value_t = DEFAULT_CHUNK_SIZE as u32, value_parser = clap::value_parser!(u32).range(1..))]
    chunk_size: u32,
    /// Where finished chunks are kept (default: FILE.chunks).
    #[arg(long, value_name = "DIR")]
    chunk_dir: Option<PathBuf>,
    /// Keep the chunk directory once the book is written.
    #[arg(long)]
    keep_chunks: bool,
}

/// Runs `book build`.
pub fn run(args: BuildArgs) -> anyhow::Result<ExitCode> {
    let BuildArgs {
        depth,
        layer,
        output,
        sample,
        seed,
        width,
        height,
        jobs,
        table_log2,
        chunk_size,
        chunk_dir,
        keep_chunks,
    } = args;
    let geometry = Geometry::new(width, height)?;
    let layers = match (depth, layer) {
        (Some(d), _) => 0..=d,
        (None, Some(l)) => l..=l,
        (None, None) => anyhow::bail!("give --depth N or --layer N"),
    };
    if *layers.end() >= geometry.cells() {
        anyhow::bail!(
            "{} {} is not below the {} cells of the board",
            if depth.is_some() {
                "--depth"
            } else {
                "--layer"
            },
            layers.end(),
            geometry.cells()
        );
    }
    let threads = jobs.unwrap_or_else(rayon::current_num_threads).max(1);
    match (sample, output) {
        (Some(n), _) => sample_cost(geometry, layers, n, seed, threads, table_log2),
        (None, Some(output)) => {
            let plan = BookBuild::new(geometry, Layers::from(layers), chunk_size as usize)?;
            let opts = BuildOptions {
                threads,
                table_log2,
                chunk_dir: chunk_dir.unwrap_or_else(|| suffixed(&output, CHUNK_DIR_SUFFIX)),
                keep_chunks,
            };
            build(plan, &output, &opts)
        }
        (None, None) => anyhow::bail!("give -o FILE (or --sample N)"),
    }
}

/// `path` with `suffix` added to its name (`x.book` and `.chunks`).
fn suffixed(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// How `book build` runs.
struct BuildOptions {
    threads: usize,
    table_log2: u32,
    chunk_dir: PathBuf,
    keep_chunks: bool,
}

/// A bad chunk file stops the build: what is wrong, and what to do.
fn bad_chunk(dir: &Path, id: ChunkId, e: &ChunkError) -> anyhow::Error {
    anyhow::anyhow!(
        "chunk file {}: {e}; remove it to have the chunk solved again, or give another --chunk-dir",
        dir.join(id.file_name()).display()
    )
}

/// Checks a chunk solved now against the build and writes its file.
fn write_chunk(plan: &BookBuild, dir: &Path, id: ChunkId, chunk: &Chunk) -> anyhow::Result<()> {
    plan.check(id, chunk).map_err(|e| bad_chunk(dir, id, &e))?;
    write_atomic(&dir.join(id.file_name()), &chunk.to_bytes())
}

/// Makes the chunk directory, or takes in the chunks of this build it holds
/// (a torn one is removed, to be solved again; other files are left alone).
fn open_chunk_dir(plan: &mut BookBuild, dir: &Path) -> anyhow::Result<()> {
    if dir.exists() && !dir.is_dir() {
        anyhow::bail!(
            "--chunk-dir {}: exists and is not a directory",
            dir.display()
        );
    }
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot make the chunk directory {}", dir.display()))?;
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read the chunk directory {}", dir.display()))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    names.sort();
    for name in names {
        let path = dir.join(&name);
        let fail = |e: ChunkError| {
            anyhow::anyhow!(
                "chunk file {}: {e}; remove it, or give another --chunk-dir",
                path.display()
            )
        };
        let Some(id) = plan.chunk_of_file(&name).map_err(fail)? else {
            continue;
        };
        let bytes =
            std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        match plan.accept(id, &bytes) {
            Err(e) if e.is_torn() => {
                eprintln!(
                    "bitgames: warning: chunk file {}: {e}: solving it again",
                    path.display()
                );
                std::fs::remove_file(&path)
                    .with_context(|| format!("cannot remove {}", path.display()))?;
            }
            result => {
                result.map_err(|e| bad_chunk(dir, id, &e))?;
            }
        }
    }
    Ok(())
}

/// A line on standard error every `every` while stderr is not a terminal
/// (the bar is hidden there), so a build in the background shows progress.
struct Ticker {
    last: Mutex<Instant>,
    every: Duration,
    quiet: bool,
}

impl Ticker {
    fn new(every: Duration) -> Ticker {
        Ticker {
            last: Mutex::new(Instant::now()),
            every,
            quiet: std::io::stderr().is_terminal(),
        }
    }

    fn tick(&self, progress: &ProgressBar, started: Instant) {
        if self.quiet {
            return;
        }
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if last.elapsed() >= self.every {
            *last = Instant::now();
            let (pos, len) = (progress.position(), progress.length().unwrap_or(0));
            let secs = started.elapsed().as_secs_f64();
            eprintln!(
                "{}: {pos}/{len} positions, {secs:.0} s, {:.2} positions/s",
                progress.message(),
                pos as f64 / secs.max(1e-9)
            );
        }
    }
}

/// Solves every chunk of `plan` not in the chunk directory yet, deepest layer
/// first, the chunks of a layer side by side; writes the book.
fn build(mut plan: BookBuild, output: &Path, opts: &BuildOptions) -> anyhow::Result<ExitCode> {
    if output.is_dir() {
        anyhow::bail!("-o {}: is a directory, not a file name", output.display());
    }
    let started = Instant::now();
    let dir = &opts.chunk_dir;
    open_chunk_dir(&mut plan, dir)?;
    let (chunks_done, positions_done) = plan.done();
    if chunks_done > 0 {
        eprintln!(
            "resuming: {positions_done} positions already solved ({chunks_done} of {} chunks) in {}",
            plan.total_chunks(),
            dir.display()
        );
    }
    let progress = ProgressBar::new(plan.positions() as u64);
    progress.set_style(
        ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} positions, {elapsed} (ETA {eta})")
            .expect("a valid template"),
    );
    progress.inc(positions_done as u64);
    let ticker = Ticker::new(Duration::from_secs(60));
    let threads = opts.threads;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the solver threads")?;
    // One solver a thread, made once: its table is kept (what it learnt holds
    // for every position).
    let solvers: Vec<Mutex<Option<Solver>>> = (0..threads).map(|_| Mutex::new(None)).collect();
    for stones in plan.order().collect::<Vec<_>>() {
        let layer_started = Instant::now();
        progress.set_message(format!("{stones} stones"));
        let book = plan.book_below(stones).map(Arc::new);
        let todo = plan.pending(stones);
        let todo_positions: usize = todo.iter().map(|&id| plan.keys(id).len()).sum();
        // Each chunk goes to the chunk directory as soon as it is solved. The
        // positions of a chunk are solved side by side too, so that a layer
        // of fewer chunks than threads keeps every thread busy.
        let solved: anyhow::Result<Vec<(ChunkId, Chunk)>> = pool.install(|| {
            todo.par_iter()
                .map(|&id| {
                    let (header, keys) = (plan.header(id), plan.keys(id));
                    let scores = keys
                        .par_iter()
                        .enumerate()
                        .map(|(index, &key)| {
                            let slot = rayon::current_thread_index().unwrap_or(0) % threads;
                            let mut guard = solvers[slot].lock().unwrap_or_else(|e| e.into_inner());
                            let solver = guard
                                .get_or_insert_with(|| Solver::with_table_log2(opts.table_log2));
                            solver.set_book(book.clone());
                            let score = solve_key(solver, &header, index, key);
                            progress.inc(1);
                            ticker.tick(&progress, started);
                            score
                        })
                        .collect::<Result<Vec<i8>, ChunkError>>()
                        .map_err(|e| anyhow::anyhow!("{id}: {e}"))?;
                    let chunk = Chunk {
                        header,
                        keys: keys.to_vec(),
                        scores,
                    };
                    write_chunk(&plan, dir, id, &chunk)?;
                    Ok((id, chunk))
                })
                .collect()
        });
        for (id, chunk) in solved? {
            plan.accept_chunk(id, chunk)
                .map_err(|e| bad_chunk(dir, id, &e))?;
        }
        progress.suspend(|| {
            eprintln!(
                "{stones} stones: {} positions ({todo_positions} solved now) in {:.1} s",
                plan.layer_keys(stones).len(),
                layer_started.elapsed().as_secs_f64()
            )
        });
    }
    progress.finish_and_clear();
    let book = plan.book()?;
    let bytes = book.to_bytes()?;
    write_atomic(output, &bytes)?;
    if !opts.keep_chunks {
        remove_chunks(&plan, dir);
    }
    eprintln!(
        "book {}: {}, layers {}, {} positions, {} bytes, built in {:.1} s ({} positions solved now)",
        output.display(),
        plan.geometry(),
        plan.layers(),
        book.len(),
        bytes.len(),
        started.elapsed().as_secs_f64(),
        plan.positions() - positions_done
    );
    Ok(ExitCode::SUCCESS)
}

/// Removes the chunk files of this build, and the directory if that empties it.
fn remove_chunks(plan: &BookBuild, dir: &Path) {
    for stones in plan.order() {
        for index in 0..plan.chunks(stones) {
            let id = ChunkId {
                layer: stones,
                index,
            };
            std::fs::remove_file(dir.join(id.file_name())).ok();
            std::fs::remove_file(dir.join(format!(".{}.tmp", id.file_name()))).ok();
        }
    }
    std::fs::remove_dir(dir).ok();
}

/// Solves `n` random positions of each layer (each with a fresh table, no
/// book) and prints what building the layer would cost.
fn sample_cost(
    geometry: Geometry,
    layers: RangeInclusive<usize>,
    n: usize,
    seed: u64,
    threads: usize,
    table_log2: u32,
) -> anyhow::Result<ExitCode> {
    use rand::SeedableRng;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the solver threads")?;
    let key_bytes = (geometry.width() * (geometry.height() + 1)).div_ceil(8);
    println!(
        "| layer | positions | sampled | median s | mean s | max s | mean nodes | core-hours | bytes |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for d in layers {
        // A uniform sample of the layer itself (random games would favour
        // lopsided positions, which are cheap).
        eprintln!("bitgames: layer {d}: listing its positions");
        let layer = book_positions(geometry, d);
        let count = layer.len();
        let done = AtomicUsize::new(0);
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed ^ d as u64);
        let picks: Vec<Position> = rand::seq::index::sample(&mut rng, count, n.min(count))
            .into_iter()
            .map(|i| layer[i])
            .collect();
        let mut costs: Vec<(f64, u64)> = pool.install(|| {
            picks
                .par_iter()
                .map_init(
                    || Solver::with_table_log2(table_log2),
                    |solver, pos| {
                        // A cleared table per position (as cold as it gets):
                        // the table is allocated once a thread, as in a build.
                        solver.clear();
                        solver.reset_stats();
                        let t = Instant::now();
                        solver.solve(pos, Mode::Strong).expect("not over");
                        let (secs, nodes) = (t.elapsed().as_secs_f64(), solver.stats().nodes);
                        // Each position as it is solved: one can take hours.
                        let i = 1 + done.fetch_add(1, Ordering::Relaxed);
                        eprintln!(
                            "bitgames: layer {d} ({count} positions): {i} of {} solved: \
                             {secs:.1} s, {nodes} nodes",
                            picks.len()
                        );
                        (secs, nodes)
                    },
                )
                .collect()
        });
        if costs.is_empty() {
            continue;
        }
        costs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let k = costs.len() as f64;
        let mean = costs.iter().map(|c| c.0).sum::<f64>() / k;
        let nodes = costs.iter().map(|c| c.1 as f64).sum::<f64>() / k;
        println!(
            "| {d} | {count} | {} | {:.3} | {mean:.3} | {:.3} | {:.0} | {:.1} | {} |",
            costs.len(),
            costs[costs.len() / 2].0,
            costs[costs.len() - 1].0,
            nodes,
            mean * count as f64 / 3600.0,
            32 + count * (key_bytes + 1)
        );
    }
    Ok(ExitCode::SUCCESS)
}
