"""Reading a BattleScribe roster (`.ros`, or zipped `.rosz`) into plain values.

A roster is a tree of selections (a unit, its models, the weapons they took), each naming the
data entry it was made from (`entryId`) and carrying the rules and profiles BattleScribe
showed for it. Three writers make them, in three shapes read here alike:

- BattleScribe 1.x: points as attributes (`points="85"`), and a force's selections held by
  its categories;
- BattleScribe 2.x: `<costs>` of typed costs, selections directly under the force;
- New Recruit: 2.x's shape, `generatedBy`, ids of linked entries chained as `link::target`
  (BattleScribe 2.x writes such chains too) and `from="group"` on choices of a group.

A roster is known by what it holds, not by its name: a zip (BattleScribe's `.rosz`) holding
one `.ros`, or the XML itself, whatever the file is called (BSData keeps test rosters as
`.test` files).

A roster comes from anywhere, so it is read as the importer reads data: defusedxml (no
document type, no entities, nothing fetched), size limits before parsing and for what a zip
inflates to, and a bound on nesting (`rulesref.formats.battlescribe.read`). Its
numbers (revision, counts, costs) are ASCII digits of a bounded length
(`rulesref.formats.battlescribe.numbers`); any other value is refused at its line.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from xml.etree.ElementTree import Element

from rulesref.formats.battlescribe.numbers import decimal, not_a_number, whole
from rulesref.formats.battlescribe.read import SourceError, XmlFile, read_xml

ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")  # a zip's first bytes (a member; an empty zip)
UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")
NOT_A_ROSTER = "not a roster: a roster is BattleScribe's XML (a .ros file) or a zip holding one (a .rosz file)"


@dataclass(frozen=True)
class RosterRule:
    id: str  # as the roster writes it: possibly a chain `link::target`
    name: str
    text: str
    hidden: bool


@dataclass(frozen=True)
class RosterProfile:
    id: str
    name: str
    type: str  # the profile type's name
    values: tuple[tuple[str, str], ...]
    hidden: bool


@dataclass(frozen=True)
class Selection:
    id: str
    name: str
    entry_id: str  # possibly a chain `link::target`
    type: str  # unit, model or upgrade
    number: int
    costs: tuple[tuple[str, float], ...]  # its own, not its children's
    rules: tuple[RosterRule, ...]
    profiles: tuple[RosterProfile, ...]
    selections: tuple[Selection, ...]
    line: int

    def walk(self) -> list[Selection]:
        """This selection and every selection under it, depth first."""
        found = [self]
        for child in self.selections:
            found += child.walk()
        return found


@dataclass(frozen=True)
class Force:
    name: str
    catalogue: str
    selections: tuple[Selection, ...]


@dataclass(frozen=True)
class Roster:
    path: str
    name: str
    game_system: str
    game_system_revision: int | None
    battlescribe_version: str
    generated_by: str | None
    costs: tuple[tuple[str, float], ...]
    forces: tuple[Force, ...]

    def selections(self) -> list[Selection]:
        return [s for force in self.forces for top in force.selections for s in top.walk()]


def _children(element: Element, wrapper: str, tag: str) -> list[Element]:
    found: list[Element] = []
    for holder in element.findall(wrapper):
        found += holder.findall(tag)
    return found


def _number(element: Element, name: str, xml: XmlFile, *, signed: bool = False) -> float | None:
    """An attribute's number (`signed`: with a minus or a fraction, as costs are written), or
    None when the attribute is absent or empty; any other value is refused at its line."""
    text = element.get(name)
    if not text:
        return None
    value = decimal(text) if signed else whole(text)
    if value is None:
        raise SourceError(xml.path, xml.line(element), not_a_number(name, text, signed=signed))
    return value


def _costs(element: Element, xml: XmlFile) -> tuple[tuple[str, float], ...]:
    """2.x's `<costs>`, or 1.x's `points` attribute."""
    costs = []
    for cost in _children(element, "costs", "cost"):
        value = _number(cost, "value", xml, signed=True)
        if value is not None:
            costs.append((cost.get("name", "").strip() or "pts", value))
    if not costs:
        value = _number(element, "points", xml, signed=True)
        if value is not None:
            costs.append(("pts", value))
    return tuple(costs)


def _rule(element: Element) -> RosterRule:
    description = element.find("description")
    text = (description.text or "") if description is not None else ""
    return RosterRule(element.get("id", ""), element.get("name", "").strip(), text.strip(), element.get("hidden") == "true")


def _characteristic(element: Element) -> str:
    """A characteristic's value: its text (2.x), or its `value` attribute (1.x)."""
    value = element.get("value")
    return (value if value is not None else element.text or "").strip()


def _profile(element: Element) -> RosterProfile:
    values = tuple(
        (c.get("name", "").strip(), _characteristic(c)) for c in _children(element, "characteristics", "characteristic")
    )
    kind = element.get("typeName") or element.get("profileTypeName") or element.get("type") or ""  # (2.x, later 1.x, 1.x)
    return RosterProfile(element.get("id", ""), element.get("name", "").strip(), kind.strip(), values, element.get("hidden") == "true")


def _selection(element: Element, xml: XmlFile) -> Selection:
    number = _number(element, "number", xml)
    return Selection(
        id=element.get("id", ""),
        name=element.get("customName") or element.get("name", "").strip(),
        entry_id=element.get("entryId", ""),
        type=element.get("type", "upgrade"),
        number=1 if number is None else int(number),
        costs=_costs(element, xml),
        rules=tuple(_rule(r) for r in _children(element, "rules", "rule")),
        profiles=tuple(_profile(p) for p in _children(element, "profiles", "profile")),
        selections=tuple(_selection(s, xml) for s in _children(element, "selections", "selection")),
        line=xml.line(element),
    )


def _force(element: Element, xml: XmlFile) -> Force:
    tops = _children(element, "selections", "selection")
    for category in _children(element, "categories", "category"):  # 1.x: a force's categories hold its selections
        tops += _children(category, "selections", "selection")
    return Force(element.get("name", "").strip(), element.get("catalogueName", "").strip(), tuple(_selection(s, xml) for s in tops))


def roster_of(xml: XmlFile) -> Roster:
    root = xml.root
    revision = _number(root, "gameSystemRevision", xml)  # (read first: the JavaScript reader refuses in this order too)
    return Roster(
        path=xml.path,
        name=root.get("name", "").strip() or Path(xml.name).stem,
        game_system=root.get("gameSystemName", "").strip(),
        game_system_revision=None if revision is None else int(revision),
        battlescribe_version=root.get("battleScribeVersion", ""),
        generated_by=root.get("generatedBy"),
        costs=_costs(root, xml),
        forces=tuple(_force(f, xml) for f in _forces(root)),
    )


def _forces(element: Element) -> Iterator[Element]:
    """Every force of a roster, and the forces inside them (allies), in order."""
    for force in _children(element, "forces", "force"):
        yield force
        yield from _forces(force)


def read_roster(path: Path, shown: str) -> Roster:
    """The roster a file holds, zipped or not, whatever its name; raises SourceError (with a
    line) for a file that cannot be read as one."""
    try:
        with path.open("rb") as file:
            start = file.read(64)
    except OSError as exc:
        raise SourceError(shown, 1, f"cannot read the file: {exc.strerror or exc}") from None
    zipped = start.startswith(ZIP_MAGIC)
    text = start.removeprefix(b"\xef\xbb\xbf").lstrip()
    if not (zipped or start.startswith(UTF16_MARKS) or text.startswith(b"<") or (start and not text)):  # (all blank so far: the parser says)
        raise SourceError(shown, 1, NOT_A_ROSTER)
    return roster_of(read_xml(path, shown, "ros", zipped=zipped))
