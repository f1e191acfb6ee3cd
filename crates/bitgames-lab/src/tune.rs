//! `tune`: the linear evaluation's weights fitted to game results (a
//! logistic fit, "Texel tuning"): every quiet position of the finished
//! games, labelled 1 if the player to move went on to win, 0 if not.
//!
//! Prints (on standard error) the scale K that fits the current weights
//! best and the loss before and after Newton's method at that scale, and
//! the fitted weights, rounded, on standard output (27 numbers, the order of
//! `bitgames::santorini::eval::WEIGHTS`).

// Matrix code: indices read as the formulas do.
#![allow(clippy::needless_range_loop)]

use crate::data::quiet_positions;
use anyhow::bail;
use bitgames::santorini::eval::{FEATURES, WEIGHTS, features};
use rayon::prelude::*;

#[derive(clap::Args)]
pub struct Args {
    /// Game files: the referee's `--json` lines or the `games` command's
    /// (`.gz` read through `gzip -dc`).
    #[arg(required = true, value_name = "GAMES")]
    games: Vec<String>,
    /// Newton steps.
    #[arg(long, default_value_t = 12)]
    steps: u32,
}

type Features = [f64; FEATURES];

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean logistic loss of `weights` over the data, at scale `k`.
fn loss(data: &[(Features, f64)], weights: &Features, k: f64) -> f64 {
    let total: f64 = data
        .par_iter()
        .map(|(f, y)| {
            let e: f64 = f.iter().zip(weights).map(|(x, w)| x * w).sum();
            let p = sigmoid(e / k).clamp(1e-9, 1.0 - 1e-9);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    total / data.len() as f64
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: [Features; FEATURES], mut b: Features) -> Features {
    for col in 0..FEATURES {
        let pivot = (col..FEATURES)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..FEATURES {
            let m = a[row][col] / a[col][col];
            for k in col..FEATURES {
                a[row][k] -= m * a[col][k];
            }
            b[row] -= m * b[col];
        }
    }
    let mut x = [0.0; FEATURES];
    for row in (0..FEATURES).rev() {
        let s: f64 = (row + 1..FEATURES).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    x
}

/// The gradient and Hessian of the summed loss at `u` (weights over K).
fn gradient_and_hessian(
    data: &[(Features, f64)],
    u: &Features,
) -> (Features, [Features; FEATURES]) {
    let zero = || ([0.0; FEATURES], [[0.0; FEATURES]; FEATURES]);
    data.par_iter()
        .fold(zero, |(mut grad, mut hess), (f, y)| {
            let e: f64 = f.iter().zip(u).map(|(x, w)| x * w).sum();
            let p = sigmoid(e);
            let r = p * (1.0 - p);
            for i in 0..FEATURES {
                grad[i] += (p - y) * f[i];
                for j in 0..FEATURES {
                    hess[i][j] += r * f[i] * f[j];
                }
            }
            (grad, hess)
        })
        .reduce(zero, |(mut g, mut h), (g2, h2)| {
            for i in 0..FEATURES {
                g[i] += g2[i];
                for j in 0..FEATURES {
                    h[i][j] += h2[i][j];
                }
            }
            (g, h)
        })
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let (quiet, games) = quiet_positions(&args.games)?;
    let data: Vec<(Features, f64)> = quiet
        .iter()
        .map(|q| (features(&q.pos).map(f64::from), f64::from(u8::from(q.won))))
        .collect();
    eprintln!("{games} games, {} positions", data.len());
    if data.is_empty() {
        bail!("no quiet positions of finished games in the files");
    }
    let start = WEIGHTS.map(f64::from);
    // The scale that fits the current weights best.
    let (best_k, best) = (1..400)
        .map(|i| f64::from(i) * 5.0)
        .map(|k| (k, loss(&data, &start, k)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or((100.0, f64::NAN));
    eprintln!("K = {best_k}: loss {best:.5} with the current weights");
    // Newton's method (logistic regression) on u = w / K, a little L2 for
    // terms that are (nearly) sums of others.
    let mut u = start.map(|x| x / best_k);
    for step in 0..args.steps {
        let (grad, mut hess) = gradient_and_hessian(&data, &u);
        for i in 0..FEATURES {
            hess[i][i] += 1e-3 * data.len() as f64 * 1e-3;
        }
        let delta = solve(hess, grad);
        for i in 0..FEATURES {
            u[i] -= delta[i];
        }
        let w = u.map(|x| x * best_k);
        eprintln!("step {step}: loss {:.5}", loss(&data, &w, best_k));
    }
    let w = u.map(|x| x * best_k);
    eprintln!("fitted: loss {:.5}", loss(&data, &w, best_k));
    let rounded: Vec<String> = w.iter().map(|x| format!("{}", x.round() as i32)).collect();
    println!("{}", rounded.join(","));
    Ok(())
}
