//! Positions as OpenSpiel and pgx users expect them, written once over
//! [`PyGame`]: `py_position!(Class, Game)` makes the Python class.

use crate::game::{PyGame, obs_len};
use bitgames::Player;
use bitgames::registry;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The player numbered 0 or 1 (OpenSpiel's and pgx's player ids).
pub fn player_of(id: i64) -> PyResult<Player> {
    match id {
        0 => Ok(Player::One),
        1 => Ok(Player::Two),
        _ => Err(PyValueError::new_err(format!(
            "player {id} is not 0 or 1 (0 moves first)"
        ))),
    }
}

/// The start (`None`, `-` or blanks) or the position written in the game's
/// notation ([`registry::Registered::from_notation`]); a ValueError says why not.
pub fn parse<G: PyGame>(notation: Option<&str>) -> PyResult<G> {
    let Some(text) = notation else {
        return Ok(G::start());
    };
    registry::parse_position::<G>(text).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A move written in the game's notation, and its action (a turn spelled
/// in several actions: its first); a ValueError for text that names no
/// move of this position's action space.
pub fn parse_move<G: PyGame>(pos: &G, text: &str) -> PyResult<(G::Move, usize)> {
    let mv = move_of_text(pos, text)?;
    let action = pos.action_of(mv);
    if action < pos.num_actions() && pos.action_begins(action, mv) {
        Ok((mv, action))
    } else {
        Err(PyValueError::new_err(format!(
            "move `{}` is not one of this position's {} actions",
            bitgames::excerpt(text),
            pos.num_actions()
        )))
    }
}

/// The legal actions, ascending, with `pending` begun.
pub fn legal_actions<G: PyGame>(pos: &G, pending: &G::Pending) -> Vec<usize> {
    let mut actions: Vec<usize> = match pos.pending_actions(pending) {
        Some(next) => next.into_iter().map(|(a, _)| a).collect(),
        None => pos
            .legal_moves()
            .into_iter()
            .map(|m| pos.action_of(m))
            .collect(),
    };
    actions.sort_unstable();
    actions.dedup();
    actions
}

/// The legal moves in the game's notation: with a turn begun, the turns
/// its next actions make (the begun turn itself for the action that ends
/// it).
pub fn legal_moves<G: PyGame>(pos: &G, pending: &G::Pending) -> Vec<String> {
    match pos.pending_actions(pending) {
        Some(next) => next.into_iter().map(|(_, m)| m.to_string()).collect(),
        None => pos
            .legal_moves()
            .into_iter()
            .map(|m| m.to_string())
            .collect(),
    }
}

pub fn mask<'py, G: PyGame>(
    py: Python<'py>,
    pos: &G,
    pending: &G::Pending,
) -> Bound<'py, PyArray1<bool>> {
    let mask = match pos.pending_actions(pending) {
        Some(next) => {
            let mut mask = vec![false; pos.num_actions()];
            next.into_iter().for_each(|(a, _)| mask[a] = true);
            mask
        }
        None => pos.legal_action_mask(),
    };
    PyArray1::from_vec(py, mask)
}

/// Why `action` is refused with `pending` begun ([`PyGame::why_not_action`]
/// when nothing is), or `None` if it is legal.
pub fn why_not_pending<G: PyGame>(pos: &G, pending: &G::Pending, action: i64) -> Option<String> {
    let Some(next) = pos.pending_actions(pending) else {
        return pos.why_not_action(action);
    };
    if next.iter().any(|&(a, _)| a as i64 == action) {
        return None;
    }
    let legal: Vec<String> = next.iter().map(|(a, m)| format!("{a} ({m})")).collect();
    Some(format!(
        "action {action} does not go on with the turn begun: the legal actions are {}",
        legal.join(", ")
    ))
}

/// The move `action` names with `pending` begun (the turn it makes).
pub fn move_of_action<G: PyGame>(pos: &G, pending: &G::Pending, action: usize) -> Option<G::Move> {
    match pos.pending_actions(pending) {
        Some(next) => next
            .into_iter()
            .find_map(|(a, m)| (a == action).then_some(m)),
        None => pos.move_of(action),
    }
}

/// Takes `action` with `pending` begun: plays the turn it completes, or
/// keeps the turn it begins; a ValueError (nothing changed) if illegal.
pub fn apply_action<G: PyGame>(pos: &mut G, pending: &mut G::Pending, action: i64) -> PyResult<()> {
    if let Some(why) = why_not_pending(pos, pending, action) {
        return Err(PyValueError::new_err(why));
    }
    pos.take_action(pending, action as usize);
    Ok(())
}

/// A move in the game's notation, read in `pos`
/// ([`registry::Registered::parse_move`]: the board's columns, Santorini's marks);
/// the reader's error as a ValueError.
fn move_of_text<G: PyGame>(pos: &G, text: &str) -> PyResult<G::Move> {
    pos.parse_move(text.trim()).map_err(PyValueError::new_err)
}

/// Plays a whole turn written in the notation (none may be begun).
pub fn play<G: PyGame>(pos: &mut G, pending: &G::Pending, text: &str) -> PyResult<()> {
    if *pending != G::Pending::default() {
        return Err(PyValueError::new_err(format!(
            "move `{}`: a turn is begun here; go on with it by its actions \
             (legal_actions) first",
            bitgames::excerpt(text)
        )));
    }
    let mv = move_of_text(pos, text)?;
    pos.play(mv)
        .map_err(|e| PyValueError::new_err(format!("move `{}`: {e}", bitgames::excerpt(text))))
}

pub fn observation<'py, G: PyGame>(
    py: Python<'py>,
    pos: &G,
    pending: &G::Pending,
    player: Option<Player>,
) -> PyResult<Bound<'py, PyAny>> {
    let player = player.unwrap_or_else(|| pos.to_move());
    let mut out = vec![0u8; obs_len(pos)];
    pos.observe_pending(pending, player, &mut G::ObsCache::default(), &mut out);
    let shape = pos.obs_shape();
    as_bool(PyArray1::from_vec(py, out).reshape(shape)?.into_any())
}

/// A uint8 array of 0/1 viewed as bool (no copy).
pub fn as_bool(arr: Bound<'_, PyAny>) -> PyResult<Bound<'_, PyAny>> {
    arr.call_method1("view", ("bool",))
}

pub fn returns<G: PyGame>(pos: &G) -> Vec<f64> {
    pos.returns().iter().map(|&r| f64::from(r)).collect()
}

pub fn repr<G: PyGame>(pos: &G) -> String {
    format!("{}('{}')\n{}", G::CLASS, pos.notation(), pos.drawing())
}

pub fn perft<G: PyGame>(py: Python<'_>, pos: &G, depth: u32) -> u64 {
    let pos = *pos;
    py.detach(|| bitgames::tools::perft_parallel(&pos, depth))
}

/// A Python class for a game's positions. A game's own extra methods go in
/// another `#[pymethods]` block (pyo3's `multiple-pymethods`).
#[macro_export]
macro_rules! py_position {
    ($class:ident, $game:ty, $pyname:literal, $doc:literal) => {
        $crate::py_position!($class, $game, $pyname, $doc, own_new);

        #[pymethods]
        impl $class {
            /// The start position, or the position written in the game's notation.
            #[new]
            #[pyo3(signature = (notation=None))]
            fn new(notation: Option<&str>) -> PyResult<Self> {
                Ok($class {
                    pos: $crate::position::parse::<$game>(notation)?,
                    pending: Default::default(),
                })
            }
        }
    };
    // The class without its constructor: the game writes its own `#[new]`
    // in another `#[pymethods]` block (Santorini's takes the gods).
    ($class:ident, $game:ty, $pyname:literal, $doc:literal, own_new) => {
        #[doc = $doc]
        #[pyclass(name = $pyname, module = "bitgames._bitgames")]
        #[derive(Clone, PartialEq, Eq, Hash)]
        pub struct $class {
            pub pos: $game,
            /// A turn begun and not yet played (Santorini's spelled turns).
            pub pending: <$game as $crate::game::PyGame>::Pending,
        }

        #[pymethods]
        impl $class {
            /// The legal actions, ascending (dense indices in `0..num_actions()`).
            fn legal_actions(&self) -> Vec<usize> {
                $crate::position::legal_actions(&self.pos, &self.pending)
            }

            /// The legal moves in the game's notation (with a turn begun,
            /// the turns its next actions make).
            fn legal_moves(&self) -> Vec<String> {
                $crate::position::legal_moves(&self.pos, &self.pending)
            }

            /// A numpy bool array of `num_actions()`: True where the action is legal.
            fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<bool>> {
                $crate::position::mask(py, &self.pos, &self.pending)
            }

            /// The size of the action space.
            fn num_actions(&self) -> usize {
                self.pos.num_actions()
            }

            /// The move of an action, in the game's notation.
            fn action_to_move(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
                let action = $crate::args::action(action, self.pos.num_actions())?;
                usize::try_from(action)
                    .ok()
                    .and_then(|a| $crate::position::move_of_action(&self.pos, &self.pending, a))
                    .map(|m| m.to_string())
                    .ok_or_else(|| {
                        pyo3::exceptions::PyValueError::new_err(format!(
                            "action {action} names no move (actions are 0..{})",
                            self.pos.num_actions() - 1
                        ))
                    })
            }

            /// The action of a move written in the game's notation (a turn
            /// spelled in several actions: its first).
            fn move_to_action(&self, text: &str) -> PyResult<usize> {
                $crate::position::parse_move(&self.pos, text).map(|(_, action)| action)
            }

            /// Plays an action; an illegal one raises ValueError naming it and
            /// leaves the position unchanged.
            fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
                let action = $crate::args::action(action, self.pos.num_actions())?;
                $crate::position::apply_action(&mut self.pos, &mut self.pending, action)
            }

            /// Plays a move written in the game's notation; an illegal one
            /// raises ValueError naming it and leaves the position unchanged.
            fn play(&mut self, text: &str) -> PyResult<()> {
                $crate::position::play(&mut self.pos, &self.pending, text)
            }

            /// A copy with `action` played (the position itself is unchanged).
            fn child(&self, action: &Bound<'_, PyAny>) -> PyResult<Self> {
                let action = $crate::args::action(action, self.pos.num_actions())?;
                let mut c = self.clone();
                $crate::position::apply_action(&mut c.pos, &mut c.pending, action)?;
                Ok(c)
            }

            /// The player to move: 0 (moves first) or 1. Once the game is
            /// over, the player who would have moved next.
            fn current_player(&self) -> u8 {
                self.pos.to_move().index() as u8
            }

            /// Whether the game is over.
            fn is_terminal(&self) -> bool {
                self.pos.outcome().is_over()
            }

            /// The winner (0 or 1), or None (a draw, or not over).
            fn winner(&self) -> Option<u8> {
                self.pos.outcome().winner().map(|p| p.index() as u8)
            }

            /// `[r0, r1]`: +1 for the winner, -1 for the loser, 0 otherwise.
            fn returns(&self) -> Vec<f64> {
                $crate::position::returns(&self.pos)
            }

            /// The observation planes for `player` (default: the player to
            /// move): their pieces, the opponent's, then the game's board planes.
            #[pyo3(signature = (player=None))]
            fn observation<'py>(
                &self,
                py: Python<'py>,
                player: Option<&Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, PyAny>> {
                let player = player
                    .filter(|p| !p.is_none())
                    .map($crate::args::player)
                    .transpose()?;
                $crate::position::observation(py, &self.pos, &self.pending, player)
            }

            /// The notation that reads back into this position.
            fn notation(&self) -> String {
                bitgames::registry::Registered::notation(&self.pos)
            }

            /// Move sequences of `depth` plies (a finished game has no
            /// children), counted on every core.
            fn perft(&self, py: Python<'_>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
                let depth: u32 = $crate::args::int_in(depth, "depth", 0, u32::MAX.into())?;
                Ok($crate::position::perft(py, &self.pos, depth))
            }

            /// A copy.
            fn clone(&self) -> Self {
                Clone::clone(self)
            }

            fn __copy__(&self) -> Self {
                Clone::clone(self)
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
                Clone::clone(self)
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other
                    .extract::<PyRef<'_, Self>>()
                    .is_ok_and(|o| o.pos == self.pos && o.pending == self.pending)
            }

            /// The hash of the position (positions are mutable: do not
            /// change one while it is a key).
            fn __hash__(&self) -> u64 {
                use std::hash::{Hash, Hasher};
                let mut h = std::collections::hash_map::DefaultHasher::new();
                self.pos.hash(&mut h);
                self.pending.hash(&mut h);
                h.finish()
            }

            fn __str__(&self) -> String {
                bitgames::registry::Registered::drawing(&self.pos)
            }

            /// The move of the game's engine (the library registry's: the
            /// perfect player, the exact solver, the search) within `time`
            /// seconds and `depth` plies (neither: the engine's default), as
            /// a dict: `move`, `action`, `ties` (moves as good), `score`,
            /// `score_text`, `exact`, `depth`, `nodes`, `time`, `engine`,
            /// `level`, `seed`. `level` 0..10 plays weaker (0: a random
            /// move, 10: full strength), `seed` makes its draw repeatable.
            /// The engine keeps its tables between calls on the same thread.
            #[pyo3(signature = (time=None, depth=None, level=None, seed=None))]
            fn best_move<'py>(
                &self,
                py: Python<'py>,
                time: Option<f64>,
                depth: Option<&Bound<'py, PyAny>>,
                level: Option<&Bound<'py, PyAny>>,
                seed: Option<&Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
                let depth = $crate::args::opt_int_in(
                    depth,
                    "depth",
                    1,
                    bitgames::engine::MAX_DEPTH.into(),
                )?;
                let limits = $crate::engine::limits(depth, time)?;
                let limits = $crate::engine::with_level(limits, level, seed)?;
                $crate::engine::best_move(py, &self.pos, limits)
            }

            fn __repr__(&self) -> String {
                $crate::position::repr(&self.pos)
            }

            /// Pickles as the notation and the actions of a turn begun.
            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> PyResult<(Bound<'py, PyAny>, (String,), Vec<usize>)> {
                let cls = slf.get_type().into_any();
                let this = slf.borrow();
                let begun = $crate::game::PyGame::pending_spelling(&this.pos, &this.pending);
                Ok((cls, (this.notation(),), begun))
            }

            /// Begins again the turn of `actions` (unpickling).
            fn __setstate__(&mut self, actions: Vec<usize>) -> PyResult<()> {
                for a in actions {
                    let a = i64::try_from(a).unwrap_or(i64::MAX);
                    $crate::position::apply_action(&mut self.pos, &mut self.pending, a)?;
                }
                Ok(())
            }
        }
    };
}
