"""From parsed BattleScribe XML to plain records: rules, profile types, profiles, units, books.

BattleScribe describes army building (costs, constraints, options); rulesref needs only what
a rules reference shows. This module reads that part and nothing else, following links
(`infoLink`, `entryLink`) to the shared elements they name, and keeps for every record the
file and line it came from. Decisions about names, ids and conflicts are `mapping`'s.

Links resolve as BattleScribe resolves them: in the file that holds the link first, then in
the catalogues it links (`catalogueLink`), then in the game system. Element ids are not
unique across files (catalogues are often copies of one another), so a lookup across the
whole checkout could hand a unit another catalogue's weapon.

Each catalogue that is not a library is an army. Its units are the ones its root entries
(and the root entries of catalogues it imports with `importRootEntries`) reach, each with
the category its link marks as primary: its battlefield role.

A unit's rules and rows are kept as the data places them: rules of the unit and of its
models are the unit's; an option with one profile row gives that row its rules; the rules
of an option with several rows are kept with the rows (`OptionRules`), for `mapping` to give
each to the rows whose own text names it; an option without rows gives its rules to the
unit's wargear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element

from rulesref.commands.importers.battlescribe.numbers import not_a_number, whole
from rulesref.commands.importers.battlescribe.read import XmlFile

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
    """Where an element is: the file's name (as recorded in content and reports), the line,
    and the army whose file it is, if that file is an army's."""

    file: str
    line: int
    kind: str  # "gst" or "cat"
    catalogue: str  # the root element's name
    army: str | None = None


@dataclass(frozen=True)
class ArmyElement:
    """A catalogue that is not a library: an army. Known by its file (`id`): catalogues
    copied from one another can share their catalogue id."""

    id: str  # the catalogue's file name
    name: str
    file: str


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
    """One profile row, and the rules linked to it alone (it is the only row of its option)."""

    id: str
    name: str
    type: ProfileType
    values: tuple[tuple[str, str], ...]
    rules: list[RuleUse] = field(default_factory=list)


@dataclass
class OptionRules:
    """The rules linked from an option that has several profile rows (a combi-weapon's two
    guns): each belongs to the rows whose own text names it, not to every row."""

    rows: list[ProfileRow]
    uses: list[RuleUse]


RowKey = tuple[str, str, tuple[tuple[str, str], ...], tuple[RuleUse, ...]]


@dataclass
class UnitElement:
    id: str
    name: str
    book: str | None
    page: int | None
    origin: Origin
    rules: list[RuleUse] = field(default_factory=list)
    profiles: list[ProfileRow] = field(default_factory=list)
    shared: list[OptionRules] = field(default_factory=list)
    wargear: list[RuleUse] = field(default_factory=list)
    armies: list[str] = field(default_factory=list)
    role: str | None = None
    profiles_left_out: int = 0
    rows_seen: dict[RowKey, ProfileRow] = field(default_factory=dict, repr=False)

    def add_row(self, row: ProfileRow) -> ProfileRow | None:
        """The unit's row for `row`: the same weapon offered by several options is one row,
        unless the options link it to other rules (a twin-linked gun beside a plain one);
        None past the limit of rows a unit keeps."""
        key = (row.type.id, row.name, row.values, tuple(row.rules))
        same = self.rows_seen.get(key)
        if same is not None:
            return same
        if len(self.profiles) >= MAX_PROFILES_PER_UNIT:
            self.profiles_left_out += 1
            return None
        self.rows_seen[key] = row
        self.profiles.append(row)
        return row


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
    armies: list[ArmyElement] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)  # category names units fill, in the game system's order
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
    page = whole(match.group(1))
    return page if page is not None and 1 <= page <= 10000 else None


Found = tuple[Element, XmlFile]
NO_CATEGORY = "(No Category)"


class _Reader:
    def __init__(self, files: list[XmlFile]) -> None:
        self.files = files
        self.system = next(f for f in files if f.kind == "gst")
        self.by_id: dict[str, Found] = {}  # across every file: the last resort of a lookup
        self.by_file: dict[str, dict[str, Found]] = {}
        self.by_catalogue: dict[str, XmlFile] = {}  # catalogue id -> its file
        self.scopes: dict[str, list[dict[str, Found]]] = {}  # file -> where its links look, in order
        self.link_targets: set[str] = set()
        self.rule_candidates: list[tuple[Element, XmlFile]] = []  # rules and profiles, in file order
        self.categories: dict[str, str] = {}  # category id -> name
        self.category_order: list[str] = []
        self.memberships: dict[tuple[str, str], list[tuple[str, str | None]]] = {}  # (file, unit element id) -> [(army, role)]
        self.army_of_file: dict[str, str] = {}
        self.data = Data(system_name=self.system.root.get("name") or "Imported game system", system_revision=None)
        revision = self.system.root.get("revision") or ""
        number = whole(revision)
        if revision and number is None:  # (the edition then names no revision, which rosters are compared by)
            self.data.skipped.append(Skipped(self.system.name, self.system.line(self.system.root), "revision", not_a_number("revision", revision, signed=False)))
        self.data.system_revision = None if number is None else str(number)

    # -- indexes ------------------------------------------------------------------------

    def index(self) -> None:
        """Ids of every element that links can name, per file; the profile types, books and
        categories; and the armies (catalogues that are not libraries)."""
        for xml in sorted(self.files, key=lambda f: f.kind != "gst"):  # the game system's types, books and categories first
            self.data.files += 1
            own: dict[str, Found] = self.by_file.setdefault(xml.name, {})
            root = xml.root
            if xml.kind == "cat":
                if root.get("book"):
                    self.data.catalogue_books[xml.name] = root.get("book") or ""
                if root.get("id"):
                    self.by_catalogue.setdefault(root.get("id", ""), xml)
                if root.get("library") != "true":
                    army = ArmyElement(xml.name, (root.get("name") or xml.name).strip(), xml.name)
                    self.data.armies.append(army)
                    self.army_of_file[xml.name] = army.id
            for element in root.iter():
                self.data.elements += 1
                tag = element.tag
                ident = element.get("id")
                if tag in ("rule", "profile"):
                    self.rule_candidates.append((element, xml))
                if ident and tag in ("rule", "profile", "selectionEntry", "selectionEntryGroup"):
                    own.setdefault(ident, (element, xml))
                    # the game system's element wins over a catalogue's copy with the same id
                    if ident not in self.by_id or xml.kind == "gst":
                        self.by_id[ident] = (element, xml)
                elif tag == "profileType" and ident:
                    chars = tuple(dict.fromkeys(c.get("name", "").strip() for c in children(element, "characteristicType") if c.get("name", "").strip()))
                    self.data.profile_types.setdefault(ident, ProfileType(ident, (element.get("name") or ident).strip(), chars))
                elif tag == "publication" and ident and element.get("name"):
                    self.data.publications.setdefault(ident, Publication(ident, element.get("name", "").strip(), element.get("shortName")))
                elif tag == "categoryEntry" and ident and (element.get("name") or "").strip():
                    if ident not in self.categories:
                        self.categories[ident] = (element.get("name") or "").strip()
                        self.category_order.append(ident)
                elif tag == "entryLink" and element.get("targetId"):
                    self.link_targets.add(element.get("targetId", ""))
        system_index = self.by_file[self.system.name]
        for xml in self.files:
            linked = [self.by_file[f.name] for f in self._linked_catalogues(xml, import_roots=False)]
            self.scopes[xml.name] = [self.by_file[xml.name], *linked, system_index]

    def _linked_catalogues(self, xml: XmlFile, *, import_roots: bool) -> list[XmlFile]:
        """The catalogues a file links (`catalogueLink`), each once; with `import_roots`,
        only those whose root entries it takes as its own (`importRootEntries`)."""
        found: list[XmlFile] = []
        for link in children(xml.root, "catalogueLink"):
            if import_roots and link.get("importRootEntries") != "true":
                continue
            target = self.by_catalogue.get(link.get("targetId") or "")
            if target is not None and target is not xml and target not in found:
                found.append(target)
        return found

    def lookup(self, target: str, xml: XmlFile) -> Found | None:
        """The element a link in `xml` names: in its own file, the catalogues it links, the
        game system, and only then anywhere in the checkout."""
        for scope in self.scopes.get(xml.name, ()):
            found = scope.get(target)
            if found is not None:
                return found
        return self.by_id.get(target)

    def _origin(self, element: Element, xml: XmlFile) -> Origin:
        return Origin(xml.name, xml.line(element), xml.kind, xml.root.get("name") or xml.name, self.army_of_file.get(xml.name))

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

    # -- armies -------------------------------------------------------------------------

    def armies(self) -> None:
        """Which units each army's root entries reach, with the category each link marks as
        primary (the unit's role); the roles in the order the game system declares them."""
        used: set[str] = set()
        for army in self.data.armies:
            xml = next(f for f in self.files if f.name == army.file)
            for source in [xml, *self._imported_roots(xml)]:
                for entry in self._root_entries(source):
                    found = (entry, source) if entry.tag == "selectionEntry" else self.lookup(entry.get("targetId") or "", source)
                    if found is None:
                        continue
                    target, holder = found
                    if target.tag != "selectionEntry" or target.get("type") not in UNIT_TYPES:
                        continue
                    role = self._category(entry) or self._category(target)
                    members = self.memberships.setdefault((holder.name, target.get("id", "")), [])
                    if not any(a == army.id for a, _ in members):
                        members.append((army.id, role))
                    if role:
                        used.add(role)
        names = [self.categories[c] for c in self.category_order]
        self.data.roles = list(dict.fromkeys(n for n in names if n in used))

    def _imported_roots(self, xml: XmlFile) -> list[XmlFile]:
        found: list[XmlFile] = []
        todo = [xml]
        while todo:
            for linked in self._linked_catalogues(todo.pop(), import_roots=True):
                if linked is not xml and linked not in found:
                    found.append(linked)
                    todo.append(linked)
        return found

    @staticmethod
    def _root_entries(xml: XmlFile) -> Iterator[Element]:
        for child in xml.root:
            if child.tag in ("entryLinks", "selectionEntries"):
                yield from (e for e in child if e.tag in ("entryLink", "selectionEntry"))

    def _category(self, element: Element) -> str | None:
        """The name of the category an entry (or a link to it) marks as primary."""
        for link in children(element, "categoryLink"):
            if link.get("primary") == "true" and link.get("targetId") in self.categories:
                return self.categories[link.get("targetId", "")]
        ident = element.get("categoryEntryId")
        if ident and ident != NO_CATEGORY and ident in self.categories:
            return self.categories[ident]
        return None

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
        members = self.memberships.get((xml.name, unit.id), [])
        if not members and origin.army is not None:
            members = [(origin.army, None)]  # reached by no root entry: the army whose file holds it
        unit.armies = [army for army, _ in members]
        unit.role = next((role for _, role in members if role), None)
        self._collect(element, xml, unit, set(), 0, model=True)
        if unit.profiles_left_out:
            reason = f"{unit.profiles_left_out} profiles of the unit `{name}` beyond the first {MAX_PROFILES_PER_UNIT} (its wargear options)"
            self.data.skipped.append(Skipped(xml.name, origin.line, "profiles", reason))
        self.data.units.append(unit)

    def _collect(self, element: Element, xml: XmlFile, unit: UnitElement, seen: set[str], depth: int, *, model: bool) -> None:
        """The rules and profiles of one entry of a unit, then of the entries inside it.

        Rules of the unit and of its models are the unit's. An option's rules go with its
        profile row when it has one, with its rows (for `mapping` to sort out) when it has
        several, and to the unit's wargear when it has none."""
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
                    found = self.lookup(target, xml)
                    if found is None:
                        continue
                    renamed = _link_name(link, found[0].get("name") or "")
                    if link.get("type") == "rule":
                        uses.append(RuleUse(target, renamed))
                    elif link.get("type") == "profile" and found[0].tag == "profile":
                        self._profile_or_rule(found[0], target, renamed, rows, uses)
        if model:
            unit.rules += (use for use in uses if use not in unit.rules)
        elif len(rows) == 1:
            rows[0].rules += uses
        elif not rows:
            unit.wargear += (use for use in uses if use not in unit.wargear)
        kept = [k for row in rows if (k := unit.add_row(row)) is not None]
        if not model and len(rows) > 1 and uses:
            unit.shared.append(OptionRules(kept, uses))
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
                    found = self.lookup(target, xml)
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
    reader.armies()
    reader.rules()
    reader.units()
    return reader.data
