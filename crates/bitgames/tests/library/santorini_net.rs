//! The network evaluation against the linear one on games it was not
//! trained on: `data/santorini-unseen-games.jsonl`, 1,584 referee games (our
//! engines against santorini-ai, the AlphaZero model and our previous
//! engine) that the built-in network did not learn from, made by
//! `tools/santorini/unseen_games.py` from the match files
//! (docs/santorini/data.md).

use bitgames::santorini::eval::{Net, SCALE, evaluate};
use bitgames::santorini::{Move, Position};
use bitgames::{Game, Player};

/// The quiet positions (both sides placed, no climb at hand for either) of
/// the unseen games, each with whether the player to move went on to win.
fn labelled_positions() -> Vec<(Position, bool)> {
    let games = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/library/data/santorini-unseen-games.jsonl"
    );
    let text = std::fs::read_to_string(games).unwrap_or_else(|e| panic!("{games}: {e}"));
    let mut out = Vec::new();
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
            if !pos.is_placement() && !pos.has_winning_move() && !pos.passed().has_winning_move() {
                out.push((pos, pos.to_move() == winner));
            }
            let mv: Move = mv.as_str().unwrap().parse().unwrap();
            pos.play(mv).unwrap();
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
    let net = Net::builtin();
    let linear = log_loss(&data, evaluate);
    let network = log_loss(&data, |p| net.evaluate(p));
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
