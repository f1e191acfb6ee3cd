#!/bin/bash
# Side-by-side benchmark: bitgames' Connect Four solver, Pascal Pons' solver and
# Steininger's c4, on Pons' test sets and on the empty 7x6 board.
# Prints a markdown table; raw per-position lines go to $RAW. See README.md.
#
#   bench/peers/run.sh                                         # the full run
#   QUICK=1 ./run.sh                                           # 5 positions a set, no empty board
#
# Environment:
#   BITGAMES   the bitgames binary (default target/release/bitgames of this checkout)
#   BITGAMES_TOOLS  the bitgames-tools binary, whose `connect4 bench` times the sets
#              (default: bitgames-tools beside $BITGAMES)
#   DATA       the folder of Test_L?_R? (default data/connect4 of this checkout)
#   PEERS      where build.sh puts the peers' binaries (default target/peers); built if missing
#   RAW        where the raw lines go (default $PEERS/raw); emptied first
#   QUICK=1    5 positions a set, no empty board
#   N_EE N_MM N_BM N_BH   positions of each set (default 1000 1000 100 10)
#   EMPTY=0    skip the empty board;  PONS_EMPTY=0  skip Pons on it (about 6.5 minutes)
#   BITGAMES_TABLE_LOG2 (24), BITGAMES_EMPTY_TABLE_LOG2 (24 = 256 MiB, the default)
#   EMPTY_POS, EMPTY_SCORE  for a smoke test of the empty-board rows only: solve this
#              position (`moves`, 1-based columns) with this expected score instead
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
BITGAMES=${BITGAMES:-$root/target/release/bitgames}
BITGAMES_TOOLS=${BITGAMES_TOOLS:-$(dirname "$BITGAMES")/bitgames-tools}
DATA=${DATA:-$root/data/connect4}
PEERS=${PEERS:-$root/target/peers}
RAW=${RAW:-$PEERS/raw}
BITGAMES_TABLE_LOG2=${BITGAMES_TABLE_LOG2:-24}
BITGAMES_EMPTY_TABLE_LOG2=${BITGAMES_EMPTY_TABLE_LOG2:-24}
if [ "${QUICK:-0}" = 1 ]; then
    N_EE=${N_EE:-5} N_MM=${N_MM:-5} N_BM=${N_BM:-5} N_BH=${N_BH:-5} EMPTY=${EMPTY:-0}
fi
N_EE=${N_EE:-1000} N_MM=${N_MM:-1000} N_BM=${N_BM:-100} N_BH=${N_BH:-10}
EMPTY=${EMPTY:-1} PONS_EMPTY=${PONS_EMPTY:-1}
EMPTY_POS=${EMPTY_POS:--} EMPTY_SCORE=${EMPTY_SCORE:-1}

die() { echo "run.sh: $*" >&2; exit 2; }
[ -x "$BITGAMES" ] || die "no bitgames binary at $BITGAMES (set BITGAMES)"
[ -x "$BITGAMES_TOOLS" ] || die "no bitgames-tools binary at $BITGAMES_TOOLS (set BITGAMES_TOOLS)"
for f in Test_L3_R1 Test_L2_R2 Test_L1_R2 Test_L1_R3; do
    [ -f "$DATA/$f" ] || die "no test set $DATA/$f (set DATA)"
done
bin=$PEERS/bin
for b in pons_bench c4_bench_t1_sets c4_bench_t1_empty c4_bench_t2_empty; do
    if [ ! -x "$bin/$b" ]; then
        echo "run.sh: building the peers into $PEERS (about a minute)" >&2
        PEERS=$PEERS "$here/build.sh" >&2
        break
    fi
done
# Pons' own main loads ./7x6.book; our driver never loads a book, but make sure
# no book sits where someone might run the stock binary from.
[ ! -e "$PEERS/bin/7x6.book" ] || die "remove $PEERS/bin/7x6.book: no opening book for Pons"

rm -rf "$RAW" && mkdir -p "$RAW"
cd "$RAW"
{
    echo "date $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "host $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
    echo "load at start $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "bitgames $BITGAMES: $("$BITGAMES" --version), sha256 $(sha256sum "$BITGAMES" | cut -c1-16)"
    echo "bitgames table-log2 sets $BITGAMES_TABLE_LOG2, empty $BITGAMES_EMPTY_TABLE_LOG2"
    cat "$bin/BUILD_INFO"
    echo "positions EE $N_EE MM $N_MM BM $N_BM BH $N_BH, empty board $EMPTY (Pons $PONS_EMPTY, position $EMPTY_POS)"
} > info.txt
load=$(cut -d' ' -f1 /proc/loadavg)
if awk "BEGIN{exit !($load > 0.5)}"; then
    echo "run.sh: WARNING: load average $load at the start: the machine is not quiet" >&2
fi

step() { echo "[$(date -u +%H:%M:%S)] $*" >&2; }
: > rows.tsv
run_set() { # key file name n
    local key=$1 file=$2 name=$3 n=$4
    local label="$name ($file"
    if [ "$n" -lt "$(grep -c . "$DATA/$file")" ]; then
        label+=", first $n)"
    else
        label+=")"
    fi
    printf '%s\t%s\tset\n' "$key" "$label" >> rows.tsv
    head -n "$n" "$DATA/$file" > "input-$key.txt"
    step "$label: bitgames bench"
    "$BITGAMES_TOOLS" connect4 bench --data "$DATA" --sets "$file" --limit "$n" --hard-limit "$n" \
        --mode strong --table-log2 "$BITGAMES_TABLE_LOG2" > "bitgames-bench-$key.md" || true
    step "$label: bitgames solve --stats"
    "$BITGAMES" connect4 solve --stats --no-book -j 1 --table-log2 "$BITGAMES_TABLE_LOG2" \
        < "input-$key.txt" > "bitgames-$key.txt" 2> "bitgames-$key.err" || true
    step "$label: Pons"
    "$bin/pons_bench" < "input-$key.txt" > "pons-$key.txt" 2> "pons-$key.err" || true
    step "$label: c4"
    "$bin/c4_bench_t1_sets" < "input-$key.txt" > "c4-$key.txt" 2> "c4-$key.err" || true
}
run_set EE Test_L3_R1 End-Easy "$N_EE"
run_set MM Test_L2_R2 Middle-Medium "$N_MM"
run_set BM Test_L1_R2 Begin-Medium "$N_BM"
run_set BH Test_L1_R3 Begin-Hard "$N_BH"

if [ "$EMPTY" = 1 ]; then
    for j in 1 2; do
        key=empty-j$j
        label="empty 7x6, $j thread$([ $j = 1 ] || echo s)"
        [ "$EMPTY_POS" = - ] || label="SMOKE $EMPTY_POS (stands in for the empty board), $j thread(s)"
        printf '%s\t%s\tempty\n' "$key" "$label" >> rows.tsv
        echo "$EMPTY_POS $EMPTY_SCORE" > "input-$key.txt"
        step "empty board, $j thread(s): bitgames"
        echo "$EMPTY_POS" | "$BITGAMES" connect4 solve --stats --no-book -j "$j" \
            --table-log2 "$BITGAMES_EMPTY_TABLE_LOG2" > "bitgames-$key.txt" 2> "bitgames-$key.err" || true
        if [ "$j" = 1 ] && [ "$PONS_EMPTY" = 1 ]; then
            step "empty board, 1 thread: Pons (about 6.5 minutes)"
            echo "$EMPTY_POS" | "$bin/pons_bench" > "pons-$key.txt" 2> "pons-$key.err" || true
        fi
        step "empty board, $j thread(s): c4"
        echo "$EMPTY_POS" | "$bin/c4_bench_t${j}_empty" > "c4-$key.txt" 2> "c4-$key.err" || true
    done
fi
echo "load at end $(cut -d' ' -f1-3 /proc/loadavg)" >> info.txt
echo "date end $(date -u +%Y-%m-%dT%H:%M:%SZ)" >> info.txt

set +e
python3 "$here/summarize.py" "$RAW" | tee table.md
status=${PIPESTATUS[0]}
echo
cat info.txt
exit "$status"
