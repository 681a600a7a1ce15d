"""From parsed BattleScribe XML to plain records: rules, profile types, profiles, units, books.

BattleScribe describes army building (costs, constraints, options); rulesref needs only what
a rules reference shows. This module reads that part and nothing else, following links
(`infoLink`, `entryLink`) to the shared elements they name, and keeps for every record the
file and line it came from. Decisions about names, ids and conflicts are `mapping`'s.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element

from rulesref.importers.battlescribe.read import XmlFile

UNIT_TYPES = ("unit", "model")
MAX_LINK_DEPTH = 12
MAX_PROFILES_PER_UNIT = 120
PAGE = re.compile(r"\s*(?:p\.?\s*)?([0-9]{1,4})\s*")


def children(element: Element, name: str) -> Iterator[Element]:
    """Children named `name`, whether written directly or inside their plural wrapper
    (`<rules><rule/></rules>`)."""
    for child in element:
        tag = child.tag
        if tag == name:
            yield child
        elif tag == name + "s":
            for inner in child:
                if inner.tag == name:
                    yield inner


@dataclass(frozen=True)
class Publication:
    id: str
    name: str
    short_name: str | None


@dataclass(frozen=True)
class ProfileType:
    id: str
    name: str
    characteristics: tuple[str, ...]

    @property
    def rule_like(self) -> bool:
        """A type with one characteristic (`Description`, `Text`) holds a rule's text."""
        return len(self.characteristics) == 1


@dataclass(frozen=True)
class Origin:
    """Where an element is: the file's name (as recorded in content and reports), the line."""

    file: str
    line: int
    kind: str  # "gst" or "cat"
    catalogue: str  # the root element's name


@dataclass(frozen=True)
class RuleElement:
    """A `<rule>`, or a profile of a rule-like type, with its text and its book."""

    id: str
    name: str
    text: str
    book: str | None
    page: int | None
    origin: Origin


@dataclass(frozen=True)
class RuleUse:
    """A reference to a rule from a unit or a weapon: the rule element's id, and the name the
    link gives it (`Brutal (3)`), when a modifier sets or extends the name."""

    target: str
    name: str | None


@dataclass
class ProfileRow:
    id: str
    name: str
    type: ProfileType
    values: tuple[tuple[str, str], ...]
    rules: list[RuleUse] = field(default_factory=list)


@dataclass
class UnitElement:
    id: str
    name: str
    book: str | None
    page: int | None
    origin: Origin
    rules: list[RuleUse] = field(default_factory=list)
    profiles: list[ProfileRow] = field(default_factory=list)
    profiles_left_out: int = 0
    rows_seen: dict[tuple[str, str, tuple[tuple[str, str], ...]], ProfileRow] = field(default_factory=dict, repr=False)


@dataclass
class Skipped:
    shown: str
    line: int
    what: str
    reason: str


@dataclass
class Data:
    """Everything read from one game system and its catalogues."""

    system_name: str
    system_revision: str | None
    publications: dict[str, Publication] = field(default_factory=dict)
    profile_types: dict[str, ProfileType] = field(default_factory=dict)
    rules: list[RuleElement] = field(default_factory=list)
    units: list[UnitElement] = field(default_factory=list)
    catalogue_books: dict[str, str] = field(default_factory=dict)  # catalogue file -> free-text book
    skipped: list[Skipped] = field(default_factory=list)
    files: int = 0
    elements: int = 0


def _text(element: Element) -> str:
    return "".join(element.itertext()).strip() if element is not None else ""


def _description(element: Element) -> str:
    for child in element:
        if child.tag == "description":
            return _text(child)
    return ""


def _page(element: Element) -> int | None:
    match = PAGE.fullmatch(element.get("page") or "")
    if match is None:
        return None
    page = int(match.group(1))
    return page if 1 <= page <= 10000 else None


class _Reader:
    def __init__(self, files: list[XmlFile]) -> None:
        self.files = files
        self.by_id: dict[str, tuple[Element, XmlFile]] = {}
        self.link_targets: set[str] = set()
        self.rule_candidates: list[tuple[Element, XmlFile]] = []  # rules and profiles, in file order
        system = next(f for f in files if f.kind == "gst")
        self.data = Data(system_name=system.root.get("name") or "Imported game system", system_revision=system.root.get("revision"))

    # -- indexes ------------------------------------------------------------------------

    def index(self) -> None:
        """Ids of every element that links can name, and the profile types and books."""
        for xml in self.files:
            self.data.files += 1
            if xml.kind == "cat" and xml.root.get("book"):
                self.data.catalogue_books[xml.name] = xml.root.get("book") or ""
            for element in xml.root.iter():
                self.data.elements += 1
                tag = element.tag
                ident = element.get("id")
                if tag in ("rule", "profile"):
                    self.rule_candidates.append((element, xml))
                if ident and tag in ("rule", "profile", "selectionEntry", "selectionEntryGroup"):
                    # the game system's element wins over a catalogue's copy with the same id
                    if ident not in self.by_id or xml.kind == "gst":
                        self.by_id[ident] = (element, xml)
                elif tag == "profileType" and ident:
                    chars = tuple(dict.fromkeys(c.get("name", "").strip() for c in children(element, "characteristicType") if c.get("name", "").strip()))
                    self.data.profile_types.setdefault(ident, ProfileType(ident, (element.get("name") or ident).strip(), chars))
                elif tag == "publication" and ident and element.get("name"):
                    self.data.publications.setdefault(ident, Publication(ident, element.get("name", "").strip(), element.get("shortName")))
                elif tag == "entryLink" and element.get("targetId"):
                    self.link_targets.add(element.get("targetId", ""))

    def _origin(self, element: Element, xml: XmlFile) -> Origin:
        return Origin(xml.name, xml.line(element), xml.kind, xml.root.get("name") or xml.name)

    def _book(self, element: Element, xml: XmlFile) -> str | None:
        publication = self.data.publications.get(element.get("publicationId") or "")
        if publication is not None:
            return publication.id
        book = (element.get("book") or "").strip()
        return book or None

    def profile_type(self, profile: Element) -> ProfileType | None:
        found = self.data.profile_types.get(profile.get("typeId") or profile.get("profileTypeId") or "")
        if found is not None:
            return found
        name = (profile.get("typeName") or profile.get("profileTypeName") or "").strip()
        return next((t for t in self.data.profile_types.values() if t.name == name), None)

    # -- rules --------------------------------------------------------------------------

    def rules(self) -> None:
        """Rules, and profiles of rule-like types, in the order the files hold them (read
        after the index, which knows every profile type and publication)."""
        for element, xml in self.rule_candidates:
            if element.tag == "rule":
                self._rule(element, xml)
            else:
                kind = self.profile_type(element)
                if kind is not None and kind.rule_like:
                    self._rule(element, xml, profile=True)

    def _rule(self, element: Element, xml: XmlFile, *, profile: bool = False) -> None:
        name = (element.get("name") or "").strip()
        origin = self._origin(element, xml)
        if not name or not element.get("id"):
            self.data.skipped.append(Skipped(xml.name, origin.line, "rule", "it has no name or no id"))
            return
        text = _characteristic_text(element) if profile else _description(element)
        self.data.rules.append(RuleElement(element.get("id", ""), name, text, self._book(element, xml), _page(element), origin))

    # -- units --------------------------------------------------------------------------

    def units(self) -> None:
        for xml in self.files:
            self._find_units(xml.root, xml)

    def _find_units(self, element: Element, xml: XmlFile) -> None:
        for child in element:
            if child.tag == "selectionEntry" and child.get("type") in UNIT_TYPES:
                # a model that a unit links to is part of that unit, not a unit of its own
                if child.get("type") == "unit" or child.get("id") not in self.link_targets:
                    self._unit(child, xml)
                continue
            self._find_units(child, xml)

    def _unit(self, element: Element, xml: XmlFile) -> None:
        origin = self._origin(element, xml)
        name = (element.get("name") or "").strip()
        if not name or not element.get("id"):
            self.data.skipped.append(Skipped(xml.name, origin.line, "unit", "it has no name or no id"))
            return
        unit = UnitElement(element.get("id", ""), name, self._book(element, xml), _page(element), origin)
        self._collect(element, xml, unit, set(), 0, model=True)
        if unit.profiles_left_out:
            reason = f"{unit.profiles_left_out} profiles of the unit `{name}` beyond the first {MAX_PROFILES_PER_UNIT} (its wargear options)"
            self.data.skipped.append(Skipped(xml.name, origin.line, "profiles", reason))
        self.data.units.append(unit)

    def _collect(self, element: Element, xml: XmlFile, unit: UnitElement, seen: set[str], depth: int, *, model: bool) -> None:
        """The rules and profiles of one entry of a unit, then of the entries inside it.

        Rules of the unit and of its models are the unit's; rules of wargear (an upgrade that
        carries a profile) belong to that profile."""
        if depth > MAX_LINK_DEPTH:
            return
        rows: list[ProfileRow] = []
        uses: list[RuleUse] = []
        for child in element:
            tag = child.tag
            if tag == "rules":
                uses += (RuleUse(r.get("id", ""), None) for r in child if r.tag == "rule" and r.get("id"))
            elif tag == "profiles":
                for profile in child:
                    if profile.tag == "profile":
                        self._profile_or_rule(profile, profile.get("id", ""), None, rows, uses)
            elif tag == "infoLinks":
                for link in child:
                    target = link.get("targetId") or ""
                    found = self.by_id.get(target)
                    if found is None:
                        continue
                    renamed = _link_name(link, found[0].get("name") or "")
                    if link.get("type") == "rule":
                        uses.append(RuleUse(target, renamed))
                    elif link.get("type") == "profile" and found[0].tag == "profile":
                        self._profile_or_rule(found[0], target, renamed, rows, uses)
        if model:
            unit.rules += uses
        else:
            for row in rows:
                row.rules += uses
        for row in rows:
            key = (row.type.id, row.name, row.values)
            same = unit.rows_seen.get(key)
            if same is not None:  # the same weapon offered by several options: one row
                same.rules += row.rules
            elif len(unit.profiles) < MAX_PROFILES_PER_UNIT:
                unit.rows_seen[key] = row
                unit.profiles.append(row)
            else:
                unit.profiles_left_out += 1
        for child in element:
            tag = child.tag
            if tag in ("selectionEntries", "selectionEntryGroups"):
                for inner in child:
                    ident = inner.get("id", "")
                    if ident in seen:
                        continue
                    seen.add(ident)
                    is_model = inner.tag == "selectionEntry" and inner.get("type") in UNIT_TYPES
                    self._collect(inner, xml, unit, seen, depth + 1, model=is_model)
            elif tag == "entryLinks":
                for link in child:
                    target = link.get("targetId", "")
                    found = self.by_id.get(target)
                    if found is None or target in seen:
                        continue
                    seen.add(target)
                    inner, inner_xml = found
                    is_model = inner.tag == "selectionEntry" and inner.get("type") in UNIT_TYPES
                    self._collect(inner, inner_xml, unit, seen, depth + 1, model=is_model)

    def _profile_or_rule(self, profile: Element, ident: str, renamed: str | None, rows: list[ProfileRow], uses: list[RuleUse]) -> None:
        kind = self.profile_type(profile)
        if kind is None:
            return
        if kind.rule_like:
            uses.append(RuleUse(ident, renamed))
            return
        written = {}
        for c in children(profile, "characteristic"):
            value = c.get("value")
            written[(c.get("name") or "").strip()] = (value if value is not None else _text(c)).strip()
        values = tuple((name, written.get(name, "") or "-") for name in kind.characteristics)
        rows.append(ProfileRow(ident, renamed or (profile.get("name") or "").strip(), kind, values))


def _characteristic_text(profile: Element) -> str:
    texts = []
    for c in children(profile, "characteristic"):
        value = c.get("value")
        texts.append((value if value is not None else _text(c)).strip())
    return "\n\n".join(t for t in texts if t)


def _link_name(link: Element, target_name: str) -> str | None:
    """The name a link gives its target through an unconditional `set` or `append` of the
    `name` field (how data writes `Brutal (3)` on a link to `Brutal (X)`)."""
    name = None
    for modifier in children(link, "modifier"):
        if modifier.get("field") != "name" or any(e.tag in ("condition", "repeat") for e in modifier.iter()):
            continue
        value = (modifier.get("value") or "").strip()
        if modifier.get("type") == "set" and value:
            name = value
        elif modifier.get("type") == "append" and value:
            name = f"{name or target_name.strip()} {value}"
    return name


def read_data(files: list[XmlFile]) -> Data:
    """Read the rules, units, profiles and books of a game system (the one `.gst` among
    `files`) and its catalogues."""
    reader = _Reader(files)
    reader.index()
    reader.rules()
    reader.units()
    return reader.data
