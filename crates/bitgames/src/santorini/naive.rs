//! The naive twins: plain loops over the board, the oracle of the property
//! tests and the baseline of the benchmarks. No bitboards here.

use super::bitboard::Space;
use super::instance::Instance;
use std::collections::VecDeque;

/// The eight directions (row step, col step).
pub const DIRECTIONS: [(i8, i8); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The spaces a worker at 1-based (row, col) may move to: each of the eight
/// neighbours inside the board, not at level 4, at most one level up. In
/// ascending (row, col) order.
#[must_use]
pub fn move_to_naive(row: u8, col: u8, levels: &[u8; 25]) -> Vec<(u8, u8)> {
    let here = levels[(row as usize - 1) * 5 + col as usize - 1];
    let mut result = Vec::new();
    for (dr, dc) in DIRECTIONS {
        let r = row as i8 + dr;
        let c = col as i8 + dc;
        if !(1..=5).contains(&r) || !(1..=5).contains(&c) {
            continue;
        }
        let there = levels[(r as usize - 1) * 5 + c as usize - 1];
        if there < 4 && there <= here + 1 {
            result.push((r as u8, c as u8));
        }
    }
    result
}

/// [`move_to_naive`] on an [`Instance`], answering spaces.
#[must_use]
pub fn move_to_instance_naive(instance: &Instance) -> Vec<Space> {
    move_to_naive(
        instance.worker.row(),
        instance.worker.col(),
        &instance.levels,
    )
    .into_iter()
    .map(|(r, c)| Space::from_row_col(r, c).expect("on the board"))
    .collect()
}

/// BFS with a queue from the worker over [`move_to_naive`]: distances in
/// moves to all 25 spaces (row-major), `None` where unreachable.
#[must_use]
pub fn distances_naive(row: u8, col: u8, levels: &[u8; 25]) -> [Option<u8>; 25] {
    let mut result = [None; 25];
    result[(row as usize - 1) * 5 + col as usize - 1] = Some(0);
    let mut queue = VecDeque::new();
    queue.push_back((row, col, 0u8));
    while let Some((r, c, d)) = queue.pop_front() {
        for (nr, nc) in move_to_naive(r, c, levels) {
            let i = (nr as usize - 1) * 5 + nc as usize - 1;
            if result[i].is_none() {
                result[i] = Some(d + 1);
                queue.push_back((nr, nc, d + 1));
            }
        }
    }
    result
}

/// [`distances_naive`] on an [`Instance`].
#[must_use]
pub fn distances_instance_naive(instance: &Instance) -> [Option<u8>; 25] {
    distances_naive(
        instance.worker.row(),
        instance.worker.col(),
        &instance.levels,
    )
}
