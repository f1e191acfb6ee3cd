//! The expert player of every game: the library registry's engine
//! ([`Registered::engine`]), one per game and thread, asked through
//! [`Engine::think`] within [`Limits`]. The vector environments' expert
//! opponent and the positions' `best_move` both come here; there is no other
//! copy of a game's policy in this crate.

use bitgames::engine::{Engine, Level, Limits, Report};
use bitgames::registry::Registered;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand::Rng;
use rand::rngs::SmallRng;
use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::time::Duration;

/// The longest time limit accepted, in seconds: the library's
/// [`MAX_TIME`](bitgames::engine::MAX_TIME), a day, as the command and the
/// server take.
pub const MAX_SECONDS: f64 = bitgames::engine::MAX_TIME.as_secs_f64();

thread_local! {
    /// This thread's engines, one per game type, made on first use.
    static ENGINES: RefCell<Vec<(TypeId, Box<dyn Any>)>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with this thread's engine of `G` (the registry's, made on first
/// use and kept: its tables serve every later call on this thread).
pub fn with_engine<G: Registered, T>(f: impl FnOnce(&mut dyn Engine<G>) -> T) -> T {
    ENGINES.with(|cell| {
        let mut engines = cell.borrow_mut();
        let id = TypeId::of::<G>();
        let i = match engines.iter().position(|(t, _)| *t == id) {
            Some(i) => i,
            None => {
                engines.push((id, Box::new(G::engine())));
                engines.len() - 1
            }
        };
        let engine = engines[i]
            .1
            .downcast_mut::<Box<dyn Engine<G>>>()
            .expect("each engine is kept under its game's type");
        f(engine.as_mut())
    })
}

/// The engine's move within `limits`, drawn with `rng` among the moves it
/// rates as good as its best (its ties: every best move of an exact solver,
/// else the best alone); `None` once the game is over.
pub fn expert_move<G: Registered>(pos: &G, limits: Limits, rng: &mut SmallRng) -> Option<G::Move> {
    let report = with_engine::<G, _>(|e| e.think(pos, limits));
    let best = report.best?;
    let ties: Vec<G::Move> = report
        .ties
        .into_iter()
        .filter(|&m| pos.is_legal(m))
        .collect();
    Some(match ties.len() {
        0 | 1 => best,
        n => ties[rng.random_range(0..n)],
    })
}

/// A time limit in seconds as a [`Duration`]: finite, positive and at most
/// [`MAX_SECONDS`], else a ValueError naming `what`.
pub fn seconds(t: f64, what: &str) -> PyResult<Duration> {
    let bad = || {
        PyValueError::new_err(format!(
            "{what} {} must be a positive number of seconds, at most {MAX_SECONDS} (a day)",
            float_text(t)
        ))
    };
    if t.is_finite() && t > 0.0 && t <= MAX_SECONDS {
        Duration::try_from_secs_f64(t).map_err(|_| bad())
    } else {
        Err(bad())
    }
}

/// A float as Python writes it, about: `0.5`, `-1`, `1e300`, `nan`, `inf`.
fn float_text(t: f64) -> String {
    if t.is_nan() {
        "nan".into()
    } else if t.is_finite() && t != 0.0 && !(1e-4..1e16).contains(&t.abs()) {
        format!("{t:e}")
    } else {
        format!("{t}")
    }
}

/// The [`Limits`] of a `depth` (plies) and a `time` (seconds).
pub fn limits(depth: Option<u32>, time: Option<f64>) -> PyResult<Limits> {
    Ok(Limits {
        depth,
        time: time.map(|t| seconds(t, "time")).transpose()?,
        ..Default::default()
    })
}

/// `limits` at a `level` (an integer 0..=10, or None) with a `seed` (an
/// integer 0..2^64, or None); a ValueError names a bad one, and a seed
/// without a level.
pub fn with_level(
    limits: Limits,
    level: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<Limits> {
    let level: Option<u32> = crate::args::opt_int_in(level, "level", 0, i128::from(Level::MAX))?;
    let seed: Option<u64> = crate::args::opt_int_in(seed, "seed", 0, u64::MAX.into())?;
    let Some(level) = level else {
        return match seed {
            None => Ok(limits),
            Some(s) => Err(PyValueError::new_err(format!(
                "seed {s} is given without a level: add level=0..10"
            ))),
        };
    };
    let level = Level::new(level).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(limits.at_level(level, seed))
}

/// The engine's report on `pos` as a dict: `move` (notation), `action`,
/// `ties` (the moves as good, in notation), `score` (the engine's units, or
/// None), `score_text`, `exact`, `depth`, `nodes`, `time` (seconds),
/// `engine`, `level` and `seed` (the level played and its draw's seed, or
/// None). A finished game is a ValueError.
pub fn best_move<'py, G: Registered>(
    py: Python<'py>,
    pos: &G,
    limits: Limits,
) -> PyResult<Bound<'py, PyDict>> {
    let outcome = pos.outcome();
    if outcome.is_over() {
        return Err(PyValueError::new_err(format!(
            "the game is already over: {outcome}"
        )));
    }
    let pos_copy = pos.clone();
    let (name, report): (&str, Report<G::Move>) =
        py.detach(|| with_engine::<G, _>(|e| (e.name(), e.think(&pos_copy, limits))));
    let best = report
        .best
        .ok_or_else(|| PyValueError::new_err("the engine found no move"))?;
    let d = PyDict::new(py);
    d.set_item("move", best.to_string())?;
    d.set_item("action", pos.action_of(best))?;
    let ties: Vec<String> = report.ties.iter().map(ToString::to_string).collect();
    d.set_item("ties", ties)?;
    d.set_item("score", report.score)?;
    d.set_item("score_text", report.score_text)?;
    d.set_item("exact", report.exact)?;
    d.set_item("depth", report.depth)?;
    d.set_item("nodes", report.nodes)?;
    d.set_item("time", report.elapsed.as_secs_f64())?;
    d.set_item("engine", name)?;
    d.set_item("level", report.level.map(Level::number))?;
    d.set_item("seed", report.seed)?;
    Ok(d)
}
