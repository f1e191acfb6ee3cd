//! `bitgames connect4 analyze`: the score of every column.

use super::{Size, load_book, parse_position, score_words};
use bitgames::Game;
use bitgames::connect4::grid::{draw_words, grid_string};
use bitgames::connect4::solver::{Mode, Solver};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The moves played, 1-based columns (`4453`; empty for the empty board), or
    /// a grid of 0/1/2, top row first, rows separated by `/` or line breaks
    /// (`0000000/0000000/0000000/0000000/0002000/0021100`). Positions with few
    /// stones take long without a book (the empty board: minutes).
    #[arg(default_value = "", allow_hyphen_values = true)]
    position: String,
    /// Print one JSON object: moves, to_move (1 or 2), scores (one per column,
    /// null for a full one), best (1-based column), score.
    #[arg(long)]
    json: bool,
    /// Only win (1), draw (0) or loss (-1): faster.
    #[arg(long)]
    weak: bool,
    /// An opening book (`bitgames connect4 book` writes one) for this board size.
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
    /// Also draw the bitboards `position`, `mask` and `key`, spare row on top.
    #[arg(long)]
    bits: bool,
    #[command(flatten)]
    size: Size,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let geometry = args.size.geometry()?;
    let (pos, moves) = parse_position(&args.position, geometry)?;
    let outcome = pos.outcome();
    if outcome.is_over() {
        anyhow::bail!(
            "Connect Four position `{}`: the game is already over ({outcome}): there is nothing to analyse",
            args.position.trim()
        );
    }
    let mut solver = Solver::new();
    solver.set_book(load_book(args.book.as_deref(), geometry)?);
    // Every core searches each column (lazy SMP on a shared table).
    solver.set_threads(rayon::current_num_threads());
    let mode = if args.weak { Mode::Weak } else { Mode::Strong };
    let spinner = indicatif::ProgressBar::new_spinner();
    spinner.set_message(format!(
        "solving the {} columns of a position with {} stones",
        geometry.width(),
        pos.moves_played()
    ));
    spinner.enable_steady_tick(std::time::Duration::from_millis(200));
    let analysis = solver.analyze(&pos, mode);
    spinner.finish_and_clear();
    let analysis = analysis?;
    let (stones, cells) = (pos.moves_played(), geometry.cells());
    let words = |s: i32| score_words(s, stones, cells, args.weak);
    if args.json {
        let out = json!({
            "moves": moves,
            "grid": grid_string(&pos),
            "width": geometry.width(),
            "height": geometry.height(),
            "to_move": pos.to_move().number(),
            "mode": if args.weak { "weak" } else { "strong" },
            "scores": analysis.scores,
            "results": analysis.scores.iter().map(|s| s.map(words)).collect::<Vec<_>>(),
            "best": analysis.best.map(|c| c + 1),
            "score": analysis.score,
            "nodes": solver.stats().nodes,
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
    if let Some(score) = analysis.score {
        println!(
            "Player {player} ({mark}) to move: score {score}, {}.",
            words(score)
        );
    }
    println!("column  score  result");
    for (col, score) in analysis.scores.iter().enumerate() {
        match score {
            Some(s) => {
                let best = if analysis.best == Some(col) {
                    "  best"
                } else {
                    ""
                };
                println!("{:>6}  {s:>5}  {}{best}", col + 1, words(*s));
            }
            None => println!("{:>6}   full", col + 1),
        }
    }
    if let Some(best) = analysis.best {
        println!("Best column: {}", best + 1);
    }
    Ok(ExitCode::SUCCESS)
}
