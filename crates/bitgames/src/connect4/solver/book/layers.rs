//! The positions a book holds: its layers (numbers of stones), one of each
//! mirror pair (the smaller symmetric key), and the scores they can have.

use crate::connect4::grid::from_key;
use crate::connect4::{Geometry, Position};
use std::collections::HashSet;
use std::ops::RangeInclusive;

/// A set of layers (numbers of stones, 0..=63): bit n for n stones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Layers(pub u64);

impl Layers {
    /// Whether the set holds `stones`.
    #[inline]
    #[must_use]
    pub const fn contains(self, stones: usize) -> bool {
        stones < 64 && self.0 >> stones & 1 != 0
    }

    /// The fewest stones held (0 for an empty set).
    #[must_use]
    pub const fn first(self) -> usize {
        if self.0 == 0 {
            0
        } else {
            self.0.trailing_zeros() as usize
        }
    }

    /// The most stones held (0 for an empty set).
    #[must_use]
    pub const fn last(self) -> usize {
        if self.0 == 0 {
            0
        } else {
            63 - self.0.leading_zeros() as usize
        }
    }

    /// The layers of both sets.
    #[must_use]
    pub const fn union(self, other: Layers) -> Layers {
        Layers(self.0 | other.0)
    }

    /// Each layer held, fewest stones first.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..64).filter(move |&n| self.contains(n))
    }
}

impl From<RangeInclusive<usize>> for Layers {
    fn from(range: RangeInclusive<usize>) -> Layers {
        Layers(range.filter(|&n| n < 64).fold(0, |m, n| m | 1 << n))
    }
}

impl std::fmt::Display for Layers {
    /// Runs of layers as ranges: `0..=4`, `10..=10`, `0..=4, 10..=10`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for n in self.iter() {
            match runs.last_mut() {
                Some(run) if run.1 + 1 == n => run.1 = n,
                _ => runs.push((n, n)),
            }
        }
        if runs.is_empty() {
            return write!(f, "none");
        }
        let parts: Vec<String> = runs.iter().map(|(a, b)| format!("{a}..={b}")).collect();
        write!(f, "{}", parts.join(", "))
    }
}

/// The symmetric key of a position: the smaller of its key and its mirror
/// image's (what a book stores).
#[must_use]
pub fn symmetric_key(pos: &Position) -> u128 {
    pos.key().min(pos.mirror_key())
}

/// The scores a position with `stones` stones can have when the player to
/// move cannot win at once (the positions a book holds): from a loss to the
/// opponent's next stone to a win with the mover's second stone.
#[must_use]
pub fn held_score_range(geometry: Geometry, stones: usize) -> RangeInclusive<i32> {
    let (cells, n) = (geometry.cells() as i32, stones as i32);
    -(cells - n) / 2..=(cells - 1 - n) / 2
}

/// Why a symmetric key cannot be a book's entry of this board and layers:
/// not a position, one of the other number of stones, a game over, or one the
/// player to move wins at once; `None` when it can.
#[must_use]
pub fn check_key(geometry: Geometry, layers: Layers, key: u128) -> Option<String> {
    use crate::Game;
    let Some(pos) = from_key(geometry, key) else {
        return Some(format!("no position of a {geometry} board"));
    };
    let n = pos.moves_played();
    if !layers.contains(n) {
        return Some(format!("a position with {n} stones, not {layers}"));
    }
    if pos.outcome().is_over() {
        return Some("a position where the game is over".to_string());
    }
    if pos.winning_moves() != 0 {
        return Some("a position the player to move wins at once".to_string());
    }
    if key != symmetric_key(&pos) {
        return Some("the larger of a mirror pair's keys (a book keeps the smaller)".to_string());
    }
    None
}

/// The distinct positions (up to mirror image) with exactly `stones` stones
/// that a book holds: reachable, not over, and where the player to move cannot
/// win at once. In ascending order of their symmetric key.
#[must_use]
pub fn book_positions(geometry: Geometry, stones: usize) -> Vec<Position> {
    let mut layer = vec![Position::new(geometry)];
    for _ in 0..stones {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for pos in &layer {
            for col in 0..geometry.width() {
                if !pos.can_play(col) || pos.is_winning_move(col) {
                    continue;
                }
                let child = pos.after(col).expect("playable");
                if seen.insert(symmetric_key(&child)) {
                    next.push(child);
                }
            }
        }
        layer = next;
    }
    layer.retain(|p| p.winning_moves() == 0 && p.moves_played() < geometry.cells());
    layer.sort_by_key(symmetric_key);
    layer
}
