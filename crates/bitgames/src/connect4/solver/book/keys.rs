//! The sorted keys of a bitgames book: 64-bit words for a board of at most 64
//! bits (8 bytes a key in memory, as in the built-in 7x6 book), 128-bit ones
//! for a larger board. Keys come and go as `u128` either way.

use crate::connect4::Geometry;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Keys {
    Narrow(Vec<u64>),
    Wide(Vec<u128>),
}

impl Keys {
    /// No keys yet, room for `capacity`, in the width `geometry`'s keys need.
    pub(super) fn with_capacity(geometry: Geometry, capacity: usize) -> Keys {
        if geometry.fits_u64() {
            Keys::Narrow(Vec::with_capacity(capacity))
        } else {
            Keys::Wide(Vec::with_capacity(capacity))
        }
    }

    /// Appends a key of the board (a narrow board's key fits 64 bits).
    pub(super) fn push(&mut self, key: u128) {
        match self {
            Keys::Narrow(keys) => keys.push(key as u64),
            Keys::Wide(keys) => keys.push(key),
        }
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Keys::Narrow(keys) => keys.len(),
            Keys::Wide(keys) => keys.len(),
        }
    }

    pub(super) fn get(&self, i: usize) -> Option<u128> {
        match self {
            Keys::Narrow(keys) => keys.get(i).map(|&k| u128::from(k)),
            Keys::Wide(keys) => keys.get(i).copied(),
        }
    }

    pub(super) fn last(&self) -> Option<u128> {
        self.len().checked_sub(1).and_then(|i| self.get(i))
    }

    /// The index of `key` (the keys are ascending).
    #[inline]
    pub(super) fn find(&self, key: u128) -> Option<usize> {
        match self {
            Keys::Narrow(keys) => u64::try_from(key)
                .ok()
                .and_then(|k| keys.binary_search(&k).ok()),
            Keys::Wide(keys) => keys.binary_search(&key).ok(),
        }
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = u128> + '_ {
        (0..self.len()).map(|i| self.get(i).expect("in range"))
    }
}
