"""Composing one system at a time: its units with the effects of its rules.

Effects act within their system, so each system is composed on its own as soon as its files
are loaded, while the rest of the content still loads. A system played with another
(`played_with`: imported data played with a written system's steps) is composed with that
system's steps and rules beside its own entries, once both are loaded; what comes out is its
own units and the problems of its own files (the other system's are that system's).

Here each unit of a system gets its composed checks (`composed_content`; how one check is
composed is `rulesref.logic.compose`). Imported units whose compositions are alike share
one, made once a run; a long-lived process (`serve`) keeps each from run to run while all it
is made from is equal (`_composed_from`), so a save of one unit composes only what that unit
is the first to compose.
"""

from __future__ import annotations

from dataclasses import fields, replace
from functools import partial

from rulesref.incremental.memo import Get, Memo, fresh
from rulesref.logic.alike import Key, composition_key
from rulesref.logic.compose import Composition, compose, composed_summary, compositions, targets
from rulesref.logic.conflicts import conflict_problems
from rulesref.logic.effects import Effects, Resolved, resolve_all
from rulesref.model import Check, Content, Entry, System, Target
from rulesref.problems import Problem
from rulesref.problems.suggest import did_you_mean
from rulesref.read.load import Document

COMPOSED = "composed"  # the memo's stage: a system's units composed with its effects, by every entry they can read
ALIKE = "alike"  # the stage of a system's compositions that units share (one stage a system: a system composed again keeps the others')


def composed_system(system: str, entries: list[Entry], memo: Memo, played: tuple[System, list[Entry]] | None = None) -> tuple[dict[str, Entry], list[Problem]]:
    """The entries of `system` that composing changed (its units, with their composed
    checks), by key, and the problems of its effects and of composing, from its entries with
    checks or effects and its units (and, for a system `played` with another, that system and
    the other's entries): a long-lived process reuses a system's when those are equal (an
    edit of a text alone, or of another system, composes nothing again)."""
    others = [e for e in played[1] if e.checks or e.effects] if played is not None else []
    reads = tuple(e for e in entries if e.checks or e.effects or e.kind == "unit")
    if not any(e.kind == "unit" or e.effects for e in reads):
        return {}, []  # nothing to compose, nothing to resolve

    def make() -> tuple[dict[str, Entry], list[Problem]]:
        part = Content(systems=(played[0],) if played is not None else (), entries=(*entries, *others))
        effects, found = resolve_all(part)
        found += conflict_problems(effects.resolved)
        composed, composing = composed_content(part, effects, memo.stage(f"{ALIKE}:{system}"))
        if played is None:
            return composed, found + composing
        mine = {e.where.doc.path for e in entries}
        return {k: v for k, v in composed.items() if v.system == system}, [p for p in found + composing if p.path in mine]

    made: tuple[dict[str, Entry], list[Problem]] = memo.get(COMPOSED, system, (reads, played[0] if played is not None else None, tuple(others)), make)
    return made


def composed_content(content: Content, effects: Effects, get: Get = fresh) -> tuple[dict[str, Entry], list[Problem]]:
    """Every unit with its composed checks added, by key, and the problems of composing
    (examples for a check no rule composes, a composed check without examples). With a
    long-lived process's `get` (`serve`), a composition units share (`rulesref.logic.alike`)
    is made again only when the unit it is made for (the first in content order, whose place
    it carries), its step or its effects changed: an edit of another unit composes nothing."""
    resolved = effects.resolved
    owners: dict[str, list[Resolved]] = {}  # each entry's effects, by its key
    for one in resolved:
        owners.setdefault(one.effect.owner, []).append(one)
    found = compositions(content, owners, effects.versus)
    by_unit: dict[str, list[Composition]] = {}
    for c in found:
        by_unit.setdefault(c.unit.key, []).append(c)
    problems: list[Problem] = []
    composed: dict[str, Entry] = {}
    aimed: dict[str, tuple[Target, ...]] = {}  # each versus step's targets, made once
    alike: dict[Key, Check] = {}  # compositions that compute the same, made once (`rulesref.logic.alike`)
    for entry in content.entries:
        mine = by_unit.get(entry.key, [])
        written = {name: (examples, where) for name, examples, where in entry.composed}
        names = [c.name for c in mine]
        for name, (_, where) in written.items():
            if name not in names:
                shown = ", ".join(f"`{n}`" for n in names) or "none"
                problems.append(where.problem("unknown-composed", f"{entry.name} has no composed check `{name}` (its rules compose: {shown}){did_you_mean(name, names)}", key=True))
        if not mine:
            continue
        checks = list(entry.checks)
        depends: dict[str, Document] = {}
        for c in mine:
            if any(existing.name == c.name for existing in entry.checks):
                problems.append(entry.where.problem("duplicate-name", f"{entry.name} has a check `{c.name}` of its own, and its rules compose one of that name too"))
                continue
            examples = written.get(c.name, ((), entry.where))[0]
            owner = content.system(entry.system)
            played = owner.played_with if owner is not None else None
            if not examples and c.effects and played is None:  # (an imported unit's examples are its step's and its rules')  # (a step only core effects change is the same for every unit: its own examples show it)
                made = f"{c.step.words} with {', '.join(sorted({e.owner_id for e in c.effects}) + (['its core effects'] if c.core else []))}"
                problems.append((entry.where / "rules").problem("composed-without-examples", f"the composed check `{c.name}` ({made}) has no examples: give some under `composed: {{{c.name}: {{examples: [...]}}}}`", severity="warning"))
            key = composition_key(c.step, c.effects, c.core) if played is not None and not examples else None
            twin = alike.get(key) if key is not None else None
            composing: tuple[Check | None, list[Problem]]
            if twin is not None:
                composing = replace(twin, summary=composed_summary(c)), []
            elif key is not None:
                composing = get(key, _composed_from(c), partial(compose, c, examples))
            else:
                composing = compose(c, examples)
            check, found_problems = composing
            if key is not None and twin is None and check is not None and not found_problems:
                check = alike[key] = replace(check, alike=key)
            if check is not None and c.step.check.versus and played is None:  # (an imported unit's targets are its whole system: `rulesref.versus`)
                if c.step.key not in aimed:
                    aimed[c.step.key] = targets(c.step, content, owners)
                check = replace(check, targets=aimed[c.step.key])
            problems += found_problems
            if check is not None:
                checks.append(check)
            if played is not None and any(played.args(ref.rule) for ref in entry.rules):  # the values the mapping gives its rules' parameters
                depends[played.where.doc.path] = played.where.doc
            if c.step.entry.where.doc is not entry.where.doc:  # the step's file, though no rule of the unit changes it (a Versus step)
                depends[c.step.entry.where.doc.path] = c.step.entry.where.doc
            for one in (*c.core, *c.effects):
                for doc in (one.step.entry.where.doc, one.effect.where.doc):  # the step's file and the effect's
                    if doc is not entry.where.doc:
                        depends[doc.path] = doc
        composed[entry.key] = replace(entry, checks=tuple(checks), depends=tuple(depends[p] for p in sorted(depends)))
    return composed, problems


def _composed_from(c: Composition) -> tuple[object, ...]:
    """All a composition is made from, to keep it from run to run: its unit, its step and
    every effect applied (with its owner's name, its typed inputs...), each step as its entry
    and check (its analysis is made again every run, and `compose` reads none of it)."""

    def resolved(one: Resolved) -> tuple[object, ...]:
        return (one.step.entry, one.step.check, *(getattr(one, f.name) for f in fields(one) if f.name != "step"))

    return (c.unit, c.step.entry, c.step.check, tuple(resolved(one) for one in c.core), tuple(resolved(one) for one in c.effects))
