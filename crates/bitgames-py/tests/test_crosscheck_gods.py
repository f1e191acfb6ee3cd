"""Santorini with gods from Python, cross-checked:

- against santorini-ai's move generator: the library's committed test data
  (4,446 positions of random games over every ordered god pair, the number
  and a hash of their distinct successors, by `tools/santorini/sai_successors.py`);
- against the library itself, on random games of random god pairs played in
  the vector environment: at every position, the legal moves, the successor
  positions (against the naive twin of the move generator) and the outcome,
  and the action indices against the command line's `legal` (the web API's).
"""

import hashlib
import json
import os
import subprocess

import numpy as np
import pytest

import bitgames.santorini as sa
from bitgames import Santorini, vector
from conftest import ROOT

DATA = ROOT / "crates" / "bitgames" / "tests" / "library" / "data" / "santorini-god-successors.txt"


def digest(texts):
    """The data's hash: SHA-1 of the sorted strings, each with a newline, 16 hex digits."""
    return hashlib.sha1("".join(t + "\n" for t in sorted(texts)).encode()).hexdigest()[:16]


def successors(pos):
    """The distinct positions one turn after `pos`, through the action space."""
    return {pos.child(a).notation() for a in pos.legal_actions()}


def test_the_gods_agree_with_santorini_ai_at_every_position():
    if not DATA.is_file():
        pytest.fail(f"santorini-ai's successors not found at {DATA}")
    checked, pairs, wrong = 0, set(), []
    for line in DATA.read_text().splitlines():
        fen, _listed, distinct, hash_ = line.split()
        distinct = int(distinct)
        pos = Santorini(fen)
        assert pos.notation() == fen
        pairs.add(pos.gods())
        actions = pos.legal_actions()
        assert len(set(actions)) == len(pos.legal_moves())  # one action a turn
        if distinct == 0:  # no turn: the player to move has lost
            if actions or pos.winner() != 1 - pos.current_player():
                wrong.append(f"{fen}: no turn for santorini-ai, {len(actions)} here")
        else:
            mine = successors(pos)
            if len(mine) != distinct or digest(mine) != hash_:
                wrong.append(f"{fen}: {distinct} distinct for santorini-ai, {len(mine)} here")
        checked += 1
    assert not wrong, f"{len(wrong)} of {checked} differ:\n" + "\n".join(wrong[:20])
    assert checked == 4_446
    assert len(pairs) == 100  # every ordered pair of the ten gods


def test_random_god_games_agree_with_the_library_at_every_position():
    n = 64
    env = vector.make("santorini", num_envs=n, seed=7, gods="random")
    obs, info = env.reset()
    rng = np.random.default_rng(13)
    positions = env.positions()
    checked, ended, pairs, results = 0, 0, set(), {}
    for _ in range(100):
        actions = np.argmax(rng.random(info["action_mask"].shape) * info["action_mask"], axis=1)
        obs, reward, term, trunc, info = env.step(actions)
        after = env.positions()
        for i, (pos, nxt) in enumerate(zip(positions, after)):
            if pos.is_terminal():
                continue  # this step reset the environment
            # The position read back from its notation is the same game.
            same = Santorini(pos.notation())
            assert same == pos and same.gods() == pos.gods()
            pairs.add(pos.gods())
            # The child the environment reached is the library's.
            child = pos.child(int(actions[i]))
            assert child == nxt, (pos.notation(), int(actions[i]))
            assert (obs[i] == child.observation()).all()
            assert (info["action_mask"][i] == child.legal_action_mask()).all()
            # The outcome: the library's returns, and a finished game has no turn.
            assert bool(term[i]) == child.is_terminal()
            assert info["rewards"][i].tolist() == child.returns()
            # Legal moves and successors against the naive twin (placement
            # aside: the twin does not place workers).
            moves = child.legal_moves()
            assert sorted(child.action_to_move(a) for a in child.legal_actions()) == sorted(moves)
            if child.workers(child.current_player()):
                assert sorted(successors(child)) == sa.naive_successors(child.notation())
            if term[i]:
                assert not moves and sa.naive_successors(child.notation()) == []
                ended += 1
                w = child.winner()
                results[w] = results.get(w, 0) + 1
            checked += 1
        positions = after
    # About 6,300 positions of about 100 finished games, 80 god pairs (seeded).
    assert checked >= 6_000, checked
    assert ended >= 80 and set(results) == {0, 1}, (ended, results)
    assert len(pairs) >= 70, len(pairs)


@pytest.fixture(scope="module")
def cli():
    target = ROOT / os.environ.get("CARGO_TARGET_DIR", "target")
    exe = target / "release" / "bitgames"
    if not os.access(exe, os.X_OK):
        pytest.fail(f"{exe} is missing: test.sh builds it (cargo build --release -p bitgames-cli)")
    return str(exe)


def test_the_actions_are_the_command_lines_and_the_apis(cli):
    env = vector.make("santorini", num_envs=8, seed=21, gods="random", opponent="random")
    env.reset()
    checked = 0
    for step in range(24):
        env.step(env.sample_actions())
        if step % 6 != 5:
            continue
        for pos in env.positions():
            out = subprocess.run([cli, "legal", "santorini", pos.notation(), "--json"],
                                 capture_output=True, text=True, check=True, timeout=60)
            state = json.loads(out.stdout)
            assert state["num_actions"] == pos.num_actions() == 122_076
            assert dict(zip(state["legal_moves"], state["actions"])) == {
                m: pos.move_to_action(m) for m in pos.legal_moves()}
            assert state["returns"] == pos.returns()
            checked += 1
    assert checked == 32
