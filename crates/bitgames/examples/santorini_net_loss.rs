//! How well networks predict the results of games they were not trained on:
//! the mean log loss of `sigmoid(evaluation / SCALE)` as the chance that the
//! player to move wins, over the quiet positions of game files (the
//! referee's `--json` lines or `santorini_games`' lines), beside the linear
//! evaluation's.
//!
//! `cargo run --release -p bitgames --example santorini_net_loss -- NET,NET,... FILE...`
//! (`builtin` names the engine's own network).

use bitgames::santorini::net::{Net, SCALE};
use bitgames::santorini::search::{WEIGHTS, evaluate_weighted};
use std::sync::Arc;

#[path = "common/santorini_data.rs"]
mod santorini_data;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: santorini_net_loss NET,NET,... FILE...");
        std::process::exit(2);
    }
    let nets: Vec<(String, Arc<Net>)> = args[0]
        .split(',')
        .map(|name| {
            let net = if name == "builtin" {
                Net::default_net()
            } else {
                let bytes = std::fs::read(name).unwrap_or_else(|e| panic!("{name}: {e}"));
                Arc::new(Net::from_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: {e}")))
            };
            (name.to_string(), net)
        })
        .collect();
    let (data, games) = santorini_data::quiet_positions(&args[1..]);
    println!("{games} games, {} quiet positions", data.len());
    let loss = |eval: &dyn Fn(&santorini_data::Labelled) -> i32| {
        let total: f64 = data
            .iter()
            .map(|l| {
                let p = 1.0 / (1.0 + (-f64::from(eval(l)) / f64::from(SCALE)).exp());
                let p = p.clamp(1e-6, 1.0 - 1e-6);
                if l.won { -p.ln() } else { -(1.0 - p).ln() }
            })
            .sum();
        total / data.len().max(1) as f64
    };
    println!(
        "linear: {:.4}",
        loss(&|l| evaluate_weighted(&l.pos, &WEIGHTS, true))
    );
    for (name, net) in &nets {
        println!("{name}: {:.4}", loss(&|l| net.evaluate(&l.pos, true)));
    }
}
