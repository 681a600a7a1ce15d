"""How search finds a thing by its name: the names an entry page gives the theme's search,
and the list of every name a player may type exactly (an entry's, a weapon's, a profile
row's) with where it is, which the site's search script ranks results by.

The theme's search weighs each word of a query by how rare it is, with a wildcard on every
word, so a query that is exactly a name can list what bears it below hundreds of others
(`assets/rulesref-search.js` says why). A weapon is a heading of its army's weapons page,
which the theme lists under that page, and a unit's profile rows are not in its index at
all. The names file tells the page what is named what was typed, and where; the script
puts those first.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from rulesref import paths
from rulesref.model import Entry, System
from rulesref.pages.armies import ArmyView, weapon_anchors, weapon_parts

NAMES_FILE = f"{paths.ASSETS}/rulesref-names.json"
PROFILES_ANCHOR = "profiles"  # the heading of an entry page's profiles (`site/entry.md.jinja`)


def search_names(entry: Entry) -> list[str]:
    """What search must find the entry by first: its name and aliases, each also with `&`
    written as `and` (and the other way), as the page's search tags. The theme weighs a
    tag a thousand times a title, so a search for a name ranks its entry above pages that
    only mention it or have a longer name starting the same way."""
    names: list[str] = []
    for name in (entry.name, *entry.aliases):
        for spelling in (name, name.replace("&", "and"), re.sub(r"\band\b", "&", name)):
            spelling = " ".join(spelling.split())
            if spelling not in names:
                names.append(spelling)
    return names


Page = tuple[str, str]  # a page's URL from the site's root, and its title in search results
Row = tuple[int, str, tuple[str, ...]]  # a page (its index), an anchor on it ("" for the page itself), the names found there


def findable(systems: tuple[System, ...], entries: tuple[Entry, ...], armies: Mapping[str, tuple[ArmyView, ...]]) -> tuple[tuple[Page, ...], tuple[Row, ...]]:
    """The pages and the names on them that search puts first, in the order they are put
    there: every entry by its name and aliases; then every weapon of an army's weapons
    page (one heading each); then the profile rows an entry page shows that no weapons page
    lists and that are not named as the entry. (`armies`: each system's army views, whose
    weapons pages are these.)"""
    short = {system.id: system.short_name for system in systems}
    pages: list[Page] = []
    named: list[Row] = []
    weapons: list[Row] = []
    profiles: list[Row] = []
    listed: dict[str, set[str]] = {}  # by entry key: the names of its rows a weapons page holds
    for system in systems:
        for view in armies.get(system.id, ()):
            for part in weapon_parts(view):
                title = f"Weapons of {view.army.name}" + (f": {part.title}" if part.title else "")
                pages.append((paths.url_of(paths.army_weapons_page(system.id, view.army.id, part.part)), title))
                for weapon, anchor in zip(part.weapons, weapon_anchors(part), strict=True):
                    weapons.append((len(pages) - 1, anchor, (weapon.profile.name,)))
                    for unit in weapon.carriers:
                        listed.setdefault(unit.key, set()).add(weapon.profile.name)
    for entry in entries:
        pages.append((paths.url_of(paths.page_of_entry(entry.system, entry.id)), f"{entry.name} · {short.get(entry.system, entry.system)}"))
        named.append((len(pages) - 1, "", (entry.name, *entry.aliases)))
        if not entry.profiles:
            continue
        # a row named as its entry is found as the entry, and one a weapons page lists there
        shown = {entry.name, *entry.aliases, *listed.get(entry.key, ())}
        rows = tuple(dict.fromkeys(p.name for p in entry.profiles if p.name not in shown))
        if rows:
            profiles.append((len(pages) - 1, PROFILES_ANCHOR, rows))
    return tuple(pages), (*named, *weapons, *profiles)


def names_file(pages: tuple[Page, ...], rows: tuple[Row, ...]) -> bytes:
    """`findable`'s pages and rows as the search script reads them:
    `{"pages": [["w40k7/boyz/", "Boyz · 40k 7th"], ...], "names": [[0, "", ["Boyz"]],
    [0, "profiles", ["Boss Nob", "Ork Boy"]], ...]}`. A name is written once, as it is
    written in the content: the script compares names in any case, `&` or `and`."""
    data = {"pages": [list(page) for page in pages], "names": [[page, anchor, list(names)] for page, anchor, names in rows]}
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
