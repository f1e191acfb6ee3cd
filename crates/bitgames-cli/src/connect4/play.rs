//! `bitgames connect4 play`: a game in the terminal against the perfect player.

use super::{Size, load_book, score_words};
use bitgames::connect4::Position;
use bitgames::connect4::solver::{Mode, SolveError, Solver};
use bitgames::{Game, Outcome, Player};
use clap::ValueEnum;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    /// Who moves first (X).
    #[arg(long, value_enum, default_value_t = First::Human)]
    first: First,
    /// An opening book for this board size: perfect play from the first move.
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
    /// Seconds the engine may think per move. Early positions take longer
    /// without a book: the engine then plays the most central column that
    /// neither misses a win nor allows one at once, and says so.
    #[arg(long, default_value_t = 5.0)]
    think: f64,
    #[command(flatten)]
    size: Size,
}

/// Who moves first in `play`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You play X.
    Human,
    /// The engine plays X.
    Ai,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let geometry = args.size.geometry()?;
    if !(args.think.is_finite() && (0.0..=crate::cli_util::MAX_SECONDS).contains(&args.think)) {
        anyhow::bail!(
            "--think {}: give a number of seconds from 0 to {} (a day)",
            args.think,
            crate::cli_util::MAX_SECONDS
        );
    }
    let think = Duration::from_secs_f64(args.think);
    let mut solver = Solver::new();
    solver.set_book(load_book(args.book.as_deref(), geometry)?);
    let human = match args.first {
        First::Human => Player::One,
        First::Ai => Player::Two,
    };
    let mark = |p: Player| if p == Player::One { 'X' } else { 'O' };
    let width = geometry.width();
    let mut pos = Position::new(geometry);
    let mut moves = String::new();
    let stdin = std::io::stdin();
    // Piped input is not echoed by a terminal: echo it, for a readable transcript.
    let echo = !stdin.is_terminal();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout();
    println!(
        "You are {} (player {human}). Type a column 1..{width} and Enter; q quits.",
        mark(human)
    );
    while !pos.outcome().is_over() {
        if pos.to_move() == human {
            print!("{pos}\nYour move: ");
            out.flush()?;
            let Some(line) = lines.next() else {
                println!("\nInput ended; game abandoned after moves `{moves}`.");
                return Ok(ExitCode::SUCCESS);
            };
            let line = line?;
            let text = line.trim();
            if echo {
                println!("{text}");
            }
            if text.eq_ignore_ascii_case("q") {
                println!("Game abandoned after moves `{moves}`.");
                return Ok(ExitCode::SUCCESS);
            }
            match text.parse::<usize>() {
                Ok(col @ 1..) => match pos.play(col - 1) {
                    Ok(()) => moves.push_str(text),
                    Err(e) => println!("Not legal: {e}."),
                },
                _ => println!(
                    "`{}` is not a column: type 1..{width} (q quits).",
                    bitgames::excerpt(text)
                ),
            }
        } else {
            let (col, why) = engine_move(&mut solver, &pos, think);
            println!("I play column {}{why}.", col + 1);
            pos.play(col)?;
            moves.push_str(&(col + 1).to_string());
        }
    }
    println!("{pos}");
    match pos.outcome() {
        Outcome::Win(p) if p == human => println!("You win. Moves: {moves}"),
        Outcome::Win(_) => println!("I win. Moves: {moves}"),
        _ => println!("Draw. Moves: {moves}"),
    }
    Ok(ExitCode::SUCCESS)
}

/// The best column by the solver within `think`, else a safe central one;
/// with the reason in words, for the player.
fn engine_move(solver: &mut Solver, pos: &Position, think: Duration) -> (usize, String) {
    solver.set_deadline(Some(Instant::now() + think));
    let result = solver.analyze(pos, Mode::Strong);
    solver.set_deadline(None);
    match result {
        Ok(analysis) => {
            let col = analysis.best.expect("a game that is not over has a column");
            let score = analysis.score.expect("a best column has a score");
            let words = score_words(score, pos.moves_played(), pos.geometry().cells(), false);
            (col, format!(" (score {score}: {words})"))
        }
        Err(SolveError::Interrupted(_)) => (
            safe_central_column(pos),
            format!(
                " (not solved within {:.1} s: the most central column that misses no win and allows none at once)",
                think.as_secs_f64()
            ),
        ),
        Err(SolveError::GameOver(_)) => unreachable!("the game is not over"),
    }
}

/// A win at once if there is one; else a block of the opponent's win at once;
/// else the most central column after which the opponent cannot win at once;
/// else the most central playable column.
fn safe_central_column(pos: &Position) -> usize {
    let g = pos.geometry();
    let w = g.width();
    let mut cols: Vec<usize> = (0..w).filter(|&c| pos.can_play(c)).collect();
    cols.sort_by_key(|&c| (2 * c).abs_diff(w - 1));
    let in_column = |cells: u64| {
        cols.iter()
            .copied()
            .find(|&c| cells & g.column_mask(c) != 0)
    };
    if let Some(c) = in_column(pos.winning_moves()) {
        return c;
    }
    let threats = g.winning_cells(pos.opponent(), pos.mask()) & pos.playable_cells();
    if let Some(c) = in_column(threats) {
        return c;
    }
    cols.iter()
        .copied()
        .find(|&c| {
            let after = pos.after(c).expect("a playable column");
            after.winning_moves() == 0
        })
        .unwrap_or(cols[0])
}
