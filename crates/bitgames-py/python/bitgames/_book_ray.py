"""A build's chunks solved on Ray (``bitgames.book``): the workers (Ray
actors, one solver and table each), which of them are up, the tasks in
flight, retries, and a chunk given to another worker when its own seems
gone. The driver takes in each chunk solved (the core's check) and writes
its file."""

from __future__ import annotations

import dataclasses
import os
import socket
import time
from collections import deque
from typing import Any, Callable, Optional

from ._bitgames import BookBuild, BookWorker
from ._book_chunks import BuildError, atomic_write
from ._book_progress import Progress

#: Times Ray runs an actor task again when its worker died.
TASK_RETRIES = 3
#: Tasks queued on each worker at once (it starts the next chunk at once).
PIPELINE = 2


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


def import_ray():
    try:
        import ray
    except ImportError as e:
        raise BuildError(f"this build runs on Ray, which is not installed ({e}): pip install ray") from None
    return ray


@dataclasses.dataclass
class RayBuild:
    """What the workers' side of a build needs."""

    plan: BookBuild
    chunk_dir: str
    jobs: Optional[int]
    table_log2: int
    address: Optional[str]
    retries: int
    stall_seconds: float
    prog: Progress
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

    def __init__(self, ray, actors: list, prog: Progress):
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


def solve_on_ray(b: "RayBuild") -> set:
    """Solves every chunk not yet done, deepest layer first; returns the pids
    of the workers that delivered chunks."""
    ray = import_ray()
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


def _solve_layer(ray, b: "RayBuild", pool: _Pool, n: int, pids: set) -> None:
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
                atomic_write(path, data)
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
