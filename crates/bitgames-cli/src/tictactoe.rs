//! `bitgames tictactoe ...`: analyse, count, perft and play.

use crate::levels::LevelArgs;
use anyhow::{Context, bail};
use bitgames::engine::Limits;
use bitgames::registry::Registered;
use bitgames::tictactoe::solver::{Solver, Value};
use bitgames::tictactoe::{Board, Position, Square, counts, mark, masks, naive, winlines};
use bitgames::{Game, Outcome, tools};
use clap::{Subcommand, ValueEnum};
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// Tic-tac-toe subcommands. Squares are 1..9 row by row from the top-left, or
/// a1..c3 (row a..c from the top, column 1..3); a position is the moves played, e.g. 1524.
#[derive(Subcommand)]
pub enum Command {
    /// The board, whose turn, and the perfect-play value of the position and of every legal move.
    Analyze {
        /// The moves played, e.g. `1524` or `a1 b2 a2`; empty for the start (or a board like `X.O/.X./...`).
        #[arg(default_value = "", allow_hyphen_values = true)]
        moves: String,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The classic counts, computed now: games, results, lengths, positions, perft.
    Count,
    /// Perft: the number of move sequences of a given length from a position.
    Perft {
        /// Number of moves (0..=9).
        depth: u32,
        /// The moves played before (default: the empty board).
        #[arg(long, default_value = "")]
        moves: String,
        /// Which representation counts.
        #[arg(long, value_enum, default_value_t = Repr::Masks)]
        repr: Repr,
    },
    /// A game in the terminal against the perfect player (or a weaker one: `--level`).
    Play {
        /// Who moves first (X).
        #[arg(long, value_enum, default_value_t = First::Human)]
        first: First,
        #[command(flatten)]
        level: LevelArgs,
    },
}

/// The three interchangeable representations.
#[derive(Clone, Copy, ValueEnum)]
pub enum Repr {
    /// The array of nine cells (the naive twin).
    Naive,
    /// Two 9-bit boards and the eight win masks.
    Masks,
    /// The 32-bit win-line encoding.
    Winlines,
}

/// Who moves first in `play`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You play X.
    Human,
    /// The engine plays X.
    Ai,
}

pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Analyze { moves, json } => analyze(&moves, json),
        Command::Count => count(),
        Command::Perft { depth, moves, repr } => perft(depth, &moves, repr),
        Command::Play { first, level } => play(first, level),
    }
}

/// A position from moves or a board; `-` (or nothing) is the empty board.
fn parse(moves: &str) -> anyhow::Result<Position> {
    let text = if moves.trim() == "-" { "" } else { moves };
    text.parse::<Position>().with_context(|| {
        format!(
            "bad {} position `{}`",
            Position::PROSE_NAME,
            bitgames::excerpt(moves)
        )
    })
}

/// The value of the position in words, from X's or O's side.
fn describe(value: Value, pos: &Position) -> String {
    let p = mark(pos.to_move());
    match value {
        Value::Draw => "draw with perfect play".into(),
        v => format!("{v} for {p}"),
    }
}

fn analyze(moves: &str, as_json: bool) -> anyhow::Result<ExitCode> {
    let pos = parse(moves)?;
    let solver = Solver::new();
    let value = solver.value(&pos);
    let move_values = solver.move_values(&pos);
    let best = solver.best_moves(&pos);
    if as_json {
        // The API's answer, by the same function: the same keys.
        let out = bitgames_api::tictactoe::analysis(&solver, &pos, moves);
        println!("{out}");
        return Ok(ExitCode::SUCCESS);
    }
    print!("{}", pos.picture());
    match (pos.outcome(), pos.winning_line()) {
        (Outcome::Win(p), Some((_, line))) => println!("Game over: {} wins ({line}).", mark(p)),
        (Outcome::Draw, _) => println!("Game over: draw."),
        _ => {
            println!(
                "{} to move: {}.",
                mark(pos.to_move()),
                describe(value, &pos)
            );
            println!("move  square  value");
            for (sq, v) in move_values {
                let star = if best.contains(&sq) { "  best" } else { "" };
                println!("{:>4}  {:>6}  {v}{star}", sq.to_string(), sq.name());
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn count() -> anyhow::Result<ExitCode> {
    let c = counts::compute::<masks::Board>();
    println!("possible games:          {:>9}", c.games);
    println!("  X wins:                {:>9}", c.x_wins);
    println!("  O wins:                {:>9}", c.o_wins);
    println!("  draws:                 {:>9}", c.draws);
    for n in 5..=9 {
        println!("  ending after {n} moves:  {:>9}", c.games_by_length[n]);
    }
    println!("reachable positions:     {:>9}", c.positions);
    println!("  up to symmetry:        {:>9}", c.positions_up_to_symmetry);
    println!("perft by depth:");
    for (d, n) in c.perft.iter().enumerate() {
        println!("  depth {d}:               {n:>9}");
    }
    Ok(ExitCode::SUCCESS)
}

fn perft(depth: u32, moves: &str, repr: Repr) -> anyhow::Result<ExitCode> {
    fn count<B: Board>(moves: &str, depth: u32) -> anyhow::Result<u64> {
        let pos: B = B::from_moves(moves)
            .with_context(|| format!("bad moves `{}`", bitgames::excerpt(moves)))?;
        Ok(tools::perft(&pos, depth))
    }
    if depth > 9 {
        bail!("depth {depth} is more than the 9 squares of the board");
    }
    let n = match repr {
        Repr::Naive => count::<naive::Board>(moves, depth)?,
        Repr::Masks => count::<masks::Board>(moves, depth)?,
        Repr::Winlines => count::<winlines::Board>(moves, depth)?,
    };
    println!("{n}");
    Ok(ExitCode::SUCCESS)
}

fn play(first: First, level: LevelArgs) -> anyhow::Result<ExitCode> {
    let solver = Solver::new();
    let mut engine = <Position as Registered>::engine();
    let mut engine_moves = 0;
    let mut pos = Position::default();
    let human = if first == First::Human {
        bitgames::Player::One
    } else {
        bitgames::Player::Two
    };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout();
    println!(
        "You are {}. Squares are 1..9 (or a1..c3); q quits.",
        mark(human)
    );
    while !pos.outcome().is_over() {
        if pos.to_move() == human {
            print!("{}Your move: ", pos.picture());
            out.flush()?;
            let Some(line) = lines.next() else {
                println!("\nInput ended; game abandoned.");
                return Ok(ExitCode::SUCCESS);
            };
            let line = line?;
            let text = line.trim();
            if text.eq_ignore_ascii_case("q") {
                println!("Game abandoned.");
                return Ok(ExitCode::SUCCESS);
            }
            match text.parse::<Square>() {
                Ok(sq) => {
                    if let Err(e) = pos.play(sq) {
                        println!("Not legal: {e}.");
                    }
                }
                Err(e) => println!("{e}."),
            }
        } else {
            let mv = if level.is_weaker() {
                let limits = level.limits_for_move(Limits::default(), engine_moves);
                let r = engine.think(&pos, limits);
                let mv = r.best.expect("a game not over has a move");
                println!("I play {mv} ({}): {}.", mv.name(), r.score_text);
                mv
            } else {
                let mv = solver.best_moves(&pos)[0];
                println!("I play {mv} ({}).", mv.name());
                mv
            };
            engine_moves += 1;
            pos.play_unchecked(mv);
        }
    }
    print!("{}", pos.picture());
    match pos.outcome() {
        Outcome::Win(p) if p == human => println!("You win."),
        Outcome::Win(_) => println!("I win."),
        _ => println!("Draw."),
    }
    Ok(ExitCode::SUCCESS)
}
