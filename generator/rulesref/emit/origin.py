"""Where an entry came from, as the header of every generated module names it."""

from __future__ import annotations

from pathlib import Path

from rulesref.model import Entry


def source_path(entry: Entry, roots: tuple[Path, ...]) -> str:
    """The entry's YAML file relative to the folder above its content root (`content/w40k7/fear.yml`)."""
    path = Path(entry.where.doc.path).resolve()
    for root in roots:
        if root in path.parents:
            return path.relative_to(root.parent).as_posix()
    return path.name
