"""What rulesref's caches share: where they live, the fingerprint that invalidates them, and
one file format (a digest line, then the payload) read and written safely.

A cache is only ever a hint. It lives under `.rulesref-cache/` in the working folder (or
`$RULESREF_CACHE`; `RULESREF_CACHE=off` turns caching off), is safe to delete at any time and
is never committed. The digest comes first, so a truncated or edited file is detected and
ignored; a file is replaced atomically, and a cache that cannot be written is skipped.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path

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
