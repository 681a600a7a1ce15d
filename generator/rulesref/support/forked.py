"""Work shared out over forked processes, taken back in the caller's order.

A big build repeats one step over thousands of items (a page rendered, a page read or
written by MkDocs) that depend only on what the process holds by then. Forked workers
inherit all of it, so nothing is sent to them; each does every n-th item and sends back its
results, in order. The caller walks the items as before: it does its own share itself, and
takes each other item's result (`Shared.take`) when its walk reaches it, so whatever the
results are for (a list in order, messages logged in order) comes out as if one process had
done it all. A thread of the caller's reads each worker's results as they come, so a worker
never waits for the caller to reach its items. A worker that fails sends nothing more: the
caller does the rest of its items itself.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import struct
import sys
import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import IO, Generic, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

MAX_WORKERS = 4
_SIZE = struct.Struct("<Q")  # each result is sent as its length, then its pickle
_FAILED = b""  # what a worker sends for the item it failed on


def processes() -> int:
    """One per core this process may use; one where processes cannot be forked."""
    if not hasattr(os, "fork"):
        return 1
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def jobs() -> int:
    """Processes rulesref's own work may use (compiling, rendering): `$RULESREF_JOBS`, else
    `processes()`; 1 means none is forked."""
    chosen = os.environ.get("RULESREF_JOBS", "")
    return max(1, int(chosen)) if chosen.isdigit() and hasattr(os, "fork") else processes()


class Shared(Generic[Item, Result]):
    """`work` done for `items`: item i by process i mod n, process 0 being the caller's own."""

    def __init__(self, workers: dict[int, _Worker], count: int, load: Callable[[bytes], Result]) -> None:
        self._workers = workers
        self._count = count
        self._load = load

    @classmethod
    def start(
        cls,
        work: Callable[[Item], Result],
        items: Sequence[Item],
        count: int,
        dumps: Callable[[Result], bytes] = pickle.dumps,
        load: Callable[[bytes], Result] = pickle.loads,
    ) -> Shared[Item, Result] | None:
        """Fork workers for `items` (`count` processes in all, at most `MAX_WORKERS`), or None
        when there are too few items to share or no fork. `dumps` and `load`: how a result is
        sent and read back."""
        count = min(count, MAX_WORKERS, len(items) // 2)
        if count < 2 or not hasattr(os, "fork"):
            return None
        sys.stdout.flush()  # (a forked process would write out what is buffered a second time)
        sys.stderr.flush()
        workers = {number: _Worker.fork(work, items[number::count], dumps) for number in range(1, count)}
        return cls(workers, count, load)

    def take(self, index: int) -> tuple[bool, Result | None]:
        """(True, the result a worker sent for the item at `index`), or (False, None) when the
        item is the caller's own, or its worker failed before it (the caller then does it).
        A worker's items are taken in their order."""
        worker = self._workers.get(index % self._count)
        if worker is None:
            return False, None
        sent = worker.next()
        return (False, None) if sent is None else (True, self._load(sent))

    def close(self) -> None:
        """End the workers (those that have not sent everything are killed)."""
        for worker in self._workers.values():
            worker.close()


class _Worker:
    """One forked worker, seen from the caller: the results read from its pipe so far."""

    def __init__(self, pid: int, pipe: IO[bytes], count: int) -> None:
        self.pid = pid
        self.left = count
        self.failed = False
        self._results: deque[bytes | None] = deque()
        self._arrived = threading.Condition()
        self._reader = threading.Thread(target=self._read, args=(pipe,), name="rulesref-forked-results", daemon=True)
        self._reader.start()

    @classmethod
    def fork(cls, work: Callable[[Item], Result], mine: Sequence[Item], dumps: Callable[[Result], bytes]) -> _Worker:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the worker: does its items, sends them, and ends without cleaning up the caller's things
            code = 0
            try:
                os.close(read_end)
                with os.fdopen(write_end, "wb") as out:
                    _work(work, mine, dumps, out)
            except BaseException:  # (the caller does what was not sent; exiting is all that is left)
                code = 1
            finally:
                os._exit(code)
        os.close(write_end)
        return cls(pid, os.fdopen(read_end, "rb"), len(mine))

    def _read(self, pipe: IO[bytes]) -> None:
        with pipe:
            while True:
                head = pipe.read(_SIZE.size)
                size = _SIZE.unpack(head)[0] if len(head) == _SIZE.size else -1
                sent = pipe.read(size) if size > 0 else b""
                with self._arrived:
                    self._results.append(sent if size > 0 and len(sent) == size else None)
                    self._arrived.notify()
                if size <= 0 or len(sent) != size:
                    return

    def next(self) -> bytes | None:
        """The worker's next result, when it comes; None once it has failed."""
        if self.failed:
            return None
        with self._arrived:
            self._arrived.wait_for(lambda: bool(self._results))
            sent = self._results.popleft()
        self.left -= 1
        if sent is None:
            self.failed = True
            self.close()
        elif self.left == 0:
            self.close()
        return sent

    def close(self) -> None:
        if self.pid:
            if self.left > 0 and not self.failed:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.pid = 0


def _work(work: Callable[[Item], Result], mine: Sequence[Item], dumps: Callable[[Result], bytes], out: IO[bytes]) -> None:
    """In a worker: each item's result, sent in order; after a failure, the empty result, and no more."""
    for item in mine:
        try:
            sent = dumps(work(item))
        except Exception:
            out.write(_SIZE.pack(len(_FAILED)))
            return
        out.write(_SIZE.pack(len(sent)) + sent)
