"""Santorini: the bitboard tutorial's move-to sets and distances, and the engine
(the library registry's search, as every position's ``best_move``).

The tutorial's instance, a worker and 25 levels row-major from (1,1):

>>> levels = [0,0,2,0,0, 1,2,0,4,1, 3,0,0,0,1, 0,0,1,3,4, 0,1,1,2,2]
>>> move_to((1, 2), levels)
[(1, 1), (2, 1), (2, 3)]
>>> move_to(9, levels)          # the tutorial's bit index i of M(i): (1,2) is bit 9
[(1, 1), (2, 1), (2, 3)]
>>> distances("(1,2) [0,0,2,0,0,1,2,0,4,1,3,0,0,0,1,0,0,1,3,4,0,1,1,2,2]")
array([[ 1,  0,  3,  2,  3],
       [ 1,  2,  1, -1,  3],
       [ 3,  2,  2,  2,  3],
       [ 3,  3,  3,  5, -1],
       [ 4,  4,  4,  4,  5]], dtype=int8)
>>> Santorini("0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2").perft(2)
5156

The gods (see docs/python.md for their planes and actions):

>>> pos = Santorini(gods=("apollo", "pan"))   # the start, player 1 (apollo) to place
>>> pos.notation(), pos.num_actions(), pos.observation().shape
('0000000000000000000000000/1/apollo/pan', 122076, (5, 5, 117))
>>> pos = Santorini("0000000000000000000000000/1/apollo:B3,D3/pan:C4,C2")
>>> pos.play("B3>C4^B5")   # Apollo swaps with the worker on C4
>>> pos.notation()
'0100000000000000000000000/2/apollo:C4,D3/pan:B3,C2'
"""

from ._bitgames import Santorini
from ._bitgames import sa_banned_pairs as _banned_pairs
from ._bitgames import sa_distances as distances
from ._bitgames import sa_gods as _gods
from ._bitgames import sa_move_to as move_to
from ._bitgames import sa_naive_successors as naive_successors

__all__ = ["END_TURN", "GODS", "GO_ON", "NUM_GOD_ACTIONS", "Santorini", "banned_pairs", "best_move", "distances", "god_powers",
           "move_to", "naive_successors"]

#: The gods, in the library's order: the ten simple ones, then the later ones (``mortal``, no
#: power, is the base game).
GODS = tuple(name for name, _ in _gods() if name != "mortal")
#: The actions of a game with any god (the base game has 753).
NUM_GOD_ACTIONS = Santorini(gods=("mortal", GODS[0])).num_actions()
#: The action that ends a turn begun that could go on (a spelled turn:
#: Polyphemus' domes, Poseidon's and Morpheus' builds; docs/python.md).
END_TURN = NUM_GOD_ACTIONS - 1
#: The first of the 25 actions that go on with a turn begun: one more build
#: or dome on a space, ``GO_ON + 5 * row + column`` (A5 is 0, E1 is 24).
GO_ON = END_TURN - 25


def god_powers():
    """Every god, ``mortal`` first, then the ten: ``[(name, power)]``, the
    power in one sentence."""
    return _gods()


def banned_pairs():
    """The pairs of gods that may not play each other, as santorini-ai bans
    them: ``[(god, god)]``, each pair once, in the order of ``god_powers()``.
    ``gods=`` refuses them, in either order, with a ValueError naming both."""
    return _banned_pairs()


def best_move(position, time=None, depth=None, level=None, seed=None):
    """The engine's move (``position.best_move``): a dict with ``move``,
    ``action``, ``score`` (and ``score_text``), ``depth``, ``nodes``,
    ``time``, ... ``time`` in seconds (default 1 when no depth is given),
    ``depth`` in plies; ``level`` 0 (a random move) to 10 (full strength),
    n between: a search of n plies; ``seed`` repeats a random move."""
    if time is None and depth is None:
        time = 1.0
    return position.best_move(time=time, depth=depth, level=level, seed=seed)
