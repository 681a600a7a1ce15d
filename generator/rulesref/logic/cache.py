"""A content-hash cache of what compiling an entry found: its problems, by the hash of its file.

Compiling an entry (analysing its checks, running its examples, proving them) depends on
that entry's file alone, so a second run can reuse the problems of every file whose bytes,
shown path and system are unchanged, and of the same rulesref (its version and the size and
time of every one of its source files: an edited rulesref never reads an old answer).

The cache is one JSON file under `.rulesref-cache/` in the working folder (or
`$RULESREF_CACHE`; `RULESREF_CACHE=off` turns it off). It is safe to delete at any time and
is never committed. JSON, not pickle, because reading a cache must never run code; a digest
of the payload comes first, so a truncated or edited file is detected and ignored, as is
anything of the wrong shape: the cache is only ever a hint.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import rulesref
from rulesref.model import Entry
from rulesref.problems import Problem

FORMAT = "rulesref-compile-cache 1"
FILE_NAME = "compile.json"


@cache
def fingerprint() -> str:
    """The rulesref version and the size and modification time of each of its source files."""
    root = Path(rulesref.__file__).parent
    digest = hashlib.sha256(f"{FORMAT}\0{rulesref.__version__}".encode())
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".json") and path.is_file():
            info = path.stat()
            digest.update(f"\0{path.relative_to(root).as_posix()}\0{info.st_size}\0{info.st_mtime_ns}".encode())
    return digest.hexdigest()


def folder() -> Path | None:
    """Where the cache lives, or None when it is turned off."""
    chosen = os.environ.get("RULESREF_CACHE")
    if chosen is not None and chosen.strip().lower() in ("", "0", "off", "no", "false"):
        return None
    return Path(chosen) if chosen else Path.cwd() / ".rulesref-cache"


def entry_key(entry: Entry) -> str:
    """The key of an entry's compile results: its file's text, shown path and system."""
    doc = entry.where.doc
    return hashlib.sha256(f"{doc.path}\0{entry.system}\0{doc.text}".encode()).hexdigest()


def _problem(item: Any) -> Problem:
    path, line, col, code, message, severity = item
    if not (isinstance(path, str) and type(line) is int and type(col) is int and isinstance(code, str) and isinstance(message, str)):
        raise ValueError("not a problem")
    if severity not in ("error", "warning"):
        raise ValueError("not a severity")
    return Problem(path, line, col, code, message, severity)


class CompileCache:
    """Problems by entry key; what this run used is what the next run finds."""

    def __init__(self, where: Path | None) -> None:
        self.where = where
        self.found: dict[str, list[Problem]] = self._read() if where is not None else {}
        self.used: dict[str, list[Problem]] = {}

    def _read(self) -> dict[str, list[Problem]]:
        assert self.where is not None
        try:
            raw = (self.where / FILE_NAME).read_bytes()
            digest, _, payload = raw.partition(b"\n")
            if hashlib.sha256(payload).hexdigest().encode() != digest:
                return {}
            data = json.loads(payload)
            if not isinstance(data, dict) or data.get("fingerprint") != fingerprint() or not isinstance(data.get("entries"), dict):
                return {}
            return {key: [_problem(p) for p in problems] for key, problems in data["entries"].items()}
        except (OSError, ValueError, TypeError, UnicodeDecodeError):
            return {}

    def get(self, key: str) -> list[Problem] | None:
        problems = self.found.get(key)
        if problems is not None:
            self.used[key] = problems
        return problems

    def put(self, key: str, problems: list[Problem]) -> None:
        self.used[key] = problems

    def save(self) -> None:
        """Write what this run used (atomically; a cache that cannot be written is skipped)."""
        if self.where is None or self.used == self.found:
            return
        entries = {key: [[p.path, p.line, p.col, p.code, p.message, p.severity] for p in problems] for key, problems in sorted(self.used.items())}
        payload = json.dumps({"fingerprint": fingerprint(), "entries": entries}, separators=(",", ":")).encode()
        try:
            self.where.mkdir(parents=True, exist_ok=True)
            ignore = self.where / ".gitignore"
            if not ignore.exists():
                ignore.write_text("*\n")
            handle, temporary = tempfile.mkstemp(dir=self.where, prefix=".compile-")
        except OSError:
            return
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
            os.replace(temporary, self.where / FILE_NAME)
        except OSError:
            Path(temporary).unlink(missing_ok=True)


def open_cache() -> CompileCache:
    return CompileCache(folder())
