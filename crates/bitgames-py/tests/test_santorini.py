"""Santorini's tutorial functions and engine through Python."""

import doctest

import numpy as np
import pytest

import bitgames.santorini as sa
from bitgames import Santorini

TUTORIAL = "(1,2) [0,0,2,0,0,1,2,0,4,1,3,0,0,0,1,0,0,1,3,4,0,1,1,2,2]"
LEVELS = [0, 0, 2, 0, 0, 1, 2, 0, 4, 1, 3, 0, 0, 0, 1, 0, 0, 1, 3, 4, 0, 1, 1, 2, 2]
MID = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2"


def test_the_tutorials_example_every_way():
    expected = [(1, 1), (2, 1), (2, 3)]
    assert sa.move_to(TUTORIAL) == expected
    assert sa.move_to((1, 2), LEVELS) == expected
    assert sa.move_to(9, np.array(LEVELS, dtype=np.uint8).reshape(5, 5)) == expected
    d = sa.distances((1, 2), np.array(LEVELS))
    assert d.shape == (5, 5) and d.dtype == np.int8
    assert d.ravel().tolist() == [1, 0, 3, 2, 3, 1, 2, 1, -1, 3, 3, 2, 2, 2, 3, 3, 3, 3, 5, -1, 4, 4, 4, 4, 5]
    assert doctest.testmod(sa).failed == 0


def test_distances_agree_with_move_to_on_random_instances():
    rng = np.random.default_rng(3)
    for _ in range(300):
        levels = rng.choice([0, 0, 1, 1, 1, 2, 2, 2, 3, 4], size=(5, 5))
        r, c = rng.integers(1, 6, size=2)
        if levels[r - 1, c - 1] == 4:
            continue
        d = sa.distances((int(r), int(c)), levels)
        ones = sorted(tuple(int(x) + 1 for x in rc) for rc in zip(*np.nonzero(d == 1)))
        assert ones == sa.move_to((int(r), int(c)), levels)
        assert d[r - 1, c - 1] == 0


def test_bad_instances_name_the_problem():
    bad = list(LEVELS)
    bad[24] = 5
    with pytest.raises(ValueError, match=r"level 5 of space #25 is outside 0\.\.4"):
        sa.move_to((1, 2), bad)
    with pytest.raises(ValueError, match=r"row 6 is outside 1\.\.5"):
        sa.move_to((6, 1), LEVELS)
    with pytest.raises(ValueError, match="bit 7 is not a space"):
        sa.move_to(7, LEVELS)
    with pytest.raises(TypeError, match="got dtype float64"):
        sa.distances((1, 2), np.zeros((5, 5)))
    with pytest.raises(ValueError, match=r"shape \(5, 5\) or \(25,\), got \(4, 4\)"):
        sa.distances((1, 2), np.zeros((4, 4), dtype=int))
    with pytest.raises(ValueError, match="expected 25 levels, found 3"):
        sa.move_to((1, 2), [0, 0, 0])
    with pytest.raises(ValueError, match="stands on level 4"):
        sa.move_to((1, 3), [0, 0, 4] + [0] * 22)


def test_best_move_is_legal_and_finds_a_win():
    pos = Santorini(MID)
    r = sa.best_move(pos, depth=2)
    assert r["move"] in pos.legal_moves() and r["depth"] == 2 and r["nodes"] > 0
    assert pos.action_to_move(r["action"]) == r["move"]
    # A worker on level 2 next to a level-3 space wins at once.
    win = Santorini("2300000000000000000000000/1/mortal:A5,E1/mortal:C3,D3")
    assert sa.best_move(win, time=0.5)["move"].endswith("#")
    with pytest.raises(ValueError, match="time -1 must be a positive"):
        sa.best_move(pos, time=-1.0)


def test_levels_and_workers():
    pos = Santorini(MID)
    assert pos.levels().shape == (5, 5) and pos.levels().sum() == 0
    assert sorted(pos.workers(0)) == ["B3", "D3"] and sorted(pos.workers(1)) == ["C2", "C4"]
