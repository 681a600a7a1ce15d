"""What the last `rulesref validate` found, by system, kept on disk for the next one.

A warm `validate` after one edit should cost what the edit touched, not what the content
holds. Every check reads one file, or the files of one system, or, across systems, only
what links and `same_as` can learn of another system: the names its entries answer to
(with the parameters a link may give them), which entries exist, and which system ids
there are. So a system's problems are a function of its own files and of those facts of
the systems it reads, and each system is recorded here with:

- its files, each with its status (`lstat`, when old enough to trust: `rulesref.read.status`)
  and the key of its bytes (`rulesref.read.cache.file_key`);
- the problems of its files;
- the systems its checks read, the facts it lends others (a digest) and the system ids
  it adds to the content's.

The next run finds a system unchanged when its files are (by a trusted status, else by
their bytes), and then takes its problems from here. It checks the changed systems again,
together with the systems they read (whose problems it does not take from that run: their
own readers are not all there). A changed system whose facts came out as before is done;
one whose facts changed has its readers checked again too, and so on (early cutoff, as a
build system does). What could make this wrong makes the run check everything instead:
another rulesref, schema, setting, working folder or list of folders; a system removed
or added, or one whose ids changed; a file that could not be read.

The record is one file beside the load and compile caches, a `Store` as they are
(`rulesref.support.cache_files`): a digest first, marshal (never code), anything of another
shape ignored.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import NamedTuple

from rulesref.links import LinkIndex
from rulesref.model import Content, Entry
from rulesref.problems import ProblemRow, from_row
from rulesref.read.unchanged import Status
from rulesref.support.cache_files import Store

FORMAT = "rulesref-checked 2"  # 2: a `Store`
FILE_NAME = "checked.marshal"
UNREAD = ""  # the key of a file no run reads (its problem is its name or place)

FileState = tuple[str, Status | None, str | None]  # path as text, trusted status, key of its bytes (UNREAD, or None: unreadable)


class SystemRecord(NamedTuple):
    """One system folder as the last run found it."""

    files: tuple[FileState, ...]
    problems: tuple[ProblemRow, ...]
    reads: tuple[str, ...]  # the system ids its checks read
    facts: str  # a digest of what other systems' checks can learn of it
    ids: tuple[str, ...]  # the system ids it adds to the content's


def identity(files: tuple[FileState, ...]) -> tuple[tuple[str, str | None], ...]:
    """A system's files by what they hold: the path and the key of the bytes."""
    return tuple((path, key) for path, _, key in files)


def _target(entry: Entry) -> tuple[object, ...]:
    """What a link that resolves to `entry` can report of it."""
    return (entry.key, entry.name, entry.kind, tuple((p.name, p.type, p.min, p.max, p.values) for p in entry.params))


def facts(system: str, links: LinkIndex) -> str:
    """A digest of what other systems' checks read of `system` (`LinkIndex.lent`), each
    entry a link names by what a link can report of it."""
    lent = links.lent(system)
    digested = (
        tuple((name, _target(entry)) for name, entry in lent.names.items()),
        tuple((name, _target(entry)) for name, entry in lent.bases.items()),
        tuple(lent.known.items()),
        tuple(sorted(lent.unbuilt_bases)),
        lent.entries,
        lent.unbuilt,
    )
    return hashlib.sha256(repr(digested).encode()).hexdigest()


def reads(system: str, content: Content, links: LinkIndex) -> tuple[str, ...]:
    """The systems whose facts the checks of `system`'s entries read."""
    found: set[str] = set()
    for entry in content.entries_of(system):
        found |= links.systems_read(entry)
        found |= {key.partition(":")[0] for key in entry.same_as}
    found.discard(system)
    return tuple(sorted(found))


def ids(system: str, folder_file: str | None, content: Content, links: LinkIndex) -> tuple[str, ...]:
    """The system ids a folder adds to the content's: its system file's id, and its own name
    when an entry of it loaded or lent its names (`LinkIndex.systems`)."""
    found = {s.id for s in content.systems if s.where.doc.path == folder_file}
    if system in links.known:
        found.add(system)
    return tuple(sorted(found))


def _record_of(fields: object) -> SystemRecord:
    """A system's record as `CheckRecord.save_run` wrote it (raises ValueError or TypeError on
    anything of another shape: the record is only ever a hint)."""
    record = SystemRecord(*fields)  # type: ignore[misc]
    texts = (str, type(None))
    for item in record.files:
        path, status, key = item
        if not (isinstance(path, str) and isinstance(key, texts) and (status is None or (isinstance(status, tuple) and all(type(n) is int for n in status)))):
            raise ValueError("not a file's state")
    for row in record.problems:
        from_row(row)
    if not (isinstance(record.facts, str) and all(isinstance(i, str) for i in (*record.reads, *record.ids))):
        raise ValueError("not a system's facts")
    return record


class CheckRecord(Store[SystemRecord]):
    """The record of the last run with this fingerprint, by system folder; empty when there
    is none, when any of it is of another shape, or when caching is off (`where` None)."""

    def __init__(self, where: Path | None, fingerprint: str) -> None:
        super().__init__(where, FILE_NAME, (FORMAT, fingerprint), _record_of)
        self.systems: dict[str, SystemRecord] = self.values() or {}

    def save_run(self, systems: dict[str, SystemRecord]) -> None:
        """Replace the record with this run's (atomically; skipped when nothing changed or
        it cannot be written)."""
        for folder, record in systems.items():
            self.put(folder, tuple(record))
        self.save()
