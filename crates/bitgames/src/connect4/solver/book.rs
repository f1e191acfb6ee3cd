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

pub mod bitbully;
pub mod build;
pub mod chunk;
pub mod pons;

use crate::connect4::grid::from_key;
use crate::connect4::{Geometry, Position};
use std::collections::HashSet;
use std::ops::RangeInclusive;

const MAGIC: &[u8; 8] = b"BGC4BOOK";
const VERSION: u8 = 2;
const HEADER_V1: usize = 20;
const HEADER: usize = 32;
const CHECKSUM: usize = 8;

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

/// Why book bytes could not be read. Entries are numbered from 0 in the
/// order of the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// Neither a bitgames book, nor Pons', nor BitBully's.
    #[error(
        "not a Connect Four book: not a bitgames book (no `BGC4BOOK` magic), nor Pascal Pons' `7x6.book` ({pons}), nor a BitBully database ({bitbully})"
    )]
    Unknown {
        /// Why it is not Pons' format.
        pons: String,
        /// Why it is not BitBully's format.
        bitbully: String,
    },
    /// An unknown format version.
    #[error("book format version {0} is not supported (this build reads versions 1 and 2)")]
    BadVersion(u8),
    /// A board size that does not fit.
    #[error("book header: {0}")]
    BadGeometry(#[from] crate::connect4::GeometryError),
    /// Layers that no position of the board has, or none at all.
    #[error("book header: layers {layers} do not fit a board of {cells} cells")]
    BadLayers {
        /// The layers.
        layers: Layers,
        /// Cells of the board.
        cells: usize,
    },
    /// Nonzero bytes where zeros belong.
    #[error("book header: bytes 11..16 must be zero")]
    BadReserved,
    /// Shorter or longer than the header says.
    #[error("book is {actual} bytes long, its header says {expected}")]
    BadLength {
        /// From the header.
        expected: u64,
        /// Of the bytes given.
        actual: u64,
    },
    /// The checksum does not match: some byte was changed.
    #[error(
        "book checksum mismatch: the file says {stored:016x}, its bytes give {computed:016x} (the file was changed or damaged)"
    )]
    BadChecksum {
        /// The checksum in the file.
        stored: u64,
        /// The checksum of the bytes.
        computed: u64,
    },
    /// An entry out of order, or one that cannot be in this book.
    #[error("book entry {index}: {why}")]
    BadEntry {
        /// Entry number.
        index: usize,
        /// What is wrong with it.
        why: EntryError,
    },
    /// A book that is not in the bitgames format cannot be written as one.
    #[error("only bitgames books can be written back")]
    NotOurs,
}

/// What is wrong with one entry of a bitgames book or of a chunk of a
/// build ([`build`]): the one check both pass through ([`check_entry`], and
/// keys in ascending order).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    /// Its key is not above the one before.
    #[error("keys are not in ascending order")]
    Unsorted,
    /// A key that is no position of the board, or not one the layers hold.
    #[error("key {key:#x} is {why}")]
    BadKey {
        /// The key.
        key: u64,
        /// What is wrong with it ([`check_key`]).
        why: String,
    },
    /// A score the position cannot have.
    #[error(
        "score {score} is out of range for a position with {stones} stones (it must lie in {min}..={max})"
    )]
    BadScore {
        /// The score.
        score: i32,
        /// Stones of the position.
        stones: usize,
        /// Lowest possible.
        min: i32,
        /// Highest possible.
        max: i32,
    },
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
    Keys { keys: Vec<u64>, scores: Vec<i8> },
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

/// The book built into the library for the standard 7x6 board: every position
/// with at most 3 stones and every position with exactly 10 stones, mirror
/// images counted once (634,489 positions, 5,075,952 bytes). Made by
/// `bitgames connect4 book build --depth 3` and `--layer 10` and merged with
/// `book merge`; see the README's "Opening books".
///
/// Positions of 4..=9 stones are solved by searching down to layer 10, where
/// every line stops at a book entry.
const STANDARD_BOOK: &[u8] = include_bytes!("../../../books/7x6-standard.book");

/// The built-in book for this board size, if there is one (7x6: layers 0..=3
/// and 10, so that every position is analysed in well under a second).
///
/// Parses the 5 MB book on each call: prefer [`builtin_shared`].
#[must_use]
pub fn builtin(geometry: Geometry) -> Option<Book> {
    (geometry == Geometry::STANDARD)
        .then(|| Book::from_bytes(STANDARD_BOOK).expect("the built-in book is well formed"))
}

/// The built-in book for this board size, parsed once and shared by every
/// solver of the process.
#[must_use]
pub fn builtin_shared(geometry: Geometry) -> Option<std::sync::Arc<Book>> {
    static STANDARD: std::sync::OnceLock<Option<std::sync::Arc<Book>>> = std::sync::OnceLock::new();
    if geometry != Geometry::STANDARD {
        return None;
    }
    STANDARD
        .get_or_init(|| builtin(geometry).map(std::sync::Arc::new))
        .clone()
}

/// A set of layers (numbers of stones, 0..=63): bit n for n stones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Layers(pub u64);

impl Layers {
    /// Whether the set holds `stones`.
    #[inline]
    #[must_use]
    pub const fn contains(self, stones: usize) -> bool {
        stones < 64 && self.0 >> stones & 1 != 0
    }

    /// The fewest stones held (0 for an empty set).
    #[must_use]
    pub const fn first(self) -> usize {
        if self.0 == 0 {
            0
        } else {
            self.0.trailing_zeros() as usize
        }
    }

    /// The most stones held (0 for an empty set).
    #[must_use]
    pub const fn last(self) -> usize {
        if self.0 == 0 {
            0
        } else {
            63 - self.0.leading_zeros() as usize
        }
    }

    /// The layers of both sets.
    #[must_use]
    pub const fn union(self, other: Layers) -> Layers {
        Layers(self.0 | other.0)
    }

    /// Each layer held, fewest stones first.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..64).filter(move |&n| self.contains(n))
    }
}

impl From<RangeInclusive<usize>> for Layers {
    fn from(range: RangeInclusive<usize>) -> Layers {
        Layers(range.filter(|&n| n < 64).fold(0, |m, n| m | 1 << n))
    }
}

impl std::fmt::Display for Layers {
    /// Runs of layers as ranges: `0..=4`, `10..=10`, `0..=4, 10..=10`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for n in self.iter() {
            match runs.last_mut() {
                Some(run) if run.1 + 1 == n => run.1 = n,
                _ => runs.push((n, n)),
            }
        }
        if runs.is_empty() {
            return write!(f, "none");
        }
        let parts: Vec<String> = runs.iter().map(|(a, b)| format!("{a}..={b}")).collect();
        write!(f, "{}", parts.join(", "))
    }
}

/// The symmetric key of a position: the smaller of its key and its mirror image's.
#[must_use]
pub fn symmetric_key(pos: &Position) -> u64 {
    pos.key().min(pos.mirror_key())
}

/// The scores a position with `stones` stones can have when the player to
/// move cannot win at once (the positions a book holds): from a loss to the
/// opponent's next stone to a win with the mover's second stone.
#[must_use]
pub fn held_score_range(geometry: Geometry, stones: usize) -> RangeInclusive<i32> {
    let (cells, n) = (geometry.cells() as i32, stones as i32);
    -(cells - n) / 2..=(cells - 1 - n) / 2
}

/// 64-bit FNV-1a: every single changed byte changes it.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Why a symmetric key cannot be a book's entry of this board and layers:
/// not a position, one of the other number of stones, a game over, or one the
/// player to move wins at once; `None` when it can.
#[must_use]
pub fn check_key(geometry: Geometry, layers: Layers, key: u64) -> Option<String> {
    use crate::Game;
    let Some(pos) = from_key(geometry, key) else {
        return Some(format!("no position of a {geometry} board"));
    };
    let n = pos.moves_played();
    if !layers.contains(n) {
        return Some(format!("a position with {n} stones, not {layers}"));
    }
    if pos.outcome().is_over() {
        return Some("a position where the game is over".to_string());
    }
    if pos.winning_moves() != 0 {
        return Some("a position the player to move wins at once".to_string());
    }
    if key != symmetric_key(&pos) {
        return Some("the larger of a mirror pair's keys (a book keeps the smaller)".to_string());
    }
    None
}

/// How many bytes a book file can have, from its first bytes (at least 32, or
/// the whole file if shorter): the exact length for a bitgames book or Pons'
/// (from their headers), at most this for a BitBully database (no header).
/// A reader stops there instead of reading an endless file.
#[must_use]
pub fn max_file_len(prefix: &[u8]) -> u64 {
    if prefix.len() >= HEADER_V1 && &prefix[..8] == MAGIC {
        let kb = key_bytes_of(prefix[9], prefix[10]);
        return match prefix[8] {
            1 => {
                let count = u64::from_le_bytes(prefix[12..20].try_into().expect("8 bytes"));
                count
                    .saturating_mul(kb + 1)
                    .saturating_add(HEADER_V1 as u64)
            }
            _ if prefix.len() < HEADER => HEADER as u64,
            _ => {
                let count = u64::from_le_bytes(prefix[24..32].try_into().expect("8 bytes"));
                count
                    .saturating_mul(kb + 1)
                    .saturating_add((HEADER + CHECKSUM) as u64)
            }
        };
    }
    if let Some(len) = pons::expected_len(prefix) {
        return len;
    }
    bitbully::MAX_FILE_LEN
}

fn key_bytes_of(width: u8, height: u8) -> u64 {
    (u64::from(width) * (u64::from(height) + 1)).div_ceil(8)
}

impl Book {
    /// A book from `(symmetric key, score)` pairs of positions with a number of
    /// stones in `layers` (the book holds every such position).
    #[must_use]
    pub fn from_scores(
        geometry: Geometry,
        layers: impl Into<Layers>,
        entries: impl IntoIterator<Item = (u64, i8)>,
    ) -> Book {
        let mut pairs: Vec<(u64, i8)> = entries.into_iter().collect();
        pairs.sort_unstable();
        pairs.dedup_by_key(|p| p.0);
        Book {
            geometry,
            layers: layers.into(),
            format: Format::Bitgames(VERSION),
            store: Store::Keys {
                keys: pairs.iter().map(|p| p.0).collect(),
                scores: pairs.iter().map(|p| p.1).collect(),
            },
        }
    }

    /// The board size.
    #[must_use]
    pub fn geometry(&self) -> Geometry {
        self.geometry
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
        cur: u64,
        mask: u64,
    ) -> Option<BookValue> {
        if !self.holds(geometry, stones) {
            return None;
        }
        match &self.store {
            Store::Keys { keys, scores } => {
                let k = cur + mask + geometry.bottom_mask();
                let key = k.min(geometry.mirror(k));
                keys.binary_search(&key)
                    .ok()
                    .map(|i| BookValue::Exact(i32::from(scores[i])))
            }
            Store::Pons(t) => t.probe(geometry, cur, mask),
            Store::BitBully(t) => t.probe(geometry, stones, cur, mask),
        }
    }

    /// The exact score of the position with these words, if the book has it.
    #[inline]
    #[must_use]
    pub fn get(&self, geometry: Geometry, stones: usize, cur: u64, mask: u64) -> Option<i32> {
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
                    .filter_map(|(&k, &s)| {
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
                from_key(self.geometry, *keys.get(i)?)?,
                BookValue::Exact(i32::from(scores[i])),
            )),
            Store::Pons(_) => None,
            Store::BitBully(t) => t.entry(i),
        }
    }

    fn key_bytes(geometry: Geometry) -> usize {
        (geometry.width() * (geometry.height() + 1)).div_ceil(8)
    }

    /// The book in the bitgames format (version 2).
    pub fn to_bytes(&self) -> Result<Vec<u8>, BookError> {
        let Store::Keys { keys, scores } = &self.store else {
            return Err(BookError::NotOurs);
        };
        let kb = Book::key_bytes(self.geometry);
        let mut out = Vec::with_capacity(HEADER + keys.len() * (kb + 1) + CHECKSUM);
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.push(self.geometry.width() as u8);
        out.push(self.geometry.height() as u8);
        out.extend_from_slice(&[0; 5]);
        out.extend_from_slice(&self.layers.0.to_le_bytes());
        out.extend_from_slice(&(keys.len() as u64).to_le_bytes());
        write_entries(&mut out, kb, keys, scores);
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        Ok(out)
    }

    /// Reads a book: a bitgames book (versions 1 and 2), Pons' `7x6.book` or
    /// a BitBully database, told apart by their contents; every field and
    /// entry is checked.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() >= 8 && &bytes[..8] == MAGIC {
            return Book::from_bitgames_bytes(bytes);
        }
        let pons = match pons::Table::from_bytes(bytes) {
            Ok((geometry, depth, table)) => {
                return Ok(Book {
                    geometry,
                    layers: Layers::from(0..=depth),
                    format: Format::Pons,
                    store: Store::Pons(table),
                });
            }
            Err(why) => why,
        };
        let bitbully = match bitbully::Table::from_bytes(bytes) {
            Ok(table) => {
                let ply = table.ply();
                return Ok(Book {
                    geometry: Geometry::STANDARD,
                    layers: Layers::from(ply..=ply),
                    format: Format::BitBully {
                        ply,
                        distances: table.distances(),
                    },
                    store: Store::BitBully(table),
                });
            }
            Err(why) => why,
        };
        Err(BookError::Unknown { pons, bitbully })
    }

    fn from_bitgames_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        let version = *bytes.get(8).ok_or(BookError::BadLength {
            expected: HEADER as u64,
            actual: bytes.len() as u64,
        })?;
        let header = match version {
            1 => HEADER_V1,
            2 => HEADER,
            v => return Err(BookError::BadVersion(v)),
        };
        if bytes.len() < header {
            return Err(BookError::BadLength {
                expected: header as u64,
                actual: bytes.len() as u64,
            });
        }
        let expected = if version == 1 {
            let count = u64::from_le_bytes(bytes[12..20].try_into().expect("8 bytes"));
            count
                .saturating_mul(key_bytes_of(bytes[9], bytes[10]) + 1)
                .saturating_add(HEADER_V1 as u64)
        } else {
            max_file_len(&bytes[..HEADER])
        };
        if bytes.len() as u64 != expected {
            return Err(BookError::BadLength {
                expected,
                actual: bytes.len() as u64,
            });
        }
        if version == 2 {
            let body = &bytes[..bytes.len() - CHECKSUM];
            let stored = u64::from_le_bytes(bytes[body.len()..].try_into().expect("8 bytes"));
            let computed = fnv1a(body);
            if stored != computed {
                return Err(BookError::BadChecksum { stored, computed });
            }
        }
        let geometry = Geometry::new(bytes[9] as usize, bytes[10] as usize)?;
        let (layers, count) = if version == 1 {
            let count = u64::from_le_bytes(bytes[12..20].try_into().expect("8 bytes"));
            (Layers::from(0..=bytes[11] as usize), count as usize)
        } else {
            if bytes[11..16] != [0; 5] {
                return Err(BookError::BadReserved);
            }
            let layers = Layers(u64::from_le_bytes(
                bytes[16..24].try_into().expect("8 bytes"),
            ));
            let count = u64::from_le_bytes(bytes[24..32].try_into().expect("8 bytes"));
            (layers, count as usize)
        };
        if layers.0 == 0 || layers.last() >= geometry.cells() {
            return Err(BookError::BadLayers {
                layers,
                cells: geometry.cells(),
            });
        }
        let kb = Book::key_bytes(geometry);
        let (keys, scores) = read_entries(
            geometry,
            layers,
            &bytes[header..header + count * kb],
            &bytes[header + count * kb..header + count * (kb + 1)],
        )
        .map_err(|(index, why)| BookError::BadEntry { index, why })?;
        Ok(Book {
            geometry,
            layers,
            format: Format::Bitgames(version),
            store: Store::Keys { keys, scores },
        })
    }
}

/// Why `(key, score)` cannot be an entry of a book of this board and these
/// layers ([`check_key`], [`held_score_range`]); `Ok` when it can.
pub fn check_entry(
    geometry: Geometry,
    layers: Layers,
    key: u64,
    score: i8,
) -> Result<(), EntryError> {
    if let Some(why) = check_key(geometry, layers, key) {
        return Err(EntryError::BadKey { key, why });
    }
    let stones = from_key(geometry, key).map_or(0, |p| p.moves_played());
    let score = i32::from(score);
    let range = held_score_range(geometry, stones);
    if !range.contains(&score) {
        return Err(EntryError::BadScore {
            score,
            stones,
            min: *range.start(),
            max: *range.end(),
        });
    }
    Ok(())
}

/// The entries stored as a book and a chunk store them: every key in
/// `key_bytes` bytes (little-endian), then every score in one signed byte.
fn write_entries(out: &mut Vec<u8>, key_bytes: usize, keys: &[u64], scores: &[i8]) {
    for k in keys {
        out.extend_from_slice(&k.to_le_bytes()[..key_bytes]);
    }
    out.extend(scores.iter().map(|&s| s as u8));
}

/// Reads the entries [`write_entries`] wrote (`keys.len()` is a multiple of
/// the key bytes, one score byte a key), checking each: keys ascending, and
/// [`check_entry`]. The first bad entry's number and what is wrong with it.
fn read_entries(
    geometry: Geometry,
    layers: Layers,
    keys: &[u8],
    scores: &[u8],
) -> Result<(Vec<u64>, Vec<i8>), (usize, EntryError)> {
    let kb = Book::key_bytes(geometry);
    let mut out_keys = Vec::with_capacity(scores.len());
    let mut out_scores = Vec::with_capacity(scores.len());
    for (i, (chunk, &s)) in keys.chunks_exact(kb).zip(scores).enumerate() {
        let mut b = [0u8; 8];
        b[..kb].copy_from_slice(chunk);
        let key = u64::from_le_bytes(b);
        if out_keys.last().is_some_and(|&last| last >= key) {
            return Err((i, EntryError::Unsorted));
        }
        check_entry(geometry, layers, key, s as i8).map_err(|why| (i, why))?;
        out_keys.push(key);
        out_scores.push(s as i8);
    }
    Ok((out_keys, out_scores))
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

    fn small_book() -> (Book, Vec<u8>) {
        let g = Geometry::new(5, 4).unwrap();
        let entries: Vec<(u64, i8)> = book_positions(g, 2)
            .iter()
            .enumerate()
            .map(|(i, p)| (symmetric_key(p), (i % 5) as i8 - 2))
            .collect();
        let book = Book::from_scores(g, 2..=2, entries);
        let bytes = book.to_bytes().unwrap();
        (book, bytes)
    }

    #[test]
    fn round_trips_through_bytes_and_finds_mirror_images() {
        let g = Geometry::STANDARD;
        let a = Position::from_moves("12").unwrap();
        let b = Position::from_moves("4").unwrap();
        let book = Book::from_scores(g, 1..=2, [(symmetric_key(&a), -3), (symmetric_key(&b), 2)]);
        let bytes = book.to_bytes().unwrap();
        assert_eq!(bytes.len(), 32 + 2 * 8 + 8);
        let back = Book::from_bytes(&bytes).unwrap();
        assert_eq!(back, book);
        assert_eq!(back.layers(), Layers::from(1..=2));
        assert_eq!(back.layers().to_string(), "1..=2");
        assert_eq!(back.score(&Position::from_moves("76").unwrap()), Some(-3));
        assert_eq!(back.score(&Position::from_moves("5").unwrap()), None);
        assert_eq!(
            back.score(&Position::new(g)),
            None,
            "0 stones: not a layer held"
        );
        assert!(!back.legacy());
    }

    #[test]
    fn the_builtin_book_agrees_with_itself_and_knows_the_first_player_wins() {
        let g = Geometry::STANDARD;
        let book = builtin(g).unwrap();
        // Layers 0..=3 (1 + 4 + 25 + 121 positions after mirror images) and
        // layer 10.
        assert_eq!(book.len(), 1 + 4 + 25 + 121 + 634_338);
        assert_eq!(
            book.layers(),
            Layers::from(0..=3).union(Layers::from(10..=10))
        );
        assert!(builtin(Geometry::new(6, 5).unwrap()).is_none());
        // The empty board: the first player wins with the last stone (score 1).
        let empty = Position::new(g);
        assert_eq!(book.score(&empty), Some(1));
        // Every position of the first layers below 3 stones scores the best
        // of its children, as negamax says: the layers are consistent.
        for stones in 0..3 {
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
    fn every_changed_byte_is_refused() {
        let (book, bytes) = small_book();
        assert_eq!(Book::from_bytes(&bytes).unwrap(), book);
        for i in 0..bytes.len() {
            for flip in [0x01u8, 0x80] {
                let mut bad = bytes.clone();
                bad[i] ^= flip;
                assert!(
                    Book::from_bytes(&bad).is_err(),
                    "byte {i} ^ {flip:#x} was accepted"
                );
            }
        }
    }

    #[test]
    fn a_changed_score_byte_is_refused_by_its_checksum_and_its_range() {
        let (_, mut bytes) = small_book();
        let n = bytes.len();
        // The last score byte, just before the checksum.
        bytes[n - 9] = 127;
        let err = Book::from_bytes(&bytes).unwrap_err();
        assert!(matches!(err, BookError::BadChecksum { .. }), "{err}");
        // With a fixed-up checksum, the range check still refuses it.
        let sum = fnv1a(&bytes[..n - 8]);
        bytes[n - 8..].copy_from_slice(&sum.to_le_bytes());
        let err = Book::from_bytes(&bytes).unwrap_err().to_string();
        assert!(
            err.contains("score 127 is out of range for a position with 2 stones"),
            "{err}"
        );
    }

    #[test]
    fn bad_keys_are_refused_with_their_entry_and_why() {
        let g = Geometry::new(5, 4).unwrap();
        // A 3-stone position in a book of layer 2.
        let three = Position::from_moves_in(g, "123").unwrap();
        let book = Book::from_scores(g, 2..=2, [(symmetric_key(&three), 0)]);
        let err = Book::from_bytes(&book.to_bytes().unwrap())
            .unwrap_err()
            .to_string();
        assert!(err.contains("book entry 0: key"), "{err}");
        assert!(err.contains("a position with 3 stones, not 2..=2"), "{err}");
        // Layers need not be one run: 0..=1 and 3.
        let layers = Layers::from(0..=1).union(Layers::from(3..=3));
        assert_eq!(layers.to_string(), "0..=1, 3..=3");
        let book = Book::from_scores(g, layers, [(symmetric_key(&three), 0)]);
        let back = Book::from_bytes(&book.to_bytes().unwrap()).unwrap();
        assert!(back.layers().contains(3) && !back.layers().contains(2));
        // A word that is no position at all (a column without its marker).
        let book = Book::from_scores(g, 2..=2, [(0, 0)]);
        let err = Book::from_bytes(&book.to_bytes().unwrap())
            .unwrap_err()
            .to_string();
        assert!(err.contains("no position of a 5x4 board"), "{err}");
    }

    #[test]
    fn version_1_books_are_still_read() {
        let g = Geometry::STANDARD;
        let a = Position::from_moves("12").unwrap();
        let mut v1 = Vec::new();
        v1.extend_from_slice(MAGIC);
        v1.extend_from_slice(&[1, 7, 6, 2]);
        v1.extend_from_slice(&1u64.to_le_bytes());
        v1.extend_from_slice(&symmetric_key(&a).to_le_bytes()[..7]);
        v1.push((-3i8) as u8);
        let book = Book::from_bytes(&v1).unwrap();
        assert!(book.legacy());
        assert_eq!(book.layers(), Layers::from(0..=2));
        assert_eq!(book.score(&a), Some(-3));
        assert_eq!(book.geometry(), g);
    }

    #[test]
    fn bad_bytes_are_refused_with_the_reason() {
        let err = Book::from_bytes(b"hello").unwrap_err().to_string();
        assert!(err.starts_with("not a Connect Four book"), "{err}");
        let (_, mut bytes) = small_book();
        bytes.pop();
        let n = bytes.len();
        assert_eq!(
            Book::from_bytes(&bytes).unwrap_err().to_string(),
            format!("book is {n} bytes long, its header says {}", n + 1)
        );
        assert_eq!(max_file_len(&bytes[..32]), n as u64 + 1);
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
