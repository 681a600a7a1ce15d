"""What rulesref's caches share: where they live, the fingerprint that invalidates them, one
file format (a digest line, then the payload) read and written safely, and one lifecycle
(`Store`).

A cache is only ever a hint. It lives under `.rulesref-cache/` in the working folder (or
`$RULESREF_CACHE`; `RULESREF_CACHE=off` turns caching off), is safe to delete at any time and
is never committed. The digest comes first, so a truncated or edited file is detected and
ignored; a file is replaced atomically, and a cache that cannot be written is skipped.

Every cache file of values by key is a `Store`, and they all live alike: a run finds what
the last run saved, the values it uses (found or made) are what it saves, and the next run
finds those. It is the lifecycle of the in-process memo (`rulesref.incremental.memo`), on
disk, and the stores are that memo's backing store: what a process starts from cold.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, Generic, TypeVar

import rulesref
from rulesref.support.output import write_file_atomically


@cache
def fingerprint() -> str:
    """The rulesref version and the size and modification time of each of its source files:
    an edited rulesref never reads an old answer."""
    root = Path(rulesref.__file__).parent
    digest = hashlib.sha256(f"rulesref-cache\0{rulesref.__version__}".encode())
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".json") and path.is_file():
            info = path.stat()
            digest.update(f"\0{path.relative_to(root).as_posix()}\0{info.st_size}\0{info.st_mtime_ns}".encode())
    return digest.hexdigest()


def folder() -> Path | None:
    """Where the caches live, or None when caching is turned off."""
    chosen = os.environ.get("RULESREF_CACHE")
    if chosen is not None and chosen.strip().lower() in ("", "0", "off", "no", "false"):
        return None
    return Path(chosen) if chosen else Path.cwd() / ".rulesref-cache"


def read_payload(where: Path, name: str) -> bytes | None:
    """The payload of a cache file whose digest matches, or None (missing, unreadable, damaged)."""
    try:
        raw = (where / name).read_bytes()
    except OSError:
        return None
    digest, _, payload = raw.partition(b"\n")
    return payload if hashlib.sha256(payload).hexdigest().encode() == digest else None


def write_payload(where: Path, name: str, payload: bytes) -> None:
    """Replace a cache file atomically with the digest and the payload; skipped on failure."""
    try:
        where.mkdir(parents=True, exist_ok=True)
        ignore = where / ".gitignore"
        if not ignore.exists():
            ignore.write_text("*\n")
        write_file_atomically(where / name, hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
    except OSError:
        return


Value = TypeVar("Value")

# what reading a value of another shape raises (`marshal`, unpacking, a conversion)
SHAPE_ERRORS = (ValueError, TypeError, EOFError, AttributeError, KeyError, IndexError)


class Store(Generic[Value]):
    """One cache file of plain values by key, under a `stamp` (the format and everything the
    values depend on besides their keys: another stamp, and the file is no hint). Values are
    marshalled, so reading never runs code, and each is checked with `convert` as it is asked
    for (`get`): one of another shape is a miss. `where` None: caching is off, nothing is
    read or written. `former`: the file of an earlier format, removed when this one is saved."""

    def __init__(self, where: Path | None, name: str, stamp: str | tuple[str, ...], convert: Callable[[Any], Value], *, former: str | None = None) -> None:
        self.where, self.name, self.stamp, self.convert, self.former = where, name, stamp, convert, former
        self.found: dict[Any, Any] = self._read() if where is not None else {}
        self.used: dict[Any, Any] = {}  # what this run used, as it is saved

    def _read(self) -> dict[Any, Any]:
        assert self.where is not None
        payload = read_payload(self.where, self.name)
        if payload is None:
            return {}
        try:
            stamp, values = marshal.loads(payload)
        except SHAPE_ERRORS:
            return {}
        return values if stamp == self.stamp and isinstance(values, dict) else {}

    def get(self, key: Any) -> Value | None:
        """The value the last run kept under `key` (which this run then keeps too), or None."""
        raw = self.found.get(key)
        if raw is None:
            return None
        try:
            value = self.convert(raw)
        except SHAPE_ERRORS:
            return None
        self.used[key] = raw
        return value

    def values(self) -> dict[Any, Value] | None:
        """Every value found, converted, or None when one is of another shape (for a store
        whose values are read together); found values are used only as they are `put`."""
        try:
            return {key: self.convert(raw) for key, raw in self.found.items()}
        except SHAPE_ERRORS:
            return None

    def put(self, key: Any, raw: Any) -> None:
        """Keep `raw` (plain data, as `convert` reads it) under `key` for the next run."""
        self.used[key] = raw

    def save(self, *, keep_found: bool = False) -> None:
        """Write what this run used (with `keep_found`, what it found too: a run over part of
        the content, or values that never go stale); skipped when nothing changed."""
        kept = {**self.found, **self.used} if keep_found else self.used
        if self.where is None or kept == self.found:
            return
        write_payload(self.where, self.name, marshal.dumps((self.stamp, kept)))
        self.found = kept
        if self.former is not None:
            with contextlib.suppress(OSError):
                (self.where / self.former).unlink(missing_ok=True)
