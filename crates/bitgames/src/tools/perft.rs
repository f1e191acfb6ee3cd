//! Perft: the number of move sequences of a given length from a position.
//!
//! A finished game has no children, so a sequence stops at the move that ends
//! the game. Perft is the standard check of a move generator: its counts are
//! known facts (e.g. 255,168 tic-tac-toe games) that any bug changes.

use crate::Game;
use rayon::prelude::*;

/// The number of move sequences of exactly `depth` moves from `pos`.
#[must_use]
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        // Bulk counting: the leaves need not be played.
        return moves.len() as u64;
    }
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

/// Perft counted on every core: the subtrees two plies down are shared out
/// with rayon, which balances better than splitting at the root alone.
#[must_use]
pub fn perft_parallel<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth <= 2 {
        return perft(pos, depth);
    }
    let mut grandchildren = Vec::new();
    for &mv in pos.legal_moves().iter() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        for &reply in child.legal_moves().iter() {
            let mut grandchild = child.clone();
            grandchild.play_unchecked(reply);
            grandchildren.push(grandchild);
        }
    }
    grandchildren.par_iter().map(|g| perft(g, depth - 2)).sum()
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
