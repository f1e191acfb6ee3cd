#!/usr/bin/env python3
"""Outside facts for the god powers: santorini-ai's successors of positions
of random games with random god pairs.

    python3 tools/santorini/sai_successors.py UCI OUT [--games N] [--seed S] [--plies P]
        [--gods G,G,...] [--with G,G,...]
    python3 tools/santorini/sai_successors.py UCI OUT --positions DATA

UCI is santorini-ai's `uci` program (its castor branch, built with nightly;
docs/santorini.md says how; or its main branch, for the gods castor lacks). For
each game: a random ordered pair of the gods (`--gods`, default the ten simple
ones; with `--with`, only the pairs with one of those on either side), every
pair in turn, then at random; the four workers on random
distinct spaces, player 1 to move. At each position the script asks
`next_moves FEN` and writes one line

    FEN LISTED DISTINCT HASH

FEN the position in canonical form (below); LISTED the turns santorini-ai
lists (several paths to one position count apart; 0: no move, the player to
move loses); DISTINCT the distinct positions one turn later; HASH the first
16 hex digits of the SHA-1 of those positions' canonical forms, sorted, one a
line, each followed by a newline. Then it plays a random one of the listed
turns, until the game is won or lost or P plies are played.

With `--positions`, no games are played: the positions are the first field of each line of
DATA (a file this script wrote, maybe with another santorini-ai build), asked again in the same
order, so that two builds' answers compare line by line.

The canonical form: the 25 levels (a dome is 4 at any height, as santorini-ai
writes it), the player to move, then each player's section
`[#]god[[state]][-]:SPACES`: `#` if that player has won, the god's state as santorini-ai writes
it (`europa[E2]`, `clio[2|A5]`; Athena's `[^]` aside), `-` if nobody has won and
that player is to move and may not move up (its opponent is Athena, who
moved up on her last turn; santorini-ai writes this as `athena[^]`), and the
workers' spaces sorted from A5 along each rank to E1 (no colon for a player with none: Medusa
took them).
"""

import argparse
import hashlib
import json
import random
import subprocess
import sys

GODS = ["apollo", "artemis", "athena", "atlas", "demeter",
        "hephaestus", "hermes", "minotaur", "pan", "prometheus"]
FILES = "ABCDE"
# The pairs santorini-ai's main branch bans (santorini_core/src/matchup.rs), among the
# gods bitgames plays: never drawn.
BANNED = {frozenset(("hades", "pan")), frozenset(("hades", "nike")),
          frozenset(("aphrodite", "urania")), frozenset(("hades", "asteria")),
          frozenset(("ares",)), frozenset(("nemesis", "aphrodite")),
          frozenset(("chronus", "atlas")), frozenset(("chronus", "asteria")),
          frozenset(("nemesis", "clio")), frozenset(("nemesis", "medusa")),
          frozenset(("nemesis", "bia")), frozenset(("nemesis", "graeae")),
          frozenset(("chronus", "selene")),
          frozenset(("chronus", "polyphemus")),
          frozenset(("harpies", "hermes"))}


def space_index(text):
    """A5 is 0, E5 is 4, A1 is 20."""
    return (5 - int(text[1])) * 5 + FILES.index(text[0])


def space_name(i):
    return f"{FILES[i % 5]}{5 - i // 5}"


def parse_section(text):
    """(won, god, athena moved up, restricted, sorted worker spaces)."""
    head, _, workers = text.partition(":")
    won = "#" in head
    restricted = "-" in head
    head = head.replace("#", "").replace("-", "")
    data = ""
    if "[" in head:
        head, _, data = head.partition("[")
        data = data.rstrip("]")
    spaces = sorted(space_index(w) for w in workers.split(",") if w)
    return won, head, data, restricted, spaces


def canonical(fen):
    levels, to_move, one, two = fen.split("/")
    sections = [parse_section(one), parse_section(two)]
    out = [levels, to_move]
    over = sections[0][0] or sections[1][0]
    for me, (won, god, data, restricted, spaces) in enumerate(sections):
        other = sections[1 - me]
        # Only the player to move can be kept from moving up, while the game
        # goes on (santorini-ai keeps Athena's mark through her opponent's
        # turn, and after a win).
        restricted = not over and me == int(to_move) - 1 and (
            restricted or (other[1] in ("athena", "nike") and other[2] == "^"))
        # Morpheus keeping no block is written without a state, as bitgames writes it.
        if god == "morpheus" and data == "0":
            data = ""
        state = f"[{data}]" if data and data != "^" else ""
        workers = ":" + ",".join(space_name(s) for s in spaces) if spaces else ""
        out.append(("#" if won else "") + god + state + ("-" if restricted else "") + workers)
    return "/".join(out)


def sai_form(fen):
    """A canonical position as santorini-ai writes it: a blocked player to move (`-`) is
    written as Athena's mark on her section (`athena[^]`)."""
    levels, to_move, one, two = fen.split("/")
    sections = [one, two]
    mover = int(to_move) - 1
    head, _, workers = sections[mover].partition(":")
    if head.endswith("-"):
        sections[mover] = head[:-1] + ":" + workers
        head, _, workers = sections[1 - mover].partition(":")
        sections[1 - mover] = head + "[^]:" + workers
    return "/".join([levels, to_move] + sections)


def line_of(fen, nexts):
    """The data line of `fen` and santorini-ai's successors `nexts`."""
    mover = int(fen.split("/")[1])
    opponent_won = [n for n in nexts if n.split("/")[2 + (2 - mover)].startswith("#")]
    if len(nexts) == 1 and opponent_won:
        # No move: santorini-ai lists the loss as one turn.
        return f"{canonical(fen)} 0 0 {hashlib.sha1(b'').hexdigest()[:16]}\n"
    distinct = sorted({canonical(n) for n in nexts})
    digest = hashlib.sha1("".join(d + "\n" for d in distinct).encode()).hexdigest()
    return f"{canonical(fen)} {len(nexts)} {len(distinct)} {digest[:16]}\n"


def ask_again(uci, data, out):
    """Writes `out`: the line of each position of `data`, asked of `uci` again."""
    with open(data) as positions, open(out, "w") as sink:
        for n, line in enumerate(positions, 1):
            fen = line.split()[0]
            sink.write(line_of(fen, uci.next_moves(sai_form(fen))))
            if n % 500 == 0:
                print(f"{n} positions", file=sys.stderr)


#: The gods that place three workers (two for the others).
THREE_WORKERS = {"graeae", "proteus", "stymphalians"}
#: The gods with a female worker: the first of a random start's, named in the state (`selene[A1]`).
FEMALE = {"selene", "hippolyta"}


def random_start(rng, gods):
    """Each player's workers on random distinct spaces (three for a god of THREE_WORKERS;
    with none of them, the same draw as before they came)."""
    counts = [3 if god in THREE_WORKERS else 2 for god in gods]
    spaces = rng.sample(range(25), sum(counts))
    one = ",".join(space_name(s) for s in sorted(spaces[:counts[0]]))
    two = ",".join(space_name(s) for s in sorted(spaces[counts[0]:]))
    names = [f"{god}[{space_name(spaces[0 if i == 0 else counts[0]])}]" if god in FEMALE else god
             for i, god in enumerate(gods)]
    return f"{'0' * 25}/1/{names[0]}:{one}/{names[1]}:{two}"


class Uci:
    def __init__(self, program):
        self.p = subprocess.Popen([program], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.read("started")

    def read(self, kind):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit(f"santorini-ai ended while a {kind} line was awaited")
            try:
                message = json.loads(line)
            except json.JSONDecodeError:
                continue
            if message.get("type") == kind:
                return message

    def next_moves(self, fen):
        self.p.stdin.write(f"next_moves {fen}\n")
        return [s["next_state"] for s in self.read("next_moves")["next_states"]]

    def close(self):
        self.p.stdin.write("quit\n")
        self.p.stdin.close()
        self.p.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("uci")
    parser.add_argument("out")
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=40)
    parser.add_argument("--positions")
    parser.add_argument("--gods", default=",".join(GODS))
    parser.add_argument("--with", dest="with_gods", default="")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    names = args.gods.split(",")
    must = set(args.with_gods.split(",")) - {""}
    pairs = [(a, b) for a in names for b in names
             if (not must or a in must or b in must) and frozenset((a, b)) not in BANNED]
    uci = Uci(args.uci)
    if args.positions:
        ask_again(uci, args.positions, args.out)
        uci.close()
        return
    lines = 0
    with open(args.out, "w") as out:
        for game in range(args.games):
            gods = pairs[game] if game < len(pairs) else rng.choice(pairs)
            fen = random_start(rng, gods)
            for _ in range(args.plies):
                nexts = uci.next_moves(fen)
                line = line_of(fen, nexts)
                out.write(line)
                lines += 1
                if line.split()[2] == "0":
                    break
                fen = rng.choice(nexts)
                if any(section.startswith("#") for section in fen.split("/")[2:]):
                    break
            print(f"game {game + 1}/{args.games}: {gods[0]} vs {gods[1]}, {lines} positions",
                  file=sys.stderr)
    uci.close()


if __name__ == "__main__":
    main()
