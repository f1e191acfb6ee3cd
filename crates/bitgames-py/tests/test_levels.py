"""Levels for players through ``best_move(level=, seed=)``: level 0 plays
every legal move, level 10 the best, a seed repeats the move, and a bad
level or seed is a ValueError naming it."""

import collections

import pytest

import bitgames.santorini as sa
from bitgames import ConnectFour, Santorini, TicTacToe

PLACED = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2"


def test_level_0_plays_every_legal_move_about_as_often():
    pos = TicTacToe()
    seen = collections.Counter(pos.best_move(level=0, seed=s)["move"] for s in range(900))
    assert len(seen) == 9
    assert all(60 <= n <= 140 for n in seen.values()), seen


def test_level_10_and_no_level_play_the_best_move():
    # X to move: square 3 wins at once.
    pos = TicTacToe("1524")
    for s in range(20):
        m = pos.best_move(level=10, seed=s)
        assert (m["move"], m["level"], m["seed"]) == ("3", 10, None)
    m = pos.best_move()
    assert (m["move"], m["level"], m["seed"]) == ("3", None, None)


def test_a_weaker_level_says_so_and_the_seed_repeats_it():
    m = TicTacToe("1524").best_move(level=3, seed=6)
    assert (m["move"], m["level"], m["seed"]) == ("7", 3, 6)
    assert m["score_text"] == "loss in 2 (level 3, seed 6; best: win in 1)"
    for pos in [TicTacToe(), ConnectFour("4453"), Santorini()]:
        first = pos.best_move(level=4, seed=42, time=10.0)["move"]
        assert all(pos.best_move(level=4, seed=42, time=10.0)["move"] == first for _ in range(3))


def test_levels_prefer_better_moves_as_they_rise():
    pos = TicTacToe("1524")
    wins = [
        sum(pos.best_move(level=n, seed=s)["move"] == "3" for s in range(400))
        for n in (0, 2, 5, 9)
    ]
    assert wins == sorted(wins) and wins[0] < 120 and wins[3] == 400, wins


def test_santorini_levels_search_as_many_plies():
    m = sa.best_move(Santorini(PLACED), level=2)
    assert (m["depth"], m["level"]) == (2, 2)
    assert m["score_text"].endswith("(level 2: a 2-ply search)")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"level": 11}, "level 11 must be at least 0 and at most 10"),
        ({"level": -1}, "level -1 must be at least 0 and at most 10"),
        ({"level": 3, "seed": -5}, "seed -5 must be at least 0 and at most 18446744073709551615"),
        ({"seed": 5}, "seed 5 is given without a level: add level=0..10"),
    ],
)
def test_a_bad_level_or_seed_is_a_value_error_naming_it(kwargs, message):
    with pytest.raises(ValueError) as e:
        ConnectFour().best_move(**kwargs)
    assert str(e.value) == message
