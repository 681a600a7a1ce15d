"""What a force can take: each army's root entries, and which of them are units.

An army is a catalogue that is not a library. What a force of it can take is its root entries:
its own root selection entries and the targets of its root entry links, those of the
catalogues it imports root entries from (`importRootEntries`, and theirs in turn), and the game
system's. Of those, entries of type `unit` or `model` are units: single-model characters,
vehicles, knights and titans are entries of type `model`. An entry hidden by default is
still one a force can take when a modifier can show it; one that nothing shows is not.

Each thing is counted once by its element and name (catalogues copy one another, so one
unit can be reached from several armies: it is a unit of each). What cannot become a unit is
kept with its reason, for the import's summary and `IMPORT.md`: a link whose target is in no
file read (named with the catalogue the sources lack, when that is why), or an entry that
nothing shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.etree.ElementTree import Element

from rulesref.formats.battlescribe.index import NO_CATEGORY, Found, Index, children
from rulesref.formats.battlescribe.read import XmlFile

UNIT_TYPES = ("unit", "model")
Key = tuple[str, str]  # (the file holding an element, its id)


NEVER_SHOWN = "hidden, and no modifier shows it"  # in the data, but no force can take it (BattleScribe never shows it)


@dataclass(frozen=True)
class LeftOut:
    """Something a force can take that is not a unit of the import, and why."""

    element: str  # the id of the entry (or of the link's target)
    name: str
    where: str  # file:line of the root entry
    armies: tuple[str, ...]
    reason: str  # the same words for every entry left out for one reason
    detail: str = ""  # what only this entry's reason says
    absent: bool = False  # its target is in a catalogue the sources lack (nothing to import)


@dataclass
class Forces:
    """Every unit a force can take (by its element), the armies that take it with the role
    each gives it, and what was left out."""

    units: dict[Key, Found] = field(default_factory=dict)
    members: dict[Key, list[tuple[str, str | None]]] = field(default_factory=dict)  # -> [(army file, role)]
    left_out: dict[tuple[str, str], LeftOut] = field(default_factory=dict)  # (target id, name) -> why
    roles: list[str] = field(default_factory=list)  # the categories units fill, in the game system's order


def _name(element: Element) -> str:
    return (element.get("name") or "").strip()


def hidden(element: Element) -> bool:
    return element.get("hidden") == "true"


def shown_by_a_modifier(element: Element) -> bool:
    """Whether one of the element's modifiers (under any condition) sets `hidden` to false."""
    todo = [element]
    while todo:
        holder = todo.pop()
        for child in holder:
            if child.tag in ("modifiers", "modifierGroups"):
                for inner in child:
                    if inner.tag == "modifier" and inner.get("field") == "hidden" and inner.get("value") in ("false", "0"):
                        return True
                    if inner.tag == "modifierGroup":
                        todo.append(inner)
    return False


def category(element: Element, categories: dict[str, str]) -> str | None:
    """The name of the category an entry (or a link to it) marks as primary."""
    for link in children(element, "categoryLink"):
        if link.get("primary") == "true" and link.get("targetId") in categories:
            return categories[link.get("targetId", "")]
    ident = element.get("categoryEntryId")
    if ident and ident != NO_CATEGORY and ident in categories:
        return categories[ident]
    return None


def root_entries(xml: XmlFile) -> list[Element]:
    return [e for child in xml.root if child.tag in ("entryLinks", "selectionEntries") for e in child if e.tag in ("entryLink", "selectionEntry")]


def armies(files: list[XmlFile]) -> list[XmlFile]:
    """The catalogues that are armies: those that are not libraries."""
    return [f for f in files if f.kind == "cat" and f.root.get("library") != "true"]


def forces(index: Index) -> Forces:
    """What each army's forces can take, and which of it became units."""
    found = Forces()
    used: set[str] = set()
    for army in armies(index.files):
        for source in [army, *index.linked_catalogues(army, import_roots=True), index.system]:
            for entry in root_entries(source):
                role = _take(index, found, army, source, entry)
                if role:
                    used.add(role)
    names = [index.categories[c] for c in index.category_order]
    found.roles = list(dict.fromkeys(n for n in names if n in used))
    return found


def _take(index: Index, found: Forces, army: XmlFile, source: XmlFile, entry: Element) -> str | None:
    """Take one root entry of `army` (held by `source`): a unit, or a reason; the role."""
    where = f"{source.name}:{source.line(entry)}"
    target: Found | None = (entry, source) if entry.tag == "selectionEntry" else index.lookup(entry.get("targetId") or "", source)
    if target is None:
        if entry.get("type") in (None, "selectionEntry"):
            reason, detail = _missing_reason(index, source, entry)
            _leave(found, entry.get("targetId") or "", _name(entry) or "(unnamed)", where, army, reason, detail, absent=bool(index.lacks(source)))
        return None
    element, holder = target
    if element.tag != "selectionEntry" or element.get("type") not in UNIT_TYPES:
        return None
    name = _name(element)
    if not name or not element.get("id"):
        _leave(found, element.get("id") or "", name or "(unnamed)", where, army, "it has no name or no id")
        return None
    if (hidden(entry) or hidden(element)) and not (shown_by_a_modifier(entry) or shown_by_a_modifier(element)):
        _leave(found, element.get("id", ""), name, where, army, NEVER_SHOWN)
        return None
    key = (holder.name, element.get("id", ""))
    found.units.setdefault(key, target)
    role = category(entry, index.categories) or category(element, index.categories)
    members = found.members.setdefault(key, [])
    if not any(a == army.name for a, _ in members):
        members.append((army.name, role))
    return role


def _leave(found: Forces, ident: str, name: str, where: str, army: XmlFile, reason: str, detail: str = "", *, absent: bool = False) -> None:
    key = (ident, name)
    known = found.left_out.get(key)
    army_name = (army.root.get("name") or army.name).strip()
    if known is None:
        found.left_out[key] = LeftOut(ident, name, where, (army_name,), reason, detail, absent)
    elif army_name not in known.armies:
        found.left_out[key] = LeftOut(ident, known.name, known.where, (*known.armies, army_name), known.reason, known.detail, known.absent)


def _missing_reason(index: Index, source: XmlFile, entry: Element) -> tuple[str, str]:
    lacking = index.lacks(source)
    detail = f"its target is `{entry.get('targetId') or ''}`"
    if lacking:
        names = ", ".join(f"`{m.name}`" for m in lacking)
        return f"its target is in no file read: the sources lack the catalogue {names}", detail
    return "its target is in no file read", detail
