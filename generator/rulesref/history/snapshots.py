"""Each entry file of a release as a reader compares it (`Snapshot`), read from its git blob
with the loader of the current content.

A release is permanent: once a tag exists, fixing the file does not change what every later
build reads. So an old release's files are read exactly as safely as the content now
(`rulesref.read.load`: its size limit, no anchors or aliases, no tags, nothing but plain
JSON data), and a file the loader refuses is kept as that refusal (`Refused`), which
`rulesref.history.changes` turns into one line naming the release and the file. An alias
cycle or an alias bomb in an old release is one refused file, never a hang.

The same blob gives the same snapshot, so each blob's fields (or its refusal) are kept by
blob id, in the process and on disk for the next run; only blobs not seen before are read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from rulesref.history.git import Repository
from rulesref.read.discover import SYSTEM_FILE_NAMES, TRANSLATIONS
from rulesref.read.load import load_read
from rulesref.support import cache_files


@dataclass(frozen=True)
class Snapshot:
    """An entry as one state of the content has it."""

    key: str
    path: str  # relative to the content folder
    kind: str
    name: str
    summary: str
    text: str | None
    params: str  # canonical JSON: compared as text, read back for diffs
    checks: str

    def params_data(self) -> dict[str, Any]:
        data = json.loads(self.params)
        return data if isinstance(data, dict) else {}

    def checks_data(self) -> dict[str, Any]:
        data = json.loads(self.checks)
        return data if isinstance(data, dict) else {}


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


Fields = tuple[str, str, str, str, "str | None", str, str]  # id, kind, name, summary, text, params, checks


class Refused(NamedTuple):
    """Why the loader refused a file: the place and words of its one problem."""

    line: int
    col: int
    message: str


Known = Fields | Refused | None  # what a blob is: an entry's fields, a refused file, or no entry


def fields_of(data: object) -> Fields | None:
    """What a snapshot holds of an entry file's loaded data, or None for what is no entry
    (an old release may hold files of shapes today's schema refuses)."""
    if not isinstance(data, dict) or not isinstance(data.get("id"), str):
        return None
    text = data.get("text")
    return (
        data["id"],
        _text(data.get("kind")),
        _text(data.get("name")),
        _text(data.get("summary")),
        text if isinstance(text, str) else None,
        json.dumps(data.get("params") or {}, sort_keys=True, ensure_ascii=False),
        json.dumps(data.get("checks") or {}, sort_keys=True, ensure_ascii=False),
    )


def snapshot(path: str, fields: Fields | None) -> Snapshot | None:
    """An entry file's snapshot where it is (`system/.../file.yml`); None for a system file,
    a file outside every system folder, a translation, or what is no entry."""
    system, _, rest = path.partition("/")
    if fields is None or not rest or Path(path).name in SYSTEM_FILE_NAMES or rest.startswith(f"{TRANSLATIONS}/"):
        return None
    entry_id, kind, name, summary, text, params, checks = fields
    return Snapshot(f"{system}:{entry_id}", path, kind, name, summary, text, params, checks)


def read_blob(data: bytes, path: str) -> Known:
    """A blob's fields, read as the content now is read; its refusal when the loader refuses it."""
    doc, problems = load_read(data, path)
    if doc is None:
        problem = problems[0]
        return Refused(problem.line, problem.col, problem.message)
    return fields_of(doc.data)


def _known(value: object) -> Known:
    """A blob's value as the store keeps it (raises on another shape): fields (7 values), a
    refusal (line, column, message) or None."""
    if value is None or (isinstance(value, tuple) and len(value) == 7):
        return value
    if isinstance(value, tuple) and len(value) == 3 and isinstance(value[0], int) and isinstance(value[1], int) and isinstance(value[2], str):
        return Refused(*value)
    raise ValueError("not a blob's fields")


class Snapshots:
    """Each blob's fields or refusal, for one reading of the releases: those the store on
    disk kept (a blob never changes, so the store keeps every blob it found), and those read
    since. A long-lived process keeps the releases' steps, not this (`read_history`'s memo
    stage), so a reading starts from the store, as a cold run does."""

    FILE = "history-snapshots"
    FORMAT = "rulesref-history 2"  # 2: read with the content's loader (1 parsed with PyYAML's)

    def __init__(self) -> None:
        self.store = cache_files.Store(cache_files.folder(), self.FILE, (self.FORMAT, cache_files.fingerprint()), _known)
        self.known: dict[str, Known] = self.store.values() or {}

    def of(self, repository: Repository, files: dict[str, str]) -> tuple[dict[str, Snapshot], tuple[str, Refused] | None]:
        """The entries the content files `files` (path -> blob id) name, and the first file
        (by path) that the loader refuses, with why, or None."""
        store = self.store
        paths = {blob: path for path, blob in sorted(files.items(), reverse=True)}  # (a blob's first path names it)
        missing = sorted(blob for blob in paths if blob not in self.known)
        for blob, data in repository.blobs(missing).items():
            self.known[blob] = read_blob(data, paths[blob])
            known = self.known[blob]
            store.put(blob, None if known is None else tuple(known))
        found: dict[str, Snapshot] = {}
        refused: tuple[str, Refused] | None = None
        for path, blob in sorted(files.items()):
            known = self.known.get(blob)
            if isinstance(known, Refused):
                refused = refused or (path, known)
                continue
            shot = snapshot(path, known)
            if shot is not None:
                found.setdefault(shot.key, shot)  # (a duplicated id: the first file, as validation reports)
        return found, refused

    def save(self) -> None:
        self.store.save(keep_found=True)
