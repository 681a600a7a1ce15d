"""Entry files parsed ahead, on the other cores, while a run walks them in order.

Parsing YAML is about half of validating a big content folder with nothing cached (the
40K import: 1.9 of 3.9 s), and a build or `serve` does it before anything else, on one
core. Here forked workers (`rulesref.support.forked.Shared`) take the entry files from the
last while the run takes them from the first. A worker does for a file what the load cache
(`rulesref.read.cache`) remembers between runs: it reads the bytes, parses them and checks
them against the entry schema, and sends back the plain data of a clean file, marshalled,
under its file key. The run finds that in its load cache as if an earlier run had kept it:
nothing else changes, because the run still reads every file itself and looks it up by the
key of the bytes it read. A file with any problem, one the cache already knows, and one
that changed between the two reads are parsed by the run, as before.

Small content is not shared out (`MIN_FILES`): forking costs more than it saves.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rulesref.read.cache import LoadCache, LoadShard, file_key, pack
from rulesref.read.discover import ContentFiles, display_path
from rulesref.read.load import Document, load_read, read_file
from rulesref.support.forked import Shared

MIN_FILES = 1000  # entry files: below this, one process parses them sooner
_NOTHING = b"-"  # a worker's answer for a file the run parses itself (an empty answer would mean it failed)


@dataclass(frozen=True)
class _File:
    path: Path
    display: str
    system_id: str
    root: Path  # the content folder no file may lead out of
    shard: LoadShard
    clean: Callable[[Document], bool]  # whether a parsed entry passes its schema


class ParsedAhead:
    """The entry files of a run, in its order, parsed ahead by forked workers (`start`); the
    run says when it reaches each (`reached`), in that order."""

    def __init__(self, shared: Shared[_File, bytes] | None, files: list[_File]) -> None:
        self._shared = shared
        self._files = files
        self._at = -1

    @classmethod
    def start(cls, files: ContentFiles, loads: LoadCache, cwd: str, processes: int, clean: Callable[[Document], bool]) -> ParsedAhead:
        """Fork the workers (`processes` in all, this one included) for every entry file of
        the system folders of `files`, in the order the run reads them; none for small content.
        `clean`: whether a parsed entry passes its schema (the run's own check)."""
        items = [
            _File(path, display_path(path, cwd), folder.path.name, folder.path.parent, loads.shard(str(folder.path)), clean)
            for folder in files.systems
            for path in folder.entry_files
        ]
        shared = Shared.start(_parsed, items, processes, dumps=lambda sent: sent, load=lambda sent: sent) if len(items) >= MIN_FILES else None
        return cls(shared, items)

    def reached(self, path: Path) -> None:
        """The run is at its next entry file, `path`: what a worker parsed of it, if anything,
        goes into the file's load cache, before the run looks it up there."""
        self._at += 1
        file = self._files[self._at]
        assert file.path == path, "the entry files are reached in the order they were shared out"
        if self._shared is None:
            return
        taken, sent = self._shared.take(self._at)
        if taken and sent is not None and sent != _NOTHING:
            key, packed = marshal.loads(sent)
            file.shard.lend(key, packed)

    def __enter__(self) -> ParsedAhead:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._shared is not None:
            self._shared.close()


def _parsed(file: _File) -> bytes:
    """In a worker: a clean file's key and packed data (`read.cache.pack`), or `_NOTHING`."""
    raw, _ = read_file(file.path, file.display, root=file.root)
    if raw is None:
        return _NOTHING
    key = file_key(raw, file.display, file.system_id)
    if file.shard.has(key):
        return _NOTHING
    doc, found = load_read(raw, file.display)
    if doc is None or found or not file.clean(doc):
        return _NOTHING
    return marshal.dumps((key, pack(doc)))
