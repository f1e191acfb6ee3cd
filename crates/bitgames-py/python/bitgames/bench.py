"""The Python benchmark: ``python -m bitgames.bench`` prints one table.

1. Random play of Connect Four, side by side in one run: our batched
   environment (stepped from Python with ``step(sample_actions())``, and
   ``random_play`` looping in Rust), pgx on CPU (jit + vmap, the same batch,
   random legal actions drawn inside the jitted step, reset on termination),
   PettingZoo's ``connect_four_v3`` and OpenSpiel's ``connect_four``, each
   pinned to one core and to both cores (``os.sched_setaffinity`` in a fresh
   process; the single-threaded Python ones run on one core only).
2. The mean time per position of ``solve`` through Python on Pons' test sets,
   ours vs BitBully's Python package (both without an opening book, both
   tables cleared after every position; every answer checked against the
   set), one thread.

Each random-play figure is the median of ``--repeat`` (default 3) measurements
of ``--seconds`` each; the solver's are the mean and the median over the
positions. Engines that do not import are listed as not measured. Options:
``--seconds S`` per random-play measurement (default 3), ``--batch N``
(default 1024), ``--data DIR`` (Pons' sets; default data/connect4 of the checkout
from the current directory or the repository's), ``--quick`` (fewer positions).
"""

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import time

ENGINES = ["bitgames-step", "bitgames-rust", "pgx", "pettingzoo", "openspiel"]
SINGLE_THREADED = {"pettingzoo", "openspiel"}


def _run_bitgames(cores, batch, seconds, in_rust):
    import numpy as np
    from bitgames import vector

    env = vector.make("connect_four", num_envs=batch, seed=1, threads=cores)
    env.reset()
    moves = games = 0
    done = np.zeros(batch, dtype=bool)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if in_rust:
            m, g = env.core.random_play(batch)
            moves, games = moves + m, games + g
        else:
            for _ in range(20):
                _, _, term, trunc, _ = env.step(env.sample_actions())
                moves += batch - int(np.count_nonzero(done))
                done = term | trunc
                games += int(np.count_nonzero(done))
    return moves, games, time.perf_counter() - start


def _run_pgx(cores, batch, seconds):
    import jax
    import jax.numpy as jnp
    import pgx

    env = pgx.make("connect_four")
    init, step = jax.vmap(env.init), jax.vmap(env.step)

    @jax.jit
    def play(state, key, games):
        k_act, k_reset, key = jax.random.split(key, 3)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        actions = jax.random.categorical(k_act, logits, axis=-1)
        state = step(state, actions)
        fresh = init(jax.random.split(k_reset, batch))
        term = state.terminated
        games = games + term.sum()

        def pick(a, b):
            shape = (batch,) + (1,) * (a.ndim - 1)
            return jnp.where(term.reshape(shape), a, b)

        state = jax.tree_util.tree_map(pick, fresh, state)
        return state, key, games

    key = jax.random.PRNGKey(0)
    state = jax.jit(init)(jax.random.split(key, batch))
    games = jnp.zeros((), dtype=jnp.int32)
    state, key, games = play(state, key, games)  # compile
    jax.block_until_ready(games)
    games = jnp.zeros((), dtype=jnp.int32)
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            state, key, games = play(state, key, games)
        jax.block_until_ready(games)
        calls += 20
    return calls * batch, int(games), time.perf_counter() - start


def _run_pettingzoo(seconds):
    import numpy as np
    from pettingzoo.classic import connect_four_v3

    env = connect_four_v3.env()
    rng = np.random.default_rng(0)
    moves = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset()
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            moves += 1
        games += 1
    return moves, games, time.perf_counter() - start


def _run_openspiel(seconds):
    import random

    import pyspiel

    game = pyspiel.load_game("connect_four")
    rnd = random.Random(0)
    moves = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rnd.choice(state.legal_actions()))
            moves += 1
        games += 1
    return moves, games, time.perf_counter() - start


def _worker(engine, cores, batch, seconds):
    os.sched_setaffinity(0, set(sorted(os.sched_getaffinity(0))[:cores]))
    if engine == "bitgames-step":
        r = _run_bitgames(cores, batch, seconds, in_rust=False)
    elif engine == "bitgames-rust":
        r = _run_bitgames(cores, batch, seconds, in_rust=True)
    elif engine == "pgx":
        r = _run_pgx(cores, batch, seconds)
    elif engine == "pettingzoo":
        r = _run_pettingzoo(seconds)
    else:
        r = _run_openspiel(seconds)
    print(json.dumps({"moves": r[0], "games": r[1], "seconds": r[2]}))


def _measure(engine, cores, batch, seconds, repeat):
    runs = []
    for _ in range(repeat):
        r, err = _measure_once(engine, cores, batch, seconds)
        if r is None:
            return None, err
        runs.append(r)
    return {
        "moves_per_s": statistics.median(r["moves"] / r["seconds"] for r in runs),
        "games_per_s": statistics.median(r["games"] / r["seconds"] for r in runs),
    }, None


def _measure_once(engine, cores, batch, seconds):
    env = dict(os.environ)
    if engine == "pgx":
        env.setdefault("JAX_PLATFORMS", "cpu")
    cmd = [sys.executable, "-m", "bitgames.bench", "--worker", engine, "--cores", str(cores),
           "--batch", str(batch), "--seconds", str(seconds)]
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        last = (p.stderr.strip().splitlines() or ["failed"])[-1]
        return None, last
    return json.loads(p.stdout.strip().splitlines()[-1]), None


def _fmt_rate(x):
    if x >= 1e6:
        return f"{x / 1e6:.2f} M"
    if x >= 1e3:
        return f"{x / 1e3:.1f} K"
    return f"{x:.0f}"


def _fmt_time(s):
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.2f} ms"
    return f"{s * 1e6:.1f} us"


SETS = [
    ("End-Easy", "Test_L3_R1", 1000, 200),
    ("Middle-Easy", "Test_L2_R1", 1000, 200),
    ("Middle-Medium", "Test_L2_R2", 200, 50),
    ("Begin-Easy", "Test_L1_R1", 1000, 200),
    ("Begin-Medium", "Test_L1_R2", 50, 10),
    ("Begin-Hard", "Test_L1_R3", 5, 2),
]


def _find_data(arg):
    if arg:
        return pathlib.Path(arg)
    here = pathlib.Path.cwd()
    for base in [here, *here.parents]:
        for d in (base / "data" / "connect4", base.parent / "shared" / "data" / "connect4"):
            if (d / "Test_L3_R1").is_file():
                return d
    return None


def _solver_rows(data, quick):
    from bitgames import ConnectFour, Solver

    try:
        import bitbully
        bb = bitbully.BitBully(opening_book=None)
        bb_note = None
    except Exception as e:  # noqa: BLE001 - any failure means "not installed here"
        bb, bb_note = None, f"bitbully: {e}"
    try:
        import connect_four_ai  # noqa: F401
        c4ai_note = None
    except ImportError:
        c4ai_note = "connect-four-ai: not installable here (no wheel for this platform on PyPI)"
    ours = Solver(book=None)
    rows = []
    for label, name, n, n_quick in SETS:
        lines = [ln.split() for ln in (data / name).read_text().splitlines() if ln.strip()]
        lines = lines[: n_quick if quick else n]
        t = []
        for moves, score in lines:
            pos = ConnectFour(moves)
            s0 = time.perf_counter()
            got = ours.solve(pos)
            t.append(time.perf_counter() - s0)
            ours.clear()
            if got != int(score):
                raise SystemExit(f"bitgames: {name} {moves}: expected {score}, solved {got}")
        mine = statistics.fmean(t)
        theirs = None
        if bb is not None:
            t2 = []
            for moves, score in lines:
                board = bitbully.Board.from_moves([int(c) - 1 for c in moves])
                s0 = time.perf_counter()
                got = bb.mtdf(board)
                t2.append(time.perf_counter() - s0)
                if got != int(score):
                    raise SystemExit(f"bitbully: {name} {moves}: expected {score}, got {got}")
                bb.reset_transposition_table()
            theirs = (statistics.fmean(t2), statistics.median(t2))
        rows.append((f"{label} ({name}, {len(lines)})", (mine, statistics.median(t)), theirs))
    return rows, [x for x in (bb_note, c4ai_note) if x]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m bitgames.bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--data")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--worker")
    ap.add_argument("--cores", type=int, default=1)
    args = ap.parse_args(argv)
    if args.worker:
        _worker(args.worker, args.cores, args.batch, args.seconds)
        return
    ncores = min(2, len(os.sched_getaffinity(0)))
    print(f"# bitgames Python benchmark: Connect Four, batch {args.batch}, median of {args.repeat} x "
          f"{args.seconds:g} s, load average {os.getloadavg()[0]:.1f} at start\n")
    print("| random play | cores | moves/s | games/s | vs pgx (same cores) |")
    print("|---|---:|---:|---:|---:|")
    results, notes = {}, []
    for engine in ENGINES:
        for cores in ([1] if engine in SINGLE_THREADED else sorted({1, ncores})):
            r, err = _measure(engine, cores, args.batch, args.seconds, args.repeat)
            if r is None:
                notes.append(f"{engine}: {err}")
                break
            results[(engine, cores)] = r
    for (engine, cores), r in results.items():
        rate, grate = r["moves_per_s"], r["games_per_s"]
        base = results.get(("pgx", cores))
        ratio = f"{rate / base['moves_per_s']:.1f}x" if base else "-"
        print(f"| {engine} | {cores} | {_fmt_rate(rate)} | {_fmt_rate(grate)} | {ratio} |")
    data = _find_data(args.data)
    print()
    if data is None:
        print("Pons' test sets not found (give --data DIR): no solver rows.")
    else:
        rows, solver_notes = _solver_rows(data, args.quick)
        notes += solver_notes
        print("| solve through Python, per position | bitgames mean | median | BitBully mean | median | speed-up (means) |")
        print("|---|---:|---:|---:|---:|---:|")
        for label, mine, theirs in rows:
            if theirs is None:
                t, ratio = "- | -", "-"
            else:
                t, ratio = f"{_fmt_time(theirs[0])} | {_fmt_time(theirs[1])}", f"{theirs[0] / mine[0]:.1f}x"
            print(f"| {label} | {_fmt_time(mine[0])} | {_fmt_time(mine[1])} | {t} | {ratio} |")
    for n in notes:
        print(f"\nnot measured: {n}")


if __name__ == "__main__":
    main()
