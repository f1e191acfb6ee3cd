//! `bitgames connect4 analyze`: the score of every column.

use super::{DEFAULT_VERIFY, Size, load_book_verified, parse_position, score_words};
use bitgames::Game;
use bitgames::connect4::grid::{draw_words, grid_string};
use bitgames::connect4::solver::{Column, Mode, Solver};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    /// The moves played, 1-based columns (`4453`; `-` or nothing for the empty
    /// board), or a grid of 0/1/2, top row first, rows separated by `/` or line
    /// breaks (`0000000/0000000/0000000/0000000/0002000/0021100`).
    #[arg(default_value = "", allow_hyphen_values = true)]
    position: String,
    /// Print one JSON object: moves, to_move (1 or 2), scores (one per column,
    /// null for a full or unfinished one), results (words), exact (whether each
    /// score is exact), best (1-based column), score.
    #[arg(long)]
    json: bool,
    /// Only win (1), draw (0) or loss (-1): faster.
    #[arg(long)]
    weak: bool,
    /// At most this long (`2s`, `500ms`, `1.5`: seconds, at most a day): each column is
    /// first told win/draw/loss, then solved exactly while time is left; a
    /// column not finished says `unknown`. Without it, every column is solved
    /// exactly, however long that takes.
    #[arg(long, value_parser = crate::cli_util::parse_duration, value_name = "TIME")]
    time: Option<Duration>,
    /// Threads (default: every core); the columns are solved side by side.
    #[arg(long, short, value_parser = crate::cli_util::parse_jobs)]
    jobs: Option<usize>,
    /// An opening book (`bitgames connect4 book` writes one; Pons' and
    /// BitBully's are read too) for this board size.
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
    /// Entries of a book from elsewhere checked against the solver when it is loaded.
    #[arg(long, default_value_t = DEFAULT_VERIFY, value_name = "N")]
    verify: usize,
    /// Also draw the bitboards `position`, `mask` and `key`, spare row on top.
    #[arg(long)]
    bits: bool,
    #[command(flatten)]
    size: Size,
}

/// What is known of one column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    Full,
    Exact(i32),
    /// Win (1), draw (0) or loss (-1) only.
    Sign(i32),
    Unknown,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let geometry = args.size.geometry()?;
    let text = if args.position.trim() == "-" {
        ""
    } else {
        args.position.as_str()
    };
    let (pos, moves) = parse_position(text, geometry)?;
    let outcome = pos.outcome();
    if outcome.is_over() {
        anyhow::bail!(
            "Connect Four position `{}`: the game is already over ({outcome}): there is nothing to analyse",
            args.position.trim()
        );
    }
    let threads = args.jobs.unwrap_or_else(rayon::current_num_threads).max(1);
    let mut solver = Solver::new();
    solver.set_book(load_book_verified(
        args.book.as_deref(),
        geometry,
        args.verify,
    )?);
    solver.set_threads(threads);
    let started = Instant::now();
    let deadline = args.time.map(|t| started + t);
    let playable = (0..geometry.width()).filter(|&c| pos.can_play(c)).count();
    let progress = indicatif::ProgressBar::new(playable as u64);
    progress.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} {pos}/{len} columns, {elapsed}")
            .expect("a valid template"),
    );
    progress.enable_steady_tick(Duration::from_millis(200));
    let mut known = vec![Known::Full; geometry.width()];
    let mut run_pass = |mode: Mode, label: &str| -> anyhow::Result<Vec<Column>> {
        progress.set_position(0);
        progress.set_message(format!(
            "{label} of a position with {} stones:",
            pos.moves_played()
        ));
        solver.set_deadline(deadline);
        let done = |col: usize, score: i32| {
            progress.inc(1);
            progress.println(format!("column {}: {score}", col + 1));
        };
        let done_quiet = |_: usize, _: i32| progress.inc(1);
        let report: &(dyn Fn(usize, i32) + Sync) = if args.json || !std::io::stderr().is_terminal()
        {
            &done_quiet
        } else {
            &done
        };
        Ok(solver.analyze_columns(&pos, mode, report)?)
    };
    if args.weak {
        for (k, c) in known.iter_mut().zip(run_pass(Mode::Weak, "win/draw/loss")?) {
            *k = match c {
                Column::Full => Known::Full,
                Column::Score(s) => Known::Sign(s.signum()),
                Column::Unfinished => Known::Unknown,
            };
        }
    } else {
        if deadline.is_some() {
            for (k, c) in known.iter_mut().zip(run_pass(Mode::Weak, "win/draw/loss")?) {
                *k = match c {
                    Column::Full => Known::Full,
                    Column::Score(s) => Known::Sign(s.signum()),
                    Column::Unfinished => Known::Unknown,
                };
            }
        }
        for (k, c) in known
            .iter_mut()
            .zip(run_pass(Mode::Strong, "exact scores")?)
        {
            if let Column::Score(s) = c {
                *k = Known::Exact(s);
            } else if c == Column::Full {
                *k = Known::Full;
            } else if deadline.is_none() {
                *k = Known::Unknown;
            }
        }
    }
    progress.finish_and_clear();
    let elapsed = started.elapsed();
    let (stones, cells) = (pos.moves_played(), geometry.cells());
    let word = |k: Known| match k {
        Known::Full => None,
        Known::Exact(s) => Some(score_words(s, stones, cells, false)),
        Known::Sign(s) => Some(score_words(s, stones, cells, true)),
        Known::Unknown => Some("unknown".to_string()),
    };
    // The best column: the best exact score when every column is exact,
    // else the best sign, centre first among equals.
    let all_exact = known
        .iter()
        .all(|k| matches!(k, Known::Full | Known::Exact(_)));
    let rank = |k: Known| match k {
        Known::Exact(s) if all_exact => Some(s),
        Known::Exact(s) | Known::Sign(s) => Some(s.signum()),
        _ => None,
    };
    let any_unknown = known.contains(&Known::Unknown);
    let top = known.iter().filter_map(|&k| rank(k)).max();
    let order = bitgames::connect4::policy::centre_first(geometry);
    let best = if any_unknown && top != Some(1) {
        None
    } else {
        order
            .iter()
            .copied()
            .find(|&c| top.is_some() && rank(known[c]) == top)
    };
    // Centre first, as the library's `best_columns` (and the API) list them.
    let bests: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&c| best.is_some() && rank(known[c]) == top)
        .map(|c| c + 1)
        .collect();
    // The position's score: exact, or in weak mode its sign; not a guess.
    let score = if (all_exact || args.weak) && !any_unknown {
        top
    } else {
        None
    };
    if args.json {
        let out = json!({
            "moves": moves,
            "grid": grid_string(&pos),
            "width": geometry.width(),
            "height": geometry.height(),
            "to_move": pos.to_move().number(),
            "mode": if args.weak { "weak" } else { "strong" },
            "scores": known.iter().map(|&k| match k {
                Known::Exact(s) | Known::Sign(s) => Some(s),
                _ => None,
            }).collect::<Vec<_>>(),
            "exact": known.iter().map(|&k| match k {
                Known::Full => None,
                k => Some(matches!(k, Known::Exact(_))),
            }).collect::<Vec<_>>(),
            // The API's keys (`/api/connect4/analyze`): texts, best_columns, time_ms.
            "texts": known.iter().map(|&k| word(k)).collect::<Vec<_>>(),
            "best": best.map(|c| c + 1),
            "best_columns": bests,
            "score": score,
            "nodes": solver.stats().nodes,
            "time_ms": (elapsed.as_secs_f64() * 1e3).round() as u64,
        });
        println!("{out}");
        return Ok(ExitCode::SUCCESS);
    }
    println!("{pos}");
    if args.bits {
        print!("{}", draw_words(&pos));
    }
    let shown = if moves.is_empty() { "none" } else { &moves };
    println!(
        "Moves: {shown} ({stones} stones); grid {}",
        grid_string(&pos)
    );
    let player = pos.to_move();
    let mark = if player == bitgames::Player::One {
        'X'
    } else {
        'O'
    };
    let name = bitgames::registry::player_name::<bitgames::connect4::Position>(player);
    if let Some(score) = score {
        println!(
            "{name} ({mark}, player {player}) to move: score {score}, {}.",
            score_words(score, stones, cells, args.weak)
        );
    }
    println!("column  score  result");
    for (col, &k) in known.iter().enumerate() {
        let mark = if bests.contains(&(col + 1)) {
            "  best"
        } else {
            ""
        };
        match k {
            Known::Full => println!("{:>6}   full", col + 1),
            Known::Exact(s) => println!(
                "{:>6}  {s:>5}  {}{mark}",
                col + 1,
                word(k).unwrap_or_default()
            ),
            Known::Sign(s) if args.weak => {
                println!(
                    "{:>6}  {s:>5}  {}{mark}",
                    col + 1,
                    word(k).unwrap_or_default()
                );
            }
            Known::Sign(_) | Known::Unknown => {
                println!(
                    "{:>6}      ?  {}{mark}",
                    col + 1,
                    word(k).unwrap_or_default()
                );
            }
        }
    }
    if let Some(best) = best {
        println!("Best column: {}", best + 1);
    }
    if !all_exact && !args.weak {
        println!(
            "Not every column was solved exactly in {:.1} s: `?` columns show only win/draw/loss (or unknown). Give more --time for exact scores.",
            elapsed.as_secs_f64()
        );
    }
    Ok(ExitCode::SUCCESS)
}

use std::io::IsTerminal;
