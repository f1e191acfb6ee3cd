#!/usr/bin/env python3
"""Perft with gods by santorini-ai: for each position, to each depth, the turns
as santorini-ai lists them (every path to a position counted: its `next_moves`)
and the distinct positions.

    python3 tools/santorini/sai_perft.py UCI DEPTH FEN... > OUT

UCI is santorini-ai's `uci` program (castor branch; its main branch for the gods castor
lacks, docs/santorini.md). Prints one line a
position and depth: `FEN DEPTH LISTED DISTINCT`. LISTED counts the leaves of
the tree of listed turns (a finished game has no children; a player with no
turn has none either), DISTINCT the distinct positions at that depth, in the
canonical form of `sai_successors.py`.
"""

import sys

from sai_successors import Uci, canonical, sai_form


def is_over(fen):
    return any(section.startswith("#") for section in fen.split("/")[2:])


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    uci = Uci(sys.argv[1])
    depth = int(sys.argv[2])
    cache = {}

    def children(fen):
        """The listed successors of a position (none once it is over or lost)."""
        if fen not in cache:
            nexts = [] if is_over(fen) else uci.next_moves(sai_form(fen))
            mover = int(fen.split("/")[1])
            lost = len(nexts) == 1 and nexts[0].split("/")[2 + (2 - mover)].startswith("#")
            cache[fen] = [] if lost else [canonical(n) for n in nexts]
        return cache[fen]

    for fen in sys.argv[3:]:
        fen = canonical(fen)
        layer = {fen: 1}  # distinct position -> number of listed paths to it
        for d in range(1, depth + 1):
            following = {}
            for position, paths in layer.items():
                for child in children(position):
                    following[child] = following.get(child, 0) + paths
            layer = following
            print(f"{fen} {d} {sum(layer.values())} {len(layer)}", flush=True)
    uci.close()


if __name__ == "__main__":
    main()
