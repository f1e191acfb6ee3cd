"""Labels the positions of games with gods by santorini-ai's search scores, resumably.

    python3 tools/santorini/sai_label_gods.py OUT SECONDS GAMES.jsonl... [--procs N] [--max M]
        [--uci PATH] [--seed S]

Replays the games (`bitgames-lab games --gods` lines, or the referee's `--json` lines) with the
bitgames Python package (`./test --setup` installs it in target/venv), keeps every position with
all four workers placed and the game not over, shuffles them (`--seed`, default 1), and has
santorini-ai's `uci` program search the first M (`--max`, default all) for SECONDS each, N
programs at once (default 2). Each label is appended to OUT as `FEN DEPTH SCORE RAW` (the score
file of `bitgames-lab train --relabel`, on our scale as in `sai_label.py`); a position already in
OUT is skipped, so an interrupted run goes on where it stopped. santorini-ai runs as a separate
program (a labelling oracle); none of its code is in bitgames.
"""
import json
import os
import random
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sai_label import OUR_SCALE, SAI_SCALE, Sai  # noqa: E402
from bitgames import Santorini  # noqa: E402


def positions(files):
    """The distinct positions in play (workers placed, not over) of the games, in file order."""
    seen, out = set(), []
    for path in files:
        with open(path) as f:
            for n, line in enumerate(f, 1):
                try:
                    game = json.loads(line)
                except ValueError:
                    sys.exit(f"{path}:{n}: not a JSON line")
                pos = Santorini(game["start"])
                for move in game["moves"]:
                    pos.play(move)
                    fen = pos.notation()
                    if pos.is_terminal() or fen in seen or fen.count(":") < 2:
                        continue
                    seen.add(fen)
                    out.append(fen)
    return out


def main():
    args = sys.argv[1:]
    opts = {"--procs": "2", "--max": "0", "--uci": "/tmp/sai/target/release/uci", "--seed": "1"}
    rest = []
    i = 0
    while i < len(args):
        if args[i] in opts:
            opts[args[i]] = args[i + 1]
            i += 2
        else:
            rest.append(args[i])
            i += 1
    if len(rest) < 3:
        sys.exit(__doc__)
    out, seconds, files = rest[0], float(rest[1]), rest[2:]
    fens = positions(files)
    random.Random(int(opts["--seed"])).shuffle(fens)
    if int(opts["--max"]) > 0:
        fens = fens[: int(opts["--max"])]
    done = set()
    if os.path.exists(out):
        with open(out) as f:
            done = {line.split()[0] for line in f if line.strip()}
    todo = [f for f in fens if f not in done]
    print(f"{len(fens)} positions, {len(done)} labelled before, {len(todo)} to go", file=sys.stderr)
    procs = [Sai(opts["--uci"]) for _ in range(int(opts["--procs"]))]
    lock = threading.Lock()
    count = [0]
    with open(out, "a") as sink:

        def work(j):
            for n in range(j, len(todo), len(procs)):
                depth, raw = procs[j].label(todo[n], seconds)
                with lock:
                    score = round(raw * OUR_SCALE / SAI_SCALE)
                    sink.write(f"{todo[n]} {depth} {score} {raw}\n")
                    count[0] += 1
                    if count[0] % 1000 == 0:
                        sink.flush()
                        print(f"{count[0]}/{len(todo)} labelled", file=sys.stderr)

        threads = [threading.Thread(target=work, args=(j,)) for j in range(len(procs))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    for p in procs:
        p.quit()
    print(f"{count[0]} labels written to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
