"""What each unit is made of: its rules, its rows, and what each of its options brings.

A unit's rules are its own: those of the unit's entry, of its models, and of its default
wargear. What is default is what a force takes without choosing it: an entry the data
requires at least once (a `min` constraint of 1 or more among its parent's selections, or a
`defaultAmount`), or the entry a required group selects by default (or its only entry).
Everything else is an option: a weapon, a transport, a model, a warlord trait. An option
brings its own rules and rows, and those of its defaults; an option inside an option is an
option of its own. An option that is itself a unit of the import (a dedicated transport)
is named, not copied: its page tells the rest.

Where a row takes its rules: an entry with one row gives it the entry's links; an entry with
several rows (a combi-weapon's two guns) keeps its links beside them (`OptionRules`), for
`rows` to give each to the rows whose own text names it; the rules of an entry without rows
are its owner's: the option's, or (default wargear) the unit's `wargear`.

Entries hidden by default are still read when a modifier can show them; an entry that nothing
shows is nothing a force can take.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.etree.ElementTree import Element

from rulesref.formats.battlescribe.forces import UNIT_TYPES, Forces, Key, hidden, shown_by_a_modifier
from rulesref.formats.battlescribe.index import Index, children
from rulesref.formats.battlescribe.numbers import decimal
from rulesref.formats.battlescribe.places import Places, page_of
from rulesref.formats.battlescribe.read import XmlFile
from rulesref.formats.battlescribe.records import (
    MAX_PROFILES_PER_UNIT,
    OptionElement,
    OptionRules,
    ProfileRow,
    RuleUse,
    Skipped,
    UnitElement,
)

MAX_LINK_DEPTH = 12


def count(value: str | None) -> float | None:
    """A count as the data writes it (`1`, `1.0`), read strictly (`numbers`); None otherwise
    (a constraint whose value is no number requires nothing)."""
    return decimal(value) if value is not None else None


@dataclass(frozen=True)
class Choice:
    """The group an entry is chosen from: its name, whether a force must take from it, the
    entry it selects by default, and how many entries it offers."""

    name: str | None
    required: bool = False
    default: str | None = None
    size: int = 0
    models: bool = False  # every model it offers is taken (a unit whose data requires none by name)


def _min_taken(*elements: Element) -> float:
    """The least number of selections the constraints of these elements (a link and its
    target) require among their parent's."""
    least = 0.0
    for element in elements:
        for constraint in children(element, "constraint"):
            if constraint.get("type") == "min" and constraint.get("field") == "selections" and constraint.get("scope") in (None, "parent"):
                least = max(least, count(constraint.get("value")) or 0.0)
    return least


def is_default(link: Element | None, entry: Element, choice: Choice) -> bool:
    """Whether a force takes this entry without choosing it."""
    own = [e for e in (link, entry) if e is not None]
    if _min_taken(*own) >= 1 or any((count(e.get("defaultAmount")) or 0) >= 1 for e in own):
        return True
    if choice.models and entry.get("type") in UNIT_TYPES:
        return True
    if choice.required:
        idents = {e.get("id") for e in own}
        return choice.default in idents or (choice.default is None and choice.size == 1)
    return False


def _members(element: Element) -> list[Element]:
    return [inner for child in element if child.tag in ("selectionEntries", "selectionEntryGroups", "entryLinks") for inner in child]


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


class _Collector:
    """Collects the units of one import, one at a time."""

    def __init__(self, index: Index, units: set[Key]) -> None:
        self.index = index
        self.units = units

    def unit(self, unit: UnitElement, element: Element, xml: XmlFile) -> None:
        self._collect(element, xml, unit, None, {unit.id}, 0, model=True)

    def _collect(self, element: Element, xml: XmlFile, unit: UnitElement, owner: OptionElement | None, seen: set[str], depth: int, *, model: bool) -> None:
        """One entry of `unit` (for `owner`, or the unit itself), then the entries inside it."""
        if depth > MAX_LINK_DEPTH:
            return
        rows: list[ProfileRow] = []
        uses: list[RuleUse] = []
        self._own(element, xml, rows, uses, 0)
        if model or not rows:
            into = owner.rules if owner is not None else (unit.rules if model else unit.wargear)
            into += (use for use in uses if use not in into)
        elif len(rows) == 1:
            rows[0].rules += uses
        kept = [k for row in rows if (k := unit.add_row(row)) is not None]
        if owner is not None:
            owner.rows += (row for row in kept if row not in owner.rows)
        if not model and len(rows) > 1 and uses:
            unit.shared.append(OptionRules(kept, uses, owner))
        self._inside(element, xml, unit, owner, seen, depth, Choice(None))

    def _inside(self, element: Element, xml: XmlFile, unit: UnitElement, owner: OptionElement | None, seen: set[str], depth: int, choice: Choice) -> None:
        found_members = [(member, found) for member in _members(element) if (found := self._target(member, xml)) is not None]
        # a unit is its models: where the data requires none of them by name (no `min`), the
        # models it offers are what it is made of, not choices beside it
        models = [(m, f) for m, f in found_members if f[0].tag == "selectionEntry" and f[0].get("type") in UNIT_TYPES and (f[1].name, f[0].get("id", "")) not in self.units]
        if owner is None and models and not any(is_default(m if m.tag == "entryLink" else None, f[0], choice) for m, f in models):
            choice = Choice(choice.name, choice.required, choice.default, choice.size, models=True)
        for member, (inner, inner_xml) in found_members:
            link = member if member.tag == "entryLink" else None
            ident = inner.get("id", "")
            if ident in seen or ((hidden(member) or hidden(inner)) and not (shown_by_a_modifier(member) or shown_by_a_modifier(inner))):
                continue
            seen.add(ident)
            if inner.tag == "selectionEntryGroup":
                group = Choice(
                    (member.get("name") or inner.get("name") or "").strip() or choice.name,
                    _min_taken(*(e for e in (link, inner) if e is not None)) >= 1,
                    inner.get("defaultSelectionEntryId") or (link.get("defaultSelectionEntryId") if link is not None else None),
                    len(_members(inner)),
                )
                self._inside(inner, inner_xml, unit, owner, seen, depth + 1, group)
            elif inner.tag == "selectionEntry":
                self._entry(link, inner, inner_xml, unit, owner, seen, depth, choice)

    def _target(self, member: Element, xml: XmlFile) -> tuple[Element, XmlFile] | None:
        if member.tag == "entryLink":
            return self.index.lookup(member.get("targetId") or "", xml)
        return member, xml

    def _entry(self, link: Element | None, inner: Element, xml: XmlFile, unit: UnitElement, owner: OptionElement | None, seen: set[str], depth: int, choice: Choice) -> None:
        is_model = inner.get("type") in UNIT_TYPES
        name = ((link.get("name") if link is not None else None) or inner.get("name") or "").strip()
        key = (xml.name, inner.get("id", ""))
        if is_model and key in self.units and key != unit.key:
            unit.options.append(OptionElement(inner.get("id", ""), name or key[1], choice.name, unit=key))
        elif is_default(link, inner, choice):
            self._collect(inner, xml, unit, owner, seen, depth + 1, model=is_model)
        elif name:
            option = OptionElement(inner.get("id", ""), name, choice.name)
            unit.options.append(option)
            self._collect(inner, xml, unit, option, seen, depth + 1, model=is_model)

    def _own(self, element: Element, xml: XmlFile, rows: list[ProfileRow], uses: list[RuleUse], depth: int) -> None:
        """The rules and rows an entry (or an info group) holds itself."""
        for child in element:
            tag = child.tag
            if tag == "rules":
                uses += (RuleUse(r.get("id", ""), None, xml.name) for r in child if r.tag == "rule" and r.get("id"))
            elif tag == "profiles":
                for profile in child:
                    if profile.tag == "profile":
                        self._profile_or_rule(profile, xml, profile.get("id", ""), None, rows, uses)
            elif tag == "infoGroups" and depth < MAX_LINK_DEPTH:
                for group in child:
                    self._own(group, xml, rows, uses, depth + 1)
            elif tag == "infoLinks":
                for link in child:
                    target = link.get("targetId") or ""
                    found = self.index.lookup(target, xml)
                    if found is None:
                        continue
                    renamed = _link_name(link, found[0].get("name") or "")
                    kind = link.get("type")
                    if kind == "rule":
                        uses.append(RuleUse(target, renamed, found[1].name))
                    elif kind == "profile" and found[0].tag == "profile":
                        self._profile_or_rule(found[0], found[1], target, renamed, rows, uses)
                    elif kind == "infoGroup" and found[0].tag == "infoGroup" and depth < MAX_LINK_DEPTH:
                        self._own(found[0], found[1], rows, uses, depth + 1)

    def _profile_or_rule(self, profile: Element, xml: XmlFile, ident: str, renamed: str | None, rows: list[ProfileRow], uses: list[RuleUse]) -> None:
        kind = self.index.profile_type(profile)
        if kind is None or not kind.characteristics:
            return
        if kind.rule_like:
            uses.append(RuleUse(ident, renamed, xml.name))
            return
        values = tuple((name, value or "-") for name, value in kind.values(profile))
        rows.append(ProfileRow(ident, renamed or (profile.get("name") or "").strip(), kind, values))


def read_units(index: Index, places: Places, taken: Forces, skipped: list[Skipped]) -> list[UnitElement]:
    """Every unit a force can take, in the order the files hold them, with the armies that
    take it and the role the first of them gives it."""
    collector = _Collector(index, set(taken.units))
    order = {xml.name: n for n, xml in enumerate(index.files)}
    units = []
    for key, (element, xml) in sorted(taken.units.items(), key=lambda item: (order[item[0][0]], item[1][1].line(item[1][0]))):
        unit = UnitElement(key[1], (element.get("name") or "").strip(), places.book(element), page_of(element), places.origin(element, xml), key)
        members = taken.members.get(key, [])
        unit.armies = [army for army, _ in members]
        unit.role = next((role for _, role in members if role), None)
        collector.unit(unit, element, xml)
        if unit.profiles_left_out:
            reason = f"{unit.profiles_left_out} profiles of the unit `{unit.name}` beyond the first {MAX_PROFILES_PER_UNIT} (its wargear options)"
            skipped.append(Skipped(xml.name, unit.origin.line, "profiles", reason))
        units.append(unit)
    return units
