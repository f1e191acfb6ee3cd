//! The word the search's bitboards live in: `u64` for boards of at most 64
//! bits (7x6 and every board that fits runs exactly the code it always
//! did), `u128` for the larger ones. The search is written once over
//! [`Word`] and compiled for each; a solve picks one by the board size.

use super::Solver;
use super::table::wide::WideTable;
use super::table::{Bound, Hit, Table};
use std::fmt::Debug;
use std::ops::{Add, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr, Sub};

/// A bitboard word: the integer operations the search uses, and the table
/// that stores its keys.
pub(super) trait Word:
    Copy
    + Eq
    + Ord
    + Debug
    + Send
    + Sync
    + 'static
    + Add<Output = Self>
    + Sub<Output = Self>
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitOrAssign
    + BitAndAssign
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// No bit set.
    const ZERO: Self;
    /// The lowest bit.
    const ONE: Self;
    /// The table of this word's keys.
    type Table: Probe<Self>;

    /// The low bits of `bits` (a board's bits always fit the word).
    fn from_u128(bits: u128) -> Self;
    /// Number of set bits.
    fn count_ones(self) -> u32;
    /// Index of the lowest set bit.
    fn trailing_zeros(self) -> u32;
    /// `self - other`, wrapping.
    fn wrapping_sub(self, other: Self) -> Self;
    /// The bits as a `u128` (books).
    fn to_u128(self) -> u128;
    /// The bits folded into 64, for the busy positions of a parallel search.
    fn fold(self) -> u64;
    /// The solver's table for this word.
    fn table(solver: &Solver) -> &Self::Table;
}

/// Probes and stores of a table keyed by `W`.
pub(super) trait Probe<W> {
    /// The entry of `key`, if stored in this generation.
    fn get(&self, key: W) -> Option<Hit>;
    /// Stores a score (see [`Table::put`]).
    fn put(&self, key: W, score: i32, bound: Bound, best: Option<u8>, work: u32);
    /// Hints the processor to fetch the bucket of `key`.
    fn prefetch(&self, key: W);
}

impl Probe<u64> for Table {
    #[inline(always)]
    fn get(&self, key: u64) -> Option<Hit> {
        Table::get(self, key)
    }
    #[inline(always)]
    fn put(&self, key: u64, score: i32, bound: Bound, best: Option<u8>, work: u32) {
        Table::put(self, key, score, bound, best, work);
    }
    #[inline(always)]
    fn prefetch(&self, key: u64) {
        Table::prefetch(self, key);
    }
}

impl Word for u64 {
    const ZERO: u64 = 0;
    const ONE: u64 = 1;
    type Table = Table;

    #[inline(always)]
    fn from_u128(bits: u128) -> u64 {
        bits as u64
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u64::count_ones(self)
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }
    #[inline(always)]
    fn wrapping_sub(self, other: u64) -> u64 {
        u64::wrapping_sub(self, other)
    }
    #[inline(always)]
    fn to_u128(self) -> u128 {
        u128::from(self)
    }
    #[inline(always)]
    fn fold(self) -> u64 {
        self
    }
    #[inline(always)]
    fn table(solver: &Solver) -> &Table {
        &solver.table
    }
}

impl Probe<u128> for WideTable {
    #[inline(always)]
    fn get(&self, key: u128) -> Option<Hit> {
        WideTable::get(self, key)
    }
    #[inline(always)]
    fn put(&self, key: u128, score: i32, bound: Bound, best: Option<u8>, work: u32) {
        WideTable::put(self, key, score, bound, best, work);
    }
    #[inline(always)]
    fn prefetch(&self, key: u128) {
        WideTable::prefetch(self, key);
    }
}

impl Word for u128 {
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    type Table = WideTable;

    #[inline(always)]
    fn from_u128(bits: u128) -> u128 {
        bits
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    #[inline(always)]
    fn wrapping_sub(self, other: u128) -> u128 {
        u128::wrapping_sub(self, other)
    }
    #[inline(always)]
    fn to_u128(self) -> u128 {
        self
    }
    #[inline(always)]
    fn fold(self) -> u64 {
        (self ^ self >> 64) as u64
    }
    #[inline(always)]
    fn table(solver: &Solver) -> &WideTable {
        solver
            .wide
            .as_deref()
            .expect("a board over 64 bits is solved with the wide table")
    }
}
