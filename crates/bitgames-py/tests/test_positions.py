"""Positions of all three games through the one generic class: actions,
masks, errors, copies, pickling, equality, observations."""

import copy
import pickle

import numpy as np
import pytest

from bitgames import ConnectFour, Santorini, TicTacToe

SANTORINI_MID = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2"

# (class, start's legal actions, observation shape, num_actions)
GAMES = [
    (ConnectFour, 7, (6, 7, 2), 7),
    (TicTacToe, 9, (3, 3, 2), 9),
    (Santorini, 300, (5, 5, 6), 753),  # 25 * 24 / 2 placements of two workers
]


@pytest.mark.parametrize("cls,n_legal,shape,n_actions", GAMES)
def test_start_position_speaks_openspiel(cls, n_legal, shape, n_actions):
    pos = cls()
    assert pos.num_actions() == n_actions
    assert len(pos.legal_actions()) == n_legal
    mask = pos.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (n_actions,)
    assert list(np.flatnonzero(mask)) == pos.legal_actions()
    assert pos.current_player() == 0
    assert not pos.is_terminal()
    assert pos.returns() == [0.0, 0.0]
    obs = pos.observation()
    assert obs.shape == shape and obs.dtype == np.bool_ and not obs[..., :2].any()


@pytest.mark.parametrize("cls", [g[0] for g in GAMES])
def test_illegal_action_names_it_and_leaves_the_position(cls):
    pos = cls()
    pos.apply_action(pos.legal_actions()[0])
    before = pos.clone()
    with pytest.raises(ValueError, match=r"action 100000 is outside 0\.\.\d+"):
        pos.apply_action(100000)
    with pytest.raises(ValueError, match=r"action -1 is outside"):
        pos.apply_action(-1)
    with pytest.raises(ValueError, match=r"^action 1180591620717411303424 is outside 0\.\.\d+$"):
        pos.apply_action(2**70)
    assert pos == before
    with pytest.raises(TypeError, match=r"^action must be an integer, got str$"):
        pos.apply_action("3")


def test_connect_four_full_column_and_finished_game():
    pos = ConnectFour("444444")
    with pytest.raises(ValueError, match=r"action 3 \(move 4\): column 4 is full"):
        pos.apply_action(3)
    with pytest.raises(ValueError, match=r"move `4`: column 4 is full"):
        pos.play("4")
    with pytest.raises(ValueError, match=r"`x` is not a column"):
        pos.play("x")
    assert pos == ConnectFour("444444")
    won = ConnectFour("1212121")
    assert won.is_terminal() and won.winner() == 0 and won.returns() == [1.0, -1.0]
    assert won.legal_actions() == [] and not won.legal_action_mask().any()
    with pytest.raises(ValueError, match="the game is already over"):
        won.apply_action(2)


def test_bad_notation_is_a_value_error_naming_the_move():
    with pytest.raises(ValueError, match=r"bad Connect Four position `449`: move 3 `9`: column 9 is outside 1\.\.7"):
        ConnectFour("449")
    with pytest.raises(ValueError, match=r"square 5 \(b2\) is already taken by O"):
        TicTacToe("155")
    with pytest.raises(ValueError, match="bad Santorini position"):
        Santorini("nonsense")
    with pytest.raises(ValueError, match="bad Santorini position .*player 1's section must be a god"):
        Santorini("0000000000000000000000000/1/chaos:B3,D3/pan:C4,C2")


def test_tictactoe_play_by_name_and_draw():
    pos = TicTacToe()
    for mv in ["b2", "a1", "a2", "c2", "b1", "b3", "a3", "c1", "c3"]:
        pos.play(mv)
    assert pos.is_terminal() and pos.winner() is None and pos.returns() == [0.0, 0.0]
    with pytest.raises(ValueError, match="already over"):
        pos.play("a1")


@pytest.mark.parametrize("cls,notation", [(ConnectFour, "4453"), (TicTacToe, "1524"), (Santorini, SANTORINI_MID)])
def test_copies_pickles_equality_hash(cls, notation):
    pos = cls(notation)
    twin = pickle.loads(pickle.dumps(pos))
    assert twin == pos and hash(twin) == hash(pos)
    assert copy.deepcopy(pos) == pos
    c = pos.clone()
    c.apply_action(c.legal_actions()[0])
    assert c != pos and cls(notation) == pos
    assert pos.child(pos.legal_actions()[0]) == c
    assert len({pos, twin, c}) == 2
    assert pos != "not a position"


def test_str_and_repr_draw_the_board():
    pos = ConnectFour("4453")
    assert str(pos).splitlines()[-3:] == [". . . O . . .", ". . O X X . .", "1 2 3 4 5 6 7"]
    # The notation is the library registry's: a move string that reaches the
    # position (the same for every way there), which reads back.
    assert repr(pos).startswith("ConnectFour('5344')\n") and ConnectFour("5344") == pos
    assert ". . O X X . ." in repr(pos)
    assert ConnectFour("0000000/0000000/0000000/0000000/0002000/0021100") == pos
    # Another board size: the notation is the grid, and pickling keeps it.
    small = ConnectFour.from_grid([[0] * 6] * 4 + [[0, 0, 2, 0, 0, 0], [0, 0, 1, 1, 0, 0]])
    assert small.notation() == "000000/000000/000000/000000/002000/001100"
    assert pickle.loads(pickle.dumps(small)) == small and small.width == 6
    assert str(TicTacToe("1524")) == "X X .\nO O .\n. . .\n"
    assert "1" in str(Santorini(SANTORINI_MID)) and "A   B" in str(Santorini(SANTORINI_MID))


def test_observation_is_pgx_layout_from_each_side():
    pos = ConnectFour("45")  # X on column 4, O on column 5, X to move
    me, them = pos.observation(0), pos.observation(1)
    assert me[5, 3, 0] and me[5, 4, 1] and me.sum() == 2
    assert them[5, 4, 0] and them[5, 3, 1]
    assert (pos.observation() == me).all()
    with pytest.raises(ValueError, match=r"^player 2 is not 0 or 1 \(0 moves first\)$"):
        pos.observation(2)
    with pytest.raises(ValueError, match=r"^player 1267650600228229401496703205376 is not 0 or 1"):
        pos.observation(2**100)
    with pytest.raises(TypeError, match=r"^player must be an integer, got str$"):
        pos.observation("1")
    t = TicTacToe("15")
    assert t.observation()[0, 0, 0] and t.observation()[1, 1, 1]
    s = Santorini(SANTORINI_MID)
    obs = s.observation()
    assert obs[..., 0].sum() == 2 and obs[..., 1].sum() == 2 and not obs[..., 2:].any()


def test_actions_and_moves_name_each_other():
    s = Santorini(SANTORINI_MID)
    for a in s.legal_actions()[:20]:
        assert s.move_to_action(s.action_to_move(a)) == a
    assert sorted(s.move_to_action(m) for m in s.legal_moves()) == s.legal_actions()
    with pytest.raises(ValueError, match="action 752"):
        ConnectFour().action_to_move(752)


@pytest.mark.parametrize(
    "cls,notation,counts",
    [
        (ConnectFour, None, [7, 49, 343, 2401]),
        (TicTacToe, None, [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]),
        (Santorini, SANTORINI_MID, [68, 5156, 350208]),
    ],
)
def test_perft_counts(cls, notation, counts):
    pos = cls(notation) if notation else cls()
    assert [pos.perft(d) for d in range(1, len(counts) + 1)] == counts


def test_best_move_is_the_registry_engine_of_every_game():
    r = TicTacToe("1524").best_move()
    assert (r["move"], r["action"], r["ties"], r["score_text"], r["exact"], r["engine"]) == (
        "3", 2, ["3"], "win in 1", True, "perfect")
    # O answers the centre in a corner: the four corners draw, the edges lose.
    assert sorted(TicTacToe("5").best_move()["ties"]) == ["1", "3", "7", "9"]
    r = ConnectFour().best_move(time=2.0)  # the built-in book answers
    assert (r["move"], r["ties"], r["score"], r["score_text"], r["exact"], r["engine"]) == (
        "4", ["4"], 1, "win in 21", True, "solver")
    r = Santorini("2300000000000000000000000/1/mortal:A5,E1/mortal:C3,D3").best_move(depth=1)
    assert r["move"] == "A5>B5#" and r["engine"] == "alpha-beta"
    with pytest.raises(ValueError, match=r"^the game is already over: player 1 wins$"):
        ConnectFour("1212121").best_move()
    with pytest.raises(ValueError, match=r"^time -1 must be a positive number of seconds, at most 86400 \(a day\)$"):
        TicTacToe().best_move(time=-1)


def test_move_to_action_refuses_moves_outside_the_action_space():
    small = ConnectFour.from_grid([[0] * 4] * 4)
    assert small.move_to_action("4") == 3
    with pytest.raises(ValueError, match=r"^`5` is not a column: use a number 1\.\.4$"):
        small.move_to_action("5")
    with pytest.raises(ValueError, match=r"^move `A1,A1` is not one of this position's 753 actions$"):
        Santorini().move_to_action("A1,A1")
