"""Compositions that compute the same thing, made and compiled once.

An imported army has hundreds of units, and most of those whose rules change a played step
change it the same way: on the 40K 7th-edition import, 394 compositions are 32 distinct ones
(97 units add Furious Charge to close combat and nothing else). A composition is a function
of its step, the effects applied (each with the values its unit gives the rule's parameters,
which `compose._bound` has written in as constants) and its examples; the unit it is for only
names it (in its summary). So units whose compositions have the same key get one composed
`Check` made once, each with its own summary and the key as `alike`, and the compile stage,
seeing two entries whose checks have the same keys, analyses, runs and proves them once and
gives the second entry the first's plans, each with its own check (`shared_plans`).

Only compositions with no examples of their own are shared (an imported unit's, unless
someone writes some), and only those composed and compiled without a problem, so every
problem is still reported at the unit whose file it is in.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from rulesref.logic.compiled import CompiledEntry
from rulesref.logic.effects import Resolved, Step
from rulesref.model import Entry, Expr
from rulesref.names import python_name_problems
from rulesref.problems import Problem

Key = tuple[object, ...]


def _source(expr: Expr | None) -> object:
    return None if expr is None else expr.source


def _effect(one: Resolved) -> Key:
    """What an applied effect does and says: which effect of which entry, on what, with its
    expressions and the fields it adds as written in (a parameter's value is a constant in
    them), its summary (which `compose._bound` ends with the values it wrote in), and the
    inputs it still has."""
    effect = one.effect
    inputs = tuple((i.name, i.type, i.min, i.max, i.values, i.dice) for i in effect.inputs)
    outcomes = tuple((o.field.name, _source(o.value), _source(o.otherwise)) for o in effect.outcomes)
    return (
        effect.owner, effect.id, effect.summary, effect.step, effect.changes, effect.operation, _source(effect.value), effect.word, _source(effect.when),
        inputs, outcomes, effect.exception_to, effect.stacks, effect.new_values, tuple(one.inputs), one.quantity, one.on_result,
    )


def composition_key(step: Step, effects: Iterable[Resolved], core: Iterable[Resolved]) -> Key:
    """The key of a composition without examples: its step and the effects it applies, in order."""
    return (step.key, tuple(_effect(one) for one in effects), tuple(_effect(one) for one in core))


def checks_key(entry: Entry) -> Key | None:
    """The key of an entry's checks when every one is a shared composition (`Check.alike`),
    else None: entries of the same key compile alike."""
    keys = tuple(check.alike for check in entry.checks)
    return keys if keys and all(k is not None for k in keys) else None


def shared_plans(first: CompiledEntry, entry: Entry) -> CompiledEntry:
    """`first`'s compiled checks, for `entry`, whose checks compute the same (each its own
    `Check` only for the words that name its unit)."""
    return CompiledEntry(entry, tuple(
        dataclasses.replace(c, plan=dataclasses.replace(c.plan, entry=entry, check=own))
        for c, own in zip(first.checks, entry.checks, strict=True)
    ))


class CompiledAlike:
    """One compile run's entries whose checks compute the same, by `checks_key`: the first
    compiled without a problem gives its plans to the others (`take`)."""

    def __init__(self) -> None:
        self._first: dict[Key, CompiledEntry] = {}

    def take(self, entry: Entry) -> CompiledEntry | None:
        """`entry` compiled as an entry alike was, or None when it must be compiled itself
        (nothing alike yet, or its own names have a problem to report)."""
        same = checks_key(entry)
        first = self._first.get(same) if same is not None else None
        return shared_plans(first, entry) if first is not None and not python_name_problems(entry) else None

    def keep(self, result: CompiledEntry | None, problems: list[Problem]) -> None:
        """What an entry compiled to, for the entries alike that come after it."""
        same = checks_key(result.entry) if result is not None else None
        if same is not None and result is not None and not problems:
            self._first.setdefault(same, result)
