"""Connect Four opening books built on a Ray cluster: ``python -m bitgames.book build``.

The same book as ``bitgames connect4 book build`` (byte for byte), solved by
the cores of many machines::

    python -m bitgames.book build --width 7 --height 6 --layer 12 -o 7x6-layer12.book --address auto

The layers' positions are enumerated once on the driver (one of each mirror
pair, in the order of their symmetric keys, as the Rust builder does), cut
into shards of ``--shard-size`` positions, and each shard is solved as a task
on long-lived Ray actors: one per CPU of the cluster, each with its own
solver and transposition table, kept from shard to shard (the GIL is released
while it solves). Several layers (``--depth N``) are built deepest first, and
the workers of a shallower layer get the deeper layers as their book.

Safe to interrupt and to lose machines: each finished shard is written by
the driver into the shard directory (``FILE.shards/`` by default) through a
temporary file and a rename, and is never solved again: run the same command
to resume. Shard files are checked when a build resumes (board, layer, shard
number, count, every key, every score, a checksum); a directory of another
build is refused, naming the file. A worker that dies has its task run again
by Ray (actors restart, tasks are retried); a shard that still fails is given
to another worker, up to ``--retries`` times. The book is written to
``FILE.tmp`` and renamed, and the shard directory is removed once it is.

From Python: ``build(...)`` (the command's options as keyword arguments;
connects to Ray unless it is already initialised) returns a
:class:`BuildReport`; ``layer_keys``, ``book_bytes`` and ``BookWorker`` are
the native pieces it is made of.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import re
import socket
import struct
import sys
import time
from collections import deque
from typing import Any, Callable, Optional, TextIO

import numpy as np

from ._bitgames import BookWorker, c4_book_bytes, c4_layer_keys

__all__ = [
    "BookWorker",
    "BuildError",
    "BuildReport",
    "book_bytes",
    "build",
    "layer_keys",
    "main",
]

#: Positions a shard holds unless told otherwise.
DEFAULT_SHARD_SIZE = 2000
#: Times Ray runs an actor task again when its worker died.
TASK_RETRIES = 3
#: Tasks queued on each worker at once (it starts the next shard at once).
PIPELINE = 2

_MANIFEST = "build.json"
_SHARD_MAGIC = b"BGC4SHRD"
_SHARD_VERSION = 1
# magic, version, width, height, layer, shard index, shard size, shards of the layer, count
_SHARD_HEADER = struct.Struct("<8sBBBBIIIQ")
_SHARD_NAME = re.compile(r"^layer(\d+)-shard(\d+)\.bin$")


class BuildError(Exception):
    """An expected failure of a build (bad options, a foreign shard file, an
    unwritable output): its message says what and where."""


@dataclasses.dataclass
class BuildReport:
    """What a build did."""

    output: str
    width: int
    height: int
    first_layer: int
    last_layer: int
    #: Positions in the book.
    positions: int
    #: Bytes of the book file.
    bytes: int
    #: Shards of all layers.
    shards: int
    #: Shards read back from the shard directory instead of solved.
    shards_resumed: int
    #: Positions solved by the workers in this run.
    positions_solved: int
    #: Processes (pids) that delivered solved shards in this run.
    worker_pids: set
    seconds: float


def layer_keys(width: int, height: int, stones: int) -> np.ndarray:
    """The symmetric keys (numpy uint64, ascending) of every position a book
    holds with exactly ``stones`` stones: the builder's order."""
    return c4_layer_keys(width, height, stones)


def book_bytes(width: int, height: int, first_layer: int, last_layer: int, keys, scores) -> bytes:
    """The bytes of a bitgames book file of these layers, keys and scores (in
    any order), exactly as ``bitgames connect4 book build`` writes them."""
    return c4_book_bytes(width, height, first_layer, last_layer, keys, scores)


def _score_range(width: int, height: int, stones: int) -> tuple[int, int]:
    cells = width * height
    return -((cells - stones) // 2), (cells - 1 - stones) // 2


# ---------------------------------------------------------------- the worker


class _Worker:
    """A Ray actor (made remote in :func:`_remote_worker`): one solver and its
    table, kept across shards."""

    def __init__(self, width: int, height: int, table_log2: int):
        self.core = BookWorker(width, height, table_log2)
        self.book_id: Optional[int] = None

    def info(self) -> tuple[str, int, str]:
        import ray

        return socket.gethostname(), os.getpid(), ray.get_runtime_context().get_node_id()

    def solve(self, layer: int, index: int, keys: np.ndarray, book) -> tuple[int, int, np.ndarray, int]:
        # `book` is None or (id, [ref]): the reference sits in a list so that
        # Ray does not fetch the book for every shard, only when it changes.
        want = None if book is None else book[0]
        if want != self.book_id:
            if book is None:
                self.core.set_book(None)
            else:
                import ray

                self.core.set_book(ray.get(book[1][0]))
            self.book_id = want
        return layer, index, self.core.solve_keys(keys), os.getpid()


_REMOTE_WORKER = None


def _remote_worker(ray):
    global _REMOTE_WORKER
    if _REMOTE_WORKER is None:
        _REMOTE_WORKER = ray.remote(num_cpus=1, max_restarts=-1, max_task_retries=TASK_RETRIES)(_Worker)
    return _REMOTE_WORKER


def _import_ray():
    try:
        import ray
    except ImportError as e:
        raise BuildError(f"this build runs on Ray, which is not installed ({e}): pip install ray") from None
    return ray


# ------------------------------------------------------------- shard files


def _shard_name(layer: int, index: int) -> str:
    return f"layer{layer:02d}-shard{index:06d}.bin"


def _atomic_write(path: str, data: bytes) -> None:
    directory = os.path.dirname(path) or "."
    tmp = os.path.join(directory, f".{os.path.basename(path)}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise


def _shard_bytes(width, height, layer, index, shard_size, shards, keys, scores) -> bytes:
    body = (
        _SHARD_HEADER.pack(
            _SHARD_MAGIC, _SHARD_VERSION, width, height, layer, index, shard_size, shards, len(keys)
        )
        + np.ascontiguousarray(keys, dtype="<u8").tobytes()
        + np.ascontiguousarray(scores, dtype=np.int8).tobytes()
    )
    return body + hashlib.sha256(body).digest()


def _read_shard(path, width, height, layer, index, shard_size, shards, keys) -> np.ndarray:
    """The scores of a finished shard, every field checked against this build."""

    def bad(why: str) -> BuildError:
        return BuildError(
            f"shard file {path}: {why}; it does not belong to this build: "
            f"remove it to have the shard solved again, or give another --shard-dir"
        )

    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise BuildError(f"cannot read shard file {path}: {e}") from None
    n = len(keys)
    want = _SHARD_HEADER.size + 9 * n + 32
    if len(data) < _SHARD_HEADER.size + 32 or data[:8] != _SHARD_MAGIC:
        raise bad("not a shard file of bitgames.book (no BGC4SHRD magic)")
    body, digest = data[:-32], data[-32:]
    if hashlib.sha256(body).digest() != digest:
        raise bad("checksum mismatch (the file was changed or damaged)")
    magic, version, w, h, lay, idx, size, count_shards, count = _SHARD_HEADER.unpack_from(data)
    if version != _SHARD_VERSION:
        raise bad(f"shard format version {version}, this build reads {_SHARD_VERSION}")
    if (w, h) != (width, height):
        raise bad(f"it is for a {w}x{h} board, this build is {width}x{height}")
    if lay != layer:
        raise bad(f"it holds layer {lay}, its name says layer {layer}")
    if idx != index:
        raise bad(f"it holds shard {idx}, its name says shard {index}")
    if size != shard_size or count_shards != shards:
        raise bad(
            f"it was cut with --shard-size {size} ({count_shards} shards), "
            f"this build uses {shard_size} ({shards} shards)"
        )
    if count != n or len(data) != want:
        raise bad(f"it holds {count} positions, shard {index} of layer {layer} has {n}")
    got = np.frombuffer(data, dtype="<u8", count=n, offset=_SHARD_HEADER.size)
    if not np.array_equal(got, keys):
        j = int(np.flatnonzero(got != keys)[0])
        raise bad(
            f"entry {j}: key {int(got[j]):#x} is not a key of shard {index} of layer {layer} "
            f"(expected {int(keys[j]):#x})"
        )
    scores = np.frombuffer(data, dtype=np.int8, count=n, offset=_SHARD_HEADER.size + 8 * n).copy()
    lo, hi = _score_range(width, height, layer)
    out = np.flatnonzero((scores < lo) | (scores > hi))
    if out.size:
        j = int(out[0])
        raise bad(f"entry {j}: score {int(scores[j])} is out of range for {layer} stones ({lo}..={hi})")
    return scores


def _open_shard_dir(shard_dir: str, width: int, height: int, shard_size: int) -> None:
    """Makes the shard directory, or checks that it is one of this board and
    shard size; removes temporary files left by an interrupted write."""
    manifest = os.path.join(shard_dir, _MANIFEST)
    want = {"bitgames.book shards": 1, "width": width, "height": height, "shard_size": shard_size}
    if os.path.exists(shard_dir) and not os.path.isdir(shard_dir):
        raise BuildError(f"--shard-dir {shard_dir}: exists and is not a directory")
    try:
        os.makedirs(shard_dir, exist_ok=True)
    except OSError as e:
        raise BuildError(f"cannot make the shard directory {shard_dir}: {e}") from None
    if os.path.exists(manifest):
        try:
            with open(manifest, encoding="utf-8") as f:
                have = json.load(f)
        except (OSError, ValueError) as e:
            raise BuildError(f"shard directory manifest {manifest}: cannot be read ({e})") from None
        if have != want:
            raise BuildError(
                f"shard directory manifest {manifest}: written for another build "
                f"({have.get('width')}x{have.get('height')} board, --shard-size {have.get('shard_size')}), "
                f"this one is {width}x{height} with --shard-size {shard_size}: "
                f"give that size, another --shard-dir, or remove the directory"
            )
    else:
        others = [n for n in os.listdir(shard_dir) if not n.startswith(".")]
        if others:
            raise BuildError(
                f"--shard-dir {shard_dir}: not empty and has no {_MANIFEST} "
                f"(not a shard directory of bitgames.book; it holds {others[0]})"
            )
        try:
            _atomic_write(manifest, (json.dumps(want, indent=1) + "\n").encode())
        except OSError as e:
            raise BuildError(f"cannot write in the shard directory {shard_dir}: {e}") from None
    for name in os.listdir(shard_dir):
        if name.startswith(".") and name.endswith(".tmp"):
            try:
                os.remove(os.path.join(shard_dir, name))
            except OSError:
                pass


def _remove_shard_dir(shard_dir: str) -> None:
    for name in os.listdir(shard_dir):
        if name == _MANIFEST or _SHARD_NAME.match(name):
            os.remove(os.path.join(shard_dir, name))
    try:
        os.rmdir(shard_dir)
    except OSError:
        pass


# ------------------------------------------------------------------ progress


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 7200:
        return f"{seconds // 60} min"
    if seconds < 172800:
        return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"
    return f"{seconds / 86400:.1f} days"


class _Progress:
    def __init__(self, stream: Optional[TextIO], every: float, positions: int, shards: int):
        self.stream, self.every = stream, every
        self.positions, self.shards = positions, shards
        self.done_positions = self.done_shards = 0
        self.solved = 0
        self.started: Optional[float] = None
        self.last = 0.0
        self.last_state: tuple = ()
        self.workers = (0, 0)  # up, started

    def say(self, text: str) -> None:
        if self.stream is not None:
            print(f"bitgames.book: {text}", file=self.stream, flush=True)

    def add(self, positions: int, solved: bool) -> None:
        self.done_positions += positions
        self.done_shards += 1
        if solved:
            self.solved += positions

    def tick(self, layer: int, layer_done: int, layer_shards: int, force: bool = False) -> None:
        now = time.monotonic()
        state = (layer, layer_done, self.done_shards, self.workers)
        # A line when something changed (at most one every `every` seconds),
        # else one a minute to show the build is alive.
        quiet = self.every if state != self.last_state else max(self.every, 60.0)
        if self.stream is None or (now - self.last < quiet and not (force and state != self.last_state)):
            return
        self.last, self.last_state = now, state
        text = (
            f"layer {layer}: {layer_done}/{layer_shards} shards; all layers: "
            f"{self.done_shards}/{self.shards} shards, {self.done_positions:,}/{self.positions:,} positions"
        )
        if self.started is not None:
            text += f", {_duration(now - self.started)} in"
            if self.solved:
                rate = self.solved / max(now - self.started, 1e-9)
                left = (self.positions - self.done_positions) / rate
                text += f", {rate:,.1f} positions/s, about {_duration(left)} left"
        up, started = self.workers
        if up < started:
            text += f"; {up} of {started} workers up"
        self.say(text)


# ------------------------------------------------------------------- build


def _check_output(output: str) -> None:
    if os.path.isdir(output):
        raise BuildError(f"-o {output}: is a directory, not a file name")
    parent = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(parent):
        raise BuildError(f"-o {output}: the directory {parent} does not exist")
    probe = output + ".tmp"
    try:
        with open(probe, "wb"):
            pass
        os.remove(probe)
    except OSError as e:
        raise BuildError(f"-o {output}: cannot write there ({e.strerror or e})") from None


def _layers(width: int, height: int, layer: Optional[int], depth: Optional[int]) -> range:
    try:
        c4_layer_keys(width, height, 0)  # checks the board size
    except ValueError as e:
        raise BuildError(str(e)) from None
    if (layer is None) == (depth is None):
        raise BuildError("give --depth N or --layer N (one of them)")
    n, flag = (depth, "--depth") if depth is not None else (layer, "--layer")
    if n < 0:
        raise BuildError(f"{flag} {n} is negative")
    if n >= width * height:
        raise BuildError(f"{flag} {n} is not below the {width * height} cells of the board")
    return range(0, n + 1) if depth is not None else range(n, n + 1)


def build(
    output: str,
    *,
    width: int = 7,
    height: int = 6,
    layer: Optional[int] = None,
    depth: Optional[int] = None,
    shard_dir: Optional[str] = None,
    shard_size: int = DEFAULT_SHARD_SIZE,
    jobs: Optional[int] = None,
    table_log2: int = 23,
    address: Optional[str] = None,
    retries: int = 3,
    keep_shards: bool = False,
    progress: Any = "stderr",
    progress_every: float = 10.0,
    on_shard: Optional[Callable[[dict], Any]] = None,
    stall_seconds: float = 30.0,
) -> BuildReport:
    """Builds the book of every position with exactly ``layer`` stones, or with
    at most ``depth``, on Ray, and writes it to ``output``: the bytes of
    ``bitgames connect4 book build``. See the module's documentation.

    ``jobs``: workers (default: one per CPU of the cluster). ``address``: the
    cluster (``ray.init(address=...)``) when Ray is not initialised yet.
    ``progress``: a stream for the progress lines (default stderr), None for
    none. ``on_shard(event)`` is called after each shard is written (a dict:
    layer, index, shards_done, shards, pid, worker, workers, worker_pids).
    At the end of a layer, a worker with nothing left to do solves again a
    shard that has been running for more than ``stall_seconds`` (and three
    times the usual shard): its worker may be on a machine that is gone.
    Raises :class:`BuildError` for expected failures."""
    started = time.monotonic()
    if progress == "stderr":
        progress = sys.stderr
    output = os.fspath(output)
    layers = _layers(width, height, layer, depth)
    if shard_size < 1:
        raise BuildError(f"--shard-size {shard_size} must be at least 1")
    if not 4 <= table_log2 <= 32:
        raise BuildError(f"--table-log2 {table_log2} is not in 4..=32")
    if jobs is not None and jobs < 1:
        raise BuildError(f"--jobs {jobs} must be at least 1")
    if retries < 0:
        raise BuildError(f"--retries {retries} is negative")
    if not (stall_seconds > 0 and progress_every >= 0):
        raise BuildError("--stall-seconds must be above 0 and --progress-every at least 0")
    _check_output(output)
    shard_dir = os.fspath(shard_dir) if shard_dir is not None else output + ".shards"
    if not os.path.isdir(shard_dir):
        _import_ray()  # without Ray there is nothing to do: say so before writing anything
    _open_shard_dir(shard_dir, width, height, shard_size)

    # Every layer's keys, cut into shards; the shards already written.
    keys: dict[int, np.ndarray] = {}
    scores: dict[int, np.ndarray] = {}
    done: dict[int, np.ndarray] = {}
    for n in layers:
        keys[n] = layer_keys(width, height, n)
        scores[n] = np.zeros(len(keys[n]), dtype=np.int8)
        done[n] = np.zeros(-(-len(keys[n]) // shard_size), dtype=bool)
    for name in sorted(os.listdir(shard_dir)):
        m = _SHARD_NAME.match(name)
        if not m or int(m.group(1)) not in keys:
            continue
        n, i = int(m.group(1)), int(m.group(2))
        path = os.path.join(shard_dir, name)
        if i >= len(done[n]):
            raise BuildError(
                f"shard file {path}: layer {n} has {len(done[n])} shards of {shard_size}, "
                f"there is no shard {i}: remove the file, or give another --shard-dir"
            )
        sl = slice(i * shard_size, (i + 1) * shard_size)
        scores[n][sl] = _read_shard(path, width, height, n, i, shard_size, len(done[n]), keys[n][sl])
        done[n][i] = True

    total_positions = sum(len(k) for k in keys.values())
    total_shards = sum(len(d) for d in done.values())
    resumed = int(sum(d.sum() for d in done.values()))
    prog = _Progress(progress, progress_every, total_positions, total_shards)
    for n in layers:
        for i in np.flatnonzero(done[n]):
            prog.add(len(keys[n][i * shard_size : (i + 1) * shard_size]), solved=False)
    prog.say(
        f"{width}x{height} board, layers {layers[0]}..={layers[-1]}: {total_positions:,} positions "
        f"in {total_shards} shards of {shard_size}; shard directory {shard_dir}"
        + (f"; resuming: {resumed} shards already solved" if resumed else "")
    )

    pending_total = total_shards - resumed
    pids: set = set()
    if pending_total:
        pids = _solve_on_ray(_Build(
            width=width, height=height, layers=layers, keys=keys, scores=scores, done=done,
            shard_dir=shard_dir, shard_size=shard_size, jobs=jobs, table_log2=table_log2,
            address=address, retries=retries, stall_seconds=stall_seconds, prog=prog, on_shard=on_shard,
        ))

    # Every layer is complete: the book, written as the CLI writes it.
    prog.say("writing the book")
    all_keys = np.concatenate([keys[n] for n in layers])
    all_scores = np.concatenate([scores[n] for n in layers])
    try:
        data = book_bytes(width, height, layers[0], layers[-1], all_keys, all_scores)
    except ValueError as e:
        raise BuildError(f"the solved entries do not make a book: {e}") from None
    try:
        tmp = output + ".tmp"
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, output)
    except OSError as e:
        raise BuildError(f"cannot write the book {output}: {e}") from None
    if not keep_shards:
        _remove_shard_dir(shard_dir)
    seconds = time.monotonic() - started
    prog.say(
        f"book {output}: {width}x{height}, layers {layers[0]}..={layers[-1]}, {total_positions:,} positions, "
        f"{len(data):,} bytes, built in {seconds:.1f} s ({prog.solved:,} positions solved now)"
    )
    return BuildReport(
        output=output,
        width=width,
        height=height,
        first_layer=layers[0],
        last_layer=layers[-1],
        positions=total_positions,
        bytes=len(data),
        shards=total_shards,
        shards_resumed=resumed,
        positions_solved=prog.solved,
        worker_pids=pids,
        seconds=seconds,
    )


@dataclasses.dataclass
class _Build:
    """What the workers' side of a build needs."""

    width: int
    height: int
    layers: range
    keys: dict
    scores: dict
    done: dict
    shard_dir: str
    shard_size: int
    jobs: Optional[int]
    table_log2: int
    address: Optional[str]
    retries: int
    stall_seconds: float
    prog: _Progress
    on_shard: Optional[Callable[[dict], Any]]


@dataclasses.dataclass
class _Copy:
    """One copy of a shard's task, in flight on a worker."""

    actor: int
    layer: int
    shard: int
    submitted: float


class _Pool:
    """The workers (Ray actors), which of them are up, and the tasks in flight
    on them. A worker is up once it answers ``info()``: one that died, or is
    suspected of it, is asked again, and takes shards once it answers (Ray
    runs an actor's calls in order, so the answer comes after its work)."""

    def __init__(self, ray, actors: list, prog: _Progress):
        self.ray, self.actors, self.prog = ray, actors, prog
        self.copies: dict[Any, _Copy] = {}
        self.probes: dict[Any, int] = {}
        self.probe_failures = [0] * len(actors)
        self.ready: dict[int, tuple] = {}
        self.load = [0] * len(actors)
        self.last_done = [0.0] * len(actors)
        self.service: deque = deque(maxlen=64)
        self.announced = False
        for a in range(len(actors)):
            self.probe(a)

    def probe(self, a: int) -> None:
        self.ready.pop(a, None)
        if a not in self.probes.values():
            self.probes[self.actors[a].info.remote()] = a

    def answered(self, ref) -> None:
        a = self.probes.pop(ref)
        try:
            self.ready[a] = self.ray.get(ref)
            self.probe_failures[a] = 0
        except self.ray.exceptions.RayError as e:
            self.probe_failures[a] += 1
            if self.probe_failures[a] >= 3:
                self.prog.say(f"worker {a} fails to start ({_first_line(e)}): going on without it")
                if not self.probes and not self.ready:
                    raise BuildError(f"no worker could start: {_first_line(e)}") from None
                return
            self.probe(a)
            return
        if len(self.ready) == len(self.actors) and not self.announced:
            self.announced = True
            nodes = {info[2] for info in self.ready.values()}
            self.prog.say(f"{len(self.actors)} workers up on {len(nodes)} Ray node(s)")

    def submit(self, a: int, layer: int, shard: int, keys: np.ndarray, book) -> Any:
        ref = self.actors[a].solve.remote(layer, shard, keys, book)
        self.copies[ref] = _Copy(a, layer, shard, time.monotonic())
        self.load[a] += 1
        return ref

    def finished(self, ref) -> _Copy:
        c = self.copies.pop(ref)
        self.load[c.actor] -= 1
        return c

    def delivered(self, c: _Copy) -> None:
        now = time.monotonic()
        self.service.append(now - max(c.submitted, self.last_done[c.actor]))
        self.last_done[c.actor] = now

    def typical(self) -> float:
        """The median seconds a shard has taken a worker."""
        s = sorted(self.service)
        return s[len(s) // 2] if s else 0.0


def _first_line(err: BaseException) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__


def _solve_on_ray(b: "_Build") -> set:
    """Solves every shard not yet done, deepest layer first; returns the pids
    of the workers that delivered shards."""
    ray = _import_ray()
    own_session = not ray.is_initialized()
    if own_session:
        try:
            ray.init(address=b.address, log_to_driver=False)
        except (ConnectionError, ValueError, RuntimeError) as e:
            raise BuildError(f"cannot connect to Ray at {b.address or 'a new local cluster'}: {e}") from None
    actors: list = []
    prog = b.prog
    try:
        cpus = int(ray.cluster_resources().get("CPU", 0))
        pending_total = sum(int((~d).sum()) for d in b.done.values())
        count = min(b.jobs or max(cpus, 1), pending_total)
        if b.jobs and cpus and b.jobs > cpus:
            prog.say(f"--jobs {b.jobs}: the cluster has {cpus} CPUs now, the other workers wait for more")
        worker = _remote_worker(ray)
        actors = [worker.remote(b.width, b.height, b.table_log2) for _ in range(count)]
        pool = _Pool(ray, actors, prog)
        pids: set = set()
        prog.started = time.monotonic()
        for n in reversed(b.layers):
            _solve_layer(ray, b, pool, n, pids)
        return pids
    finally:
        for a in actors:
            try:
                ray.kill(a, no_restart=True)
            except Exception:  # noqa: BLE001 - the cluster may be gone already
                pass
        if own_session:
            ray.shutdown()


def _solve_layer(ray, b: "_Build", pool: _Pool, n: int, pids: set) -> None:
    prog, size = b.prog, b.shard_size
    keys, done = b.keys[n], b.done[n]
    layer_shards = len(done)
    queue = deque(int(i) for i in np.flatnonzero(~done))
    layer_done = layer_shards - len(queue)
    if not queue:
        prog.say(f"layer {n}: all {layer_shards} shards already solved")
        return
    book = None
    if n != b.layers[-1]:
        deeper = [m for m in b.layers if m > n]
        data = book_bytes(
            b.width, b.height, n + 1, b.layers[-1],
            np.concatenate([b.keys[m] for m in deeper]),
            np.concatenate([b.scores[m] for m in deeper]),
        )
        book = (n, [ray.put(data)])
    running: dict[int, list] = {}  # shard -> its copies in flight
    attempts: dict[int, int] = {}
    layer_started = time.monotonic()

    def submit(a: int, i: int) -> None:
        ref = pool.submit(a, n, i, keys[i * size : (i + 1) * size], book)
        running.setdefault(i, []).append(ref)

    def failed(i: int, ref, err: BaseException) -> None:
        running[i].remove(ref)
        if running[i]:
            return  # another copy is under way
        del running[i]
        attempts[i] = attempts.get(i, 0) + 1
        if attempts[i] > b.retries:
            raise BuildError(f"layer {n}, shard {i} failed {attempts[i]} times, the last: {_first_line(err)}")
        prog.say(f"layer {n}, shard {i} failed ({_first_line(err)}): solving it again")
        queue.append(i)

    while queue or running:
        for a in sorted(pool.ready, key=lambda a: pool.load[a]):
            while pool.load[a] < PIPELINE and queue:
                submit(a, queue.popleft())
        if not queue and running:
            # The layer's tail: an idle worker takes a copy of a shard that has
            # run for long (its worker may be on a machine that is gone, and
            # Ray cannot restart it for lack of room); the first copy wins.
            now = time.monotonic()
            slow = max(b.stall_seconds, 3 * pool.typical())
            for a in [a for a in pool.ready if pool.load[a] == 0]:
                late = [
                    (max(pool.copies[r].submitted for r in refs), i)
                    for i, refs in running.items()
                    if all(pool.copies[r].actor != a for r in refs)
                ]
                late = [(t, i) for t, i in late if now - t > slow]
                if not late:
                    break
                t, i = min(late)
                prog.say(f"layer {n}, shard {i}: no answer in {now - t:.0f} s, another worker solves it too")
                submit(a, i)
        finished, _ = ray.wait(list(pool.copies) + list(pool.probes), num_returns=1, timeout=1.0)
        for ref in finished:
            if ref in pool.probes:
                pool.answered(ref)
                continue
            c = pool.finished(ref)
            if c.layer != n or done[c.shard]:
                if c.layer == n and c.shard in running and ref in running[c.shard]:
                    running[c.shard].remove(ref)
                continue  # a copy that lost the race
            i = c.shard
            sl = slice(i * size, (i + 1) * size)
            try:
                _, _, got, pid = ray.get(ref)
            except ray.exceptions.RayTaskError as e:
                if isinstance(e.cause, ValueError):
                    raise BuildError(f"layer {n}, shard {i}: {e.cause}") from None
                failed(i, ref, e)
                continue
            except ray.exceptions.RayError as e:
                # The worker died and Ray gave up on the task: the shard goes
                # back in the queue, the worker is asked whether it is up.
                pool.probe(c.actor)
                failed(i, ref, e)
                continue
            got = np.asarray(got, dtype=np.int8)
            if len(got) != len(keys[sl]):
                raise BuildError(f"layer {n}, shard {i}: {len(got)} scores for {len(keys[sl])} keys")
            try:
                _atomic_write(
                    os.path.join(b.shard_dir, _shard_name(n, i)),
                    _shard_bytes(b.width, b.height, n, i, size, layer_shards, keys[sl], got),
                )
            except OSError as e:
                raise BuildError(f"cannot write shard {i} of layer {n} in {b.shard_dir}: {e}") from None
            b.scores[n][sl] = got
            done[i] = True
            layer_done += 1
            pool.delivered(c)
            pids.add(pid)
            # The workers of the other copies may be gone: they take no more
            # shards until they answer.
            for other in running.pop(i):
                if other != ref:
                    pool.probe(pool.copies[other].actor)
            prog.add(len(got), solved=True)
            if b.on_shard is not None:
                b.on_shard({
                    "layer": n, "index": i, "shards_done": prog.done_shards, "shards": prog.shards,
                    "pid": pid, "worker": c.actor,
                    "workers": {a: info for a, info in pool.ready.items()},
                    "worker_pids": [info[1] for info in pool.ready.values()],
                })
        prog.workers = (len(pool.ready), len(pool.actors))
        prog.tick(n, layer_done, layer_shards)
    prog.tick(n, layer_done, layer_shards, force=True)
    prog.say(f"layer {n}: {len(keys):,} positions in {time.monotonic() - layer_started:.1f} s")


# --------------------------------------------------------------------- CLI


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bitgames.book",
        description="Connect Four opening books built on a Ray cluster (the bytes of `bitgames connect4 book build`).",
    )
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser(
        "build",
        help="solve every position of some layers on Ray and write a book file",
        description=(
            "Solve every position of some layers (numbers of stones, one of each mirror pair) on "
            "the workers of a Ray cluster and write the book file `bitgames connect4 book build` "
            "writes. Finished shards are kept in the shard directory: run the same command again "
            "to resume an interrupted build."
        ),
    )
    which = b.add_mutually_exclusive_group(required=True)
    which.add_argument("-d", "--depth", type=int, help="every position with at most this many stones")
    which.add_argument("--layer", type=int, help="every position with exactly this many stones")
    b.add_argument("-o", "--output", required=True, help="the book file to write")
    b.add_argument("--width", type=int, default=7, help="board width (columns, default 7)")
    b.add_argument("--height", type=int, default=6, help="board height (rows, default 6)")
    b.add_argument("--address", help="the Ray cluster: `auto` (the one `ray start` made here), "
                   "`HOST:6379`, `ray://HOST:10001`; default: $RAY_ADDRESS, else the cluster `ray start` "
                   "made on this machine, else a new local one")
    b.add_argument("--shard-dir", help="where finished shards are kept (default FILE.shards)")
    b.add_argument("--shard-size", type=int, default=DEFAULT_SHARD_SIZE,
                   help=f"positions a shard (default {DEFAULT_SHARD_SIZE})")
    b.add_argument("-j", "--jobs", type=int, help="workers (default: one per CPU of the cluster)")
    b.add_argument("--table-log2", type=int, default=23,
                   help="log2 of the buckets of each worker's table (16 bytes a bucket, default 23)")
    b.add_argument("--retries", type=int, default=3,
                   help="times a shard whose worker died is given out again after Ray's own retries (default 3)")
    b.add_argument("--keep-shards", action="store_true", help="keep the shard directory once the book is written")
    b.add_argument("--stall-seconds", type=float, default=30.0, metavar="SECONDS",
                   help="at a layer's end, a shard running this long (and 3 times the usual) is given "
                   "to an idle worker too: its machine may be gone (default 30)")
    b.add_argument("--progress-every", type=float, default=10.0, metavar="SECONDS",
                   help="seconds between progress lines on stderr (default 10)")
    args = ap.parse_args(argv)
    try:
        build(
            args.output,
            width=args.width,
            height=args.height,
            layer=args.layer,
            depth=args.depth,
            shard_dir=args.shard_dir,
            shard_size=args.shard_size,
            jobs=args.jobs,
            table_log2=args.table_log2,
            address=args.address,
            retries=args.retries,
            keep_shards=args.keep_shards,
            progress_every=args.progress_every,
            stall_seconds=args.stall_seconds,
        )
    except BuildError as e:
        print(f"bitgames.book: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(
            "bitgames.book: interrupted: the finished shards are kept; run the same command to resume",
            file=sys.stderr,
        )
        return 130
    return 0


if __name__ == "__main__":
    # Run this module's imported copy, so that Ray pickles its classes by
    # reference (workers import bitgames.book) rather than __main__'s.
    from bitgames.book import main as _main

    sys.exit(_main())
