"""The notebook's Connect Four and the solver through Python."""

import doctest
import pathlib

import numpy as np
import pytest

import bitgames.connect4 as c4
from bitgames import Book, ConnectFour, Solver


def test_the_notebook_examples_as_doctests():
    result = doctest.testmod(c4)
    assert result.attempted >= 10 and result.failed == 0


def test_grids_round_trip_for_random_games():
    rng = np.random.default_rng(7)
    for _ in range(200):
        pos = ConnectFour()
        for _ in range(rng.integers(0, 30)):
            if pos.is_terminal():
                break
            pos.apply_action(rng.choice(pos.legal_actions()))
        grid = pos.to_grid()
        assert grid.shape == (6, 7)
        assert c4.from_grid(grid) == pos
        p1, p2, mask = c4.boardzahl(grid)
        assert (p1, p2, mask) == pos.boardzahl() and p1 | p2 == mask and p1 & p2 == 0
        assert c4.check4(p1) == (pos.winner() == 0)
        assert ConnectFour(pos.moves()) == pos
        obs = pos.observation(0)
        assert (obs[..., 0] == (grid == 1)).all() and (obs[..., 1] == (grid == 2)).all()


def test_bad_grids_raise_clear_errors():
    with pytest.raises(ValueError, match=r"must be 2-D .* got shape \(42,\)"):
        c4.boardzahl(np.zeros(42, dtype=int))
    with pytest.raises(TypeError, match="got dtype float64"):
        c4.from_grid(np.zeros((6, 7)))
    grid = np.zeros((6, 7), dtype=np.int64)
    grid[5, 2] = 3
    with pytest.raises(ValueError, match=r"line 6, cell 3 \(column 3, row 1\): `3` is not 0, 1 or 2"):
        c4.boardzahl(grid)
    grid[5, 2] = 0
    grid[3, 0] = 1
    with pytest.raises(ValueError, match=r"floating stone: column 1, row 3"):
        c4.from_grid(grid)
    with pytest.raises(ValueError, match="132 bits, more than the 128"):
        c4.boardzahl(np.zeros((10, 12), dtype=int))
    with pytest.raises(ValueError, match="line 2 .* has 6 cells, expected 7"):
        c4.boardzahl([[0] * 7, [0] * 6])
    with pytest.raises(ValueError, match="outside the 7x6 board"):
        c4.check4(1 << 6)


def test_other_board_sizes_from_grids():
    grid = np.array([[0, 0, 0, 0], [0, 0, 0, 0], [2, 0, 0, 0], [1, 1, 2, 0]])
    pos = c4.from_grid(grid)
    assert (pos.width, pos.height) == (4, 4) and pos.legal_actions() == [0, 1, 2, 3]
    obs = pos.observation(1)  # seen by player 2: its stones first
    assert obs.shape == (4, 4, 2)
    assert (obs[..., 0] == (grid == 2)).all() and (obs[..., 1] == (grid == 1)).all()
    assert "position" in pos.draw_words()
    assert c4.draw_bits(1, 4, 4).splitlines()[-1] == "1 . . ."


def test_solve_matches_pons_sets(pons):
    solver = Solver()
    # Every position of the four easier sets, a sample of the two hard ones.
    sets = {
        "Test_L3_R1": 1, "Test_L2_R1": 1, "Test_L1_R1": 1, "Test_L2_R2": 1,
        "Test_L1_R2": 25, "Test_L1_R3": 200,
    }
    for name, step in sets.items():
        rows = pons(name)[::step]
        positions = [ConnectFour(m) for m, _ in rows]
        assert solver.solve_many(positions) == [s for _, s in rows], name
    for name in ["Test_L3_R1", "Test_L2_R1", "Test_L1_R1"]:
        rows = pons(name)
        weak = solver.solve_many([ConnectFour(m) for m, _ in rows], weak=True)
        assert weak == [int(np.sign(s)) for _, s in rows], name


def test_single_solves_analyze_and_limits(pons):
    moves, score = pons("Test_L2_R1")[0]
    assert c4.solve(ConnectFour(moves)) == score
    assert c4.analyze(ConnectFour("44455554221")) == [-15] * 7
    full = ConnectFour("444444")
    scores = c4.analyze(full)
    assert scores[3] is None and max(s for s in scores if s is not None) == c4.solve(full)
    solver = Solver()
    solver.clear()
    assert solver.solve(ConnectFour(moves)) == score
    with pytest.raises(TimeoutError, match="interrupted by its time limit"):
        Solver(book=None).solve(ConnectFour(), time=0.05)
    with pytest.raises(ValueError, match="the game is already over"):
        c4.solve(ConnectFour("1212121"))
    with pytest.raises(ValueError, match="position 1: the game is already over"):
        c4.solve_many([ConnectFour(), ConnectFour("1212121")])


def test_books(tmp_path):
    book = Book.builtin()
    # Every position of at most 3 stones (after mirror images: 1 + 4 + 25 +
    # 121) and every position of exactly 10 stones (634,338).
    assert book.layers == [0, 1, 2, 3, 10] and book.depth == 10
    assert len(book) == 151 + 634_338
    # The first player wins on the empty board with the last stone (score 1):
    # after the best first stone the second player's score is -1.
    assert book.score(ConnectFour("4")) == -1
    assert book.score(ConnectFour("4444")) is None
    # A 10-stone position of the book scores what a fresh solve without the
    # book says, and so does its mirror image.
    ten = ConnectFour("4444443333")
    assert book.score(ten) is not None
    assert book.score(ten) == Solver(book=None).solve(ten)
    assert book.score(ConnectFour("4444445555")) == book.score(ten)
    path = tmp_path / "7x6.book"
    path.write_bytes(book.to_bytes())
    assert len(Book.load(path)) == len(book)
    assert Solver(book=str(path)).solve(ConnectFour("4")) == -1
    with pytest.raises(ValueError, match="bad book: not a .*Connect Four book"):
        Book(b"JUNKJUNKJUNKJUNKJUNKJUNK")
    with pytest.raises(OSError, match="missing.book"):
        Book.load(pathlib.Path(tmp_path / "missing.book"))
    with pytest.raises(TypeError, match="book must be"):
        Solver(book=3)


def test_a_ten_column_board_writes_its_moves_with_commas_and_solves():
    empty = c4.from_grid(np.zeros((4, 10), dtype=int))
    assert (empty.width, empty.height) == (10, 4)
    assert empty.legal_actions() == list(range(10))
    assert empty.child(9).child(2).child(3).moves() == "10,3,4"
    pos = empty
    played = [1, 1, 1, 1, 2, 2, 2, 2, 10, 10, 10, 10, 9, 9, 9, 9, 5]
    for col in played:
        pos = pos.child(col - 1)
    # A position made from a grid writes some game that reaches it.
    assert sorted(int(c) for c in pos.moves().split(",")) == sorted(played)
    assert pos.legal_actions() == [2, 3, 4, 5, 6, 7]
    solver = Solver(book=None)
    scores = solver.analyze(pos)
    # The command agrees: `bitgames connect4 analyze --width 10 --height 4
    # 1,1,1,1,2,2,2,2,10,10,10,10,9,9,9,9,5`: column 4 draws, column 5 loses in 3.
    assert scores == [None, None, -1, 0, -9, -1, -1, -1, None, None]
    assert solver.solve(pos) == 0
    with pytest.raises(ValueError):
        pos.child(10)


def test_an_eight_by_eight_board_past_64_bits_plays_keys_and_solves():
    pos = c4.from_grid(np.zeros((8, 8), dtype=int))
    assert (pos.width, pos.height) == (8, 8)
    moves = "145652351157158851814333168662581873882265"
    for ch in moves:
        pos = pos.child(int(ch) - 1)
    # The words are Python ints past 64 bits: column 8 starts at bit 63.
    ones, twos, mask = pos.boardzahl()
    assert mask >= 1 << 64 and ones | twos == mask and ones & twos == 0
    assert bin(mask).count("1") == len(moves)
    assert pos.key() > 1 << 64
    # `bitgames connect4 analyze --width 8 --height 8 <moves>` says the same.
    solver = Solver(book=None)
    assert solver.analyze(pos) == [None, -10, -10, -11, None, 9, 9, None]
    assert solver.solve(pos) == 9
    assert c4.alignment(pos.boardzahl()[0], width=8, height=8) is False
    with pytest.raises(ValueError, match="16x8 board needs 16 x \\(8 \\+ 1\\) = 144 bits"):
        c4.from_grid(np.zeros((8, 16), dtype=int))


def test_the_analysis_is_the_librarys_and_analyze_formats_it():
    pos = ConnectFour("4455")
    a = c4.analysis(pos)
    assert isinstance(a, c4.Analysis) and a.mode == "strong" and a.complete
    # Column 3 or 6 makes a double threat: a win with the second stone.
    assert a.best_columns == [2, 5] and a.best == 2
    assert a.texts[2] == "win in 2" and a.result == "win in 2" == a.score_text
    # Each column's score is the negated score of the position after it.
    assert a.scores == [-c4.solve(pos.child(c)) for c in range(7)]
    assert a.signs == [int(np.sign(s)) for s in a.scores]
    assert a.exact == [True] * 7 and a.score == max(a.scores)
    assert c4.analyze(pos) == a.scores
    assert Solver().best_action(pos) == a.best
    weak = c4.analysis(pos, weak=True)
    assert weak.mode == "weak" and weak.complete and weak.scores == [None] * 7
    assert c4.analyze(pos, weak=True) == weak.signs == a.signs
    # A full column: None everywhere, and not counted as open.
    full = c4.analysis(ConnectFour("444444"))
    assert full.scores[3] is None and full.exact[3] is None and full.texts[3] is None
    with pytest.raises(ValueError, match="the game is already over"):
        c4.analysis(ConnectFour("1212121"))


def test_a_timed_analysis_gives_what_it_knows_and_analyze_says_how_far_it_got():
    # The empty board without a book takes minutes: 20 ms solves no column.
    solver = Solver(book=None)
    a = solver.analysis(ConnectFour(), time=0.02)
    assert not a.complete and a.best is None and a.best_columns == [] and a.score is None
    assert a.nodes > 0
    known = sum(s is not None for s in a.scores)
    assert known < 7
    with pytest.raises(TimeoutError, match=r"ran out with [0-6] of 7 columns solved exactly; "
                       r"Solver.analysis\(position, time\) gives what is known"):
        solver.analyze(ConnectFour(), time=0.02)
    with pytest.raises(TimeoutError, match="columns solved exactly"):
        solver.best_action(ConnectFour(), time=0.02)
    with pytest.raises(ValueError, match="time"):
        solver.analysis(ConnectFour(), time=-1.0)
