#!/usr/bin/env bash
# The gods' match against santorini-ai (issue 71): for each god (the ten
# by default, GODS below), GAMES games of ours with that god against santorini-ai with a
# random god, each start twice with colours swapped, TIME a move each.
# Resumable: a god whose DIR/GOD.jsonl has all its games is skipped, one
# with some goes on from its next game (the referee's --resume).
# Two gods at a time (one engine thinks at a time in a game: two matches
# fill two cores).
#
#   tools/santorini/gods-match.sh DIR [GAMES] [TIME] [FIRST_SEED]   # 40 0.5s 9201
#
# GODS: the gods of ours to play, blank-separated (default the ten; issue 72's
# table: GODS="hestia zeus urania hera hades hypnus limus persephone aphrodite
# maenads" ... DIR 10 0.5s 9301, the later gods castor plays).
#
# ENGINE: our engine's command (default `bitgames santorini engine`; e.g.
# "bitgames santorini engine --net FILE" to measure another network).
# LAB: the lab binary (default target/release/bitgames-lab; `bitgames` beside
# it plays for us); SAI: santorini-ai's castor `uci` (default
# /tmp/spar/santorini-ai/target/release/uci, docs/santorini.md). Then:
#   for f in DIR/*.log; do tail -2 "$f"; done
set -euo pipefail
dir=$1 games=${2:-40} time=${3:-0.5s} seed=${4:-9201}
lab=${LAB:-target/release/bitgames-lab}
sai=${SAI:-/tmp/spar/santorini-ai/target/release/uci}
[ -x "$lab" ] || { echo "$lab is missing: cargo build --release -p bitgames-cli -p bitgames-lab" >&2; exit 2; }
[ -x "$sai" ] || { echo "$sai is missing: build santorini-ai's castor branch (docs/santorini.md)" >&2; exit 2; }
mkdir -p "$dir"
read -r -a gods <<< "${GODS:-apollo artemis athena atlas demeter hephaestus hermes minotaur pan prometheus}"
play() {
    local i=$1 god=${gods[$1]}
    if [ -e "$dir/$god.jsonl" ] && [ "$(wc -l < "$dir/$god.jsonl")" -ge "$games" ]; then
        return
    fi
    "$lab" referee --engine1 "${ENGINE:-bitgames santorini engine}" --engine2 "$sai" --name1 bitgames \
        --name2 santorini-ai \
        --gods "$god,random" --games "$games" --time "$time" --seed $((seed + i)) \
        --json "$dir/$god.jsonl" --resume >> "$dir/$god.log" 2>&1
}
for half in 0 1; do
    (for i in $(seq "$half" 2 $((${#gods[@]} - 1))); do play "$i"; done) &
done
wait
