//! Building Connect Four opening books from Python, for `bitgames.book`, which
//! spreads a build over the machines of a Ray cluster: the library's one
//! book-building core ([`bitgames::connect4::solver::book::build`]), the
//! same as `bitgames connect4 book build` runs, so that both write the same
//! chunk files and the same book.
//!
//! `BookBuild` is the driver's: the layers' positions cut into chunks, the
//! one check of a chunk file (`accept`), the book of the deeper layers, the
//! book. `BookWorker` is a worker's: a solver and its table, kept from chunk
//! to chunk, that turns a chunk's task into the chunk file's bytes.

use bitgames::connect4::Geometry;
use bitgames::connect4::solver::Solver;
use bitgames::connect4::solver::book::Book;
use bitgames::connect4::solver::book::build::{
    BookBuild, CHUNK_DIR_SUFFIX, DEFAULT_CHUNK_SIZE, layer_keys, solve_chunk,
};
use bitgames::connect4::solver::book::chunk::{ChunkError, ChunkHeader, ChunkId};
use numpy::{AllowTypeChange, PyArray1, PyArrayLike1, PyArrayLike2, PyArrayMethods};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::sync::{Arc, Mutex};

create_exception!(
    _bitgames,
    TornChunkError,
    PyValueError,
    "The bytes of a chunk file cut short (a write that was interrupted): the chunk is to be solved again."
);

/// The book-building pieces of the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBookBuild>()?;
    m.add_class::<PyBookWorker>()?;
    m.add("TornChunkError", m.py().get_type::<TornChunkError>())?;
    m.add("DEFAULT_CHUNK_SIZE", DEFAULT_CHUNK_SIZE)?;
    m.add("CHUNK_DIR_SUFFIX", CHUNK_DIR_SUFFIX)?;
    m.add_function(wrap_pyfunction!(c4_layer_keys, m)?)
}

fn geometry(width: usize, height: usize) -> PyResult<Geometry> {
    Geometry::new(width, height)
        .map_err(|e| PyValueError::new_err(format!("a board of {width}x{height}: {e}")))
}

/// Keys as numpy: a uint64 array for a board of at most 64 bits, else an
/// `(n, 2)` uint64 array of `[low, high]` words (numpy has no 128-bit ints).
fn keys_to_numpy<'py>(py: Python<'py>, g: Geometry, keys: &[u128]) -> PyResult<Bound<'py, PyAny>> {
    if g.fits_u64() {
        let narrow: Vec<u64> = keys.iter().map(|&k| k as u64).collect();
        return Ok(PyArray1::from_vec(py, narrow).into_any());
    }
    let words: Vec<u64> = keys
        .iter()
        .flat_map(|&k| [k as u64, (k >> 64) as u64])
        .collect();
    Ok(PyArray1::from_vec(py, words)
        .reshape([keys.len(), 2])?
        .into_any())
}

/// Keys from numpy: a 1-D array of ints, or an `(n, 2)` array of
/// `[low, high]` 64-bit words ([`keys_to_numpy`]).
fn keys_from_numpy(keys: &Bound<'_, PyAny>) -> PyResult<Vec<u128>> {
    if let Ok(narrow) = keys.extract::<PyArrayLike1<'_, u64, AllowTypeChange>>() {
        return Ok(narrow.as_array().iter().map(|&k| u128::from(k)).collect());
    }
    let bad = || {
        PyValueError::new_err(
            "keys: expected a 1-D array of uint64 keys, or an (n, 2) array of [low, high] uint64 words for a board over 64 bits",
        )
    };
    let wide = keys
        .extract::<PyArrayLike2<'_, u64, AllowTypeChange>>()
        .map_err(|_| bad())?;
    let wide = wide.as_array();
    if wide.ncols() != 2 {
        return Err(bad());
    }
    Ok(wide
        .rows()
        .into_iter()
        .map(|r| u128::from(r[0]) | u128::from(r[1]) << 64)
        .collect())
}

fn chunk_error(e: ChunkError) -> PyErr {
    if e.is_torn() {
        TornChunkError::new_err(e.to_string())
    } else {
        PyValueError::new_err(e.to_string())
    }
}

/// The symmetric keys of every position a book holds with exactly `stones`
/// stones (one of each mirror pair, not over, the player to move cannot win
/// at once), ascending: the order of a layer's chunks. A numpy uint64 array,
/// `(n, 2)` of `[low, high]` words for a board over 64 bits.
#[pyfunction]
pub fn c4_layer_keys<'py>(
    py: Python<'py>,
    width: usize,
    height: usize,
    stones: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let g = geometry(width, height)?;
    if stones >= g.cells() {
        return Err(PyValueError::new_err(format!(
            "layer {stones} is not below the {} cells of the {g} board",
            g.cells()
        )));
    }
    let keys = py.detach(|| layer_keys(g, stones));
    keys_to_numpy(py, g, &keys)
}

/// A book build: every position of the layers `first_layer..=last_layer`,
/// each layer cut into chunks of `chunk_size` positions, and the chunks in
/// so far.
#[pyclass(name = "BookBuild", module = "bitgames._bitgames", frozen)]
pub struct PyBookBuild {
    build: Mutex<BookBuild>,
}

impl PyBookBuild {
    fn get(&self) -> std::sync::MutexGuard<'_, BookBuild> {
        self.build.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[pymethods]
impl PyBookBuild {
    #[new]
    #[pyo3(signature = (width, height, first_layer, last_layer, chunk_size=DEFAULT_CHUNK_SIZE))]
    fn new(
        py: Python<'_>,
        width: usize,
        height: usize,
        first_layer: usize,
        last_layer: usize,
        chunk_size: usize,
    ) -> PyResult<Self> {
        let g = geometry(width, height)?;
        if first_layer > last_layer {
            return Err(PyValueError::new_err(format!(
                "layers {first_layer}..={last_layer}: the first layer is above the last"
            )));
        }
        let build = py
            .detach(|| BookBuild::new(g, first_layer..=last_layer, chunk_size))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyBookBuild {
            build: Mutex::new(build),
        })
    }

    /// The name of a chunk's file in a chunk directory (`layer10-chunk000003.bin`).
    #[staticmethod]
    fn file_name(layer: usize, index: usize) -> String {
        ChunkId { layer, index }.file_name()
    }

    /// Board width (columns).
    #[getter]
    fn width(&self) -> usize {
        self.get().geometry().width()
    }

    /// Board height (rows).
    #[getter]
    fn height(&self) -> usize {
        self.get().geometry().height()
    }

    /// Positions a chunk holds (the last of a layer may hold fewer).
    #[getter]
    fn chunk_size(&self) -> usize {
        self.get().chunk_size()
    }

    /// Positions of every layer.
    #[getter]
    fn positions(&self) -> usize {
        self.get().positions()
    }

    /// Chunks of every layer.
    #[getter]
    fn total_chunks(&self) -> usize {
        self.get().total_chunks()
    }

    /// Chunks in so far, and their positions.
    #[getter]
    fn done(&self) -> (usize, usize) {
        self.get().done()
    }

    /// The layers, deepest first: the order they are solved in.
    fn order(&self) -> Vec<usize> {
        self.get().order().collect()
    }

    /// The symmetric keys of a layer, ascending (numpy uint64; `(n, 2)` of
    /// `[low, high]` words for a board over 64 bits).
    fn layer_keys<'py>(&self, py: Python<'py>, layer: usize) -> PyResult<Bound<'py, PyAny>> {
        let build = self.get();
        keys_to_numpy(py, build.geometry(), build.layer_keys(layer))
    }

    /// The chunks of a layer.
    fn chunks(&self, layer: usize) -> usize {
        self.get().chunks(layer)
    }

    /// The numbers of the chunks of a layer not in yet.
    fn pending(&self, layer: usize) -> Vec<usize> {
        self.get()
            .pending(layer)
            .iter()
            .map(|id| id.index)
            .collect()
    }

    /// Whether a chunk is in.
    fn is_done(&self, layer: usize, index: usize) -> bool {
        self.get().is_done(ChunkId { layer, index })
    }

    /// What a worker needs to solve a chunk (`BookWorker.solve_chunk(*task)`):
    /// `(layer, index, chunks of the layer, chunk size, keys)`.
    fn task<'py>(
        &self,
        py: Python<'py>,
        layer: usize,
        index: usize,
    ) -> PyResult<(usize, usize, usize, usize, Bound<'py, PyAny>)> {
        let build = self.get();
        let id = ChunkId { layer, index };
        let h = build.header(id);
        let keys = keys_to_numpy(py, build.geometry(), build.keys(id))?;
        Ok((layer, index, h.chunks, h.chunk_size, keys))
    }

    /// The chunk a file of a chunk directory holds, from its name: None for
    /// a name that is no chunk file's or a layer not built; ValueError for a
    /// chunk beyond its layer's.
    fn chunk_of_file(&self, name: &str) -> PyResult<Option<(usize, usize)>> {
        let id = self.get().chunk_of_file(name).map_err(chunk_error)?;
        Ok(id.map(|id| (id.layer, id.index)))
    }

    /// Takes in the bytes of a chunk file said to hold chunk `index` of
    /// `layer`, once checked: its format, every entry, and that it is that
    /// chunk of this build. The positions it holds. ValueError says what is
    /// wrong; TornChunkError (a ValueError) for bytes cut short.
    fn accept(&self, py: Python<'_>, layer: usize, index: usize, data: &[u8]) -> PyResult<usize> {
        py.detach(|| self.get().accept(ChunkId { layer, index }, data))
            .map_err(chunk_error)
    }

    /// The bytes of the book of the layers deeper than `layer` (the book of
    /// its workers), or None for the deepest.
    fn book_below<'py>(
        &self,
        py: Python<'py>,
        layer: usize,
    ) -> PyResult<Option<Bound<'py, PyBytes>>> {
        let build = self.get();
        let bytes = py.detach(|| build.book_below(layer).map(|b| b.to_bytes()));
        bytes
            .transpose()
            .map_err(|e| PyValueError::new_err(e.to_string()))
            .map(|b| b.map(|b| PyBytes::new(py, &b)))
    }

    /// The bytes of the book file, once every chunk is in (as `bitgames
    /// connect4 book build` writes it); ValueError naming the first chunk missing.
    fn book<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let build = self.get();
        let bytes = py.detach(|| -> Result<Vec<u8>, String> {
            let book = build.book().map_err(|e| e.to_string())?;
            book.to_bytes().map_err(|e| e.to_string())
        });
        bytes
            .map(|b| PyBytes::new(py, &b))
            .map_err(PyValueError::new_err)
    }

    fn __repr__(&self) -> String {
        let build = self.get();
        let (chunks, _) = build.done();
        format!(
            "BookBuild({}, layers {}, {} positions, {chunks} of {} chunks in)",
            build.geometry(),
            build.layers(),
            build.positions(),
            build.total_chunks()
        )
    }
}

struct WorkerState {
    solver: Solver,
    solved: u64,
}

/// One solver and its transposition table, kept from chunk to chunk (what it
/// learnt holds for every position): a worker of a distributed book build.
/// `solve_chunk` releases the GIL.
#[pyclass(name = "BookWorker", module = "bitgames._bitgames", frozen)]
pub struct PyBookWorker {
    geometry: Geometry,
    state: Mutex<WorkerState>,
}

impl PyBookWorker {
    fn state(&self) -> std::sync::MutexGuard<'_, WorkerState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[pymethods]
impl PyBookWorker {
    /// A worker for a board of `width` x `height`, with a table of
    /// `2^table_log2` buckets of 16 bytes (reserved, used as it grows).
    #[new]
    #[pyo3(signature = (width, height, table_log2=23))]
    fn new(width: usize, height: usize, table_log2: u32) -> PyResult<Self> {
        let geometry = geometry(width, height)?;
        let solver = Solver::try_with_table_log2(table_log2)
            .map_err(|e| PyValueError::new_err(format!("table_log2 {table_log2}: {e}")))?;
        Ok(PyBookWorker {
            geometry,
            state: Mutex::new(WorkerState { solver, solved: 0 }),
        })
    }

    /// Uses a book (the bytes of a book file, a `Book`, or None for none)
    /// for the positions it holds: the deeper layers, for a chunk of a
    /// shallower one (`BookBuild.book_below`).
    fn set_book(&self, py: Python<'_>, book: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let book: Option<Arc<Book>> = match book {
            None => None,
            Some(obj) if obj.is_none() => None,
            Some(obj) => {
                if let Ok(b) = obj.cast::<crate::connect4::PyBook>() {
                    Some(b.get().book.clone())
                } else if let Ok(data) = obj.cast::<PyBytes>() {
                    let data = data.as_bytes();
                    let parsed = py.detach(|| Book::from_bytes(data));
                    Some(Arc::new(parsed.map_err(|e| {
                        PyValueError::new_err(format!("bad book: {e}"))
                    })?))
                } else {
                    return Err(PyTypeError::new_err(
                        "book must be the bytes of a book file, a Book or None",
                    ));
                }
            }
        };
        if let Some(b) = &book
            && b.geometry() != self.geometry
        {
            return Err(PyValueError::new_err(format!(
                "the book is for a {} board, this worker solves {}",
                b.geometry(),
                self.geometry
            )));
        }
        self.state().solver.set_book(book);
        Ok(())
    }

    /// Solves a chunk (`BookBuild.task(layer, index)`: its layer, number,
    /// the chunks of its layer, the chunk size and its keys) and returns the
    /// chunk file's bytes. The GIL is released while solving. A key its
    /// layer does not hold raises ValueError naming its index.
    fn solve_chunk<'py>(
        &self,
        py: Python<'py>,
        layer: usize,
        index: usize,
        chunks: usize,
        chunk_size: usize,
        keys: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let keys = keys_from_numpy(keys)?;
        let header = ChunkHeader {
            geometry: self.geometry,
            id: ChunkId { layer, index },
            chunks,
            chunk_size,
        };
        let fits = u32::try_from(chunks).is_ok() && u32::try_from(chunk_size).is_ok();
        if !fits
            || layer >= self.geometry.cells()
            || index >= chunks
            || keys.is_empty()
            || keys.len() > chunk_size
        {
            return Err(PyValueError::new_err(format!(
                "chunk {index} of {chunks} of layer {layer}, {} keys of at most {chunk_size}: no chunk of a {} board",
                keys.len(),
                self.geometry
            )));
        }
        let bytes = py.detach(|| {
            let mut state = self.state();
            let WorkerState { solver, solved } = &mut *state;
            solve_chunk(solver, header, &keys, || *solved += 1).map(|c| c.to_bytes())
        });
        bytes.map(|b| PyBytes::new(py, &b)).map_err(chunk_error)
    }

    /// Positions solved by this worker so far.
    #[getter]
    fn solved(&self) -> u64 {
        self.state().solved
    }

    /// Search nodes visited by this worker so far.
    #[getter]
    fn nodes(&self) -> u64 {
        self.state().solver.stats().nodes
    }

    /// Board width (columns).
    #[getter]
    fn width(&self) -> usize {
        self.geometry.width()
    }

    /// Board height (rows).
    #[getter]
    fn height(&self) -> usize {
        self.geometry.height()
    }

    fn __repr__(&self) -> String {
        format!(
            "BookWorker({}, {} positions solved)",
            self.geometry,
            self.solved()
        )
    }
}
