//! The Python class of a game's vector environment (`vector_env!`, one
//! line a game in `lib.rs`) over [`crate::vector::VecCore`], the reading
//! of the actions it is given, and the fresh numpy arrays it fills.

use numpy::npyffi::{NpyTypes, PY_ARRAY_API, get_type_object, npy_intp};
use numpy::{Element, PyArray, PyArray1, PyArrayDescrMethods, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A fresh, uninitialised C-order numpy array of `dims` (`N` of them, the
/// dimension of `D`). Where `PyArray::new` would panic, this returns the
/// error numpy raised (MemoryError).
///
/// # Safety
/// The caller writes every element before Python sees the array.
pub unsafe fn fresh<'py, T: Element, D: numpy::ndarray::Dimension, const N: usize>(
    py: Python<'py>,
    dims: [usize; N],
) -> PyResult<Bound<'py, PyArray<T, D>>> {
    let mut dims: [npy_intp; N] = dims.map(|d| d as npy_intp);
    // SAFETY: numpy's own constructor of an array it allocates (no data,
    // no strides: C order), as `PyArray::new` calls it; it steals the
    // reference to the dtype; a null result carries the Python error.
    unsafe {
        let ptr = PY_ARRAY_API.PyArray_NewFromDescr(
            py,
            get_type_object(py, NpyTypes::PyArray_Type),
            T::get_dtype(py).into_dtype_ptr(),
            N as std::ffi::c_int,
            dims.as_mut_ptr(),
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            0,
            std::ptr::null_mut(),
        );
        Ok(Bound::from_owned_ptr_or_err(py, ptr)?.cast_into_unchecked())
    }
}

/// Reads the actions, one per environment, as an integer array (numpy of
/// any integer dtype, or a sequence of ints); one past the 64-bit signed
/// range is a ValueError naming its environment and its value, as
/// `step` names any other action outside `0..num_actions`.
pub fn int_vec(obj: &Bound<'_, PyAny>, what: &str, num_actions: usize) -> PyResult<Vec<i64>> {
    use numpy::{PyArrayDescrMethods, PyUntypedArrayMethods};
    let outside = |i: usize, v: &str| {
        PyValueError::new_err(format!(
            "environment {i}: action {v} is outside 0..{}",
            num_actions.saturating_sub(1)
        ))
    };
    // The common case, without a conversion.
    if let Ok(arr) = obj.cast::<PyArray1<i64>>()
        && let Ok(view) = arr.try_readonly()
        && let Ok(slice) = view.as_slice()
    {
        return Ok(slice.to_vec());
    }
    if let Ok(arr) = obj.cast::<numpy::PyUntypedArray>() {
        let dtype = arr.dtype();
        let kind = dtype.kind();
        if kind != b'i' && kind != b'u' {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "{what} must be an integer array, got dtype {dtype}"
            )));
        }
        if arr.ndim() != 1 {
            return Err(PyValueError::new_err(format!(
                "{what} must be one-dimensional, got shape {}",
                crate::game::py_shape(arr.shape())
            )));
        }
        // An unsigned value past i64 (2^64 - 1) would wrap to a negative
        // action (-1) in the cast: it is named as it was given.
        if kind == b'u' {
            let as_u64 = obj.call_method1("astype", ("uint64",))?;
            let arr = as_u64.cast::<PyArray1<u64>>()?;
            let view = arr.readonly();
            let values = view.as_slice()?;
            if let Some((i, v)) = values
                .iter()
                .enumerate()
                .find(|(_, v)| **v > i64::MAX as u64)
            {
                return Err(outside(i, &v.to_string()));
            }
            return Ok(values.iter().map(|&v| v as i64).collect());
        }
        let as_i64 = obj.call_method1("astype", ("int64",))?;
        let arr = as_i64.cast::<PyArray1<i64>>()?;
        return Ok(arr.readonly().as_slice()?.to_vec());
    }
    if let Ok(values) = obj.extract::<Vec<i128>>() {
        return values
            .iter()
            .enumerate()
            .map(|(i, &v)| i64::try_from(v).map_err(|_| outside(i, &v.to_string())))
            .collect();
    }
    obj.extract::<Vec<i64>>().map_err(|e| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "{what} must be a sequence of ints (each within 64 bits) or an integer numpy array: {e}"
        ))
    })
}

/// The Python class of a game's vector environment.
#[macro_export]
macro_rules! vector_env {
    ($class:ident, $game:ty, $position:ident, $pyname:literal, $doc:literal) => {
        #[doc = $doc]
        #[pyclass(name = $pyname, module = "bitgames._bitgames")]
        pub struct $class {
            core: $crate::vector::VecCore<$game>,
        }

        #[pymethods]
        impl $class {
            /// `num_envs`: 1 to 16,777,216; `opponent`: None (self-play),
            /// "random" or "expert" (the registry's engine); `agent`: the
            /// agent's player (0 or 1) when an opponent plays; `depth` and
            /// `time` (seconds) limit the expert; `max_steps` truncates long
            /// games; `threads` (1 to 256, default: every core) step large
            /// batches; `gods` (Santorini): two names (`("apollo", "pan")`,
            /// player 1's first) for every game, or "random" (a pair drawn
            /// at every reset of an environment, from its seeded generator).
            #[new]
            #[pyo3(signature = (num_envs, seed=None, opponent=None, agent=None, depth=None, time=None, max_steps=None, threads=None, gods=None))]
            #[allow(clippy::too_many_arguments)]
            fn new(
                num_envs: &Bound<'_, PyAny>,
                seed: Option<&Bound<'_, PyAny>>,
                opponent: Option<&str>,
                agent: Option<&Bound<'_, PyAny>>,
                depth: Option<&Bound<'_, PyAny>>,
                time: Option<f64>,
                max_steps: Option<&Bound<'_, PyAny>>,
                threads: Option<&Bound<'_, PyAny>>,
                gods: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<Self> {
                use $crate::args::{int_in, opt_int_in};
                let num_envs: usize =
                    int_in(num_envs, "num_envs", 1, $crate::vector::MAX_ENVS as i128)?;
                let seed: u64 = opt_int_in(seed, "seed", 0, u64::MAX.into())?.unwrap_or(0);
                let agent: i64 = opt_int_in(agent, "agent", 0, 1)?.unwrap_or(0);
                let agent = $crate::position::player_of(agent)?;
                let depth: Option<u32> = opt_int_in(depth, "depth", 1, bitgames::engine::MAX_DEPTH.into())?;
                let max_steps: Option<u32> =
                    opt_int_in(max_steps, "max_steps", 1, u32::MAX.into())?;
                let setup = <$game as $crate::game::PyGame>::setup_of(gods)?;
                let threads: Option<usize> =
                    opt_int_in(threads, "threads", 1, $crate::vector::MAX_THREADS as i128)?;
                let limits = match (depth, time) {
                    (None, None) => <$game as $crate::game::PyGame>::EXPERT_LIMITS,
                    _ => $crate::engine::limits(depth, time)?,
                };
                let opponent = match opponent {
                    None => $crate::vector::Opponent::None,
                    Some("random") => $crate::vector::Opponent::Random,
                    Some("expert") => $crate::vector::Opponent::Expert(limits),
                    Some(other) => {
                        return Err(pyo3::exceptions::PyValueError::new_err(format!(
                            "opponent `{}` is not None, \"random\" or \"expert\"",
                            bitgames::excerpt(other)
                        )));
                    }
                };
                let threads = threads
                    .unwrap_or_else(|| rayon::current_num_threads().min($crate::vector::MAX_THREADS));
                let core = $crate::vector::VecCore::new(
                    num_envs, setup, seed, opponent, agent, max_steps, threads,
                )?;
                Ok($class { core })
            }

            /// The number of environments.
            #[getter]
            fn num_envs(&self) -> usize {
                self.core.num_envs()
            }

            /// The size of each game's action space (the mask's length).
            #[getter]
            fn num_actions(&self) -> usize {
                self.core.num_actions()
            }

            /// The shape of one observation: (rows, columns, planes).
            #[getter]
            fn obs_shape(&self) -> (usize, usize, usize) {
                let [a, b, c] = self.core.obs_shape();
                (a, b, c)
            }

            /// Starts every game: (obs, mask, rewards, terminated, truncated,
            /// player, reward).
            #[pyo3(signature = (seed=None))]
            fn reset<'py>(
                &mut self,
                py: Python<'py>,
                seed: Option<&Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
                self.core.check_open()?;
                let seed: Option<u64> =
                    $crate::args::opt_int_in(seed, "seed", 0, u64::MAX.into())?;
                self.core
                    .into_arrays(py, |core, outs| core.reset(seed, outs))
            }

            /// One step of every environment: (obs, mask, rewards, terminated,
            /// truncated, player, reward of the player who acted).
            fn step<'py>(
                &mut self,
                py: Python<'py>,
                actions: &Bound<'py, PyAny>,
            ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
                self.core.check_open()?;
                let actions = $crate::vector_class::int_vec(actions, "actions", self.core.num_actions())?;
                self.core
                    .check_actions(&actions)
                    .map_err(pyo3::exceptions::PyValueError::new_err)?;
                self.core
                    .into_arrays(py, |core, outs| core.step(&actions, outs))
            }

            /// A random legal action per environment (numpy int64), drawn from
            /// the environments' own generators.
            fn sample_actions<'py>(
                &mut self,
                py: Python<'py>,
            ) -> PyResult<Bound<'py, numpy::PyArray1<i64>>> {
                self.core.check_open()?;
                Ok(numpy::PyArray1::from_vec(py, self.core.sample_actions()))
            }

            /// Steps random legal moves (drawn in Rust) until at least
            /// `games` games have ended; returns (moves played, games ended).
            /// A benchmark helper: the GIL is released throughout.
            fn random_play(
                &mut self,
                py: Python<'_>,
                games: &Bound<'_, PyAny>,
            ) -> PyResult<(u64, u64)> {
                self.core.check_open()?;
                let games: u64 = $crate::args::int_in(games, "games", 0, u64::MAX.into())?;
                let core = &mut self.core;
                py.detach(|| core.random_play(games)).ok_or_else(|| {
                    pyo3::exceptions::PyMemoryError::new_err(
                        "not enough memory for the outputs of random_play",
                    )
                })
            }

            /// The positions, as the game's position objects.
            fn positions(&self) -> Vec<$position> {
                self.core
                    .positions()
                    .into_iter()
                    .map(|(pos, pending)| $position { pos, pending })
                    .collect()
            }

            /// Closes the environment: later calls raise ValueError.
            fn close(&mut self) {
                self.core.close();
            }
        }
    };
}
