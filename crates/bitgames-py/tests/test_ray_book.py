"""Opening books built on Ray (bitgames.book) against the CLI's `book build`:
the same bytes, the same chunk files (a build started by one is finished by
the other), a worker killed in the middle, a resumed build, chunk files that
are torn or not this build's.

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


def chunk_count(n, size, i):
    return min(size, n - i * size)


def solve_here(plan, worker):
    """Solves every chunk of ``plan`` not in yet with one worker (no Ray),
    deepest layer first, as the drivers do; the chunk files' bytes by name."""
    files = {}
    for n in plan.order():
        worker.set_book(plan.book_below(n))
        for i in plan.pending(n):
            data = worker.solve_chunk(*plan.task(n, i))
            assert plan.accept(n, i, data) == len(plan.task(n, i)[4])
            files[bb.BookBuild.file_name(n, i)] = data
    return files


# ------------------------------------------------------------ the pieces


def test_the_core_rebuilds_the_cli_book(cli, tmp_path_factory):
    data = cli_book(cli, tmp_path_factory, "--width", "5", "--height", "4", "--depth", "6")
    keys, scores = book_entries(data)
    plan = bb.BookBuild(5, 4, 0, 6, 100)
    assert plan.order() == [6, 5, 4, 3, 2, 1, 0]
    # The layers' keys in the builder's order are exactly the book's keys.
    layers = [bb.layer_keys(5, 4, n) for n in range(7)]
    for n, k in enumerate(layers):
        assert k.dtype == np.uint64 and np.all(k[1:] > k[:-1])
        assert np.array_equal(plan.layer_keys(n), k)
    assert sum(len(k) for k in layers) == len(keys) == plan.positions == 2285
    assert np.array_equal(np.sort(np.concatenate(layers)), keys)
    # Cut into chunks of 100.
    assert [plan.chunks(n) for n in range(7)] == [1, 1, 1, 1, 2, 6, 15]  # 1, 3, 13, 49, 177, 542, 1500 positions
    assert plan.total_chunks == 27
    with pytest.raises(ValueError, match="3 chunks are not solved yet, the first: chunk 0 of layer 6"):
        bb.BookBuild(5, 4, 6, 6, 500).book()
    # One worker solves every chunk: the CLI's book, byte for byte.
    worker = bb.BookWorker(5, 4, 16)
    files = solve_here(plan, worker)
    assert len(files) == 27 and worker.solved == 2285 and worker.nodes > 0
    assert plan.done == (27, 2285)
    assert plan.book() == data
    # The chunk files are the CLI's (written with --keep-chunks).
    out = tmp_path_factory.mktemp("cli-chunks") / "cli.book"
    subprocess.run([cli, "connect4", "book", "build", "--width", "5", "--height", "4", "--depth", "6",
                    "--chunk-size", "100", "--keep-chunks", "-o", str(out)], check=True, capture_output=True)
    kept = {p.name: p.read_bytes() for p in (out.parent / "cli.book.chunks").iterdir()}
    assert kept == files
    # The deeper layers as a book: the same scores from a far smaller search.
    five = bb.BookBuild(5, 4, 5, 6, 100)
    for i in range(15):
        five.accept(6, i, files[bb.BookBuild.file_name(6, i)])
    plain, booked = bb.BookWorker(5, 4, 16), bb.BookWorker(5, 4, 16)
    booked.set_book(five.book_below(5))
    for i in five.pending(5):
        task = five.task(5, i)
        assert plain.solve_chunk(*task) == booked.solve_chunk(*task) == files[f"layer05-chunk{i:06d}.bin"]
    assert booked.nodes * 3 < plain.nodes, (booked.nodes, plain.nodes)
    with pytest.raises(ValueError, match="the book is for a 5x4 board, this worker solves 6x4"):
        bb.BookWorker(6, 4, 16).set_book(five.book_below(5))


def test_the_core_refuses_bad_input_and_bad_chunks():
    with pytest.raises(ValueError, match="a board of 20x4"):
        bb.layer_keys(20, 4, 3)
    with pytest.raises(ValueError, match="layer 20 is not below the 20 cells"):
        bb.layer_keys(5, 4, 20)
    with pytest.raises(ValueError, match="layers 3..=20: a build needs at least one layer, each below the 20 cells"):
        bb.BookBuild(5, 4, 3, 20)
    with pytest.raises(ValueError, match="chunk size 0 is not in 1..="):
        bb.BookBuild(5, 4, 3, 3, 0)
    plan = bb.BookBuild(5, 4, 6, 6, 100)
    worker = bb.BookWorker(5, 4, 16)
    layer, index, chunks, size, keys = plan.task(6, 3)
    with pytest.raises(ValueError, match=r"key 1 \(0x0\): is no position of a 5x4 board"):
        worker.solve_chunk(6, 3, chunks, size, np.array([keys[0], 0], dtype=np.uint64))
    three, four = worker.solve_chunk(*plan.task(6, 3)), worker.solve_chunk(*plan.task(6, 4))
    # Cut short: a TornChunkError (a ValueError), to be solved again.
    with pytest.raises(bb.TornChunkError, match=f"cut short: {len(three) - 1} bytes, its header says {len(three)}"):
        plan.accept(6, 3, three[:-1])
    with pytest.raises(ValueError, match="it holds chunk 4, its name says chunk 3"):
        plan.accept(6, 3, four)
    with pytest.raises(ValueError, match="checksum mismatch"):
        plan.accept(6, 3, three[:40] + bytes([three[40] ^ 1]) + three[41:])
    # The header of chunk 3, the keys of chunk 4.
    forged = worker.solve_chunk(6, 3, chunks, size, plan.task(6, 4)[4])
    with pytest.raises(ValueError, match="entry 0: key 0x[0-9a-f]+ is not a key of chunk 3 of layer 6"):
        plan.accept(6, 3, forged)
    with pytest.raises(ValueError, match="not a chunk file of a bitgames book build"):
        plan.accept(6, 3, b"hello, world")
    assert plan.done == (0, 0), "nothing bad was taken in"
    assert plan.accept(6, 3, three) == 100 and plan.pending(6) == [i for i in range(15) if i != 3]
    assert plan.chunk_of_file("layer06-chunk000003.bin") == (6, 3)
    assert plan.chunk_of_file("layer05-chunk000003.bin") is None and plan.chunk_of_file("notes.txt") is None
    with pytest.raises(ValueError, match="this build cuts layer 6 into 15 chunks of 100: there is no chunk 99"):
        plan.chunk_of_file("layer06-chunk000099.bin")


def test_the_core_keeps_the_128_bit_keys_of_boards_over_64_bits():
    """8x8 needs 72 bits: keys travel as (n, 2) uint64 arrays of [low, high] words."""
    import bitgames.connect4 as c4
    from bitgames import Solver

    def ints(words):
        return [int(lo) | int(hi) << 64 for lo, hi in words]

    keys = bb.layer_keys(8, 8, 2)
    assert keys.dtype == np.uint64 and keys.shape == (32, 2)  # 64 two-move games, mirror pairs once
    assert ints(keys) == sorted(set(ints(keys))) and max(ints(keys)) >= 1 << 64
    plan = bb.BookBuild(8, 8, 2, 2, 10)
    assert plan.chunks(2) == 4 and np.array_equal(plan.layer_keys(2), keys)
    assert ints(plan.task(2, 3)[4]) == ints(keys)[30:]

    # The positions two plies below an 8x8 middle game that a book of layer
    # 36 holds, keyed as a book keys them (the smaller of a position's key
    # and its mirror image's), solved as one chunk by a worker.
    start = "1456523511571588518143331686625818"

    def position(moves):
        pos = c4.from_grid(np.zeros((8, 8), dtype=int))
        for ch in moves:
            pos = pos.child(int(ch) - 1)
        return pos

    held = {}
    for a in "12345678":
        for b in "12345678":
            try:
                q = position(start + a + b)
            except ValueError:  # a full column, or a game already over
                continue
            mover_wins = any(q.child(c).winner() is not None for c in q.legal_actions())
            if q.moves_played() == 36 and not q.is_terminal() and not mover_wins:
                mirror = position("".join(str(9 - int(ch)) for ch in start + a + b))
                held[min(q.key(), mirror.key())] = q
    order = sorted(held)
    words = np.array([[k & (1 << 64) - 1, k >> 64] for k in order], dtype=np.uint64)
    worker = bb.BookWorker(8, 8, 16)
    data = worker.solve_chunk(36, 0, 1, len(order), words)
    n = len(order)
    assert len(data) == 32 + n * (9 + 1) + 8  # 9 bytes a 72-bit key
    scores = np.frombuffer(data, dtype=np.int8, count=n, offset=32 + 9 * n)
    solver = Solver(book=None)
    assert list(scores) == [solver.solve(held[k]) for k in order]
    # A key of another layer, and keys of the wrong shape, are named.
    with pytest.raises(ValueError, match=r"key 0 \(0x[0-9a-f]+\): is a position with 2 stones, not 36..=36"):
        worker.solve_chunk(36, 0, 1, 10, plan.task(2, 0)[4])
    with pytest.raises(ValueError, match=r"keys: expected a 1-D array of uint64 keys, or an \(n, 2\) array"):
        worker.solve_chunk(36, 0, 1, 10, np.zeros((2, 3), dtype=np.uint64))


# ------------------------------------------------------------- on Ray


def test_a_layer_built_on_ray_is_the_cli_book(cluster, cli, tmp_path, tmp_path_factory):
    want = cli_book(cli, tmp_path_factory, "--width", "5", "--height", "4", "--layer", "10")
    out = tmp_path / "ray.book"
    report = bb.build(out, width=5, height=4, layer=10, progress=None)
    assert out.read_bytes() == want
    assert (report.positions, report.chunks, report.chunks_resumed) == (33490, 34, 0)
    assert report.positions_solved == 33490 and report.bytes == len(want)
    assert report.worker_pids
    assert not (tmp_path / "ray.book.chunks").exists(), "the chunks are removed once the book is written"


def test_the_command_builds_several_layers_deepest_first(cluster, cli, tmp_path, tmp_path_factory):
    want = cli_book(cli, tmp_path_factory, "--width", "6", "--height", "4", "--depth", "8")
    out = tmp_path / "6x4.book"
    r = python_m(
        "build", "--width", "6", "--height", "4", "--depth", "8", "-o", str(out),
        "--address", cluster, "--chunk-size", "1500", "--progress-every", "0",
    )
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == want
    assert "Traceback" not in r.stderr
    # Progress: chunks done/total, a rate and the time left; deepest layer first.
    assert "layer 8: 1/" in r.stderr and "positions/s" in r.stderr and "left" in r.stderr, r.stderr
    assert r.stderr.index("layer 8:") < r.stderr.index("layer 7:") < r.stderr.index("layer 0:")
    assert "41,482 positions" in r.stderr


def test_a_worker_killed_in_the_middle_changes_nothing(cluster, cli, tmp_path, tmp_path_factory):
    want = cli_book(cli, tmp_path_factory, "--width", "5", "--height", "4", "--layer", "10")
    killed = []

    def kill_one(event):
        if not killed:
            # The worker that just delivered a chunk has another under way.
            killed.append(event["pid"])
            before.update(event["worker_pids"])
            os.kill(event["pid"], signal.SIGKILL)

    before = set()
    out = tmp_path / "ray.book"
    report = bb.build(out, width=5, height=4, layer=10, chunk_size=500, progress=None, on_chunk=kill_one)
    assert killed and out.read_bytes() == want
    assert report.chunks == 67 and report.positions_solved == 33490
    # The killed worker was restarted (a new process) and solved chunks.
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
        # The first chunk: give the second machine's worker time to start
        # (the first worker finishes the chunks it holds and waits).
        waited.append(True)
        time.sleep(5)
        return
    # Both workers up, and chunks left for both: the second machine goes.
    if not lost and len(event["workers"]) == 2 and event["chunks"] - event["chunks_done"] > 4:
        lost.append([info[1] for info in event["workers"].values() if info[2] == second.node_id])
        cluster.remove_node(second)

report = bb.build(sys.argv[1], width=6, height=4, layer=8, chunk_size=2000, stall_seconds=1.0,
                  on_chunk=lose_the_second_machine, progress_every=0)
print("RESULT", json.dumps([lost, report.positions_solved, report.chunks]), flush=True)
ray.shutdown()
cluster.shutdown()
"""


def test_a_machine_lost_for_good_has_its_chunks_solved_elsewhere(cli, tmp_path, tmp_path_factory):
    """Two machines (Ray nodes of 1 CPU on this one); the second is removed
    in the middle: its worker cannot restart (no room left), so its chunks are
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
    lost, solved, chunks = json.loads(result[0][len("RESULT ") :])
    assert len(lost) == 1, "the second machine's worker did not start within 5 s: the loss was not tried"
    assert len(lost[0]) == 1, lost
    assert (solved, chunks) == (25942, 13)
    assert "another worker solves it too" in r.stderr, r.stderr[-3000:]


class Stop(Exception):
    pass


def stopping_after(count, seen):
    """An `on_chunk` that notes each chunk's index in `seen` and raises Stop
    after `count` chunks."""

    def on_chunk(event):
        seen.append(event["index"])
        if len(seen) == count:
            raise Stop

    return on_chunk


def test_a_restart_does_not_solve_finished_chunks_again(cluster, cli, tmp_path, tmp_path_factory):
    want = cli_book(cli, tmp_path_factory, "--width", "5", "--height", "4", "--layer", "10")
    out, chunks = tmp_path / "ray.book", tmp_path / "chunks"
    seen = []
    stop_after_five = stopping_after(5, seen)
    with pytest.raises(Stop):
        bb.build(out, width=5, height=4, layer=10, chunk_dir=chunks, progress=None, on_chunk=stop_after_five)
    assert not out.exists()
    files = sorted(p.name for p in chunks.glob("layer*.bin"))
    assert files == sorted(f"layer10-chunk{i:06d}.bin" for i in seen)
    kept = sum(chunk_count(33490, 1000, i) for i in seen)

    report = bb.build(out, width=5, height=4, layer=10, chunk_dir=chunks, progress=None, keep_chunks=True)
    assert out.read_bytes() == want
    assert report.chunks_resumed == 5
    assert report.positions_solved == 33490 - kept
    # Every chunk is there now: nothing is solved, no worker is started.
    out.unlink()
    report = bb.build(out, width=5, height=4, layer=10, chunk_dir=chunks, progress=None)
    assert out.read_bytes() == want
    assert (report.chunks_resumed, report.positions_solved, report.worker_pids) == (34, 0, set())
    assert not chunks.exists()


def test_a_build_started_by_one_front_end_is_finished_by_the_other(cluster, cli, tmp_path, tmp_path_factory):
    """The CLI and Ray write the same chunk files: each resumes the other's."""
    want = cli_book(cli, tmp_path_factory, "--width", "5", "--height", "4", "--layer", "10")
    out = tmp_path / "x.book"
    seen = []
    stop_after_five = stopping_after(5, seen)
    # Ray solves five chunks and stops; the CLI solves the others only.
    with pytest.raises(Stop):
        bb.build(out, width=5, height=4, layer=10, progress=None, on_chunk=stop_after_five)
    kept = sum(chunk_count(33490, 1000, i) for i in seen)
    r = subprocess.run([cli, "connect4", "book", "build", "--width", "5", "--height", "4", "--layer", "10",
                        "-o", str(out), "--keep-chunks"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert f"resuming: {kept} positions already solved (5 of 34 chunks)" in r.stderr, r.stderr
    assert f"({33490 - kept} positions solved now)" in r.stderr, r.stderr
    assert out.read_bytes() == want
    # The CLI's chunks: Ray solves nothing.
    out.unlink()
    report = bb.build(out, width=5, height=4, layer=10, progress=None)
    assert out.read_bytes() == want
    assert (report.chunks_resumed, report.positions_solved, report.worker_pids) == (34, 0, set())


def test_torn_foreign_or_damaged_chunks(cluster, tmp_path):
    out, chunks = tmp_path / "l6.book", tmp_path / "chunks"
    bb.build(out, width=5, height=4, layer=6, chunk_size=100, chunk_dir=chunks, progress=None, keep_chunks=True)
    good = out.read_bytes()
    three, four = chunks / "layer06-chunk000003.bin", chunks / "layer06-chunk000004.bin"
    saved = three.read_bytes()

    def refused(match, **kw):
        with pytest.raises(bb.BuildError, match=match):
            bb.build(out, width=kw.pop("width", 5), height=4, layer=6, chunk_size=kw.pop("chunk_size", 100),
                     chunk_dir=chunks, progress=None, **kw)

    # A changed byte.
    bad = bytearray(saved)
    bad[40] ^= 1
    three.write_bytes(bytes(bad))
    refused(f"chunk file {three}: checksum mismatch: .*; remove it to have the chunk solved again")
    # Another chunk's file under this name.
    three.write_bytes(four.read_bytes())
    refused(f"chunk file {three}: it holds chunk 4, its name says chunk 3")
    # A chunk beyond the layer's.
    three.write_bytes(saved)
    (chunks / "layer06-chunk000099.bin").write_bytes(saved)
    refused("this build cuts layer 6 into 15 chunks of 100: there is no chunk 99")
    (chunks / "layer06-chunk000099.bin").unlink()
    # Another board, another chunk size: each chunk file says so.
    refused("it is for a 5x4 board, this build is 6x4", width=6)
    refused(r"it was cut into chunks of 100 positions \(15 in layer 6\), this build cuts chunks of 50 \(30\)",
            chunk_size=50)
    # The shard files of an older version.
    (chunks / "layer06-shard000000.bin").write_bytes(b"old")
    refused("holds shard files of an older bitgames.book .layer06-shard000000.bin.")
    (chunks / "layer06-shard000000.bin").unlink()
    # From the command line: the message, exit code 1, no traceback.
    three.write_bytes(four.read_bytes())
    r = python_m("build", "--width", "5", "--height", "4", "--layer", "6", "-o", str(out),
                 "--chunk-dir", str(chunks), "--chunk-size", "100")
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert f"error: chunk file {three}: it holds chunk 4" in r.stderr
    # Torn: solved again; other files are left alone.
    three.write_bytes(saved[: len(saved) // 2])
    (chunks / "notes.txt").write_text("mine")
    out.unlink()
    lines = []
    report = bb.build(out, width=5, height=4, layer=6, chunk_size=100, chunk_dir=chunks,
                      progress=_Lines(lines))
    assert out.read_bytes() == good
    assert (report.chunks_resumed, report.positions_solved) == (14, 100)
    torn = [line for line in lines if f"warning: chunk file {three}: cut short" in line]
    assert torn and torn[0].endswith("solving it again"), lines
    assert [p.name for p in chunks.iterdir()] == ["notes.txt"]


class _Lines:
    """A stream that keeps the lines written to it."""

    def __init__(self, lines):
        self.lines = lines

    def write(self, text):
        self.lines.extend(t for t in text.splitlines() if t)

    def flush(self):
        pass


# ------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "args, message",
    [
        (["--width", "20", "--height", "4", "--layer", "3"], "a board of 20x4"),
        (["--width", "5", "--height", "4", "--layer", "20"], "--layer 20 is not below the 20 cells of the board"),
        (["--width", "5", "--height", "4", "--depth", "-1"], "--depth -1 is negative"),
        (["--width", "5", "--height", "4", "--layer", "3", "--chunk-size", "0"], "--chunk-size 0 must be at least 1"),
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
