"""A content-hash cache of what compiling an entry found: its problems, by the hash of its file.

Compiling an entry (analysing its checks, running its examples, proving them) depends on
that entry's file alone, so a second run can reuse the problems of every file whose bytes,
shown path and system are unchanged, and of the same rulesref (its version and the size and
time of every one of its source files: an edited rulesref never reads an old answer).

The cache is one file in the caches' folder, a `Store` (`rulesref.support.cache_files`: where
it lives, the fingerprint, the digest-first format, marshal so that reading never runs code);
anything of the wrong shape is ignored: the cache is only ever a hint.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from rulesref.model import Entry
from rulesref.problems import Problem, ProblemRow, as_row, from_row
from rulesref.support.cache_files import Store, fingerprint, folder

FORMAT = "rulesref-compile-cache 2"  # 2: marshalled, a `Store`
FILE_NAME = "compile.marshal"
FORMER = "compile.json"  # format 1's file


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


def _problems(rows: list[ProblemRow]) -> list[Problem]:
    return [from_row(row) for row in rows]


class CompileCache(Store[list[Problem]]):
    """Problems by entry key; what this run used is what the next run finds."""

    def __init__(self, where: Path | None) -> None:
        super().__init__(where, FILE_NAME, compile_fingerprint(), _problems, former=FORMER)

    def keep(self, key: str, problems: list[Problem]) -> None:
        self.put(key, [as_row(p) for p in problems])


def open_cache() -> CompileCache:
    return CompileCache(folder())
