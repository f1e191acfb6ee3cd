//! `bitgames connect4 analyze`: the score of every column.

use super::{DEFAULT_VERIFY, Size, load_book_verified, parse_position};
use bitgames::Game;
use bitgames::connect4::Position;
use bitgames::connect4::analysis::{Analysis, Budget, Known, analyze};
use bitgames::connect4::grid::{draw_words, grid_string};
use bitgames::connect4::score::Mode;
use bitgames::connect4::solver::Solver;
use bitgames::time::Instant;
use bitgames_api::connect4::{describe, merge, summary};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// The moves played, 1-based columns (`4453`; `-` or nothing for the empty
    /// board), or a grid of 0/1/2, top row first, rows separated by `/` or line
    /// breaks (`0000000/0000000/0000000/0000000/0002000/0021100`).
    #[arg(default_value = "", allow_hyphen_values = true)]
    position: String,
    /// Print one JSON object, the answer of the JSON API's
    /// `/api/connect4/analyze`: the position (moves, grid, board, to_move: 1
    /// or 2, ...) and per column scores (exact, else null), signs (win 1,
    /// draw 0, loss -1, else null), exact (null for a full column) and texts
    /// (words); complete, best (1-based column), best_columns, score,
    /// score_text, result, nodes, time_ms, budget_ms (the --time), note.
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
    /// At most this much memory for the solver's table (`512M`, `2G`;
    /// default: a quarter of the machine's, at most 4 GiB): a smaller table
    /// where the default would not fit.
    #[arg(long, value_name = "BYTES", value_parser = crate::serve::parse_memory)]
    memory: Option<usize>,
    #[command(flatten)]
    size: Size,
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
    let log2 = super::table_log2_within(
        args.memory,
        geometry,
        bitgames::connect4::solver::DEFAULT_TABLE_LOG2,
        1,
    )?;
    let mut solver = Solver::with_table_log2(log2);
    let book = load_book_verified(args.book.as_deref(), geometry, args.verify)?;
    let has_book = book.is_some();
    solver.set_book(book);
    solver.set_threads(threads);
    let started = Instant::now();
    let progress = indicatif::ProgressBar::new_spinner();
    progress.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} {elapsed}")
            .expect("a valid template"),
    );
    progress.set_message(format!(
        "analysing a position with {} stones:",
        pos.moves_played()
    ));
    progress.enable_steady_tick(Duration::from_millis(200));
    let loud = !args.json && std::io::stderr().is_terminal();
    let tick = |col: usize, score: i32| {
        if loud {
            progress.println(format!("column {}: {score}", col + 1));
        }
    };
    let budget = Budget {
        deadline: args.time.map(|t| started + t),
        mode: if args.weak { Mode::Weak } else { Mode::Strong },
        tick: Some(&tick),
    };
    let found = analyze(&mut solver, &pos, budget, &mut |_, _| true)?;
    progress.finish_and_clear();
    let note = (!found.complete()).then(|| {
        format!(
            "not every column was solved exactly in {:.1} s: `?` columns show only win/draw/loss (or unknown); give more --time for exact scores",
            found.elapsed().as_secs_f64()
        )
    });
    if args.json {
        // The API's answer (`/api/connect4/analyze`), in the API's words.
        let mut out = describe(&pos, &moves);
        let budget_ms = args.time.map(|t| t.as_millis() as u64);
        merge(&mut out, summary(&found, budget_ms, has_book, note));
        println!("{out}");
        return Ok(ExitCode::SUCCESS);
    }
    print_text(args, &pos, &moves, &found, note.as_deref());
    Ok(ExitCode::SUCCESS)
}

/// The board, the position's score and each column's, in words.
fn print_text(args: &Args, pos: &Position, moves: &str, found: &Analysis, note: Option<&str>) {
    println!("{pos}");
    if args.bits {
        print!("{}", draw_words(pos));
    }
    let stones = pos.moves_played();
    let shown = if moves.is_empty() { "none" } else { moves };
    println!(
        "Moves: {shown} ({stones} stones); grid {}",
        grid_string(pos)
    );
    let player = pos.to_move();
    let mark = if player == bitgames::Player::One {
        'X'
    } else {
        'O'
    };
    let name = bitgames::registry::player_name::<Position>(player);
    if let (Some(score), Some(words)) = (found.score(), found.score_words()) {
        println!("{name} ({mark}, player {player}) to move: score {score}, {words}.");
    }
    let best = found.best_columns();
    println!("column  score  result");
    for (col, &k) in found.columns().iter().enumerate() {
        let mark = if best.contains(&col) { "  best" } else { "" };
        let words = found.words(col).unwrap_or_else(|| "unknown".to_string());
        match k {
            Known::Full => println!("{:>6}   full", col + 1),
            Known::Exact(s) => println!("{:>6}  {s:>5}  {words}{mark}", col + 1),
            Known::Sign(s) if args.weak => println!("{:>6}  {s:>5}  {words}{mark}", col + 1),
            Known::Sign(_) | Known::Unknown => println!("{:>6}      ?  {words}{mark}", col + 1),
        }
    }
    if let Some(best) = found.best() {
        println!("Best column: {}", best + 1);
    }
    if let Some(note) = note {
        let mut note = note.to_string();
        if let Some(first) = note.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        println!("{note}.");
    }
}
