#!/bin/bash
# Builds the peers' benchmark binaries into $PEERS/bin (default target/peers/bin):
#   pons_bench          Pascal Pons' solver (PascalPons/connect4) + drivers/pons_bench.cpp
#   c4_bench_t1_sets    Steininger's c4 (ChristopheSteininger/c4), 1 thread, $C4_SETS_ENTRIES entries
#   c4_bench_t1_empty   c4, 1 thread, $C4_EMPTY_ENTRIES entries
#   c4_bench_t2_empty   c4, 2 threads, $C4_EMPTY_ENTRIES entries
# Sources: the git directories $PONS_GIT and $C4_GIT at the pinned commits below
# (by default bare clones of github.com/PascalPons/connect4 and
# github.com/ChristopheSteininger/c4, made under $PEERS/git when missing).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
PEERS=${PEERS:-$root/target/peers}
clone() { [ -d "$2" ] || git clone --quiet --bare "$1" "$2"; }
if [ -z "${PONS_GIT:-}" ]; then
    PONS_GIT=$PEERS/git/pons.git
    clone https://github.com/PascalPons/connect4 "$PONS_GIT"
fi
if [ -z "${C4_GIT:-}" ]; then
    C4_GIT=$PEERS/git/c4.git
    clone https://github.com/ChristopheSteininger/c4 "$C4_GIT"
fi
PONS_COMMIT=${PONS_COMMIT:-d6ba50d8aaf2308c769d9bf2abd42d90f34baf41}
C4_COMMIT=${C4_COMMIT:-80baa5315c90fcc4f1491e7fa66cf6db29462581}
# c4's table sizes (entries of 8 bytes; c4 wants an odd size, a prime is best):
# 8388617 = 64 MB (the smallest of c4's examples), 134217757 = 1 GB (c4's default).
# The empty board gets 64 MB too: c4 solves it faster with it (27 s) than with 1 GB (33 s).
C4_SETS_ENTRIES=${C4_SETS_ENTRIES:-8388617}
C4_EMPTY_ENTRIES=${C4_EMPTY_ENTRIES:-8388617}
NICE=${NICE:-nice -n 10}

mkdir -p "$PEERS/bin"
src=$PEERS/src
rm -rf "$src" && mkdir -p "$src/pons" "$src/c4"
git --git-dir="$PONS_GIT" archive "$PONS_COMMIT" | tar -x -C "$src/pons"
git --git-dir="$C4_GIT" archive "$C4_COMMIT" | tar -x -C "$src/c4"

# Pons: the flags of its Makefile (g++ --std=c++11 -W -Wall -O3 -DNDEBUG).
$NICE g++ --std=c++11 -W -Wall -O3 -DNDEBUG -I "$src/pons" -o "$PEERS/bin/pons_bench" \
    "$here/drivers/pons_bench.cpp" "$src/pons/Solver.cpp"
echo "built $PEERS/bin/pons_bench"

# c4: threads and table size are compile-time settings (src/solver/settings.h);
# the flags of its CMake OPTIMISE preset (C++20, -O3 -flto -DNDEBUG -Wall).
build_c4() {
    local name=$1 threads=$2 entries=$3
    local v=$src/c4-$name
    rm -rf "$v" && mkdir -p "$v"
    cp -r "$src/c4/src" "$v/src"
    local s=$v/src/solver/settings.h
    sed -i -E "s/^(inline constexpr int NUM_THREADS = )[0-9]+;/\1$threads;/" "$s"
    sed -i -E "s/^(inline constexpr uint64_t NUM_TABLE_ENTRIES = )[0-9]+;/\1$entries;/" "$s"
    grep -q "NUM_THREADS = $threads;" "$s" && grep -q "NUM_TABLE_ENTRIES = $entries;" "$s" || {
        echo "build.sh: could not set c4's settings in $s" >&2; exit 1; }
    cp "$here/drivers/c4_bench.cpp" "$v/src/c4_bench.cpp"
    # shellcheck disable=SC2046
    $NICE g++ -std=c++20 -Wall -O3 -flto -DNDEBUG -pthread -o "$PEERS/bin/c4_bench_$name" \
        "$v/src/c4_bench.cpp" $(find "$v/src/solver" -name '*.cpp' | sort)
    echo "built $PEERS/bin/c4_bench_$name (threads $threads, table $entries entries)"
}
build_c4 t1_sets 1 "$C4_SETS_ENTRIES"
build_c4 t1_empty 1 "$C4_EMPTY_ENTRIES"
build_c4 t2_empty 2 "$C4_EMPTY_ENTRIES"
{
    echo "pons $PONS_COMMIT"
    echo "c4 $C4_COMMIT"
    echo "c4_sets_entries $C4_SETS_ENTRIES"
    echo "c4_empty_entries $C4_EMPTY_ENTRIES"
    echo "g++ $(g++ -dumpfullversion)"
} > "$PEERS/bin/BUILD_INFO"
