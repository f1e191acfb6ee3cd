#!/bin/bash
# Self-play games in chunks, one `bitgames-lab games` run a seed, resumable:
#   tools/santorini/selfplay/chunks.sh DIR FIRST_SEED LAST_SEED [GAMES] [MS]
# writes DIR/chunkSEED.jsonl (GAMES games, default 500, MS ms a move, default
# 15) and DIR/chunkSEED.done once a chunk is complete; a chunk already done is
# skipped, an unfinished one played again. RANDOM_PLIES, BRANCH and NET
# pass through to `bitgames-lab games`; GODS=1 gives each game random gods. Then, for the games of the done
# chunks:  for f in DIR/chunk*.done; do cat "${f%.done}.jsonl"; done | gzip -9 > OUT.jsonl.gz
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 DIR FIRST_SEED LAST_SEED [GAMES] [MS]" >&2
  exit 2
fi
dir=$1 first=$2 last=$3 games=${4:-500} ms=${5:-15}
bin=${BIN:-target/release/bitgames-lab}
if [ ! -x "$bin" ]; then
  echo "$bin is missing: cargo build --release -p bitgames-lab (or set BIN)" >&2
  exit 2
fi
mkdir -p "$dir"
for seed in $(seq "$first" "$last"); do
  if [ -e "$dir/chunk$seed.done" ]; then
    continue
  fi
  echo "chunk $seed: $games games" >&2
  "$bin" games "$dir/chunk$seed.jsonl" --games "$games" --time "${ms}ms" --seed "$seed" \
    --random-plies "${RANDOM_PLIES:-0}" --branch "${BRANCH:-0}" ${NET:+--net "$NET"} ${GODS:+--gods} \
    2> "$dir/chunk$seed.log"
  touch "$dir/chunk$seed.done"
done
