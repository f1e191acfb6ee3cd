"""The AEC environments pass PettingZoo's own api_test."""

import pytest
from pettingzoo.test import api_test

from bitgames import aec


@pytest.mark.parametrize("game", ["connect_four", "tic_tac_toe"])
def test_pettingzoo_api_test(game):
    api_test(aec.env(game), num_cycles=1000)


def test_a_game_to_the_end_and_an_illegal_move():
    e = aec.env("tic_tac_toe")
    e.reset()
    for a in [0, 3, 1, 4, 2]:
        e.step(a)
    assert e.terminations == {"player_0": True, "player_1": True}
    assert e.rewards == {"player_0": 1, "player_1": -1}
    e.reset()
    e.step(4)
    with pytest.raises(ValueError, match=r"action 4 \(move 5\): square 5 \(b2\) is already taken by X"):
        e.step(4)
