//! `bitgames connect4 play`: a game in the terminal against the perfect
//! player, or a weaker one (`--level`).

use super::{Size, load_book};
use crate::levels::LevelArgs;
use bitgames::connect4::levels::think_at_level;
use bitgames::connect4::policy::{Basis, choose_move};
use bitgames::connect4::solver::Solver;
use bitgames::connect4::{Column, Position, write_moves};
use bitgames::engine::Limits;
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
    /// Time the engine may think per move, e.g. `5s`, `250ms`, `0.2` (seconds).
    /// Its move is exact when the book or the solver answers in time (every
    /// move, with the built-in book); otherwise it keeps the win/draw/loss if
    /// that was solved, else plays a quick move of a short search, and says
    /// which. (`--think` is an old name of this flag.)
    #[arg(long, short, alias = "think", default_value = "5s", value_parser = crate::cli_util::parse_duration)]
    time: Duration,
    #[command(flatten)]
    size: Size,
    #[command(flatten)]
    level: LevelArgs,
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
    let think = args.time;
    let mut solver = Solver::new();
    solver.set_book(load_book(args.book.as_deref(), geometry)?);
    // Every core searches each column (lazy SMP on a shared table).
    solver.set_threads(rayon::current_num_threads());
    let human = match args.first {
        First::Human => Player::One,
        First::Ai => Player::Two,
    };
    let mark = |p: Player| if p == Player::One { 'X' } else { 'O' };
    let width = geometry.width();
    let mut pos = Position::new(geometry);
    let mut played: Vec<Column> = Vec::new();
    let moves = |played: &[Column]| write_moves(width, played);
    let stdin = std::io::stdin();
    // Piped input is not echoed by a terminal: echo it, for a readable transcript.
    let echo = !stdin.is_terminal();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout();
    let mut engine_moves = 0;
    println!(
        "You are {} ({}, player {human}). Type a column 1..{width} and Enter; q quits.",
        bitgames::registry::player_name::<Position>(human),
        mark(human)
    );
    while !pos.outcome().is_over() {
        if pos.to_move() == human {
            print!("{pos}\nYour move: ");
            out.flush()?;
            let Some(line) = lines.next() else {
                println!(
                    "\nInput ended; game abandoned after moves `{}`.",
                    moves(&played)
                );
                return Ok(ExitCode::SUCCESS);
            };
            let line = line?;
            let text = line.trim();
            if echo {
                println!("{text}");
            }
            if text.eq_ignore_ascii_case("q") {
                println!("Game abandoned after moves `{}`.", moves(&played));
                return Ok(ExitCode::SUCCESS);
            }
            match text.parse::<usize>() {
                Ok(col @ 1..) => match pos.play(col - 1) {
                    Ok(()) => played.push(Column((col - 1) as u8)),
                    Err(e) => println!("Not legal: {e}."),
                },
                _ => println!(
                    "`{}` is not a column: type 1..{width} (q quits).",
                    bitgames::excerpt(text)
                ),
            }
        } else {
            let (col, why) = match args.level.level.filter(|_| args.level.is_weaker()) {
                Some(level) => {
                    let limits = args
                        .level
                        .limits_for_move(Limits::time(think), engine_moves);
                    let r =
                        think_at_level(&mut solver, &pos, limits, level, Instant::now() + think);
                    let col = r.best.expect("a game not over has a column").index();
                    (col, format!(": {}", r.score_text))
                }
                None => engine_move(&mut solver, &pos, think)?,
            };
            engine_moves += 1;
            println!("I play column {}{why}.", col + 1);
            pos.play(col)?;
            played.push(Column(col as u8));
        }
    }
    println!("{pos}");
    let moves = moves(&played);
    match pos.outcome() {
        Outcome::Win(p) if p == human => println!("You win. Moves: {moves}"),
        Outcome::Win(_) => println!("I win. Moves: {moves}"),
        _ => println!("Draw. Moves: {moves}"),
    }
    Ok(ExitCode::SUCCESS)
}

/// The engine's column by the library's policy (exact when the book or the
/// solver answers within `think`), with the reason in words for the player.
fn engine_move(
    solver: &mut Solver,
    pos: &Position,
    think: Duration,
) -> anyhow::Result<(usize, String)> {
    let chosen = choose_move(solver, pos, Instant::now() + think)?;
    let why = match chosen.basis {
        Basis::Exact { .. } => format!(" ({chosen})"),
        _ => format!(" ({chosen}: {:.1} s were not enough)", think.as_secs_f64()),
    };
    Ok((chosen.column, why))
}
