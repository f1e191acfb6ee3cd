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

/// The precondition of the naive twins: a worker on the board.
fn check_on_board(row: u8, col: u8) {
    assert!(
        (1..=5).contains(&row) && (1..=5).contains(&col),
        "the worker's (row, col) = ({row},{col}) is off the board: both must be in 1..=5"
    );
}

/// The spaces a worker at 1-based (row, col) may move to: each of the eight
/// neighbours inside the board, not at level 4, at most one level up. In
/// ascending (row, col) order.
///
/// # Panics
///
/// If `row` or `col` is outside 1..=5.
#[must_use]
pub fn move_to_naive(row: u8, col: u8, levels: &[u8; 25]) -> Vec<(u8, u8)> {
    check_on_board(row, col);
    let here = levels[(row as usize - 1) * 5 + col as usize - 1];
    let mut result = Vec::new();
    for (dr, dc) in DIRECTIONS {
        let r = row as i8 + dr;
        let c = col as i8 + dc;
        if !(1..=5).contains(&r) || !(1..=5).contains(&c) {
            continue;
        }
        let there = levels[(r as usize - 1) * 5 + c as usize - 1];
        if there < 4 && u16::from(there) <= u16::from(here) + 1 {
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
///
/// # Panics
///
/// If `row` or `col` is outside 1..=5.
#[must_use]
pub fn distances_naive(row: u8, col: u8, levels: &[u8; 25]) -> [Option<u8>; 25] {
    check_on_board(row, col);
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

/// The naive twin of the full game's move generator: plain loops over the
/// 25 spaces and the eight directions with bounds checks, on the level array
/// and a list of worker spaces. Same rules, no bitboards; moves in no
/// particular order.
#[must_use]
pub fn legal_moves_naive(pos: &crate::santorini::Position) -> Vec<crate::santorini::Move> {
    use crate::santorini::Move;
    use crate::{Game, Player};
    let levels = pos.levels();
    let at = |r: i8, c: i8| (r as usize - 1) * 5 + c as usize - 1;
    let on_board = |r: i8, c: i8| (1..=5).contains(&r) && (1..=5).contains(&c);
    let space = |i: usize| Space::from_index(i).expect("25 spaces");
    let mut owner = [None; 25];
    for p in Player::BOTH {
        for (i, o) in owner.iter_mut().enumerate() {
            if pos.workers(p).contains(space(i)) {
                *o = Some(p);
            }
        }
    }
    // A worker standing on level 3 has won: the game is over.
    if (0..25).any(|i| owner[i].is_some() && levels[i] == 3) {
        return Vec::new();
    }
    let me = pos.to_move();
    let mine: Vec<usize> = (0..25).filter(|&i| owner[i] == Some(me)).collect();
    let mut moves = Vec::new();
    if mine.is_empty() {
        let god = pos.gods()[me.index()];
        let places = god.rules().naive_places;
        let free = |i: usize| owner[i].is_none() && levels[i] < 4;
        for a in 0..25 {
            for b in a + 1..25 {
                if !(free(a) && free(b) && places(a, b)) {
                    continue;
                }
                if god.workers() == 3 {
                    // The Graeae, Proteus: a third worker on a later space.
                    for c in (b + 1..25).filter(|&c| free(c)) {
                        moves.push(Move::place_three([space(a), space(b), space(c)]));
                    }
                } else if god.has_female() {
                    // Selene, Hippolyta: either one named the female one.
                    moves.push(Move::place_female(space(a), space(b), space(a)));
                    moves.push(Move::place_female(space(a), space(b), space(b)));
                } else {
                    moves.push(Move::place(space(a), space(b)));
                }
            }
        }
        return moves;
    }
    for &from in &mine {
        let (r, c) = ((from / 5 + 1) as i8, (from % 5 + 1) as i8);
        let here = levels[from];
        for (dr, dc) in DIRECTIONS {
            let (tr, tc) = (r + dr, c + dc);
            if !on_board(tr, tc) {
                continue;
            }
            let to = at(tr, tc);
            if owner[to].is_some() || levels[to] == 4 || levels[to] > here + 1 {
                continue;
            }
            if here == 2 && levels[to] == 3 {
                moves.push(Move::Win {
                    from: space(from),
                    to: space(to),
                });
                continue;
            }
            for (br, bc) in DIRECTIONS {
                let (r2, c2) = (tr + br, tc + bc);
                if !on_board(r2, c2) {
                    continue;
                }
                let build = at(r2, c2);
                let occupied_after = build != from && owner[build].is_some();
                if occupied_after || levels[build] == 4 {
                    continue;
                }
                moves.push(Move::Build {
                    from: space(from),
                    to: space(to),
                    build: space(build),
                });
            }
        }
    }
    moves
}
