//! BitBully's opening databases (the `bitbully-databases` package, MIT):
//! `book_8ply.dat`, `book_12ply.dat` and `book_12ply_distances.dat`, 7x6.
//!
//! Each file is a sorted array of records, big-endian, with no header:
//!
//! ```text
//!   8-ply              3 bytes: code (24 bits), its last 2 bits the value
//!   12-ply             4 bytes: code (32 bits, compared as signed), last 2 bits the value
//!   12-ply distances   4 bytes: code (signed, last 2 bits zero), 1 signed byte: distance
//! ```
//!
//! The code of a board reads the columns from left to right, each from the
//! bottom up: `10` for a stone of the first player, `11` for the second's,
//! `0` at the end of the column (a full column too), then one `0` of padding:
//! 2 x 8 + 7 + 1 = 24 bits, 2 x 12 + 7 + 1 = 32. A board or its mirror image
//! is stored (a lookup tries both). Values are for the first player, who is
//! the one to move after 8 or 12 stones:
//! - without distances, a board that is stored is a draw (value 0) or a loss
//!   (value 1); one that is not stored is a win (the 12-ply books agree: the
//!   270,947 draws and 1,464,998 losses of one are those of the other);
//! - with distances, `d > 0` wins and `d < 0` loses, with the game's last stone
//!   played `100 - |d|` plies from now; 0 is a draw. A board not stored is not known.

use super::BookValue;
use crate::connect4::grid::from_player_bits;
use crate::connect4::{Geometry, Position};

/// The largest file read as a BitBully database (its largest is 21 MB).
pub const MAX_FILE_LEN: u64 = 64 << 20;

/// A BitBully database in memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    ply: usize,
    distances: bool,
    /// Codes with their value bits cleared, in file order (ascending as signed
    /// numbers of their width).
    codes: Vec<i64>,
    /// Raw values: the 2 value bits, or the distance byte.
    values: Vec<i8>,
}

/// The code of a board, from the first player's stones and the mask, as a
/// number of `bits` bits (its value bits zero).
#[must_use]
pub fn encode(geometry: Geometry, ones: u64, mask: u64) -> u64 {
    let mut code = 0u64;
    for col in 0..geometry.width() {
        for row in 0..geometry.height() {
            // 7x6 only: the bits fit 64.
            let bit = geometry.bit(col, row) as u64;
            if mask & bit == 0 {
                break;
            }
            code = code << 2 | if ones & bit != 0 { 0b10 } else { 0b11 };
        }
        code <<= 1;
    }
    code << 1
}

/// The board of a code of `bits` bits with `ply` stones, or why there is none.
pub fn decode(code: u64, bits: u32, ply: usize) -> Result<Position, String> {
    let g = Geometry::STANDARD;
    let (mut ones, mut twos) = (0u128, 0u128);
    let mut at = bits;
    let mut next = || {
        if at == 0 {
            return None;
        }
        at -= 1;
        Some((code >> at) & 1)
    };
    for col in 0..g.width() {
        let mut row = 0;
        loop {
            match next() {
                None => return Err(format!("the code ends inside column {}", col + 1)),
                Some(0) => break,
                Some(_) => {
                    if row == g.height() {
                        return Err(format!(
                            "column {} has more than {} stones",
                            col + 1,
                            g.height()
                        ));
                    }
                    let bit = g.bit(col, row);
                    match next() {
                        None => return Err(format!("the code ends inside column {}", col + 1)),
                        Some(0) => ones |= bit,
                        Some(_) => twos |= bit,
                    }
                    row += 1;
                }
            }
        }
    }
    if at != 1 || code & 1 != 0 {
        return Err(format!(
            "{at} bits are left after the seventh column, not the one padding bit"
        ));
    }
    let stones = (ones | twos).count_ones() as usize;
    if stones != ply {
        return Err(format!("a board of {stones} stones, not {ply}"));
    }
    from_player_bits(g, ones, twos).map_err(|e| e.to_string())
}

impl Table {
    /// Reads a database, telling the three kinds apart by their record sizes
    /// and contents; every record is decoded and checked.
    pub fn from_bytes(bytes: &[u8]) -> Result<Table, String> {
        if bytes.is_empty() {
            return Err("an empty file".to_string());
        }
        if bytes.len() as u64 > MAX_FILE_LEN {
            return Err(format!(
                "{} bytes, more than any BitBully database",
                bytes.len()
            ));
        }
        let mut why = Vec::new();
        for (record, ply, distances) in [(5, 12, true), (4, 12, false), (3, 8, false)] {
            if !bytes.len().is_multiple_of(record) {
                why.push(format!(
                    "{} bytes is no whole number of {record}-byte records",
                    bytes.len()
                ));
                continue;
            }
            match Table::read(bytes, record, ply, distances) {
                Ok(t) => return Ok(t),
                Err(e) => why.push(format!("as {ply}-ply records of {record} bytes: {e}")),
            }
        }
        Err(why.join("; "))
    }

    fn read(bytes: &[u8], record: usize, ply: usize, distances: bool) -> Result<Table, String> {
        let n = bytes.len() / record;
        let mut codes = Vec::with_capacity(n);
        let mut values = Vec::with_capacity(n);
        let bits = (2 * ply + 8) as u32;
        for (i, r) in bytes.chunks_exact(record).enumerate() {
            let raw: i64 = match record {
                3 => i64::from(u32::from_be_bytes([0, r[0], r[1], r[2]])),
                _ => i64::from(i32::from_be_bytes([r[0], r[1], r[2], r[3]])),
            };
            let (code, value) = if distances {
                (raw, r[4] as i8)
            } else {
                (raw & !3, (raw & 3) as i8)
            };
            if codes.last().is_some_and(|&last| last >= code) {
                return Err(format!("record {i}: codes are not in ascending order"));
            }
            let unsigned = (code as u64) & ((1u64 << bits) - 1);
            decode(unsigned, bits, ply).map_err(|e| format!("record {i}: {e}"))?;
            if distances {
                if value != 0 && !(1..=100).contains(&value.unsigned_abs()) {
                    return Err(format!("record {i}: distance {value} out of range"));
                }
            } else if value > 1 {
                return Err(format!(
                    "record {i}: value {value} is not a draw (0) or a loss (1)"
                ));
            }
            codes.push(code);
            values.push(value);
        }
        Ok(Table {
            ply,
            distances,
            codes,
            values,
        })
    }

    /// The stones of its boards.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// Whether it stores distances (exact scores).
    #[must_use]
    pub fn distances(&self) -> bool {
        self.distances
    }

    /// Number of records.
    #[must_use]
    pub fn len(&self) -> usize {
        self.codes.len()
    }

    /// Whether it has no record.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    fn signed(&self, code: u64) -> i64 {
        if self.ply == 12 {
            i64::from(code as u32 as i32)
        } else {
            code as i64
        }
    }

    /// The value of a record for the player to move.
    fn value(&self, raw: i8) -> BookValue {
        let cells = 42;
        if self.distances {
            if raw == 0 {
                return BookValue::Exact(0);
            }
            // The last stone is played `100 - |d|` plies from now, and is
            // stone number s of the game: its player scores (cells + 2 - s) / 2.
            let s = self.ply as i32 + 100 - i32::from(raw.unsigned_abs());
            let score = (cells + 2 - s) / 2;
            BookValue::Exact(if raw > 0 { score } else { -score })
        } else if raw == 0 {
            BookValue::Exact(0)
        } else {
            BookValue::AtMost(-1)
        }
    }

    fn find(&self, code: u64) -> Option<usize> {
        self.codes.binary_search(&self.signed(code)).ok()
    }

    /// What the database says of the position with these words.
    #[must_use]
    pub fn probe(
        &self,
        geometry: Geometry,
        stones: usize,
        cur: u64,
        mask: u64,
    ) -> Option<BookValue> {
        if geometry != Geometry::STANDARD || stones != self.ply {
            return None;
        }
        // The first player moves after an even number of stones.
        let ones = if stones.is_multiple_of(2) {
            cur
        } else {
            cur ^ mask
        };
        let code = encode(geometry, ones, mask);
        let mirror = |bits: u64| geometry.mirror(u128::from(bits)) as u64;
        let mirrored = encode(geometry, mirror(ones), mirror(mask));
        match self.find(code).or_else(|| self.find(mirrored)) {
            Some(i) => Some(self.value(self.values[i])),
            None if self.distances => None,
            None => Some(BookValue::AtLeast(1)),
        }
    }

    /// Record `i` as a position and its value.
    #[must_use]
    pub fn entry(&self, i: usize) -> Option<(Position, BookValue)> {
        let bits = (2 * self.ply + 8) as u32;
        let code = (*self.codes.get(i)? as u64) & ((1u64 << bits) - 1);
        let pos = decode(code, bits, self.ply).ok()?;
        Some((pos, self.value(self.values[i])))
    }

    /// Every record as a position and its value.
    #[must_use]
    pub fn entries(&self) -> Vec<(Position, BookValue)> {
        (0..self.len()).filter_map(|i| self.entry(i)).collect()
    }

    /// Writes records of this kind (for tests): `(position, raw value)` pairs.
    #[cfg(test)]
    #[must_use]
    pub(crate) fn write(ply: usize, distances: bool, entries: &[(Position, i8)]) -> Vec<u8> {
        let mut recs: Vec<(i64, i8)> = entries
            .iter()
            .map(|(p, v)| {
                let ones = if p.moves_played().is_multiple_of(2) {
                    p.current()
                } else {
                    p.current() ^ p.mask()
                };
                let code = encode(p.geometry(), ones as u64, p.mask() as u64);
                let signed = if ply == 12 {
                    i64::from(code as u32 as i32)
                } else {
                    code as i64
                };
                (signed, *v)
            })
            .collect();
        recs.sort_unstable();
        let mut out = Vec::new();
        for (code, v) in recs {
            match (ply, distances) {
                (8, _) => out.extend_from_slice(&((code as u32) | v as u32).to_be_bytes()[1..]),
                (_, false) => out.extend_from_slice(&((code as u32) | v as u32).to_be_bytes()),
                (_, true) => {
                    out.extend_from_slice(&(code as u32).to_be_bytes());
                    out.push(v as u8);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect4::grid::{from_grid, parse_grid};

    fn grid(text: &str) -> Position {
        from_grid(&parse_grid(text).unwrap()).unwrap()
    }

    #[test]
    fn codes_follow_the_column_order_and_round_trip() {
        // The package's first example board (12 stones, the first player to move).
        let pos = grid("0000000/0001000/0102000/0201020/0102010/0201020");
        let ones = pos.current() as u64;
        let code = encode(Geometry::STANDARD, ones, pos.mask() as u64);
        // Column 1 empty: 0; column 2: yellow red yellow red from the bottom...
        assert_eq!(code >> 31, 0);
        // `11 10 11 10 0`: red, yellow, red, yellow, end of column.
        assert_eq!(code >> 22 & 0x1ff, 0b1_1101_1100);
        assert_eq!(decode(code, 32, 12).unwrap(), pos);
        assert!(
            decode(code, 32, 8)
                .unwrap_err()
                .contains("12 stones, not 8")
        );
    }

    #[test]
    fn written_databases_read_back_with_their_values() {
        let a = Position::from_moves("44444433").unwrap();
        let b = Position::from_moves("12345671").unwrap();
        let bytes = Table::write(8, false, &[(a, 0), (b, 1)]);
        assert_eq!(bytes.len(), 6);
        let t = Table::from_bytes(&bytes).unwrap();
        assert_eq!((t.ply(), t.distances(), t.len()), (8, false, 2));
        let probe = |p: &Position| t.probe(p.geometry(), 8, p.current() as u64, p.mask() as u64);
        assert_eq!(probe(&a), Some(BookValue::Exact(0)));
        assert_eq!(probe(&b), Some(BookValue::AtMost(-1)));
        // Mirror images are found; a board not stored is a win.
        let bm = Position::from_moves("76543217").unwrap();
        assert_eq!(probe(&bm), Some(BookValue::AtMost(-1)));
        let c = Position::from_moves("44444411").unwrap();
        assert_eq!(probe(&c), Some(BookValue::AtLeast(1)));
        // A damaged record is refused with its number.
        let mut bad = bytes.clone();
        bad[3] = 0xff;
        let err = Table::from_bytes(&bad).unwrap_err();
        assert!(err.contains("record 1"), "{err}");
    }
}
