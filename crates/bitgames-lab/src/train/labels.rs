//! The training targets: each position's result, blended (weight
//! `lambda` on the result) with a search score's win chance: the score
//! recorded in its game, a deeper one from `relabel` chunks or other label
//! files, or a fresh fixed-depth search (kept in a score cache).

use super::model::{Sample, log_loss, sigmoid};
use crate::data::{read_text, score_lines};
use anyhow::Context;
use bitgames::engine::Limits;
use bitgames::santorini::search::Engine;
use rayon::prelude::*;
use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How a score becomes a target.
pub struct Blend {
    /// The weight of the game's result; the rest is the score's.
    pub lambda: f32,
    /// With `td > 0`, the score's win chance is averaged with the later
    /// moves' (the move `i` later weighted by `td^i`).
    pub td: f32,
    /// The scale: evaluation units per log-odds 1.
    pub k: f32,
}

impl Blend {
    /// The win chance of a score for the player to move.
    pub fn chance(&self, score: i32) -> f32 {
        sigmoid(score.clamp(-3000, 3000) as f32 / self.k)
    }

    /// Blends the sample's target with `score`'s win chance; with `td`,
    /// that chance is the average over this move's score and the following
    /// moves' (for this player: the opponent's turned round).
    pub fn apply(&self, s: &mut Sample, score: i32) {
        let mut p = self.chance(score);
        if self.td > 0.0 {
            let (mut sum, mut weights, mut w) = (p, 1.0, 1.0);
            for (i, &later) in s.later.iter().enumerate() {
                w *= self.td;
                let q = self.chance(later);
                sum += w * if i % 2 == 0 { 1.0 - q } else { q };
                weights += w;
            }
            p = sum / weights;
        }
        s.target = self.lambda * s.target + (1.0 - self.lambda) * p;
    }
}

/// The files of the label sources: a file is itself; a directory gives its
/// `.txt.gz` chunks in name order.
fn label_files(sources: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for source in sources {
        if source.is_file() {
            files.push(source.clone());
            continue;
        }
        let entries = std::fs::read_dir(source)
            .with_context(|| format!("--relabel {}: not a file or directory", source.display()))?;
        let mut chunks = Vec::new();
        for entry in entries {
            let path = entry
                .with_context(|| format!("--relabel {}", source.display()))?
                .path();
            if path.to_string_lossy().ends_with(".txt.gz") {
                chunks.push(path);
            }
        }
        chunks.sort();
        files.extend(chunks);
    }
    Ok(files)
}

/// Puts the deeper scores of the label sources (a later source's score of a
/// position replacing an earlier one's) in place of the recorded ones;
/// with `only`, keeps only the positions they cover.
pub fn relabel(
    sources: &[PathBuf],
    only: bool,
    blend: &Blend,
    sets: [&mut Vec<Sample>; 2],
) -> anyhow::Result<()> {
    let files = label_files(sources)?;
    let mut deeper = HashMap::new();
    for file in &files {
        let name = file.to_string_lossy();
        let text = read_text(&name)?;
        for (p, _, score) in score_lines(&text, &name)? {
            deeper.insert(p.to_string(), score);
        }
    }
    let mut replaced = 0;
    // How the deeper scores differ from the recorded ones, as win chances
    // for the player to move, and how well each predicts the result.
    let (mut both, mut shallow_p, mut deep_p, mut gap) = (0usize, 0.0f64, 0.0f64, 0.0f64);
    let (mut shallow_loss, mut deep_loss) = (0.0f64, 0.0f64);
    let [train, valid] = sets;
    for s in train.iter_mut().chain(valid.iter_mut()) {
        if let Some(&score) = deeper.get(&s.pos.to_string()) {
            if let Some(old) = s.recorded {
                let (a, b) = (blend.chance(old), blend.chance(score));
                both += 1;
                shallow_p += f64::from((a - 0.5).abs());
                deep_p += f64::from((b - 0.5).abs());
                gap += f64::from((a - b).abs());
                shallow_loss += f64::from(log_loss(a, s.target));
                deep_loss += f64::from(log_loss(b, s.target));
            }
            s.recorded = Some(score);
            replaced += 1;
        }
    }
    if only {
        let keep = |s: &Sample| deeper.contains_key(&s.pos.to_string());
        train.retain(keep);
        valid.retain(keep);
        eprintln!(
            "relabel only: {} positions to train on, {} held out",
            train.len(),
            valid.len()
        );
    }
    eprintln!(
        "relabel: {} scores in {} files, {replaced} positions take them",
        deeper.len(),
        files.len()
    );
    if both > 0 {
        let n = both as f64;
        eprintln!(
            "relabel: on the {both} positions with both scores, mean |win chance - 0.5| {:.4} \
             recorded, {:.4} deeper; mean |difference| {:.4}; log loss against the results \
             {:.5} recorded, {:.5} deeper",
            shallow_p / n,
            deep_p / n,
            gap / n,
            shallow_loss / n,
            deep_loss / n
        );
    }
    Ok(())
}

/// Blends the targets of the positions without a score with the default
/// engine's depth-`depth` scores, kept in `cache` (a score file, read for
/// this depth's scores and appended to with the new ones).
pub fn search_scores(
    depth: u32,
    cache: Option<&str>,
    blend: &Blend,
    sets: [&mut Vec<Sample>; 2],
) -> anyhow::Result<()> {
    let mut known = HashMap::new();
    if let Some(file) = cache {
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(e).with_context(|| format!("cannot read the score cache {file}")),
        };
        for (p, d, score) in score_lines(&text, file)? {
            if d.parse() == Ok(depth) {
                known.insert(p.to_string(), score);
            }
        }
        eprintln!("{} scores at depth {depth} in {file}", known.len());
    }
    let done = AtomicUsize::new(0);
    let total: usize = sets
        .iter()
        .map(|set| set.iter().filter(|s| s.recorded.is_none()).count())
        .sum();
    let fresh = Mutex::new(Vec::new());
    for set in sets {
        set.par_iter_mut()
            .filter(|s| s.recorded.is_none())
            .for_each_init(
                || Engine::new(1 << 16),
                |engine, s| {
                    let fen = s.pos.to_string();
                    let score = known.get(&fen).copied().unwrap_or_else(|| {
                        let score = engine.search(&s.pos, Limits::depth(depth)).score;
                        let score = score.unwrap_or(0);
                        let line = format!("{fen} {depth} {score}");
                        fresh.lock().expect("no panic").push(line);
                        score
                    });
                    blend.apply(s, score);
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if n.is_multiple_of(20_000) {
                        eprintln!("scored {n}/{total}");
                    }
                },
            );
    }
    if let Some(file) = cache {
        let fresh = fresh.into_inner().expect("no panic");
        let mut out = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(file)
            .with_context(|| format!("cannot open the score cache {file}"))?;
        let text: String = fresh.iter().map(|line| format!("{line}\n")).collect();
        out.write_all(text.as_bytes())
            .with_context(|| format!("cannot write the score cache {file}"))?;
        eprintln!("{} new scores added to {file}", fresh.len());
    }
    Ok(())
}
