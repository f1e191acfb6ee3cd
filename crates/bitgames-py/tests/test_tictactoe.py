"""Tic-tac-toe's perfect values, checked against a minimax written here over
the positions' own API (legal_actions, child, returns)."""

import doctest
import functools

import bitgames.tictactoe as ttt
from bitgames import TicTacToe


@functools.lru_cache(maxsize=None)
def minimax(notation):
    pos = TicTacToe(notation)
    if pos.is_terminal():
        return int(pos.returns()[pos.current_player()])
    return max(-minimax(pos.child(a).notation()) for a in pos.legal_actions())


def reachable():
    seen, todo = set(), [TicTacToe()]
    while todo:
        pos = todo.pop()
        if pos in seen:
            continue
        seen.add(pos)
        todo.extend(pos.child(a) for a in pos.legal_actions())
    return seen


def test_every_reachable_position_has_the_minimax_value():
    positions = reachable()
    assert len(positions) == 5478
    for pos in positions:
        assert pos.value() == minimax(pos.notation()), pos.notation()
        if not pos.is_terminal():
            values = pos.action_values()
            assert sorted(values) == pos.legal_actions()
            assert max(values.values()) == pos.value()
            assert all(values[a] == pos.value() for a in pos.best_actions())


def test_values_in_words_and_doctests():
    assert TicTacToe("1524").value_text() == "win in 1"
    assert TicTacToe().value_text() == "draw"
    assert TicTacToe("12345").value_text() == "loss in 2"  # X threatens 7 and 9: O blocks one
    assert TicTacToe().plies() is None
    assert doctest.testmod(ttt).failed == 0
