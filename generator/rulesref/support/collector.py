"""When the cyclic garbage collector runs: a choice for a process, made by its command.

Validation, rendering and an import build many long-lived objects and no cycles worth
collecting; the collector's repeated scans of the growing heap would otherwise double the
time of a large run (and cost more than the parse itself in an import). A command that
runs once and exits pauses the collector for its whole run (`rulesref.commands.cli`). `serve` lives
on and runs MkDocs between saves, so it pauses the collector around each generation only
and then freezes what the generation left (`settle`).

A long-lived process ends without freeing its heap (`end_now`): at the end of `serve` on
the 40K import, the interpreter's tear-down of about 900 MB of objects took 2.5 s.

The library's own functions never switch it: the process belongs to its caller.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import NoReturn


@contextmanager
def paused() -> Iterator[None]:
    """No collection meanwhile; the collector is as it was afterwards."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def settle(*, first: bool = False) -> None:
    """Collect the cycles made since the last call, then freeze what is left (frozen objects
    are not scanned again): what a long-lived process keeps lives until it is replaced, and
    a collection that scanned it all again (a second at 10,000 files) would land in the
    middle of some later save. Milliseconds, since only what is not frozen is scanned.

    The `first` call has nothing frozen yet, so a collection would scan the whole heap: on
    the 40K import, 0.75 to 1.06 s of `serve`'s start, to find about 1 MB of cycles (6,700
    objects). That call freezes them with the rest instead, and the home page comes sooner."""
    if not first:
        gc.collect()
    gc.freeze()


def end_now(code: int) -> NoReturn:
    """End the process with exit `code` at once: the standard streams flushed, and no
    tear-down (no object freed one by one, no exit handler). Only for a command that has
    stopped what it started and removed or handed off its files by then (`serve`)."""
    for stream in (sys.stdout, sys.stderr):
        with suppress(OSError, ValueError):  # a closed pipe: nothing more can be said on it
            stream.flush()
    os._exit(code)
