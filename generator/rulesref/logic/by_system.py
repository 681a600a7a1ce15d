"""Composing one system at a time: its units with the effects of its rules.

Effects act within their system, so each system is composed on its own as soon as its files
are loaded, while the rest of the content still loads. A system played with another
(`played_with`: imported data played with a written system's steps) is composed with that
system's steps and rules beside its own entries, once both are loaded; what comes out is its
own units and the problems of its own files (the other system's are that system's).
"""

from __future__ import annotations

from rulesref.incremental.memo import Memo
from rulesref.logic.compose import composed_content
from rulesref.logic.conflicts import conflict_problems
from rulesref.logic.effects import resolve_all
from rulesref.model import Content, Entry, System
from rulesref.problems import Problem

COMPOSED = "composed"  # the memo's stage: a system's units composed with its effects, by every entry they can read


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
        composed, composing = composed_content(part, effects)
        if played is None:
            return composed, found + composing
        mine = {e.where.doc.path for e in entries}
        return {k: v for k, v in composed.items() if v.system == system}, [p for p in found + composing if p.path in mine]

    made: tuple[dict[str, Entry], list[Problem]] = memo.get(COMPOSED, system, (reads, played[0] if played is not None else None, tuple(others)), make)
    return made
