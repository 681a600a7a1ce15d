"""How search finds an entry by its name: the names an entry page gives the theme's search,
and the list of every entry's names that the site's search script ranks results by.

The theme's search weighs each word of a query by how rare it is, with a wildcard on every
word, so a query that is exactly an entry's name can list that entry below others
(`assets/rulesref-search.js` says why). The names file tells the page which entries are
named what was typed; the script puts them first.
"""

from __future__ import annotations

import json
import re

from rulesref.model import Entry, System
from rulesref.pages import paths

NAMES_FILE = f"{paths.ASSETS}/rulesref-names.json"


def search_names(entry: Entry) -> list[str]:
    """What search must find the entry by first: its name and aliases, each also with `&`
    written as `and` (and the other way), as the page's search tags. The theme weighs a
    tag a thousand times a title, so a search for a name ranks its entry above pages that
    only mention it or have a longer name starting the same way."""
    return _spellings(entry.name, entry.aliases)


def _spellings(first: str, aliases: tuple[str, ...]) -> list[str]:
    names: list[str] = []
    for name in (first, *aliases):
        for spelling in (name, name.replace("&", "and"), re.sub(r"\band\b", "&", name)):
            spelling = " ".join(spelling.split())
            if spelling not in names:
                names.append(spelling)
    return names


Named = tuple[str, str, str, tuple[str, ...]]  # an entry's system, id, name and aliases


def named(entries: tuple[Entry, ...]) -> tuple[Named, ...]:
    """What the names file says of each entry (all it is written from, with the systems)."""
    return tuple((e.system, e.id, e.name, e.aliases) for e in entries)


def names_file(systems: tuple[System, ...], entries: tuple[Named, ...]) -> bytes:
    """Every entry's page (its path from the site's root), its search title and its names:
    `[["w40k7/hit-and-run/", "Hit & Run · 40k 7th", ["Hit & Run", "Hit and Run"]], ...]`."""
    short = {system.id: system.short_name for system in systems}
    rows = [[paths.url_of(paths.page_of_entry(system, id_)), f"{name} · {short.get(system, system)}", _spellings(name, aliases)] for system, id_, name, aliases in entries]
    return (json.dumps(rows, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
