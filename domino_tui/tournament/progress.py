"""A one-line progress bar on stderr: games done, rate and time left. Silent when stderr is not a terminal."""

from __future__ import annotations

import sys
import time
from typing import TextIO


def _clock(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class ProgressBar:
    def __init__(self, stream: TextIO | None = None, width: int = 28, every: float = 0.1) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)())
        self.width = width
        self.every = every
        self.started = time.perf_counter()
        self.shown = 0.0
        self.drawn = False

    def line(self, done: int, total: int, elapsed: float) -> str:
        filled = self.width * done // total if total else self.width
        bar = "#" * filled + "-" * (self.width - filled)
        rate = done / elapsed if elapsed > 0 else 0.0
        left = f"{_clock((total - done) / rate)} left" if rate > 0 and done < total else ""
        if done >= total:
            left = f"done in {_clock(elapsed)}"
        return f"[{bar}] {done:,}/{total:,} games  {rate:,.0f} games/s  {left}"

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if done == 0:
            self.started = now
        if done < total and now - self.shown < self.every:
            return
        self.shown = now
        self.stream.write("\r" + self.line(done, total, now - self.started) + "\x1b[K")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False
