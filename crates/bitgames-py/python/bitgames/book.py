"""Connect Four opening books built on a Ray cluster: ``python -m bitgames.book build``.

The same book as ``bitgames connect4 book build`` (byte for byte), solved by
the cores of many machines::

    python -m bitgames.book build --width 7 --height 6 --layer 12 -o 7x6-layer12.book --address auto

Both front ends run the library's one book-building core (``BookBuild``):
the layers' positions (one of each mirror pair, in the order of their
symmetric keys) are cut into chunks of ``--chunk-size`` positions, and each
chunk is solved as a task on long-lived Ray actors: one per CPU of the
cluster, each with its own solver and transposition table, kept from chunk
to chunk (the GIL is released while it solves). Several layers (``--depth
N``) are built deepest first, and the workers of a shallower layer get the
deeper layers as their book.

Safe to interrupt and to lose machines: each finished chunk is checked and
written by the driver into the chunk directory (``FILE.chunks/`` by
default, the same chunk files as the command's) through a temporary file
and a rename, and is never solved again: run the same command (or ``bitgames
connect4 book build`` with the same chunk size) to resume. Chunk files are
checked when a build resumes (board, layer, chunk number, cut, every key,
every score, a checksum): a file of another build is refused, naming it; one
cut short is solved again. A worker that dies has its task run again by Ray
(actors restart, tasks are retried); a chunk that still fails is given to
another worker, up to ``--retries`` times. The book is written to a
temporary file and renamed, and the chunk files are removed once it is.

From Python: ``build(...)`` (the command's options as keyword arguments;
connects to Ray unless it is already initialised) returns a
:class:`BuildReport`; ``layer_keys``, ``BookBuild`` and ``BookWorker`` are
the native pieces it is made of.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import socket
import sys
import time
from collections import deque
from typing import Any, Callable, Optional, TextIO

import numpy as np

from ._bitgames import CHUNK_DIR_SUFFIX, DEFAULT_CHUNK_SIZE, BookBuild, BookWorker, TornChunkError, c4_layer_keys

__all__ = [
    "BookBuild",
    "BookWorker",
    "BuildError",
    "BuildReport",
    "DEFAULT_CHUNK_SIZE",
    "TornChunkError",
    "build",
    "layer_keys",
    "main",
]

#: Times Ray runs an actor task again when its worker died.
TASK_RETRIES = 3
#: Tasks queued on each worker at once (it starts the next chunk at once).
PIPELINE = 2

# The files of the shard directories of older versions, which this one does not read.
_OLD_SHARD = re.compile(r"^layer\d+-shard\d+\.bin$")


class BuildError(Exception):
    """An expected failure of a build (bad options, a foreign chunk file, an
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
    #: Chunks of all layers.
    chunks: int
    #: Chunks read back from the chunk directory instead of solved.
    chunks_resumed: int
    #: Positions solved by the workers in this run.
    positions_solved: int
    #: Processes (pids) that delivered solved chunks in this run.
    worker_pids: set
    seconds: float


def layer_keys(width: int, height: int, stones: int) -> np.ndarray:
    """The symmetric keys (numpy uint64, ascending) of every position a book
    holds with exactly ``stones`` stones: the order of a layer's chunks."""
    return c4_layer_keys(width, height, stones)


# ---------------------------------------------------------------- the worker


class _Worker:
    """A Ray actor (made remote in :func:`_remote_worker`): one solver and its
    table, kept across chunks."""

    def __init__(self, width: int, height: int, table_log2: int):
        self.core = BookWorker(width, height, table_log2)
        self.book_id: Optional[int] = None

    def info(self) -> tuple[str, int, str]:
        import ray

        return socket.gethostname(), os.getpid(), ray.get_runtime_context().get_node_id()

    def solve(self, task: tuple, book) -> tuple[bytes, int]:
        # `book` is None or (id, [ref]): the reference sits in a list so that
        # Ray does not fetch the book for every chunk, only when it changes.
        want = None if book is None else book[0]
        if want != self.book_id:
            if book is None:
                self.core.set_book(None)
            else:
                import ray

                self.core.set_book(ray.get(book[1][0]))
            self.book_id = want
        return self.core.solve_chunk(*task), os.getpid()


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


# ------------------------------------------------------------- chunk files


def _atomic_write(path: str, data: bytes) -> None:
    """Writes through ``.NAME.tmp`` beside ``path`` and a rename (as the command does)."""
    directory, name = os.path.split(path)
    tmp = os.path.join(directory, f".{name}.tmp")
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


def _bad_chunk(path: str, err: Exception) -> BuildError:
    return BuildError(
        f"chunk file {path}: {err}; remove it to have the chunk solved again, or give another --chunk-dir"
    )


def _open_chunk_dir(plan: BookBuild, chunk_dir: str, prog: "_Progress") -> None:
    """Makes the chunk directory, or takes in the chunks of this build it
    holds (a torn one is removed, to be solved again; other files are left alone)."""
    if os.path.exists(chunk_dir) and not os.path.isdir(chunk_dir):
        raise BuildError(f"--chunk-dir {chunk_dir}: exists and is not a directory")
    try:
        os.makedirs(chunk_dir, exist_ok=True)
        names = sorted(os.listdir(chunk_dir))
    except OSError as e:
        raise BuildError(f"cannot make the chunk directory {chunk_dir}: {e}") from None
    old = [n for n in names if _OLD_SHARD.match(n)]
    if old:
        raise BuildError(
            f"--chunk-dir {chunk_dir}: holds shard files of an older bitgames.book ({old[0]}), "
            f"which this version does not read: remove them, or give another --chunk-dir"
        )
    for name in names:
        path = os.path.join(chunk_dir, name)
        try:
            chunk = plan.chunk_of_file(name)
        except ValueError as e:
            raise BuildError(f"chunk file {path}: {e}; remove it, or give another --chunk-dir") from None
        if chunk is None:
            continue
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise BuildError(f"cannot read chunk file {path}: {e}") from None
        try:
            plan.accept(*chunk, data)
        except TornChunkError as e:
            prog.say(f"warning: chunk file {path}: {e}: solving it again")
            os.remove(path)
        except ValueError as e:
            raise _bad_chunk(path, e) from None


def _remove_chunks(plan: BookBuild, chunk_dir: str) -> None:
    """Removes the chunk files of this build, and the directory if that empties it."""
    for n in plan.order():
        for i in range(plan.chunks(n)):
            name = BookBuild.file_name(n, i)
            for leftover in (name, f".{name}.tmp"):
                try:
                    os.remove(os.path.join(chunk_dir, leftover))
                except FileNotFoundError:
                    pass
    try:
        os.rmdir(chunk_dir)
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
    def __init__(self, stream: Optional[TextIO], every: float, positions: int, chunks: int):
        self.stream, self.every = stream, every
        self.positions, self.chunks = positions, chunks
        self.done_positions = self.done_chunks = 0
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
        self.done_chunks += 1
        if solved:
            self.solved += positions

    def tick(self, layer: int, layer_done: int, layer_chunks: int, force: bool = False) -> None:
        now = time.monotonic()
        state = (layer, layer_done, self.done_chunks, self.workers)
        # A line when something changed (at most one every `every` seconds),
        # else one a minute to show the build is alive.
        quiet = self.every if state != self.last_state else max(self.every, 60.0)
        if self.stream is None or (now - self.last < quiet and not (force and state != self.last_state)):
            return
        self.last, self.last_state = now, state
        text = (
            f"layer {layer}: {layer_done}/{layer_chunks} chunks; all layers: "
            f"{self.done_chunks}/{self.chunks} chunks, {self.done_positions:,}/{self.positions:,} positions"
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
    chunk_dir: Optional[str] = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    jobs: Optional[int] = None,
    table_log2: int = 23,
    address: Optional[str] = None,
    retries: int = 3,
    keep_chunks: bool = False,
    progress: Any = "stderr",
    progress_every: float = 10.0,
    on_chunk: Optional[Callable[[dict], Any]] = None,
    stall_seconds: float = 30.0,
) -> BuildReport:
    """Builds the book of every position with exactly ``layer`` stones, or with
    at most ``depth``, on Ray, and writes it to ``output``: the bytes of
    ``bitgames connect4 book build``. See the module's documentation.

    ``jobs``: workers (default: one per CPU of the cluster). ``address``: the
    cluster (``ray.init(address=...)``) when Ray is not initialised yet.
    ``progress``: a stream for the progress lines (default stderr), None for
    none. ``on_chunk(event)`` is called after each chunk is written (a dict:
    layer, index, chunks_done, chunks, pid, worker, workers, worker_pids).
    At the end of a layer, a worker with nothing left to do solves again a
    chunk that has been running for more than ``stall_seconds`` (and three
    times the usual chunk): its worker may be on a machine that is gone.
    Raises :class:`BuildError` for expected failures."""
    started = time.monotonic()
    if progress == "stderr":
        progress = sys.stderr
    output = os.fspath(output)
    layers = _layers(width, height, layer, depth)
    if chunk_size < 1:
        raise BuildError(f"--chunk-size {chunk_size} must be at least 1")
    if not 4 <= table_log2 <= 32:
        raise BuildError(f"--table-log2 {table_log2} is not in 4..=32")
    if jobs is not None and jobs < 1:
        raise BuildError(f"--jobs {jobs} must be at least 1")
    if retries < 0:
        raise BuildError(f"--retries {retries} is negative")
    if not (stall_seconds > 0 and progress_every >= 0):
        raise BuildError("--stall-seconds must be above 0 and --progress-every at least 0")
    _check_output(output)
    try:
        plan = BookBuild(width, height, layers[0], layers[-1], chunk_size)
    except ValueError as e:
        raise BuildError(str(e)) from None
    chunk_dir = os.fspath(chunk_dir) if chunk_dir is not None else output + CHUNK_DIR_SUFFIX
    if not os.path.isdir(chunk_dir):
        _import_ray()  # without Ray there is nothing to do: say so before writing anything
    prog = _Progress(progress, progress_every, plan.positions, plan.total_chunks)
    _open_chunk_dir(plan, chunk_dir, prog)
    resumed, positions_resumed = plan.done
    prog.done_chunks, prog.done_positions = resumed, positions_resumed
    prog.say(
        f"{width}x{height} board, layers {layers[0]}..={layers[-1]}: {plan.positions:,} positions "
        f"in {plan.total_chunks} chunks of {chunk_size}; chunk directory {chunk_dir}"
        + (f"; resuming: {resumed} chunks already solved" if resumed else "")
    )

    pids: set = set()
    if resumed < plan.total_chunks:
        pids = _solve_on_ray(_Build(
            plan=plan, chunk_dir=chunk_dir, jobs=jobs, table_log2=table_log2, address=address,
            retries=retries, stall_seconds=stall_seconds, prog=prog, on_chunk=on_chunk,
        ))

    # Every chunk is in: the book, as the command writes it.
    prog.say("writing the book")
    try:
        data = plan.book()
    except ValueError as e:
        raise BuildError(f"the chunks do not make a book: {e}") from None
    try:
        _atomic_write(output, data)
    except OSError as e:
        raise BuildError(f"cannot write the book {output}: {e}") from None
    if not keep_chunks:
        _remove_chunks(plan, chunk_dir)
    seconds = time.monotonic() - started
    prog.say(
        f"book {output}: {width}x{height}, layers {layers[0]}..={layers[-1]}, {plan.positions:,} positions, "
        f"{len(data):,} bytes, built in {seconds:.1f} s ({prog.solved:,} positions solved now)"
    )
    return BuildReport(
        output=output,
        width=width,
        height=height,
        first_layer=layers[0],
        last_layer=layers[-1],
        positions=plan.positions,
        bytes=len(data),
        chunks=plan.total_chunks,
        chunks_resumed=resumed,
        positions_solved=prog.solved,
        worker_pids=pids,
        seconds=seconds,
    )


@dataclasses.dataclass
class _Build:
    """What the workers' side of a build needs."""

    plan: BookBuild
    chunk_dir: str
    jobs: Optional[int]
    table_log2: int
    address: Optional[str]
    retries: int
    stall_seconds: float
    prog: _Progress
    on_chunk: Optional[Callable[[dict], Any]]


@dataclasses.dataclass
class _Copy:
    """One copy of a chunk's task, in flight on a worker."""

    actor: int
    layer: int
    chunk: int
    submitted: float


class _Pool:
    """The workers (Ray actors), which of them are up, and the tasks in flight
    on them. A worker is up once it answers ``info()``: one that died, or is
    suspected of it, is asked again, and takes chunks once it answers (Ray
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

    def submit(self, a: int, layer: int, chunk: int, task: tuple, book) -> Any:
        ref = self.actors[a].solve.remote(task, book)
        self.copies[ref] = _Copy(a, layer, chunk, time.monotonic())
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
        """The median seconds a chunk has taken a worker."""
        s = sorted(self.service)
        return s[len(s) // 2] if s else 0.0


def _first_line(err: BaseException) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__


def _solve_on_ray(b: "_Build") -> set:
    """Solves every chunk not yet done, deepest layer first; returns the pids
    of the workers that delivered chunks."""
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
        pending_total = b.plan.total_chunks - b.plan.done[0]
        count = min(b.jobs or max(cpus, 1), pending_total)
        if b.jobs and cpus and b.jobs > cpus:
            prog.say(f"--jobs {b.jobs}: the cluster has {cpus} CPUs now, the other workers wait for more")
        worker = _remote_worker(ray)
        actors = [worker.remote(b.plan.width, b.plan.height, b.table_log2) for _ in range(count)]
        pool = _Pool(ray, actors, prog)
        pids: set = set()
        prog.started = time.monotonic()
        for n in b.plan.order():
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
    prog, plan = b.prog, b.plan
    layer_chunks = plan.chunks(n)
    queue = deque(plan.pending(n))
    layer_done = layer_chunks - len(queue)
    if not queue:
        prog.say(f"layer {n}: all {layer_chunks} chunks already solved")
        return
    below = plan.book_below(n)
    book = None if below is None else (n, [ray.put(below)])
    running: dict[int, list] = {}  # chunk -> its copies in flight
    attempts: dict[int, int] = {}
    layer_started = time.monotonic()

    def submit(a: int, i: int) -> None:
        ref = pool.submit(a, n, i, plan.task(n, i), book)
        running.setdefault(i, []).append(ref)

    def failed(i: int, ref, err: BaseException) -> None:
        running[i].remove(ref)
        if running[i]:
            return  # another copy is under way
        del running[i]
        attempts[i] = attempts.get(i, 0) + 1
        if attempts[i] > b.retries:
            raise BuildError(f"layer {n}, chunk {i} failed {attempts[i]} times, the last: {_first_line(err)}")
        prog.say(f"layer {n}, chunk {i} failed ({_first_line(err)}): solving it again")
        queue.append(i)

    while queue or running:
        for a in sorted(pool.ready, key=lambda a: pool.load[a]):
            while pool.load[a] < PIPELINE and queue:
                submit(a, queue.popleft())
        if not queue and running:
            # The layer's tail: an idle worker takes a copy of a chunk that has
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
                prog.say(f"layer {n}, chunk {i}: no answer in {now - t:.0f} s, another worker solves it too")
                submit(a, i)
        finished, _ = ray.wait(list(pool.copies) + list(pool.probes), num_returns=1, timeout=1.0)
        for ref in finished:
            if ref in pool.probes:
                pool.answered(ref)
                continue
            c = pool.finished(ref)
            if c.layer != n or plan.is_done(n, c.chunk):
                if c.layer == n and c.chunk in running and ref in running[c.chunk]:
                    running[c.chunk].remove(ref)
                continue  # a copy that lost the race
            i = c.chunk
            try:
                data, pid = ray.get(ref)
            except ray.exceptions.RayTaskError as e:
                if isinstance(e.cause, ValueError):
                    raise BuildError(f"layer {n}, chunk {i}: {e.cause}") from None
                failed(i, ref, e)
                continue
            except ray.exceptions.RayError as e:
                # The worker died and Ray gave up on the task: the chunk goes
                # back in the queue, the worker is asked whether it is up.
                pool.probe(c.actor)
                failed(i, ref, e)
                continue
            # The one check of a chunk, then its file.
            path = os.path.join(b.chunk_dir, BookBuild.file_name(n, i))
            try:
                solved = plan.accept(n, i, data)
            except ValueError as e:
                raise BuildError(f"layer {n}, chunk {i}: the worker's chunk is refused: {e}") from None
            try:
                _atomic_write(path, data)
            except OSError as e:
                raise BuildError(f"cannot write chunk {i} of layer {n} in {b.chunk_dir}: {e}") from None
            layer_done += 1
            pool.delivered(c)
            pids.add(pid)
            # The workers of the other copies may be gone: they take no more
            # chunks until they answer.
            for other in running.pop(i):
                if other != ref:
                    pool.probe(pool.copies[other].actor)
            prog.add(solved, solved=True)
            if b.on_chunk is not None:
                b.on_chunk({
                    "layer": n, "index": i, "chunks_done": prog.done_chunks, "chunks": prog.chunks,
                    "pid": pid, "worker": c.actor,
                    "workers": {a: info for a, info in pool.ready.items()},
                    "worker_pids": [info[1] for info in pool.ready.values()],
                })
        prog.workers = (len(pool.ready), len(pool.actors))
        prog.tick(n, layer_done, layer_chunks)
    prog.tick(n, layer_done, layer_chunks, force=True)
    prog.say(f"layer {n}: {len(plan.layer_keys(n)):,} positions in {time.monotonic() - layer_started:.1f} s")


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
            "writes. Finished chunks are kept in the chunk directory (the command's chunk files): "
            "run the same command again to resume an interrupted build."
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
    # --shard-dir, --shard-size, --keep-shards: the names of older versions.
    b.add_argument("--chunk-dir", "--shard-dir", dest="chunk_dir",
                   help="where finished chunks are kept (default FILE.chunks)")
    b.add_argument("--chunk-size", "--shard-size", dest="chunk_size", type=int, default=DEFAULT_CHUNK_SIZE,
                   help=f"positions a chunk (default {DEFAULT_CHUNK_SIZE}; a resumed build is given the same)")
    b.add_argument("-j", "--jobs", type=int, help="workers (default: one per CPU of the cluster)")
    b.add_argument("--table-log2", type=int, default=23,
                   help="log2 of the buckets of each worker's table (16 bytes a bucket, default 23)")
    b.add_argument("--retries", type=int, default=3,
                   help="times a chunk whose worker died is given out again after Ray's own retries (default 3)")
    b.add_argument("--keep-chunks", "--keep-shards", dest="keep_chunks", action="store_true",
                   help="keep the chunk directory once the book is written")
    b.add_argument("--stall-seconds", type=float, default=30.0, metavar="SECONDS",
                   help="at a layer's end, a chunk running this long (and 3 times the usual) is given "
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
            chunk_dir=args.chunk_dir,
            chunk_size=args.chunk_size,
            jobs=args.jobs,
            table_log2=args.table_log2,
            address=args.address,
            retries=args.retries,
            keep_chunks=args.keep_chunks,
            progress_every=args.progress_every,
            stall_seconds=args.stall_seconds,
        )
    except BuildError as e:
        print(f"bitgames.book: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(
            "bitgames.book: interrupted: the finished chunks are kept; run the same command to resume",
            file=sys.stderr,
        )
        return 130
    return 0


if __name__ == "__main__":
    # Run this module's imported copy, so that Ray pickles its classes by
    # reference (workers import bitgames.book) rather than __main__'s.
    from bitgames.book import main as _main

    sys.exit(_main())
