#!/usr/bin/env bash
# Base-game perft side by side, one thread each: bitgames now, bitgames
# before the gods (commit c181f9e~1) and santorini-ai's own move generator
# (tools/santorini/sai_generator_perft, a harness with santorini-ai's castor
# branch as a library). Each counts the same leaves (checked) on four
# positions; hyperfine times RUNS whole processes of each. Prints a Markdown
# table of medians (ms) and the ratios.
#
#   bench/santorini-perft.sh [DEPTH] [RUNS]        # defaults: 5, 10
#
# SAI: santorini-ai's castor branch checked out (default /tmp/spar/santorini-ai;
# docs/santorini.md says how to fetch it); SCRATCH: where the old commit and
# the harness are built (default /tmp/bitgames-perft). Needs hyperfine, python3,
# the nightly toolchain (santorini-ai's), and `cargo build --release` first.
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-5}
runs=${2:-10}
sai=${SAI:-/tmp/spar/santorini-ai}
scratch=${SCRATCH:-/tmp/bitgames-perft}
new=target/release/bitgames
[ -x "$new" ] || { echo "no $new: run cargo build --release first" >&2; exit 1; }
[ -d "$sai/santorini_core" ] || { echo "no santorini-ai checkout at $sai (set SAI)" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "hyperfine is missing (apt-get install hyperfine)" >&2; exit 1; }
mkdir -p "$scratch"

# bitgames before the gods.
old="$scratch/old/target/release/bitgames"
if [ ! -x "$old" ]; then
    [ -d "$scratch/old" ] || git worktree add --detach "$scratch/old" c181f9e~1 >&2
    (cd "$scratch/old" && cargo build --release -p bitgames-cli >&2)
fi

# The santorini-ai harness, with santorini-ai's own release settings and flags.
harness="$scratch/sai/target/release/sai-generator-perft"
mkdir -p "$scratch/sai/src" "$scratch/sai/.cargo"
cp tools/santorini/sai_generator_perft/src/main.rs "$scratch/sai/src/main.rs"
sed "s|@SAI@|$sai|" tools/santorini/sai_generator_perft/Cargo.toml.in > "$scratch/sai/Cargo.toml"
cp "$sai/.cargo/config.toml" "$scratch/sai/.cargo/config.toml"
(cd "$scratch/sai" && cargo +nightly build --release >&2)

positions=(
    "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2"
    "4101202110011400102000100/1/mortal:A3,C3/mortal:E4,A1"
    "1210001221012100011000210/1/mortal:B4,D2/mortal:C3,E4"
    "2100301220010200110021000/2/mortal:A4,C2/mortal:D4,B1"
)
export RAYON_NUM_THREADS=1
json=$(mktemp)
trap 'rm -f "$json"' EXIT
echo "| position | depth | leaves | bitgames ms | c181f9e~1 ms | santorini-ai ms | vs c181f9e~1 | vs santorini-ai |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for p in "${positions[@]}"; do
    leaves=$("$new" perft -d "$depth" santorini "$p" 2>/dev/null)
    for other in "$("$old" perft -d "$depth" santorini "$p" 2>/dev/null)" "$("$harness" "$depth" "$p")"; do
        [ "$other" = "$leaves" ] || { echo "$p: $leaves leaves, but $other elsewhere" >&2; exit 1; }
    done
    hyperfine -N -w 1 -r "$runs" --export-json "$json" \
        "$new perft -d $depth santorini $p" "$old perft -d $depth santorini $p" \
        "$harness $depth $p" >/dev/null
    python3 - "$json" "$p" "$depth" "$leaves" <<'PY'
import json, sys
r = [x["median"] * 1e3 for x in json.load(open(sys.argv[1]))["results"]]
p, d, n = sys.argv[2:5]
print(f"| `{p}` | {d} | {int(n):,} | {r[0]:.0f} | {r[1]:.0f} | {r[2]:.0f} | {r[1] / r[0]:.2f}x | {r[2] / r[0]:.2f}x |")
PY
done

# With gods (depth - 2: their trees are wider): the turns each lists, which
# differ where santorini-ai lists another number of paths to one position
# (docs/santorini.md, perft with gods), and the time of each.
echo
echo "| gods (\`4101202110011400102000100/1/\` then) | depth | bitgames turns | santorini-ai turns | bitgames ms | santorini-ai ms | vs santorini-ai |"
echo "|---|---:|---:|---:|---:|---:|---:|"
gdepth=$((depth > 3 ? depth - 2 : 1))
for g in apollo:A3,C3/minotaur:E4,A1 artemis:A3,C3/hermes:E4,A1 atlas:A3,C3/pan:E4,A1 \
    athena:A3,C3/hephaestus:E4,A1 demeter:A3,C3/prometheus:E4,A1; do
    p="4101202110011400102000100/1/$g"
    ours=$("$new" perft -d "$gdepth" santorini "$p" 2>/dev/null)
    theirs=$("$harness" "$gdepth" "$p")
    hyperfine -N -w 1 -r "$runs" --export-json "$json" \
        "$new perft -d $gdepth santorini $p" "$harness $gdepth $p" >/dev/null
    python3 - "$json" "$g" "$gdepth" "$ours" "$theirs" <<'PY'
import json, sys
r = [x["median"] * 1e3 for x in json.load(open(sys.argv[1]))["results"]]
g, d, a, b = sys.argv[2:6]
print(f"| `{g}` | {d} | {int(a):,} | {int(b):,} | {r[0]:.0f} | {r[1]:.0f} | {r[1] / r[0]:.2f}x |")
PY
done
