"""The static JSON API: `api/index.json` (systems), `api/<system>/index.json` (its entries)
and `api/<system>/<id>.json` (one entry in full), described by `schemas/api.schema.json`,
which is published beside them as `api/schema.json`.

Files are built from the model and the same check views the pages show, with keys in a
fixed order, so two builds write the same bytes.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Protocol

from rulesref import paths
from rulesref.config import Settings
from rulesref.incremental.memo import Get, call, fresh
from rulesref.model import Content, Entry, Listing, RuleRef, System, typed_value
from rulesref.support.schemas import API, schema_dir
from rulesref.views.checks import CheckView, OddsView, PoolView
from rulesref.views.relations import LinkOut

VERSION = 1


def dump(data: object) -> bytes:
    """Compact JSON (the C encoder: a big site writes thousands of these files)."""
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _ref(settings: Settings, entry: Entry | Listing, args: tuple[tuple[str, Any], ...] = ()) -> dict[str, Any]:
    ref: dict[str, Any] = {"system": entry.system, "id": entry.id, "name": entry.name, "url": settings.entry_url(entry)}
    if args:
        ref["args"] = dict(args)
    return ref


def _system(settings: Settings, system: System, counts: Counter[tuple[str, str]]) -> dict[str, Any]:
    return {
        "id": system.id,
        "name": system.name,
        "edition": system.edition,
        "short_name": system.short_name,
        "publisher": system.publisher,
        "year": system.year,
        "summary": system.summary,
        "url": settings.system_url(system.id),
        "index": f"{system.id}/index.json",
        "counts": {kind: counts[(system.id, kind)] for kind in ("rule", "unit", "term")},
        "books": [{"id": b.id, "title": b.title, "year": b.year, "edition": b.edition} for b in system.books],
        "profile_types": [{"id": t.id, "name": t.name, "characteristics": list(t.characteristics), "kind": t.kind} for t in system.profile_types],
        "armies": [{"id": a.id, "name": a.name, "summary": a.summary, "url": settings.site_url + paths.url_of(paths.army_page(system.id, a.id))} for a in system.armies],
        "roles": list(system.roles),
    }


def _check(view: CheckView, part_ref: Callable[[str], dict[str, Any] | None]) -> dict[str, Any]:
    return {
        "name": view.name,
        "summary": view.summary,
        "module": view.module,
        "function": view.name,
        "odds_function": view.odds_name,
        "signature": view.signature,
        "args": [
            {
                "name": a.name,
                "kind": a.kind,
                "type": a.annotation,
                "values": a.domain,
                "summary": a.summary,
                "min": a.lo,
                "max": a.hi,
                "choices": list(a.values),
                "dice": a.dice,
            }
            for a in view.args
        ],
        "output": {
            "record": view.record_class,
            "fields": [{"name": f.name, "type": f.annotation, "values": f.domain, "summary": f.summary} for f in view.fields],
        },
        "examples": [
            {
                "given": dict(e.given),
                "expect": (None if e.expect is None else e.expect[0][1] if view.record_class is None else dict(e.expect)),
                "raises": e.raises,
                "note": e.note,
            }
            for e in view.examples
        ],
        "pools": [_pool(p) for p in view.pools],
        "odds": [_odds(view, o) for o in view.odds],
        "composed_from": [{"entry": part_ref(entry_id), "words": words} for entry_id, words in view.parts],
        "versus": view.versus,
        "targets": [
            {"unit": part_ref(unit), "values": dict(values), "composed_from": [{"entry": part_ref(e), "words": w} for e, w in parts]}
            for unit, values, parts in view.targets
        ],
    }


def _pool(pool: PoolView) -> dict[str, Any]:
    return {
        "name": pool.name,
        "summary": pool.summary,
        "dice": pool.dice,
        "die": pool.die,
        "target": pool.target,
        "modifier": pool.modifier,
        "best": pool.best,
        "natural": {str(face): meaning for face, meaning in pool.natural},
        "classes": dict(pool.classes),
        "fails": pool.fails,
        "reroll": pool.reroll,
        "explode": None if pool.explode is None else {"at": pool.explode[0], "depth": pool.explode[1]},
        "keep": None if pool.keep is None else {pool.keep[0]: pool.keep[1]},
        "counts": list(pool.counts),
        "total": pool.total,
    }


def _chance(p: Fraction) -> dict[str, Any]:
    """A chance exactly, as text (its numbers can be too long for a JSON number), and as a percentage."""
    return {"exact": f"{p.numerator}/{p.denominator}", "percent": float(p * 100)}


def _odds(view: CheckView, odds: OddsView) -> dict[str, Any]:
    """The odds the page charts for one set of the arguments not rolled: each outcome's chance
    (the fields that vary; `fixed` holds the others), and for one number its chance of that
    value or more and its mean."""
    at_least = odds.at_least
    mean = odds.mean
    return {
        "given": dict(odds.given),
        "fixed": dict(odds.fixed),
        "summed": list(odds.summed),
        "outcomes": [
            {"result": dict(outcome), **_chance(p), **({"at_least": _chance(at_least[i])} if at_least is not None else {})}
            for i, (outcome, p) in enumerate(odds.outcomes)
        ],
        "mean": None if mean is None else {"exact": f"{mean.numerator}/{mean.denominator}", "value": float(mean)},
    }


class EntryFacts(Protocol):
    """What an entry's JSON file is written from besides the entry (`rulesref.pages.writer.Pages`
    answers these, so what the file read is recorded with its page)."""

    def settings(self) -> Settings: ...
    def entry_of(self, key: str) -> Entry | None: ...
    def links_out(self, key: str) -> tuple[LinkOut, ...]: ...
    def referenced_by(self, key: str) -> tuple[Listing, ...]: ...
    def same_rule_of(self, key: str) -> tuple[Listing, ...]: ...
    def checks_of(self, key: str) -> tuple[CheckView, ...]: ...


def _entry(facts: EntryFacts, entry: Entry, system: System) -> dict[str, Any]:
    settings = facts.settings()
    table = None
    if entry.table is not None:
        table = {
            "die": entry.table.die,
            "title": entry.table.title,
            "rows": [{"roll": r.roll, "title": r.title, "result": r.result} for r in entry.table.rows],
        }
    source = None
    if entry.source is not None:
        book = system.book(entry.source.book)
        source = {
            "book": entry.source.book,
            "title": book.title if book else None,
            "page": entry.source.page,
            "section": entry.source.section,
        }
    def refs(written: tuple[RuleRef, ...]) -> list[dict[str, Any]]:
        targets = ((facts.entry_of(f"{entry.system}:{ref.rule}"), ref.args) for ref in written)
        return [_ref(settings, target, args) for target, args in targets if target is not None]

    def part_ref(entry_id: str) -> dict[str, Any] | None:
        target = facts.entry_of(f"{entry.system}:{entry_id}")
        return _ref(settings, target) if target is not None else None

    profiles = []
    for profile in entry.profiles:
        profile_type = system.profile_type(profile.type)
        order = profile_type.characteristics if profile_type is not None else tuple(c for c, _ in profile.values)
        values = {c: profile.value(c) for c in order}
        typed = {c: {"kind": kind, "value": number} for c in order if (found := typed_value(profile.value(c) or "")) is not None for kind, number in (found,)}
        profiles.append({"type": profile.type, "name": profile.name, "values": values, "typed": typed, "rules": refs(profile.rules)})
    links: list[dict[str, Any]] = []
    for target, args in facts.links_out(entry.key):
        item = _ref(settings, target, args)
        if item not in links:
            links.append(item)
    return {
        "system": entry.system,
        "id": entry.id,
        "kind": entry.kind,
        "name": entry.name,
        "aliases": list(entry.aliases),
        "summary": entry.summary,
        "url": settings.entry_url(entry),
        "text": entry.text,
        "notes": entry.notes,
        "params": [
            {"name": p.name, "type": p.type, "summary": p.summary, "min": p.min, "max": p.max, "values": list(p.values)}
            for p in entry.params
        ],
        "table": table,
        "rules": refs(entry.rules),
        "wargear": refs(entry.wargear),
        "options": [
            {
                "name": option.name,
                "group": option.group,
                "rules": refs(option.rules),
                "rows": list(option.rows),
                "unit": part_ref(option.unit) if option.unit is not None else None,
                "element": option.element,
            }
            for option in entry.options
        ],
        "armies": list(entry.armies),
        "role": entry.role,
        "source": source,
        "tags": list(entry.tags),
        "links": links,
        "referenced_by": [_ref(settings, e) for e in facts.referenced_by(entry.key)],
        "same_as": [_ref(settings, e) for e in facts.same_rule_of(entry.key)],
        "corrections": [{"original": c.original, "corrected": c.corrected, "reason": c.reason} for c in entry.corrections],
        "checks": [_check(v, part_ref) for v in facts.checks_of(entry.key)],
        "profiles": profiles,
    }


def api_index(settings: Settings, systems: tuple[System, ...], counts: tuple[tuple[tuple[str, str], int], ...]) -> bytes:
    """`api/index.json`: every system, with how many entries of each kind it has (`counts`)."""
    counted = Counter(dict(counts))
    return dump({"version": VERSION, "schema": "schema.json", "site": settings.site_url, "systems": [_system(settings, s, counted) for s in systems]})


def api_listing(settings: Settings, system: System, entries: tuple[Entry, ...]) -> bytes:
    """A system's `index.json`: each of its entries, briefly, with the path of its own file."""
    listed = [
        {
            "id": e.id,
            "kind": e.kind,
            "name": e.name,
            "aliases": list(e.aliases),
            "summary": e.summary,
            "armies": list(e.armies),
            "url": settings.entry_url(e),
            "data": f"{e.id}.json",
        }
        for e in entries
    ]
    return dump({"version": VERSION, "system": system.id, "entries": listed})


def api_files(settings: Settings, content: Content, get: Get = fresh) -> dict[str, bytes]:
    """The JSON API's index files: the whole content's and each system's (each entry's own
    file is `entry_file`, rendered beside the entry's page). With `get`, a file whose
    arguments are unchanged since the last render is not rendered again."""
    counts = tuple(sorted(Counter((e.system, e.kind) for e in content.entries).items()))
    files: dict[str, bytes] = {
        "api/index.json": call(get, "api/index.json", api_index, settings, content.systems, counts),
        "api/schema.json": (schema_dir() / API).read_bytes(),
    }
    for system in content.systems:
        name = paths.api_system(system.id)
        files[name] = call(get, name, api_listing, settings, system, content.entries_of(system.id))
    return files


def entry_file(facts: EntryFacts, entry: Entry, system: System) -> bytes:
    """An entry's JSON file (at `paths.api_entry`)."""
    return dump({"version": VERSION, **_entry(facts, entry, system)})

