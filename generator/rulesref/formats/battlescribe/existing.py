"""What a system folder already holds, read before importing into it.

Imported entries are found again by their `origin` (so a re-import updates the same file
even if the upstream name changed); hand-written entries keep their ids and names, and an
imported rule with the name of a hand-written rule becomes a reference to it instead of a
second file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulesref.links import normalise
from rulesref.read.load import Document, load_file


@dataclass
class ExistingEntry:
    id: str
    kind: str
    path: Path
    doc: Document

    @property
    def data(self) -> dict[str, Any]:
        return self.doc.data

    @property
    def origin(self) -> dict[str, Any] | None:
        origin = self.data.get("origin")
        return origin if isinstance(origin, dict) else None


@dataclass
class Existing:
    """The entries of one system folder: imported ones by origin, all by id and name."""

    system: dict[str, Any] | None = None
    system_doc: Document | None = None
    by_origin: dict[tuple[str, str], list[ExistingEntry]] = field(default_factory=dict)  # (kind, element or name key)
    by_id: dict[str, ExistingEntry] = field(default_factory=dict)
    hand_names: dict[str, ExistingEntry] = field(default_factory=dict)  # normalised name -> hand-written entry
    unreadable: list[str] = field(default_factory=list)

    def forget(self, entry: ExistingEntry) -> None:
        """Leave a hand-written entry out, as if its file were not there."""
        self.by_id.pop(entry.id, None)
        for name, holder in list(self.hand_names.items()):
            if holder is entry:
                del self.hand_names[name]

    def imported(self, kind: str, element: str, name: str) -> list[ExistingEntry]:
        """Entries imported before from this element or under this name, best match first:
        the same element with the same name, then the same name, then the same element (its
        name changed upstream). Element ids are not unique across catalogues, hence the name."""
        by_element = self.by_origin.get((kind, "element:" + element), [])
        by_name = self.by_origin.get((kind, "name:" + normalise(name)), [])
        both = [e for e in by_element if e in by_name]
        return both + [e for e in by_name if e not in both] + [e for e in by_element if e not in both]

    def link_names(self) -> list[tuple[str, str]]:
        """(name, id) of every name and alias of the hand-written rules and glossary terms:
        what imported text may link to besides the imported rules. Units are not among them
        (the importer links rule names only), nor a parameterised name such as `Brutal (X)`,
        which a text writes with a value."""
        names = []
        for ident, entry in sorted(self.by_id.items()):
            origin = entry.origin
            if entry.kind not in ("rule", "term") or (origin is not None and origin.get("from") == "battlescribe"):
                continue
            parameterised = bool(entry.data.get("params"))
            for name in [entry.data.get("name"), *(entry.data.get("aliases") or [])]:
                if isinstance(name, str) and not (parameterised and name.endswith(")")):
                    names.append((name, ident))
        return names


def read_existing(folder: Path) -> Existing:
    existing = Existing()
    if not folder.is_dir():
        return existing
    system_file = folder / "system.yml"
    if system_file.is_file():
        doc, _ = load_file(system_file, system_file.as_posix())
        if doc is not None:
            existing.system, existing.system_doc = doc.data, doc
    for path in sorted(folder.glob("*.yml")):
        if path.name == "system.yml":
            continue
        doc, _ = load_file(path, path.name)  # named by file name: reports do not depend on how --content was spelled
        if doc is None or not isinstance(doc.data.get("id"), str):
            existing.unreadable.append(path.stem)
            continue
        entry = ExistingEntry(path.stem, str(doc.data.get("kind")), path, doc)
        existing.by_id[path.stem] = entry
        origin = entry.origin
        if origin is not None and origin.get("from") == "battlescribe":
            existing.by_origin.setdefault((entry.kind, "element:" + str(origin.get("element"))), []).append(entry)
            existing.by_origin.setdefault((entry.kind, "name:" + normalise(str(origin.get("name", "")))), []).append(entry)
            continue
        names = [doc.data.get("name"), *(doc.data.get("aliases") or [])]
        for name in names:
            if isinstance(name, str):
                existing.hand_names[normalise(name)] = entry
    return existing
