//! The network evaluation against the linear one on games it was not
//! trained on: the referee matches of `tools/santorini/matches/` (our
//! engines against santorini-ai, the AlphaZero model and our previous
//! engine) but those the built-in network learnt from, which
//! `tools/santorini/selfplay/match-games.txt` lists.

use bitgames::santorini::net::{Net, SCALE};
use bitgames::santorini::search::{WEIGHTS, evaluate_weighted};
use bitgames::santorini::{Move, Position};
use bitgames::{Game, Player};

/// The quiet positions (both sides placed, no climb at hand for either) of
/// the match files, each with whether the player to move went on to win.
fn labelled_positions() -> Vec<(Position, bool)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tools/santorini/matches");
    let list = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tools/santorini/selfplay/match-games.txt"
    );
    let list = std::fs::read_to_string(list).unwrap_or_else(|e| panic!("{list}: {e}"));
    let trained: std::collections::HashSet<&str> = list
        .lines()
        .filter_map(|line| line.rsplit('/').next())
        .collect();
    assert!(trained.len() > 100, "the training games' files listed");
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            !trained.contains(name.as_ref())
        })
        .collect();
    files.sort();
    assert!(files.len() >= 5, "the unseen match files in {dir}");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for line in text.lines() {
            let g: serde_json::Value = serde_json::from_str(line).unwrap();
            let Some(winner) = g["winner"].as_str() else {
                continue;
            };
            let winner = if winner == g["player1"].as_str().unwrap() {
                Player::One
            } else {
                Player::Two
            };
            let mut pos: Position = g["start"].as_str().unwrap().parse().unwrap();
            for mv in g["moves"].as_array().unwrap() {
                if !pos.is_placement()
                    && !pos.has_winning_move()
                    && !pos.passed().has_winning_move()
                {
                    out.push((pos, pos.to_move() == winner));
                }
                let mv: Move = mv.as_str().unwrap().parse().unwrap();
                pos.play(mv).unwrap();
            }
        }
    }
    out
}

/// The mean log loss of `sigmoid(eval / SCALE)` as the chance of a win.
fn log_loss(data: &[(Position, bool)], eval: impl Fn(&Position) -> i32) -> f64 {
    let total: f64 = data
        .iter()
        .map(|(pos, won)| {
            let p = 1.0 / (1.0 + (-f64::from(eval(pos)) / f64::from(SCALE)).exp());
            let p = p.clamp(1e-6, 1.0 - 1e-6);
            if *won { -p.ln() } else { -(1.0 - p).ln() }
        })
        .sum();
    total / data.len() as f64
}

#[test]
fn the_network_predicts_unseen_games_better_than_the_linear_evaluation() {
    let data = labelled_positions();
    assert!(data.len() > 2_000, "{} positions", data.len());
    let net = Net::default_net();
    let linear = log_loss(&data, |p| evaluate_weighted(p, &WEIGHTS, true));
    let network = log_loss(&data, |p| net.evaluate(p, true));
    println!(
        "log loss over {} positions: network {network:.4}, linear {linear:.4}",
        data.len()
    );
    assert!(
        network < linear - 0.005,
        "network's log loss {network:.4}, linear {linear:.4} over {} positions",
        data.len()
    );
}
