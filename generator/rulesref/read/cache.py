"""A content-hash cache of the plain data of every clean file, so a second run parses only
what changed.

Parsing YAML is most of a warm `validate` once compile results come from the compile cache.
A file that loaded and passed its schema without a problem is recorded here as the plain
data it parsed to, keyed by its bytes, shown path and system; the next run with the same
bytes skips both parsing and the schema check, and rebuilds its `Document` from that data
and the file's text. The spans of such a document are found again by parsing its text only
if something asks for a position, so the problems are exactly those of a run without the
cache. A file with any problem is never recorded: it is parsed and checked every time.

A clean file's key is also kept by the file's status when that status can be trusted
(`rulesref.read.unchanged.trusted_status`: the same regular file, size and times to the
nanosecond, old enough that a second write could not keep them, as git's index has it): a
run that finds the same status takes the file's text and data from here and does not read
the file at all, which at 10,000 files is most of what a warm run's loading cost.

The cache is one file beside the compile cache, under the same rules (`rulesref.support.cache_files`): keyed also by the
rulesref fingerprint, the JSON Schemas' bytes and the Python version (marshal's format), a
digest of the payload first so a truncated or edited file is ignored, and anything of the
wrong shape ignored. marshal, not pickle: loading it builds only dicts, lists, strings and
numbers and never runs code; it is much faster to read than JSON at 10,000 files.
"""

from __future__ import annotations

import hashlib
import marshal
import sys
from functools import cache
from pathlib import Path
from typing import Any

from rulesref.read.load import Document, Span
from rulesref.support.cache_files import fingerprint, folder, read_payload, write_payload
from rulesref.support.schemas import schema_dir

FORMAT = "rulesref-load-cache 3"  # 2: each file's data with the spans of its top-level keys; 3: its text, and clean files' keys by status
FILE_NAME = "loads.marshal"


@cache
def load_fingerprint() -> str:
    """The rulesref fingerprint, the bytes of every JSON Schema and the Python version."""
    digest = hashlib.sha256(f"{FORMAT}\0{fingerprint()}\0{sys.version}".encode())
    for path in sorted(schema_dir().glob("*.json")):
        digest.update(f"\0{path.name}\0".encode() + path.read_bytes())
    return digest.hexdigest()


def file_key(raw: bytes, display: str, system_id: str) -> str:
    """The key of one file: its bytes, shown path and system ("" for a system file)."""
    return hashlib.sha256(f"{display}\0{system_id}\0".encode() + raw).hexdigest()


FileId = tuple[str, str, str]  # a file as a run finds it: its path as text, as shown, its system
Status = tuple[int, int, int, int, int, int]  # `rulesref.read.unchanged.trusted_status`


class LoadCache:
    """Plain data of clean files by file key, and the key of each clean file by its trusted
    status; what this run used is what the next run finds."""

    def __init__(self, where: Path | None) -> None:
        self.where = where
        # each file's data stays marshalled until asked for: what is saved is never an object
        # a run could have changed
        self.found, self.statuses = self._read() if where is not None else ({}, {})
        self.used: dict[str, bytes] = {}
        self.seen: dict[FileId, tuple[Status, str]] = {}
        self.added = False

    def _read(self) -> tuple[dict[str, bytes], dict[FileId, tuple[Status, str]]]:
        assert self.where is not None
        payload = read_payload(self.where, FILE_NAME)
        if payload is None:
            return {}, {}
        try:
            data = marshal.loads(payload)
            if not (isinstance(data, tuple) and len(data) == 3 and data[0] == load_fingerprint() and isinstance(data[1], dict) and isinstance(data[2], dict)):
                return {}, {}
            files: dict[str, bytes] = data[1]
            if not all(isinstance(key, str) and isinstance(value, bytes) for key, value in files.items()):
                return {}, {}
            statuses: dict[FileId, tuple[Status, str]] = {}
            for file, known in data[2].items():
                if not (isinstance(file, tuple) and len(file) == 3 and isinstance(known, tuple) and len(known) == 2 and known[1] in files):
                    return files, {}
                status, key = known
                if not (isinstance(status, tuple) and len(status) == 6 and all(type(x) is int for x in status)):
                    return files, {}
                statuses[file] = (status, key)
            return files, statuses
        except (ValueError, TypeError, EOFError):
            return {}, {}

    def by_status(self, file: FileId, status: Status | None) -> str | None:
        """The key of a clean file whose trusted status is the one it had when a run read it
        (so its bytes are the ones that key was made of, as git's index has it), or None."""
        known = self.statuses.get(file) if status is not None else None
        return known[1] if known is not None and known[0] == status else None

    def get(self, key: str) -> tuple[dict[str, Any], dict[str, tuple[Span, Span]], str] | None:
        """The data a clean file with this key parsed to, with the spans of its top-level
        keys and values and its text, or None."""
        packed = self.found.get(key)
        if packed is None:
            return None
        try:
            data, spans, text = unpack(packed)
        except (ValueError, TypeError, EOFError, AttributeError):  # anything of another shape is no hint
            return None
        if not isinstance(data, dict) or not isinstance(text, str):
            return None
        self.used[key] = packed
        return data, spans, text

    def put(self, key: str, doc: Document) -> None:
        """Record a file that loaded and passed its schema without a problem."""
        if self.where is None:  # nowhere to save it: a cache turned off, or a run of `serve` after its first
            return
        self.used[key] = pack(doc)
        self.added = True

    def saw(self, file: FileId, status: Status | None, key: str) -> None:
        """Record the trusted status (if any) of a clean file this run found under `key`."""
        if self.where is not None and status is not None:
            self.seen[file] = (status, key)

    def save(self) -> None:
        """Write what this run used (atomically; a cache that cannot be written is skipped)."""
        if self.where is None or (not self.added and len(self.used) == len(self.found) and self.seen == self.statuses):
            return
        statuses = {file: known for file, known in self.seen.items() if known[1] in self.used}
        write_payload(self.where, FILE_NAME, marshal.dumps((load_fingerprint(), self.used, statuses)))


def pack(doc: Document) -> bytes:
    """A clean document's data, the spans of its top-level keys and values and its text,
    marshalled: all a `Document` needs (what the cache keeps, and what a worker is sent)."""
    top = {k: (tuple(key_span), tuple(value_span)) for k, (key_span, value_span) in doc.top_spans().items()}
    return marshal.dumps((doc.data, top, doc.text))


def unpack(packed: bytes) -> tuple[Any, dict[str, tuple[Span, Span]], Any]:
    """`pack`'s data, top-level spans and text (raises ValueError, TypeError, EOFError or
    AttributeError on bytes of another shape)."""
    data, top, text = marshal.loads(packed)
    return data, {k: (Span(*key_span), Span(*value_span)) for k, (key_span, value_span) in top.items()}, text


def open_load_cache() -> LoadCache:
    return LoadCache(folder())
