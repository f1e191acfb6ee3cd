//! The transposition table: two-entry buckets of packed `u64`s, partial keys
//! made exact by the Chinese remainder theorem, and generations so that a
//! "cleared" table costs nothing.
//!
//! An entry, low bits first:
//!
//! ```text
//!   bits  0..40  key mod 2^40          (partial key)
//!   bits 40..46  score + 32            (6 bits: -32..31)
//!   bits 46..48  bound                 (1 lower, 2 upper, 3 exact; 0 = empty)
//!   bits 48..52  best column + 1       (0 = none)
//!   bits 52..58  generation            (6 bits)
//!   bits 58..64  work                  (log2 of the nodes below, 0..63)
//! ```
//!
//! The bucket index is `key mod N` with `N` an odd prime, and the entry keeps
//! `key mod 2^40`; as `gcd(N, 2^40) = 1`, the pair fixes every key below
//! `N * 2^40` exactly, so a hit is never a different position. The table picks
//! `N` large enough for the board's largest key.

/// Which side of the true score a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at least the stored one.
    Lower = 1,
    /// The true score is at most the stored one.
    Upper = 2,
    /// The stored score is the true score.
    Exact = 3,
}

/// What a probe found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The stored score.
    pub score: i32,
    /// Its bound.
    pub bound: Bound,
    /// The column that was best (or cut off) when stored, 0-based.
    pub best: Option<u8>,
}

const KEY_BITS: u32 = 40;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
const GEN_SHIFT: u32 = 52;
const GEN_MASK: u64 = 63;
const WORK_SHIFT: u32 = 58;

/// A transposition table of `2 * N` entries, `N` prime.
pub struct Table {
    buckets: Vec<[u64; 2]>,
    generation: u64,
}

fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    let mut d = 2;
    while d * d <= n {
        if n.is_multiple_of(d) {
            return false;
        }
        d += 1;
    }
    true
}

/// Asks for huge pages (fewer TLB misses on random probes) and touches every
/// page now, so that no page fault lands inside a timed search.
fn prepare_memory(buckets: &mut [[u64; 2]]) {
    #[cfg(target_os = "linux")]
    {
        let bytes = std::mem::size_of_val(buckets);
        // SAFETY: the range is exactly the slice's own memory; MADV_HUGEPAGE is
        // advice that changes no contents, and its failure is harmless.
        unsafe {
            libc::madvise(
                buckets.as_mut_ptr().cast::<libc::c_void>(),
                bytes,
                libc::MADV_HUGEPAGE,
            );
        }
    }
    for i in (0..buckets.len()).step_by(256) {
        // SAFETY: `i` is in bounds; a volatile write of the value already there
        // keeps the compiler from dropping the write that faults the page in.
        unsafe { std::ptr::write_volatile(&mut buckets[i], [0, 0]) };
    }
}

impl Table {
    /// A table of at least `2^log2_buckets` buckets (16 bytes each), and
    /// enough of them for keys of `key_bits` bits to be stored exactly.
    #[must_use]
    pub fn new(log2_buckets: u32, key_bits: u32) -> Table {
        let need = key_bits.saturating_sub(KEY_BITS);
        let mut n = 1u64 << log2_buckets.max(need).max(4);
        n += 1;
        while !is_prime(n) {
            n += 1;
        }
        let mut buckets = vec![[0u64; 2]; n as usize];
        prepare_memory(&mut buckets);
        Table {
            buckets,
            generation: 1,
        }
    }

    /// Number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        2 * self.buckets.len()
    }

    /// Whether the table holds no entries (never: it has a fixed size).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }

    /// Size in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * 16
    }

    /// Forgets every entry: a new generation (a real wipe once in 63 times).
    pub fn clear(&mut self) {
        self.generation += 1;
        if self.generation > GEN_MASK {
            self.buckets.iter_mut().for_each(|b| *b = [0; 2]);
            self.generation = 1;
        }
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (key % self.buckets.len() as u64) as usize
    }

    /// Hints the processor to fetch the bucket of `key`.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.buckets.as_ptr().wrapping_add(self.index(key));
            // SAFETY: prefetching is a hint and never faults, even on a bad address;
            // the pointer is in bounds here anyway.
            unsafe {
                std::arch::x86_64::_mm_prefetch(p as *const i8, std::arch::x86_64::_MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    fn live(&self, e: u64) -> bool {
        (e >> GEN_SHIFT) & GEN_MASK == self.generation && (e >> 46) & 3 != 0
    }

    /// The entry of `key`, if stored in this generation.
    #[inline]
    #[must_use]
    pub fn get(&self, key: u64) -> Option<Hit> {
        let bucket = &self.buckets[self.index(key)];
        let part = key & KEY_MASK;
        for &e in bucket {
            if e & KEY_MASK == part && self.live(e) {
                let bound = match (e >> 46) & 3 {
                    1 => Bound::Lower,
                    2 => Bound::Upper,
                    _ => Bound::Exact,
                };
                let best = ((e >> 48) & 15) as u8;
                return Some(Hit {
                    score: ((e >> 40) & 63) as i32 - 32,
                    bound,
                    best: best.checked_sub(1),
                });
            }
        }
        None
    }

    /// Stores a score. The entry of the same key is updated (a lower and an
    /// upper bound that meet become exact); otherwise the bucket's stale or
    /// cheaper entry gives way. `work` is the log2 of the nodes searched below.
    #[inline]
    pub fn put(&mut self, key: u64, score: i32, bound: Bound, best: Option<u8>, work: u32) {
        let i = self.index(key);
        let part = key & KEY_MASK;
        let generation = self.generation;
        let live = |e: u64| (e >> GEN_SHIFT) & GEN_MASK == generation && (e >> 46) & 3 != 0;
        let bucket = &mut self.buckets[i];
        let mut bound = bound;
        let mut best = best;
        let slot = if bucket[0] & KEY_MASK == part && live(bucket[0]) {
            0
        } else if bucket[1] & KEY_MASK == part && live(bucket[1]) {
            1
        } else {
            let work_of = |e: u64| {
                if live(e) {
                    (e >> WORK_SHIFT) as i64
                } else {
                    -1
                }
            };
            usize::from(work_of(bucket[1]) < work_of(bucket[0]))
        };
        let old = bucket[slot];
        if old & KEY_MASK == part && live(old) {
            let old_bound = (old >> 46) & 3;
            let old_score = ((old >> 40) & 63) as i32 - 32;
            if old_bound == Bound::Exact as u64 {
                return;
            }
            if old_score == score && old_bound | bound as u64 == 3 {
                bound = Bound::Exact;
            }
            if best.is_none() {
                best = (((old >> 48) & 15) as u8).checked_sub(1);
            }
        }
        let best_bits = best.map_or(0, |b| u64::from(b) + 1);
        bucket[slot] = part
            | (((score + 32) as u64) & 63) << 40
            | (bound as u64) << 46
            | best_bits << 48
            | generation << GEN_SHIFT
            | u64::from(work.min(63)) << WORK_SHIFT;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bucket_count_is_prime_and_big_enough_for_exact_keys() {
        let t = Table::new(10, 49);
        assert!(is_prime(t.buckets.len() as u64));
        assert!(t.buckets.len() >= 1024);
        let wide = Table::new(4, 64);
        assert!(wide.buckets.len() as u64 >= 1 << 24);
    }

    #[test]
    fn stores_and_finds_scores_and_forgets_them_on_clear() {
        let mut t = Table::new(8, 49);
        t.put(12345, -7, Bound::Upper, Some(3), 5);
        assert_eq!(
            t.get(12345),
            Some(Hit {
                score: -7,
                bound: Bound::Upper,
                best: Some(3)
            })
        );
        assert_eq!(t.get(12346), None);
        // Same partial key, different bucket: never confused.
        assert_eq!(t.get(12345 + (1 << 40)), None);
        t.put(12345, -7, Bound::Lower, None, 5);
        assert_eq!(t.get(12345).unwrap().bound, Bound::Exact);
        assert_eq!(t.get(12345).unwrap().best, Some(3));
        t.clear();
        assert_eq!(t.get(12345), None);
    }
}
