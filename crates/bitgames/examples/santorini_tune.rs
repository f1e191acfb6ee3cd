//! Fits the Santorini evaluation's weights to game results (a logistic fit,
//! "Texel tuning"): every position of the games in the referee's `--json`
//! files, labelled 1 if the player to move went on to win, 0 if not.
//!
//! `cargo run --release -p bitgames --example santorini_tune -- GAMES.jsonl...`
//! (quiet positions only: neither side can climb onto level 3 at once; a
//! file ending in `.gz` is read through `gzip -dc`).
//!
//! Prints the scale K that fits the current weights best, the loss before
//! and after Newton's method at that scale, and the fitted weights
//! (rounded), to try in self-play.

// Matrix code: indices read as the formulas do.
#![allow(clippy::needless_range_loop)]

use bitgames::santorini::search::{FEATURES, WEIGHTS, features};

#[path = "common/santorini_data.rs"]
mod santorini_data;

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean logistic loss of `weights` over the data, at scale `k`.
fn loss(data: &[([f64; FEATURES], f64)], weights: &[f64; FEATURES], k: f64) -> f64 {
    let mut total = 0.0;
    for (f, y) in data {
        let e: f64 = f.iter().zip(weights).map(|(x, w)| x * w).sum();
        let p = sigmoid(e / k).clamp(1e-9, 1.0 - 1e-9);
        total -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
    }
    total / data.len() as f64
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for col in 0..FEATURES {
        let pivot = (col..FEATURES)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap();
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

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    let (quiet, games) = santorini_data::quiet_positions(&files);
    let data: Vec<([f64; FEATURES], f64)> = quiet
        .iter()
        .map(|q| {
            (
                features(&q.pos, true).map(f64::from),
                f64::from(u8::from(q.won)),
            )
        })
        .collect();
    eprintln!("{games} games, {} positions", data.len());
    let start = WEIGHTS.map(f64::from);
    // The scale that fits the current weights best.
    let mut best_k = 100.0;
    let mut best = f64::MAX;
    for i in 1..400 {
        let k = f64::from(i) * 5.0;
        let l = loss(&data, &start, k);
        if l < best {
            best = l;
            best_k = k;
        }
    }
    eprintln!("K = {best_k}: loss {best:.5} with the current weights");
    // Newton's method (logistic regression) on u = w / K, a little L2 for
    // terms that are (nearly) sums of others.
    let mut u = start.map(|x| x / best_k);
    for step in 0..12 {
        let mut grad = [0.0; FEATURES];
        let mut hess = [[0.0; FEATURES]; FEATURES];
        for (f, y) in &data {
            let e: f64 = f.iter().zip(&u).map(|(x, w)| x * w).sum();
            let p = sigmoid(e);
            let r = p * (1.0 - p);
            for i in 0..FEATURES {
                grad[i] += (p - y) * f[i];
                for j in 0..FEATURES {
                    hess[i][j] += r * f[i] * f[j];
                }
            }
        }
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
}
