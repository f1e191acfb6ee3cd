//! Santorini from Python: the tutorial's move-to sets and distances on
//! `(worker, levels)` (lists or numpy arrays). The engine is every
//! position's `best_move` (the registry's engine).

use bitgames::santorini::instance::Instance;
use bitgames::santorini::{Space, reach};
use numpy::{PyArray1, PyArrayDescrMethods, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// The instance of `worker` and `levels`: `worker` is the tutorial's text
/// `(1,2) [0,0,2,...]` (then `levels` is None), a `(row, col)` pair (1-based,
/// row 1 at the top) or a bit index `i` of the 7x7 padded board (8..40, as in
/// the tutorial's `M(i)`); `levels` holds 25 levels row-major from (1,1), as
/// a sequence or a (5, 5) or (25,) integer numpy array.
fn instance(worker: &Bound<'_, PyAny>, levels: Option<&Bound<'_, PyAny>>) -> PyResult<Instance> {
    let bad = |e: bitgames::santorini::InstanceError| PyValueError::new_err(e.to_string());
    if let Ok(text) = worker.extract::<String>() {
        if levels.is_some() {
            return Err(PyTypeError::new_err(
                "give either the instance text alone or a worker and its levels",
            ));
        }
        return text.parse::<Instance>().map_err(bad);
    }
    let Some(levels) = levels else {
        return Err(PyTypeError::new_err("the levels are missing"));
    };
    let (row, col) = if let Ok((r, c)) = worker.extract::<(i64, i64)>() {
        (r, c)
    } else if let Ok(i) = worker.extract::<i64>() {
        let space = u8::try_from(i).ok().and_then(Space::from_bit).ok_or_else(|| {
            PyValueError::new_err(format!(
                "bit {i} is not a space of the 7x7 padded board (8..12, 15..19, 22..26, 29..33, 36..40)"
            ))
        })?;
        (i64::from(space.row()), i64::from(space.col()))
    } else {
        return Err(PyTypeError::new_err(
            "the worker must be a (row, col) pair, a padded bit index, or the instance text",
        ));
    };
    let values = level_list(levels)?;
    // Through the tutorial's text form: one parser, one set of messages.
    let joined: Vec<String> = values.iter().map(i64::to_string).collect();
    format!("({row},{col}) [{}]", joined.join(","))
        .parse::<Instance>()
        .map_err(bad)
}

fn level_list(levels: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(arr) = levels.cast::<numpy::PyUntypedArray>() {
        let dtype = arr.dtype();
        if dtype.kind() != b'i' && dtype.kind() != b'u' {
            return Err(PyTypeError::new_err(format!(
                "levels must be integers 0..4, got dtype {dtype}"
            )));
        }
        let shape = arr.shape().to_vec();
        if shape != [5, 5] && shape != [25] {
            return Err(PyValueError::new_err(format!(
                "levels must have shape (5, 5) or (25,), got {}",
                crate::game::py_shape(&shape)
            )));
        }
        let flat = levels
            .call_method1("astype", ("int64",))?
            .call_method0("ravel")?;
        let flat = flat.cast::<PyArray1<i64>>()?.readonly();
        return Ok(flat.as_slice()?.to_vec());
    }
    levels
        .extract::<Vec<i64>>()
        .map_err(|_| PyTypeError::new_err("levels must be a sequence of 25 ints or a numpy array"))
}

/// The tutorial's `M(i)`: the spaces the worker may move to, as (row, col)
/// pairs in ascending order.
#[pyfunction]
#[pyo3(signature = (worker, levels=None))]
pub fn sa_move_to(
    worker: &Bound<'_, PyAny>,
    levels: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(u8, u8)>> {
    let inst = instance(worker, levels)?;
    Ok(reach::move_to_instance(&inst)
        .into_iter()
        .map(|s| (s.row(), s.col()))
        .collect())
}

/// The worker's BFS distance to every space: a (5, 5) int8 numpy array,
/// -1 where the worker cannot go.
#[pyfunction]
#[pyo3(signature = (worker, levels=None))]
pub fn sa_distances<'py>(
    py: Python<'py>,
    worker: &Bound<'py, PyAny>,
    levels: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let inst = instance(worker, levels)?;
    let d: Vec<i8> = reach::distances_instance(&inst)
        .iter()
        .map(|d| d.map_or(-1, |d| d as i8))
        .collect();
    Ok(PyArray1::from_vec(py, d).reshape([5, 5])?.into_any())
}

#[pymethods]
impl crate::PySantorini {
    /// The levels: a (5, 5) int8 numpy array, row 0 the top row (A5..E5).
    fn levels<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let l: Vec<i8> = self.pos.levels().iter().map(|&v| v as i8).collect();
        Ok(PyArray1::from_vec(py, l).reshape([5, 5])?.into_any())
    }

    /// The spaces of a player's workers (0 or 1), in notation (`B3`).
    fn workers(&self, player: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let p = crate::args::player(player)?;
        Ok(self
            .pos
            .workers(p)
            .into_iter()
            .map(|s| s.to_string())
            .collect())
    }
}
