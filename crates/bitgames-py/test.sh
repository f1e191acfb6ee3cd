#!/usr/bin/env bash
# The Python tests: builds the bitgames wheel from this checkout (maturin,
# release), installs it into a venv (target/py-venv, which also sees the
# packages installed for the interpreter: numpy, pytest, gymnasium,
# pettingzoo, pgx/jax, open_spiel, ray) and runs pytest on tests/. The book
# tests compare with the CLI's books: the release CLI is built first.
# A missing tool or package fails loudly; .ci/run installs them all.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
py="${PYTHON:-python3}"

fail() { echo "test.sh: $*" >&2; exit 1; }
command -v "$py" >/dev/null 2>&1 || fail "$py is missing (Python 3.9 or later)"
"$py" -m maturin --version >/dev/null 2>&1 || fail "maturin is missing: $py -m pip install maturin"
for module in numpy pytest gymnasium pettingzoo ray; do
  "$py" -c "import $module" 2>/dev/null || fail "the Python package $module is missing: $py -m pip install $module"
done

# tests/test_ray_book.py compares Ray's books with the CLI's (a no-op when up to date).
(cd "$root" && cargo build --release --quiet -p bitgames-cli) ||
  fail "cannot build the CLI the book tests compare with (cargo build --release -p bitgames-cli)"

venv="$root/target/py-venv"
[ -x "$venv/bin/python" ] || "$py" -m venv --system-site-packages "$venv"
wheels="$root/target/wheels"
rm -f "$wheels"/bitgames-*.whl
(cd "$here" && "$py" -m maturin build --release --quiet -o "$wheels")
"$venv/bin/python" -m pip install --quiet --no-deps --no-index --force-reinstall "$wheels"/bitgames-*.whl
cd "$here/tests"
BITGAMES_ROOT="$root" "$venv/bin/python" -m pytest -q "$@"
