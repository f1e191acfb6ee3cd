//! `match`: the engine against a random and a greedy one-ply player,
//! colours alternating, games shared out over every core.

use super::limits;
use bitgames::santorini::search::{Engine, greedy_move, random_move};
use bitgames::santorini::{Move, Position};
use bitgames::{Game, Player};
use indicatif::{ProgressBar, ProgressStyle};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rayon::prelude::*;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Opponent {
    Random,
    Greedy,
}

/// Plays one game; returns whether the engine won and the moves played.
fn match_game(
    opponent: Opponent,
    engine_player: Player,
    time: Duration,
    seed: u64,
) -> (bool, Vec<Move>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut engine = Engine::default();
    let mut pos = Position::new();
    let mut played = Vec::new();
    while !pos.outcome().is_over() {
        let mv = if pos.to_move() == engine_player {
            engine.search(&pos, limits(Some(time), None)).best
        } else {
            match opponent {
                Opponent::Random => random_move(&pos, &mut rng),
                Opponent::Greedy => greedy_move(&pos, &mut rng),
            }
        };
        let mv = mv.expect("an ongoing game has a move");
        pos.play_unchecked(mv);
        played.push(mv);
    }
    (pos.outcome().winner() == Some(engine_player), played)
}

pub(super) fn run(games: u32, time: Duration, seed: u64) -> anyhow::Result<ExitCode> {
    let jobs: Vec<(Opponent, u32)> = [Opponent::Random, Opponent::Greedy]
        .into_iter()
        .flat_map(|o| (0..games).map(move |g| (o, g)))
        .collect();
    let bar = ProgressBar::new(jobs.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed_precise}")
            .expect("valid template"),
    );
    let results: Vec<(Opponent, u32, bool, Vec<Move>)> = jobs
        .par_iter()
        .map(|&(opponent, g)| {
            // Alternate colours: even games the engine is player 1.
            let engine_player = if g % 2 == 0 { Player::One } else { Player::Two };
            let (won, moves) = match_game(
                opponent,
                engine_player,
                time,
                seed ^ (g as u64) << 8 ^ opponent as u64,
            );
            bar.inc(1);
            (opponent, g, won, moves)
        })
        .collect();
    bar.finish_and_clear();
    println!(
        "engine at {:.3}s per move, {games} games per opponent, colours alternating",
        time.as_secs_f64()
    );
    for (opponent, name) in [
        (Opponent::Random, "random"),
        (Opponent::Greedy, "greedy one-ply"),
    ] {
        let mine: Vec<_> = results.iter().filter(|r| r.0 == opponent).collect();
        let wins = mine.iter().filter(|r| r.2).count();
        let as_first = mine.iter().filter(|r| r.2 && r.1 % 2 == 0).count();
        let plies: usize = mine.iter().map(|r| r.3.len()).sum();
        println!(
            "vs {name:<15} wins {wins:>3}  losses {:>3}  ({as_first} of the wins as player 1, {:.1} moves per game)",
            mine.len() - wins,
            plies as f64 / mine.len().max(1) as f64
        );
    }
    for (opponent, g, won, moves) in &results {
        if !won {
            let name = if *opponent == Opponent::Random {
                "random"
            } else {
                "greedy"
            };
            let side = if g % 2 == 0 { 1 } else { 2 };
            let text: Vec<String> = moves.iter().map(Move::to_string).collect();
            println!("lost vs {name}, engine player {side}: {}", text.join(" "));
        }
    }
    Ok(ExitCode::SUCCESS)
}
