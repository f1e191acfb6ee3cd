//! `net-loss`: how well networks predict the results of games: the mean
//! log loss of `sigmoid(evaluation / SCALE)` as the chance that the player
//! to move wins, over the quiet positions of the finished games in the
//! files, beside the linear evaluation's. Measure a network on games it did
//! not learn from.

use crate::data::{Labelled, load_net, quiet_positions};
use bitgames::santorini::eval::{SCALE, evaluate};
use rayon::prelude::*;

#[derive(clap::Args)]
pub struct Args {
    /// Game files: the referee's `--json` lines or the `games` command's
    /// (`.gz` read through `gzip -dc`).
    #[arg(required = true, value_name = "GAMES")]
    games: Vec<String>,
    /// A network to measure: a file, or `builtin` (the engine's own);
    /// repeat for several (default: builtin).
    #[arg(long, value_name = "FILE")]
    net: Vec<String>,
}

/// The mean log loss of the evaluation over the positions.
fn loss(data: &[Labelled], eval: impl Fn(&Labelled) -> i32 + Sync) -> f64 {
    let total: f64 = data
        .par_iter()
        .map(|l| {
            let p = 1.0 / (1.0 + (-f64::from(eval(l)) / f64::from(SCALE)).exp());
            let p = p.clamp(1e-6, 1.0 - 1e-6);
            if l.won { -p.ln() } else { -(1.0 - p).ln() }
        })
        .sum();
    total / data.len().max(1) as f64
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let names = if args.net.is_empty() {
        vec!["builtin".to_string()]
    } else {
        args.net.clone()
    };
    let nets = names
        .iter()
        .map(|name| Ok((name, load_net(name)?)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let (data, games) = quiet_positions(&args.games)?;
    println!("{games} games, {} quiet positions", data.len());
    if data.is_empty() {
        anyhow::bail!("no quiet positions of finished games in the files");
    }
    println!("linear: {:.4}", loss(&data, |l| evaluate(&l.pos)));
    for (name, net) in &nets {
        println!("{name}: {:.4}", loss(&data, |l| net.evaluate(&l.pos)));
    }
    Ok(())
}
