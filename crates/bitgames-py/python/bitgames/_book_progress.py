"""The progress lines of a build (``bitgames.book``) on its stream."""

from __future__ import annotations

import time
from typing import Optional, TextIO

def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 7200:
        return f"{seconds // 60} min"
    if seconds < 172800:
        return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"
    return f"{seconds / 86400:.1f} days"


class Progress:
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
