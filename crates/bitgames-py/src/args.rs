//! Integer arguments of any size from Python, checked against their range
//! with a message that names the argument and the value: where pyo3's own
//! conversion raises a bare `OverflowError: int too big to convert`, these
//! raise `ValueError: num_envs 1000000000000 must be at least 1 and at most
//! 16777216`. Anything that is not an integer (`__index__`) is a TypeError
//! naming the argument.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// `obj` as an integer of `lo..=hi`.
pub fn int_in<T: TryFrom<i128>>(
    obj: &Bound<'_, PyAny>,
    name: &str,
    lo: i128,
    hi: i128,
) -> PyResult<T> {
    let outside = |value: &str| {
        PyValueError::new_err(format!(
            "{name} {value} must be at least {lo} and at most {hi}"
        ))
    };
    match obj.extract::<i128>() {
        Ok(v) if (lo..=hi).contains(&v) => T::try_from(v).map_err(|_| outside(&v.to_string())),
        Ok(v) => Err(outside(&v.to_string())),
        Err(_) => Err(outside(&integer_text(obj, name)?)),
    }
}

/// [`int_in`] for an argument that may be None.
pub fn opt_int_in<T: TryFrom<i128>>(
    obj: Option<&Bound<'_, PyAny>>,
    name: &str,
    lo: i128,
    hi: i128,
) -> PyResult<Option<T>> {
    match obj {
        Some(o) if !o.is_none() => int_in(o, name, lo, hi).map(Some),
        _ => Ok(None),
    }
}

/// An action (any integer): an i64, or, beyond, a ValueError saying it is
/// outside the `num_actions` actions.
pub fn action(obj: &Bound<'_, PyAny>, num_actions: usize) -> PyResult<i64> {
    match obj.extract::<i64>() {
        Ok(a) => Ok(a),
        Err(_) => Err(PyValueError::new_err(format!(
            "action {} is outside 0..{}",
            integer_text(obj, "action")?,
            num_actions.saturating_sub(1)
        ))),
    }
}

/// A player: 0 (moves first) or 1, else a ValueError naming the value.
pub fn player(obj: &Bound<'_, PyAny>) -> PyResult<bitgames::Player> {
    match obj.extract::<i64>() {
        Ok(id) => crate::position::player_of(id),
        Err(_) => Err(PyValueError::new_err(format!(
            "player {} is not 0 or 1 (0 moves first)",
            integer_text(obj, "player")?
        ))),
    }
}

/// The decimal text of `obj` if it is an integer (too large for i128),
/// else a TypeError naming `name`.
fn integer_text(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    let py = obj.py();
    let index = py.import("operator")?.getattr("index")?;
    match index.call1((obj,)) {
        Ok(int) => Ok(bitgames::excerpt(&int.str()?.to_string()).into_owned()),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{name} must be an integer, got {}",
            obj.get_type().name()?
        ))),
    }
}
