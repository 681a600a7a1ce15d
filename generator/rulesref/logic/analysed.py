"""The analyses of the steps effects act on, kept for the compile stage of the same build.

Effects are resolved against their steps' analyses (`rulesref.logic.effects`), and the compile
stage analyses every entry's checks (`rulesref.logic.check`): without this, each step was
analysed twice in one build (12 of the shipped content's 95 analyses). The resolver keeps its
analyses here, and the stage takes a check's from here when it is the very same entry and
check (the same objects: a reloaded file is analysed afresh). Only the latest analyses of a
system's steps are kept (a system's effects are resolved as soon as its folder is loaded), so a
long-lived process holds one build's steps at most.
"""

from __future__ import annotations

from rulesref.logic.analyse import analyse
from rulesref.logic.plan import Plan
from rulesref.model import Check, Entry
from rulesref.problems import Problem

_KEPT: dict[str, dict[tuple[int, int], tuple[Entry, Check, Plan | None, tuple[Problem, ...]]]] = {}  # by system


def analysed_steps(steps: list[tuple[Entry, Check]]) -> list[tuple[Plan | None, list[Problem]]]:
    """Each step's analysis, kept for `analysed` (in place of those of its system kept before)."""
    for system in {entry.system for entry, _ in steps}:
        _KEPT[system] = {}
    out = []
    for entry, check in steps:
        plan, problems = analyse(entry, check)
        _KEPT[entry.system][(id(entry), id(check))] = (entry, check, plan, tuple(problems))  # (holding both: their ids stay theirs)
        out.append((plan, list(problems)))
    return out


def analysed(entry: Entry, check: Check) -> tuple[Plan | None, list[Problem]]:
    """A check's analysis: the one kept, where this entry's check is a step this build
    analysed already; else made now."""
    kept = _KEPT.get(entry.system, {}).get((id(entry), id(check)))
    if kept is not None and kept[0] is entry and kept[1] is check:
        return kept[2], list(kept[3])
    return analyse(entry, check)
