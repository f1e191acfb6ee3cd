//! `games`: self-play games of the engine from random starts, on every
//! core, written as the referee's `--json` lines (start, players, winner,
//! moves) with `scores`: the search's score of each move, for the player who
//! made it (the label `train` prefers), and `game` (and `branch`) numbers.
//!
//! For more varied games (positions the engine would not steer to itself,
//! as an opponent does): `--random-plies N` plays 0 to N random moves
//! (evenly drawn; never a move that ends the game) after the random
//! placements, before the engine takes over (the line's `start` is the
//! position after them); `--branch P`: at each of the engine's moves while
//! the game is undecided (the score within ±1,000), with chance P, the
//! position after another, random, move is set aside and played out by the
//! engine once the game is over, as a line of its own (`"branch"`: its
//! number, `"game"`: the game it left).

use crate::data::load_net;
use crate::parse;
use anyhow::Context;
use bitgames::engine::{Limits, Report};
use bitgames::santorini::God;
use bitgames::santorini::eval::network::NET_GODS;
use bitgames::santorini::players::random_start_with;
use bitgames::santorini::search::Engine;
use bitgames::santorini::{Move, Position};
use bitgames::{Game, Player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use serde_json::{Value, json};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A branch is set aside only while the search's score is within this
/// (not a forced result; a win chance under 99.99 % at the network's scale).
const UNDECIDED: i32 = 1_000;

/// The longest game played out (plies).
const MAX_PLIES: usize = 300;

#[derive(clap::Args)]
pub struct Args {
    /// Where to write the games, one JSON line each.
    out: PathBuf,
    /// How many games.
    #[arg(long, short, default_value_t = 500)]
    games: u64,
    /// The engine's time per move.
    #[arg(long, short, default_value = "15ms", value_parser = parse::duration)]
    time: Duration,
    /// Seed of the random starts, random plies and branches.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play with this network instead of the built-in one.
    #[arg(long, value_name = "FILE")]
    net: Option<String>,
    /// Play 0 to N random moves (evenly drawn) after the random placements.
    #[arg(long, value_name = "N", default_value_t = 0)]
    random_plies: u32,
    /// The chance of setting a branch aside at each undecided engine move.
    #[arg(long, value_name = "P", default_value_t = 0.0, value_parser = parse::fraction)]
    branch: f64,
    /// Give each game a random god for each player (any of the ten, or
    /// Mortal), drawn from the seed.
    #[arg(long)]
    gods: bool,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let net = args.net.as_deref().map(load_net).transpose()?;
    let file = std::fs::File::create(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    let out = Mutex::new(std::io::BufWriter::new(file));
    let limits = Limits::time(args.time);
    let done = AtomicUsize::new(0);
    (0..args.games).into_par_iter().try_for_each(|g| {
        let mut rng = SmallRng::seed_from_u64(args.seed ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let gods = if args.gods {
            [0, 1].map(|_| God::ALL[rng.random_range(0..NET_GODS)])
        } else {
            [God::Mortal; 2]
        };
        let start = start_with_random_plies(&mut rng, args.random_plies, gods);
        let mut engine = Engine::default();
        if let Some(net) = &net {
            engine = engine.with_net(net.clone());
        }
        let mut set_aside = Vec::new();
        let line = play_out(&mut engine, start, limits, &mut |pos, report| {
            if args.branch > 0.0
                && report.score.unwrap_or(0).abs() < UNDECIDED
                && rng.random_bool(args.branch)
            {
                let moves = pos.legal_moves();
                let other = moves[rng.random_range(0..moves.len())];
                if Some(other) != report.best {
                    let mut next = *pos;
                    next.play_unchecked(other);
                    if !next.outcome().is_over() {
                        set_aside.push(next);
                    }
                }
            }
        });
        let mut lines = vec![with_number(line, g + 1, None)];
        for (i, start) in set_aside.into_iter().enumerate() {
            let line = play_out(&mut engine, start, limits, &mut |_, _| {});
            lines.push(with_number(line, g + 1, Some(i + 1)));
        }
        {
            let mut out = out.lock().expect("no panic");
            for line in lines {
                writeln!(out, "{line}")
                    .with_context(|| format!("cannot write {}", args.out.display()))?;
            }
        }
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if n.is_multiple_of(50) {
            eprintln!("{n}/{} games", args.games);
        }
        anyhow::Ok(())
    })?;
    out.into_inner()
        .expect("no panic")
        .flush()
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    eprintln!("{} games written to {}", args.games, args.out.display());
    Ok(())
}

/// A random start with `gods`, then 0 to `plies` random moves (drawn evenly), none of
/// which ends the game.
fn start_with_random_plies(rng: &mut SmallRng, plies: u32, gods: [God; 2]) -> Position {
    let mut pos =
        random_start_with(gods, rng).expect("the lab draws gods that may face each other");
    let n = if plies > 0 {
        rng.random_range(0..=plies)
    } else {
        0
    };
    for _ in 0..n {
        let moves: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&mv| {
                let mut next = pos;
                next.play_unchecked(mv);
                !next.outcome().is_over()
            })
            .collect();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    pos
}

/// The engine's game from `start` to its end (at most [`MAX_PLIES`]), as a
/// `--json` line without its number; `each` sees each position and the
/// search's report before the move is played.
fn play_out(
    engine: &mut Engine,
    start: Position,
    limits: Limits,
    each: &mut dyn FnMut(&Position, &Report<Move>),
) -> Value {
    let mut pos = start;
    let mut moves = Vec::new();
    let mut scores = Vec::new();
    while !pos.outcome().is_over() && moves.len() < MAX_PLIES {
        let report = engine.search(&pos, limits);
        let Some(mv) = report.best else {
            break;
        };
        each(&pos, &report);
        moves.push(mv.to_string());
        scores.push(report.score);
        pos.play_unchecked(mv);
    }
    let winner = match pos.outcome().winner() {
        Some(Player::One) => json!("a"),
        Some(Player::Two) => json!("b"),
        None => Value::Null,
    };
    json!({
        "start": start.to_string(), "player1": "a", "player2": "b",
        "winner": winner, "moves": moves, "scores": scores, "final": pos.to_string(),
    })
}

/// The line with its game number and, for a game set aside, its branch number.
fn with_number(mut line: Value, game: u64, branch: Option<usize>) -> Value {
    line["game"] = json!(game);
    if let Some(b) = branch {
        line["branch"] = json!(b);
    }
    line
}
