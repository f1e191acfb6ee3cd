//! Perft: the number of move sequences of a given length from a position.
//!
//! A finished game has no children, so a sequence stops at the move that ends
//! the game. Perft is the standard check of a move generator: its counts are
//! known facts (e.g. 255,168 tic-tac-toe games) that any bug changes.

use crate::{Game, Outcome};
use rayon::prelude::*;
use std::collections::HashSet;

/// The number of move sequences of exactly `depth` moves from `pos`.
#[must_use]
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        // Bulk counting: the leaves need not be played.
        return pos.count_moves() as u64;
    }
    let moves = pos.legal_moves();
    let mut total = 0;
    for &mv in moves.iter() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        total += perft(&child, depth - 1);
    }
    total
}

/// Perft split by the first move, in move-generation order ("divide"): the
/// tool to find which subtree holds a move-generation bug.
#[must_use]
pub fn perft_divide<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}

/// [`perft_divide`] with the subtrees counted on every core.
#[must_use]
pub fn perft_divide_parallel<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves: Vec<G::Move> = pos.legal_moves().iter().copied().collect();
    moves
        .par_iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            (mv, perft_parallel(&child, depth - 1))
        })
        .collect()
}

/// [`perft_by_depth`] on every core: the tree is cut two plies down and the
/// subtrees are shared out, each walked once for all depths. `progress` is
/// called with (subtrees done, subtrees) as they finish.
#[must_use]
pub fn perft_by_depth_parallel<G: Game>(
    pos: &G,
    max_depth: u32,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Vec<u64> {
    if max_depth <= 2 {
        return perft_by_depth(pos, max_depth);
    }
    let mut counts = vec![0u64; max_depth as usize + 1];
    counts[0] = 1;
    counts[1] = pos.legal_moves().len() as u64;
    let grandchildren = grandchildren(pos);
    let total = grandchildren.len() as u64;
    let done = std::sync::atomic::AtomicU64::new(0);
    let below = grandchildren
        .par_iter()
        .map(|g| {
            let c = perft_by_depth(g, max_depth - 2);
            progress(
                done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1,
                total,
            );
            c
        })
        .reduce(
            || vec![0; max_depth as usize - 1],
            |a, b| a.iter().zip(&b).map(|(x, y)| x + y).collect(),
        );
    for (d, n) in below.into_iter().enumerate() {
        counts[d + 2] += n;
    }
    counts
}

/// Perft counted on every core: the subtrees two plies down are shared out
/// with rayon, which balances better than splitting at the root alone.
#[must_use]
pub fn perft_parallel<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth <= 2 {
        return perft(pos, depth);
    }
    grandchildren(pos)
        .par_iter()
        .map(|g| perft(g, depth - 2))
        .sum()
}

/// Every position two moves down (one per move sequence): the units of work
/// the parallel perfts share out.
fn grandchildren<G: Game>(pos: &G) -> Vec<G> {
    let mut out = Vec::new();
    for &mv in pos.legal_moves().iter() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        for &reply in child.legal_moves().iter() {
            let mut grandchild = child.clone();
            grandchild.play_unchecked(reply);
            out.push(grandchild);
        }
    }
    out
}

/// The perft counts for every depth `0..=max_depth`, from one walk of the tree:
/// `result[d]` is the number of sequences of `d` moves.
#[must_use]
pub fn perft_by_depth<G: Game>(pos: &G, max_depth: u32) -> Vec<u64> {
    fn walk<G: Game>(pos: &G, depth: usize, max_depth: usize, counts: &mut [u64]) {
        counts[depth] += 1;
        if depth == max_depth {
            return;
        }
        if depth + 1 == max_depth {
            // Bulk counting: the leaves need not be played.
            counts[max_depth] += pos.count_moves() as u64;
            return;
        }
        for &mv in pos.legal_moves().iter() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            walk(&child, depth + 1, max_depth, counts);
        }
    }
    let mut counts = vec![0; max_depth as usize + 1];
    walk(pos, 0, max_depth as usize, &mut counts);
    counts
}

/// How the complete games from a position end: every move sequence played
/// to the end of the game, counted by length and result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameCounts {
    /// `by_length[n]`: games that end after `n` more moves.
    pub by_length: Vec<u64>,
    /// Games won by each player, indexed by [`Player::index`](crate::Player::index).
    pub wins: [u64; 2],
    /// Drawn games.
    pub draws: u64,
}

impl GameCounts {
    /// All complete games.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.wins[0] + self.wins[1] + self.draws
    }
}

/// Enumerates every complete game from `pos` (the whole game tree: use it on
/// small games or late positions only).
#[must_use]
pub fn count_games<G: Game>(pos: &G) -> GameCounts {
    fn walk<G: Game>(pos: &G, depth: usize, counts: &mut GameCounts) {
        let outcome = pos.outcome();
        let moves = pos.legal_moves();
        if outcome.is_over() || moves.is_empty() {
            if counts.by_length.len() <= depth {
                counts.by_length.resize(depth + 1, 0);
            }
            counts.by_length[depth] += 1;
            match outcome {
                Outcome::Win(p) => counts.wins[p.index()] += 1,
                // No move but no result: the side to move is stuck and loses.
                Outcome::Ongoing => counts.wins[pos.to_move().other().index()] += 1,
                Outcome::Draw => counts.draws += 1,
            }
            return;
        }
        for &mv in moves.iter() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            walk(&child, depth + 1, counts);
        }
    }
    let mut counts = GameCounts::default();
    walk(pos, 0, &mut counts);
    counts
}

/// The number of distinct positions at each depth `0..=max_depth` (positions
/// that are equal as values are counted once per depth), by breadth-first
/// expansion of the set of positions one ply at a time.
#[must_use]
pub fn distinct_positions_by_depth<G: Game>(pos: &G, max_depth: u32) -> Vec<u64> {
    let mut layer: HashSet<G> = HashSet::from([pos.clone()]);
    let mut counts = vec![1];
    for _ in 0..max_depth {
        let mut next = HashSet::with_capacity(layer.len() * 4);
        for p in &layer {
            for &mv in p.legal_moves().iter() {
                let mut child = p.clone();
                child.play_unchecked(mv);
                next.insert(child);
            }
        }
        counts.push(next.len() as u64);
        layer = next;
    }
    counts
}

/// Every position reachable from `pos`, `pos` included.
#[must_use]
pub fn reachable_positions<G: Game>(pos: &G) -> HashSet<G> {
    let mut seen = HashSet::from([pos.clone()]);
    let mut stack = vec![pos.clone()];
    while let Some(p) = stack.pop() {
        for &mv in p.legal_moves().iter() {
            let mut child = p.clone();
            child.play_unchecked(mv);
            if seen.insert(child.clone()) {
                stack.push(child);
            }
        }
    }
    seen
}
