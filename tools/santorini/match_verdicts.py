#!/usr/bin/env python3
"""How much of a gods' match the start decides: santorini-ai's first verdict
in each game, and our result beside it; with a par run, game by game.

    python3 tools/santorini/match_verdicts.py DIR [PAR_DIR] [--margin M]

DIR: a match of tools/santorini/gods-match.sh (our engine, `bitgames`,
against santorini-ai). PAR_DIR: the same match with santorini-ai in our seat
(`ENGINE=/path/to/santorini-ai/uci gods-match.sh PAR_DIR GAMES 0.5s SEED`,
the same GAMES or more and the same SEED: the same starts and gods, game by
game).

santorini-ai's first verdict is the score of its first move (its own scale,
about 230 to a log-odds of 1): `lost` where it is at least M (400 by
default) for santorini-ai, `won` where it is at most -M, else `open`. Where
santorini-ai moves first, that verdict is on the start itself. Each row of
the first table: a god of ours, the games of each verdict with our wins
among them. With PAR_DIR, the second table sets each god's wins beside the
par run's on the same games (only the games both have), with the games that
went one way in one run and the other way in the other.
"""

import argparse
import collections
import json
import pathlib
import sys

OURS = "bitgames"


def games(path):
    out = {}
    for line in path.read_text().splitlines():
        if line.strip():
            g = json.loads(line)
            out[g["game"]] = g
    return out


def verdict(game, margin):
    """santorini-ai's first score in `game` read as ours: won, lost or open."""
    ours_first = game["player1"] == OURS
    scores = [d["score"] for i, d in enumerate(game["details"]) if (i % 2 == 0) != ours_first]
    if not scores:
        return "open"
    if scores[0] >= margin:
        return "lost"
    if scores[0] <= -margin:
        return "won"
    return "open"


KINDS = ["won", "open", "lost"]
PAIRED = ["games", "ours", "par", "ours only", "par only"]


def verdict_row(name, count):
    """A row of the first table: our wins of each verdict's games, then of all."""
    cells = [f"{count[k, 'w']}/{count[k, 'n']}" for k in KINDS]
    wins = sum(count[k, "w"] for k in KINDS)
    n = sum(count[k, "n"] for k in KINDS)
    return f"| {name} | {' | '.join(cells)} | {wins}/{n} |"


def paired(name, mine, par):
    """The second table's counts of one god, the games both runs have."""
    row = collections.Counter()
    for k in sorted(set(mine) & set(par)):
        if mine[k]["start"] != par[k]["start"]:
            sys.exit(f"{name} game {k}: the starts differ (another seed?)")
        a, b = mine[k]["winner"] == OURS, par[k]["winner"] == OURS
        row["games"] += 1
        row["ours"] += a
        row["par"] += b
        row["ours only"] += a and not b
        row["par only"] += b and not a
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=pathlib.Path)
    ap.add_argument("par", type=pathlib.Path, nargs="?")
    ap.add_argument("--margin", type=int, default=400)
    args = ap.parse_args()
    files = sorted(args.dir.glob("*.jsonl"))
    if not files:
        sys.exit(f"{args.dir}: no .jsonl match files")
    print(f"| god | {' | '.join(f'{k} (wins/games)' for k in KINDS)} | all |")
    print("|---|---|---|---|---|")
    total = collections.Counter()
    for f in files:
        count = collections.Counter()
        for g in games(f).values():
            v = verdict(g, args.margin)
            count[v, "n"] += 1
            count[v, "w"] += g["winner"] == OURS
        total += count
        print(verdict_row(f.stem, count))
    print(verdict_row("all", total))
    if args.par is None:
        return
    print()
    print(f"| god | {' | '.join(PAIRED)} |")
    print("|---|---|---|---|---|---|")
    sums = collections.Counter()
    for f in files:
        par_file = args.par / f.name
        if par_file.exists():
            row = paired(f.name, games(f), games(par_file))
            sums += row
            print(f"| {f.stem} | {' | '.join(str(row[c]) for c in PAIRED)} |")
    print(f"| all | {' | '.join(str(sums[c]) for c in PAIRED)} |")


if __name__ == "__main__":
    main()
