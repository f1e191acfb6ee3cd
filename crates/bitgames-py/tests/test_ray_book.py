"""Opening books built on Ray (bitgames.book) against the CLI's `book build`:
the same bytes, a worker killed in the middle, a resumed build, shard files
that are not this build's.

Ray runs as a local cluster of 2 CPUs started here. Without Ray these tests
fail (they never skip): CI installs it (`pip install ray`)."""

import json
import os
import signal
import subprocess
import sys

import numpy as np
import pytest

from conftest import ROOT
from bitgames import book as bb

# Ray on the loopback address only (127.0.0.1, not this machine's network
# address): set before Ray is imported, inherited by the subprocesses.
os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"

try:
    import ray
except ImportError as e:  # the fixture fails every test with this
    ray, RAY_MISSING = None, e


@pytest.fixture(scope="module")
def cluster():
    """A local Ray cluster of 2 CPUs; its address, for the command line."""
    if ray is None:
        pytest.fail(f"Ray is not installed ({RAY_MISSING}): pip install ray (CI installs it)")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, object_store_memory=256 * 2**20)
    address = ray.get_runtime_context().gcs_address
    assert address.startswith("127.0.0.1:"), address
    yield address
    ray.shutdown()


@pytest.fixture(scope="module")
def cli():
    # Cargo's target folder: $CARGO_TARGET_DIR (relative to the workspace
    # when relative), else target/ of the workspace.
    target = ROOT / os.environ.get("CARGO_TARGET_DIR", "target")
    exe = target / "release" / "bitgames"
    if not os.access(exe, os.X_OK):
        pytest.fail(f"{exe} is missing: test.sh builds it (cargo build --release -p bitgames-cli)")
    return str(exe)


_CLI_BOOKS = {}


def cli_book(cli, tmp_path_factory, *args):
    """The bytes `bitgames connect4 book build ARGS -o FILE` writes (once per ARGS)."""
    if args not in _CLI_BOOKS:
        out = tmp_path_factory.mktemp("cli") / "cli.book"
        subprocess.run([cli, "connect4", "book", "build", *args, "-o", str(out)], check=True, capture_output=True)
        _CLI_BOOKS[args] = out.read_bytes()
    return _CLI_BOOKS[args]


def book_entries(data):
    """(keys, scores) of a bitgames book file (format 2)."""
    width, height = data[9], data[10]
    count = int.from_bytes(data[24:32], "little")
    kb = -(-width * (height + 1) // 8)
    raw = np.frombuffer(data, dtype=np.uint8, count=count * kb, offset=32).reshape(count, kb)
    keys = np.zeros(count, dtype=np.uint64)
    for b in range(kb):
        keys |= raw[:, b].astype(np.uint64) << np.uint64(8 * b)
    scores = np.frombuffer(data, dtype=np.int8, count=count, offset=32 + count * kb)
    return keys, scores


def python_m(*args, **kw):
    return subprocess.run(
        [sys.executable, "-m", "bitgames.book", *args], capture_output=True, text=True, timeout=600, **kw
    )


def shard_count(n, size, i):
    return min(size, n - i * size)


# ------------------------------------------------------------ the pieces


def test_the_native_pieces_rebuild_the_cli_book(cli, tmp_path_factory):
    data = cli_book(cli, tmp_path_factory, "--width", "5", "--height", "4", "--depth", "6")
    keys, scores = book_entries(data)
    # The layers' keys in the builder's order are exactly the book's keys.
    layers = [bb.layer_keys(5, 4, n) for n in range(7)]
    for k in layers:
        assert k.dtype == np.uint64 and np.all(k[1:] > k[:-1])
    assert sum(len(k) for k in layers) == len(keys) == 2285
    assert np.array_equal(np.sort(np.concatenate(layers)), keys)
    # The book's bytes from its keys and scores, in any order.
    order = np.random.default_rng(1).permutation(len(keys))
    assert bb.book_bytes(5, 4, 0, 6, keys[order], scores[order]) == data
    # A worker solves keys to the book's scores.
    worker = bb.BookWorker(5, 4, 16)
    pick = order[:300]
    assert np.array_equal(worker.solve_keys(keys[pick]), scores[pick])
    assert worker.solved == 300 and worker.nodes > 0
    # The deeper layers as a book: the same scores from a far smaller search.
    five = np.isin(keys, layers[5])
    deeper = np.isin(keys, layers[6])
    plain, booked = bb.BookWorker(5, 4, 16), bb.BookWorker(5, 4, 16)
    booked.set_book(bb.book_bytes(5, 4, 6, 6, keys[deeper], scores[deeper]))
    assert np.array_equal(plain.solve_keys(keys[five]), scores[five])
    assert np.array_equal(booked.solve_keys(keys[five]), scores[five])
    assert booked.nodes * 3 < plain.nodes, (booked.nodes, plain.nodes)
    with pytest.raises(ValueError, match="the book is for a 5x4 board, this worker solves 6x4"):
        bb.BookWorker(6, 4, 16).set_book(bb.book_bytes(5, 4, 6, 6, keys[deeper], scores[deeper]))


def test_the_native_pieces_refuse_bad_input():
    with pytest.raises(ValueError, match="a board of 20x4"):
        bb.layer_keys(20, 4, 3)
    with pytest.raises(ValueError, match="layer 20 is not below the 20 cells"):
        bb.layer_keys(5, 4, 20)
    keys = bb.layer_keys(5, 4, 2)
    with pytest.raises(ValueError, match="a position with 2 stones, not 3..=3"):
        bb.book_bytes(5, 4, 3, 3, keys, np.zeros(len(keys)))
    with pytest.raises(ValueError, match="come more than once"):
        bb.book_bytes(5, 4, 2, 2, np.concatenate([keys, keys[:1]]), np.zeros(len(keys) + 1))
    with pytest.raises(ValueError, match="score 99 is out of range"):
        bb.book_bytes(5, 4, 2, 2, keys, np.full(len(keys), 99))
    with pytest.raises(ValueError, match="key 1 .* is no position of a 5x4 board"):
        bb.BookWorker(5, 4, 16).solve_keys(np.array([keys[0], 0], dtype=np.uint64))


# ------------------------------------------------------------- on Ray


def test_a_layer_built_on_ray_is_the_cli_book(cluster, cli, tmp_path, tmp_path_factory):
    want = cli_book(cli, tmp_path_factory, "--width", "5", "--height", "4", "--layer", "10")
    out = tmp_path / "ray.book"
    report = bb.build(out, width=5, height=4, layer=10, shard_size=1000, progress=None)
    assert out.read_bytes() == want
    assert (report.positions, report.shards, report.shards_resumed) == (33490, 34, 0)
    assert report.positions_solved == 33490 and report.bytes == len(want)
    assert report.worker_pids
    assert not (tmp_path / "ray.book.shards").exists(), "the shards are removed once the book is written"


def test_the_command_builds_several_layers_deepest_first(cluster, cli, tmp_path, tmp_path_factory):
    want = cli_book(cli, tmp_path_factory, "--width", "6", "--height", "4", "--depth", "8")
    out = tmp_path / "6x4.book"
    r = python_m(
        "build", "--width", "6", "--height", "4", "--depth", "8", "-o", str(out),
        "--address", cluster, "--shard-size", "1500", "--progress-every", "0",
    )
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == want
    assert "Traceback" not in r.stderr
    # Progress: shards done/total, a rate and the time left; deepest layer first.
    assert "layer 8: 1/" in r.stderr and "positions/s" in r.stderr and "left" in r.stderr, r.stderr
    assert r.stderr.index("layer 8:") < r.stderr.index("layer 7:") < r.stderr.index("layer 0:")
    assert "41,482 positions" in r.stderr


def test_a_worker_killed_in_the_middle_changes_nothing(cluster, cli, tmp_path, tmp_path_factory):
    want = cli_book(cli, tmp_path_factory, "--width", "5", "--height", "4", "--layer", "10")
    killed = []

    def kill_one(event):
        if not killed:
            # The worker that just delivered a shard has another under way.
            killed.append(event["pid"])
            before.update(event["worker_pids"])
            os.kill(event["pid"], signal.SIGKILL)

    before = set()
    out = tmp_path / "ray.book"
    report = bb.build(out, width=5, height=4, layer=10, shard_size=500, progress=None, on_shard=kill_one)
    assert killed and out.read_bytes() == want
    assert report.shards == 67 and report.positions_solved == 33490
    # The killed worker was restarted (a new process) and solved shards.
    assert report.worker_pids - before, (report.worker_pids, before)


LOSE_A_MACHINE = """
import json
import sys
import time
import ray
from ray.cluster_utils import Cluster
from bitgames import book as bb

cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False})
second = cluster.add_node(num_cpus=1)
ray.init(address=cluster.address, log_to_driver=False)
assert cluster.address.startswith("127.0.0.1:"), cluster.address
lost, waited = [], []

def lose_the_second_machine(event):
    if not waited:
        # The first shard: give the second machine's worker time to start
        # (the first worker finishes the shards it holds and waits).
        waited.append(True)
        time.sleep(5)
        return
    # Both workers up, and shards left for both: the second machine goes.
    if not lost and len(event["workers"]) == 2 and event["shards"] - event["shards_done"] > 4:
        lost.append([info[1] for info in event["workers"].values() if info[2] == second.node_id])
        cluster.remove_node(second)

report = bb.build(sys.argv[1], width=6, height=4, layer=8, shard_size=2000, stall_seconds=1.0,
                  on_shard=lose_the_second_machine, progress_every=0)
print("RESULT", json.dumps([lost, report.positions_solved, report.shards]), flush=True)
ray.shutdown()
cluster.shutdown()
"""


def test_a_machine_lost_for_good_has_its_shards_solved_elsewhere(cli, tmp_path, tmp_path_factory):
    """Two machines (Ray nodes of 1 CPU on this one); the second is removed
    in the middle: its worker cannot restart (no room left), so its shards are
    solved by the first machine's worker."""
    if ray is None:
        pytest.fail(f"Ray is not installed ({RAY_MISSING}): pip install ray (CI installs it)")
    want = cli_book(cli, tmp_path_factory, "--width", "6", "--height", "4", "--layer", "8")
    out = tmp_path / "lost.book"
    r = subprocess.run([sys.executable, "-c", LOSE_A_MACHINE, str(out)], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    assert out.read_bytes() == want
    result = [line for line in r.stdout.splitlines() if line.startswith("RESULT ")]
    assert result, r.stdout
    lost, solved, shards = json.loads(result[0][len("RESULT ") :])
    assert len(lost) == 1, "the second machine's worker did not start within 5 s: the loss was not tried"
    assert len(lost[0]) == 1, lost
    assert (solved, shards) == (25942, 13)
    assert "another worker solves it too" in r.stderr, r.stderr[-3000:]


class Stop(Exception):
    pass


def test_a_restart_does_not_solve_finished_shards_again(cluster, cli, tmp_path, tmp_path_factory):
    want = cli_book(cli, tmp_path_factory, "--width", "5", "--height", "4", "--layer", "10")
    out, shards = tmp_path / "ray.book", tmp_path / "shards"
    seen = []

    def stop_after_five(event):
        seen.append(event["index"])
        if len(seen) == 5:
            raise Stop

    with pytest.raises(Stop):
        bb.build(out, width=5, height=4, layer=10, shard_size=1000, shard_dir=shards,
                 progress=None, on_shard=stop_after_five)
    assert not out.exists()
    files = sorted(p.name for p in shards.glob("layer*.bin"))
    assert files == sorted(f"layer10-shard{i:06d}.bin" for i in seen)
    kept = sum(shard_count(33490, 1000, i) for i in seen)

    report = bb.build(out, width=5, height=4, layer=10, shard_size=1000, shard_dir=shards,
                      progress=None, keep_shards=True)
    assert out.read_bytes() == want
    assert report.shards_resumed == 5
    assert report.positions_solved == 33490 - kept
    # Every shard is there now: nothing is solved, no worker is started.
    out.unlink()
    report = bb.build(out, width=5, height=4, layer=10, shard_size=1000, shard_dir=shards, progress=None)
    assert out.read_bytes() == want
    assert (report.shards_resumed, report.positions_solved, report.worker_pids) == (34, 0, set())


def test_foreign_or_damaged_shards_are_refused_naming_the_file(cluster, tmp_path):
    out, shards = tmp_path / "l6.book", tmp_path / "shards"
    bb.build(out, width=5, height=4, layer=6, shard_size=100, shard_dir=shards, progress=None, keep_shards=True)
    good = out.read_bytes()
    three, four = shards / "layer06-shard000003.bin", shards / "layer06-shard000004.bin"
    saved = three.read_bytes()

    def refused(match, **kw):
        with pytest.raises(bb.BuildError, match=match):
            bb.build(out, width=kw.pop("width", 5), height=4, layer=6, shard_size=kw.pop("shard_size", 100),
                     shard_dir=shards, progress=None, **kw)

    # A changed byte.
    bad = bytearray(saved)
    bad[40] ^= 1
    three.write_bytes(bytes(bad))
    refused(f"shard file {three}: checksum mismatch")
    # Another shard's file under this name.
    three.write_bytes(four.read_bytes())
    refused(f"shard file {three}: it holds shard 4, its name says shard 3")
    # A well-formed file whose keys are another shard's.
    keys = bb.layer_keys(5, 4, 6)
    forged = bb._shard_bytes(5, 4, 6, 3, 100, 15, keys[400:500], np.zeros(100, dtype=np.int8))
    three.write_bytes(forged)
    refused(f"shard file {three}: entry 0: key 0x[0-9a-f]+ is not a key of shard 3 of layer 6")
    # A shard beyond the layer's.
    three.write_bytes(saved)
    (shards / "layer06-shard000099.bin").write_bytes(saved)
    refused("layer 6 has 15 shards of 100, there is no shard 99")
    (shards / "layer06-shard000099.bin").unlink()
    # Another board, another shard size: the manifest says so.
    refused(f"manifest {shards / 'build.json'}: written for another build .5x4 board", width=6)
    refused("--shard-size 100.*this one is 5x4 with --shard-size 50", shard_size=50)
    # A directory that is not a shard directory.
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    with pytest.raises(bb.BuildError, match="not empty and has no build.json"):
        bb.build(out, width=5, height=4, layer=6, shard_dir=tmp_path / "other", progress=None)
    # From the command line: the message, exit code 1, no traceback; the
    # repaired directory then finishes the same book.
    three.write_bytes(four.read_bytes())
    r = python_m("build", "--width", "5", "--height", "4", "--layer", "6", "-o", str(out),
                 "--shard-dir", str(shards), "--shard-size", "100")
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert f"error: shard file {three}: it holds shard 4" in r.stderr
    three.write_bytes(saved)
    out.unlink()
    report = bb.build(out, width=5, height=4, layer=6, shard_size=100, shard_dir=shards, progress=None)
    assert out.read_bytes() == good and report.shards_resumed == 15 and report.positions_solved == 0


# ------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "args, message",
    [
        (["--width", "20", "--height", "4", "--layer", "3"], "a board of 20x4"),
        (["--width", "5", "--height", "4", "--layer", "20"], "--layer 20 is not below the 20 cells of the board"),
        (["--width", "5", "--height", "4", "--depth", "-1"], "--depth -1 is negative"),
        (["--width", "5", "--height", "4", "--layer", "3", "--shard-size", "0"], "--shard-size 0 must be at least 1"),
    ],
)
def test_bad_options_are_clear_errors(tmp_path, args, message):
    r = python_m("build", *args, "-o", str(tmp_path / "x.book"))
    assert r.returncode == 1, r.stderr
    assert f"bitgames.book: error: {message}" in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert not list(tmp_path.iterdir()), "nothing is written"


def test_an_unwritable_output_is_a_clear_error(tmp_path):
    for out, message in [
        (tmp_path / "no" / "x.book", f"the directory {tmp_path / 'no'} does not exist"),
        (tmp_path, "is a directory, not a file name"),
        ("/proc/x.book", "cannot write there"),
    ]:
        r = python_m("build", "--width", "5", "--height", "4", "--layer", "3", "-o", str(out))
        assert r.returncode == 1 and message in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_without_ray_the_command_says_how_to_install_it(tmp_path):
    code = (
        "import sys; sys.modules['ray'] = None\n"
        "from bitgames.book import main\n"
        f"sys.exit(main(['build', '--width', '5', '--height', '4', '--layer', '3', '-o', {str(tmp_path / 'x.book')!r}]))"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "pip install ray" in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert not list(tmp_path.iterdir()), "nothing is written"
