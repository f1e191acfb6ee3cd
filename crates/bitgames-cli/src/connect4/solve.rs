//! `bitgames connect4 solve`: a batch of positions, solved on every core,
//! answered in input order.

use crate::cli_util::input_lines;
use anyhow::Context;
use bitgames::connect4::Geometry;
use bitgames::connect4::Position;
use bitgames::connect4::solver::book::Book;
use bitgames::connect4::solver::{Mode, Solver};
use bitgames::excerpt;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// One input line, read.
struct Job {
    line: usize,
    source: String,
    moves: String,
    expected: Option<i32>,
    position: Result<Position, String>,
}

/// What became of one line.
enum Answer {
    Solved {
        score: i32,
        nodes: u64,
        micros: u128,
        searched: u64,
    },
    Bad(String),
}

/// Parses `moves` or `moves score`.
fn parse_line(geometry: Geometry, text: &str) -> (String, Option<i32>, Result<Position, String>) {
    let mut words = text.split_whitespace();
    let moves = words.next().unwrap_or("").to_string();
    let expected = match words.next().map(str::parse::<i32>) {
        None => None,
        Some(Ok(v)) => Some(v),
        Some(Err(_)) => {
            let e = format!(
                "`{}` after the moves is not a score (an integer)",
                excerpt(text.split_whitespace().nth(1).unwrap_or(""))
            );
            return (moves, None, Err(e));
        }
    };
    if let Some(extra) = words.next() {
        return (
            moves,
            expected,
            Err(format!("unexpected `{}` after the score", excerpt(extra))),
        );
    }
    // `-` stands for no moves: the empty board (blank lines are skipped).
    let played = if moves == "-" { "" } else { moves.as_str() };
    let position = Position::from_moves_in(geometry, played).map_err(|e| e.to_string());
    (moves, expected, position)
}

fn solve_one(solver: &mut Solver, pos: &Position, weak: bool) -> Answer {
    let mode = if weak { Mode::Weak } else { Mode::Strong };
    // A fresh table for each position, as in `bench`: what one position
    // learnt seldom helps the next, and a table that stays grown costs
    // cache misses at every node.
    solver.clear();
    solver.reset_stats();
    let started = Instant::now();
    match solver.solve(pos, mode) {
        Ok(score) => Answer::Solved {
            score,
            nodes: solver.stats().nodes,
            micros: started.elapsed().as_micros(),
            searched: solver.stats().searched,
        },
        Err(e) => Answer::Bad(e.to_string()),
    }
}

/// The options of `bitgames connect4 solve`.
pub struct Options {
    /// Win/draw/loss only.
    pub weak: bool,
    /// An opening book.
    pub book: Option<Arc<Book>>,
    /// Print nodes, microseconds and the nodes past the static checks.
    pub stats: bool,
    /// Threads.
    pub jobs: Option<usize>,
    /// log2 of the table's buckets.
    pub table_log2: u32,
}

/// Solves every line of `files` (or stdin); see the `Solve` subcommand's help.
pub fn run(files: &[PathBuf], geometry: Geometry, options: &Options) -> anyhow::Result<ExitCode> {
    let Options {
        weak,
        ref book,
        stats,
        jobs,
        table_log2,
    } = *options;
    let lines = input_lines(files)?;
    let jobs_list: Vec<Job> = lines
        .into_iter()
        .filter(|(_, _, text)| !matches!(text, Ok(t) if t.trim().is_empty()))
        .map(|(source, line, text)| {
            let (moves, expected, position) = match text {
                Ok(text) => parse_line(geometry, &text),
                Err(e) => (String::new(), None, Err(e)),
            };
            Job {
                line,
                source,
                moves,
                expected,
                position,
            }
        })
        .collect();
    let threads = jobs.unwrap_or_else(rayon::current_num_threads).max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the solver threads")?;
    let progress = ProgressBar::new(jobs_list.len() as u64);
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {elapsed} (ETA {eta})")
            .expect("a valid template"),
    );
    // One solver a thread, made once and kept from one position to the next
    // (with its table); a lone position gets every thread.
    let lone = jobs_list.len() == 1;
    let solvers: Vec<Mutex<Option<Solver>>> = (0..threads).map(|_| Mutex::new(None)).collect();
    let with_solver = |job: &Job| {
        let slot = rayon::current_thread_index().unwrap_or(0) % threads;
        let mut guard = solvers[slot].lock().unwrap_or_else(|e| e.into_inner());
        let solver = guard.get_or_insert_with(|| {
            let mut s = Solver::with_table_log2(table_log2);
            s.set_book(book.clone());
            if lone {
                s.set_threads(threads);
            }
            if stats {
                // Times without the first writes to each page of the table
                // (as the peers' drivers time theirs).
                s.prefault_table();
            }
            s
        });
        match &job.position {
            Ok(pos) => solve_one(solver, pos, weak),
            Err(e) => Answer::Bad(e.clone()),
        }
    };
    let mut failed = false;
    let stdout = std::io::stdout();
    // Chunks keep the output flowing in input order while every core works.
    for chunk in jobs_list.chunks(threads * 8) {
        let answers: Vec<Answer> = pool.install(|| {
            chunk
                .par_iter()
                .map(|job| {
                    let answer = with_solver(job);
                    progress.inc(1);
                    answer
                })
                .collect()
        });
        let mut out = stdout.lock();
        for (job, answer) in chunk.iter().zip(answers) {
            match answer {
                Answer::Solved {
                    score,
                    nodes,
                    micros,
                    searched,
                } => {
                    if stats {
                        writeln!(out, "{} {score} {nodes} {micros} {searched}", job.moves)?;
                    } else {
                        writeln!(out, "{} {score}", job.moves)?;
                    }
                    if let Some(expected) = job.expected {
                        let want = if weak { expected.signum() } else { expected };
                        if want != score {
                            failed = true;
                            progress.suspend(|| {
                                eprintln!(
                                    "bitgames: {}: line {}: `{}`: expected {want}, solved {score}",
                                    job.source, job.line, job.moves
                                )
                            });
                        }
                    }
                }
                Answer::Bad(e) => {
                    failed = true;
                    progress.suspend(|| {
                        eprintln!("bitgames: error: {}: line {}: {e}", job.source, job.line)
                    });
                }
            }
        }
        out.flush()?;
    }
    progress.finish_and_clear();
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
