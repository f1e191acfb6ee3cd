//! The positions the threads of a parallel search of one position are in.
//! A thread that meets a child another thread is in searches it after its
//! other children, when its score is likely in the shared table: the
//! threads spread over the children instead of searching the same ones
//! (simplified ABDADA).

use std::sync::atomic::{AtomicU64, Ordering};

/// log2 of the slots: 512 KiB, far more than the positions in search at
/// once (a few per thread and ply).
const LOG2: u32 = 16;

/// Positions by their folded key (never 0); a slot holds the last one
/// entered there, so a collision only makes a thread defer less.
pub(super) struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Busy {
    pub(super) fn new() -> Busy {
        Busy {
            slots: (0..1usize << LOG2).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        let i = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - LOG2);
        &self.slots[i as usize]
    }

    /// Whether a thread is in the position of `key`.
    #[inline]
    pub(super) fn contains(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }

    /// Marks the position of `key` as searched.
    #[inline]
    pub(super) fn enter(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    /// Unmarks the position of `key`, unless another has taken its slot.
    #[inline]
    pub(super) fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_busy_from_enter_to_leave() {
        let busy = Busy::new();
        assert!(!busy.contains(7));
        busy.enter(7);
        assert!(busy.contains(7));
        assert!(!busy.contains(9));
        busy.leave(7);
        assert!(!busy.contains(7));
    }
}
