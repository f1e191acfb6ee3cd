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

pub mod wide;

use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

/// A field of an entry: `bits` bits from bit `shift`.
#[derive(Clone, Copy)]
struct Field {
    shift: u32,
    bits: u32,
}

impl Field {
    const fn mask(self) -> u64 {
        ((1u64 << self.bits) - 1) << self.shift
    }

    /// The field's value in `e`.
    #[inline(always)]
    const fn get(self, e: u64) -> u64 {
        (e >> self.shift) & ((1u64 << self.bits) - 1)
    }

    /// `value` (cut to the field's width) at the field's place.
    #[inline(always)]
    const fn put(self, value: u64) -> u64 {
        (value & ((1u64 << self.bits) - 1)) << self.shift
    }
}

/// The partial key: the key mod 2^40.
const KEY: Field = Field { shift: 0, bits: 40 };
/// The score + 32 (-32..=31).
const SCORE: Field = Field { shift: 40, bits: 6 };
/// The bound: 1 lower, 2 upper, 3 exact; 0 an empty slot.
const BOUND: Field = Field { shift: 46, bits: 2 };
/// The best column + 1 (0: none).
const BEST: Field = Field { shift: 48, bits: 4 };
/// The generation the entry was stored in.
const GENERATION: Field = Field { shift: 52, bits: 6 };
/// The work below the entry: log2 of the nodes searched.
const WORK: Field = Field { shift: 58, bits: 6 };

/// The fields tile the 64 bits, in order, with no gap and no overlap.
const _: () = {
    let fields = [KEY, SCORE, BOUND, BEST, GENERATION, WORK];
    let mut next = 0;
    let mut i = 0;
    while i < fields.len() {
        assert!(fields[i].shift == next, "the fields must follow each other");
        next += fields[i].bits;
        i += 1;
    }
    assert!(next == 64, "the fields must fill the entry");
    assert!(KEY.mask() & SCORE.mask() == 0);
    // The scores of every board of at most 64 cells fit: -32..=31.
    assert!(SCORE.bits == 6);
    // Columns 0..=14 plus "none" fit in BEST (a 16th column is stored as none).
    assert!((1 << BEST.bits) == 15 + 1);
};

const KEY_BITS: u32 = KEY.bits;
const KEY_MASK: u64 = KEY.mask();
const GEN_MASK: u64 = (1 << GENERATION.bits) - 1;

/// Whether `e` holds an entry of `generation` (not an empty or stale slot).
#[inline(always)]
const fn is_live(e: u64, generation: u64) -> bool {
    GENERATION.get(e) == generation && BOUND.get(e) != 0
}

/// The work of a live entry of `generation`; -1 for an empty or stale slot
/// (any store may replace it).
#[inline(always)]
const fn work_of(e: u64, generation: u64) -> i64 {
    if is_live(e, generation) {
        WORK.get(e) as i64
    } else {
        -1
    }
}

/// A transposition table of `2 * N` entries, `N` prime. Probes and stores
/// take `&self` (relaxed atomic loads and stores of whole entries, plain moves
/// on x86-64), so that threads can share it; a torn bucket only loses an entry.
pub struct Table {
    buckets: Vec<[AtomicU64; 2]>,
    /// The moduli in use as the table grows: primes, the last the full size.
    sizes: Vec<u64>,
    /// Index into `sizes` of the modulus in use.
    active: usize,
    modulus: u64,
    /// `floor(2^64 / modulus)`, to take remainders without a division.
    reciprocal: u64,
    /// The largest `active` since the last wipe.
    touched: usize,
    generation: u64,
}

fn mod_pow(mut base: u64, mut exp: u64, m: u64) -> u64 {
    let mut r = 1u128;
    let mut b = u128::from(base % m);
    let m128 = u128::from(m);
    while exp > 0 {
        if exp & 1 == 1 {
            r = r * b % m128;
        }
        b = b * b % m128;
        exp >>= 1;
    }
    base = r as u64;
    base
}

fn pow2_mod(bits: u32, m: u64) -> u64 {
    mod_pow(2, u64::from(bits), m)
}

/// `x mod m`, given `reciprocal = u64::MAX / m` (Barrett: the quotient it
/// gives is floor(x / m) or one less, so one subtraction at most is left).
#[inline(always)]
fn reduce(x: u64, m: u64, reciprocal: u64) -> u64 {
    let q = ((u128::from(x) * u128::from(reciprocal)) >> 64) as u64;
    let r = x - q * m;
    if r >= m { r - m } else { r }
}

fn next_prime(n: u64) -> u64 {
    let mut p = n + 1;
    while !is_prime(p) {
        p += 1;
    }
    p
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

/// Hints the processor to fetch `buckets[i]` (a no-op off x86-64).
#[inline(always)]
fn prefetch_bucket<T>(buckets: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        let p = buckets.as_ptr().wrapping_add(i);
        // SAFETY: prefetching is a hint and never faults, even on a bad address;
        // the pointer is in bounds here anyway.
        unsafe {
            std::arch::x86_64::_mm_prefetch(p as *const i8, std::arch::x86_64::_MM_HINT_T0);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (buckets, i);
}

/// Asks for huge pages (fewer TLB misses on random probes).
fn advise_huge_pages<T>(buckets: &mut [T]) {
    #[cfg(target_os = "linux")]
    {
        // madvise wants a page-aligned start: advise the whole pages inside the slice.
        const PAGE: usize = 4096;
        let start = buckets.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(buckets);
        let aligned = start.next_multiple_of(PAGE);
        if end > aligned + PAGE {
            // SAFETY: the range lies inside the slice's own memory; MADV_HUGEPAGE
            // is advice that changes no contents, and its failure is harmless.
            unsafe {
                libc::madvise(
                    aligned as *mut libc::c_void,
                    (end - aligned) / PAGE * PAGE,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = buckets;
}

/// Touches every page of `buckets` now, so that no page fault lands inside a
/// timed search.
fn touch(buckets: &mut [[AtomicU64; 2]]) {
    for b in buckets.iter().step_by(256) {
        // A store the compiler must keep: it faults the page in.
        b[0].store(b[0].load(Relaxed), Relaxed);
    }
}

/// The sizes a solver's table may be asked for: `2^log2` buckets of 16
/// bytes, 256 bytes to 64 GiB (smaller sizes are not worth a table; larger
/// ones are beyond any machine this runs on).
pub const LOG2_RANGE: std::ops::RangeInclusive<u32> = 4..=32;

/// Why a table cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The size asked for is outside [`LOG2_RANGE`].
    #[error(
        "a table of 2^{log2} buckets is outside the sizes allowed, 2^4..=2^32 buckets (16 bytes each, 64 GiB at most)"
    )]
    Size {
        /// The log2 of the buckets asked for.
        log2: u32,
    },
    /// The system refused the memory.
    #[error("cannot allocate a table of {} MiB (2^{log2} buckets): not enough memory", bytes >> 20)]
    Allocation {
        /// The log2 of the buckets asked for.
        log2: u32,
        /// The bytes asked for.
        bytes: usize,
    },
}

/// Buckets whose all-zero bytes are a valid (empty) bucket.
///
/// # Safety
///
/// Only for types of which all-zero bytes are a valid value.
unsafe trait Zeroable {}
// SAFETY: all-zero bytes are a valid `AtomicU64` (the integer 0).
unsafe impl Zeroable for [AtomicU64; 2] {}
// SAFETY: all-zero bytes are a valid `AtomicU128` (the integer 0).
unsafe impl Zeroable for [portable_atomic::AtomicU128; 2] {}

/// A zeroed vector of `n` atomic buckets, allocated as zeroed memory (the
/// system hands out zero pages lazily, so a large table costs nothing until
/// used); `None` if the memory cannot be had.
fn zeroed_buckets<T: Zeroable>(n: usize) -> Option<Vec<T>> {
    let layout = std::alloc::Layout::array::<T>(n).ok()?;
    if layout.size() == 0 {
        return Some(Vec::new());
    }
    // SAFETY: the layout has a non-zero size (checked above).
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
    if ptr.is_null() {
        return None;
    }
    // SAFETY: `ptr` was allocated by the global allocator with the layout of
    // `n` elements of this type (length = capacity = `n`), and all-zero bytes
    // are a valid `T` (`Zeroable`).
    Some(unsafe { Vec::from_raw_parts(ptr.cast::<T>(), n, n) })
}

/// The bytes of the table a solver makes for keys of `key_bits` bits (the
/// board's `width * (height + 1)`) when asked for `2^log2_buckets` buckets:
/// a [`Table`] up to 64 bits, a [`wide::WideTable`] over, each at least as
/// large as exact keys need (16x7: 2 GiB whatever is asked). A server
/// reserves this much of its memory before a search.
#[must_use]
pub fn bytes_for(log2_buckets: u32, key_bits: u32) -> usize {
    let log2 = log2_buckets.max(*LOG2_RANGE.start());
    if key_bits <= 64 {
        let top = log2.max(key_bits.saturating_sub(KEY_BITS));
        (next_prime(1 << top) as usize).saturating_mul(16)
    } else {
        wide::WideTable::bytes_for(log2, key_bits)
    }
}

impl Table {
    /// A table of at least `2^log2_buckets` buckets (16 bytes each), and
    /// enough of them for keys of `key_bits` bits to be stored exactly.
    ///
    /// # Panics
    ///
    /// If [`Table::try_new`] fails: `log2_buckets` outside [`LOG2_RANGE`]
    /// (smaller sizes are raised to 2^4), or not enough memory.
    #[must_use]
    pub fn new(log2_buckets: u32, key_bits: u32) -> Table {
        match Table::try_new(log2_buckets.max(*LOG2_RANGE.start()), key_bits) {
            Ok(table) => table,
            Err(e) => panic!("{e}"),
        }
    }

    /// [`Table::new`], or an error for a size outside [`LOG2_RANGE`] or memory
    /// the system refuses.
    pub fn try_new(log2_buckets: u32, key_bits: u32) -> Result<Table, TableError> {
        if !LOG2_RANGE.contains(&log2_buckets) {
            return Err(TableError::Size { log2: log2_buckets });
        }
        let need = key_bits.saturating_sub(KEY_BITS);
        let top = log2_buckets.max(need).max(4);
        // Active sizes: primes just above 2^12, 2^15, ... up to the full table.
        let mut sizes = Vec::new();
        let mut log2 = need.max(12).min(top);
        loop {
            sizes.push(next_prime(1 << log2));
            if log2 >= top {
                break;
            }
            log2 = (log2 + 3).min(top);
        }
        let full = *sizes.last().expect("at least one size");
        let mut buckets = zeroed_buckets(full as usize).ok_or(TableError::Allocation {
            log2: log2_buckets,
            bytes: (full as usize).saturating_mul(16),
        })?;
        advise_huge_pages(&mut buckets);
        touch(&mut buckets[..sizes[0] as usize]);
        Ok(Table {
            buckets,
            sizes,
            active: 0,
            modulus: 0,
            reciprocal: 0,
            touched: 0,
            generation: 1,
        }
        .with_active(0))
    }

    fn with_active(mut self, active: usize) -> Table {
        self.set_active(active);
        self
    }

    fn set_active(&mut self, active: usize) {
        if active > self.touched {
            let (from, to) = (self.sizes[self.touched], self.sizes[active]);
            touch(&mut self.buckets[from as usize..to as usize]);
        }
        self.active = active;
        self.modulus = self.sizes[active];
        self.reciprocal = u64::MAX / self.modulus;
        self.touched = self.touched.max(active);
    }

    /// The number of buckets in use now.
    #[must_use]
    pub fn modulus(&self) -> u64 {
        self.modulus
    }

    /// Faults every page of the table in now, keeping what it holds: the
    /// system zeroes a page the first time it is written, and that costs a
    /// page fault inside the search that first reaches it.
    pub fn prefault(&mut self) {
        let from = self.sizes[self.touched] as usize;
        touch(&mut self.buckets[from..]);
    }

    /// Uses the whole table from now on (forgetting what it holds), as when
    /// threads share it.
    pub fn use_all(&mut self) {
        if self.active + 1 < self.sizes.len() {
            self.set_active(self.sizes.len() - 1);
            self.new_generation();
        }
    }

    /// Number of entries in use now.
    #[must_use]
    pub fn len(&self) -> usize {
        2 * self.modulus as usize
    }

    /// Whether the table holds no entries (never: it has a fixed size).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }

    /// Size in bytes of the whole table.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * 16
    }

    /// A new generation: every entry is forgotten at once. After 63 of them,
    /// the part of the table used since the last wipe is really wiped.
    fn new_generation(&mut self) {
        self.generation += 1;
        if self.generation > GEN_MASK {
            let used = self.sizes[self.touched] as usize;
            self.buckets[..used]
                .iter_mut()
                .for_each(|b| *b = [AtomicU64::new(0), AtomicU64::new(0)]);
            self.generation = 1;
            self.touched = self.active;
        }
    }

    /// Forgets every entry and starts again from the smallest size: a small
    /// search then stays in the processor's caches.
    pub fn clear(&mut self) {
        self.set_active(0);
        self.new_generation();
    }

    /// Grows the part in use eight times, keeping its entries: the caller
    /// grows it once the stores since the last change outnumber the buckets
    /// several times over. Returns whether it grew.
    pub fn grow(&mut self) -> bool {
        if self.active + 1 >= self.sizes.len() {
            return false;
        }
        // Every live entry's full key comes back from its two residues:
        // key = p + 2^40 t with t = (i - p) / 2^40 (mod N), i its bucket.
        let (old, reciprocal) = (self.modulus, self.reciprocal);
        // Every size but the last is below 2^32 (the last is never grown
        // from), so `diff * inv` fits 64 bits and reduces as an index does.
        debug_assert!(old <= u64::from(u32::MAX));
        let inv = mod_pow(pow2_mod(KEY_BITS, old), old - 2, old);
        let mut live = Vec::new();
        for (i, bucket) in self.buckets[..old as usize].iter().enumerate() {
            for e in bucket {
                let e = e.load(Relaxed);
                if self.live(e) {
                    let p = e & KEY_MASK;
                    let (i, r) = (i as u64, reduce(p, old, reciprocal));
                    let diff = if i >= r { i - r } else { i + old - r };
                    let t = reduce(diff * inv, old, reciprocal);
                    live.push(((t << KEY_BITS) | p, e));
                }
            }
        }
        self.set_active(self.active + 1);
        self.new_generation();
        let generation = self.generation;
        // Each entry's new bucket, then the entries stored with the bucket
        // of the one `AHEAD` places on fetched meanwhile: the stores land
        // all over the grown table, and each would wait for memory.
        const AHEAD: usize = 16;
        for entry in &mut live {
            entry.0 = self.index(entry.0) as u64;
        }
        for j in 0..live.len() {
            if let Some(&(ahead, _)) = live.get(j + AHEAD) {
                prefetch_bucket(&self.buckets, ahead as usize);
            }
            let (i, e) = live[j];
            let i = i as usize;
            let e = (e & !GENERATION.mask()) | GENERATION.put(generation);
            let bucket = self.buckets[i].each_mut().map(|e| *e.get_mut());
            let slot = usize::from(work_of(bucket[1], generation) < work_of(bucket[0], generation));
            if work_of(bucket[slot], generation) < WORK.get(e) as i64 {
                *self.buckets[i][slot].get_mut() = e;
            }
        }
        true
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        reduce(key, self.modulus, self.reciprocal) as usize
    }

    /// Hints the processor to fetch the bucket of `key`.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch_bucket(&self.buckets, self.index(key));
    }

    #[inline]
    fn live(&self, e: u64) -> bool {
        is_live(e, self.generation)
    }

    /// The entry of `key`, if stored in this generation. Inlined: the
    /// search probes at every node, and the call cost more than the probe
    /// (the standard board: 3 % of the instructions).
    #[inline(always)]
    #[must_use]
    pub fn get(&self, key: u64) -> Option<Hit> {
        let bucket = &self.buckets[self.index(key)];
        let part = key & KEY_MASK;
        for e in bucket {
            let e = e.load(Relaxed);
            if e & KEY_MASK == part && self.live(e) {
                let bound = match BOUND.get(e) {
                    1 => Bound::Lower,
                    2 => Bound::Upper,
                    _ => Bound::Exact,
                };
                let best = BEST.get(e) as u8;
                return Some(Hit {
                    score: SCORE.get(e) as i32 - 32,
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
    pub fn put(&self, key: u64, score: i32, bound: Bound, best: Option<u8>, work: u32) {
        let i = self.index(key);
        let part = key & KEY_MASK;
        let generation = self.generation;
        let live = |e: u64| is_live(e, generation);
        let bucket = [
            self.buckets[i][0].load(Relaxed),
            self.buckets[i][1].load(Relaxed),
        ];
        let mut bound = bound;
        let mut best = best;
        let slot = if bucket[0] & KEY_MASK == part && live(bucket[0]) {
            0
        } else if bucket[1] & KEY_MASK == part && live(bucket[1]) {
            1
        } else {
            usize::from(work_of(bucket[1], generation) < work_of(bucket[0], generation))
        };
        let old = bucket[slot];
        if old & KEY_MASK == part && live(old) {
            let old_bound = BOUND.get(old);
            let old_score = SCORE.get(old) as i32 - 32;
            if old_bound == Bound::Exact as u64 {
                return;
            }
            if old_score == score && old_bound | bound as u64 == 3 {
                bound = Bound::Exact;
            }
            if best.is_none() {
                best = (BEST.get(old) as u8).checked_sub(1);
            }
        }
        // Columns 0..=14 fit BEST; column 16 of a 16-column board is kept as none.
        let best_bits = best.filter(|&b| b < 15).map_or(0, |b| u64::from(b) + 1);
        let entry = KEY.put(part)
            | SCORE.put((score + 32) as u64)
            | BOUND.put(bound as u64)
            | BEST.put(best_bits)
            | GENERATION.put(generation)
            | WORK.put(u64::from(work.min(63)));
        self.buckets[i][slot].store(entry, Relaxed);
    }
}

#[cfg(test)]
mod tests;
