"""Connect Four: the bitboard notebook's numpy boards, bit numbers and checks,
and the exact solver.

The notebook's board is a 6x7 numpy array of 0 (free), 1 and 2 (the players'
stones), **top row first**. ``boardzahl`` turns it into the bit numbers of
the two players and the mask, bit ``col * 7 + row`` with row 0 at the bottom
(one spare bit on top of each column)::

      .  .  .  .  .  .  .     <- spare row: 6 13 20 27 34 41 48
      5 12 19 26 33 40 47
      4 11 18 25 32 39 46
      3 10 17 24 31 38 45
      2  9 16 23 30 37 44
      1  8 15 22 29 36 43
      0  7 14 21 28 35 42     <- bottom row

The notebook's example board: player 2 has four on a diagonal
(bits 17, 23, 29, 35), player 1 five stones under and beside it:

>>> import numpy as np
>>> board = np.array([[0, 0, 0, 0, 0, 0, 0],
...                   [0, 0, 0, 1, 0, 0, 0],
...                   [0, 0, 2, 2, 0, 0, 0],
...                   [0, 0, 1, 2, 0, 0, 0],
...                   [0, 0, 1, 1, 2, 0, 0],
...                   [0, 0, 1, 2, 2, 2, 0]])
>>> boardzahl(board)
(37863424, 35192438784, 35230302208)
>>> check4(35192438784), check4(37863424)
(True, False)
>>> print(draw_bits(37863424))
. . . . . . .
. . . . . . .
. . . 1 . . .
. . . . . . .
. . 1 . . . .
. . 1 1 . . .
. . 1 . . . .
<BLANKLINE>
>>> print(draw_bits(35192438784))
. . . . . . .
. . . . . . .
. . . . . . .
. . 1 1 . . .
. . . 1 . . .
. . . . 1 . .
. . . 1 1 1 .
<BLANKLINE>

No game reaches that board (player 2 has two stones more than player 1), so
as a position it is refused, with the reason:

>>> from_grid(board)
Traceback (most recent call last):
...
ValueError: bad Connect Four grid: player 1 has 5 stones and player 2 has 7: player 1 (who moves first) must have as many as player 2 or one more

A position a game reaches goes both ways, and the solver scores it:

>>> pos = ConnectFour("4453")
>>> pos.to_grid()[-2:]
array([[0, 0, 0, 2, 0, 0, 0],
       [0, 0, 2, 1, 1, 0, 0]], dtype=int8)
>>> from_grid(pos.to_grid()) == pos
True
>>> pos.boardzahl()
(270532608, 4210688, 274743296)
>>> solve(ConnectFour("44455554221"))
-15

The analysis says what is known of every column, exactly or by result, in
words, within a time limit or until every column is solved:

>>> a = analysis(ConnectFour("4455"))
>>> a.complete, a.best_columns, a.texts[2], a.result
(True, [2, 5], 'win in 2', 'win in 2')
"""

from ._bitgames import Analysis, Book, ConnectFour
from ._bitgames import Solver as _NativeSolver
from ._bitgames import c4_alignment as alignment
from ._bitgames import c4_boardzahl as boardzahl
from ._bitgames import c4_draw_bits as draw_bits
from ._bitgames import c4_from_grid as from_grid

__all__ = [
    "Analysis",
    "Book",
    "ConnectFour",
    "Solver",
    "alignment",
    "analysis",
    "analyze",
    "boardzahl",
    "check4",
    "draw_bits",
    "from_grid",
    "solve",
    "solve_many",
    "to_grid",
]

class Solver(_NativeSolver):
    """The exact solver (see ``_bitgames.Solver``); ``book="builtin"`` by
    default, or a :class:`Book`, a path to a book file, or None."""

    def __new__(cls, book="builtin"):
        return super().__new__(cls, book)


#: The notebook's name for :func:`alignment`: four in a row in a bit number.
check4 = alignment

_default_solver = None


def _solver():
    global _default_solver
    if _default_solver is None:
        _default_solver = Solver()
    return _default_solver


def to_grid(position):
    """The notebook's board of a position: (H, W) int8 array of 0/1/2, top row first."""
    return position.to_grid()


def solve(position, weak=False, time=None):
    """The exact score for the player to move (with the built-in book); weak: +1/0/-1."""
    return _solver().solve(position, weak=weak, time=time)


def analysis(position, time=None, weak=False):
    """What is known of every column within ``time`` seconds (None: until
    every column is solved): an :class:`Analysis`, never a TimeoutError."""
    return _solver().analysis(position, time=time, weak=weak)


def analyze(position, weak=False, time=None):
    """The score of every column (None for a full one); a TimeoutError when
    not every column is solved within ``time`` seconds."""
    return _solver().analyze(position, weak=weak, time=time)


def solve_many(positions, weak=False):
    """The scores of many positions, on every core, the GIL released."""
    return _solver().solve_many(list(positions), weak=weak)
