"""The "Open a roster" page: a player's BattleScribe roster read in the browser, matched to the
imported entries and shown as the army page `rulesref roster` writes, nothing uploaded.

The page needs what the command's matcher reads of the content (`rulesref.formats.roster.
match`): the imported entries by the BattleScribe ids in their `origin`, each unit's rules with
the values it takes them with, its profile rows and their rules, each rule's summary and text.
Each system has an index (`assets/roster/<system>.js`: the entries by those ids, each entry's
kind and part) and its records in parts, one per army and one for the entries of none
(`assets/roster/<system>/<part>.js`), so that the page reads the parts a roster names rather
than every army of a game; each is a classic script, which a page opened from the file system
can load where it could fetch nothing. What the command derives from an entry is derived here
by the command's own functions (a rule's name as taken, its text as paragraphs, the words its
copy in a roster is compared by), so the script in the browser only looks values up; it
repeats the matching itself, and a test proves both give the same army on every fixture
roster.

The page exists when some entry was imported from BattleScribe: other content has nothing a
roster could name. Where units are played (`played_with`), a second roster, the opponent's,
makes a matrix of each weapon against each of its units (`assets/rulesref-matrix.js`, reading
each unit's `versus`: `rulesref.pages.versus_forms.roster_versus`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from rulesref import paths
from rulesref.formats.battlescribe.naming import data_revision
from rulesref.formats.battlescribe.read import MAX_DEPTH, MAX_XML_BYTES, MAX_ZIP_BYTES
from rulesref.formats.roster.match import RULE_KINDS, UNIT_KINDS, compared
from rulesref.formats.roster.write import anchor, paragraphs
from rulesref.incremental.memo import Get, fresh
from rulesref.links import display_name
from rulesref.model import Entry, RuleRef, System
from rulesref.pages import try_it, versus_forms
from rulesref.pages.markdown import attribute, front_matter, plain
from rulesref.support.templates import render
from rulesref.versus.matchups import HALF_RANGE
from rulesref.versus.matrix import MEAN_FIELD, ONE_MODEL, REMOVED_FIELD, units_of_army
from rulesref.versus.runtime import NONE_VALUE

PAGE = paths.ROSTER_PAGE
SCRIPT = f"{paths.ASSETS}/rulesref-roster.js"
MATRIX_SCRIPT = f"{paths.ASSETS}/rulesref-matrix.js"  # a roster against another (`rulesref.versus.matrix`)
DATA = f"{paths.ASSETS}/roster"


def data_file(system_id: str) -> str:
    return f"{DATA}/{system_id}.js"


def imported(entry: Entry) -> bool:
    """Whether an entry came from BattleScribe data, so that a roster can name it."""
    return entry.origin is not None and entry.origin.source_format == "battlescribe"


class RosterFacts(Protocol):
    """What the page and its data files read (`rulesref.pages.writer.Pages` answers)."""

    def systems(self) -> tuple[System, ...]: ...
    def entries_of(self, system_id: str) -> tuple[Entry, ...]: ...
    def roster_forms_of(self, key: str) -> dict[str, str]: ...
    def roster_versus_of(self, key: str) -> list[dict[str, Any]]: ...


def roster_systems(site: RosterFacts) -> tuple[System, ...]:
    """The systems with imported entries: the ones a roster can be matched to."""
    return tuple(s for s in site.systems() if any(imported(e) for e in site.entries_of(s.id)))


def _uses(refs: tuple[RuleRef, ...], by_id: dict[str, Entry], wanted: set[str]) -> list[str | list[str]]:
    """Each reference to an entry of the system (as the matcher's `refs`): its id, or `[id,
    name as taken]` where that is not the entry's own name ("Brutal (3)")."""
    uses: list[str | list[str]] = []
    for ref in refs:
        entry = by_id.get(ref.rule)
        if entry is not None:
            wanted.add(entry.id)
            shown = display_name(entry, ref.args)
            uses.append(entry.id if shown == entry.name else [entry.id, shown])
    return uses


def text_digest(text: str) -> int:
    """A 53-bit digest of a rule's words as `compared` gives them (cyrb53 over UTF-16 code
    units, as `digest` in the script computes it): a roster's copy of a rule is compared by
    it, so the data need not carry every rule's words twice."""
    h1, h2 = 0xDEADBEEF, 0x41C6CE57
    units = text.encode("utf-16-le")
    for i in range(0, len(units), 2):
        code = units[i] | units[i + 1] << 8
        h1 = ((h1 ^ code) * 2654435761) & 0xFFFFFFFF
        h2 = ((h2 ^ code) * 1597334677) & 0xFFFFFFFF
    h1 = ((h1 ^ (h1 >> 16)) * 2246822507) & 0xFFFFFFFF
    h1 ^= ((h2 ^ (h2 >> 13)) * 3266489909) & 0xFFFFFFFF
    h2 = ((h2 ^ (h2 >> 16)) * 2246822507) & 0xFFFFFFFF
    h2 ^= ((h1 ^ (h1 >> 13)) * 3266489909) & 0xFFFFFFFF
    return 4294967296 * (2097151 & h2) + h1


class _Columns:
    """The characteristic names of profile rows, each distinct list once (a real army's
    thousands of rows share a few dozen)."""

    def __init__(self) -> None:
        self.lists: list[list[str]] = []
        self._index: dict[tuple[str, ...], int] = {}

    def of(self, names: tuple[str, ...]) -> int:
        if names not in self._index:
            self._index[names] = len(self.lists)
            self.lists.append(list(names))
        return self._index[names]


def _named(entry: Entry, by_id: dict[str, Entry]) -> tuple[Entry | None, ...]:
    """The entries of the system that a unit's record names (its rules, wargear and rows' rules)."""
    if entry.kind not in UNIT_KINDS:
        return ()
    return tuple(by_id.get(ref.rule) for ref in (*entry.rules, *entry.wargear, *(r for p in entry.profiles for r in p.rules)))


Record = tuple[dict[str, Any], tuple[str, ...]]  # an entry's record (its rows' columns by name), and the ids of the entries it names


def _record(entry: Entry, versus: list[dict[str, Any]], forms: dict[str, str], by_id: dict[str, Entry]) -> Record:
    """An entry's record as the page matches it: for a unit, `versus` is what the roster
    matrix reads of it; for a rule, `forms` its "Try it" forms. Each row's columns are given
    by name here (`_numbered` numbers them)."""
    wanted: set[str] = set()
    record: dict[str, Any] = {"kind": entry.kind, "name": entry.name}
    if entry.aliases:
        record["aliases"] = list(entry.aliases)
    if entry.kind in UNIT_KINDS:
        record |= {
            "rules": _uses(entry.rules, by_id, wanted),
            "wargear": _uses(entry.wargear, by_id, wanted),
            # [type, name, columns, values, rules]: `columns` indexes the system's lists of names
            "profiles": [[p.type, p.name, tuple(c for c, _ in p.values), [v for _, v in p.values], _uses(p.rules, by_id, wanted)] for p in entry.profiles],
        }
        if versus:  # a unit of a played system: what the matrix of a roster against another reads
            record["versus"] = versus
    if entry.kind in RULE_KINDS:
        record |= {
            "summary": entry.summary,
            "paragraphs": paragraphs(entry.text or entry.summary),
            "anchor": anchor(entry.key),
            "url": paths.url_of(paths.relative(PAGE, paths.entry_page(entry))),
        }
        if entry.text:
            record["digest"] = text_digest(compared(entry.text))
        if forms:
            record["forms"] = list(forms.values())
    return record, tuple(sorted(wanted))


def _numbered(record: dict[str, Any], columns: _Columns) -> dict[str, Any]:
    """A record with its rows' columns as numbers in the system's lists (a new record: the
    one made is kept as it is for the next run)."""
    if "profiles" not in record:
        return record
    return record | {"profiles": [[kind, name, columns.of(names), values, uses] for kind, name, names, values, uses in record["profiles"]]}


COMMON = "_common"  # the part holding entries of no army (no army id starts with "_")


def part_of(entry: Entry) -> str:
    """The data part an entry's record is in: its first army's, else the common one. A
    roster names one army or a few, so the page reads only their parts (and the common)."""
    return entry.armies[0] if entry.armies else COMMON


def part_file(system_id: str, part: str) -> str:
    return f"{DATA}/{system_id}/{part}.js"


def system_data(site: RosterFacts, system: System, get: Get = fresh) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """One system's share of what the page matches rosters against: its index (the entries
    by the BattleScribe ids they came from, each entry's kind and part, the shared tables)
    and the records of each part, by entry id. With a long-lived process's `get` (`serve`),
    an entry's record is made again only when the entry, the entries it names or what the
    site gives it (its forms) changed; those are asked of `site` each run, so the questions
    this file read are recorded whichever records were kept."""
    entries = site.entries_of(system.id)
    by_id = {e.id: e for e in entries}
    elements: dict[str, list[str]] = {}
    wanted: set[str] = set()
    for entry in entries:  # in content order, as the matcher's index holds them
        if entry.origin is not None and imported(entry):
            wanted.add(entry.id)
            for element in (entry.origin.element, *entry.origin.also):
                elements.setdefault(element, []).append(entry.id)
    made: dict[str, dict[str, Any]] = {}
    while len(made) < len(wanted):  # a unit's record adds the rules it names
        for entry_id in sorted(wanted - made.keys()):
            entry = by_id[entry_id]
            versus = site.roster_versus_of(entry.key) if entry.kind in UNIT_KINDS else []
            forms = site.roster_forms_of(entry.key) if entry.kind in RULE_KINDS else {}
            made[entry_id], named = get(entry.key, (entry, _named(entry, by_id), versus, forms), lambda e=entry, v=versus, f=forms: _record(e, v, f, by_id))  # type: ignore[misc]
            wanted.update(named)
    columns = _Columns()
    records = {entry_id: _numbered(record, columns) for entry_id, record in made.items()}  # (in the order made: the numbers are as they were)
    parts: dict[str, dict[str, Any]] = {}
    for entry_id in sorted(records):
        parts.setdefault(part_of(by_id[entry_id]), {})[entry_id] = records[entry_id]
    names = sorted(parts)
    numbers = {entry_id: n for n, entry_id in enumerate(sorted(records))}
    index = {
        "system": system.id,
        "revision": data_revision(system.edition),
        "types": {t.id: t.name for t in system.profile_types},
        "columns": columns.lists,
        # [id, kind, its part's number] of every entry with a record; the ids below are their numbers
        "entries": [[entry_id, records[entry_id]["kind"], names.index(part_of(by_id[entry_id]))] for entry_id in sorted(records)],
        "elements": {element: [numbers[i] for i in ids] for element, ids in elements.items()},
        "parts": [[part, paths.relative(PAGE, part_file(system.id, part))] for part in names],
    }
    if system.played_with is not None:  # an army whole, as the opponent of a roster's matrix (`rulesref versus --against-army`)
        index["armies"] = [[a.id, a.name, [numbers[u.id] for u in units_of_army(entries, a.id) if u.id in numbers]] for a in system.armies]
    return index, parts


def _script(key: str, data: object) -> bytes:
    """A classic script that adds `data` to `rulesrefRosters` under `key`."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"(globalThis.rulesrefRosters ??= {{}})[{json.dumps(key)}] = {text};\n".encode()


def data_scripts(site: RosterFacts, system_id: str, get: Get = fresh) -> dict[str, bytes]:
    """A system's data files: its index, and one file per part."""
    system = next(s for s in site.systems() if s.id == system_id)
    index, parts = system_data(site, system, get)
    files = {data_file(system_id): _script(system_id, index)}
    for part, records in parts.items():
        files[part_file(system_id, part)] = _script(f"{system_id}/{part}", {"entries": records})
    return files


def page(site: RosterFacts, systems: tuple[System, ...]) -> str:
    """The page: a file picker and drop zone, and where the army is shown."""
    limits = {"bytes": MAX_XML_BYTES, "zipBytes": MAX_ZIP_BYTES, "depth": MAX_DEPTH}
    # what a cell of the matrix sums up and aims at, as `rulesref versus --roster --against` does
    matrix = {"mean": MEAN_FIELD, "removed": REMOVED_FIELD, "target": ONE_MODEL, "none": NONE_VALUE, "band": HALF_RANGE, **versus_forms.roster_shared(systems, PAGE)}
    return render(
        "site/roster.md.jinja",
        front=front_matter(title="Open a roster", description="Your army's rules from a BattleScribe roster: read in your browser, printable, offline.", hide=["toc"]),
        systems=plain(", ".join(s.name for s in systems)),
        data=attribute(json.dumps([paths.relative(PAGE, data_file(s.id)) for s in systems])),
        limits=attribute(json.dumps(limits)),
        script=attribute(paths.relative(PAGE, SCRIPT)),
        matrix=attribute(json.dumps(matrix)),
        matrix_scripts=[attribute(paths.relative(PAGE, s)) for s in (try_it.VERSUS_SCRIPT, MATRIX_SCRIPT)],
    )


def roster_page(site: RosterFacts, kept: Callable[[str, Callable[[], Any]], Any]) -> dict[str, bytes]:
    """The page, made through `kept(name, make)` (which records what it read:
    `rulesref.incremental.reads`); or nothing when no entry came from BattleScribe. It names
    its data files (`roster_data`) by their systems only."""
    systems = roster_systems(site)
    return {PAGE: kept(PAGE, lambda: page(site, systems).encode("utf-8"))} if systems else {}


def roster_data(site: RosterFacts, kept: Callable[[str, Callable[[], Any]], Any], get: Get = fresh) -> dict[str, bytes]:
    """Each system's data files, each made through `kept(name, make)`, their entries'
    records through `get` (`system_data`); or nothing when no entry came from BattleScribe."""
    files: dict[str, bytes] = {}
    for system in roster_systems(site):
        files.update(kept(data_file(system.id), lambda s=system.id: data_scripts(site, s, get)))  # type: ignore[misc]
    return files
