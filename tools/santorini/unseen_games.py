"""Writes the test fixture of the network test (tests/library/santorini_net.rs):
the referee games of tools/santorini/matches/ that the built-in network did not
learn from (selfplay/match-games.txt lists those it did), two games of every
five of each file, with only the keys the test reads.

    python3 tools/santorini/unseen_games.py > crates/bitgames/tests/library/data/santorini-unseen-games.jsonl

The match files left the working tree: restore them first (docs/santorini/data.md).
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = ("start", "moves", "player1", "winner")

trained = {line.strip().rsplit("/", 1)[-1] for line in open(os.path.join(HERE, "selfplay", "match-games.txt")) if line.strip()}
matches = os.path.join(HERE, "matches")
for name in sorted(os.listdir(matches)):
    if name in trained:
        continue
    for i, line in enumerate(open(os.path.join(matches, name))):
        if i % 5 in (0, 2):
            game = json.loads(line)
            sys.stdout.write(json.dumps({k: game[k] for k in KEYS if k in game}, separators=(",", ":")) + "\n")
