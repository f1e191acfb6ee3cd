//! Self-play games of the default engine from random starts, on every core,
//! written as the referee's `--json` lines (start, players, winner, moves),
//! as data for `--example santorini_tune` and `--example santorini_train`;
//! each line also has `scores`: the search's score of each move, for the
//! player who made it (the label `santorini_train` prefers).
//!
//! `cargo run --release -p bitgames --example santorini_games -- OUT.jsonl GAMES MS [SEED]`
//!
//! `OPTIONS` (an [`Options`] text, default `default`) and `NET` (a network
//! file of `--example santorini_train`) choose the engine.
//!
//! For more varied games (positions the engine would not steer to itself,
//! as an opponent does): `RANDOM_PLIES=N` plays 0 to N random moves (evenly
//! drawn; never a move that ends the game) after the random placements,
//! before the engine takes over (the line's `start` is the position after
//! them); `BRANCH=P`: at each of the engine's moves while the game is
//! undecided (the search's score within ±1,000: not a forced result, a win
//! chance under 99.99 %), with chance P, the position after another, random, move is
//! set aside and played out by the engine once the game is over, as a line
//! of its own (`"branch"`: its number, `"game"`: the game it left). Both 0
//! by default: the games of `games1`-`games10`.

use bitgames::engine::{Limits, Report};
use bitgames::santorini::Position;
use bitgames::santorini::search::{Engine, Options, random_move};
use bitgames::{Game, Player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A branch is set aside only while the search's score is within this
/// (not a forced result; a win chance under 99.99 % at the network's scale).
const UNDECIDED: i32 = 1_000;

#[path = "common/santorini_data.rs"]
mod santorini_data;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: santorini_games OUT.jsonl GAMES MS [SEED]");
        std::process::exit(2);
    }
    let out = Mutex::new(std::fs::File::create(&args[0]).expect("OUT.jsonl"));
    let games: u64 = args[1].parse().expect("GAMES");
    let ms: u64 = args[2].parse().expect("MS");
    let seed: u64 = args.get(3).map_or(1, |s| s.parse().expect("SEED"));
    let limits = Limits {
        depth: None,
        time: Some(Duration::from_millis(ms)),
    };
    let options: Options = std::env::var("OPTIONS")
        .map_or(Ok(Options::DEFAULT), |o| o.parse())
        .unwrap_or_else(|e| panic!("OPTIONS: {e}"));
    let net = santorini_data::net_from_env("NET");
    let random_plies: u32 = std::env::var("RANDOM_PLIES").map_or(0, |v| {
        v.parse()
            .unwrap_or_else(|e| panic!("RANDOM_PLIES={v:?}: {e}"))
    });
    let branch: f64 = std::env::var("BRANCH").map_or(0.0, |v| {
        v.parse::<f64>()
            .ok()
            .filter(|p| (0.0..=1.0).contains(p))
            .unwrap_or_else(|| panic!("BRANCH={v:?}: give a chance from 0 to 1"))
    });
    let done = AtomicUsize::new(0);
    (0..games).into_par_iter().for_each(|g| {
        let mut rng = SmallRng::seed_from_u64(seed ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let start = random_start(&mut rng, random_plies);
        let mut engine = Engine::default()
            .with_options(options)
            .with_net(net.clone());
        let mut set_aside = Vec::new();
        let line = play_out(&mut engine, start, limits, &mut |pos, report| {
            if branch > 0.0
                && report.score.unwrap_or(0).abs() < UNDECIDED
                && rng.random_bool(branch)
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
            let mut out = out.lock().unwrap();
            for line in lines {
                writeln!(out, "{line}").expect("write");
            }
        }
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if n.is_multiple_of(50) {
            eprintln!("{n}/{games} games");
        }
    });
}

/// Both placements at random, then 0 to `plies` random moves (drawn
/// evenly), none of which ends the game.
fn random_start(rng: &mut SmallRng, plies: u32) -> Position {
    let mut pos = Position::new();
    pos.play_unchecked(random_move(&pos, rng).unwrap());
    pos.play_unchecked(random_move(&pos, rng).unwrap());
    let n = if plies > 0 {
        rng.random_range(0..=plies)
    } else {
        0
    };
    for _ in 0..n {
        let moves: Vec<_> = pos
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

/// The engine's game from `start` to its end (at most 300 moves), as a
/// `--json` line without its number; `each` sees each position and the
/// search's report before the move is played.
fn play_out(
    engine: &mut Engine,
    start: Position,
    limits: Limits,
    each: &mut dyn FnMut(&Position, &Report<bitgames::santorini::Move>),
) -> serde_json::Value {
    let mut pos = start;
    let mut moves = Vec::new();
    let mut scores = Vec::new();
    while !pos.outcome().is_over() && moves.len() < 300 {
        let report = engine.search(&pos, limits);
        let mv = report.best.expect("a move");
        each(&pos, &report);
        moves.push(mv.to_string());
        scores.push(report.score);
        pos.play_unchecked(mv);
    }
    let winner = match pos.outcome().winner() {
        Some(Player::One) => serde_json::json!("a"),
        Some(Player::Two) => serde_json::json!("b"),
        None => serde_json::Value::Null,
    };
    serde_json::json!({
        "start": start.to_string(), "player1": "a", "player2": "b",
        "winner": winner, "moves": moves, "scores": scores, "final": pos.to_string(),
    })
}

/// The line with its game number and, for a game set aside, its branch number.
fn with_number(mut line: serde_json::Value, game: u64, branch: Option<usize>) -> serde_json::Value {
    line["game"] = serde_json::json!(game);
    if let Some(b) = branch {
        line["branch"] = serde_json::json!(b);
    }
    line
}
