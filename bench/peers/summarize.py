#!/usr/bin/env python3
"""Builds the side-by-side table from the raw files run.sh wrote.

usage: summarize.py RAW_DIR

RAW_DIR/rows.tsv lists the rows: `key<TAB>label<TAB>kind` (kind `set` or
`empty`). For a set row `K`:
  input-K.txt          the positions given (`moves score`)
  bitgames-bench-K.md  `bitgames-tools connect4 bench` table (bitgames' time)
  bitgames-K.txt       `bitgames connect4 solve --stats` lines: moves score nodes micros searched
  pons-K.txt, c4-K.txt drivers' lines: moves score nodes nanoseconds
For an empty row `K`: input-K.txt (`- 1`), bitgames-K.txt, pons-K.txt, c4-K.txt
(pons-K.txt absent for 2 threads).
Prints the markdown table, then an audit section; exit code 1 when an answer
is wrong or missing.
"""

import re
import sys
from pathlib import Path

UNITS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def human_time(secs):
    if secs is None:
        return "—"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if secs >= scale:
            return f"{sig3(secs / scale)} {unit}"
    return f"{sig3(secs / 1e-9)} ns"


def human_count(n):
    if n is None:
        return "—"
    for unit, scale in (("G", 1e9), ("M", 1e6), ("K", 1e3)):
        if n >= scale:
            return f"{sig3(n / scale)} {unit}"
    return sig3(n)


def sig3(x):
    if x >= 100:
        return f"{x:.0f}"
    if x >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def read_answers(path, time_unit):
    """Lines `moves score nodes time [searched]` -> list of (moves, score,
    nodes, secs, searched); bitgames adds the nodes past its static checks
    (what c4 counts), the peers do not (their nodes stand in)."""
    rows = []
    for line in path.read_text().splitlines():
        words = line.split()
        if not words:
            continue
        if len(words) not in (4, 5):
            raise SystemExit(f"{path}: unexpected line {line!r}")
        moves, score, nodes, t = words[:4]
        searched = int(words[4]) if len(words) == 5 else int(nodes)
        rows.append((moves, int(score), int(nodes), int(t) * time_unit, searched))
    return rows


def read_expected(path):
    out = []
    for line in path.read_text().splitlines():
        words = line.split()
        if words:
            out.append((words[0], int(words[1])))
    return out


def check(name, answers, expected, problems):
    """Counts wrong or missing answers; returns (n, wrong)."""
    wrong = 0
    for i, (moves, want) in enumerate(expected):
        if i >= len(answers):
            wrong += 1
            continue
        got_moves, got = answers[i][:2]
        if got_moves != moves or got != want:
            wrong += 1
            if wrong <= 5:
                problems.append(f"{name}: line {i + 1} `{moves}`: expected {want}, got {got_moves} {got}")
    wrong += max(0, len(answers) - len(expected))
    if wrong:
        problems.append(f"{name}: {wrong} wrong or missing of {len(expected)}")
    return len(expected), wrong


def bench_time(path):
    """bitgames' bench table -> (mean secs, wrong count, positions)."""
    for line in path.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 8 and cells[2] == "strong":
            m = re.fullmatch(r"([0-9.]+) (ns|us|ms|s)", cells[3])
            if not m:
                raise SystemExit(f"{path}: cannot read the mean time {cells[3]!r}")
            return float(m.group(1)) * UNITS[m.group(2)], int(cells[7]), int(cells[1])
    raise SystemExit(f"{path}: no strong row")


def mean(xs):
    return sum(xs) / len(xs) if xs else None


def main():
    raw = Path(sys.argv[1])
    rows = [line.split("\t") for line in (raw / "rows.tsv").read_text().splitlines() if line]
    problems = []
    audit = []
    table = [
        "| set | bitgames time / nodes | Pons time / nodes | c4 time / nodes "
        "| time ratio to the better | node ratio to c4 | the same, past the static checks |",
        "|---|---|---|---|---:|---:|---:|",
    ]
    for key, label, kind in rows:
        expected = read_expected(raw / f"input-{key}.txt")
        cells = {}
        for solver, unit in (("bitgames", 1e-6), ("pons", 1e-9), ("c4", 1e-9)):
            path = raw / f"{solver}-{key}.txt"
            if not path.exists():
                cells[solver] = None
                continue
            answers = read_answers(path, unit)
            n, wrong = check(f"{solver} {label}", answers, expected, problems)
            t = mean([a[3] for a in answers])
            nodes = mean([a[2] for a in answers])
            searched = mean([a[4] for a in answers])
            audit.append(
                f"- {label}, {solver}: {len(answers)}/{n} answered, {wrong} wrong, "
                f"mean {human_time(t)} ({t!r} s), mean nodes {nodes!r}, past the static checks {searched!r}"
            )
            cells[solver] = (t, nodes, wrong, searched)
        bench = raw / f"bitgames-bench-{key}.md"
        if kind == "set" and cells["bitgames"] is not None:
            if not bench.exists():
                problems.append(f"bitgames {label}: no bench table {bench.name}")
            else:
                secs, wrong, n = bench_time(bench)
                audit.append(
                    f"- {label}, bitgames bench: {n} positions, {wrong} wrong, "
                    f"mean {human_time(secs)} (the table's time; solve's micros above are truncated)"
                )
                if wrong or n != len(expected):
                    problems.append(f"bitgames bench {label}: {wrong} wrong, {n} of {len(expected)} positions")
                t, nodes, w, searched = cells["bitgames"]
                cells["bitgames"] = (secs, nodes, w, searched)

        def show(solver, note=""):
            c = cells[solver]
            if c is None:
                return note or "—"
            t, nodes, wrong, searched = c
            text = f"{human_time(t)} / {human_count(nodes)}"
            if searched != nodes:
                text += f" ({human_count(searched)})"
            if wrong:
                text += f" (**{wrong} WRONG**)"
            return text + note

        pons_note = ""
        if kind == "empty" and cells["pons"] is None and key.endswith("j2"):
            pons_note = "— (1 thread only)"
        elif kind == "empty" and cells["pons"] is not None:
            pons_note = " (1 thread)"
        c4_note = ""
        peers = [cells[s][0] for s in ("pons", "c4") if cells[s] is not None]
        b = cells["bitgames"]
        ratio = f"{b[0] / min(peers):.2f}" if b and peers and min(peers) > 0 else "—"
        # c4 answers some positions without a node (an immediate win): no ratio then.
        has_c4 = b and cells["c4"] and cells["c4"][1] > 0
        node_ratio = f"{b[1] / cells['c4'][1]:.2f}" if has_c4 else "—"
        searched_ratio = f"{b[3] / cells['c4'][1]:.2f}" if has_c4 else "—"
        table.append(
            f"| {label} | {show('bitgames')} | {show('pons', pons_note)} | "
            f"{show('c4', c4_note)} | {ratio} | {node_ratio} | {searched_ratio} |"
        )
    print("\n".join(table))
    print()
    print("Time: mean per position (bitgames: its bench's mean on the sets, solve --stats on the")
    print("empty board). Nodes: mean per position. Time ratio: bitgames / the faster peer of the row")
    print("(on the 2-thread row: c4 only; Pons has no threads). Node ratio: bitgames / c4.")
    print("bitgames' nodes in brackets, and the last ratio: those past its static checks (the")
    print("nodes that read the table; c4 runs the same checks on each child before calling its")
    print("search and plays forced moves in place, so it counts only these).")
    print("Tables: sets bitgames 2^24 buckets (256 MiB at most, grown as needed), Pons 2^24")
    print("entries (84 MB), c4 8388617 entries (64 MB); the empty board the same (each the")
    print("fastest size measured here: bitgames 2^26 buckets and c4 1 GB were 20 % slower).")
    print("No opening book.")
    print()
    print("Audit:")
    print("\n".join(audit))
    if problems:
        print()
        print("PROBLEMS:")
        print("\n".join(f"- {p}" for p in problems))
        sys.exit(1)


if __name__ == "__main__":
    main()
