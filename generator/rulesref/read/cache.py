"""A content-hash cache of the plain data of every clean file, so a second run parses only
what changed.

Parsing YAML is most of a warm `validate` once compile results come from the compile cache.
A file that loaded and passed its schema without a problem is recorded here as the plain
data it parsed to, keyed by its bytes, shown path and system; the next run with the same
bytes skips both parsing and the schema check, and rebuilds its `Document` from that data
and the file's text. The spans of such a document are found again by parsing its text only
if something asks for a position, so the problems are exactly those of a run without the
cache. A file with any problem is never recorded: it is parsed and checked every time.

The cache is one file per system folder (a run over some systems, `rulesref.validate.check`,
reads and writes only theirs), in a folder beside the compile cache and under the same rules
(`rulesref.support.cache_files`): keyed also by the
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
from rulesref.support.cache_files import SHAPE_ERRORS, Store, fingerprint, folder
from rulesref.support.schemas import schema_dir

FORMAT = "rulesref-load-cache 3"  # 2: each file's data with the spans of its top-level keys; 3: a file per system folder
FOLDER = "loads"
SUFFIX = ".marshal"
FORMER = "loads.marshal"  # the one file of format 2, removed when a run prunes


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


class LoadCache:
    """The load caches of a run, one per system folder (`shard`), each read when first asked."""

    def __init__(self, where: Path | None) -> None:
        self.where = where
        self._shards: dict[str, LoadShard] = {}

    def shard(self, folder: str) -> LoadShard:
        """The cache of one system folder's files (`folder`: its path as text)."""
        found = self._shards.get(folder)
        if found is None:
            name = hashlib.sha256(folder.encode("utf-8", "surrogateescape")).hexdigest()[:32] + SUFFIX
            found = self._shards[folder] = LoadShard(None if self.where is None else self.where / FOLDER, name)
        return found

    def save(self, *, prune: bool) -> None:
        """Write what each folder's files used; with `prune` (a run over all the content),
        remove the files of folders this run did not see."""
        for shard in self._shards.values():
            shard.save()
        if prune and self.where is not None:
            kept = {shard.name for shard in self._shards.values()}
            try:
                stale = [p for p in (self.where / FOLDER).glob(f"*{SUFFIX}") if p.name not in kept]
                stale += [self.where / FORMER] if (self.where / FORMER).exists() else []
                for path in stale:
                    path.unlink(missing_ok=True)
            except OSError:  # a cache that cannot be tidied is left as it is
                return


Loaded = tuple[dict[str, Any], dict[str, tuple[Span, Span]]]  # a clean file's data, and the spans of its top-level keys and values


def _loaded(packed: bytes) -> Loaded:
    """A kept file's data (raises on bytes of another shape: `SHAPE_ERRORS`)."""
    data, spans = unpack(packed)
    if not isinstance(data, dict):
        raise ValueError("not a mapping")
    return data, spans


class LoadShard(Store[Loaded]):
    """Plain data of one folder's clean files by file key (each file's data stays marshalled
    until asked for: what is saved is never an object a run could have changed)."""

    def __init__(self, where: Path | None, name: str) -> None:
        super().__init__(where, name, load_fingerprint(), _loaded)
        self.lent: dict[str, bytes] = {}  # packed by another process of this run (`rulesref.read.ahead`)

    def keep(self, key: str, doc: Document) -> None:
        """Record a file that loaded and passed its schema without a problem."""
        if self.where is not None:  # else nowhere to save it: a cache turned off, or a run of `serve` after its first
            self.put(key, pack(doc))

    def has(self, key: str) -> bool:
        """Whether the last run kept the file of `key`."""
        return key in self.found

    def lend(self, key: str, packed: bytes) -> None:
        """A clean file's data as another process of this run parsed and checked it (`pack`):
        `get` finds it as if the last run had kept it, and it is kept like a file this run
        parsed itself."""
        self.lent[key] = packed

    def get(self, key: str) -> Loaded | None:
        found = super().get(key)
        packed = self.lent.pop(key, None) if found is None else None
        if packed is None:
            return found
        try:
            value = self.convert(packed)
        except SHAPE_ERRORS:
            return None
        if self.where is not None:
            self.put(key, packed)
        return value


def pack(doc: Document) -> bytes:
    """A clean document's data and the spans of its top-level keys and values, marshalled:
    with its text, all a `Document` needs (what the cache keeps, and what a worker is sent)."""
    top = {k: (tuple(key_span), tuple(value_span)) for k, (key_span, value_span) in doc.top_spans().items()}
    return marshal.dumps((doc.data, top))


def unpack(packed: bytes) -> tuple[Any, dict[str, tuple[Span, Span]]]:
    """`pack`'s data and top-level spans (raises ValueError, TypeError, EOFError or
    AttributeError on bytes of another shape)."""
    data, top = marshal.loads(packed)
    return data, {k: (Span(*key_span), Span(*value_span)) for k, (key_span, value_span) in top.items()}


def open_load_cache() -> LoadCache:
    return LoadCache(folder())
