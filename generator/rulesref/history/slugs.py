"""Each release's folder in the site and its file in the JSON API: one per release, always.

A release is a git tag, and a tag's name may hold almost anything (`1+0`, `V1`, `faq/2026`,
`index`). Its slug names its Changes page (`changes/<slug>/`) and its API file
(`api/releases/<slug>.json`), so two releases must never share one, and no release may take
the name of a page the site keeps for itself (the list of releases is `api/releases/
index.json`; `changes/unreleased/` shows what is not released yet).

- A plain name (lower-case ASCII letters and digits, `.` and `-` between them) that is not
  reserved is its own slug: `1.2`, `v1.0`, `2026-faq`.
- Any other name is written as plainly as it reads, then `_` and 8 hex digits of its
  SHA-256: `1+0` is `1-0_<hash>`, beside a `1-0` that is `1-0`. No plain slug holds a `_`,
  so the two kinds never meet; and where two names still share a slug (a collision of the
  hash, found on purpose), the later release takes the whole hash.

Upper case is never kept: `V1` and `v1` are one folder on the file systems of Windows and
macOS. The names reserved are the site's own (`RESERVED`) and the names Windows keeps for
devices (`con`, `nul.json`...), which no site built there could write.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable

UNRELEASED = "unreleased"  # the slug of the changes not released yet
INDEX = "index"  # `changes/index.md` (the latest release), `api/releases/index.json` (the releases)
ALL = "all"  # the list of every release (`changes/all/`)
RESERVED = frozenset({UNRELEASED, INDEX, ALL})
_DEVICES = frozenset({"con", "prn", "aux", "nul", *(f"com{n}" for n in range(10)), *(f"lpt{n}" for n in range(10))})
_PLAIN = re.compile(r"[a-z0-9]+(?:[.-][a-z0-9]+)*")
_NOT_PLAIN = re.compile(r"[^a-z0-9]+")
MAX_READABLE = 60  # characters of a slug's readable part (a folder name stays well under 255 bytes)
_SHORT_HASH = 8


def reserved(slug: str) -> bool:
    """Whether a slug is the site's own or a name Windows keeps (with any extension)."""
    return slug in RESERVED or slug.split(".", 1)[0] in _DEVICES


def _plain(version: str) -> bool:
    return len(version) <= MAX_READABLE and _PLAIN.fullmatch(version) is not None and not reserved(version)


def _readable(version: str) -> str:
    """The name as plainly as it reads: lower case, runs of anything else as one `-`."""
    return _NOT_PLAIN.sub("-", version.lower()).strip("-")[:MAX_READABLE].rstrip("-") or "release"


def release_slugs(versions: Iterable[str]) -> dict[str, str]:
    """Each version's slug, given in release order (oldest first): distinct for distinct
    versions, and none of them reserved."""
    found: dict[str, str] = {}
    taken: set[str] = set()
    for version in versions:
        if version in found:
            continue
        if _plain(version):
            slug = version
        else:
            digest = hashlib.sha256(version.encode("utf-8", "surrogateescape")).hexdigest()
            slug = f"{_readable(version)}_{digest[:_SHORT_HASH]}"
            if slug in taken:
                slug = f"{_readable(version)}_{digest}"
        found[version] = slug
        taken.add(slug)
    return found
