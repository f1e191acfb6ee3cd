//! Building Connect Four opening books from Python, for `bitgames.book`, which
//! spreads a build over the machines of a Ray cluster: the keys of a layer in
//! the builder's order, a worker that solves keys with its own solver and
//! table (the GIL released), and the book file's bytes from keys and scores.
//!
//! The same pieces as `bitgames connect4 book build` (crates/bitgames-cli),
//! so that both write the same bytes.

use bitgames::connect4::Geometry;
use bitgames::connect4::grid::from_key;
use bitgames::connect4::solver::book::{Book, Layers, book_positions, symmetric_key};
use bitgames::connect4::solver::{Mode, SolveError, Solver};
use numpy::{AllowTypeChange, PyArray1, PyArrayLike1};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::sync::{Arc, Mutex};

fn geometry(width: usize, height: usize) -> PyResult<Geometry> {
    Geometry::new(width, height)
        .map_err(|e| PyValueError::new_err(format!("a board of {width}x{height}: {e}")))
}

/// The layers `first..=last` of a board, checked: at least one layer, every
/// one below the number of cells.
fn layers(g: Geometry, first: usize, last: usize) -> PyResult<Layers> {
    if first > last {
        return Err(PyValueError::new_err(format!(
            "layers {first}..={last}: the first layer is above the last"
        )));
    }
    if last >= g.cells() {
        return Err(PyValueError::new_err(format!(
            "layer {last} is not below the {} cells of the {g} board",
            g.cells()
        )));
    }
    Ok(Layers::from(first..=last))
}

/// The symmetric keys of every position a book holds with exactly `stones`
/// stones (one of each mirror pair, not over, the player to move cannot win
/// at once), ascending: the order in which `bitgames connect4 book build`
/// solves them. A numpy uint64 array.
#[pyfunction]
pub fn c4_layer_keys<'py>(
    py: Python<'py>,
    width: usize,
    height: usize,
    stones: usize,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let g = geometry(width, height)?;
    layers(g, stones, stones)?;
    let keys: Vec<u64> = py.detach(|| {
        book_positions(g, stones)
            .iter()
            .map(symmetric_key)
            .collect()
    });
    Ok(PyArray1::from_vec(py, keys))
}

/// The bytes of a bitgames book file (format version 2) of the layers
/// `first_layer..=last_layer` holding these keys and scores, exactly as
/// `bitgames connect4 book build` writes it. Every entry is checked (a key of
/// this board and layers, a score that position can have), and no key may
/// come twice.
#[pyfunction]
pub fn c4_book_bytes<'py>(
    py: Python<'py>,
    width: usize,
    height: usize,
    first_layer: usize,
    last_layer: usize,
    keys: PyArrayLike1<'py, u64, AllowTypeChange>,
    scores: PyArrayLike1<'py, i64, AllowTypeChange>,
) -> PyResult<Bound<'py, PyBytes>> {
    let g = geometry(width, height)?;
    let layers = layers(g, first_layer, last_layer)?;
    let keys: Vec<u64> = keys.as_array().iter().copied().collect();
    let scores: Vec<i64> = scores.as_array().iter().copied().collect();
    if keys.len() != scores.len() {
        return Err(PyValueError::new_err(format!(
            "{} keys but {} scores",
            keys.len(),
            scores.len()
        )));
    }
    let bytes = py.detach(|| -> Result<Vec<u8>, String> {
        let mut entries = Vec::with_capacity(keys.len());
        for (i, (&k, &s)) in keys.iter().zip(&scores).enumerate() {
            let s = i8::try_from(s).map_err(|_| format!("score {i} ({s}) is no score"))?;
            entries.push((k, s));
        }
        let book = Book::from_scores(g, layers, entries);
        if book.len() != keys.len() {
            return Err(format!(
                "{} keys come more than once",
                keys.len() - book.len()
            ));
        }
        let bytes = book.to_bytes().map_err(|e| e.to_string())?;
        // Read back: every key and score is checked as a reader checks it.
        Book::from_bytes(&bytes).map_err(|e| e.to_string())?;
        Ok(bytes)
    });
    bytes
        .map(|b| PyBytes::new(py, &b))
        .map_err(|e| PyValueError::new_err(format!("book of {g}, layers {layers}: {e}")))
}

struct WorkerState {
    solver: Solver,
    solved: u64,
}

/// One solver and its transposition table, kept from call to call (what it
/// learnt holds for every position), solving positions given by their keys:
/// a worker of a distributed book build. `solve_keys` releases the GIL.
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
    /// for the positions it holds, as the builder gives a shallower layer's
    /// solvers the deeper layers.
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

    /// The exact score (strong, for the player to move) of each position
    /// given by its key, in order: a numpy int8 array. The GIL is released
    /// while solving. A key that is no position of the board, or one whose
    /// game is over, raises ValueError naming its index.
    fn solve_keys<'py>(
        &self,
        py: Python<'py>,
        keys: PyArrayLike1<'py, u64, AllowTypeChange>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let keys: Vec<u64> = keys.as_array().iter().copied().collect();
        let g = self.geometry;
        let scores = py.detach(|| -> Result<Vec<i8>, String> {
            let mut state = self.state();
            let mut scores = Vec::with_capacity(keys.len());
            for (i, &key) in keys.iter().enumerate() {
                let pos = from_key(g, key)
                    .ok_or_else(|| format!("key {i} ({key:#x}) is no position of a {g} board"))?;
                let score = state
                    .solver
                    .solve(&pos, Mode::Strong)
                    .map_err(|e| match e {
                        SolveError::GameOver(_) => format!("key {i} ({key:#x}): {e}"),
                        SolveError::Interrupted(_) => format!("key {i} ({key:#x}): interrupted"),
                    })?;
                scores.push(score as i8);
                state.solved += 1;
            }
            Ok(scores)
        });
        scores
            .map(|s| PyArray1::from_vec(py, s))
            .map_err(PyValueError::new_err)
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
