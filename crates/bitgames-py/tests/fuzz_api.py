"""No call of the package aborts or panics the interpreter: each either
succeeds or raises an ordinary Python exception with a message.

The hypothesis tests below feed the entry points random arguments (strings,
action sequences with illegal and out-of-range actions, numpy arrays of any
shape and dtype, negative and huge numbers). A Rust panic would surface as
pyo3's PanicException (a BaseException, which no check here accepts); an
abort would kill the process. So the whole hypothesis session runs in a
child process (`test_fuzz_api.py` runs this file): a crash there is a failed
test with the child's output, not a dead test runner. pytest does not collect
this file by itself (its name does not start with `test_`); run the cases
directly with `pytest fuzz_api.py`.
"""

import math
import os
import pickle

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import bitgames
from bitgames import Book, ConnectFour, Santorini, Solver, TicTacToe, _bitgames, connect4, santorini, vector
from bitgames.gym import GameEnv


#: The exceptions a bad argument may raise (each with a message).
ERRORS = (ValueError, TypeError, OverflowError, MemoryError, TimeoutError, RuntimeError, OSError)

FUZZ = settings(
    max_examples=int(os.environ.get("BITGAMES_FUZZ_EXAMPLES", "150")),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

CLASSES = [ConnectFour, TicTacToe, Santorini]


def santorini_with_gods():
    """A start with gods (122,076 actions), Hermes' and Apollo's turns."""
    return Santorini(gods=("hermes", "apollo"))


#: The starts of the action sequences: each game, and Santorini with gods.
STARTS = CLASSES + [santorini_with_gods]
GAMES = ["connect_four", "tic_tac_toe", "santorini"]
NOTATION_CHARS = "0123456789/\n[] ,>^#-abcdeABCDEXO.mortal:"

huge_ints = st.one_of(st.integers(-2**70, -2**62), st.integers(2**31, 2**70))
over_u32 = st.integers(2**32, 2**70)
any_int = st.one_of(st.integers(-5, 800), huge_ints)
floats = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, -0.0, -1.0, 1e-300, 1e9, 86400.0, 86400.5, 1e300, math.inf, -math.inf, math.nan]),
)
#: Time limits: invalid ones, or valid but short (so that a search ends soon).
times = st.one_of(st.none(), floats.filter(lambda t: not (0 < t <= 86400)), st.floats(1e-6, 0.01))
texts = st.one_of(st.text(max_size=40), st.text(alphabet=NOTATION_CHARS, max_size=60))
arrays = hnp.arrays(
    dtype=st.sampled_from([np.int8, np.int64, np.uint64, np.float64, np.bool_, np.uint8]),
    shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=9),
)
#: Whatever a caller might pass where an int or an array is expected.
junk = st.one_of(st.none(), any_int, floats, texts, arrays, st.lists(any_int, max_size=10),
                 st.lists(st.lists(any_int, max_size=9), max_size=9))


def attempt(f, *args, **kwargs):
    """(True, result) or (False, the exception), for an exception of ERRORS
    with a message; any other exception fails the test."""
    try:
        return True, f(*args, **kwargs)
    except ERRORS as e:
        assert str(e), f"{type(e).__name__} without a message"
        return False, e


def check_position(pos):
    """What holds for any position the package hands out."""
    cls = type(pos)
    assert cls(pos.notation()) == pos
    assert pickle.loads(pickle.dumps(pos)) == pos
    assert str(pos) and repr(pos).startswith(f"{cls.__name__}(")
    legal = pos.legal_actions()
    assert np.flatnonzero(pos.legal_action_mask()).tolist() == legal
    assert pos.is_terminal() == (legal == [])
    for a in legal[:5]:
        assert pos.move_to_action(pos.action_to_move(a)) == a


#: The games' names in messages (the registry's one way).
PROSE_NAMES = {"ConnectFour": "Connect Four", "TicTacToe": "tic-tac-toe", "Santorini": "Santorini"}


@FUZZ
@given(cls=st.sampled_from(CLASSES), text=texts)
def test_any_notation_is_a_position_or_a_value_error(cls, text):
    ok, pos = attempt(cls, text)
    if ok:
        check_position(pos)
    else:
        assert isinstance(pos, ValueError) and str(pos).startswith(f"bad {PROSE_NAMES[cls.__name__]} position `")


@FUZZ
@given(cls=st.sampled_from(STARTS), data=st.data())
def test_action_sequences_with_illegal_ones_refused_and_nothing_moved(cls, data):
    pos = cls()
    for _ in range(data.draw(st.integers(0, 60))):
        legal = pos.legal_actions()
        choice = st.one_of(st.sampled_from(legal), any_int) if legal else any_int
        a = data.draw(choice)
        before = pos.clone()
        ok, err = attempt(pos.apply_action, a)
        assert ok == (a in legal), (a, legal, err)
        if not ok:
            assert pos == before
            assert isinstance(err, OverflowError) or str(a) in str(err)
        for f in (pos.action_to_move, pos.child):
            attempt(f, data.draw(any_int))
        attempt(pos.play, data.draw(texts))
        attempt(pos.move_to_action, data.draw(texts))
        attempt(pos.observation, data.draw(st.one_of(st.none(), any_int)))
    check_position(pos)
    ok, err = attempt(pos.perft, data.draw(st.one_of(st.integers(0, 2), st.integers(-2**70, -1))))
    depth = data.draw(st.one_of(st.none(), st.integers(0, 2)))
    ok, r = attempt(pos.best_move, time=data.draw(times) or 0.01, depth=depth)
    if ok:
        assert r["action"] in pos.legal_actions()


@FUZZ
@given(cls=st.sampled_from(CLASSES), time=times, depth=st.one_of(st.none(), st.integers(-3, 2), huge_ints))
def test_best_move_limits(cls, time, depth):
    pos = cls()
    if time is None and (depth is None or depth > 2):
        time = 0.01  # otherwise a search may take long, which is not the point here
    ok, r = attempt(pos.best_move, time=time, depth=depth)
    if ok:
        assert r["action"] in pos.legal_actions() and r["move"] in pos.legal_moves()


#: The gods in the library's order, and the pairs (earlier god first) that may not play.
GOD_ORDER = [name for name, _ in santorini.god_powers()]
BANNED = set(santorini.banned_pairs())

#: Good values of each argument of vector.make, and bad ones.
VECTOR_ARGS = {
    "game": (st.sampled_from(GAMES + ["connect4", "tictactoe"]), st.one_of(texts, any_int)),
    "num_envs": (st.integers(1, 40), st.one_of(st.integers(-3, 0), st.integers(2**24 + 1, 2**70),
                                              st.integers(-2**70, -1), floats, texts)),
    "seed": (st.integers(0, 2**64 - 1), st.one_of(st.integers(2**64, 2**70), st.integers(-2**70, -1), floats)),
    "opponent": (st.sampled_from([None, "random", "expert"]), st.one_of(texts, any_int)),
    "agent": (st.integers(0, 1), st.one_of(st.integers(-3, -1), st.integers(2, 5), huge_ints, floats)),
    "depth": (st.one_of(st.none(), st.integers(1, 2)), st.one_of(st.integers(-3, 0), st.integers(201, 2**31), over_u32, floats)),
    "time": (st.one_of(st.none(), st.floats(1e-6, 0.01)), floats.filter(lambda t: not (0 < t <= 86400))),
    "max_steps": (st.one_of(st.none(), st.integers(1, 30)), st.one_of(st.integers(-3, 0), over_u32)),
    "threads": (st.sampled_from([None, 1, 2, 3]), st.sampled_from([-1, 0, 257, 2**64, 2**100, 1.5])),
    # Good for Santorini only (for the other games any gods but None are bad).
    "gods": (st.one_of(st.none(), st.just("random"), st.sampled_from(["apollo,pan", " Hermes , ATLAS"]),
                       st.tuples(st.sampled_from(santorini.GODS + ("mortal",)),
                                 st.sampled_from(santorini.GODS + ("mortal",)))),
             st.one_of(any_int, floats, st.text(alphabet="xyz ,", max_size=12),
                       st.lists(st.text(alphabet="xyz", max_size=6), max_size=4),
                       st.lists(st.sampled_from(santorini.GODS), max_size=4).filter(lambda g: len(g) != 2))),
}


@FUZZ
@given(data=st.data())
def test_vector_envs_take_any_arguments_and_actions(data):
    # Half the time every argument is good; else one (or more) is bad.
    bad = data.draw(st.one_of(st.just(set()), st.sets(st.sampled_from(sorted(VECTOR_ARGS)), min_size=1)))
    args = {k: data.draw(v[k in bad]) for k, v in VECTOR_ARGS.items()}
    if args["gods"] is not None and args["game"] not in ("santorini",):
        bad = bad | {"gods"}
    if isinstance(args["gods"], tuple) and (tuple(sorted(args["gods"], key=GOD_ORDER.index)) in BANNED):
        bad = bad | {"gods"}  # a pair santorini-ai bans is refused, whatever the game
    game, num_envs, opponent, time = args["game"], args["num_envs"], args["opponent"], args["time"]
    if opponent == "expert" and time is None and game in ("connect_four", "connect4"):
        time = 0.005  # the solver's default is 3 s a move
    args["time"] = time
    ok, env = attempt(vector.make, **args)
    assert ok == (not bad), (bad, env)
    if not ok:
        return
    assert env.num_envs == num_envs
    ok, _ = attempt(env.reset, seed=data.draw(st.one_of(st.none(), st.integers(0, 2**64 - 1), huge_ints)))
    obs, info = env.reset()
    done = np.zeros(num_envs, dtype=bool)  # the games whose next step only resets them
    for _ in range(data.draw(st.integers(0, 4))):
        mask = info["action_mask"]
        actions = data.draw(st.one_of(st.just(env.sample_actions()), junk,
                                      st.lists(any_int, min_size=num_envs, max_size=num_envs)))
        before = [p.notation() for p in env.positions()]
        ok, out = attempt(env.step, actions)
        if not ok:
            assert [p.notation() for p in env.positions()] == before
            continue
        if isinstance(actions, np.ndarray) and actions.dtype.kind in "iu":
            a = actions.astype(np.int64)  # accepted: each legal, or for a game that resets
            assert all(done[i] or (0 <= a[i] < mask.shape[1] and mask[i, a[i]]) for i in range(num_envs))
        obs, reward, terminated, truncated, info = out
        assert obs.shape == (num_envs, *env.single_obs_shape) and reward.shape == (num_envs,)
        done = terminated | truncated
    games = data.draw(st.one_of(st.integers(0, 3), st.integers(-2**70, -1), st.integers(2**64, 2**70)))
    assert attempt(env.core.random_play, games)[0] == (0 <= games <= 3)
    env.close()
    assert not attempt(env.step, np.zeros(num_envs, dtype=int))[0]


@FUZZ
@given(game=st.sampled_from(GAMES), opponent=st.one_of(st.sampled_from(["random", "expert", None]), texts),
       agent=st.one_of(st.integers(-1, 2), st.booleans(), floats), time=times,
       illegal=st.sampled_from(["raise", "lose", "ignore"]), data=st.data())
def test_the_gymnasium_env_takes_any_arguments_and_actions(game, opponent, agent, time, illegal, data):
    if time is None and game == "connect_four":
        time = 0.005
    ok, env = attempt(GameEnv, game, opponent=opponent, agent=agent, time=time, illegal_action=illegal)
    if not ok:
        return
    obs, info = env.reset(seed=data.draw(st.integers(0, 2**32)))
    for _ in range(data.draw(st.integers(0, 30))):
        # The draws do not depend on the game (the expert's moves depend on time).
        legal = np.flatnonzero(info["action_mask"]).tolist()
        kind, value = data.draw(st.one_of(st.tuples(st.just("legal"), st.integers(0, 2**16)),
                                          st.tuples(st.just("junk"), junk)))
        action = legal[value % len(legal)] if kind == "legal" and legal else value
        ok, out = attempt(env.step, action)
        if not ok:
            continue
        obs, reward, terminated, truncated, info = out
        assert obs in env.observation_space and reward in (-1.0, 0.0, 1.0)
        if terminated or truncated:
            obs, info = env.reset()


@FUZZ
@given(grid=junk, bits=any_int, width=st.one_of(st.integers(-2, 12), huge_ints),
       height=st.one_of(st.integers(-2, 12), huge_ints))
def test_connect_four_grids_and_bit_numbers(grid, bits, width, height):
    for f in (connect4.from_grid, connect4.boardzahl, ConnectFour.from_grid):
        ok, pos = attempt(f, grid)
        if ok and f is not connect4.boardzahl:
            check_position(pos)
    attempt(connect4.alignment, bits, width, height)
    attempt(connect4.draw_bits, bits, width, height)


BUILTIN = Book.builtin().to_bytes()


@FUZZ
@given(data=st.one_of(
    st.binary(max_size=200),
    st.tuples(st.integers(0, 63), st.binary(min_size=1, max_size=8)).map(
        lambda t: BUILTIN[:t[0]] + t[1] + BUILTIN[t[0] + len(t[1]):]),
    st.integers(0, 200).map(lambda n: BUILTIN[:n]),
))
def test_book_bytes(data):
    ok, book = attempt(Book, data)
    if ok:
        assert len(book) >= 0 and book.score(ConnectFour()) in (None, 1)


@FUZZ
@given(book=st.one_of(st.none(), st.just("builtin"), texts, any_int), time=times, weak=junk,
       moves=st.text(alphabet="1234567", max_size=12))
def test_the_solver_takes_any_limits(book, time, weak, moves):
    ok, solver = attempt(Solver, book)
    pos = attempt(ConnectFour, moves)
    if not (ok and pos[0]):
        return
    for f in (solver.solve, solver.analyze, solver.best_action):
        attempt(f, pos[1], weak=weak, time=0.01 if time is None else time)


@FUZZ
@given(worker=junk, levels=st.one_of(junk, st.lists(st.integers(-1, 5), min_size=25, max_size=25)))
def test_santorini_move_to_and_distances(worker, levels):
    for f in (santorini.move_to, santorini.distances):
        attempt(f, worker, levels)
        attempt(f, worker)
