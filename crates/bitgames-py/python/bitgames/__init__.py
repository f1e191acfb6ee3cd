"""bitgames: fast, exact, verified bitboard game engines from Python.

Positions (``ConnectFour``, ``TicTacToe``, ``Santorini``) speak OpenSpiel's and
pgx's vocabulary: ``legal_actions()``, ``legal_action_mask()``,
``apply_action(a)``, ``current_player()``, ``is_terminal()``, ``returns()``,
``observation()``. The engines are the Rust library's; this package only
converts and adds the ecosystem's conventions:

- :mod:`bitgames.connect4`: the notebook's numpy grids and bit numbers, the solver, books;
- :mod:`bitgames.tictactoe`: perfect values;
- :mod:`bitgames.santorini`: move-to sets, distances, the search engine, the gods;
- :mod:`bitgames.vector`: batched environments (``make("connect_four", num_envs=N)``);
- :mod:`bitgames.gym`: Gymnasium ids ``bitgames/ConnectFour-v0``,
  ``bitgames/TicTacToe-v0``, ``bitgames/Santorini-v0``, registered on import
  when Gymnasium is installed (``gymnasium.make``, ``gymnasium.make_vec``);
- :mod:`bitgames.aec`: PettingZoo AEC environments;
- :mod:`bitgames.book`: Connect Four opening books built on a Ray cluster
  (``python -m bitgames.book build``).
"""

from ._bitgames import Book, ConnectFour, Santorini, TicTacToe
from . import connect4, santorini, tictactoe, vector
from .connect4 import Solver

try:  # Gymnasium is optional: with it, the ids are registered on import.
    import gymnasium as _gymnasium
except ImportError:  # pragma: no cover
    _gymnasium = None
if _gymnasium is not None:
    from . import gym

__all__ = [
    "Book",
    "ConnectFour",
    "Santorini",
    "Solver",
    "TicTacToe",
    "connect4",
    "santorini",
    "tictactoe",
    "vector",
]
