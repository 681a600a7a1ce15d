"""A content-hash cache of what compiling an entry found: its problems, by the hash of its file.

Compiling an entry (analysing its checks, running its examples, proving them) depends on
that entry's file alone, so a second run can reuse the problems of every file whose bytes,
shown path and system are unchanged, and of the same rulesref (its version and the size and
time of every one of its source files: an edited rulesref never reads an old answer).

The cache is one JSON file in the caches' folder (`rulesref.support.cache_files`: where it lives, the
fingerprint, the digest-first format). JSON, not pickle, because reading a cache must never
run code; anything of the wrong shape is ignored: the cache is only ever a hint.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from rulesref.model import Entry
from rulesref.problems import Problem, as_row, from_row
from rulesref.support.cache_files import fingerprint, folder, read_payload, write_payload

FORMAT = "rulesref-compile-cache 1"
FILE_NAME = "compile.json"


def compile_fingerprint() -> str:
    """What a compile result depends on besides its file: this cache's format and rulesref."""
    return hashlib.sha256(f"{FORMAT}\0{fingerprint()}".encode()).hexdigest()


def entry_key(entry: Entry) -> str:
    """The key of an entry's compile results: its file's text, shown path and system (and those of
    the files it was composed from, and the units its Versus checks can aim at)."""
    digest = hashlib.sha256()
    for doc in (entry.where.doc, *entry.depends):  # a composed unit: the files of its rules and steps too
        digest.update(f"{doc.path}\0{entry.system}\0{doc.text}\0".encode())
    # and a Versus check's targets, which every unit of the system makes (a few dozen at most)
    digest.update(repr([check.targets for check in entry.checks if check.targets]).encode())
    return digest.hexdigest()


class CompileCache:
    """Problems by entry key; what this run used is what the next run finds."""

    def __init__(self, where: Path | None) -> None:
        self.where = where
        self.found: dict[str, list[Problem]] = self._read() if where is not None else {}
        self.used: dict[str, list[Problem]] = {}

    def _read(self) -> dict[str, list[Problem]]:
        assert self.where is not None
        payload = read_payload(self.where, FILE_NAME)
        if payload is None:
            return {}
        try:
            data = json.loads(payload)
            if not isinstance(data, dict) or data.get("fingerprint") != compile_fingerprint() or not isinstance(data.get("entries"), dict):
                return {}
            return {key: [from_row(p) for p in problems] for key, problems in data["entries"].items()}
        except (ValueError, TypeError, UnicodeDecodeError):
            return {}

    def get(self, key: str) -> list[Problem] | None:
        problems = self.found.get(key)
        if problems is not None:
            self.used[key] = problems
        return problems

    def put(self, key: str, problems: list[Problem]) -> None:
        self.used[key] = problems

    def save(self, *, partial: bool = False) -> None:
        """Write what this run used (atomically; a cache that cannot be written is skipped).
        A `partial` run (one over some systems: `rulesref.validate.check`) keeps what it
        found too: the rest of the content still needs it."""
        kept = {**self.found, **self.used} if partial else self.used
        if self.where is None or kept == self.found:
            return
        entries = {key: [as_row(p) for p in problems] for key, problems in sorted(kept.items())}
        payload = json.dumps({"fingerprint": compile_fingerprint(), "entries": entries}, separators=(",", ":")).encode()
        write_payload(self.where, FILE_NAME, payload)


def open_cache() -> CompileCache:
    return CompileCache(folder())
