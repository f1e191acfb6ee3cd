#!/usr/bin/env bash
# The whole `bitgames connect4 analyze --json` process, start to exit, on 7x6
# positions of every stage: the empty board and the first N positions of each
# of Pons' six test sets (1 to 41 stones), RUNS runs each. Prints a Markdown
# table of wall seconds per set (median and worst over every run) and the
# same over all positions. Build first: `cargo build --release`.
#
#   bench/analyze-process.sh [N] [RUNS]     # defaults: 8 positions, 3 runs
#
# BITGAMES names another binary (default target/release/bitgames).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BITGAMES:-target/release/bitgames}
n=${1:-8}
runs=${2:-3}
[ -x "$bin" ] || { echo "no $bin: run cargo build --release first" >&2; exit 1; }

# Wall seconds of one whole process, to the microsecond.
time_one() {
    local start end
    start=$(date +%s%N)
    "$bin" connect4 analyze --json "$1" >/dev/null
    end=$(date +%s%N)
    echo "scale=4; ($end - $start) / 1000000000" | bc
}

# median and worst of the numbers on standard input.
stats() {
    sort -n | awk '{v[NR] = $1} END {m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%d | %.3f | %.3f", NR, m, v[NR]}'
}

all=$(mktemp)
trap 'rm -f "$all"' EXIT
echo "| positions | stones | runs | median s | worst s |"
echo "|---|---|---:|---:|---:|"
for set in empty Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2 Test_L1_R3; do
    if [ "$set" = empty ]; then
        positions="-"
    else
        positions=$(head -n "$n" "data/connect4/$set" | cut -d' ' -f1)
    fi
    times=$(for moves in $positions; do
        for _ in $(seq "$runs"); do time_one "$moves"; done
    done)
    echo "$times" >>"$all"
    stones=$(for m in $positions; do [ "$m" = - ] && echo 0 || echo ${#m}; done | sort -n | sed -n '1p;$p' | uniq | paste -sd- -)
    echo "| $set | $stones | $(echo "$times" | stats) |"
done
echo "| all | 0-41 | $(stats <"$all") |"
