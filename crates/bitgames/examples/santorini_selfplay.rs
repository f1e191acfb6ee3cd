//! Self-play between two sets of search refinements, in one process:
//! each random start (both placements at random) is played twice, colours
//! swapped, at a fixed time per move.
//!
//! `cargo run --release -p bitgames --example santorini_selfplay -- A B STARTS MS [SEED]`
//! where A and B are [`Options`] texts (`default`, `all`, `baseline`, `-null`, `killers,time`, ...).
//! `PLACEMENT=engine-vs-random`: each game starts from the empty board, A
//! places its workers by search and B at random, then both play on: how
//! much the engine's placement is worth (give A and B the same options).
//! `WEIGHTS_A` / `WEIGHTS_B` (`hand`, or 27 comma-separated numbers, see
//! [`bitgames::santorini::search::Weights`]) give a side other evaluation weights;
//! `NET_A` / `NET_B` (a network file, see `--example santorini_train`) give
//! a side another network (used with the `net` option); `PARAMS_A` /
//! `PARAMS_B` (`name=value,...`) other search parameters.

use bitgames::engine::Limits;
use bitgames::santorini::Position;
use bitgames::santorini::search::{
    Engine, Options, Params, WEIGHTS, Weights, parse_weights, random_move,
};
use bitgames::{Game, Player};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::time::Duration;

#[path = "common/santorini_data.rs"]
mod santorini_data;

/// The weights in the environment variable `name`, else the default ones.
fn weights(name: &str) -> Weights {
    std::env::var(name).map_or(WEIGHTS, |text| {
        parse_weights(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
    })
}

/// The search parameters in the environment variable `name` (`name=value,...`).
fn params(name: &str) -> Params {
    std::env::var(name).map_or(Params::default(), |text| {
        text.parse().unwrap_or_else(|e| panic!("{name}: {e}"))
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        eprintln!("usage: santorini_selfplay A B STARTS MS [SEED]");
        std::process::exit(2);
    }
    let a: Options = args[0].parse().unwrap_or_else(|e| panic!("{e}"));
    let b: Options = args[1].parse().unwrap_or_else(|e| panic!("{e}"));
    let starts: u32 = args[2].parse().expect("STARTS");
    let ms: u64 = args[3].parse().expect("MS");
    let seed: u64 = args.get(4).map_or(1, |s| s.parse().expect("SEED"));
    let limits = Limits {
        depth: None,
        time: Some(Duration::from_millis(ms)),
    };
    let placement_test = std::env::var("PLACEMENT").is_ok_and(|v| v == "engine-vs-random");
    let (mut wins, mut losses) = (0u32, 0u32);
    let (mut depth_a, mut depth_b, mut moves_a, mut moves_b) = (0u64, 0u64, 0u64, 0u64);
    for s in 0..starts {
        let mut rng = SmallRng::seed_from_u64(seed ^ u64::from(s).wrapping_mul(0x9E37_79B9));
        let mut start = Position::new();
        if !placement_test {
            start.play_unchecked(random_move(&start, &mut rng).unwrap());
            start.play_unchecked(random_move(&start, &mut rng).unwrap());
        }
        for a_first in [true, false] {
            let mut ea = Engine::default()
                .with_options(a)
                .with_weights(weights("WEIGHTS_A"))
                .with_net(santorini_data::net_from_env("NET_A"))
                .with_params(params("PARAMS_A"));
            let mut eb = Engine::default()
                .with_options(b)
                .with_weights(weights("WEIGHTS_B"))
                .with_net(santorini_data::net_from_env("NET_B"))
                .with_params(params("PARAMS_B"));
            let a_player = if a_first { Player::One } else { Player::Two };
            let mut pos = start;
            let mut plies = 0;
            while !pos.outcome().is_over() && plies < 300 {
                if placement_test && pos.is_placement() && pos.to_move() != a_player {
                    pos.play_unchecked(random_move(&pos, &mut rng).unwrap());
                    plies += 1;
                    continue;
                }
                let r = if pos.to_move() == a_player {
                    let r = ea.search(&pos, limits);
                    depth_a += u64::from(r.depth);
                    moves_a += 1;
                    r
                } else {
                    let r = eb.search(&pos, limits);
                    depth_b += u64::from(r.depth);
                    moves_b += 1;
                    r
                };
                pos.play_unchecked(r.best.unwrap());
                plies += 1;
            }
            match pos.outcome().winner() {
                Some(p) if p == a_player => wins += 1,
                Some(_) => losses += 1,
                None => {}
            }
            let n = f64::from(wins + losses);
            let score = f64::from(wins) / n;
            let elo = -400.0 * (1.0 / score.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
            let se = (score * (1.0 - score) / n).sqrt();
            let lo = -400.0 * (1.0 / (score - 1.96 * se).clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
            let hi = -400.0 * (1.0 / (score + 1.96 * se).clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
            println!(
                "start {s} A {}: {} in {plies} plies; A {wins} - B {losses}; Elo {elo:+.0} [{lo:+.0}, {hi:+.0}]; depth A {:.2} B {:.2}",
                if a_first { "first" } else { "second" },
                match pos.outcome().winner() {
                    Some(p) if p == a_player => "A wins",
                    Some(_) => "B wins",
                    None => "unfinished",
                },
                depth_a as f64 / moves_a.max(1) as f64,
                depth_b as f64 / moves_b.max(1) as f64
            );
        }
    }
}
