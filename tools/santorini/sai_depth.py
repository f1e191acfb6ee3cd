"""Nodes santorini-ai's `uci` program reports at each depth, position by position.

    python3 tools/santorini/sai_depth.py POSITIONS SECONDS [UCI] > depths.jsonl

POSITIONS: one FEN a line (`bitgames-lab nodes DEPTH POSITIONS --write-fens FILE` writes them).
Each position is searched for SECONDS; for each depth, the last best-move line's
node count and time are kept. Prints one JSON line a position, then the median
nodes a depth on stderr, to set beside `bitgames-lab nodes DEPTH POSITIONS`.
"""
import json
import queue
import statistics
import subprocess
import sys
import threading
import time


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    fens = [line.strip() for line in open(sys.argv[1]) if line.strip()]
    seconds = float(sys.argv[2])
    uci = sys.argv[3] if len(sys.argv) > 3 else "/tmp/spar/santorini-ai/target/release/uci"
    engine = subprocess.Popen([uci], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, bufsize=1)
    lines = queue.Queue()

    def read():
        for line in engine.stdout:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    by_depth = {}
    for fen in fens:
        engine.stdin.write(f"set_position {fen}\n")
        engine.stdin.flush()
        started = time.time()
        depths = {}
        while time.time() - started < seconds:
            try:
                line = lines.get(timeout=0.05)
            except queue.Empty:
                continue
            try:
                answer = json.loads(line)
            except json.JSONDecodeError:
                continue
            meta = answer.get("meta") if isinstance(answer, dict) else None
            if meta and "calculated_depth" in meta:
                depths[meta["calculated_depth"]] = (meta["nodes_visited"], meta["elapsed_seconds"])
        engine.stdin.write("stop\n")
        engine.stdin.flush()
        time.sleep(0.1)
        while not lines.empty():
            lines.get()
        for depth, (nodes, _) in depths.items():
            by_depth.setdefault(depth, []).append(nodes)
        print(json.dumps({"fen": fen, "depths": depths}), flush=True)
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    for depth in sorted(by_depth):
        nodes = by_depth[depth]
        print(f"depth {depth}: {len(nodes)} positions, median nodes {int(statistics.median(nodes))}",
              file=sys.stderr)


if __name__ == "__main__":
    main()
