"""Labels the network's training positions with santorini-ai's search scores, in resumable chunks.

    python3 tools/santorini/sai_label.py DIR SECONDS GAMES.jsonl[.gz]... [--procs N] [--chunk G] [--chunks K]
        [--uci PATH] [--seed S]

Every quiet position (no worker on level 2 next to a free level 3) of the games (the referee's
`--json` lines, as `bitgames-lab train` reads them) is searched by santorini-ai's `uci` program for
SECONDS (`set_position`, then `stop`), N programs at once (default 2). The games are taken in a
seeded shuffled order (`--seed`, default 1) and cut into chunks of G games (default 100); chunk k
is written to `DIR/chunkK.txt.gz` once complete (lines `FEN DEPTH SCORE RAW`: RAW is
santorini-ai's score for the player to move, SCORE the same on our network's scale,
`RAW * 110 / 230`: a logistic fit of each engine's match scores to the results gave 230 units a
log-odds for santorini-ai, and `bitgames-lab train` reads a score s as the win chance
`sigmoid(s / 110)`), so a chunk already there is skipped; `--chunks K` stops after K new chunks.
`bitgames-lab train --relabel DIR` takes the chunks. santorini-ai runs as a separate program
(a labelling oracle); none of its code is in bitgames.
"""
import gzip
import json
import os
import queue
import random
import subprocess
import sys
import threading
import time

SAI_SCALE = 230.0
OUR_SCALE = 110.0
NEIGHBOURS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def square(name):
    """`C4` -> index in the FEN's level string (A5 B5 .. E5 A4 .. E1)."""
    f = ord(name[0]) - ord("A")
    r = int(name[1])
    return (5 - r) * 5 + f


def name(i):
    return "ABCDE"[i % 5] + str(5 - i // 5)


class Pos:
    def __init__(self, fen):
        levels, mover, a, b = fen.split("/")
        self.levels = [int(c) for c in levels]
        self.mover = int(mover)
        self.workers = [[square(s) for s in g.split(":")[1].split(",")] for g in (a, b)]

    def fen(self):
        groups = ["mortal:" + ",".join(name(s) for s in sorted(w)) for w in self.workers]
        return "".join(map(str, self.levels)) + "/%d/" % self.mover + "/".join(groups)

    def play(self, move):
        src, rest = move.split(">")
        if rest.endswith("#"):
            return False
        dst, build = rest.split("^")
        w = self.workers[self.mover - 1]
        k = w.index(square(src))
        w[k] = square(dst)
        self.levels[square(build)] += 1
        self.mover = 3 - self.mover
        return True

    def quiet(self):
        occupied = set(self.workers[0] + self.workers[1])
        for w in self.workers[0] + self.workers[1]:
            if self.levels[w] != 2:
                continue
            r, f = divmod(w, 5)
            for dr, df in NEIGHBOURS:
                rr, ff = r + dr, f + df
                if 0 <= rr < 5 and 0 <= ff < 5:
                    n = rr * 5 + ff
                    if self.levels[n] == 3 and n not in occupied:
                        return False
        return True


def read_games(files):
    games = []
    for path in files:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt") as f:
            for line in f:
                if line.strip():
                    games.append(json.loads(line))
    return games


def quiet_fens(game):
    pos = Pos(game["start"])
    fens = []
    for move in game["moves"]:
        if "," in move and ">" not in move:
            return fens  # a placement: not a start these files have
        if pos.quiet():
            fens.append(pos.fen())
        if not pos.play(move):
            break
    return fens


class Sai:
    def __init__(self, uci):
        self.p = subprocess.Popen([uci], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        # The first search of a fresh program is slow to start: not a label.
        self.label("0000000000000000000000000/1/mortal:B2,D4/mortal:B4,D2", 0.2)

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def label(self, fen, seconds):
        """(depth, score) of a search of `fen` stopped after `seconds`. `stop` is sent only once
        the search has reported (a `stop` that comes before the search has started is lost, and
        the search would run on), and again every half second until the search ends."""
        self.send("set_position " + fen)
        start = time.time()
        stopped = None
        last = None
        while True:
            try:
                line = self.lines.get(timeout=0.005)
            except queue.Empty:
                line = ""
            if line is None:
                raise RuntimeError("santorini-ai's uci program ended")
            if line:
                try:
                    j = json.loads(line)
                except ValueError:
                    j = {}
                if j.get("type") == "best_move" and j.get("original_str") == fen:
                    last = j
                    if j.get("trigger") in ("end_of_line", "stop_flag"):
                        break
            now = time.time()
            if last is not None and now - start >= seconds and (stopped is None or now - stopped > 0.5):
                self.send("stop")
                stopped = now
        meta = last["meta"]
        return meta["calculated_depth"], meta["score"]

    def quit(self):
        self.send("quit")


def main():
    args = sys.argv[1:]
    opts = {"--procs": "2", "--chunk": "100", "--chunks": "1000000",
            "--uci": "/tmp/spar/santorini-ai/target/release/uci", "--seed": "1"}
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
    out_dir, seconds, files = rest[0], float(rest[1]), rest[2:]
    os.makedirs(out_dir, exist_ok=True)
    games = read_games(files)
    random.Random(int(opts["--seed"])).shuffle(games)
    size = int(opts["--chunk"])
    procs = [Sai(opts["--uci"]) for _ in range(int(opts["--procs"]))]
    new = 0
    for k in range(0, (len(games) + size - 1) // size):
        path = os.path.join(out_dir, "chunk%04d.txt.gz" % k)
        if os.path.exists(path):
            continue
        if new >= int(opts["--chunks"]):
            break
        fens = []
        seen = set()
        for g in games[k * size:(k + 1) * size]:
            for fen in quiet_fens(g):
                if fen not in seen:
                    seen.add(fen)
                    fens.append(fen)
        results = [None] * len(fens)
        start = time.time()

        def work(j):
            for n in range(j, len(fens), len(procs)):
                results[n] = procs[j].label(fens[n], seconds)

        threads = [threading.Thread(target=work, args=(j,)) for j in range(len(procs))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        tmp = path + ".part"
        with gzip.open(tmp, "wt") as f:
            for fen, (depth, raw) in zip(fens, results):
                f.write("%s %d %d %d\n" % (fen, depth, round(raw * OUR_SCALE / SAI_SCALE), raw))
        os.replace(tmp, path)
        new += 1
        depths = sorted(d for d, _ in results)
        print("chunk %d: %d positions in %.0f s, median depth %d" % (
            k, len(fens), time.time() - start, depths[len(depths) // 2] if depths else 0),
            file=sys.stderr, flush=True)
    for p in procs:
        p.quit()


if __name__ == "__main__":
    main()
