//! Chunk files: a numbered piece of one layer of a book build, solved. A
//! build ([`super::build`]) cuts each layer (its positions in ascending order
//! of their symmetric keys) into chunks of `chunk size` positions, the last
//! one maybe fewer; a front end writes each chunk once solved, and a build
//! run again reads them back instead of solving them again.
//!
//! The format, version 1 (all integers little-endian):
//!
//! ```text
//!   offset  size        what
//!        0     8        magic "BGC4CHNK"
//!        8     1        format version (1)
//!        9     1        width
//!       10     1        height
//!       11     1        layer: the stones of its positions
//!       12     4        chunk index in the layer, from 0
//!       16     4        chunks of the layer
//!       20     4        chunk size: positions a chunk of the layer (the last may hold fewer)
//!       24     4        count: entries of this chunk
//!       28     4        zero
//!       32     K*count  keys, ascending, K = ceil(width * (height + 1) / 8) bytes each
//!        .     1*count  scores, one signed byte each, in the order of the keys
//!        .     8        checksum: 64-bit FNV-1a of every byte before it
//! ```
//!
//! The entries are stored as in a book and checked by the same check
//! ([`super::check_entry`]); a file shorter than its header says is *torn*
//! (a write cut short: [`ChunkError::is_torn`]), to be solved again.

use super::file::{read_entries, write_entries};
use super::{Book, EntryError, Layers, fnv1a};
use crate::connect4::Geometry;

const MAGIC: &[u8; 8] = b"BGC4CHNK";
const VERSION: u8 = 1;
const HEADER: usize = 32;
const CHECKSUM: usize = 8;

/// A chunk of a build: the chunk `index` (from 0) of the layer of `layer` stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChunkId {
    /// The stones of its positions.
    pub layer: usize,
    /// Its number in the layer.
    pub index: usize,
}

impl ChunkId {
    /// The name of its file in a chunk directory: `layer10-chunk000003.bin`.
    #[must_use]
    pub fn file_name(self) -> String {
        format!("layer{:02}-chunk{:06}.bin", self.layer, self.index)
    }

    /// The chunk a file of this name holds, if it is a chunk file's name
    /// ([`ChunkId::file_name`]).
    #[must_use]
    pub fn from_file_name(name: &str) -> Option<ChunkId> {
        let rest = name.strip_prefix("layer")?.strip_suffix(".bin")?;
        let (layer, index) = rest.split_once("-chunk")?;
        let number = |s: &str, digits: usize| {
            (s.len() >= digits && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse::<usize>().ok())
                .flatten()
        };
        Some(ChunkId {
            layer: number(layer, 2)?,
            index: number(index, 6)?,
        })
    }
}

impl std::fmt::Display for ChunkId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "chunk {} of layer {}", self.index, self.layer)
    }
}

/// What places a chunk in its build: the board, the chunk, and how its layer
/// is cut (the chunks of the layer, the positions a chunk).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkHeader {
    /// The board.
    pub geometry: Geometry,
    /// Its layer and number.
    pub id: ChunkId,
    /// Chunks of the layer.
    pub chunks: usize,
    /// Positions a chunk of the layer holds (the last may hold fewer).
    pub chunk_size: usize,
}

/// A solved chunk: the contents of a chunk file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// Where it sits.
    pub header: ChunkHeader,
    /// The symmetric keys of its positions, ascending.
    pub keys: Vec<u128>,
    /// Their exact scores, in the order of the keys.
    pub scores: Vec<i8>,
}

/// Why chunk bytes are refused: not a chunk file, a damaged one, a torn one
/// (cut short), or one of another build.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChunkError {
    /// No chunk file at all.
    #[error("not a chunk file of a bitgames book build (no `BGC4CHNK` magic)")]
    NotAChunk,
    /// An unknown format version.
    #[error("chunk format version {0} is not supported (this build reads version 1)")]
    BadVersion(u8),
    /// Shorter than its header says: a write that was cut short.
    #[error("cut short: {actual} bytes, its header says {expected} (a write that was interrupted)")]
    Torn {
        /// From the header (at least the header's 32 bytes).
        expected: u64,
        /// Of the bytes given.
        actual: u64,
    },
    /// Longer than its header says.
    #[error("{actual} bytes long, its header says {expected}")]
    TooLong {
        /// From the header.
        expected: u64,
        /// Of the bytes given.
        actual: u64,
    },
    /// The checksum does not match: some byte was changed.
    #[error(
        "checksum mismatch: the file says {stored:016x}, its bytes give {computed:016x} (the file was changed or damaged)"
    )]
    BadChecksum {
        /// The checksum in the file.
        stored: u64,
        /// The checksum of the bytes.
        computed: u64,
    },
    /// A header field that cannot be.
    #[error("header: {0}")]
    BadHeader(String),
    /// An entry out of order, or one its layer cannot hold.
    #[error("entry {index}: {why}")]
    BadEntry {
        /// Entry number.
        index: usize,
        /// What is wrong with it.
        why: EntryError,
    },
    /// A well-formed chunk that is not the one of this build it should be.
    #[error("{0}")]
    NotOfThisBuild(String),
    /// A position that could not be solved.
    #[error("key {index} ({key:#x}): {why}")]
    Unsolved {
        /// Its number in the chunk.
        index: usize,
        /// Its key.
        key: u128,
        /// Why.
        why: String,
    },
}

impl ChunkError {
    /// Whether the bytes are a chunk file cut short (the chunk is to be
    /// solved again), not a damaged or foreign one (to be refused).
    #[must_use]
    pub fn is_torn(&self) -> bool {
        matches!(self, ChunkError::Torn { .. })
    }
}

fn u32_at(bytes: &[u8], at: usize) -> usize {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes")) as usize
}

impl Chunk {
    /// The chunk file's bytes (format version 1).
    ///
    /// # Panics
    /// If a header field does not fit its bytes, or the keys and scores differ
    /// in number: a [`super::build::BookBuild`] makes neither.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let h = &self.header;
        assert_eq!(self.keys.len(), self.scores.len(), "a score a key");
        let field = |n: usize| u32::try_from(n).expect("a header field fits 4 bytes");
        let kb = Book::key_bytes(h.geometry);
        let mut out = Vec::with_capacity(HEADER + self.keys.len() * (kb + 1) + CHECKSUM);
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.push(h.geometry.width() as u8);
        out.push(h.geometry.height() as u8);
        out.push(u8::try_from(h.id.layer).expect("a layer fits a byte"));
        for n in [h.id.index, h.chunks, h.chunk_size, self.keys.len()] {
            out.extend_from_slice(&field(n).to_le_bytes());
        }
        out.extend_from_slice(&[0; 4]);
        write_entries(&mut out, kb, self.keys.iter().copied(), &self.scores);
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a chunk file, checking everything it says of itself: its length
    /// (a torn file is [`ChunkError::Torn`]), its checksum, its header, and
    /// every entry ([`super::check_entry`]). Whether it belongs to a build is
    /// [`super::build::BookBuild::accept`]'s check.
    pub fn from_bytes(bytes: &[u8]) -> Result<Chunk, ChunkError> {
        let seen = bytes.len().min(MAGIC.len());
        if bytes[..seen] != MAGIC[..seen] {
            return Err(ChunkError::NotAChunk);
        }
        let actual = bytes.len() as u64;
        if bytes.len() < HEADER {
            return Err(ChunkError::Torn {
                expected: HEADER as u64,
                actual,
            });
        }
        if bytes[8] != VERSION {
            return Err(ChunkError::BadVersion(bytes[8]));
        }
        let bad = |why: String| Err(ChunkError::BadHeader(why));
        let geometry = match Geometry::new(bytes[9] as usize, bytes[10] as usize) {
            Ok(g) => g,
            Err(e) => return bad(e.to_string()),
        };
        let kb = Book::key_bytes(geometry);
        let count = u32_at(bytes, 24);
        let expected = (HEADER + count * (kb + 1) + CHECKSUM) as u64;
        if actual < expected {
            return Err(ChunkError::Torn { expected, actual });
        }
        if actual > expected {
            return Err(ChunkError::TooLong { expected, actual });
        }
        let body = &bytes[..bytes.len() - CHECKSUM];
        let stored = u64::from_le_bytes(bytes[body.len()..].try_into().expect("8 bytes"));
        let computed = fnv1a(body);
        if stored != computed {
            return Err(ChunkError::BadChecksum { stored, computed });
        }
        let layer = bytes[11] as usize;
        let (index, chunks, chunk_size) = (u32_at(bytes, 12), u32_at(bytes, 16), u32_at(bytes, 20));
        if layer >= geometry.cells() {
            return bad(format!(
                "layer {layer} is not below the {} cells of the {geometry} board",
                geometry.cells()
            ));
        }
        if index >= chunks || count == 0 || count > chunk_size || bytes[28..32] != [0; 4] {
            return bad(format!(
                "chunk {index} of {chunks}, {count} entries of at most {chunk_size}, reserved bytes {:?}: these cannot be",
                &bytes[28..32]
            ));
        }
        let (keys, scores) = read_entries(
            geometry,
            Layers::from(layer..=layer),
            &bytes[HEADER..HEADER + count * kb],
            &bytes[HEADER + count * kb..body.len()],
        )
        .map_err(|(index, why)| ChunkError::BadEntry { index, why })?;
        Ok(Chunk {
            header: ChunkHeader {
                geometry,
                id: ChunkId { layer, index },
                chunks,
                chunk_size,
            },
            keys: keys.iter().collect(),
            scores,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect4::solver::book::build::layer_keys;

    fn chunk() -> Chunk {
        let g = Geometry::new(5, 4).unwrap();
        let keys = layer_keys(g, 2)[..7].to_vec();
        Chunk {
            header: ChunkHeader {
                geometry: g,
                id: ChunkId { layer: 2, index: 0 },
                chunks: 3,
                chunk_size: 7,
            },
            scores: vec![0, 1, -1, 2, -2, 3, -3],
            keys,
        }
    }

    #[test]
    fn a_chunk_round_trips_and_its_name_says_which_it_is() {
        let c = chunk();
        let bytes = c.to_bytes();
        // 32 of header, 7 entries of 4 + 1 bytes (25 bits of key), 8 of checksum.
        assert_eq!(bytes.len(), 32 + 7 * 5 + 8);
        assert_eq!(&bytes[..8], b"BGC4CHNK");
        assert_eq!(Chunk::from_bytes(&bytes).unwrap(), c);
        let id = ChunkId {
            layer: 10,
            index: 3,
        };
        assert_eq!(id.file_name(), "layer10-chunk000003.bin");
        assert_eq!(ChunkId::from_file_name(&id.file_name()), Some(id));
        for other in [
            "layer10-shard000003.bin",
            "layer1-chunk000003.bin",
            "layer10-chunk3.bin",
            ".layer10-chunk000003.bin.1.tmp",
            "layer+1-chunk000003.bin",
        ] {
            assert_eq!(ChunkId::from_file_name(other), None, "{other}");
        }
    }

    #[test]
    fn every_cut_is_torn_and_every_changed_byte_is_refused() {
        let bytes = chunk().to_bytes();
        for n in 0..bytes.len() {
            let err = Chunk::from_bytes(&bytes[..n]).unwrap_err();
            assert!(err.is_torn(), "{n} bytes: {err}");
        }
        for i in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[i] ^= 0x01;
            let err = Chunk::from_bytes(&bad).unwrap_err();
            // A changed count makes the length disagree; anything else is
            // caught by the magic, the version or the checksum.
            assert!(!err.is_torn() || (24..28).contains(&i), "byte {i}: {err}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            Chunk::from_bytes(&longer).unwrap_err().to_string(),
            "76 bytes long, its header says 75"
        );
        assert_eq!(
            Chunk::from_bytes(b"BGC4BOOK and more").unwrap_err(),
            ChunkError::NotAChunk
        );
    }

    #[test]
    fn entries_are_checked_as_a_books_are() {
        let mut c = chunk();
        c.scores[3] = 11;
        let err = Chunk::from_bytes(&c.to_bytes()).unwrap_err().to_string();
        assert_eq!(
            err,
            "entry 3: score 11 is out of range for a position with 2 stones (it must lie in -9..=8)"
        );
        let mut c = chunk();
        c.keys.swap(0, 1);
        let err = Chunk::from_bytes(&c.to_bytes()).unwrap_err().to_string();
        assert_eq!(err, "entry 1: keys are not in ascending order");
        let mut c = chunk();
        c.header.id.layer = 3;
        let err = Chunk::from_bytes(&c.to_bytes()).unwrap_err().to_string();
        assert!(
            err.starts_with("entry 0: key 0x")
                && err.ends_with("a position with 2 stones, not 3..=3"),
            "{err}"
        );
        let mut c = chunk();
        c.header.id.index = 3;
        let err = Chunk::from_bytes(&c.to_bytes()).unwrap_err().to_string();
        assert!(err.starts_with("header: chunk 3 of 3, 7 entries"), "{err}");
    }

    proptest::proptest! {
        /// Whatever a 5x4 chunk file holds under a good checksum, reading
        /// never panics, and what is read writes back to the same bytes.
        #[test]
        fn any_bytes_are_read_or_refused(
            header in proptest::collection::vec(proptest::num::u8::ANY, 19),
            entries in proptest::collection::vec(proptest::num::u8::ANY, 0..60),
        ) {
            let mut bytes = MAGIC.to_vec();
            bytes.extend_from_slice(&[VERSION, 5, 4]);
            bytes.extend_from_slice(&header);
            let count = entries.len() / 5; // 4 bytes of key, 1 of score
            bytes[24..28].copy_from_slice(&(count as u32).to_le_bytes());
            bytes.extend_from_slice(&entries[..count * 5]);
            let sum = fnv1a(&bytes);
            bytes.extend_from_slice(&sum.to_le_bytes());
            if let Ok(chunk) = Chunk::from_bytes(&bytes) {
                proptest::prop_assert_eq!(chunk.to_bytes(), bytes);
            }
        }
    }
}
