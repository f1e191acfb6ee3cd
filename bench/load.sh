#!/usr/bin/env bash
# The long version of the hostile-load test (`serve_load.rs` in the suite):
# `bitgames serve` on loopback, wrk on cheap routes, alone and then under a
# hostile mix (silent sockets, slow heads, a burst of searches on wide and
# narrow boards), the server's peak RSS sampled from /proc. Prints a table.
#
#   bench/load.sh                 # 20 s a row, the release binary
#   SECONDS_EACH=60 MEMORY=1G bench/load.sh
#
# Needs wrk and curl. BITGAMES: the binary (default target/release/bitgames,
# built if absent). Bounded: every background client is stopped at the end.
set -euo pipefail

cd "$(dirname "$0")/.."
BITGAMES=${BITGAMES:-target/release/bitgames}
SECONDS_EACH=${SECONDS_EACH:-20}
MEMORY=${MEMORY:-512M}
SILENT=${SILENT:-1000}
SLOW=${SLOW:-200}
SEARCHERS=${SEARCHERS:-8}

command -v wrk >/dev/null || { echo "bench/load.sh: needs wrk (apt-get install wrk)" >&2; exit 1; }
command -v curl >/dev/null || { echo "bench/load.sh: needs curl" >&2; exit 1; }
[ -x "$BITGAMES" ] || nice cargo build --release -p bitgames-cli
ulimit -n 65536 2>/dev/null || true

log=$(mktemp)
"$BITGAMES" serve --quiet --port 0 --memory "$MEMORY" --header-timeout 5 >"$log" 2>&1 &
server=$!
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  kill "$server" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -f "$log"
}
trap cleanup EXIT
for _ in $(seq 50); do grep -q listening "$log" && break; sleep 0.1; done
url=$(sed -n 's/^bitgames serve: listening on \(http:[^ ]*\)$/\1/p' "$log" | head -1)
url=${url%/}
hostport=${url#http://}
host=${hostport%:*}
port=${hostport##*:}

rss_mib() { awk '/^VmRSS:/ { printf "%d", $2 / 1024 }' "/proc/$server/status"; }
peak=0
sample() { local r; r=$(rss_mib); [ "$r" -gt "$peak" ] && peak=$r; true; }

# One wrk run on `path`: "req/s p50 p99 errors".
measure() {
  local path=$1 out
  out=$(wrk -t2 -c16 -d"${SECONDS_EACH}s" --latency "$url$path" 2>&1)
  local rps p50 p99 errors
  rps=$(awk '/^Requests\/sec:/ { print $2 }' <<<"$out")
  p50=$(awk '$1 == "50%" { print $2 }' <<<"$out")
  p99=$(awk '$1 == "99%" { print $2 }' <<<"$out")
  errors=$(awk '/Non-2xx or 3xx responses:/ { print $5 } /Socket errors:/ { print "sock" }' <<<"$out" | paste -sd, -)
  echo "${rps:-?} ${p50:-?} ${p99:-?} ${errors:-0}"
}

hostile() {
  # Silent sockets: opened, never written (bash's /dev/tcp), held open.
  (
    for _ in $(seq "$SILENT"); do
      exec {fd}<>"/dev/tcp/$host/$port" 2>/dev/null || true
    done
    sleep $((3 * SECONDS_EACH))
  ) &
  pids+=($!)
  # Slow heads: a byte a second.
  for _ in $(seq "$SLOW"); do
    (
      exec {fd}<>"/dev/tcp/$host/$port" || exit 0
      printf 'GET /api HTTP/1.1\r\nHost: x\r\n' >&$fd
      while printf 'y' >&$fd 2>/dev/null; do sleep 1; done
    ) &
    pids+=($!)
  done
  # Searches, one after another in each client: Santorini, 16x7 (more than
  # a small budget), 9x7, 8x7 and the start of 7x6.
  for i in $(seq "$SEARCHERS"); do
    (
      while true; do
        for path in "santorini/bestmove?time_ms=2000" \
          "connect4/analyze?size=16x7&moves=&time_ms=2000" \
          "connect4/analyze?size=9x7&moves=&time_ms=2000" \
          "connect4/bestmove?size=8x7&moves=&time_ms=2000" \
          "connect4/analyze?moves=&time_ms=2000"; do
          curl -s -o /dev/null -w '%{http_code}\n' "$url/api/$path" >>"$log.codes" || true
        done
      done
    ) &
    pids+=($!)
  done
}

cheap=(
  "/api/tictactoe/bestmove?moves=5"
  "/api/connect4/analyze?moves=44"
  "/api/santorini/state"
  "/api/connect4/legal?moves=4+4+5+3"
)

idle=$(rss_mib)
printf '%-12s %-34s %10s %9s %9s %8s %9s\n' mix route req/s p50 p99 errors peak_MiB
for mix in quiet hostile; do
  if [ "$mix" = hostile ]; then hostile; sleep 2; fi
  for path in "${cheap[@]}"; do
    ( while true; do sample_file=$(rss_mib); echo "$sample_file" >>"$log.rss"; sleep 0.2; done ) &
    sampler=$!
    read -r rps p50 p99 errors < <(measure "$path")
    kill "$sampler" 2>/dev/null || true
    wait "$sampler" 2>/dev/null || true
    run_peak=$(sort -n "$log.rss" | tail -1)
    rm -f "$log.rss"
    [ "${run_peak:-0}" -gt "$peak" ] && peak=$run_peak
    printf '%-12s %-34s %10s %9s %9s %8s %9s\n' "$mix" "$path" "$rps" "$p50" "$p99" "$errors" "${run_peak:-?}"
  done
done
sample
echo
echo "memory budget $MEMORY; idle RSS $idle MiB, peak $peak MiB; searches answered:"
sort "$log.codes" 2>/dev/null | uniq -c | awk '{ printf "  %s x %s\n", $2, $1 }'
rm -f "$log.codes"
