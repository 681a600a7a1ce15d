"""What the index pages of a big system show: each army's units by role, its rules and its
weapons, and the system's lists split A to Z into pages of a readable size.

A real game has thousands of entries (a 40K data import: 4,200 rules, 1,560 units in 45
catalogues). One page listing them all is a megabyte that a phone scrolls for minutes; the
player's way in is their army. So an army's page lists its units under their battlefield
roles (in the system's order of `roles`), the rules of the army, and the core rules its
units have; its weapons page lists every weapon its units carry, once, with the units
that carry it. The system page lists the armies and links the A to Z lists, which are cut
into pages of at most `PAGE_ITEMS` entries.

Everything here is computed once per build from the content alone; the pages only show it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from markdown.extensions.toc import slugify, unique  # type: ignore[import-untyped]

from rulesref.links import normalise
from rulesref.model import Army, Entry, Listing, Profile, ProfileType, System
from rulesref.pages.datasheet import unit_rule_refs

INLINE_MAX = 200  # a kind with more entries than this is listed on A to Z pages, not on the system page
PAGE_ITEMS = 250  # the most entries one A to Z page lists
NO_ROLE = "Other units"


Named = TypeVar("Named", Entry, Listing)


def by_name(entries: list[Named]) -> tuple[Named, ...]:
    return tuple(sorted(entries, key=lambda e: (normalise(e.name), e.id)))


@dataclass(frozen=True)
class Weapon:
    """One weapon as its rows print it, and the units that carry it."""

    type: ProfileType
    profile: Profile
    carriers: tuple[Entry, ...]


@dataclass(frozen=True)
class ArmyView:
    army: Army
    roles: tuple[tuple[str, tuple[Entry, ...]], ...]  # role -> its units, A to Z; units of no role last
    rules: tuple[Entry, ...]  # the army's own rules
    core: tuple[Entry, ...]  # rules of no army that its units have
    weapons: tuple[Weapon, ...]

    @property
    def units(self) -> int:
        return sum(len(units) for _, units in self.roles)


def army_views(system: System, entries: tuple[Entry, ...]) -> tuple[ArmyView, ...]:
    """Every army of `system`, with its units, rules and weapons (`entries`: the system's;
    a unit's rules are entries of its own system)."""
    if not system.armies:
        return ()
    by_id = {e.id: e for e in entries}
    units: dict[str, list[Entry]] = {a.id: [] for a in system.armies}
    rules: dict[str, list[Entry]] = {a.id: [] for a in system.armies}
    for entry in entries:
        target = units if entry.kind == "unit" else rules if entry.kind == "rule" else None
        if target is not None:
            for army in entry.armies:
                if army in target:
                    target[army].append(entry)
    weapon_types = {t.id: t for t in system.profile_types if t.kind == "weapon"}
    return tuple(
        ArmyView(army, _roles(system, units[army.id]), by_name(rules[army.id]), _core_rules(by_id, units[army.id]), _weapons(units[army.id], weapon_types))
        for army in system.armies
    )


def _roles(system: System, units: list[Entry]) -> tuple[tuple[str, tuple[Entry, ...]], ...]:
    grouped: dict[str, list[Entry]] = {}
    for unit in units:
        grouped.setdefault(unit.role if unit.role in system.roles else NO_ROLE, []).append(unit)
    order = [*system.roles, NO_ROLE]
    return tuple((role, by_name(grouped[role])) for role in order if role in grouped)


def _core_rules(by_id: dict[str, Entry], units: list[Entry]) -> tuple[Entry, ...]:
    found: dict[str, Entry] = {}
    for unit in units:
        for ref in (*unit_rule_refs(unit), *unit.wargear):
            rule = by_id.get(ref.rule)
            if rule is not None and rule.kind == "rule" and not rule.armies:
                found.setdefault(rule.key, rule)
    return by_name(list(found.values()))


def _weapons(units: list[Entry], types: dict[str, ProfileType]) -> tuple[Weapon, ...]:
    if not types:
        return ()
    found: dict[tuple[object, ...], tuple[Profile, list[Entry]]] = {}
    for unit in units:
        for profile in unit.profiles:
            if profile.type not in types:
                continue
            key = (profile.type, profile.name, profile.values, tuple((r.rule, r.args) for r in profile.rules))
            carriers = found.setdefault(key, (profile, []))[1]
            if unit not in carriers:
                carriers.append(unit)
    ordered = sorted(found.values(), key=lambda item: (list(types).index(item[0].type), normalise(item[0].name), item[0].values))
    return tuple(Weapon(types[profile.type], profile, by_name(carriers)) for profile, carriers in ordered)


WEAPON_PAGE_BYTES = 150_000  # about what a weapons page may hold before the next one starts
_WEAPON_BYTES, _CARRIER_BYTES = 700, 90  # what a weapon, and each unit carrying it, adds to a page


@dataclass(frozen=True)
class WeaponPart:
    """One page of an army's weapons: `part` is "" for the first page, else `2`, `3`..."""

    part: str
    title: str  # `A to F`, or "" when one page holds them all
    weapons: tuple[Weapon, ...]


def weapon_parts(view: ArmyView) -> tuple[WeaponPart, ...]:
    """An army's weapons on pages of a readable size: a weapon carried by dozens of units
    lists each of them, so a big army's weapons are cut, A to Z, into several pages."""
    pages: list[list[int]] = [[]]  # each page's weapons, by their place in `view.weapons`
    size = 0
    for index in sorted(range(len(view.weapons)), key=lambda i: (normalise(view.weapons[i].profile.name), i)):
        cost = _WEAPON_BYTES + _CARRIER_BYTES * len(view.weapons[index].carriers)
        if pages[-1] and size + cost > WEAPON_PAGE_BYTES:
            pages.append([])
            size = 0
        pages[-1].append(index)
        size += cost
    if len(pages) == 1:
        return (WeaponPart("", "", view.weapons),) if view.weapons else ()
    parts = []
    for number, indices in enumerate(pages, start=1):
        first, last = letter_of(view.weapons[indices[0]].profile.name), letter_of(view.weapons[indices[-1]].profile.name)
        ordered = tuple(view.weapons[i] for i in sorted(indices))  # by profile type, then A to Z
        parts.append(WeaponPart("" if number == 1 else str(number), first if first == last else f"{first} to {last}", ordered))
    return tuple(parts)


def type_anchor(type_id: str) -> str:
    """The heading id of a profile type's weapons on a weapons page."""
    return f"type-{type_id}"


def weapon_anchors(part: WeaponPart) -> tuple[str, ...]:
    """The heading id of each weapon of a weapons page, in its order: its name as the `toc`
    extension would make it, unique on the page (two weapons may share a name), so that
    search can link it and list it by name (`rulesref.pages.findable`)."""
    used = {type_anchor(weapon.type.id) for weapon in part.weapons}
    return tuple(unique(slugify(weapon.profile.name, "-") or "weapon", used) for weapon in part.weapons)


@dataclass(frozen=True)
class LetterPart:
    """One A to Z page of a kind: its letters (`S`, or `S (2)`) and its entries."""

    kind: str
    part: str  # the page's part of the path: `s`, `s-2`, `other`
    title: str
    entries: tuple[Listing, ...]


def letter_of(name: str) -> str:
    """The A to Z heading a name is listed under ("#" for a digit or a sign)."""
    return name[:1].upper() if name[:1].isalpha() and name[:1].isascii() else "#"


def letter_parts(entries: tuple[Listing, ...], kind: str) -> tuple[LetterPart, ...]:
    """The A to Z pages of one kind's entries: a page per letter, a letter of more than
    `PAGE_ITEMS` entries cut into numbered pages."""
    letters: dict[str, list[Listing]] = {}
    for entry in by_name([e for e in entries if e.kind == kind]):
        letters.setdefault(letter_of(entry.name), []).append(entry)
    parts = []
    for letter, members in sorted(letters.items()):
        base = "other" if letter == "#" else letter.lower()
        chunks = [members[i : i + PAGE_ITEMS] for i in range(0, len(members), PAGE_ITEMS)]
        for number, chunk in enumerate(chunks, start=1):
            part = base if number == 1 else f"{base}-{number}"
            title = letter if len(chunks) == 1 else f"{letter} ({number} of {len(chunks)})"
            parts.append(LetterPart(kind, part, title, tuple(chunk)))
    return tuple(parts)


def tag_parts(count: int) -> int:
    """How many pages list the `count` entries of a tag (at most `PAGE_ITEMS` each)."""
    return max(1, -(-count // PAGE_ITEMS))


def tag_part(entries: tuple[Listing, ...], part: int) -> tuple[Listing, ...]:
    """The entries the tag's page number `part` lists."""
    return entries[(part - 1) * PAGE_ITEMS : part * PAGE_ITEMS]


def glossary_inline() -> int:
    """The most terms the glossary lists on one page; past it, each system's have one."""
    return INLINE_MAX * 2


def is_big(entries: tuple[Entry, ...] | tuple[Listing, ...], kind: str) -> bool:
    """Whether a kind has too many entries to list on its system's page."""
    return sum(1 for e in entries if e.kind == kind) > INLINE_MAX
