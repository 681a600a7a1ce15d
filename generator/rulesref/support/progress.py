"""How far long work has got, on one line of a terminal: `import: reading 12/45 files`.

An import of a real data checkout, a build of thousands of pages or the first `serve` take
long enough that a silent terminal looks hung. The line is rewritten in place (at most ten
times a second) and cleared when the work is done, so what stays on the screen is what the
command reports. Nothing is written when standard error is not a terminal (a pipe, a file,
CI's log) or when `CI` is set: logs keep only what the command says on purpose.
"""

from __future__ import annotations

import os
import sys
import time
from types import TracebackType
from typing import TextIO

MIN_INTERVAL = 0.1


def on_terminal(stream: TextIO) -> bool:
    """Whether progress may be shown on `stream`."""
    if os.environ.get("CI") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """One piece of long work: `step()` as it goes, `done()` (or leave the `with` block) at
    its end. `total` may be unknown (None): then the count alone is shown."""

    def __init__(self, what: str, total: int | None = None, *, stream: TextIO | None = None) -> None:
        self.what = what
        self.total = total
        self.count = 0
        self.stream = stream if stream is not None else sys.stderr
        self.shown = on_terminal(self.stream)
        self._last = 0.0
        self._width = 0

    def start(self) -> Progress:
        """Show the line before the first step (for work that takes a while to begin)."""
        if self.shown:
            self._show()
        return self

    def step(self, count: int = 1) -> None:
        self.count += count
        if self.shown and (time.monotonic() - self._last >= MIN_INTERVAL or self.count == self.total):
            self._show()

    def _show(self) -> None:
        self._last = time.monotonic()
        if self.total is not None:
            line = f"{self.what} {self.count:,}/{self.total:,}"
        else:
            line = f"{self.what} {self.count:,}" if self.count else f"{self.what}..."
        self.stream.write("\r" + line.ljust(self._width))
        self.stream.flush()
        self._width = len(line)

    def done(self) -> None:
        """Clear the line (the command says what came of the work)."""
        if self.shown and self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()
            self._width = 0

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self.done()
