//! The transposition table: one entry a slot, always replaced, and the
//! position key it is found by.

use super::constants::MATE_BOUND;
use crate::santorini::game::Position;

/// What an entry's score is: exact, or a bound.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Bound {
    #[default]
    Exact,
    /// The score is at least this (a cut).
    Lower,
    /// The score is at most this (no move beat alpha).
    Upper,
}

impl Bound {
    /// The bound of a node's best score searched in `(alpha, beta)`.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// One searched position, in 16 bytes.
#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    pub key: u64,
    /// The score, a win or loss counted from this position
    /// ([`Entry::score_at`]).
    score: i32,
    /// The best move's action number ([`Position::action_of`]), its low 16
    /// bits (a god's actions need 17: the 17th is in `flags`).
    best_low: u16,
    pub depth: u8,
    /// The bound in bits 0 and 1, the action's 17th bit in bit 2.
    flags: u8,
}

/// The largest action an entry holds ([`crate::santorini::NUM_GOD_ACTIONS`]
/// fits).
const MAX_ACTION: usize = (1 << 17) - 1;
const _: () = assert!(crate::santorini::NUM_GOD_ACTIONS <= MAX_ACTION + 1);

impl Entry {
    /// An entry for `key` searched at `ply` of the line, `best` the best
    /// move's action.
    pub fn new(key: u64, score: i32, ply: i32, best: usize, depth: u32, bound: Bound) -> Entry {
        debug_assert!(best <= MAX_ACTION, "action {best}");
        // A win or loss is stored counted from this position, not the root.
        let score = if score >= MATE_BOUND {
            score + ply
        } else if score <= -MATE_BOUND {
            score - ply
        } else {
            score
        };
        let bound = match bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        Entry {
            key,
            score,
            best_low: best as u16,
            depth: depth.min(255) as u8,
            flags: bound | ((best >> 16) as u8 & 1) << 2,
        }
    }

    /// The best move's action.
    #[inline]
    pub fn best(&self) -> usize {
        usize::from(self.best_low) | usize::from(self.flags >> 2 & 1) << 16
    }

    /// What the score is.
    #[inline]
    pub fn bound(&self) -> Bound {
        match self.flags & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        }
    }

    /// The score seen from `ply` of the line.
    pub fn score_at(&self, ply: i32) -> i32 {
        if self.score >= MATE_BOUND {
            self.score - ply
        } else if self.score <= -MATE_BOUND {
            self.score + ply
        } else {
            self.score
        }
    }
}

/// The table: a power of two of entries, found by the key's low bits.
pub(super) struct Table {
    entries: Vec<Entry>,
}

impl Table {
    pub fn new(entries: usize) -> Table {
        Table {
            entries: vec![Entry::default(); entries.next_power_of_two()],
        }
    }

    /// The entry in `key`'s slot (maybe another position's).
    #[inline]
    pub fn probe(&self, key: u64) -> Entry {
        self.entries[self.slot(key)]
    }

    /// Stores `entry` in its key's slot, whatever was there.
    #[inline]
    pub fn store(&mut self, entry: Entry) {
        let slot = self.slot(entry.key);
        self.entries[slot] = entry;
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }
}

/// A 64-bit key of a position (the bitboards mixed with multiply-xorshift).
#[must_use]
#[inline]
pub(super) fn key(pos: &Position) -> u64 {
    let mut h = (pos.to_move.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for word in [
        pos.heights[0].0,
        pos.heights[1].0,
        pos.heights[2].0,
        pos.heights[3].0,
        pos.workers[0].0,
        pos.workers[1].0,
    ] {
        h = (h ^ word).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 32;
    }
    h
}
