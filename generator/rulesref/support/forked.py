"""Work shared out over forked processes, taken back in the caller's order.

A big build repeats one step over thousands of items (a page rendered, a page read or
written by MkDocs) that depend only on what the process holds by then. Forked workers
inherit all of it, so nothing is sent to them. The caller walks the items as before, from
the first; the workers take items from the last, one at a time, until they meet the caller
(`_Claims`, in memory the processes share). So each process does as much as its time allows:
the caller, which also does whatever else its walk needs between items, does fewer, and no
core waits for another's share at the end. When the caller's walk reaches an item a worker
took, it takes that item's result (`Shared.take`), so whatever the results are for (a list
in order, messages logged in order) comes out as if one process had done it all. A thread
of the caller's reads each worker's results as they come, so a worker never waits for the
caller. A worker that fails on an item sends nothing more: the caller does that item, and
the items no one took, itself.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import pickle
import signal
import struct
import sys
import threading
from collections.abc import Callable, Sequence
from typing import IO, Generic, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

MAX_WORKERS = 4
_HEAD = struct.Struct("<qQ")  # each result is sent as its item's index and its length, then its pickle
_FAILED = b""  # what a worker sends for the item it failed on
_BOUNDS = struct.Struct("<qq")  # the claims: the caller's next item, the workers' last one taken


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


class _Lock:
    """A lock the processes forked after it share: a pipe holding one byte, which a holder
    has read (no named semaphore, which some machines cannot make)."""

    def __init__(self) -> None:
        self._read, self._write = os.pipe()
        os.write(self._write, b".")

    def __enter__(self) -> None:
        os.read(self._read, 1)

    def __exit__(self, *exc: object) -> None:
        os.write(self._write, b".")


class _Claims:
    """Who does which item, in memory shared by the caller and the workers it forks: the
    caller claims items from the first up (`mine`), the workers from the last down (`next`),
    each claim under one lock, so no item is claimed twice; `owner` says which worker took an
    item (0: none)."""

    def __init__(self, count: int) -> None:
        self._memory = mmap.mmap(-1, _BOUNDS.size + count)  # (anonymous and shared: it outlives the fork)
        self._lock = _Lock()
        _BOUNDS.pack_into(self._memory, 0, 0, count)

    def mine(self, index: int) -> int:
        """The caller's claim of the item at `index`: 0 when it is now the caller's, else the
        number of the worker that took it."""
        with self._lock:
            front, back = _BOUNDS.unpack_from(self._memory, 0)
            if index < back:
                _BOUNDS.pack_into(self._memory, 0, max(front, index + 1), back)
                return 0
            owner: int = self._memory[_BOUNDS.size + index]
            return owner

    def next(self, worker: int) -> int | None:
        """A worker's claim: the last item no one has taken, or None when none is left."""
        with self._lock:
            front, back = _BOUNDS.unpack_from(self._memory, 0)
            index: int = back - 1
            if index < front:
                return None
            _BOUNDS.pack_into(self._memory, 0, front, index)
            self._memory[_BOUNDS.size + index] = worker
            return index


class Shared(Generic[Item, Result]):
    """`work` done for `items`: the caller's walk from the first, the workers' from the last."""

    def __init__(self, workers: dict[int, _Worker], claims: _Claims, load: Callable[[bytes], Result]) -> None:
        self._workers = workers
        self._claims = claims
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
        claims = _Claims(len(items))
        workers = {number: _Worker.fork(work, items, claims, number, dumps) for number in range(1, count)}
        return cls(workers, claims, load)

    def take(self, index: int) -> tuple[bool, Result | None]:
        """(True, the result a worker sent for the item at `index`), or (False, None) when the
        item is the caller's own (it is claimed for the caller now), or its worker failed on
        it (the caller then does it). The caller takes the items in their order."""
        worker = self._workers.get(self._claims.mine(index))
        if worker is None:
            return False, None
        sent = worker.result(index)
        return (False, None) if sent is None else (True, self._load(sent))

    def close(self) -> None:
        """End the workers (those still working are killed)."""
        for worker in self._workers.values():
            worker.close()


class _Worker:
    """One forked worker, seen from the caller: the results read from its pipe so far, by index."""

    def __init__(self, pid: int, pipe: IO[bytes]) -> None:
        self.pid = pid
        self._results: dict[int, bytes | None] = {}
        self._ended = False
        self._arrived = threading.Condition()
        self._reader = threading.Thread(target=self._read, args=(pipe,), name="rulesref-forked-results", daemon=True)
        self._reader.start()

    @classmethod
    def fork(cls, work: Callable[[Item], Result], items: Sequence[Item], claims: _Claims, number: int, dumps: Callable[[Result], bytes]) -> _Worker:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the worker: does what it claims, sends it, and ends without cleaning up the caller's things
            code = 0
            try:
                os.close(read_end)
                with os.fdopen(write_end, "wb") as out:
                    _work(work, items, claims, number, dumps, out)
            except BaseException:  # (the caller does what was not sent; exiting is all that is left)
                code = 1
            finally:
                os._exit(code)
        os.close(write_end)
        return cls(pid, os.fdopen(read_end, "rb"))

    def _read(self, pipe: IO[bytes]) -> None:
        with pipe:
            while True:
                head = pipe.read(_HEAD.size)
                if len(head) != _HEAD.size:
                    break
                index, size = _HEAD.unpack(head)
                sent = pipe.read(size) if size > 0 else b""
                with self._arrived:
                    self._results[index] = sent if size > 0 and len(sent) == size else None
                    self._arrived.notify_all()
                if size <= 0 or len(sent) != size:
                    break
        with self._arrived:
            self._ended = True
            self._arrived.notify_all()
        self._reap()

    def result(self, index: int) -> bytes | None:
        """The worker's result for the item at `index`, when it comes; None when it failed,
        or ended without sending it."""
        with self._arrived:
            self._arrived.wait_for(lambda: index in self._results or self._ended)
            return self._results.pop(index, None)

    def _reap(self) -> None:
        pid, self.pid = self.pid, 0
        if pid:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)

    def close(self) -> None:
        if self.pid and not self._ended:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
        self._reader.join()


def _work(work: Callable[[Item], Result], items: Sequence[Item], claims: _Claims, number: int, dumps: Callable[[Result], bytes], out: IO[bytes]) -> None:
    """In a worker: the items it claims, from the last, each result sent as it is made; after a
    failure, the empty result for that item, and no more."""
    while (index := claims.next(number)) is not None:
        try:
            sent = dumps(work(items[index]))
        except Exception:
            out.write(_HEAD.pack(index, len(_FAILED)))
            return
        out.write(_HEAD.pack(index, len(sent)) + sent)
        out.flush()  # (the caller may be waiting for it)
