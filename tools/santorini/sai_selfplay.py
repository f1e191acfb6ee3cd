"""santorini-ai against itself with random gods: games to train the gods' network on, in chunks.

    python3 tools/santorini/sai_selfplay.py DIR FIRST_SEED LAST_SEED [--games G] [--time T]
        [--uci PATH] [--lab PATH]

For each seed S from FIRST_SEED to LAST_SEED (two at a time, one on each core), the referee
(`bitgames-lab referee`, every move checked with our rules) plays G games (default 100) of
santorini-ai against itself at T a move (default 0.1s), each side a random god of the ten
(`--gods random,random`, no banned pair), each start twice with colours swapped. A game
with a fault is left out (santorini-ai now and then misses its answer to the first move of
a chunk, even with more grace: 1 game of 2,765 at 0.1 s, more at shorter times). Chunk S is
written to `DIR/chunkS.jsonl` once complete, so a chunk already there is skipped (stop it at
any time, run it again to go on). Each line is a game in the form `bitgames-lab train` reads:
`start`, `moves`, `player1`, `player2`, `winner` and `scores`, santorini-ai's own search score
of each move for the player who made it, on our network's scale (`RAW * 110 / 230`, see
`sai_label.py`). The labels come with the games: the positions are the ones santorini-ai
steers to with each god, scored by its search and decided by its play. Then:

    bitgames-lab train gods.bin DIR/chunk*.jsonl --init gods.bin --epochs 8 --lr 0.001 --lambda 0.3

santorini-ai runs as a separate program; none of its code is in bitgames.
"""
import json
import os
import subprocess
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sai_label import OUR_SCALE, SAI_SCALE  # noqa: E402


def option(args, flag, default):
    if flag in args:
        i = args.index(flag)
        if i + 1 == len(args):
            sys.exit("%s needs a value (see the usage: python3 %s)" % (flag, sys.argv[0]))
        value = args[i + 1]
        del args[i:i + 2]
        return value
    return default


def scored(line):
    """A referee game line as a training game line, or None for a game cut short by a fault."""
    g = json.loads(line)
    if g.get("fault") or "details" not in g or g.get("winner") is None:
        return None
    scores = [None if d.get("score") is None else round(d["score"] * OUR_SCALE / SAI_SCALE)
              for d in g["details"]]
    keep = ("start", "moves", "player1", "player2", "winner")
    return json.dumps({**{k: g[k] for k in keep}, "scores": scores})


def chunk(out_dir, seed, games, time, uci, lab):
    out = os.path.join(out_dir, "chunk%d.jsonl" % seed)
    if os.path.exists(out):
        return
    raw = out + ".referee"
    if os.path.exists(raw):
        os.remove(raw)  # a chunk stopped part way is played again
    cmd = [lab, "referee", "--engine1", uci, "--engine2", uci, "--name1", "sai", "--name2",
           "santorini-ai", "--gods", "random,random", "--games", str(games), "--time", time,
           "--seed", str(seed), "--json", raw]
    with open(out + ".log", "w") as log:
        if subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT).returncode != 0:
            raise RuntimeError("chunk %d: the referee failed, see %s.log" % (seed, out))
    with open(raw) as f:
        played = [scored(line) for line in f]
    lines = [s for s in played if s is not None]
    with open(out + ".part", "w") as f:
        f.write("".join(s + "\n" for s in lines))
    os.replace(out + ".part", out)
    os.remove(raw)
    print("chunk %d: %d games (%d with a fault left out)" % (seed, len(lines),
          len(played) - len(lines)), file=sys.stderr, flush=True)


def main():
    args = sys.argv[1:]
    games = int(option(args, "--games", "100"))
    time = option(args, "--time", "0.1s")
    uci = option(args, "--uci", "/tmp/spar/santorini-ai/target/release/uci")
    lab = option(args, "--lab", "target/release/bitgames-lab")
    if len(args) != 3:
        sys.exit(__doc__)
    out_dir, first, last = args[0], int(args[1]), int(args[2])
    for path in (uci, lab):
        if not os.access(path, os.X_OK):
            sys.exit("%s is not an executable program (see the usage above)" % path)
    os.makedirs(out_dir, exist_ok=True)
    seeds = list(range(first, last + 1))
    errors = []

    def lane(mine):
        try:
            for seed in mine:
                chunk(out_dir, seed, games, time, uci, lab)
        except RuntimeError as e:
            errors.append(str(e))

    lanes = [threading.Thread(target=lane, args=(seeds[k::2],)) for k in range(2)]
    for t in lanes:
        t.start()
    for t in lanes:
        t.join()
    if errors:
        sys.exit("\n".join(errors))


if __name__ == "__main__":
    main()
