//! Opening books: the exact scores (or win/draw/loss values) of positions
//! near the start, so that the solver answers them at once and stops its
//! search where it reaches them.
//!
//! Three kinds of file are read, told apart by their contents:
//! - **bitgames books** (written by `bitgames connect4 book build`): every
//!   position with a number of stones in a set of *layers* (after mirror
//!   images), exact scores, with a checksum;
//! - **Pascal Pons' `7x6.book`** ([`pons`]): a hash table of partial base-3
//!   keys, exact scores, probed only;
//! - **BitBully's databases** ([`bitbully`]): the 8-ply and 12-ply books
//!   (win/draw/loss) and the 12-ply book with distances (exact).
//!
//! The bitgames format, version 2 (all integers little-endian):
//!
//! ```text
//!   offset  size        what
//!        0     8        magic "BGC4BOOK"
//!        8     1        format version (2)
//!        9     1        width
//!       10     1        height
//!       11     5        zero
//!       16     8        layers: bit n set when the book holds the positions of n
//!                       stones: every one that is not over and where the player
//!                       to move cannot win at once (one of each mirror pair)
//!       24     8        count: number of entries
//!       32     K*count  keys, ascending, K = ceil(width * (height + 1) / 8) bytes each
//!        .     1*count  scores, one signed byte each, in the order of the keys
//!        .     8        checksum: 64-bit FNV-1a of every byte before it
//! ```
//!
//! Version 1 had a 20-byte header (`depth` at offset 11 for layers 0..=depth,
//! the count at 12) and no checksum; it is still read ([`Book::legacy`] tells).
//! Every key is checked to be a position of the board with a number of
//! stones in the layers, and every score to be one that position can have;
//! with the checksum, any changed byte is refused.
//!
//! For 7x6 that is 8 bytes a position (7 of key, 1 of score).
//!
//! Books are built by [`build`] (the one core of `book build` and of the
//! Python package's Ray driver), a layer's chunks at a time, each kept as a
//! chunk file ([`chunk`]) whose entries pass the same check as a book's
//! ([`check_entry`]).
//!
//! This module holds a book and its lookups; the file format (reading any
//! book file, writing a bitgames one, the check of an entry) is in `file.rs`,
//! the positions a book holds ([`Layers`], [`symmetric_key`],
//! [`book_positions`], [`check_key`]) in `layers.rs`, and the built-in book
//! ([`builtin_shared`]) in `builtin.rs`.

pub mod bitbully;
pub mod build;
pub mod chunk;
pub mod pons;

mod builtin;
mod file;
mod keys;
mod layers;

pub use builtin::{STANDARD_BOOK_CHECKSUM, builtin, builtin_shared};
pub use file::{BookError, EntryError, check_entry, fnv1a, max_file_len};
pub use layers::{Layers, book_positions, check_key, held_score_range, symmetric_key};

use crate::connect4::grid::from_key;
use crate::connect4::{Geometry, Position};
use keys::Keys;

/// A book given for positions of another board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("is for a {book} board, not {board}")]
pub struct WrongBoard {
    /// The book's board.
    pub book: Geometry,
    /// The positions' board.
    pub board: Geometry,
}

/// What a book knows of a position, for the player to move, in the solver's
/// scores (see [`super`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookValue {
    /// The exact score.
    Exact(i32),
    /// The score is at least this (a win-only book says `AtLeast(1)`).
    AtLeast(i32),
    /// The score is at most this (a loss is `AtMost(-1)`).
    AtMost(i32),
}

impl BookValue {
    /// The exact score, if the book knows it.
    #[must_use]
    pub fn exact(self) -> Option<i32> {
        match self {
            BookValue::Exact(s) => Some(s),
            _ => None,
        }
    }

    /// Whether `score` agrees with what the book says.
    #[must_use]
    pub fn admits(self, score: i32) -> bool {
        match self {
            BookValue::Exact(s) => score == s,
            BookValue::AtLeast(s) => score >= s,
            BookValue::AtMost(s) => score <= s,
        }
    }

    /// Win, draw or loss: the sign of the score, when the book tells it.
    #[must_use]
    pub fn sign(self) -> Option<i32> {
        match self {
            BookValue::Exact(s) => Some(s.signum()),
            BookValue::AtLeast(s) if s > 0 => Some(1),
            BookValue::AtMost(s) if s < 0 => Some(-1),
            _ => None,
        }
    }
}

impl std::fmt::Display for BookValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BookValue::Exact(s) => write!(f, "{s}"),
            BookValue::AtLeast(s) => write!(f, ">= {s}"),
            BookValue::AtMost(s) => write!(f, "<= {s}"),
        }
    }
}

/// The kind of file a book was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A bitgames book of this format version.
    Bitgames(u8),
    /// Pascal Pons' opening book.
    Pons,
    /// A BitBully database: its layer, and whether it stores distances
    /// (exact scores) or only win/draw/loss.
    BitBully {
        /// The stones of its positions (8 or 12).
        ply: usize,
        /// Exact scores (`true`) or win/draw/loss.
        distances: bool,
    },
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Format::Bitgames(v) => write!(f, "bitgames book, format version {v}"),
            Format::Pons => write!(f, "Pascal Pons' opening book"),
            Format::BitBully {
                ply,
                distances: true,
            } => write!(f, "BitBully {ply}-ply database with distances"),
            Format::BitBully { ply, .. } => {
                write!(f, "BitBully {ply}-ply database (win/draw/loss)")
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Store {
    Keys { keys: Keys, scores: Vec<i8> },
    Pons(pons::Table),
    BitBully(bitbully::Table),
}

/// An opening book for one board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    geometry: Geometry,
    layers: Layers,
    format: Format,
    store: Store,
}

impl Book {
    /// A book from `(symmetric key, score)` pairs of positions with a number of
    /// stones in `layers` (the book holds every such position).
    #[must_use]
    pub fn from_scores(
        geometry: Geometry,
        layers: impl Into<Layers>,
        entries: impl IntoIterator<Item = (u128, i8)>,
    ) -> Book {
        let mut pairs: Vec<(u128, i8)> = entries.into_iter().collect();
        pairs.sort_unstable();
        pairs.dedup_by_key(|p| p.0);
        let mut keys = Keys::with_capacity(geometry, pairs.len());
        for &(key, _) in &pairs {
            keys.push(key);
        }
        Book {
            geometry,
            layers: layers.into(),
            format: Format::Bitgames(file::VERSION),
            store: Store::Keys {
                keys,
                scores: pairs.iter().map(|p| p.1).collect(),
            },
        }
    }

    /// The board size.
    #[must_use]
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Whether this book may answer for positions of `board`: a book is
    /// for one board size, and one of another size is refused, not
    /// silently unused (the command's `--book`, Python's `Solver(book=)`).
    ///
    /// # Errors
    ///
    /// Names both sizes.
    pub fn check_board(&self, board: Geometry) -> Result<(), WrongBoard> {
        if self.geometry == board {
            Ok(())
        } else {
            Err(WrongBoard {
                book: self.geometry,
                board,
            })
        }
    }

    /// The fewest stones of the positions held.
    #[must_use]
    pub fn first_layer(&self) -> usize {
        self.layers.first()
    }

    /// The most stones of the positions held.
    #[must_use]
    pub fn depth(&self) -> usize {
        self.layers.last()
    }

    /// The numbers of stones of the positions held.
    #[must_use]
    pub fn layers(&self) -> Layers {
        self.layers
    }

    /// The kind of file it was read from (or will be written as).
    #[must_use]
    pub fn format(&self) -> Format {
        self.format
    }

    /// Whether it was read from an old bitgames book (format version 1, no checksum).
    #[must_use]
    pub fn legacy(&self) -> bool {
        self.format == Format::Bitgames(1)
    }

    /// Number of entries held (for Pons' book: the slots of its table in use).
    #[must_use]
    pub fn len(&self) -> usize {
        match &self.store {
            Store::Keys { keys, .. } => keys.len(),
            Store::Pons(t) => t.used(),
            Store::BitBully(t) => t.len(),
        }
    }

    /// Whether the book is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the book may hold positions with `stones` stones of this board.
    #[inline]
    #[must_use]
    pub fn holds(&self, geometry: Geometry, stones: usize) -> bool {
        self.layers.contains(stones) && geometry == self.geometry
    }

    /// What the book knows of the position with these words and `stones`
    /// stones (the player to move cannot win at once), if anything.
    #[inline]
    #[must_use]
    pub fn probe(
        &self,
        geometry: Geometry,
        stones: usize,
        cur: u128,
        mask: u128,
    ) -> Option<BookValue> {
        if !self.holds(geometry, stones) {
            return None;
        }
        match &self.store {
            Store::Keys { keys, scores } => {
                let k = cur + mask + geometry.bottom_mask();
                keys.find(k.min(geometry.mirror(k)))
                    .map(|i| BookValue::Exact(i32::from(scores[i])))
            }
            // Pons' and BitBully's books hold boards of at most 64 bits.
            Store::Pons(t) => t.probe(geometry, cur as u64, mask as u64),
            Store::BitBully(t) => t.probe(geometry, stones, cur as u64, mask as u64),
        }
    }

    /// The exact score of the position with these words, if the book has it.
    #[inline]
    #[must_use]
    pub fn get(&self, geometry: Geometry, stones: usize, cur: u128, mask: u128) -> Option<i32> {
        self.probe(geometry, stones, cur, mask)
            .and_then(BookValue::exact)
    }

    /// What the book knows of `pos`.
    #[must_use]
    pub fn value(&self, pos: &Position) -> Option<BookValue> {
        if pos.winning_moves() != 0 {
            return None;
        }
        self.probe(
            pos.geometry(),
            pos.moves_played(),
            pos.current(),
            pos.mask(),
        )
    }

    /// The exact score of `pos`, if held.
    #[must_use]
    pub fn score(&self, pos: &Position) -> Option<i32> {
        self.value(pos).and_then(BookValue::exact)
    }

    /// Every entry as a position and its value, for the books whose entries
    /// can be listed (bitgames and BitBully books; Pons' book only answers probes).
    #[must_use]
    pub fn entries(&self) -> Option<Vec<(Position, BookValue)>> {
        match &self.store {
            Store::Keys { keys, scores } => Some(
                keys.iter()
                    .zip(scores)
                    .filter_map(|(k, &s)| {
                        Some((from_key(self.geometry, k)?, BookValue::Exact(i32::from(s))))
                    })
                    .collect(),
            ),
            Store::Pons(_) => None,
            Store::BitBully(t) => Some(t.entries()),
        }
    }

    /// The entry number `i` of a listable book.
    #[must_use]
    pub fn entry(&self, i: usize) -> Option<(Position, BookValue)> {
        match &self.store {
            Store::Keys { keys, scores } => Some((
                from_key(self.geometry, keys.get(i)?)?,
                BookValue::Exact(i32::from(scores[i])),
            )),
            Store::Pons(_) => None,
            Store::BitBully(t) => t.entry(i),
        }
    }

    fn key_bytes(geometry: Geometry) -> usize {
        (geometry.width() * (geometry.height() + 1)).div_ceil(8)
    }
}

#[cfg(test)]
mod tests;
