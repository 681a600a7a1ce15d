"""The compile stage over the whole content: cached, and on every core when it is worth it.

Compiling an entry depends only on the files its key names (`rulesref.logic.cache.entry_key`):
its own file, and for a composed unit the files of the rules and steps it was composed
from and the units its Versus checks aim at. So the stage can (1) take an entry's problems
from the content-hash cache when those files are unchanged, and (2) compile the other
entries in worker processes. Workers are forked after
loading, so they read the content already in memory and send back problems only (compiled
checks hold the functions of one process and stay in it). Whatever runs where, each entry's
problems are the same and land in the same place, and the build sorts them: a parallel run
reports exactly what a serial run does (a test compares them).

Writers (generate, build) need every entry's compiled checks in this process; the command
`validate` needs only the problems, and then an unchanged entry costs nothing at all, and
the entries are compiled in a worker while the rest of the content loads (`Ahead`). A
long-lived process (`serve`) also keeps its compiled entries in its memo, by that key, so a
save recompiles only the entries whose files (or whose rules' and steps' files) changed.
"""

from __future__ import annotations

import multiprocessing
import pickle
import threading
from collections import deque
from collections.abc import Iterator
from typing import Any

from rulesref.config import Settings
from rulesref.from_documents import build_entry
from rulesref.incremental.memo import FRESH, Memo
from rulesref.logic.alike import CompiledAlike
from rulesref.logic.cache import CompileCache, entry_key
from rulesref.logic.check import compile_entry
from rulesref.logic.compiled import CompiledEntry
from rulesref.model import Content, Entry
from rulesref.problems import Problem
from rulesref.read.cache import pack, unpack
from rulesref.read.load import Document
from rulesref.support.forked import jobs

MIN_PARALLEL_CHECKS = 150  # below this, starting workers costs more than it saves

COMPILED = "compiled"  # the memo's stage: (entry key, odds) -> compiled entry and problems, by the file's digest

# what forked workers compile: set just before the pool starts, read by the workers
_WORK: tuple[list[Entry], Settings] | None = None


def _problems_of(indices: list[int]) -> list[list[Problem]]:
    assert _WORK is not None
    entries, settings = _WORK
    return [compile_entry(entries[i], settings)[1] for i in indices]


def _chunks(entries: list[Entry], count: int) -> Iterator[list[int]]:
    """About `count` runs of consecutive entries with about as many checks each."""
    total = sum(len(e.checks) for e in entries)
    share, chunk, weight = total / count, [], 0
    for i, entry in enumerate(entries):
        chunk.append(i)
        weight += len(entry.checks)
        if weight >= share:
            yield chunk
            chunk, weight = [], 0
    if chunk:
        yield chunk


def in_workers(entries: list[Entry], settings: Settings, workers: int) -> list[list[Problem]]:
    """The problems of `entries`, in their order, compiled in a pool of `workers` processes."""
    global _WORK
    _WORK = (entries, settings)
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            parts = pool.map(_problems_of, list(_chunks(entries, workers * 4)))
    finally:
        _WORK = None
    return [problems for part in parts for problems in part]


Sent = tuple[str, str, str, bytes]  # an entry as a worker is sent it: its file's shown path, its system, its text, its data packed
# a chunk of entries as a worker is sent it: each as its file, or None for the next of the
# entries pickled whole
Chunk = tuple[list[Sent | None], bytes]


def _problems_of_sent(chunk: Chunk, settings: Settings) -> list[list[Problem]]:
    """The problems of a chunk's entries, in its order."""
    files, pickled = chunk
    whole = iter(pickle.loads(pickled))  # made by this process's parent, from its own content
    problems = []
    for sent in files:
        if sent is None:
            entry = next(whole)
        else:
            path, system, text, packed = sent
            data, top = unpack(packed)
            entry = build_entry(Document(path=path, data=data, text=text, _top=top), system)
        problems.append(compile_entry(entry, settings)[1])
    return problems


class Ahead:
    """Entries' problems compiled in worker processes while the rest of the content loads.

    Where only problems are wanted (`validate`), loading the files keeps one core busy and
    the compile stage waited for it: here each entry with checks that the cache does not know
    is queued to compile as soon as its system is loaded and composed (in chunks, as its
    file, since the workers were forked before it was loaded; a unit composing changed is
    sent whole), so both stages share the cores. The workers are fed a chunk or two at a
    time, as each finishes, and when this process has loaded everything it takes the chunks
    not yet sent and compiles them itself, so the cores end together. Compiling an entry
    reads that entry only, so its problems are the same wherever it is compiled. Nothing is
    forked until enough checks are waiting (`MIN_PARALLEL_CHECKS`), so small content stays in
    one process."""

    CHUNK_CHECKS = 60  # checks per chunk: small enough that the last chunk is soon done
    IN_FLIGHT = 2  # chunks sent per worker and not yet done: one compiling, one ready for it

    def __init__(self, settings: Settings, cache: CompileCache, *, problems_only: bool) -> None:
        self.settings, self.cache = settings, cache
        # one core stays with this process, which goes on loading (the writers compile every entry here anyway)
        self.workers = jobs() - 1 if problems_only else 0
        self._pool: Any = None
        self._waiting: list[tuple[str, Entry, bool]] = []
        self._weight = 0  # checks waiting
        self._lock = threading.Lock()  # the queue and the results, shared with the pool's result thread
        self._queued: deque[tuple[list[str], list[Entry], Chunk]] = deque()  # chunks not sent yet
        self._in_flight = 0
        self._sent: list[tuple[list[str], Any]] = []
        self._collected = False

    def add(self, entry: Entry, *, whole: bool = False) -> None:
        """An entry as it will be compiled: queued to compile if it has checks the cache does
        not know. `whole`: an entry that is more than its file (composing added checks that
        read other files), sent as itself."""
        if self.workers < 1 or not entry.checks:
            return
        key = entry_key(entry)
        if self.cache.get(key) is not None:
            return
        self._waiting.append((key, entry, whole))
        self._weight += len(entry.checks)
        if self._pool is None and self._weight < MIN_PARALLEL_CHECKS:
            return
        if self._pool is None:
            self._pool = multiprocessing.get_context("fork").Pool(self.workers)
        if self._weight >= self.CHUNK_CHECKS:
            self.queue()

    def queue(self) -> list[tuple[str, bool]]:
        """The entries waiting, as one chunk for a worker: each one's entry key, and whether
        it is sent whole (pickled) rather than as its file."""
        queued = [(e.key, whole) for _, e, whole in self._waiting]
        keys = [k for k, _, _ in self._waiting]
        entries = [e for _, e, _ in self._waiting]
        # an entry is sent as its file (its data marshalled, as the load cache keeps it) and
        # built again there: much cheaper to send than the model. A composed entry is
        # pickled whole, all of a chunk's in one pickle, so the documents they share go once.
        # Both are made here, so nothing this process goes on working out lazily in an entry
        # is read by the pool's threads.
        files: list[Sent | None] = [None if whole else (e.where.doc.path, e.system, e.where.doc.text, pack(e.where.doc)) for _, e, whole in self._waiting]
        sent = (files, pickle.dumps([e for _, e, whole in self._waiting if whole], protocol=pickle.HIGHEST_PROTOCOL))
        self._waiting, self._weight = [], 0
        with self._lock:
            self._queued.append((keys, entries, sent))
        self._feed()
        return queued

    def _feed(self) -> None:
        """Send queued chunks while the workers have fewer than `IN_FLIGHT` each (called here,
        and from the pool's result thread as each chunk is done)."""
        with self._lock:
            while self._queued and self._pool is not None and self._in_flight < self.IN_FLIGHT * self.workers:
                keys, _, sent = self._queued.popleft()
                self._in_flight += 1
                result = self._pool.apply_async(_problems_of_sent, (sent, self.settings), callback=self._done, error_callback=self._done)
                self._sent.append((keys, result))

    def _done(self, _: object) -> None:
        with self._lock:
            self._in_flight -= 1
        self._feed()

    @property
    def working(self) -> bool:
        """Whether workers were started (and are compiling what was queued)."""
        return self._pool is not None

    def keys(self) -> frozenset[str]:
        """The entry keys taken (`problems` has their problems)."""
        if self._pool is None:
            return frozenset()
        with self._lock:
            taken = {k for keys, _ in self._sent for k in keys} | {k for keys, _, _ in self._queued for k in keys}
        return frozenset(taken | {k for k, _, _ in self._waiting})

    def problems(self) -> dict[str, list[Problem]]:
        """The problems of every entry taken, by entry key (none when no worker was started):
        the chunks no worker has started are compiled here meanwhile."""
        if self._pool is None:
            return {}
        if self._waiting:
            self.queue()
        found: dict[str, list[Problem]] = {}
        while True:
            with self._lock:
                if not self._queued:
                    break
                keys, entries, _ = self._queued.pop()  # from the end: the workers take from the front
            for key, entry in zip(keys, entries, strict=True):
                found[key] = compile_entry(entry, self.settings)[1]
        with self._lock:  # nothing is sent any more: the queue is empty
            sent = list(self._sent)
        for keys, result in sent:
            found.update(zip(keys, result.get(), strict=True))
        self._collected = True
        self.close()
        return found

    def __enter__(self) -> Ahead:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the workers (their work is done, or no longer wanted)."""
        with self._lock:  # (a chunk finishing now sends nothing more)
            pool, self._pool = self._pool, None
        if pool is not None:
            if self._sent and not self._collected:
                pool.terminate()  # a run that stopped early: its results are not wanted
            else:
                pool.close()
            pool.join()


def compile_content(
    content: Content,
    settings: Settings,
    cache: CompileCache,
    *,
    odds: bool = False,
    keep: bool = True,
    memo: Memo = FRESH,
    ahead: Ahead | None = None,
) -> tuple[dict[str, CompiledEntry], list[Problem]]:
    """Every entry with checks: its problems, and (with `keep`) its compiled checks. With a
    long-lived process's `memo`, entries compiled by an earlier run from the same file are
    taken from it; entries `ahead` took while the content loaded come from its workers."""
    if memo.keeps:
        return _with_memo(content, settings, cache, odds, memo)
    entries = [e for e in content.entries if e.checks]
    keys = [entry_key(e) for e in entries]
    taken = ahead.keys() if ahead is not None else frozenset()
    known = [cache.get(k) if k not in taken else None for k in keys]
    misses = [e for e, k, found in zip(entries, keys, known, strict=True) if found is None and k not in taken]
    workers = jobs()
    pooled: dict[str, list[Problem]] = {}
    # with `keep`, this process compiles every entry anyway and workers would only take the
    # proofs off it, which cost less than forking: they pay where only problems are wanted
    if not keep and ahead is not None and ahead.working:
        # `ahead` took every entry as it is compiled (composed ones too), so this is what it
        # could not: compiled here, and then what is left of its queue: both cores stay
        # busy, and nothing more is forked (a second pool cost more CPU than it saved)
        pooled = {e.key: compile_entry(e, settings)[1] for e in misses}
    elif not keep and workers > 1 and sum(len(e.checks) for e in misses) >= MIN_PARALLEL_CHECKS:
        pooled = dict(zip((e.key for e in misses), in_workers(misses, settings, workers), strict=True))
    early = ahead.problems() if ahead is not None else {}
    compiled: dict[str, CompiledEntry] = {}
    problems: list[Problem] = []
    alike = CompiledAlike()  # entries whose checks compute the same, compiled once
    for entry, key, found in zip(entries, keys, known, strict=True):
        cached = found is not None  # (`cache.get` kept it for the next run already)
        if found is None:
            found = early.get(key, pooled.get(entry.key))
        if (twin := alike.take(entry)) is not None:
            compiled[entry.key], found = twin, found if found is not None else []
        elif keep or found is None:
            result, fresh = compile_entry(entry, settings, odds=odds, proofs=found is None)
            alike.keep(result, [*fresh, *(found or [])])
            if result is not None:
                compiled[entry.key] = result
            if found is None:
                found = fresh
        if not cached:
            cache.keep(key, found)
        problems += found
    return compiled, problems


def _with_memo(content: Content, settings: Settings, cache: CompileCache, odds: bool, memo: Memo) -> tuple[dict[str, CompiledEntry], list[Problem]]:
    compiled: dict[str, CompiledEntry] = {}
    problems: list[Problem] = []
    alike = CompiledAlike()  # (as in `compile_content`)
    for entry in content.entries:
        if entry.checks:
            digest = entry_key(entry)
            result, found = memo.get(COMPILED, (entry.key, odds), digest, lambda e=entry, d=digest: _compile_one(e, settings, cache, d, odds, alike))  # type: ignore[misc]
            if result is not None:
                compiled[entry.key] = result
            problems += found
    return compiled, problems


def _compile_one(entry: Entry, settings: Settings, cache: CompileCache, key: str, odds: bool, alike: CompiledAlike) -> tuple[CompiledEntry | None, list[Problem]]:
    if (twin := alike.take(entry)) is not None:
        return twin, []
    known = cache.get(key)  # (kept for the next run too, when found)
    result, found = compile_entry(entry, settings, odds=odds, proofs=known is None)
    if known is None:
        cache.keep(key, found)
    alike.keep(result, [*found, *(known or [])])
    return result, known if known is not None else found
