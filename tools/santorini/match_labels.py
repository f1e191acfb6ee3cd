"""santorini-ai's own search scores from the referee's games against it, as training labels.

    python3 tools/santorini/match_labels.py OUT.txt.gz GAMES.jsonl[.gz]... [--min-depth D]

Every game of the files played against santorini-ai (a player named `santorini-ai` or `sai`)
whose moves carry the referee's `details` (each move's depth and score, for the player who
made it) is replayed from its start. At each of santorini-ai's moves, its score S for the
position it searched (depth D, at least `--min-depth`, default 8) labels that position, and -S
at depth D - 1 labels the position its move led to (its principal variation's first step), each
when quiet (no worker on level 2 next to a free level 3) and the game goes on. A position met
more than once keeps its deepest label. The lines are the form of `bitgames-lab train --relabel`, as
`sai_label.py` writes them: `FEN DEPTH SCORE RAW`, SCORE = RAW * 110 / 230 on our network's
scale. These labels come free with the games (no search is run), from santorini-ai's searches
at the match's time a move (depth 9-15 at 0.25-0.5 s), on positions of games against it:
where our engine's choices lead. santorini-ai runs as a separate program in the referee; none
of its code is in bitgames.
"""
import gzip
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sai_label import OUR_SCALE, SAI_SCALE, Pos, read_games  # noqa: E402

OPPONENT = ("santorini-ai", "sai")


def labels(game, min_depth):
    """(fen, depth, raw) for each position of the game santorini-ai's searches label."""
    if "details" not in game or game.get("start") is None:
        return []
    players = {1: game.get("player1"), 2: game.get("player2")}
    if not any(p in OPPONENT for p in players.values()):
        return []
    pos = Pos(game["start"])
    out = []
    for move, detail in zip(game["moves"], game["details"]):
        if "," in move and ">" not in move:
            return out  # a placement: these files start with the workers placed
        sai = players[pos.mover] in OPPONENT
        depth, raw = detail.get("depth", 0), detail.get("score")
        before = pos.fen() if pos.quiet() else None
        if not pos.play(move):
            break  # a winning move ends the game
        if not sai or raw is None or depth < min_depth:
            continue
        if before is not None:
            out.append((before, depth, raw))
        if pos.quiet():
            out.append((pos.fen(), depth - 1, -raw))
    return out


def main():
    args = sys.argv[1:]
    min_depth = 8
    if "--min-depth" in args:
        i = args.index("--min-depth")
        min_depth = int(args[i + 1])
        del args[i:i + 2]
    if len(args) < 2:
        sys.exit(__doc__)
    out, files = args[0], args[1:]
    best = {}
    games = 0
    for path in files:
        for game in read_games([path]):
            found = labels(game, min_depth)
            games += bool(found)
            for fen, depth, raw in found:
                if fen not in best or depth > best[fen][0]:
                    best[fen] = (depth, raw)
    tmp = out + ".part"
    with gzip.open(tmp, "wt") as f:
        for fen, (depth, raw) in best.items():
            f.write("%s %d %d %d\n" % (fen, depth, round(raw * OUR_SCALE / SAI_SCALE), raw))
    os.replace(tmp, out)
    depths = sorted(d for d, _ in best.values())
    print("%d games against santorini-ai: %d positions labelled, median depth %d" % (
        games, len(best), depths[len(depths) // 2] if depths else 0), file=sys.stderr)


if __name__ == "__main__":
    main()
