//! Connect Four from Python: the notebook's grids and bit numbers, the exact
//! solver, books, and `solve_many` on every core.

use bitgames::Player;
use bitgames::connect4::solver::book::{self, Book};
use bitgames::connect4::{self, Geometry};
use numpy::{PyArray1, PyArrayDescrMethods, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use std::sync::Arc;

/// The built-in 7x6 book, read once.
pub fn builtin_book() -> Option<Arc<Book>> {
    book::builtin_shared(Geometry::STANDARD)
}

/// The rows of a grid given as a 2-D integer numpy array or a list of lists,
/// top row first, every value checked to be 0, 1 or 2.
pub fn grid_rows(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<u8>>> {
    let rows: Vec<Vec<i64>> = if let Ok(arr) = obj.cast::<numpy::PyUntypedArray>() {
        let dtype = arr.dtype();
        let kind = dtype.kind();
        if kind != b'i' && kind != b'u' {
            return Err(PyTypeError::new_err(format!(
                "a grid must hold integers 0/1/2, got dtype {dtype} (use board.astype(int))"
            )));
        }
        if arr.ndim() != 2 {
            return Err(PyValueError::new_err(format!(
                "a grid must be 2-D (rows, columns), top row first; got shape {}",
                crate::game::py_shape(arr.shape())
            )));
        }
        let (h, w) = (arr.shape()[0], arr.shape()[1]);
        let flat = obj
            .call_method1("astype", ("int64",))?
            .call_method0("ravel")?;
        let flat = flat.cast::<PyArray1<i64>>()?.readonly();
        let cells = flat.as_slice()?;
        (0..h).map(|r| cells[r * w..(r + 1) * w].to_vec()).collect()
    } else {
        obj.extract::<Vec<Vec<i64>>>().map_err(|_| {
            PyTypeError::new_err(
                "a grid must be a 2-D integer numpy array or a list of lists of ints",
            )
        })?
    };
    let height = rows.len();
    let width = rows.first().map_or(0, Vec::len);
    if height == 0 || width == 0 {
        return Err(PyValueError::new_err(
            "the grid is empty: give one row of 0/1/2 per line, top row first",
        ));
    }
    Geometry::new(width, height).map_err(|e| {
        PyValueError::new_err(format!("a grid of {width} columns and {height} rows: {e}"))
    })?;
    let mut out = Vec::with_capacity(height);
    for (i, row) in rows.iter().enumerate() {
        if row.len() != width {
            return Err(PyValueError::new_err(format!(
                "line {} (row {}) has {} cells, expected {width}",
                i + 1,
                height - i,
                row.len()
            )));
        }
        let mut cells = Vec::with_capacity(width);
        for (c, &v) in row.iter().enumerate() {
            if !(0..=2).contains(&v) {
                return Err(PyValueError::new_err(format!(
                    "line {}, cell {} (column {}, row {}): `{v}` is not 0, 1 or 2",
                    i + 1,
                    c + 1,
                    c + 1,
                    height - i
                )));
            }
            cells.push(v as u8);
        }
        out.push(cells);
    }
    Ok(out)
}

fn geometry(width: usize, height: usize) -> PyResult<Geometry> {
    Geometry::new(width, height).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The notebook's `boardzahl`: the bit numbers of player 1's stones, of
/// player 2's stones, and of all stones (the mask), bit `col * (H + 1) + row`
/// with row 0 at the bottom. A plain conversion: the grid's values are checked
/// (0, 1 or 2) but not whether a game reaches it.
#[pyfunction]
pub fn c4_boardzahl(grid: &Bound<'_, PyAny>) -> PyResult<(u128, u128, u128)> {
    let rows = grid_rows(grid)?;
    let (h, w) = (rows.len(), rows[0].len());
    let g = geometry(w, h)?;
    let mut bits = [0u128; 2];
    for (line, cells) in rows.iter().enumerate() {
        for (col, &v) in cells.iter().enumerate() {
            if let Some(p) = Player::from_number(v) {
                bits[p.index()] |= g.bit(col, h - 1 - line);
            }
        }
    }
    Ok((bits[0], bits[1], bits[0] | bits[1]))
}

/// The position of a grid (any board size with `W * (H + 1) <= 128`), checked
/// as a position a game reaches.
#[pyfunction]
pub fn c4_from_grid(grid: &Bound<'_, PyAny>) -> PyResult<crate::PyConnectFour> {
    let rows = grid_rows(grid)?;
    connect4::from_grid(&rows)
        .map(|pos| crate::PyConnectFour { pos, pending: () })
        .map_err(|e| PyValueError::new_err(format!("bad Connect Four grid: {e}")))
}

/// The bit number and the geometry (default 7x6) of `c4_alignment` and
/// `c4_draw_bits`.
fn bits_and_geometry(
    bits: &Bound<'_, PyAny>,
    width: Option<&Bound<'_, PyAny>>,
    height: Option<&Bound<'_, PyAny>>,
) -> PyResult<(u128, Geometry)> {
    use crate::args::{int_in, opt_int_in};
    // A board's bits are below 2^127 (16x7's last bit is a spare one).
    let bits: u128 = int_in(bits, "bits", 0, i128::MAX)?;
    let width: usize = opt_int_in(width, "width", 0, 64)?.unwrap_or(7);
    let height: usize = opt_int_in(height, "height", 0, 64)?.unwrap_or(6);
    Ok((bits, geometry(width, height)?))
}

/// Whether the bit number holds four in a row (the notebook's `check4`).
#[pyfunction]
#[pyo3(signature = (bits, width=None, height=None))]
pub fn c4_alignment(
    bits: &Bound<'_, PyAny>,
    width: Option<&Bound<'_, PyAny>>,
    height: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    let (bits, g) = bits_and_geometry(bits, width, height)?;
    if bits & !g.board_mask() != 0 {
        return Err(PyValueError::new_err(format!(
            "bit number {bits} has bits outside the {g} board (bits {:#x})",
            bits & !g.board_mask()
        )));
    }
    Ok(g.alignment(bits))
}

/// A raw bitboard drawn with the spare (sentinel) row on top: `1` for a set
/// bit, `.` for a clear one.
#[pyfunction]
#[pyo3(signature = (bits, width=None, height=None))]
pub fn c4_draw_bits(
    bits: &Bound<'_, PyAny>,
    width: Option<&Bound<'_, PyAny>>,
    height: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let (bits, g) = bits_and_geometry(bits, width, height)?;
    let used = g.width() * (g.height() + 1);
    if used < 64 && bits >> used != 0 {
        return Err(PyValueError::new_err(format!(
            "bit number {bits} has bits above bit {} of the {g} board",
            used - 1
        )));
    }
    Ok(connect4::draw_bits(g, bits))
}

#[pymethods]
impl crate::PyConnectFour {
    /// The grid: a (H, W) numpy int8 array of 0/1/2, top row first.
    fn to_grid<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (w, h) = (self.pos.width(), self.pos.height());
        let flat: Vec<i8> = connect4::to_grid(&self.pos)
            .into_iter()
            .flatten()
            .map(|v| v as i8)
            .collect();
        Ok(PyArray1::from_vec(py, flat).reshape([h, w])?.into_any())
    }

    /// The position of a grid (a 2-D array of 0/1/2, top row first).
    #[staticmethod]
    fn from_grid(grid: &Bound<'_, PyAny>) -> PyResult<Self> {
        c4_from_grid(grid)
    }

    /// (player 1's bits, player 2's bits, mask): the notebook's `boardzahl`.
    fn boardzahl(&self) -> (u128, u128, u128) {
        let [a, b] = connect4::grid::player_bits(&self.pos);
        (a, b, self.pos.mask())
    }

    /// `position + mask + bottom`: unique per position.
    fn key(&self) -> u128 {
        self.pos.key()
    }

    /// The moves that reach this position (1-based column digits up to 9
    /// columns, numbers separated by commas from 10 on: `10,3,4`), or None.
    fn moves(&self) -> Option<String> {
        connect4::move_string(&self.pos)
    }

    /// `position`, `mask` and `key` drawn side by side with the spare row.
    fn draw_words(&self) -> String {
        connect4::draw_words(&self.pos)
    }

    /// Board width (columns).
    #[getter]
    fn width(&self) -> usize {
        self.pos.width()
    }

    /// Board height (rows).
    #[getter]
    fn height(&self) -> usize {
        self.pos.height()
    }

    /// Stones played.
    fn moves_played(&self) -> usize {
        self.pos.moves_played()
    }
}

/// `Book::to_bytes` as a `Vec` or, for books that cannot be written in
/// bitgames' format, as a `Result`: both read the same here.
trait IntoBytes {
    fn into_bytes(self) -> Result<Vec<u8>, String>;
}

impl IntoBytes for Vec<u8> {
    fn into_bytes(self) -> Result<Vec<u8>, String> {
        Ok(self)
    }
}

impl<E: std::fmt::Display> IntoBytes for Result<Vec<u8>, E> {
    fn into_bytes(self) -> Result<Vec<u8>, String> {
        self.map_err(|e| e.to_string())
    }
}

/// The bytes of the book file at `path`: its first 32, then no more than
/// the library's [`book::max_file_len`] of them allows; a longer file is a
/// ValueError.
fn read_capped(path: &std::path::Path) -> PyResult<Vec<u8>> {
    use std::io::Read;
    let os_error = |e: std::io::Error| {
        pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display()))
    };
    if path.is_dir() {
        return Err(PyValueError::new_err(format!(
            "{}: is a directory, not a book file",
            path.display()
        )));
    }
    let mut reader = std::fs::File::open(path).map_err(os_error)?.take(32);
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(os_error)?;
    let limit = book::max_file_len(&bytes);
    let mut rest = reader
        .into_inner()
        .take(limit.saturating_sub(bytes.len() as u64) + 1);
    rest.read_to_end(&mut bytes).map_err(os_error)?;
    if bytes.len() as u64 > limit {
        return Err(PyValueError::new_err(format!(
            "{}: bad book: longer than the {limit} bytes its header allows (or than any book this build reads)",
            path.display()
        )));
    }
    Ok(bytes)
}

/// An opening book: the exact scores of every position up to its depth.
#[pyclass(name = "Book", module = "bitgames._bitgames", frozen)]
pub struct PyBook {
    pub book: Arc<Book>,
}

#[pymethods]
impl PyBook {
    /// A book from the bytes of a book file (as `bitgames connect4 book build` writes).
    #[new]
    fn new(data: &[u8]) -> PyResult<Self> {
        Book::from_bytes(data)
            .map(|b| PyBook { book: Arc::new(b) })
            .map_err(|e| PyValueError::new_err(format!("bad book: {e}")))
    }

    /// The book in a file, read no further than its header allows (at
    /// most 64 MiB for a file without one), as the command reads it: an
    /// endless file (`/dev/zero`) or a huge one is a ValueError.
    #[staticmethod]
    pub fn load(path: std::path::PathBuf) -> PyResult<Self> {
        let data = read_capped(&path)?;
        Book::from_bytes(&data)
            .map(|b| PyBook { book: Arc::new(b) })
            .map_err(|e| PyValueError::new_err(format!("{}: bad book: {e}", path.display())))
    }

    /// The book built into the library (7x6: every position of at most 3 stones,
    /// and every position of exactly 10).
    #[staticmethod]
    fn builtin() -> PyResult<Self> {
        builtin_book()
            .map(|book| PyBook { book })
            .ok_or_else(|| PyValueError::new_err("this build has no built-in book"))
    }

    /// The most stones of the positions held.
    #[getter]
    fn depth(&self) -> usize {
        self.book.depth()
    }

    /// The numbers of stones of the positions held, ascending (a layer holds
    /// every position of its number of stones, mirror images counted once).
    #[getter]
    fn layers(&self) -> Vec<usize> {
        let layers = self.book.layers();
        (0..64).filter(|&n| layers.contains(n)).collect()
    }

    /// The book file's bytes (bitgames' format).
    fn to_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        let bytes = self
            .book
            .to_bytes()
            .into_bytes()
            .map_err(PyValueError::new_err)?;
        Ok(pyo3::types::PyBytes::new(py, &bytes))
    }

    fn __len__(&self) -> usize {
        self.book.len()
    }

    /// The book's score of a position, or None if it does not hold it; a
    /// position of another board size is a ValueError.
    fn score(&self, pos: &crate::PyConnectFour) -> PyResult<Option<i32>> {
        self.book
            .check_board(pos.pos.geometry())
            .map_err(|e| PyValueError::new_err(format!("the book {e}")))?;
        Ok(self.book.score(&pos.pos))
    }

    fn __repr__(&self) -> String {
        let g = self.book.geometry();
        format!(
            "Book({}x{}, depth {}, {} positions)",
            g.width(),
            g.height(),
            self.book.depth(),
            self.book.len()
        )
    }
}
