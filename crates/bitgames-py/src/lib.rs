//! The `bitgames` Python package's native module, `bitgames._bitgames`.
//!
//! Positions and vector environments are written once over [`game::PyGame`]:
//! one `py_position!` and one `vector_env!` line a game. The Python package
//! (`python/bitgames/`) only re-exports and adds the ecosystem's conventions
//! (Gymnasium, PettingZoo).

// pyo3's macros expand to code clippy would flag in a hand-written function.
#![allow(clippy::useless_conversion)]

pub mod book;
pub mod connect4;
pub mod game;
pub mod games;
pub mod position;
pub mod santorini;
pub mod tictactoe;
pub mod vector;

use bitgames::Game;
use bitgames::{connect4 as c4, santorini as sa, tictactoe as ttt};
use pyo3::prelude::*;

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
    "A Santorini position, `<25 levels>/<1|2>/mortal:<sq>,<sq>/mortal:<sq>,<sq>`."
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
    "N Santorini games stepped together in Rust (753 actions)."
);

#[pymodule]
fn _bitgames(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyConnectFour>()?;
    m.add_class::<PyTicTacToe>()?;
    m.add_class::<PySantorini>()?;
    m.add_class::<VecConnectFour>()?;
    m.add_class::<VecTicTacToe>()?;
    m.add_class::<VecSantorini>()?;
    m.add_class::<connect4::PyBook>()?;
    m.add_class::<connect4::PySolver>()?;
    m.add_function(wrap_pyfunction!(connect4::c4_boardzahl, m)?)?;
    m.add_function(wrap_pyfunction!(connect4::c4_from_grid, m)?)?;
    m.add_function(wrap_pyfunction!(connect4::c4_alignment, m)?)?;
    m.add_function(wrap_pyfunction!(connect4::c4_draw_bits, m)?)?;
    book::register(m)?;
    m.add_function(wrap_pyfunction!(santorini::sa_move_to, m)?)?;
    m.add_function(wrap_pyfunction!(santorini::sa_distances, m)?)?;
    m.add_function(wrap_pyfunction!(santorini::sa_best_move, m)?)?;
    Ok(())
}
