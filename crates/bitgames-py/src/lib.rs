//! The `bitgames` Python package's native module, `bitgames._bitgames`.
//!
//! Positions and vector environments are written once over [`game::PyGame`]
//! (itself built on the library's `Registered`): one `py_position!` line,
//! one `vector_env!` line and one line of `game_list` a game. The Python
//! package (`python/bitgames/`) only re-exports and adds the ecosystem's
//! conventions (Gymnasium, PettingZoo), its list of games taken from `game_list`.

// pyo3's macros expand to code clippy would flag in a hand-written function.
#![allow(clippy::useless_conversion)]

pub mod args;
pub mod book;
pub mod connect4;
pub mod engine;
pub mod game;
pub mod games;
pub mod gods;
pub mod position;
pub mod santorini;
pub mod solver;
pub mod tictactoe;
pub mod vector;
pub mod vector_class;
pub mod vector_outs;

use bitgames::Game;
use bitgames::{connect4 as c4, santorini as sa, tictactoe as ttt};
use game::PyGame;
use pyo3::prelude::*;
use pyo3::types::PyDict;

py_position!(
    PyConnectFour,
    c4::Position,
    "ConnectFour",
    "A Connect Four position (7x6 from a move string like `4453`, any size from a grid)."
);
py_position!(
    PyTicTacToe,
    ttt::Position,
    "TicTacToe",
    "A tic-tac-toe position, from moves (`1524`, `a1 b2`) or a board (`XX./OO./...`)."
);
py_position!(
    PySantorini,
    sa::Position,
    "Santorini",
    "A Santorini position, `<25 levels>/<1|2>/<god>:<sq>,<sq>/<god>:<sq>,<sq>` (god `mortal`: the base game).",
    own_new
);

vector_env!(
    VecConnectFour,
    c4::Position,
    PyConnectFour,
    "ConnectFourVector",
    "N Connect Four games stepped together in Rust."
);
vector_env!(
    VecTicTacToe,
    ttt::Position,
    PyTicTacToe,
    "TicTacToeVector",
    "N tic-tac-toe games stepped together in Rust."
);
vector_env!(
    VecSantorini,
    sa::Position,
    PySantorini,
    "SantoriniVector",
    "N Santorini games stepped together in Rust (753 actions; with gods 122,076)."
);

/// The `games()` entry of the game `G`, its position class `P` and its
/// vector class `V`.
fn entry<'py, G: PyGame, P: pyo3::PyTypeInfo, V: pyo3::PyTypeInfo>(
    py: Python<'py>,
) -> PyResult<Bound<'py, PyDict>> {
    let start = G::start();
    let d = PyDict::new(py);
    d.set_item("name", G::NAME)?;
    d.set_item("title", G::TITLE)?;
    d.set_item("players", G::PLAYERS.to_vec())?;
    d.set_item("class", G::CLASS)?;
    d.set_item("position", py.get_type::<P>())?;
    d.set_item("vector", py.get_type::<V>())?;
    d.set_item("num_actions", start.num_actions())?;
    d.set_item("obs_shape", start.obs_shape().to_vec())?;
    Ok(d)
}

/// The games of the library's registry that this module exposes, in the
/// registry's order: a dict each with `name` (the registry's, `connect4`),
/// `title`, `players`, `class` (`ConnectFour`), `position` and `vector` (the
/// classes), `num_actions` and `obs_shape`. Gymnasium's ids and
/// `bitgames.vector`'s names come from this list.
#[pyfunction]
#[pyo3(name = "games")]
fn game_list(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    let exposed = [
        entry::<ttt::Position, PyTicTacToe, VecTicTacToe>(py)?,
        entry::<c4::Position, PyConnectFour, VecConnectFour>(py)?,
        entry::<sa::Position, PySantorini, VecSantorini>(py)?,
    ];
    let mut out = Vec::new();
    for g in bitgames::registry::GAMES {
        for d in &exposed {
            if d.get_item("name")?
                .is_some_and(|n| n.eq(g.name()).unwrap_or(false))
            {
                out.push(d.clone());
            }
        }
    }
    Ok(out)
}

/// The names of every game of the library's registry (exposed or not).
#[pyfunction]
fn registry_names() -> Vec<&'static str> {
    bitgames::registry::GAMES.iter().map(|g| g.name()).collect()
}

#[pymodule]
fn _bitgames(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyConnectFour>()?;
    m.add_class::<PyTicTacToe>()?;
    m.add_class::<PySantorini>()?;
    m.add_class::<VecConnectFour>()?;
    m.add_class::<VecTicTacToe>()?;
    m.add_class::<VecSantorini>()?;
    m.add_class::<connect4::PyBook>()?;
    m.add_class::<solver::PySolver>()?;
    m.add_class::<solver::PyAnalysis>()?;
    m.add_function(wrap_pyfunction!(connect4::c4_boardzahl, m)?)?;
    m.add_function(wrap_pyfunction!(connect4::c4_from_grid, m)?)?;
    m.add_function(wrap_pyfunction!(connect4::c4_alignment, m)?)?;
    m.add_function(wrap_pyfunction!(connect4::c4_draw_bits, m)?)?;
    book::register(m)?;
    m.add_function(wrap_pyfunction!(santorini::sa_move_to, m)?)?;
    m.add_function(wrap_pyfunction!(santorini::sa_distances, m)?)?;
    m.add_function(wrap_pyfunction!(gods::sa_gods, m)?)?;
    m.add_function(wrap_pyfunction!(gods::sa_banned_pairs, m)?)?;
    m.add_function(wrap_pyfunction!(gods::sa_naive_successors, m)?)?;
    m.add_function(wrap_pyfunction!(game_list, m)?)?;
    m.add_function(wrap_pyfunction!(registry_names, m)?)?;
    Ok(())
}
