//! Building a bitgames book: the one core of `bitgames connect4 book build`
//! (chunks on the cores of one machine) and of the Python package's
//! `bitgames.book` (chunks as the tasks of a Ray cluster).
//!
//! A [`BookBuild`] enumerates the positions of its layers ([`layer_keys`])
//! and cuts each layer into numbered chunks ([`ChunkId`]) of a chunk size.
//! Layers are solved deepest first; a chunk is solved by [`solve_chunk`]
//! with the deeper layers as the solver's book ([`BookBuild::book_below`]).
//! Each solved chunk is a [`Chunk`], whose bytes are a chunk file
//! ([`super::chunk`]): the front ends write it into a chunk directory (by
//! default the book's name and [`CHUNK_DIR_SUFFIX`]) under its
//! [`ChunkId::file_name`], and a build run again reads back each finished
//! chunk with [`BookBuild::accept`] (one check for every chunk, solved now
//! or read back: its format, entries, and that it is the chunk of this build
//! its name says) instead of solving it again. The chunks are the same
//! whichever front end wrote them, so a build started by one can be finished
//! by the other. Once every chunk is in, [`BookBuild::book`] is the book.
//!
//! The library does no I/O here: it computes, parses and formats bytes.

use super::chunk::{Chunk, ChunkError, ChunkHeader, ChunkId};
use super::{Book, EntryError, Layers, book_positions, check_key, held_score_range, symmetric_key};
use crate::connect4::Geometry;
use crate::connect4::grid::from_key;
use crate::connect4::solver::{Mode, SolveError, Solver};

/// Positions a chunk holds unless told otherwise: a few seconds to a few
/// minutes of one core for the layers worth building.
pub const DEFAULT_CHUNK_SIZE: usize = 1000;

/// The chunk directory of a book file is its name and this (`7x6.book.chunks`).
pub const CHUNK_DIR_SUFFIX: &str = ".chunks";

/// The symmetric keys of every position a book holds with exactly `stones`
/// stones ([`book_positions`]), ascending: the order of a layer's chunks.
#[must_use]
pub fn layer_keys(geometry: Geometry, stones: usize) -> Vec<u128> {
    book_positions(geometry, stones)
        .iter()
        .map(symmetric_key)
        .collect()
}

/// Why a build cannot be made, or its book not assembled yet.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// No layer, or one no position of the board has.
    #[error(
        "layers {layers}: a build needs at least one layer, each below the {cells} cells of the board"
    )]
    BadLayers {
        /// The layers.
        layers: Layers,
        /// Cells of the board.
        cells: usize,
    },
    /// A chunk size of 0, or above what a chunk file stores.
    #[error("chunk size {0} is not in 1..=4294967295")]
    BadChunkSize(usize),
    /// Chunks not in yet.
    #[error("{missing} chunks are not solved yet, the first: {first}")]
    Incomplete {
        /// How many.
        missing: usize,
        /// The first, deepest layer first.
        first: ChunkId,
    },
}

/// One layer of a build: its keys, and the scores of each chunk once in.
#[derive(Clone, Debug)]
struct Layer {
    stones: usize,
    keys: Vec<u128>,
    scores: Vec<Option<Vec<i8>>>,
}

/// A book build: the positions of its layers, cut into chunks, and the
/// scores of the chunks solved so far. See the [module](self).
#[derive(Clone, Debug)]
pub struct BookBuild {
    geometry: Geometry,
    layers: Layers,
    chunk_size: usize,
    /// Deepest first.
    held: Vec<Layer>,
}

impl BookBuild {
    /// A build of every position with a number of stones in `layers`, each
    /// layer cut into chunks of `chunk_size` positions. Enumerates the layers.
    pub fn new(
        geometry: Geometry,
        layers: impl Into<Layers>,
        chunk_size: usize,
    ) -> Result<BookBuild, BuildError> {
        let layers = layers.into();
        if layers.0 == 0 || layers.last() >= geometry.cells() {
            return Err(BuildError::BadLayers {
                layers,
                cells: geometry.cells(),
            });
        }
        if chunk_size == 0 || u32::try_from(chunk_size).is_err() {
            return Err(BuildError::BadChunkSize(chunk_size));
        }
        let mut deepest_first: Vec<usize> = layers.iter().collect();
        deepest_first.reverse();
        let held = deepest_first
            .into_iter()
            .map(|stones| {
                let keys = layer_keys(geometry, stones);
                let chunks = keys.len().div_ceil(chunk_size);
                Layer {
                    stones,
                    keys,
                    scores: vec![None; chunks],
                }
            })
            .collect();
        Ok(BookBuild {
            geometry,
            layers,
            chunk_size,
            held,
        })
    }

    /// The board.
    #[must_use]
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The layers built.
    #[must_use]
    pub fn layers(&self) -> Layers {
        self.layers
    }

    /// Positions a chunk holds (the last of a layer may hold fewer).
    #[must_use]
    pub fn chunk_size(&self) -> usize {
        self.chunk_size
    }

    /// The layers, deepest first: the order they are solved in.
    pub fn order(&self) -> impl Iterator<Item = usize> + '_ {
        self.held.iter().map(|l| l.stones)
    }

    fn layer(&self, stones: usize) -> Option<&Layer> {
        self.held.iter().find(|l| l.stones == stones)
    }

    /// The symmetric keys of a layer of the build, ascending (empty for a
    /// layer not built).
    #[must_use]
    pub fn layer_keys(&self, stones: usize) -> &[u128] {
        self.layer(stones).map_or(&[], |l| &l.keys)
    }

    /// The chunks of a layer (0 for a layer not built).
    #[must_use]
    pub fn chunks(&self, stones: usize) -> usize {
        self.layer(stones).map_or(0, |l| l.scores.len())
    }

    /// Positions of every layer.
    #[must_use]
    pub fn positions(&self) -> usize {
        self.held.iter().map(|l| l.keys.len()).sum()
    }

    /// Chunks of every layer.
    #[must_use]
    pub fn total_chunks(&self) -> usize {
        self.held.iter().map(|l| l.scores.len()).sum()
    }

    /// Chunks in, and their positions.
    #[must_use]
    pub fn done(&self) -> (usize, usize) {
        self.held
            .iter()
            .flat_map(|l| l.scores.iter().flatten())
            .fold((0, 0), |(c, p), s| (c + 1, p + s.len()))
    }

    /// Whether a chunk of the build is in.
    #[must_use]
    pub fn is_done(&self, id: ChunkId) -> bool {
        self.layer(id.layer)
            .and_then(|l| l.scores.get(id.index))
            .is_some_and(Option::is_some)
    }

    /// The chunks of a layer not in yet, in order.
    #[must_use]
    pub fn pending(&self, stones: usize) -> Vec<ChunkId> {
        (0..self.chunks(stones))
            .map(|index| ChunkId {
                layer: stones,
                index,
            })
            .filter(|&id| !self.is_done(id))
            .collect()
    }

    /// The keys of a chunk of the build (empty for one it does not have).
    #[must_use]
    pub fn keys(&self, id: ChunkId) -> &[u128] {
        let keys = self.layer_keys(id.layer);
        let start = id.index.saturating_mul(self.chunk_size).min(keys.len());
        &keys[start..(start + self.chunk_size).min(keys.len())]
    }

    /// Where a chunk sits (what its file's header says).
    #[must_use]
    pub fn header(&self, id: ChunkId) -> ChunkHeader {
        ChunkHeader {
            geometry: self.geometry,
            id,
            chunks: self.chunks(id.layer),
            chunk_size: self.chunk_size,
        }
    }

    /// The chunk of this build a file of a chunk directory holds, from its
    /// name: `None` for a name that is no chunk file's or a layer not built
    /// (left alone), an error for a chunk beyond its layer's.
    pub fn chunk_of_file(&self, name: &str) -> Result<Option<ChunkId>, ChunkError> {
        let Some(id) = ChunkId::from_file_name(name) else {
            return Ok(None);
        };
        if !self.layers.contains(id.layer) {
            return Ok(None);
        }
        let chunks = self.chunks(id.layer);
        if id.index >= chunks {
            return Err(ChunkError::NotOfThisBuild(format!(
                "this build cuts layer {} into {chunks} chunks of {}: there is no chunk {}",
                id.layer, self.chunk_size, id.index
            )));
        }
        Ok(Some(id))
    }

    /// Checks that `chunk` is the chunk `id` of this build: its board, layer,
    /// number, cut, keys, and a score in range for each ([`super::check_entry`]
    /// of its keys holds: they are the build's).
    pub fn check(&self, id: ChunkId, chunk: &Chunk) -> Result<(), ChunkError> {
        let h = &chunk.header;
        let not = |why: String| Err(ChunkError::NotOfThisBuild(why));
        if h.geometry != self.geometry {
            return not(format!(
                "it is for a {} board, this build is {}",
                h.geometry, self.geometry
            ));
        }
        if h.id.layer != id.layer {
            return not(format!(
                "it holds layer {}, its name says layer {}",
                h.id.layer, id.layer
            ));
        }
        if h.id.index != id.index {
            return not(format!(
                "it holds chunk {}, its name says chunk {}",
                h.id.index, id.index
            ));
        }
        let want = self.header(id);
        if (h.chunk_size, h.chunks) != (want.chunk_size, want.chunks) {
            return not(format!(
                "it was cut into chunks of {} positions ({} in layer {}), this build cuts chunks of {} ({}): give that chunk size, or another chunk directory",
                h.chunk_size, h.chunks, id.layer, want.chunk_size, want.chunks
            ));
        }
        let keys = self.keys(id);
        if chunk.keys.len() != keys.len() || chunk.scores.len() != keys.len() {
            return not(format!(
                "it holds {} positions ({} scores), {id} has {}",
                chunk.keys.len(),
                chunk.scores.len(),
                keys.len()
            ));
        }
        if let Some(j) = (0..keys.len()).find(|&j| chunk.keys[j] != keys[j]) {
            return not(format!(
                "entry {j}: key {:#x} is not a key of {id} (expected {:#x})",
                chunk.keys[j], keys[j]
            ));
        }
        let range = held_score_range(self.geometry, id.layer);
        match chunk
            .scores
            .iter()
            .position(|&s| !range.contains(&i32::from(s)))
        {
            Some(index) => Err(ChunkError::BadEntry {
                index,
                why: EntryError::BadScore {
                    score: i32::from(chunk.scores[index]),
                    stones: id.layer,
                    min: *range.start(),
                    max: *range.end(),
                },
            }),
            None => Ok(()),
        }
    }

    /// Takes in a solved chunk (once [`BookBuild::check`]ed); the positions
    /// it holds.
    pub fn accept_chunk(&mut self, id: ChunkId, chunk: Chunk) -> Result<usize, ChunkError> {
        self.check(id, &chunk)?;
        let layer = self
            .held
            .iter_mut()
            .find(|l| l.stones == id.layer)
            .expect("checked: a layer of the build");
        let n = chunk.scores.len();
        layer.scores[id.index] = Some(chunk.scores);
        Ok(n)
    }

    /// Takes in the bytes of a chunk file said to hold the chunk `id` (by
    /// its name, or by the task that solved it): [`Chunk::from_bytes`], then
    /// [`BookBuild::accept_chunk`]. The positions it holds.
    pub fn accept(&mut self, id: ChunkId, bytes: &[u8]) -> Result<usize, ChunkError> {
        let chunk = Chunk::from_bytes(bytes)?;
        self.accept_chunk(id, chunk)
    }

    /// The `(key, score)` of every chunk in of these layers.
    fn entries<'a>(&'a self, layers: impl Iterator<Item = &'a Layer>) -> Vec<(u128, i8)> {
        let size = self.chunk_size;
        layers
            .flat_map(|l| {
                l.keys
                    .chunks(size)
                    .zip(&l.scores)
                    .flat_map(|(keys, scores)| {
                        scores
                            .iter()
                            .flat_map(move |s| keys.iter().copied().zip(s.iter().copied()))
                    })
            })
            .collect()
    }

    /// The book of the layers deeper than `stones` (their chunks in so
    /// far): the book of the solvers of a chunk of that layer. `None` for the
    /// deepest layer.
    #[must_use]
    pub fn book_below(&self, stones: usize) -> Option<Book> {
        let deeper: Vec<&Layer> = self.held.iter().filter(|l| l.stones > stones).collect();
        let layers = deeper.iter().fold(Layers::default(), |m, l| {
            m.union(Layers::from(l.stones..=l.stones))
        });
        (layers.0 != 0)
            .then(|| Book::from_scores(self.geometry, layers, self.entries(deeper.into_iter())))
    }

    /// The book, once every chunk is in.
    pub fn book(&self) -> Result<Book, BuildError> {
        let mut missing = self.held.iter().flat_map(|l| {
            (0..l.scores.len())
                .filter(|&i| l.scores[i].is_none())
                .map(|index| ChunkId {
                    layer: l.stones,
                    index,
                })
        });
        if let Some(first) = missing.next() {
            return Err(BuildError::Incomplete {
                missing: 1 + missing.count(),
                first,
            });
        }
        Ok(Book::from_scores(
            self.geometry,
            self.layers,
            self.entries(self.held.iter()),
        ))
    }
}

/// Solves the position of key number `index` of the chunk `header` with
/// `solver` (strong: its exact score), once the key is checked to be one the
/// chunk's layer holds. The solver's book should hold the deeper layers
/// ([`BookBuild::book_below`]), and its table may come from earlier
/// positions: what it learnt holds for every position.
pub fn solve_key(
    solver: &mut Solver,
    header: &ChunkHeader,
    index: usize,
    key: u128,
) -> Result<i8, ChunkError> {
    let g = header.geometry;
    let unsolved = |why: String| ChunkError::Unsolved { index, key, why };
    let layer = Layers::from(header.id.layer..=header.id.layer);
    if let Some(why) = check_key(g, layer, key) {
        return Err(unsolved(format!("is {why}")));
    }
    let pos = from_key(g, key).expect("checked: a position");
    let score = solver.solve(&pos, Mode::Strong).map_err(|e| match e {
        SolveError::GameOver(_) | SolveError::Table(_) => unsolved(e.to_string()),
        SolveError::Interrupted(_) => unsolved("interrupted".to_string()),
    })?;
    i8::try_from(score).map_err(|_| unsolved(format!("score {score}")))
}

/// Solves the chunk `header` of these keys (those of [`BookBuild::keys`])
/// with one solver, a position after the other ([`solve_key`]), calling
/// `solved` after each.
pub fn solve_chunk(
    solver: &mut Solver,
    header: ChunkHeader,
    keys: &[u128],
    mut solved: impl FnMut(),
) -> Result<Chunk, ChunkError> {
    let mut scores = Vec::with_capacity(keys.len());
    for (index, &key) in keys.iter().enumerate() {
        scores.push(solve_key(solver, &header, index, key)?);
        solved();
    }
    Ok(Chunk {
        header,
        keys: keys.to_vec(),
        scores,
    })
}

#[cfg(test)]
mod tests;
