//! An opening book: the exact scores of every position up to a number of stones.
//!
//! Positions are stored by their symmetric key (the smaller of the key and its
//! mirror image's key), sorted, so a lookup is a binary search.
//!
//! File format (all integers little-endian):
//!
//! ```text
//!   offset  size        what
//!        0     8        magic "BGC4BOOK"
//!        8     1        format version (1)
//!        9     1        width
//!       10     1        height
//!       11     1        depth: the book holds every position with at most this many stones
//!                       that is not over and where the player to move cannot win at once
//!       12     8        count: number of entries
//!       20     K*count  keys, ascending, K = ceil(width * (height + 1) / 8) bytes each
//!        .     1*count  scores, one signed byte each, in the order of the keys
//! ```
//!
//! For 7x6 that is 8 bytes a position (7 of key, 1 of score).

use crate::connect4::{Geometry, Position};
use std::collections::HashSet;

const MAGIC: &[u8; 8] = b"BGC4BOOK";
const VERSION: u8 = 1;
const HEADER: usize = 20;

/// Why book bytes could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// The file does not start with the magic bytes.
    #[error("not a bitgames Connect Four book (the first 8 bytes are not `BGC4BOOK`)")]
    BadMagic,
    /// An unknown format version.
    #[error("book format version {0} is not supported (this build reads version 1)")]
    BadVersion(u8),
    /// A board size that does not fit.
    #[error("book header: {0}")]
    BadGeometry(#[from] crate::connect4::GeometryError),
    /// Shorter or longer than the header says.
    #[error("book is {actual} bytes long, its header says {expected}")]
    BadLength {
        /// From the header.
        expected: usize,
        /// Of the bytes given.
        actual: usize,
    },
    /// Keys out of order.
    #[error("book entry {0}: keys are not in ascending order")]
    Unsorted(usize),
}

/// An opening book for one board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    geometry: Geometry,
    depth: usize,
    keys: Vec<u64>,
    scores: Vec<i8>,
}

/// The book built into the library for the standard 7x6 board: every position
/// with at most 2 stones (30 positions, 260 bytes), made by
/// `bitgames connect4 book build --depth 2` (517 s on two cores).
const STANDARD_BOOK: &[u8] = include_bytes!("7x6-depth2.book");

/// The built-in book for this board size, if there is one (7x6: positions
/// with at most 2 stones, so that the empty board and the first move are
/// analysed at once).
#[must_use]
pub fn builtin(geometry: Geometry) -> Option<Book> {
    (geometry == Geometry::STANDARD)
        .then(|| Book::from_bytes(STANDARD_BOOK).expect("the built-in book is well formed"))
}

/// The symmetric key of a position: the smaller of its key and its mirror image's.
#[must_use]
pub fn symmetric_key(pos: &Position) -> u64 {
    pos.key().min(pos.mirror_key())
}

impl Book {
    /// A book from `(position, score)` pairs, all with at most `depth` stones.
    #[must_use]
    pub fn from_scores(
        geometry: Geometry,
        depth: usize,
        entries: impl IntoIterator<Item = (u64, i8)>,
    ) -> Book {
        let mut pairs: Vec<(u64, i8)> = entries.into_iter().collect();
        pairs.sort_unstable();
        pairs.dedup_by_key(|p| p.0);
        Book {
            geometry,
            depth,
            keys: pairs.iter().map(|p| p.0).collect(),
            scores: pairs.iter().map(|p| p.1).collect(),
        }
    }

    /// The board size.
    #[must_use]
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The most stones of the positions held.
    #[must_use]
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Number of positions held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the book is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The score of the position with these words and `stones` stones, if held.
    #[inline]
    #[must_use]
    pub fn get(&self, geometry: Geometry, stones: usize, cur: u64, mask: u64) -> Option<i32> {
        if stones > self.depth || geometry != self.geometry {
            return None;
        }
        let k = cur + mask + geometry.bottom_mask();
        let key = k.min(geometry.mirror(k));
        self.keys
            .binary_search(&key)
            .ok()
            .map(|i| i32::from(self.scores[i]))
    }

    /// The score of `pos`, if held.
    #[must_use]
    pub fn score(&self, pos: &Position) -> Option<i32> {
        self.get(
            pos.geometry(),
            pos.moves_played(),
            pos.current(),
            pos.mask(),
        )
    }

    fn key_bytes(geometry: Geometry) -> usize {
        (geometry.width() * (geometry.height() + 1)).div_ceil(8)
    }

    /// The book in the file format above.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let kb = Book::key_bytes(self.geometry);
        let mut out = Vec::with_capacity(HEADER + self.keys.len() * (kb + 1));
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.push(self.geometry.width() as u8);
        out.push(self.geometry.height() as u8);
        out.push(self.depth as u8);
        out.extend_from_slice(&(self.keys.len() as u64).to_le_bytes());
        for k in &self.keys {
            out.extend_from_slice(&k.to_le_bytes()[..kb]);
        }
        out.extend(self.scores.iter().map(|&s| s as u8));
        out
    }

    /// Reads the file format above, checking every field.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(BookError::BadMagic);
        }
        if bytes[8] != VERSION {
            return Err(BookError::BadVersion(bytes[8]));
        }
        let geometry = Geometry::new(bytes[9] as usize, bytes[10] as usize)?;
        let depth = bytes[11] as usize;
        let count = u64::from_le_bytes(bytes[12..20].try_into().expect("8 bytes")) as usize;
        let kb = Book::key_bytes(geometry);
        let expected = count
            .checked_mul(kb + 1)
            .and_then(|b| b.checked_add(HEADER))
            .unwrap_or(usize::MAX);
        if bytes.len() != expected {
            return Err(BookError::BadLength {
                expected,
                actual: bytes.len(),
            });
        }
        let mut keys = Vec::with_capacity(count);
        for (i, chunk) in bytes[HEADER..HEADER + count * kb]
            .chunks_exact(kb)
            .enumerate()
        {
            let mut b = [0u8; 8];
            b[..kb].copy_from_slice(chunk);
            let k = u64::from_le_bytes(b);
            if keys.last().is_some_and(|&last| last >= k) {
                return Err(BookError::Unsorted(i));
            }
            keys.push(k);
        }
        let scores = bytes[HEADER + count * kb..]
            .iter()
            .map(|&b| b as i8)
            .collect();
        Ok(Book {
            geometry,
            depth,
            keys,
            scores,
        })
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_bytes_and_finds_mirror_images() {
        let g = Geometry::STANDARD;
        let a = Position::from_moves("12").unwrap();
        let b = Position::from_moves("4").unwrap();
        let book = Book::from_scores(g, 2, [(symmetric_key(&a), -3), (symmetric_key(&b), 2)]);
        let bytes = book.to_bytes();
        assert_eq!(bytes.len(), 20 + 2 * 8);
        let back = Book::from_bytes(&bytes).unwrap();
        assert_eq!(back, book);
        assert_eq!(back.score(&Position::from_moves("76").unwrap()), Some(-3));
        assert_eq!(back.score(&Position::from_moves("5").unwrap()), None);
    }

    #[test]
    fn the_builtin_book_agrees_with_itself_and_knows_the_first_player_wins() {
        let g = Geometry::STANDARD;
        let book = builtin(g).unwrap();
        assert_eq!(book.depth(), 2);
        assert_eq!(book.len(), 1 + 4 + 25);
        assert!(builtin(Geometry::new(6, 5).unwrap()).is_none());
        // The empty board: the first player wins with the last stone (score 1).
        let empty = Position::new(g);
        assert_eq!(book.score(&empty), Some(1));
        // Every position of the book below its depth scores the best of its
        // children, as negamax says: the layers are consistent.
        for stones in 0..book.depth() {
            for pos in book_positions(g, stones) {
                let best = (0..7)
                    .filter(|&c| pos.can_play(c))
                    .map(|c| {
                        -book
                            .score(&pos.after(c).unwrap())
                            .expect("a child in the book")
                    })
                    .max()
                    .unwrap();
                assert_eq!(book.score(&pos), Some(best), "{stones} stones");
            }
        }
        // The centre is the only winning first move; 3 and 5 draw.
        let scores: Vec<i32> = (0..7)
            .map(|c| -book.score(&empty.after(c).unwrap()).unwrap())
            .collect();
        assert_eq!(scores, [-2, -1, 0, 1, 0, -1, -2]);
    }

    #[test]
    fn bad_bytes_are_refused_with_the_reason() {
        assert_eq!(Book::from_bytes(b"hello"), Err(BookError::BadMagic));
        let book = Book::from_scores(Geometry::STANDARD, 0, [(1, 0)]);
        let mut bytes = book.to_bytes();
        bytes.pop();
        assert_eq!(
            Book::from_bytes(&bytes).unwrap_err().to_string(),
            "book is 27 bytes long, its header says 28"
        );
    }

    #[test]
    fn book_positions_count_the_distinct_openings_up_to_mirror_images() {
        let g = Geometry::STANDARD;
        // 7 first moves, 4 up to mirror images; 49 two-move positions, of
        // which only "4 then 4" is its own mirror image: 1 + 48 / 2 = 25.
        assert_eq!(book_positions(g, 1).len(), 4);
        assert_eq!(book_positions(g, 2).len(), 25);
    }
}
