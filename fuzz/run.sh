#!/usr/bin/env bash
# Runs the fuzz targets, each for SECONDS (default 30), and prints a table of
# the inputs tried per target. Exit 1 on any crash, panic, timeout or leak
# (the failing input is saved under fuzz/artifacts/TARGET/).
#
#   fuzz/run.sh                 # every target, 30 s each
#   fuzz/run.sh 300 connect4_book santorini_parse
#
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz --locked`).
# Each target starts from its seed corpus in fuzz/seeds/TARGET (inputs taken
# from the tests); what it finds goes to a temporary directory, not the repository.
set -euo pipefail
cd "$(dirname "$0")"

seconds=${1:-30}
shift || true
if ! rustup toolchain list | grep -q '^nightly'; then
  echo "fuzz/run.sh: the nightly toolchain is missing: rustup toolchain install nightly --profile minimal" >&2
  exit 1
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "fuzz/run.sh: cargo-fuzz is missing: cargo install cargo-fuzz --locked" >&2
  exit 1
fi
if [ $# -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <(cargo +nightly fuzz list)
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$(date +%s)
# No sanitizer: the targets reach no `unsafe` code (the only unsafe blocks are
# in the solver's table), so AddressSanitizer would only slow them down; debug
# assertions and overflow checks are on (-a), as in the tests.
flags=(--sanitizer none --debug-assertions)
if ! cargo +nightly fuzz build "${flags[@]}" >"$work/build.log" 2>&1; then
  cat "$work/build.log" >&2
  exit 1
fi
built=$(date +%s)
echo "built ${#targets[@]} targets in $((built - start)) s"

failed=()
rows=()
for t in "${targets[@]}"; do
  mkdir -p "$work/$t"
  log="$work/$t.log"
  if cargo +nightly fuzz run "${flags[@]}" "$t" "$work/$t" "seeds/$t" -- \
      -max_total_time="$seconds" -timeout=10 -print_final_stats=1 >"$log" 2>&1; then
    status=ok
  else
    status=CRASH
    failed+=("$t")
    tail -n 40 "$log" >&2
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  runs=${runs:-0}
  rows+=("$(printf '| %-16s | %4s s | %12s | %10s | %s |' "$t" "$seconds" "$runs" "$((runs / seconds))" "$status")")
done

echo
echo "| target           | time   |       inputs |    per sec | result |"
echo "|------------------|--------|--------------|------------|--------|"
printf '%s\n' "${rows[@]}"
echo "total: $(( $(date +%s) - start )) s (build $((built - start)) s)"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz/run.sh: crashes in: ${failed[*]} (inputs under fuzz/artifacts/)" >&2
  exit 1
fi
