#!/usr/bin/env python3
"""The table of a gods' match (tools/santorini/gods-match.sh): one row a god of
ours, then all games, from the referee's --json files.

    python3 tools/santorini/match_table.py DIR [TIME] [NAME]   # 0.5 (seconds a move), bitgames

Each row: wins-losses, score, Elo with its 95 % interval (normal approximation
on the per-game scores, as the referee's; a score of 0 or 100 % gives an open
bound), the median depth of each engine's moves, and our time use: the share
of our unproven moves (score under a forced result) that took at least 90 % of
the time a move, with the shortest such move.
"""

import json
import math
import pathlib
import statistics
import sys

# Our scores at or past this are forced results (the search's win score
# less its longest mate).
PROVEN = 900_000


def elo(p):
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return -400 * math.log10(1 / p - 1)


def fmt(x):
    return f"{x:+.0f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")


def row(games, ours, budget):
    wins = sum(g["winner"] == ours for g in games)
    n = len(games)
    p = wins / n
    se = math.sqrt(p * (1 - p) / n)
    lo, hi = elo(p - 1.96 * se), elo(p + 1.96 * se)
    depth = {True: [], False: []}
    unproven, full, shortest = 0, 0, math.inf
    for g in games:
        first_is_ours = g["player1"] == ours
        for i, d in enumerate(g["details"]):
            mine = (i % 2 == 0) == first_is_ours
            if d.get("depth") is not None:
                depth[mine].append(d["depth"])
            if mine and d.get("score") is not None and abs(d["score"]) < PROVEN:
                unproven += 1
                if d["seconds"] >= 0.9 * budget:
                    full += 1
                shortest = min(shortest, d["seconds"])
    med = lambda xs: statistics.median(xs) if xs else float("nan")
    return (
        f"{wins}-{n - wins} | {100 * p:.1f} % | {fmt(elo(p))} ({fmt(lo)} to {fmt(hi)}) | "
        f"{med(depth[True]):.0f} | {med(depth[False]):.0f} | "
        f"{full}/{unproven} ({shortest:.3f} s)"
    )


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    folder = pathlib.Path(sys.argv[1])
    budget = float(sys.argv[2]) if len(sys.argv) > 2 else 0.5
    ours = sys.argv[3] if len(sys.argv) > 3 else "bitgames"
    every = []
    print("| our god | W-L | score | Elo (95 %) | our median depth | their median depth "
          "| unproven moves with >= 90 % of the time (shortest) |")
    print("|---|---:|---:|---|---:|---:|---|")
    for path in sorted(folder.glob("*.jsonl")):
        games = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        if not games:
            continue
        every += games
        print(f"| {path.stem} | {row(games, ours, budget)} |")
    if every:
        print(f"| all | {row(every, ours, budget)} |")


if __name__ == "__main__":
    main()
