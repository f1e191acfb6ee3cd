"""Issue 73's edges of the Python package: the caps the command and the
server have (book files, depths, times, thread counts), a book of another
board size, and actions that are not what they look like."""

import os
import subprocess

import numpy as np
import pytest

from conftest import ROOT
from bitgames import Book, ConnectFour, Santorini, Solver, aec, vector


@pytest.mark.parametrize("load", [Book.load, lambda p: Solver(book=p)])
def test_an_endless_book_file_is_refused_not_read_to_the_end(load):
    # Before, Book.load("/dev/zero") read until memory ran out.
    with pytest.raises(ValueError, match=r"^/dev/zero: bad book: longer than the 67108864 bytes"):
        load("/dev/zero")


def test_a_directory_is_not_a_book(tmp_path):
    with pytest.raises(ValueError, match="is a directory, not a book file"):
        Book.load(str(tmp_path))


@pytest.fixture(scope="module")
def book_5x4(tmp_path_factory):
    target = ROOT / os.environ.get("CARGO_TARGET_DIR", "target")
    exe = target / "release" / "bitgames"
    if not os.access(exe, os.X_OK):
        pytest.fail(f"{exe} is missing: test.sh builds it (cargo build --release -p bitgames-cli)")
    out = tmp_path_factory.mktemp("book") / "5x4.book"
    subprocess.run([str(exe), "connect4", "book", "build", "--width", "5", "--height", "4",
                    "--depth", "2", "-o", str(out)], check=True, capture_output=True)
    return str(out)


def test_a_book_of_another_board_is_refused_as_the_command_refuses_it(book_5x4):
    # Before, the 5x4 book was silently unused for 7x6 positions.
    solver = Solver(book=book_5x4)
    pos = ConnectFour("4453")
    message = r"the solver's book is for a 5x4 board, not 7x6"
    for call in (solver.solve, solver.analyze, solver.best_action):
        with pytest.raises(ValueError, match=f"^{message}$"):
            call(pos)
    with pytest.raises(ValueError, match=f"^position 1: {message}$"):
        solver.solve_many([ConnectFour.from_grid(np.zeros((4, 5), dtype=np.int8)), pos])
    with pytest.raises(ValueError, match=r"^the book is for a 5x4 board, not 7x6$"):
        Book.load(book_5x4).score(pos)
    # Its own board: answered as without a book; the built-in book serves
    # only 7x6, and a solver with it still solves any board.
    empty = ConnectFour.from_grid(np.zeros((4, 5), dtype=np.int8))
    score = Solver(book=None).solve(empty)
    assert solver.solve(empty) == score
    assert Solver().solve(empty) == score


def test_depths_are_capped_at_200_and_start_at_1_as_in_the_api():
    # Before, depth=10**9 was accepted and step() then searched for ever.
    with pytest.raises(ValueError, match=r"^depth 1000000000 must be at least 1 and at most 200$"):
        vector.make("santorini", 1, opponent="expert", depth=10**9)
    for depth in (0, 201):
        with pytest.raises(ValueError, match=f"^depth {depth} must be at least 1 and at most 200$"):
            vector.make("connect_four", 1, opponent="expert", depth=depth)
        with pytest.raises(ValueError, match=f"^depth {depth} must be at least 1 and at most 200$"):
            Santorini().best_move(depth=depth)
    assert Santorini().best_move(depth=1)["depth"] == 1


def test_times_are_capped_at_a_day_as_in_the_command():
    with pytest.raises(ValueError, match=r"^time 86401 must be a positive number of seconds, at most 86400 \(a day\)$"):
        ConnectFour("44").best_move(time=86401.0)
    with pytest.raises(ValueError, match=r"^time 1e\+06 must be a positive number|^time 1000000 must be"):
        vector.make("tic_tac_toe", 1, opponent="expert", time=1e6)


def test_threads_are_capped_at_the_librarys_256():
    with pytest.raises(ValueError, match=r"^threads 257 must be at least 1 and at most 256$"):
        vector.make("tic_tac_toe", 1, threads=257)


def test_pettingzoo_refuses_an_action_that_is_not_an_integer():
    # Before, step(2.5) played column 3 (int(2.5) == 2).
    e = aec.env("connect_four")
    e.reset(seed=0)
    with pytest.raises(TypeError, match=r"an action is an integer, got 2.5 of type float"):
        e.step(2.5)
    assert e.unwrapped.pos.moves_played() == 0
    e.step(np.int64(3))
    assert e.unwrapped.pos.moves_played() == 1


def test_an_action_of_2_to_the_64_minus_1_is_named_as_given():
    # Before, a uint64 array's 2^64 - 1 was cast to -1 and reported as "-1".
    env = vector.make("connect_four", 2)
    env.reset()
    big = 2**64 - 1
    for actions in (np.array([3, big], dtype=np.uint64), [3, big]):
        with pytest.raises(ValueError, match=f"^environment 1: action {big} is outside 0..6$"):
            env.step(actions)
    env.step(np.array([3, 3], dtype=np.uint64))
