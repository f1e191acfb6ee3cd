//! The transposition table of boards over 64 bits (8x8, 9x7, 10x6, 7x9, up
//! to 16x7): the same two-entry buckets, generations and exact keys as
//! [`Table`](super::Table), in 128-bit entries.
//!
//! An entry, low bits first:
//!
//! ```text
//!   bits   0..102  key mod 2^102         (partial key)
//!   bits 102..109  score + 64            (7 bits: -64..63)
//!   bits 109..111  bound                 (1 lower, 2 upper, 3 exact; 0 = empty)
//!   bits 111..116  best column + 1       (0 = none; 16 columns fit)
//!   bits 116..122  generation            (6 bits)
//!   bits 122..128  work                  (log2 of the nodes below, 0..63)
//! ```
//!
//! The bucket index is `key mod N`, `N` an odd prime, so that the pair
//! (index, key mod 2^102) fixes every key below `N * 2^102`: a board of more
//! than 102 bits gets at least `2^(bits - 102)` buckets. Entries are whole
//! 128-bit atomics, so threads sharing the table never read half of one
//! entry and half of another: a hit is always the position probed.
//!
//! Unlike the 64-bit table it does not grow: a board this large is never a
//! small search.

use super::{
    Bound, Hit, TableError, advise_huge_pages, next_prime, prefetch_bucket, zeroed_buckets,
};
use portable_atomic::AtomicU128;
use std::sync::atomic::Ordering::Relaxed;

/// A field of an entry: `bits` bits from bit `shift`.
#[derive(Clone, Copy)]
struct Field {
    shift: u32,
    bits: u32,
}

impl Field {
    const fn ones(self) -> u128 {
        (1 << self.bits) - 1
    }

    #[inline(always)]
    const fn get(self, e: u128) -> u128 {
        (e >> self.shift) & self.ones()
    }

    #[inline(always)]
    const fn put(self, value: u128) -> u128 {
        (value & self.ones()) << self.shift
    }
}

const KEY: Field = Field {
    shift: 0,
    bits: 102,
};
const SCORE: Field = Field {
    shift: 102,
    bits: 7,
};
const BOUND: Field = Field {
    shift: 109,
    bits: 2,
};
const BEST: Field = Field {
    shift: 111,
    bits: 5,
};
const GENERATION: Field = Field {
    shift: 116,
    bits: 6,
};
const WORK: Field = Field {
    shift: 122,
    bits: 6,
};
/// The offset that makes a score a field value.
const SCORE_OFFSET: i32 = 64;

/// The fields tile the 128 bits, in order.
const _: () = {
    let fields = [KEY, SCORE, BOUND, BEST, GENERATION, WORK];
    let mut next = 0;
    let mut i = 0;
    while i < fields.len() {
        assert!(fields[i].shift == next, "the fields must follow each other");
        next += fields[i].bits;
        i += 1;
    }
    assert!(next == 128, "the fields must fill the entry");
    // The scores of every board of at most 128 cells fit: -64..=63.
    assert!(1 << SCORE.bits == 2 * SCORE_OFFSET);
    // Columns 0..=15 plus "none".
    assert!(1 << BEST.bits > 16);
};

const GEN_MASK: u64 = (1 << GENERATION.bits) - 1;

/// A transposition table of `2 * N` 128-bit entries, `N` prime, for keys of
/// up to 128 bits; probes and stores take `&self` (relaxed atomics).
pub struct WideTable {
    buckets: Vec<[AtomicU128; 2]>,
    modulus: u128,
    generation: u128,
}

/// Whether `e` holds an entry of `generation`.
#[inline(always)]
const fn is_live(e: u128, generation: u128) -> bool {
    GENERATION.get(e) == generation && BOUND.get(e) != 0
}

/// The work of a live entry; -1 for an empty or stale slot.
#[inline(always)]
const fn work_of(e: u128, generation: u128) -> i64 {
    if is_live(e, generation) {
        WORK.get(e) as i64
    } else {
        -1
    }
}

impl WideTable {
    /// A table of the memory of `2^log2_buckets` 16-byte buckets (half as
    /// many 32-byte ones), with at least enough buckets for keys of
    /// `key_bits` bits to be stored exactly.
    pub fn try_new(log2_buckets: u32, key_bits: u32) -> Result<WideTable, TableError> {
        if !super::LOG2_RANGE.contains(&log2_buckets) {
            return Err(TableError::Size { log2: log2_buckets });
        }
        let n = WideTable::buckets_for(log2_buckets, key_bits);
        let mut buckets = zeroed_buckets(n as usize).ok_or(TableError::Allocation {
            log2: log2_buckets,
            bytes: (n as usize).saturating_mul(32),
        })?;
        // A table made larger than asked, because the board's keys need it
        // (16x7 gets 2 GiB whatever a search asks for), stays in small pages:
        // a short search touches a few of them, where huge pages would have
        // each first store zero 2 MiB and the search overshoot its deadline
        // (issue 73: 16x7 within 1 ms took a second, faulting the whole table in).
        if log2_buckets > key_bits.saturating_sub(KEY.bits) {
            advise_huge_pages(&mut buckets);
        }
        Ok(WideTable {
            buckets,
            modulus: u128::from(n),
            generation: 1,
        })
    }

    /// The buckets of a table asked for `2^log2_buckets` 16-byte buckets
    /// and keys of `key_bits` bits.
    fn buckets_for(log2_buckets: u32, key_bits: u32) -> u64 {
        next_prime(1 << (log2_buckets - 1).max(key_bits.saturating_sub(KEY.bits)))
    }

    /// The bytes of [`WideTable::try_new`]'s table.
    #[must_use]
    pub fn bytes_for(log2_buckets: u32, key_bits: u32) -> usize {
        (WideTable::buckets_for(log2_buckets, key_bits) as usize).saturating_mul(32)
    }

    /// Number of buckets.
    #[must_use]
    pub fn modulus(&self) -> u64 {
        self.modulus as u64
    }

    /// Size in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * 32
    }

    /// Faults every page of the table in now, keeping what it holds (see
    /// [`super::Table::prefault`]).
    pub fn prefault(&mut self) {
        for b in self.buckets.iter().step_by(128) {
            // A store the compiler must keep: it faults the page in.
            b[0].store(b[0].load(Relaxed), Relaxed);
        }
    }

    /// Forgets every entry (a new generation; after 63 of them a real wipe).
    pub fn clear(&mut self) {
        self.generation += 1;
        if self.generation > u128::from(GEN_MASK) {
            for b in &mut self.buckets {
                *b = [AtomicU128::new(0), AtomicU128::new(0)];
            }
            self.generation = 1;
        }
    }

    #[inline]
    fn index(&self, key: u128) -> usize {
        (key % self.modulus) as usize
    }

    /// Hints the processor to fetch the bucket of `key`.
    #[inline]
    pub fn prefetch(&self, key: u128) {
        prefetch_bucket(&self.buckets, self.index(key));
    }

    /// The entry of `key`, if stored in this generation. Inlined: the
    /// search probes at every node, and the call cost more than the probe
    /// (the standard board: 3 % of the instructions).
    #[inline(always)]
    #[must_use]
    pub fn get(&self, key: u128) -> Option<Hit> {
        let part = KEY.get(key);
        for e in &self.buckets[self.index(key)] {
            let e = e.load(Relaxed);
            if KEY.get(e) == part && is_live(e, self.generation) {
                return Some(hit(e));
            }
        }
        None
    }

    /// Stores a score, as [`Table::put`](super::Table::put) does.
    #[inline]
    pub fn put(&self, key: u128, score: i32, bound: Bound, best: Option<u8>, work: u32) {
        let i = self.index(key);
        let part = KEY.get(key);
        let generation = self.generation;
        let mine = |e: u128| KEY.get(e) == part && is_live(e, generation);
        let bucket = [
            self.buckets[i][0].load(Relaxed),
            self.buckets[i][1].load(Relaxed),
        ];
        let slot = if mine(bucket[0]) {
            0
        } else if mine(bucket[1]) {
            1
        } else {
            usize::from(work_of(bucket[1], generation) < work_of(bucket[0], generation))
        };
        let (mut bound, mut best) = (bound, best);
        let old = bucket[slot];
        if mine(old) {
            let was = hit(old);
            if was.bound == Bound::Exact {
                return;
            }
            if was.score == score && was.bound as u8 | bound as u8 == 3 {
                bound = Bound::Exact;
            }
            best = best.or(was.best);
        }
        let entry = KEY.put(part)
            | SCORE.put((score + SCORE_OFFSET) as u128)
            | BOUND.put(bound as u128)
            | BEST.put(best.map_or(0, |b| u128::from(b) + 1))
            | GENERATION.put(generation)
            | WORK.put(u128::from(work.min(63)));
        self.buckets[i][slot].store(entry, Relaxed);
    }
}

/// The hit of a live entry.
#[inline(always)]
fn hit(e: u128) -> Hit {
    Hit {
        score: SCORE.get(e) as i32 - SCORE_OFFSET,
        bound: match BOUND.get(e) {
            1 => Bound::Lower,
            2 => Bound::Upper,
            _ => Bound::Exact,
        },
        best: (BEST.get(e) as u8).checked_sub(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_that_share_a_bucket_and_low_bits_stay_apart() {
        // Keys of 110 bits need 2^8 buckets at least, whatever the size asked.
        let t = WideTable::try_new(4, 110).unwrap();
        let n = t.modulus;
        assert!(n >= 1 << 8, "enough buckets for exact keys: {n}");
        let a: u128 = (1 << 109) + 12_345;
        // Same bucket, other low bits: two keys the pair tells apart (two
        // keys with the same bucket and the same low 102 bits differ by a
        // multiple of n * 2^102, above any 110-bit key).
        let b = a + n;
        t.put(a, -17, Bound::Exact, Some(15), 30);
        assert_eq!(
            t.get(a),
            Some(Hit {
                score: -17,
                bound: Bound::Exact,
                best: Some(15)
            })
        );
        assert_eq!(t.get(b), None, "same bucket, another key");
        t.put(b, 53, Bound::Lower, None, 2);
        assert_eq!(
            t.get(b).map(|h| (h.score, h.bound)),
            Some((53, Bound::Lower))
        );
        assert_eq!(t.get(a).map(|h| h.score), Some(-17), "two entries a bucket");
    }

    #[test]
    fn bounds_that_meet_become_exact_and_clear_forgets() {
        let mut t = WideTable::try_new(10, 72).unwrap();
        let k: u128 = (1 << 71) | 0xdead_beef;
        t.put(k, 3, Bound::Lower, Some(2), 5);
        t.put(k, 3, Bound::Upper, None, 5);
        assert_eq!(
            t.get(k),
            Some(Hit {
                score: 3,
                bound: Bound::Exact,
                best: Some(2)
            })
        );
        for _ in 0..70 {
            t.clear();
            assert_eq!(t.get(k), None);
            t.put(k, -60, Bound::Upper, None, 1);
            assert_eq!(t.get(k).map(|h| h.score), Some(-60));
        }
    }

    #[test]
    fn a_size_outside_the_range_is_refused() {
        assert!(matches!(
            WideTable::try_new(40, 72),
            Err(TableError::Size { log2: 40 })
        ));
    }
}
