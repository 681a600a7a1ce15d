"""From parsed BattleScribe data to plain records (`records`): rules, profile types, units
and their options, armies and books.

BattleScribe describes army building (costs, constraints, options); rulesref needs only what
a rules reference shows. This reads that part and nothing else, and keeps for every record
the file and line it came from. Decisions about names, ids and conflicts are `mapping`'s.
The phases: `index` (where each link leads), `forces` (what each army can take: its units),
`units` (what each unit is made of, and what each of its options brings), and here the
rules and what the sources lack.
"""

from __future__ import annotations

from rulesref.formats.battlescribe.forces import armies, forces
from rulesref.formats.battlescribe.index import Index, build_index
from rulesref.formats.battlescribe.numbers import not_a_number, whole
from rulesref.formats.battlescribe.places import Places, characteristic_text, description, page_of
from rulesref.formats.battlescribe.read import XmlFile
from rulesref.formats.battlescribe.records import ArmyElement, Data, RuleElement, Skipped
from rulesref.formats.battlescribe.units import read_units


def _rules(index: Index, places: Places, data: Data) -> None:
    """Rules, and profiles of rule-like types, in the order the files hold them."""
    for element, xml in index.rule_candidates:
        profile = element.tag == "profile"
        if profile:
            kind = index.profile_type(element)
            if kind is None or not kind.rule_like:
                continue
        name = (element.get("name") or "").strip()
        origin = places.origin(element, xml)
        if not name or not element.get("id"):
            data.skipped.append(Skipped(xml.name, origin.line, "rule", "it has no name or no id"))
            continue
        text = characteristic_text(element) if profile else description(element)
        data.rules.append(RuleElement(element.get("id", ""), name, text, places.book(element), page_of(element), origin))


def _unresolved(index: Index) -> dict[str, int]:
    """Per file, the links whose target is in no file read."""
    counts: dict[str, int] = {}
    for xml in index.files:
        for element in xml.root.iter():
            if element.tag in ("entryLink", "infoLink") and index.lookup(element.get("targetId") or "", xml) is None:
                counts[xml.name] = counts.get(xml.name, 0) + 1
    return counts


def read_data(files: list[XmlFile]) -> Data:
    """Read the rules, units, profiles and books of a game system (the one `.gst` among
    `files`) and its catalogues."""
    index = build_index(files)
    places = Places(index)
    system = index.system.root
    data = Data(system_name=system.get("name") or "Imported game system", system_revision=None)
    revision = system.get("revision") or ""
    number = whole(revision)
    if revision and number is None:  # the edition then names no revision, which rosters are compared by
        data.skipped.append(Skipped(index.system.name, index.system.line(system), "revision", not_a_number("revision", revision, signed=False)))
    data.system_revision = None if number is None else str(number)
    data.files, data.elements = len(files), index.elements
    data.profile_types, data.publications = index.profile_types, index.publications
    for xml in files:
        if xml.kind == "cat" and xml.root.get("book"):
            data.catalogue_books[xml.name] = xml.root.get("book") or ""
    data.armies = [ArmyElement(f.name, (f.root.get("name") or f.name).strip(), f.name) for f in armies(files)]
    taken = forces(index)
    data.roles = taken.roles
    data.left_out = sorted(taken.left_out.values(), key=lambda o: (o.name.casefold(), o.where))
    data.missing = sorted(index.missing.values(), key=lambda m: m.name.casefold())
    data.unresolved = _unresolved(index)
    _rules(index, places, data)
    data.units = read_units(index, places, taken, data.skipped)
    return data
