//! Trains the Santorini network evaluation ([`bitgames::santorini::net`]) on
//! self-play games: every quiet position (neither side can climb onto level
//! 3 at once) of the games in the referee's `--json` files, labelled 1 if the
//! player to move went on to win, 0 if not, or, with `SCORES=DEPTH`, a blend
//! of that result (weight `LAMBDA`, default 0.5) and the win chance of a
//! depth-`DEPTH` search of the position by the default engine (kept in the
//! file `SCORE_CACHE`, if given, for the next run). Games written with their
//! `scores` (`--example santorini_games`) are blended with those instead:
//! the score the game's own search gave the position (`RECORDED=0` ignores
//! them). With `TD=d` (0 < d <= 1), that score's win chance is averaged
//! with the win chances the searches of the following moves of the game gave
//! (up to 16, the opponent's turned round), the move `i` later weighted by
//! `d^i`: the later searches saw further into the game.
//! `RELABEL=DIR` takes the deeper scores `santorini_relabel` wrote in DIR
//! instead of the recorded ones, for the positions they cover
//! (`RELABEL=DIR:FILE:...`: several directories of chunks or single files,
//! a later one's score of a position replacing an earlier one's). `SHARPEN=f`
//! multiplies the recorded scores by f first (a control: the deeper scores
//! are more decided than the recorded ones).
//!
//! `cargo run --release -p bitgames --example santorini_train -- OUT.bin GAMES.jsonl...`
//! (a file ending in `.gz` is read through `gzip -dc`; the games the
//! built-in network learnt from are in git history, docs/santorini/data.md; a file
//! named `FILE*N` has its training positions seen N times an epoch).
//!
//! Each position is seen under a random one of the board's eight symmetries
//! each epoch. One game in ten is held out: the loss on its positions is
//! printed each epoch, beside the linear evaluation's, and the network of
//! the best epoch is written to `OUT.bin`. `EPOCHS` (default 30), `LR`
//! (default 0.002), `SEED`. `NO_DISTANCES=1` trains without the terms that
//! need a breadth-first search (`DISTANCE_TERMS`): a faster network.
//! `INIT=FILE` starts from the network in FILE instead of random weights
//! (fine-tuning; the best epoch must beat it held out to replace it), and
//! `RELABEL_ONLY=1` trains on the positions `RELABEL` covers only.
//! `OTHER_VIEW=1` trains a network that reads the opponent's view too (its
//! hidden units over the inputs with the players' roles swapped feed the
//! output through weights of their own; a `BGSNET02` file). `SQUARED=1`
//! squares the hidden units' activations (`clamp(a, 0, 1)^2`, files
//! `BGSNET03` and `BGSNET04`). `HEADS=n` trains `n` output heads, one a
//! phase of the game (`net::bucket`: 8 levels built a head; files
//! `BGSNET05` to `BGSNET08`); with `INIT` from a network of one head, each
//! head starts as that one.

// Training code: indices read as the formulas do.
#![allow(clippy::needless_range_loop)]

use bitgames::engine::Limits;
use bitgames::santorini::Position;
use bitgames::santorini::net::{
    HIDDEN, INPUTS, MAX_HEADS, MAX_ON, NEIGHBOURHOOD, NEIGHBOURHOOD_UNITS, Net, QA, QB, SCALE,
    SYMMETRIES, bucket, inputs, other_view,
};
use bitgames::santorini::search::{DISTANCE_TERMS, Engine, FEATURES, WEIGHTS, features_with};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

#[path = "common/santorini_data.rs"]
mod santorini_data;

#[derive(Clone)]
struct Sample {
    on: [u16; MAX_ON],
    dense: [f32; FEATURES],
    target: f32,
    pos: Position,
    /// The score recorded in the game, if any.
    recorded: Option<i32>,
    /// The scores recorded for the following moves, each for its mover.
    later: Vec<i32>,
}

/// The `position depth score` lines of a `SCORE_CACHE` file or a
/// `santorini_relabel` chunk (`file` names it in a panic on a bad score).
fn score_lines<'a>(text: &'a str, file: &'a str) -> impl Iterator<Item = (&'a str, &'a str, i32)> {
    text.lines().filter_map(move |line| {
        let mut parts = line.split(' ');
        let (p, d, score) = (parts.next()?, parts.next()?, parts.next()?);
        let score = score
            .parse()
            .unwrap_or_else(|_| panic!("{file}: `{line}` has no score"));
        Some((p, d, score))
    })
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The cross-entropy of the win chance `p` against the target `y`.
fn log_loss(p: f32, y: f32) -> f32 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
}

/// Where input `i` goes under symmetry `k`.
fn map_input(i: u16, k: usize) -> u16 {
    let i = i as usize;
    if i >= NEIGHBOURHOOD {
        // The neighbourhood counts do not change under a symmetry.
        return i as u16;
    }
    let (base, per) = if i < 125 {
        (0, 5)
    } else if i < 200 {
        (125, 3)
    } else {
        (200, 3)
    };
    let s = (i - base) / per;
    let r = (i - base) % per;
    (base + per * SYMMETRIES[k][s] as usize + r) as u16
}

/// The trained parameters, in units of the scale `K` (the output is the
/// log-odds of a win).
#[derive(Clone)]
struct Params {
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// The output weights, [`HIDDEN`] a head.
    w2: Vec<f32>,
    /// The output weights of the opponent's view (`OTHER_VIEW=1`; else
    /// left at 0), [`HIDDEN`] a head.
    w2o: Vec<f32>,
    /// The output biases, one a head.
    b2: Vec<f32>,
    v: Vec<f32>,
    /// Whether the hidden units' activations are squared (`SQUARED=1`).
    squared: bool,
}

/// The hidden sums of a position from both views: the player to move's
/// and the opponent's.
type Views = [[f32; HIDDEN]; 2];

impl Params {
    fn heads(&self) -> usize {
        self.b2.len()
    }

    fn flat_len(&self) -> usize {
        INPUTS * HIDDEN + HIDDEN + 2 * self.heads() * HIDDEN + self.heads() + FEATURES
    }

    fn zeros(heads: usize) -> Params {
        Params {
            w1: vec![0.0; INPUTS * HIDDEN],
            b1: vec![0.0; HIDDEN],
            w2: vec![0.0; heads * HIDDEN],
            w2o: vec![0.0; heads * HIDDEN],
            b2: vec![0.0; heads],
            v: vec![0.0; FEATURES],
            squared: false,
        }
    }

    /// A hidden unit's activation for its sum `a`, and its derivative.
    fn activation(&self, a: f32) -> (f32, f32) {
        let c = a.clamp(0.0, 1.0);
        let inside = a > 0.0 && a < 1.0;
        match (self.squared, inside) {
            (true, true) => (c * c, 2.0 * c),
            (true, false) => (c * c, 0.0),
            (false, true) => (c, 1.0),
            (false, false) => (c, 0.0),
        }
    }

    fn sums(&self, on: &[u16], a: &mut [f32; HIDDEN]) {
        a.copy_from_slice(&self.b1);
        for &i in on {
            let row = &self.w1[i as usize * HIDDEN..(i as usize + 1) * HIDDEN];
            for j in 0..HIDDEN {
                a[j] += row[j];
            }
        }
    }

    /// The log-odds for these inputs (`other`: the opponent's view's, if
    /// that view is trained) through output head `head`; fills the hidden
    /// sums `a`.
    fn forward(
        &self,
        on: &[u16],
        other: Option<&[u16]>,
        dense: &[f32; FEATURES],
        head: usize,
        a: &mut Views,
    ) -> f32 {
        self.sums(on, &mut a[0]);
        let mut z = self.b2[head];
        let (w2, w2o) = self.head(head);
        for j in 0..HIDDEN {
            z += w2[j] * self.activation(a[0][j]).0;
        }
        if let Some(other) = other {
            self.sums(other, &mut a[1]);
            for j in 0..HIDDEN {
                z += w2o[j] * self.activation(a[1][j]).0;
            }
        }
        for k in 0..FEATURES {
            z += self.v[k] * dense[k];
        }
        z
    }

    /// Output head `head`'s weights: the player to move's view's and the
    /// opponent's.
    fn head(&self, head: usize) -> (&[f32], &[f32]) {
        let at = head * HIDDEN..(head + 1) * HIDDEN;
        (&self.w2[at.clone()], &self.w2o[at])
    }

    /// The log-odds of a sample as it is (no symmetry), through its
    /// position's head (`dual`: reading the opponent's view too).
    fn log_odds(&self, s: &Sample, dual: bool) -> f32 {
        let mut a = [[0.0; HIDDEN]; 2];
        let other = dual.then(|| s.on.map(other_view));
        let head = bucket(&s.pos, self.heads());
        self.forward(
            &s.on,
            other.as_ref().map(|o| &o[..]),
            &s.dense,
            head,
            &mut a,
        )
    }

    /// A network's weights back in training units (`INIT`): the inverse of
    /// [`Params::to_net`], up to its rounding; a network of one head
    /// gives each of `heads` heads its output weights.
    fn from_net(net: &Net, k: f32, heads: usize) -> Params {
        let (qa, qb) = (QA as f32, QB as f32);
        assert!(
            net.heads() == heads || net.heads() == 1,
            "INIT has {} output heads: give HEADS={}",
            net.heads(),
            net.heads()
        );
        let rows = |w: &[[i16; HIDDEN]]| -> Vec<f32> {
            (0..heads)
                .flat_map(|h| w[h % w.len()].iter().map(|&x| f32::from(x) / (k * qb)))
                .collect()
        };
        Params {
            w1: net
                .w1
                .iter()
                .flat_map(|row| row.iter().map(|&x| f32::from(x) / qa))
                .collect(),
            b1: net.b1.iter().map(|&x| f32::from(x) / qa).collect(),
            w2: rows(&net.w2),
            w2o: match &net.w2_other {
                Some(w) => rows(w),
                None => vec![0.0; heads * HIDDEN],
            },
            b2: (0..heads)
                .map(|h| net.b2[h % net.heads()] as f32 / k)
                .collect(),
            v: net.dense.iter().map(|&x| x as f32 / k).collect(),
            squared: net.squared,
        }
    }

    /// The quantized network (`other_view`: with the opponent's view's
    /// output weights).
    fn to_net(&self, k: f32, other_view: bool) -> Net {
        let q = |x: f32, s: f32| (x * s).round().clamp(-32767.0, 32767.0) as i16;
        Net {
            w1: (0..INPUTS)
                .map(|i| std::array::from_fn(|j| q(self.w1[i * HIDDEN + j], QA as f32)))
                .collect(),
            b1: std::array::from_fn(|j| q(self.b1[j], QA as f32)),
            w2: (0..self.heads())
                .map(|h| std::array::from_fn(|j| q(self.w2[h * HIDDEN + j], k * QB as f32)))
                .collect(),
            w2_other: other_view.then(|| {
                (0..self.heads())
                    .map(|h| std::array::from_fn(|j| q(self.w2o[h * HIDDEN + j], k * QB as f32)))
                    .collect()
            }),
            squared: self.squared,
            b2: self.b2.iter().map(|b| (b * k).round() as i32).collect(),
            dense: std::array::from_fn(|i| (self.v[i] * k).round() as i32),
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: santorini_train OUT.bin GAMES.jsonl...");
        std::process::exit(2);
    }
    let env =
        |name: &str, default: f64| std::env::var(name).map_or(default, |v| v.parse().expect(name));
    let epochs = env("EPOCHS", 30.0) as usize;
    let lr0 = env("LR", 0.002) as f32;
    let lambda = env("LAMBDA", 0.5) as f32;
    let score_depth = env("SCORES", 0.0) as u32;
    let seed = env("SEED", 1.0) as u64;
    let use_recorded = env("RECORDED", 1.0) != 0.0;
    let distances = env("NO_DISTANCES", 0.0) == 0.0;
    let td = env("TD", 0.0) as f32;
    let dual = env("OTHER_VIEW", 0.0) != 0.0;
    let squared = env("SQUARED", 0.0) != 0.0;
    let heads = env("HEADS", 1.0) as usize;
    assert!(
        (1..=MAX_HEADS).contains(&heads),
        "HEADS={heads}: from 1 to {MAX_HEADS}"
    );
    // `FILE*N`: the training positions of FILE are each seen N times an
    // epoch (its held-out ones once).
    let mut games = 0;
    let mut quiet = Vec::new();
    for arg in &args[1..] {
        let (file, repeat) = match arg.rsplit_once('*') {
            Some((file, n)) => (
                file.to_string(),
                n.parse::<usize>()
                    .ok()
                    .filter(|&n| n > 0)
                    .unwrap_or_else(|| {
                        panic!("{arg}: the repeat count `{n}` is not a whole number from 1")
                    }),
            ),
            None => (arg.clone(), 1),
        };
        let (q, g) = santorini_data::quiet_positions(&[file]);
        quiet.extend(q.into_iter().map(|mut q| {
            q.game += games;
            (q, repeat)
        }));
        games += g;
    }
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for (q, repeat) in quiet {
        let mut on = [0u16; MAX_ON];
        let n = inputs(&q.pos, 0, &mut on);
        assert_eq!(n, MAX_ON, "four workers placed");
        let sample = Sample {
            on,
            dense: features_with(&q.pos, true, distances).map(|x| x as f32),
            target: f32::from(u8::from(q.won)),
            pos: q.pos,
            recorded: q.score.filter(|_| use_recorded),
            later: q.later,
        };
        if q.game.is_multiple_of(10) {
            valid.push(sample);
        } else {
            train.extend(std::iter::repeat_n(sample, repeat));
        }
    }
    eprintln!(
        "{games} games: {} positions to train on, {} held out",
        train.len(),
        valid.len()
    );
    // The scale K that fits the linear evaluation best.
    let linear_loss = |data: &[Sample], k: f32| {
        data.iter()
            .map(|s| {
                let e: f32 = s
                    .dense
                    .iter()
                    .zip(&WEIGHTS)
                    .map(|(x, &w)| x * w as f32)
                    .sum();
                log_loss(sigmoid(e / k), s.target)
            })
            .sum::<f32>()
            / data.len() as f32
    };
    let mut best_k = 100.0;
    let mut best = f32::MAX;
    for i in 1..200 {
        let kk = i as f32 * 10.0;
        let l = linear_loss(&train, kk);
        if l < best {
            best = l;
            best_k = kk;
        }
    }
    eprintln!("the scale that fits the linear evaluation best: {best_k}");
    let k = SCALE as f32;
    let best = linear_loss(&train, k);
    eprintln!(
        "K = {k}: linear evaluation's loss {best:.5} on the training games, {:.5} held out",
        linear_loss(&valid, k)
    );
    // The result (weight lambda) blended with a search score's win chance.
    // With `TD`, the win chance is the average over this move's score and
    // the following moves' (for this player: the opponent's negated), the
    // move `i` later weighted by TD^i.
    let chance = |score: i32| sigmoid(score.clamp(-3000, 3000) as f32 / k);
    let blend = |s: &mut Sample, score: i32| {
        let mut p = chance(score);
        if td > 0.0 {
            let (mut sum, mut weights, mut w) = (p, 1.0, 1.0);
            for (i, &later) in s.later.iter().enumerate() {
                w *= td;
                let q = chance(later);
                sum += w * if i % 2 == 0 { 1.0 - q } else { q };
                weights += w;
            }
            p = sum / weights;
        }
        s.target = lambda * s.target + (1.0 - lambda) * p;
    };
    if let Some(factor) = std::env::var("SHARPEN").ok().map(|f| {
        f.parse::<f32>()
            .unwrap_or_else(|e| panic!("SHARPEN={f}: {e}"))
    }) {
        // The recorded scores scaled (before `RELABEL` replaces some): a
        // control for the deeper scores, which are more decided.
        for s in train.iter_mut().chain(valid.iter_mut()) {
            if let Some(score) = s.recorded.as_mut() {
                *score = (*score as f32 * factor).round() as i32;
            }
        }
    }
    if let Ok(dir) = std::env::var("RELABEL") {
        // Deeper scores (`santorini_relabel`) in place of the recorded ones:
        // `RELABEL=A:B:...`, each a directory of `.txt.gz` chunks (read in
        // name order) or one such file; a later score of a position replaces
        // an earlier one.
        let mut deeper = std::collections::HashMap::new();
        let mut files = Vec::new();
        for source in dir.split(':') {
            let path = std::path::PathBuf::from(source);
            if path.is_file() {
                files.push(path);
                continue;
            }
            let mut chunks: Vec<_> = std::fs::read_dir(&path)
                .unwrap_or_else(|e| panic!("RELABEL={dir}: {source}: {e}"))
                .map(|e| e.expect("a directory entry").path())
                .filter(|p| p.to_string_lossy().ends_with(".txt.gz"))
                .collect();
            chunks.sort();
            files.extend(chunks);
        }
        for file in &files {
            let name = file.to_string_lossy();
            for (p, _, score) in score_lines(&santorini_data::read_games(&name), &name) {
                deeper.insert(p.to_string(), score);
            }
        }
        let mut replaced = 0;
        // How the deeper scores differ from the recorded ones, as win chances
        // for the player to move, and how well each predicts the result.
        let (mut both, mut shallow_p, mut deep_p, mut gap) = (0usize, 0.0f64, 0.0f64, 0.0f64);
        let (mut shallow_loss, mut deep_loss) = (0.0f64, 0.0f64);
        for s in train.iter_mut().chain(valid.iter_mut()) {
            if let Some(&score) = deeper.get(&s.pos.to_string()) {
                if let Some(old) = s.recorded {
                    let (a, b) = (chance(old), chance(score));
                    both += 1;
                    shallow_p += (a - 0.5).abs() as f64;
                    deep_p += (b - 0.5).abs() as f64;
                    gap += (a - b).abs() as f64;
                    shallow_loss += f64::from(log_loss(a, s.target));
                    deep_loss += f64::from(log_loss(b, s.target));
                }
                s.recorded = Some(score);
                replaced += 1;
            }
        }
        if std::env::var("RELABEL_ONLY").is_ok_and(|v| v != "0") {
            // Only the positions with a deeper score.
            let keep = |s: &Sample| deeper.contains_key(&s.pos.to_string());
            train.retain(keep);
            valid.retain(keep);
            eprintln!(
                "RELABEL_ONLY: {} positions to train on, {} held out",
                train.len(),
                valid.len()
            );
        }
        eprintln!(
            "RELABEL: {} scores in {} files of {dir}, {replaced} positions take them",
            deeper.len(),
            files.len()
        );
        if both > 0 {
            let n = both as f64;
            eprintln!(
                "RELABEL: on the {both} positions with both scores, mean |win chance - 0.5| {:.4} recorded, {:.4} deeper; mean |difference| {:.4}; log loss against the results {:.5} recorded, {:.5} deeper",
                shallow_p / n,
                deep_p / n,
                gap / n,
                shallow_loss / n,
                deep_loss / n
            );
        }
    }
    let recorded = train
        .iter()
        .chain(&valid)
        .filter(|s| s.recorded.is_some())
        .count();
    if recorded > 0 {
        for s in train.iter_mut().chain(valid.iter_mut()) {
            if let Some(score) = s.recorded {
                blend(s, score);
            }
        }
        eprintln!("{recorded} positions blended with their recorded scores (lambda {lambda})");
    }
    if score_depth > 0 {
        // Scores already computed, by position and depth: `SCORE_CACHE` (a
        // file of `position depth score` lines, new scores appended).
        let cache_file = std::env::var("SCORE_CACHE").ok();
        let mut cache = std::collections::HashMap::new();
        if let Some(file) = &cache_file {
            let text = std::fs::read_to_string(file).unwrap_or_default();
            for (p, d, score) in score_lines(&text, file) {
                if d.parse() == Ok(score_depth) {
                    cache.insert(p.to_string(), score);
                }
            }
            eprintln!("{} scores at depth {score_depth} in {file}", cache.len());
        }
        let done = AtomicUsize::new(0);
        let total = train.len() + valid.len() - recorded;
        let fresh = std::sync::Mutex::new(Vec::new());
        for set in [&mut train, &mut valid] {
            set.par_iter_mut()
                .filter(|s| s.recorded.is_none())
                .for_each_init(
                    || Engine::new(1 << 16),
                    |engine, s| {
                        let fen = s.pos.to_string();
                        let score = cache.get(&fen).copied().unwrap_or_else(|| {
                            let report = engine.search(
                                &s.pos,
                                Limits {
                                    depth: Some(score_depth),
                                    time: None,
                                },
                            );
                            fresh
                                .lock()
                                .unwrap()
                                .push(format!("{fen} {score_depth} {}", report.score.unwrap_or(0)));
                            report.score.unwrap_or(0)
                        });
                        blend(s, score);
                        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                        if n.is_multiple_of(20_000) {
                            eprintln!("scored {n}/{total}");
                        }
                    },
                );
        }
        if let Some(file) = &cache_file {
            use std::io::Write;
            let fresh = fresh.into_inner().unwrap();
            let mut out = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(file)
                .expect("SCORE_CACHE");
            for line in &fresh {
                writeln!(out, "{line}").expect("SCORE_CACHE");
            }
            eprintln!("{} new scores added to {file}", fresh.len());
        }
        eprintln!(
            "targets blended with depth-{score_depth} scores (lambda {lambda}): linear loss {:.5} held out",
            linear_loss(&valid, k)
        );
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut p = Params::zeros(heads);
    p.squared = squared;
    let init = std::env::var("INIT").ok().map(|file| {
        let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("INIT={file}: {e}"));
        let net = Net::from_bytes(&bytes).unwrap_or_else(|e| panic!("INIT={file}: {e}"));
        assert!(
            net.w2_other.is_none() || dual,
            "INIT={file} reads the opponent's view too: give OTHER_VIEW=1"
        );
        assert!(
            net.squared == squared,
            "INIT={file} has {} units: give SQUARED={}",
            if net.squared { "squared" } else { "clipped" },
            u8::from(net.squared)
        );
        net
    });
    for (at, x) in p.w1.iter_mut().enumerate() {
        // The neighbourhood inputs feed only the first units.
        let (i, j) = (at / HIDDEN, at % HIDDEN);
        *x = if i >= NEIGHBOURHOOD && j >= NEIGHBOURHOOD_UNITS {
            0.0
        } else {
            rng.random_range(-0.1..0.1)
        };
    }
    for j in 0..HIDDEN {
        p.b1[j] = 0.5;
    }
    for j in 0..heads * HIDDEN {
        p.w2[j] = rng.random_range(-0.01..0.01);
        if dual {
            p.w2o[j] = rng.random_range(-0.01..0.01);
        }
    }
    for i in 0..FEATURES {
        p.v[i] = WEIGHTS[i] as f32 / k;
    }
    if !distances {
        // Left at 0, so that the engine skips their search.
        for t in DISTANCE_TERMS {
            p.v[t] = 0.0;
        }
    }
    if let Some(net) = &init {
        p = Params::from_net(net, k, heads);
    }
    let loss_of = |p: &Params, data: &[Sample]| {
        data.par_iter()
            .map(|s| f64::from(log_loss(sigmoid(p.log_odds(s, dual)), s.target)))
            .sum::<f64>()
            / data.len() as f64
    };
    // Adam over the flattened parameters.
    let n = p.flat_len();
    let (mut m, mut v2) = (vec![0.0f32; n], vec![0.0f32; n]);
    let (beta1, beta2) = (0.9f32, 0.999f32);
    let mut t = 0i32;
    let batch = 256;
    let mut order: Vec<usize> = (0..train.len()).collect();
    // The starting point (INIT's network or the random one) is the first
    // candidate: with EPOCHS=0 the loss printed is the written network's.
    let mut best_loss = loss_of(&p, &valid);
    let mut best_params = p.clone();
    let start = if init.is_some() {
        "INIT"
    } else {
        "random start"
    };
    eprintln!("{start}: held-out loss {best_loss:.5} before training");
    let threads = rayon::current_num_threads().max(1);
    for epoch in 0..epochs {
        let lr = lr0 * 0.5f32.powf(epoch as f32 / (epochs as f32 / 3.0));
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let syms: Vec<u8> = (0..order.len()).map(|_| rng.random_range(0..8)).collect();
        for chunk in order.chunks(batch).zip(syms.chunks(batch)) {
            let (idx, sy) = chunk;
            // Gradients, summed over the batch on every core.
            let per = idx.len().div_ceil(threads);
            let grads: Vec<Vec<f32>> = idx
                .par_chunks(per)
                .zip(sy.par_chunks(per))
                .map(|(ids, ss)| {
                    let mut g = vec![0.0f32; n];
                    let mut a = [[0.0f32; HIDDEN]; 2];
                    let mut on = [0u16; MAX_ON];
                    for (&i, &k8) in ids.iter().zip(ss) {
                        let s = &train[i];
                        for (o, &x) in on.iter_mut().zip(&s.on) {
                            *o = map_input(x, k8 as usize);
                        }
                        let other = dual.then(|| on.map(other_view));
                        let head = bucket(&s.pos, heads);
                        let z =
                            p.forward(&on, other.as_ref().map(|o| &o[..]), &s.dense, head, &mut a);
                        let d = sigmoid(z) - s.target;
                        let b1_at = INPUTS * HIDDEN;
                        let w2_at = b1_at + HIDDEN + head * HIDDEN;
                        let w2o_at = b1_at + HIDDEN + (heads + head) * HIDDEN;
                        let b2_at = b1_at + HIDDEN + 2 * heads * HIDDEN;
                        let v_at = b2_at + heads;
                        let (w2, w2o) = p.head(head);
                        let views: &[(&[u16], usize, &[f32])] = match &other {
                            Some(o) => &[(&on, w2_at, w2), (o, w2o_at, w2o)],
                            None => &[(&on, w2_at, w2)],
                        };
                        for (view, &(inputs_on, at, w)) in views.iter().enumerate() {
                            let a = &a[view];
                            let mut gh = [0.0f32; HIDDEN];
                            for j in 0..HIDDEN {
                                let (h, dh) = p.activation(a[j]);
                                g[at + j] += d * h;
                                if dh != 0.0 {
                                    gh[j] = d * w[j] * dh;
                                    g[b1_at + j] += gh[j];
                                }
                            }
                            for &x in inputs_on {
                                let row = &mut g[x as usize * HIDDEN..(x as usize + 1) * HIDDEN];
                                let units = if usize::from(x) >= NEIGHBOURHOOD {
                                    NEIGHBOURHOOD_UNITS
                                } else {
                                    HIDDEN
                                };
                                for j in 0..units {
                                    row[j] += gh[j];
                                }
                            }
                        }
                        g[b2_at + head] += d;
                        for f in 0..FEATURES {
                            g[v_at + f] += d * s.dense[f];
                        }
                    }
                    g
                })
                .collect();
            t += 1;
            let scale = 1.0 / idx.len() as f32;
            let c1 = 1.0 - beta1.powi(t);
            let c2 = 1.0 - beta2.powi(t);
            let mut at = 0;
            let mut step = |x: &mut f32, at: usize| {
                let g: f32 = grads.iter().map(|g| g[at]).sum::<f32>() * scale;
                m[at] = beta1 * m[at] + (1.0 - beta1) * g;
                v2[at] = beta2 * v2[at] + (1.0 - beta2) * g * g;
                *x -= lr * (m[at] / c1) / ((v2[at] / c2).sqrt() + 1e-8);
            };
            for x in &mut p.w1 {
                step(x, at);
                at += 1;
            }
            for x in &mut p.b1 {
                step(x, at);
                at += 1;
            }
            for x in &mut p.w2 {
                step(x, at);
                at += 1;
            }
            for x in &mut p.w2o {
                step(x, at);
                at += 1;
            }
            for x in &mut p.b2 {
                step(x, at);
                at += 1;
            }
            for x in &mut p.v {
                step(x, at);
                at += 1;
            }
            // Keep the first layer's sums inside i16 once quantized.
            for x in &mut p.w1 {
                *x = x.clamp(-8.0, 8.0);
            }
            for x in p.w2.iter_mut().chain(p.w2o.iter_mut()) {
                *x = x.clamp(-30_000.0 / (k * QB as f32), 30_000.0 / (k * QB as f32));
            }
        }
        let tl = loss_of(&p, &train);
        let vl = loss_of(&p, &valid);
        eprintln!("epoch {epoch}: lr {lr:.5} loss {tl:.5} training, {vl:.5} held out");
        if vl < best_loss {
            best_loss = vl;
            best_params = p.clone();
        }
    }
    let net = best_params.to_net(k, dual);
    // The quantized network against the float one, held out.
    let mut diff = 0.0f64;
    for s in valid.iter().take(2000) {
        let z = best_params.log_odds(s, dual) * k;
        diff += f64::from((net.evaluate(&s.pos, true) as f32 - z).abs());
    }
    eprintln!(
        "best held-out loss {best_loss:.5}; quantized evaluation off by {:.2} units on average",
        diff / valid.len().clamp(1, 2000) as f64
    );
    std::fs::write(&args[0], net.to_bytes()).expect("write OUT.bin");
    eprintln!("wrote {}", args[0]);
}
