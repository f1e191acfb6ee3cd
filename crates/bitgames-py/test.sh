#!/usr/bin/env bash
# The Python tests (./test runs them after the Rust ones): builds the bitgames
# wheel from this checkout (maturin, release), installs it into target/venv
# (made by ./test from requirements-test.txt) and runs pytest on tests/. The
# book tests compare with the CLI's books: the release CLI is built first.
# Arguments go to pytest.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
py="${PYTHON:-$root/target/venv/bin/python}"

fail() { echo "test.sh: $*" >&2; exit 1; }
[ -x "$py" ] || fail "no Python environment at $py: run ./test --setup first"
for module in maturin numpy pytest hypothesis gymnasium pettingzoo ray; do
  "$py" -c "import $module" 2>/dev/null ||
    fail "the Python package $module is missing from $py: run ./test --setup"
done

# tests/test_ray_book.py compares Ray's books with the CLI's (a no-op when up to date).
(cd "$root" && cargo build --release --quiet -p bitgames-cli) ||
  fail "cannot build the CLI the book tests compare with (cargo build --release -p bitgames-cli)"

wheels="$root/target/wheels"
rm -f "$wheels"/bitgames-*.whl
(cd "$here" && "$py" -m maturin build --release --quiet -o "$wheels")
"$py" -m pip install --quiet --disable-pip-version-check --no-deps --no-index --force-reinstall \
  "$wheels"/bitgames-*.whl
cd "$here/tests"
BITGAMES_ROOT="$root" "$py" -m pytest -q "$@"
