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

use bitgames::santorini::Position;
use bitgames::santorini::search::{Engine, Limits, Options, random_move};
use bitgames::{Game, Player};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rayon::prelude::*;
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

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
    let done = AtomicUsize::new(0);
    (0..games).into_par_iter().for_each(|g| {
        let mut rng = SmallRng::seed_from_u64(seed ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut pos = Position::new();
        pos.play_unchecked(random_move(&pos, &mut rng).unwrap());
        pos.play_unchecked(random_move(&pos, &mut rng).unwrap());
        let start = pos;
        let mut engine = Engine::default()
            .with_options(options)
            .with_net(net.clone());
        let mut moves = Vec::new();
        let mut scores = Vec::new();
        while !pos.outcome().is_over() && moves.len() < 300 {
            let report = engine.search(&pos, limits);
            let mv = report.best.expect("a move");
            moves.push(mv.to_string());
            scores.push(report.score);
            pos.play_unchecked(mv);
        }
        let winner = match pos.outcome().winner() {
            Some(Player::One) => serde_json::json!("a"),
            Some(Player::Two) => serde_json::json!("b"),
            None => serde_json::Value::Null,
        };
        let line = serde_json::json!({
            "game": g + 1, "start": start.to_string(), "player1": "a", "player2": "b",
            "winner": winner, "moves": moves, "scores": scores, "final": pos.to_string(),
        });
        writeln!(out.lock().unwrap(), "{line}").expect("write");
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if n.is_multiple_of(50) {
            eprintln!("{n}/{games} games");
        }
    });
}
