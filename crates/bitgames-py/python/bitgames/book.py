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
import sys
import time
from typing import Any, Callable, Optional

import numpy as np

from ._bitgames import CHUNK_DIR_SUFFIX, DEFAULT_CHUNK_SIZE, BookBuild, BookWorker, TornChunkError, c4_layer_keys
from ._book_chunks import BuildError, atomic_write, open_chunk_dir, remove_chunks
from ._book_progress import Progress
from ._book_ray import RayBuild, import_ray, solve_on_ray

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
    holds with exactly ``stones`` stones: the order of a layer's chunks. On a
    board over 64 bits (8x8 and larger) an ``(n, 2)`` array of ``[low, high]``
    64-bit words, numpy having no 128-bit integers."""
    return c4_layer_keys(width, height, stones)


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
        import_ray()  # without Ray there is nothing to do: say so before writing anything
    prog = Progress(progress, progress_every, plan.positions, plan.total_chunks)
    open_chunk_dir(plan, chunk_dir, prog)
    resumed, positions_resumed = plan.done
    prog.done_chunks, prog.done_positions = resumed, positions_resumed
    prog.say(
        f"{width}x{height} board, layers {layers[0]}..={layers[-1]}: {plan.positions:,} positions "
        f"in {plan.total_chunks} chunks of {chunk_size}; chunk directory {chunk_dir}"
        + (f"; resuming: {resumed} chunks already solved" if resumed else "")
    )

    pids: set = set()
    if resumed < plan.total_chunks:
        pids = solve_on_ray(RayBuild(
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
        atomic_write(output, data)
    except OSError as e:
        raise BuildError(f"cannot write the book {output}: {e}") from None
    if not keep_chunks:
        remove_chunks(plan, chunk_dir)
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
    b.add_argument("--chunk-dir", metavar="DIR", help="where finished chunks are kept (default FILE.chunks)")
    b.add_argument("--chunk-size", type=int, default=DEFAULT_CHUNK_SIZE,
                   help=f"positions a chunk (default {DEFAULT_CHUNK_SIZE}; a resumed build is given the same)")
    b.add_argument("-j", "--jobs", type=int, help="workers (default: one per CPU of the cluster)")
    b.add_argument("--table-log2", type=int, default=23,
                   help="log2 of the buckets of each worker's table (16 bytes a bucket, default 23)")
    b.add_argument("--retries", type=int, default=3,
                   help="times a chunk whose worker died is given out again after Ray's own retries (default 3)")
    b.add_argument("--keep-chunks", action="store_true",
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
    # Run the imported module (bitgames.book), not this second copy of it
    # (__main__): the workers' classes are pickled by reference to modules
    # the workers import.
    from bitgames.book import main as _main

    sys.exit(_main())
