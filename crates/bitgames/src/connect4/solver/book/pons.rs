//! Pascal Pons' opening book (`7x6.book` of his solver), read as it is.
//!
//! The format, as his `OpeningBook` writes it:
//!
//! ```text
//!   6 bytes      width, height, depth (the most stones of a position held),
//!                partial-key bytes P (1..=8), value bytes (1), log2 of the size
//!   P * size     partial keys, little-endian, size = the smallest prime >= 2^log2
//!   size         values: 0 for an empty slot, else score - MIN_SCORE + 1,
//!                MIN_SCORE = -(width * height) / 2 + 3
//! ```
//!
//! A position's slot is `key3 % size`, where `key3` is Pons' symmetric
//! base-3 key: for each column in turn, a digit per stone from the bottom (1
//! for the player to move, 2 for the other) and a 0 after the column; the
//! smaller of the key read left to right and right to left, divided by 3. The
//! slot holds the position when its partial key equals `key3`'s low bytes.
//! The table cannot be listed, only probed.

use super::BookValue;
use crate::connect4::Geometry;

/// A probe-only hash table of Pons' format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    key_bytes: usize,
    keys: Vec<u8>,
    values: Vec<u8>,
    min_score: i32,
}

/// The smallest prime at or above `n`.
#[must_use]
pub fn next_prime(n: u64) -> u64 {
    let is_prime = |n: u64| {
        n >= 2 && {
            let mut d = 2;
            let mut prime = true;
            while d * d <= n {
                if n.is_multiple_of(d) {
                    prime = false;
                    break;
                }
                d += 1;
            }
            prime
        }
    };
    let mut m = n;
    while !is_prime(m) {
        m += 1;
    }
    m
}

/// The most `log2` a header may give: 2^32 slots are far more than any book.
const MAX_LOG2: u8 = 32;

fn header(bytes: &[u8]) -> Result<(Geometry, usize, usize, u64), String> {
    if bytes.len() < 6 {
        return Err(format!(
            "{} bytes, shorter than its 6-byte header",
            bytes.len()
        ));
    }
    let (w, h, depth, kb, vb, log2) = (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5]);
    let geometry =
        Geometry::new(w as usize, h as usize).map_err(|e| format!("header board {w}x{h}: {e}"))?;
    if geometry.width() * geometry.height() > 64 - geometry.width() {
        return Err(format!("header board {geometry}: too large"));
    }
    if depth as usize >= geometry.cells() {
        return Err(format!(
            "header depth {depth} is not below the {} cells",
            geometry.cells()
        ));
    }
    if !(1..=8).contains(&kb) {
        return Err(format!("header partial-key bytes {kb}, not 1..=8"));
    }
    if vb != 1 {
        return Err(format!("header value bytes {vb}, not 1"));
    }
    if log2 > MAX_LOG2 {
        return Err(format!("header log2 size {log2}, more than {MAX_LOG2}"));
    }
    Ok((
        geometry,
        depth as usize,
        kb as usize,
        next_prime(1u64 << log2),
    ))
}

/// The length of a Pons book with this header, if the first bytes are one.
#[must_use]
pub fn expected_len(prefix: &[u8]) -> Option<u64> {
    let (_, _, kb, size) = header(prefix).ok()?;
    Some(6 + size * (kb as u64 + 1))
}

/// Pons' symmetric base-3 key of a position (see the module's doc).
#[must_use]
pub fn key3(geometry: Geometry, cur: u64, mask: u64) -> u64 {
    let column = |key: &mut u64, col: usize| {
        for row in 0..geometry.height() {
            // Pons' books are of boards of at most 64 bits.
            let bit = geometry.bit(col, row) as u64;
            if mask & bit == 0 {
                break;
            }
            *key = *key * 3 + if cur & bit != 0 { 1 } else { 2 };
        }
        *key *= 3;
    };
    let (mut forward, mut backward) = (0u64, 0u64);
    for col in 0..geometry.width() {
        column(&mut forward, col);
    }
    for col in (0..geometry.width()).rev() {
        column(&mut backward, col);
    }
    forward.min(backward) / 3
}

impl Table {
    /// Reads Pons' format, checking the header, the length and every value.
    pub fn from_bytes(bytes: &[u8]) -> Result<(Geometry, usize, Table), String> {
        let (geometry, depth, kb, size) = header(bytes)?;
        let expected = 6 + size * (kb as u64 + 1);
        if bytes.len() as u64 != expected {
            return Err(format!("{} bytes, its header says {expected}", bytes.len()));
        }
        let size = size as usize;
        let keys = bytes[6..6 + size * kb].to_vec();
        let values = bytes[6 + size * kb..].to_vec();
        let cells = geometry.cells() as i32;
        let min_score = -cells / 2 + 3;
        let max_score = (cells + 1) / 2 - 3;
        if let Some(i) = values
            .iter()
            .position(|&v| v != 0 && i32::from(v) + min_score - 1 > max_score)
        {
            return Err(format!(
                "slot {i}: value {} is no score of a {geometry} board",
                values[i]
            ));
        }
        Ok((
            geometry,
            depth,
            Table {
                key_bytes: kb,
                keys,
                values,
                min_score,
            },
        ))
    }

    /// Slots in use.
    #[must_use]
    pub fn used(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// The exact score of the position, if its slot holds it.
    #[must_use]
    pub fn probe(&self, geometry: Geometry, cur: u64, mask: u64) -> Option<BookValue> {
        let key = key3(geometry, cur, mask);
        let slot = (key % self.values.len() as u64) as usize;
        let stored = &self.keys[slot * self.key_bytes..(slot + 1) * self.key_bytes];
        let v = self.values[slot];
        (v != 0 && stored == &key.to_le_bytes()[..self.key_bytes])
            .then(|| BookValue::Exact(i32::from(v) + self.min_score - 1))
    }

    /// Writes a table in Pons' format from `(key3, score)` pairs (a later
    /// pair takes the slot of an earlier one, as in his table): for tests.
    #[cfg(test)]
    #[must_use]
    pub(crate) fn write(
        geometry: Geometry,
        depth: u8,
        key_bytes: u8,
        log2: u8,
        entries: &[(u64, i32)],
    ) -> Vec<u8> {
        let size = next_prime(1u64 << log2) as usize;
        let kb = key_bytes as usize;
        let mut keys = vec![0u8; size * kb];
        let mut values = vec![0u8; size];
        let min_score = -(geometry.cells() as i32) / 2 + 3;
        for &(key, score) in entries {
            let slot = (key % size as u64) as usize;
            keys[slot * kb..(slot + 1) * kb].copy_from_slice(&key.to_le_bytes()[..kb]);
            values[slot] = (score - min_score + 1) as u8;
        }
        let mut out = vec![
            geometry.width() as u8,
            geometry.height() as u8,
            depth,
            key_bytes,
            1,
            log2,
        ];
        out.extend(keys);
        out.extend(values);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect4::Position;

    #[test]
    fn next_prime_is_the_smallest_prime_at_or_above() {
        assert_eq!(next_prime(1 << 4), 17);
        assert_eq!(next_prime(1 << 10), 1031);
        assert_eq!(next_prime(1 << 23), 8_388_617);
        assert_eq!(next_prime(13), 13);
    }

    #[test]
    fn key3_is_symmetric_and_base_3() {
        let g = Geometry::STANDARD;
        let pos = |m: &str| Position::from_moves(m).unwrap();
        // The empty board: seven column ends, all zero digits.
        assert_eq!(key3(g, 0, 0), 0);
        // One stone in column 1 (the opponent's, for the player to move):
        // read right to left it is the last column: digits ...0 2 0 -> 2*3 / 3.
        let one = pos("1");
        assert_eq!(key3(g, one.current() as u64, one.mask() as u64), 2);
        assert_eq!(
            key3(g, one.current() as u64, one.mask() as u64),
            key3(g, pos("7").current() as u64, pos("7").mask() as u64)
        );
        // A position and its mirror image share the key; another does not.
        let a = pos("4453");
        let m = pos("4435");
        assert_eq!(a.mirror_key(), m.key());
        assert_eq!(
            key3(g, a.current() as u64, a.mask() as u64),
            key3(g, m.current() as u64, m.mask() as u64)
        );
        let b = pos("4454");
        assert_ne!(
            key3(g, a.current() as u64, a.mask() as u64),
            key3(g, b.current() as u64, b.mask() as u64)
        );
    }

    #[test]
    fn a_written_table_reads_back_and_refuses_bad_bytes() {
        let g = Geometry::STANDARD;
        let a = Position::from_moves("44").unwrap();
        let entries = [(key3(g, a.current() as u64, a.mask() as u64), -1)];
        let bytes = Table::write(g, 4, 2, 10, &entries);
        assert_eq!(bytes.len(), 6 + 1031 * 3);
        let (geometry, depth, t) = Table::from_bytes(&bytes).unwrap();
        assert_eq!((geometry, depth, t.used()), (g, 4, 1));
        assert_eq!(
            t.probe(g, a.current() as u64, a.mask() as u64),
            Some(BookValue::Exact(-1))
        );
        let b = Position::from_moves("43").unwrap();
        assert_eq!(t.probe(g, b.current() as u64, b.mask() as u64), None);
        let mut short = bytes.clone();
        short.pop();
        assert_eq!(
            Table::from_bytes(&short).unwrap_err(),
            "3098 bytes, its header says 3099"
        );
        let mut bad = bytes;
        *bad.last_mut().unwrap() = 200;
        assert!(
            Table::from_bytes(&bad)
                .unwrap_err()
                .contains("value 200 is no score")
        );
    }
}
