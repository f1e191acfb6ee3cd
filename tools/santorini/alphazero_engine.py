#!/usr/bin/env python3
"""cestpasphoto's AlphaZero Santorini (the no-god model of its web page)
behind the line protocol of `bitgames santorini engine`, for the referee.

Their code and model stay outside this repository: --azg names a checkout of
cestpasphoto/alpha-zero-general (its MCTS.py, Game.py and santorini/ package,
with NB_GODS = 1 in santorini/SantoriniConstants.py, as its comment says for
no gods), --model the ONNX file (model_no_god.onnx of the web page). Needs
numpy, numba and onnxruntime.

Protocol: reads `set_position <FEN>` (answers one `best_move` JSON line when
its simulations are done), `set_time`/`stop` (ignored: it plays by a number
of simulations), `ping`, `quit`. Prints `{"type":"started"}` once its code is
compiled.

Their state, canonical for the player to move: a (5,5,3) int8 array, layer 0
the workers (1, 2 the mover's, -1, -2 the opponent's), layer 1 the levels,
layer 2 flags: flat cell 0 and 1 the (no-)god of the mover and of the
opponent (64), flat cell 2 the number of moves played. Row y = 0 is our rank
5, column x = 0 our file A. Action = 81 * worker + 9 * move direction +
build direction, directions 0..8 row-major around (1, 1) = no step.

--self-test N plays N random games with their rules and checks every
position against our rules (`bitgames santorini perft --divide 1`): the legal
moves of ours and theirs (converted) are the same set, a position is over for
them exactly when we have no move, and their position after each move is the
one our notation describes. In matches the referee checks again each move and
the `next_state` announced with it.
"""

import argparse
import json
import os
import subprocess
import sys
import time

STEPS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1), (1, -1), (1, 0), (1, 1)]
FILES = "ABCDE"


def space_name(y, x):
    return f"{FILES[x]}{5 - y}"


def parse_space(text):
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345":
        raise ValueError(f"{text!r} is not a space A1..E5")
    return 5 - int(text[1]), FILES.index(text[0])


class Fen:
    """Our position text: levels A5..E1, player to move, each player's workers."""

    def __init__(self, text):
        fields = text.strip().replace("#", "").split("/")
        if len(fields) != 4 or len(fields[0]) != 25:
            raise ValueError(f"bad position {text!r}")
        self.levels = [int(c) for c in fields[0]]
        if any(level > 4 for level in self.levels):
            raise ValueError(f"bad level in {text!r}")
        self.to_move = int(fields[1])  # 1 or 2
        if self.to_move not in (1, 2):
            raise ValueError(f"bad player to move in {text!r}")
        self.workers = []  # per player, a list of (y, x)
        for group in fields[2:]:
            if not group.startswith("mortal"):
                raise ValueError(f"only mortals are supported: {text!r}")
            rest = group[len("mortal"):]
            spaces = [parse_space(s) for s in rest[1:].split(",")] if rest else []
            if len(spaces) != 2:
                raise ValueError(f"both players must have placed their workers: {text!r}")
            self.workers.append(spaces)

    def text(self):
        levels = "".join(str(v) for v in self.levels)
        groups = [
            "mortal:" + ",".join(space_name(y, x) for (y, x) in sorted(ws, key=lambda s: (s[0] * 5 + s[1])))
            for ws in self.workers
        ]
        return f"{levels}/{self.to_move}/{groups[0]}/{groups[1]}"


class Identities:
    """Which of a player's workers is their worker 1 and which worker 2, kept
    from position to position (the network sees the labels)."""

    def __init__(self):
        self.labels = [None, None]  # per player: {(y, x): 1 or 2}

    def update(self, fen):
        for p in range(2):
            spaces = fen.workers[p]
            old = self.labels[p]
            if old is not None and set(old) == set(spaces):
                continue
            if old is not None and len(set(old) & set(spaces)) == 1:
                kept = (set(old) & set(spaces)).pop()
                moved = (set(spaces) - {kept}).pop()
                self.labels[p] = {kept: old[kept], moved: 3 - old[kept]}
            else:
                ordered = sorted(spaces, key=lambda s: s[0] * 5 + s[1])
                self.labels[p] = {ordered[0]: 1, ordered[1]: 2}

    def moved(self, player, src, dst):
        labels = self.labels[player]
        labels[dst] = labels.pop(src)


def to_state(np, fen, ids):
    """Their canonical state for the player to move."""
    state = np.zeros((5, 5, 3), dtype=np.int8)
    me = fen.to_move - 1
    for p in range(2):
        sign = 1 if p == me else -1
        for space, label in ids.labels[p].items():
            state[space[0], space[1], 0] = sign * label
    for i, level in enumerate(fen.levels):
        state[i // 5, i % 5, 1] = level
    flags = state[:, :, 2]
    flags.flat[0] = 64
    flags.flat[1] = 64
    # Moves played since the workers were placed: each move but a win builds one level.
    flags.flat[2] = min(127, sum(fen.levels))
    return state


def action_to_move(state, action):
    """Our notation of their action in their canonical state."""
    worker, rest = divmod(int(action), 81)
    move_dir, build_dir = divmod(rest, 9)
    found = list(zip(*((state[:, :, 0] == worker + 1).nonzero())))
    if len(found) != 1 or move_dir == 4 or build_dir == 4:
        raise ValueError(f"action {action} is not a move here")
    y, x = int(found[0][0]), int(found[0][1])
    ny, nx = y + STEPS[move_dir][0], x + STEPS[move_dir][1]
    src, dst = space_name(y, x), space_name(ny, nx)
    if state[ny, nx, 1] == 3:
        return f"{src}>{dst}#", (y, x), (ny, nx)
    by, bx = ny + STEPS[build_dir][0], nx + STEPS[build_dir][1]
    return f"{src}>{dst}^{space_name(by, bx)}", (y, x), (ny, nx)


def from_state(state, to_move_before, fen_before, win):
    """Our position text after their move on their canonical state. A win
    (a climb onto level 3) builds nothing in our rules, but builds in theirs:
    the levels are then those of before."""
    after = Fen(fen_before.text())
    me = to_move_before - 1
    for p in range(2):
        sign = 1 if p == me else -1
        after.workers[p] = [
            (int(y), int(x)) for (y, x) in zip(*((state[:, :, 0] * sign > 0).nonzero()))
        ]
    if not win:
        after.levels = [int(state[i // 5, i % 5, 1]) for i in range(25)]
    after.to_move = 3 - to_move_before
    return after.text()


def load_their_code(azg):
    sys.path.insert(0, os.path.abspath(azg))
    try:
        from MCTS import MCTS
        from santorini.SantoriniGame import SantoriniGame
        from santorini.SantoriniConstants import NB_GODS
    except ImportError as e:
        sys.exit(f"error: cannot import alpha-zero-general from {azg!r}: {e}")
    if NB_GODS != 1:
        sys.exit(
            f"error: {azg}/santorini/SantoriniConstants.py has NB_GODS = {NB_GODS}; "
            "the no-god model needs NB_GODS = 1"
        )
    return MCTS, SantoriniGame


class Args(dict):
    __getattr__ = dict.__getitem__


class OnnxNet:
    """Their network wrapper's predict(), with onnxruntime on one thread."""

    def __init__(self, model):
        import numpy as np
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        try:
            self.session = ort.InferenceSession(model, options, providers=["CPUExecutionProvider"])
        except Exception as e:  # onnxruntime raises its own exception types
            sys.exit(f"error: cannot load the model {model!r}: {e}")
        self.np = np
        self.evaluations = 0

    def predict(self, board, valid_actions):
        np = self.np
        self.evaluations += 1
        pi, v = self.session.run(
            None,
            {
                "board": board.astype(np.float32).reshape(1, 25, 3),
                "valid_actions": np.asarray(valid_actions, dtype=np.bool_).reshape(1, -1),
            },
        )
        return np.exp(pi[0]), v[0]


class Player:
    def __init__(self, azg, model, sims, cpuct, fpu):
        import numpy as np

        self.np = np
        MCTS, SantoriniGame = load_their_code(azg)
        self.game = SantoriniGame()
        self.net = OnnxNet(model)
        # The web page's settings (its proxy.py); universes = 0 is the
        # deterministic exploration (no god uses randomness anyway).
        self.args = Args(
            numMCTSSims=sims, cpuct=cpuct, fpu=fpu, prob_fullMCTS=1.0, forced_playouts=False,
            no_mem_optim=False, universes=0, ratio_fullMCTS=1, temperature=[1.0, 1.0, 1.0],
            dirichletAlpha=0.0,
        )
        self.mcts = MCTS(self.game, self.net, self.args)
        self.new_game()

    def new_game(self):
        """A fresh tree and fresh worker labels, as the web page has for each game
        (their tree is pruned by move count only, so it would grow from game to game)."""
        self.mcts = type(self.mcts)(self.game, self.net, self.args)
        self.ids = Identities()
        self.last_round = -1

    def best_move(self, fen_text):
        np = self.np
        fen = Fen(fen_text)
        # Every move but a win adds a level: fewer levels than last time is another game.
        if sum(fen.levels) < self.last_round:
            self.new_game()
        self.last_round = sum(fen.levels)
        self.ids.update(fen)
        state = to_state(np, fen, self.ids)
        valid = self.game.getValidMoves(state, 0)
        if not valid.any():
            raise ValueError(f"no legal move in {fen_text}")
        before = self.net.evaluations
        probs, _, _ = self.mcts.getActionProb(state, temp=1, force_full_search=True)
        action = int(np.argmax(probs))
        move, src, dst = action_to_move(state, action)
        self.ids.moved(fen.to_move - 1, src, dst)
        next_state, _ = self.game.getNextState(state, 0, action)
        after = from_state(next_state, fen.to_move, fen, move.endswith("#"))
        return move, after, self.net.evaluations - before


def serve(player):
    print(json.dumps({"type": "started"}), flush=True)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command, rest = words[0], words[1:]
        if command == "quit":
            break
        if command == "ping":
            print("pong", flush=True)
        elif command in ("stop", "set_time"):
            continue
        elif command == "set_position" and len(rest) == 1:
            started = time.monotonic()
            try:
                move, next_fen, evaluations = player.best_move(rest[0])
            except ValueError as e:
                print(f"error: set_position {rest[0]}: {e}", file=sys.stderr, flush=True)
                continue
            print(json.dumps({
                "type": "best_move",
                "start_state": rest[0],
                "next_state": next_fen,
                "trigger": "end_of_line",
                "meta": {
                    "action_str": move,
                    "elapsed_seconds": time.monotonic() - started,
                    "simulations": player.args.numMCTSSims,
                    "evaluations": evaluations,
                },
            }), flush=True)
        else:
            print(f"error: unknown command {line.strip()!r}", file=sys.stderr, flush=True)


def our_moves(bitgames, fen_text):
    """Our legal moves (perft --divide 1), in our notation."""
    out = subprocess.run(
        bitgames + ["santorini", "perft", "--divide", "-p", fen_text, "1"],
        capture_output=True, text=True, check=True,
    ).stdout
    return {line.split()[0] for line in out.splitlines() if len(line.split()) == 2}


def apply_move(fen, move):
    """Our position text after `move` (legal, as perft said): the worker moves,
    the build adds a level."""
    after = Fen(fen.text())
    src, rest = move.split(">")
    dst = rest.rstrip("#").split("^")[0]
    src, dst = parse_space(src), parse_space(dst)
    workers = after.workers[fen.to_move - 1]
    workers[workers.index(src)] = dst
    if "^" in rest:
        by, bx = parse_space(rest.split("^")[1])
        after.levels[by * 5 + bx] += 1
    after.to_move = 3 - fen.to_move
    return after.text()


def self_test(player, bitgames, games, seed):
    """Random games with their rules; every position checked against ours."""
    import random

    np = player.np
    rng = random.Random(seed)
    checked = 0
    for _ in range(games):
        spaces = rng.sample(range(25), 4)
        name = [space_name(s // 5, s % 5) for s in spaces]
        fen = Fen(f"{'0' * 25}/1/mortal:{name[0]},{name[1]}/mortal:{name[2]},{name[3]}")
        ids = Identities()
        while True:
            ids.update(fen)
            state = to_state(np, fen, ids)
            text = fen.text()
            if player.game.getGameEnded(state, 0).any():
                # Their rules end the game here (wins stop the loop below, so
                # the player to move has no move): ours must agree.
                ours = our_moves(bitgames, text)
                if ours:
                    raise SystemExit(f"FAIL {text}: over for them, we have moves {sorted(ours)[:5]}")
                break
            valid = player.game.getValidMoves(state, 0)
            theirs = {}
            for a in np.flatnonzero(valid):
                move, _, _ = action_to_move(state, a)
                theirs.setdefault(move, []).append(int(a))
            ours = our_moves(bitgames, text)
            if set(theirs) != ours:
                raise SystemExit(
                    f"FAIL {text}: only ours {sorted(ours - set(theirs))[:5]}, only theirs {sorted(set(theirs) - ours)[:5]}"
                )
            checked += 1
            move = rng.choice(sorted(theirs))
            action = rng.choice(theirs[move])
            next_state, _ = player.game.getNextState(state, 0, action)
            _, src, dst = action_to_move(state, action)
            ids.moved(fen.to_move - 1, src, dst)
            after = from_state(next_state, fen.to_move, fen, move.endswith("#"))
            expected = apply_move(fen, move)
            if after != expected:
                raise SystemExit(f"FAIL {text} {move}: their position {after}, ours {expected}")
            if move.endswith("#"):
                break
            fen = Fen(after)
    print(f"self-test: {checked} positions of {games} random games agree (moves both ways, positions after each move)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--azg", required=True, help="checkout of cestpasphoto/alpha-zero-general")
    parser.add_argument("--model", required=True, help="model_no_god.onnx")
    parser.add_argument("--sims", type=int, default=1600, help="MCTS simulations per move (1600)")
    parser.add_argument("--cpuct", type=float, default=2.75, help="the web page's 2.75")
    parser.add_argument("--fpu", type=float, default=0.03, help="the web page's 0.03")
    parser.add_argument("--self-test", type=int, metavar="GAMES", help="check the conversions on GAMES random games")
    parser.add_argument("--bitgames", default="bitgames", help="our CLI, for --self-test")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    player = Player(args.azg, args.model, args.sims, args.cpuct, args.fpu)
    if args.self_test:
        self_test(player, args.bitgames.split(), args.self_test, args.seed)
        return
    # Compile their numba code before answering anything.
    player.best_move(f"{'0' * 25}/1/mortal:A1,B2/mortal:E5,D4")
    player.new_game()
    serve(player)


if __name__ == "__main__":
    main()
