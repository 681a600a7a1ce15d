"""Where a link leads: every element of a game system and its catalogues, by id, per file.

Links resolve as BattleScribe resolves them: in the file that holds the link first, then in
the catalogues it links (`catalogueLink`, and theirs in turn), then in the game system, and
only then anywhere in the checkout. Element ids are not unique across files (catalogues are
often copies of one another), so a lookup across the whole checkout first could hand a unit
another catalogue's weapon.

The index also holds what every later reader needs once: the profile types, publications
and categories, which catalogues are armies, and which linked catalogues are not among the
sources (a library the data names that the user's copy lacks).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element

from rulesref.formats.battlescribe.read import XmlFile

Found = tuple[Element, XmlFile]
LINKABLE = frozenset({"rule", "profile", "selectionEntry", "selectionEntryGroup", "infoGroup"})
NO_CATEGORY = "(No Category)"


def children(element: Element, name: str) -> Iterator[Element]:
    """Children named `name`, whether written directly or inside their plural wrapper
    (`<rules><rule/></rules>`, `<sharedRules><rule/></sharedRules>`)."""
    for child in element:
        tag = child.tag
        if tag == name:
            yield child
        elif tag.endswith("s") and (tag == name + "s" or tag == "shared" + name[:1].upper() + name[1:] + "s"):
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

    def values(self, profile: Element) -> tuple[tuple[str, str], ...]:
        """Each characteristic's value as the profile writes it ("" where it writes none)."""
        written: dict[str, str] = {}
        for c in children(profile, "characteristic"):
            value = c.get("value")
            written.setdefault((c.get("name") or "").strip(), (value if value is not None else "".join(c.itertext())).strip())
        return tuple((name, written.get(name, "")) for name in self.characteristics)


@dataclass(frozen=True)
class MissingCatalogue:
    """A catalogue that files link and the sources lack: its id, its name as the links give
    it, and the files that link it."""

    id: str
    name: str
    linked_from: tuple[str, ...]


@dataclass
class Index:
    files: list[XmlFile]
    system: XmlFile
    by_id: dict[str, Found] = field(default_factory=dict)  # across every file: the last resort of a lookup
    by_file: dict[str, dict[str, Found]] = field(default_factory=dict)
    by_catalogue: dict[str, XmlFile] = field(default_factory=dict)  # catalogue id -> its file
    scopes: dict[str, list[dict[str, Found]]] = field(default_factory=dict)  # file -> where its links look, in order
    rule_candidates: list[Found] = field(default_factory=list)  # rules and profiles, in file order
    profile_types: dict[str, ProfileType] = field(default_factory=dict)
    publications: dict[str, Publication] = field(default_factory=dict)
    categories: dict[str, str] = field(default_factory=dict)  # category id -> name
    category_order: list[str] = field(default_factory=list)
    missing: dict[str, MissingCatalogue] = field(default_factory=dict)  # catalogue id -> what the sources lack
    elements: int = 0

    def lookup(self, target: str, xml: XmlFile) -> Found | None:
        """The element a link in `xml` names: in its own file, the catalogues it links, the
        game system, and only then anywhere in the checkout."""
        for scope in self.scopes.get(xml.name, ()):
            found = scope.get(target)
            if found is not None:
                return found
        return self.by_id.get(target)

    def linked_catalogues(self, xml: XmlFile, *, import_roots: bool) -> list[XmlFile]:
        """The catalogues a file links (`catalogueLink`), and theirs in turn, each once; with
        `import_roots`, only along links whose root entries it takes (`importRootEntries`)."""
        found: list[XmlFile] = []
        todo = [xml]
        while todo:
            for link in children(todo.pop(0).root, "catalogueLink"):
                if import_roots and link.get("importRootEntries") != "true":
                    continue
                target = self.by_catalogue.get(link.get("targetId") or "")
                if target is not None and target is not xml and target not in found:
                    found.append(target)
                    todo.append(target)
        return found

    def profile_type(self, profile: Element) -> ProfileType | None:
        """A profile's type, by its id or else by its name."""
        found = self.profile_types.get(profile.get("typeId") or profile.get("profileTypeId") or "")
        if found is not None:
            return found
        name = (profile.get("typeName") or profile.get("profileTypeName") or "").strip()
        return next((t for t in self.profile_types.values() if t.name == name), None) if name else None

    def lacks(self, xml: XmlFile) -> list[MissingCatalogue]:
        """The catalogues `xml` links (itself or through the catalogues it links) that the
        sources lack: whose elements its links miss."""
        wanted = [link.get("targetId") or "" for f in (xml, *self.linked_catalogues(xml, import_roots=False)) for link in children(f.root, "catalogueLink")]
        return [self.missing[ident] for ident in dict.fromkeys(wanted) if ident in self.missing]


def build_index(files: list[XmlFile]) -> Index:
    """Index the game system (the one `.gst` among `files`) and its catalogues."""
    index = Index(files, next(f for f in files if f.kind == "gst"))
    for xml in sorted(files, key=lambda f: f.kind != "gst"):  # the game system's elements win ties
        own: dict[str, Found] = index.by_file.setdefault(xml.name, {})
        if xml.kind == "cat" and xml.root.get("id"):
            index.by_catalogue.setdefault(xml.root.get("id", ""), xml)
        for element in xml.root.iter():
            index.elements += 1
            tag = element.tag
            ident = element.get("id")
            if tag in ("rule", "profile"):
                index.rule_candidates.append((element, xml))
            if ident and tag in LINKABLE:
                own.setdefault(ident, (element, xml))
                if ident not in index.by_id or xml.kind == "gst":
                    index.by_id[ident] = (element, xml)
            elif tag == "profileType" and ident:
                chars = tuple(dict.fromkeys(c.get("name", "").strip() for c in children(element, "characteristicType") if c.get("name", "").strip()))
                index.profile_types.setdefault(ident, ProfileType(ident, (element.get("name") or ident).strip(), chars))
            elif tag == "publication" and ident and (element.get("name") or "").strip():
                index.publications.setdefault(ident, Publication(ident, element.get("name", "").strip(), element.get("shortName")))
            elif tag == "categoryEntry" and ident and (element.get("name") or "").strip() and ident not in index.categories:
                index.categories[ident] = (element.get("name") or "").strip()
                index.category_order.append(ident)
    for xml in files:
        for link in children(xml.root, "catalogueLink"):
            ident = link.get("targetId") or ""
            if ident and ident not in index.by_catalogue:
                known = index.missing.get(ident)
                name = (link.get("name") or "").strip() or (known.name if known else "") or ident
                index.missing[ident] = MissingCatalogue(ident, name, (*(known.linked_from if known else ()), xml.name))
    system_scope = index.by_file[index.system.name]
    for xml in files:
        linked = [index.by_file[f.name] for f in index.linked_catalogues(xml, import_roots=False)]
        index.scopes[xml.name] = [index.by_file[xml.name], *linked, system_scope]
    return index
