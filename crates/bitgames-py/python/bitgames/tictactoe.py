"""Tic-tac-toe: positions and perfect values.

>>> pos = TicTacToe("1524")
>>> print(pos)
X X .
O O .
. . .
<BLANKLINE>
>>> pos.value(), pos.value_text(), pos.best_actions()
(1, 'win in 1', [2])
>>> TicTacToe().value()
0
"""

from ._bitgames import TicTacToe

__all__ = ["TicTacToe"]
