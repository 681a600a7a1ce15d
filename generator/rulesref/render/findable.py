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

from rulesref.model import Content, Entry
from rulesref.render import paths

NAMES_FILE = f"{paths.ASSETS}/rulesref-names.json"


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


def names_file(content: Content) -> bytes:
    """Every entry's page (its path from the site's root), its search title and its names:
    `[["w40k7/hit-and-run/", "Hit & Run · 40k 7th", ["Hit & Run", "Hit and Run"]], ...]`."""
    short = {system.id: system.short_name for system in content.systems}
    rows = [[paths.url_of(paths.entry_page(e)), f"{e.name} · {short.get(e.system, e.system)}", search_names(e)] for e in content.entries]
    return (json.dumps(rows, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
