"""No call of the package aborts the interpreter: the hypothesis session of
`fuzz_api.py` (random arguments to every entry point; each call succeeds or
raises an ordinary exception with a message) runs in a child process, so
that a crash is a failed test with the child's output, not a dead test
runner; and the cases that once aborted, each with its exact message.
"""

import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
#: The hypothesis cases of fuzz_api.py, each a test there.
FUZZ_CASES = 9


def run_child(args, timeout):
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run(args, cwd=HERE, env=env, capture_output=True, text=True, timeout=timeout)


def test_the_fuzz_session_passes_in_a_child_process():
    fuzz = str(HERE / "fuzz_api.py")
    r = run_child([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", fuzz], timeout=900)
    tail = (r.stdout + r.stderr)[-6000:]
    assert r.returncode == 0, f"the fuzz session exited with {r.returncode}:\n{tail}"
    assert f"{FUZZ_CASES} passed" in r.stdout, tail


ABSURD = r'''
import bitgames
from bitgames import vector, ConnectFour, Solver, _bitgames
def show(f):
    try:
        f()
        print("no error")
    except Exception as e:
        print(f"{type(e).__name__}: {e}")
show(lambda: vector.make("connect_four", num_envs=10**12))
show(lambda: vector.make("santorini", num_envs=2**64 - 1))
show(lambda: vector.make("connect_four", num_envs=2**64))
show(lambda: _bitgames.ConnectFourVector(-1))
show(lambda: vector.make("tic_tac_toe", 1, threads=10**6))
show(lambda: Solver().solve(ConnectFour("4"), time=1e300))
show(lambda: ConnectFour().best_move(time=1e18))
show(lambda: vector.make("connect_four", 2, opponent="expert", time=float("inf")))
print("alive")
'''


def test_absurd_sizes_and_times_are_python_exceptions_in_a_child_process():
    # Before, num_envs=10**12 aborted the interpreter ("memory allocation of
    # 240000000000000 bytes failed") and a time of 1e300 panicked.
    r = run_child([sys.executable, "-c", ABSURD], timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.splitlines() == [
        "ValueError: num_envs 1000000000000 must be at least 1 and at most 16777216",
        "ValueError: num_envs 18446744073709551615 must be at least 1 and at most 16777216",
        "ValueError: num_envs 18446744073709551616 must be at least 1 and at most 16777216",
        "ValueError: num_envs -1 must be at least 1 and at most 16777216",
        "ValueError: threads 1000000 must be at least 1 and at most 256",
        "ValueError: time 1e300 must be a positive number of seconds, at most 86400 (a day)",
        "ValueError: time 1e18 must be a positive number of seconds, at most 86400 (a day)",
        "ValueError: time inf must be a positive number of seconds, at most 86400 (a day)",
        "alive",
    ]
