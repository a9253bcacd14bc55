"""A one-line progress bar on stderr, silent when stderr is not a terminal or with --quiet."""

from __future__ import annotations

import sys
import time


class Progress:
    def __init__(self, total: int, label: str, quiet: bool = False, stream=None, min_total: int = 50) -> None:
        self.total = max(1, total)
        self.label = label
        self.stream = stream or sys.stderr
        isatty = getattr(self.stream, "isatty", lambda: False)()
        self.enabled = not quiet and isatty and total >= min_total
        self.start = time.monotonic()
        self._last = 0.0

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._last < 0.2 and done < self.total:
            return
        self._last = now
        frac = done / self.total
        width = 30
        bar = "#" * int(frac * width) + "-" * (width - int(frac * width))
        elapsed = now - self.start
        eta = elapsed / frac - elapsed if frac > 0 else 0
        self.stream.write(f"\r{self.label} [{bar}] {done}/{self.total} frames, {elapsed:.0f}s, ~{eta:.0f}s left ")
        self.stream.flush()

    def finish(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
