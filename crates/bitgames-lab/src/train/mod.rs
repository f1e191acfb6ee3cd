//! `train`: the network evaluation ([`bitgames::santorini::eval::network`])
//! trained on games: every quiet position (neither side can climb onto
//! level 3 at once) of the finished games, labelled 1 if the player to move
//! went on to win, 0 if not, blended (weight `--lambda` on the result) with
//! a search score's win chance where there is one (see [`labels`]).
//!
//! Each position is seen under a random one of the board's eight
//! symmetries each epoch. One game in ten is held out: the loss on its
//! positions is printed each epoch, and the network of the best epoch is
//! written. The batch gradients are summed on every core.

mod labels;
mod model;

use crate::data::{load_net, quiet_positions};
use crate::parse;
use anyhow::{Context, bail};
use bitgames::santorini::eval::network::{MAX_ON, ON_WITH_FOUR_WORKERS, inputs};
use bitgames::santorini::eval::{SCALE, WEIGHTS, features};
use labels::Blend;
use model::{Adam, PARAMS, Params, Sample, log_loss, sigmoid};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Where to write the network (the library's network file format).
    out: PathBuf,
    /// Game files: the referee's `--json` lines or the `games` command's
    /// (`.gz` read through `gzip -dc`); `FILE*N` sees FILE's training
    /// positions N times an epoch.
    #[arg(required = true, value_name = "GAMES")]
    games: Vec<String>,
    /// Passes over the training positions (0: write the starting network).
    #[arg(long, default_value_t = 30)]
    epochs: usize,
    /// Adam's learning rate at the first epoch (halved every third of the epochs).
    #[arg(long, default_value_t = 0.002, value_parser = parse::positive)]
    lr: f64,
    /// Seed of the starting weights, the order and the symmetries.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The weight of the game's result in a target blended with a score.
    #[arg(long, default_value_t = 0.5, value_parser = parse::fraction)]
    lambda: f64,
    /// Score the positions without a recorded score by a search of this depth.
    #[arg(long, value_name = "DEPTH", value_parser = parse::depth)]
    scores: Option<u32>,
    /// Keep the --scores searches in this file (`FEN DEPTH SCORE` lines,
    /// read first, new scores appended).
    #[arg(long, value_name = "FILE", requires = "scores")]
    score_cache: Option<String>,
    /// Average each score's win chance with the next moves' (up to 16), the
    /// move i later weighted by TD^i (0: off).
    #[arg(long, default_value_t = 0.0, value_parser = parse::fraction)]
    td: f64,
    /// Scores in place of the recorded ones: `relabel` directories (their
    /// `.txt.gz` chunks) or score files; repeat or join with `:`, a later
    /// one's score of a position replacing an earlier one's.
    #[arg(long, value_name = "PATH", value_delimiter = ':')]
    relabel: Vec<PathBuf>,
    /// Train on the positions that --relabel scores only.
    #[arg(long, requires = "relabel")]
    relabel_only: bool,
    /// Start from this network instead of random weights (fine-tuning: the
    /// best epoch must beat it held out to replace it).
    #[arg(long, value_name = "FILE")]
    init: Option<String>,
    /// Ignore the scores recorded in the games (label by the result alone,
    /// or by --relabel and --scores).
    #[arg(long)]
    no_recorded: bool,
    /// Multiply the recorded scores by this first (before --relabel
    /// replaces some): the built-in network's recipe scales them by 1.2.
    #[arg(long, value_parser = parse::positive)]
    sharpen: Option<f64>,
}

/// `FILE*N`: the file and how many times an epoch its training positions are seen.
fn repeated(arg: &str) -> anyhow::Result<(String, usize)> {
    match arg.rsplit_once('*') {
        Some((file, n)) => match n.parse::<usize>() {
            Ok(n) if n > 0 => Ok((file.to_string(), n)),
            _ => bail!("{arg}: the repeat count `{n}` is not a whole number from 1"),
        },
        None => Ok((arg.to_string(), 1)),
    }
}

/// The training and held-out samples of the files (one game in ten held out).
fn samples(args: &Args) -> anyhow::Result<(Vec<Sample>, Vec<Sample>)> {
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    let mut games = 0;
    let files: Vec<(String, usize)> = args
        .games
        .iter()
        .map(|a| repeated(a))
        .collect::<Result<_, _>>()?;
    for (file, repeat) in files {
        let (quiet, g) = quiet_positions(std::slice::from_ref(&file))?;
        for q in quiet {
            let mut on = [0u16; MAX_ON];
            let n = inputs(&q.pos, 0, &mut on);
            if n != ON_WITH_FOUR_WORKERS {
                bail!(
                    "{file}: {} has {n} inputs, not {ON_WITH_FOUR_WORKERS} (the trainer takes \
                     positions of two workers a side)",
                    q.pos
                );
            }
            let sample = Sample {
                on: on[..ON_WITH_FOUR_WORKERS].try_into().expect("97 inputs"),
                dense: features(&q.pos).map(|x| x as f32),
                target: f32::from(u8::from(q.won)),
                pos: q.pos,
                recorded: q.score.filter(|_| !args.no_recorded),
                later: q.later,
            };
            if (q.game + games).is_multiple_of(10) {
                valid.push(sample);
            } else {
                train.extend(std::iter::repeat_n(sample, repeat));
            }
        }
        games += g;
    }
    eprintln!(
        "{games} games: {} positions to train on, {} held out",
        train.len(),
        valid.len()
    );
    if train.is_empty() {
        bail!("no positions to train on: the files hold no finished games with quiet positions");
    }
    Ok((train, valid))
}

/// The linear evaluation's mean log loss at scale `k`.
fn linear_loss(data: &[Sample], k: f32) -> f64 {
    let total: f64 = data
        .par_iter()
        .map(|s| {
            let e: f32 = s
                .dense
                .iter()
                .zip(&WEIGHTS)
                .map(|(x, &w)| x * w as f32)
                .sum();
            f64::from(log_loss(sigmoid(e / k), s.target))
        })
        .sum();
    total / data.len().max(1) as f64
}

/// The network's mean log loss (NaN on no data).
fn loss_of(p: &Params, data: &[Sample]) -> f64 {
    mean_loss(p, data.par_iter(), data.len())
}

/// The network's mean log loss over `n` samples.
fn mean_loss<'a>(p: &Params, data: impl ParallelIterator<Item = &'a Sample>, n: usize) -> f64 {
    let total: f64 = data
        .map(|s| f64::from(log_loss(sigmoid(p.log_odds(s)), s.target)))
        .sum();
    total / n as f64
}

/// The held-out loss of each god's games (either side's god), before
/// training (`start`) and after (`best`): one line a god with positions.
fn print_loss_by_god(start: &Params, best: &Params, valid: &[Sample]) {
    use bitgames::santorini::God;
    let per_god: Vec<(usize, f64, f64)> = God::ALL
        .iter()
        .map(|&god| {
            let mine: Vec<&Sample> = valid
                .iter()
                .filter(|s| s.pos.gods().contains(&god))
                .collect();
            let loss = |p: &Params| mean_loss(p, mine.par_iter().copied(), mine.len().max(1));
            (mine.len(), loss(start), loss(best))
        })
        .collect();
    eprintln!("held-out loss by god (games with that god on either side): positions, start, best");
    for (god, (n, a, b)) in God::ALL.iter().zip(per_god) {
        if n > 0 {
            eprintln!("  {:<12} {n:>7} {a:.5} {b:.5}", god.name());
        }
    }
}

/// The labels: results blended with the recorded, deeper or searched scores.
fn label(
    args: &Args,
    blend: &Blend,
    train: &mut Vec<Sample>,
    valid: &mut Vec<Sample>,
) -> anyhow::Result<()> {
    if let Some(factor) = args.sharpen {
        for s in train.iter_mut().chain(valid.iter_mut()) {
            if let Some(score) = s.recorded.as_mut() {
                *score = (*score as f32 * factor as f32).round() as i32;
            }
        }
    }
    if !args.relabel.is_empty() {
        labels::relabel(&args.relabel, args.relabel_only, blend, [train, valid])?;
    }
    let recorded = train
        .iter()
        .chain(valid.iter())
        .filter(|s| s.recorded.is_some())
        .count();
    if recorded > 0 {
        for s in train.iter_mut().chain(valid.iter_mut()) {
            if let Some(score) = s.recorded {
                blend.apply(s, score);
            }
        }
        eprintln!(
            "{recorded} positions blended with their recorded scores (lambda {})",
            blend.lambda
        );
    }
    if let Some(depth) = args.scores {
        labels::search_scores(depth, args.score_cache.as_deref(), blend, [train, valid])?;
        eprintln!(
            "targets blended with depth-{depth} scores (lambda {}): linear loss {:.5} held out",
            blend.lambda,
            linear_loss(valid, blend.k)
        );
    }
    Ok(())
}

/// Trains from `p`: returns the parameters of the best epoch held out (the
/// last one when nothing is held out) and their held-out loss.
fn fit(
    mut p: Params,
    train: &[Sample],
    valid: &[Sample],
    args: &Args,
    rng: &mut SmallRng,
    k: f32,
) -> (Params, f64) {
    const BATCH: usize = 256;
    let mut adam = Adam::new();
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut best = (loss_of(&p, valid), p.clone());
    let start = if args.init.is_some() {
        "--init"
    } else {
        "random start"
    };
    eprintln!("{start}: held-out loss {:.5} before training", best.0);
    let threads = rayon::current_num_threads().max(1);
    for epoch in 0..args.epochs {
        let started = Instant::now();
        let lr = args.lr as f32 * 0.5f32.powf(epoch as f32 / (args.epochs as f32 / 3.0));
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let syms: Vec<u8> = (0..order.len()).map(|_| rng.random_range(0..8)).collect();
        for (idx, sy) in order.chunks(BATCH).zip(syms.chunks(BATCH)) {
            // Gradients, summed over the batch on every core.
            let per = idx.len().div_ceil(threads);
            let grads: Vec<Vec<f32>> = idx
                .par_chunks(per)
                .zip(sy.par_chunks(per))
                .map(|(ids, ks)| {
                    let mut g = vec![0.0f32; PARAMS];
                    for (&i, &k8) in ids.iter().zip(ks) {
                        p.add_gradient(&train[i], usize::from(k8), &mut g);
                    }
                    g
                })
                .collect();
            adam.step(&mut p, &grads, idx.len(), lr, k);
        }
        let (tl, vl) = (loss_of(&p, train), loss_of(&p, valid));
        eprintln!(
            "epoch {}/{}: lr {lr:.5} loss {tl:.5} training, {vl:.5} held out ({:.0} s)",
            epoch + 1,
            args.epochs,
            started.elapsed().as_secs_f64()
        );
        if valid.is_empty() || vl < best.0 {
            best = (vl, p.clone());
        }
    }
    (best.1, best.0)
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    // Bad paths fail before the work: the starting network, the label
    // sources, the output's folder.
    let init = args.init.as_deref().map(load_net).transpose()?;
    if let Some(missing) = args.relabel.iter().find(|p| !p.exists()) {
        bail!("--relabel {}: no such file or directory", missing.display());
    }
    let folder = match args.out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    if !folder.is_dir() {
        bail!(
            "cannot write {}: no folder {}",
            args.out.display(),
            folder.display()
        );
    }
    let (mut train, mut valid) = samples(args)?;
    // The scale that fits the linear evaluation best, for comparison.
    let best_k = (1..200)
        .map(|i| i as f32 * 10.0)
        .map(|k| (k, linear_loss(&train, k)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(SCALE as f32, |(k, _)| k);
    eprintln!("the scale that fits the linear evaluation best: {best_k}");
    let k = SCALE as f32;
    eprintln!(
        "K = {k}: linear evaluation's loss {:.5} on the training games, {:.5} held out",
        linear_loss(&train, k),
        linear_loss(&valid, k)
    );
    let blend = Blend {
        lambda: args.lambda as f32,
        td: args.td as f32,
        k,
    };
    label(args, &blend, &mut train, &mut valid)?;
    if valid.is_empty() {
        eprintln!("no held-out positions (fewer than ten games): the last epoch is written");
    }
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let mut p = Params::random(&mut rng, k);
    if let Some(net) = &init {
        p = Params::from_net(net, k);
    }
    let start = p.clone();
    let (best, best_loss) = fit(p, &train, &valid, args, &mut rng, k);
    print_loss_by_god(&start, &best, &valid);
    let net = best.to_net(k);
    // The quantized network against the float one, held out.
    let diff: f64 = valid
        .iter()
        .take(2000)
        .map(|s| f64::from((net.evaluate(&s.pos) as f32 - best.log_odds(s) * k).abs()))
        .sum();
    eprintln!(
        "best held-out loss {best_loss:.5}; quantized evaluation off by {:.2} units on average",
        diff / valid.len().clamp(1, 2000) as f64
    );
    std::fs::write(&args.out, net.to_bytes())
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    eprintln!("wrote {}", args.out.display());
    Ok(())
}
