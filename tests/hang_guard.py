"""A guard that turns a hang into a failure: inputs that once made a scanner backtrack for
minutes must finish; the limit is far above their real cost, so it measures nothing but
'does not hang' (speed itself is measured in benchmarks/)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class Hang(Exception):
    pass


@contextmanager
def no_hang(seconds: float = 10.0) -> Iterator[None]:
    def expired(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
