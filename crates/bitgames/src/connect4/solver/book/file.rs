//! The bitgames book file (its format: the [module](super)'s documentation):
//! reading any book file (bitgames, Pons', BitBully's), writing a bitgames
//! one, and the check every entry of a book or of a chunk file passes.

use super::{Book, Format, Keys, Layers, Store, bitbully, check_key, held_score_range, pons};
use crate::connect4::Geometry;
use crate::connect4::grid::from_key;

pub(super) const MAGIC: &[u8; 8] = b"BGC4BOOK";
pub(super) const VERSION: u8 = 2;
const HEADER_V1: usize = 20;
const HEADER: usize = 32;
const CHECKSUM: usize = 8;

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
/// build ([`super::build`]): the one check both pass through ([`check_entry`], and
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
        key: u128,
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
        write_entries(&mut out, kb, keys.iter(), scores);
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        Ok(out)
    }

    /// Reads a book: a bitgames book (versions 1 and 2), Pons' `7x6.book` or
    /// a BitBully database, told apart by their contents; every field and
    /// entry is checked.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() >= 8 && &bytes[..8] == MAGIC {
            return Book::from_bitgames_bytes(bytes, Checks::All);
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

    /// Reads a bitgames book that is trusted: the one built into the
    /// library, checked where it is made (`book build`, `book merge`) and by
    /// a test that reads it with every check ([`Book::from_bytes`]). Its
    /// header and length are still checked; its checksum and entries (the
    /// keys' positions and order, the scores' ranges) are not, which is most
    /// of the time a start takes. Books from elsewhere go through
    /// [`Book::from_bytes`].
    pub(super) fn from_trusted_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err(BookError::NotOurs);
        }
        Book::from_bitgames_bytes(bytes, Checks::HeaderOnly)
    }

    fn from_bitgames_bytes(bytes: &[u8], checks: Checks) -> Result<Book, BookError> {
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
        if version == 2 && checks == Checks::All {
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
        let (key_bytes, score_bytes) = (
            &bytes[header..header + count * kb],
            &bytes[header + count * kb..header + count * (kb + 1)],
        );
        let (keys, scores) = match checks {
            Checks::All => read_entries(geometry, layers, key_bytes, score_bytes)
                .map_err(|(index, why)| BookError::BadEntry { index, why })?,
            Checks::HeaderOnly => read_trusted_entries(geometry, key_bytes, score_bytes),
        };
        Ok(Book {
            geometry,
            layers,
            format: Format::Bitgames(version),
            store: Store::Keys { keys, scores },
        })
    }
}

/// What reading a bitgames book checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Checks {
    /// Everything: header, length, checksum, every entry.
    All,
    /// The header and the length: a trusted book ([`Book::from_trusted_bytes`]).
    HeaderOnly,
}

/// Why `(key, score)` cannot be an entry of a book of this board and these
/// layers ([`check_key`], [`held_score_range`]); `Ok` when it can.
pub fn check_entry(
    geometry: Geometry,
    layers: Layers,
    key: u128,
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
pub(super) fn write_entries(
    out: &mut Vec<u8>,
    key_bytes: usize,
    keys: impl Iterator<Item = u128>,
    scores: &[i8],
) {
    for k in keys {
        out.extend_from_slice(&k.to_le_bytes()[..key_bytes]);
    }
    out.extend(scores.iter().map(|&s| s as u8));
}

/// Reads the entries [`write_entries`] wrote (`keys.len()` is a multiple of
/// the key bytes, one score byte a key), checking each: keys ascending, and
/// [`check_entry`]. The first bad entry's number and what is wrong with it.
pub(super) fn read_entries(
    geometry: Geometry,
    layers: Layers,
    keys: &[u8],
    scores: &[u8],
) -> Result<(Keys, Vec<i8>), (usize, EntryError)> {
    let kb = Book::key_bytes(geometry);
    let mut out_keys = Keys::with_capacity(geometry, scores.len());
    let mut out_scores = Vec::with_capacity(scores.len());
    for (i, (chunk, &s)) in keys.chunks_exact(kb).zip(scores).enumerate() {
        let mut b = [0u8; 16];
        b[..kb].copy_from_slice(chunk);
        let key = u128::from_le_bytes(b);
        if out_keys.last().is_some_and(|last| last >= key) {
            return Err((i, EntryError::Unsorted));
        }
        check_entry(geometry, layers, key, s as i8).map_err(|why| (i, why))?;
        out_keys.push(key);
        out_scores.push(s as i8);
    }
    Ok((out_keys, out_scores))
}

/// The entries of a trusted book, as [`read_entries`] reads them but with
/// no check of any entry.
fn read_trusted_entries(geometry: Geometry, keys: &[u8], scores: &[u8]) -> (Keys, Vec<i8>) {
    let kb = Book::key_bytes(geometry);
    let mut out_keys = Keys::with_capacity(geometry, scores.len());
    for chunk in keys.chunks_exact(kb) {
        let mut b = [0u8; 16];
        b[..kb].copy_from_slice(chunk);
        out_keys.push(u128::from_le_bytes(b));
    }
    (out_keys, scores.iter().map(|&s| s as i8).collect())
}
