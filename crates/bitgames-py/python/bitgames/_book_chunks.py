"""The chunk directory of a build (``bitgames.book``): the chunk files of
the library's core read back, written and removed as ``bitgames connect4
book build`` does; and the error of a build."""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from ._bitgames import BookBuild, TornChunkError

if TYPE_CHECKING:
    from ._book_progress import Progress

# The files of the shard directories of older versions, which this one does not read.
_OLD_SHARD = re.compile(r"^layer\d+-shard\d+\.bin$")


class BuildError(Exception):
    """An expected failure of a build (bad options, a foreign chunk file, an
    unwritable output): its message says what and where."""


def atomic_write(path: str, data: bytes) -> None:
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


def open_chunk_dir(plan: BookBuild, chunk_dir: str, prog: Progress) -> None:
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


def remove_chunks(plan: BookBuild, chunk_dir: str) -> None:
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
