"""`played_with` checked against the content: every name it gives is one that exists.

The mapping is written by the importer and extended by hand, so each name in it can be
wrong: the played system, a rule on either side, a parameter value given the played rule, a
step, an input of that step, a characteristic. Each is refused at its line with the nearest name, rather than leaving a
unit's Versus form quietly short of a value.
"""

from __future__ import annotations

from collections.abc import Iterator

from rulesref.links import param_value
from rulesref.logic.effects import named_step
from rulesref.model import Check, Content, Entry, System, Where
from rulesref.played import PlayedWith, StepPlay
from rulesref.problems import Problem
from rulesref.problems.suggest import did_you_mean


def step_check(content: Content, system: str, step: str) -> tuple[Entry, Check] | None:
    """The entry and check a step name of `system` names, if any (as effects find theirs)."""
    found = named_step(content, system, step)
    return None if isinstance(found, str) else found


def played_problems(content: Content, system: System) -> Iterator[Problem]:
    """Each name of `system`'s `played_with` that is not one the content has."""
    played = system.played_with
    if played is None:
        return
    others = [s.id for s in content.systems if s.id != system.id]
    if played.system not in others:
        yield (played.where / "system").problem("unknown-system", f"no system `{played.system}` to play {system.id} with{did_you_mean(played.system, others)}")
        return
    yield from _rule_problems(content, system, played)
    characteristics = sorted({c for t in system.profile_types for c in t.characteristics})
    for step in played.steps:
        yield from _step_problems(content, played, step, characteristics)


def _rule_problems(content: Content, system: System, played: PlayedWith) -> Iterator[Problem]:
    mine = [e.id for e in content.entries_of(system.id) if e.kind == "rule"]
    theirs = [e.id for e in content.entries_of(played.system) if e.kind == "rule"]
    for rule, target, where in played.rules:
        if rule not in mine:
            yield where.problem("unknown-rule", f"{system.id} has no rule `{rule}`{did_you_mean(rule, mine)}", key=True)
        if target not in theirs:
            yield where.problem("unknown-rule", f"{played.system} has no rule `{target}`{did_you_mean(target, theirs)}")
            continue
        yield from _param_problems(content, played, rule, target, where)


def _param_problems(content: Content, played: PlayedWith, rule: str, target: str, where: Where) -> Iterator[Problem]:
    """Each value the mapping gives a parameter the played rule does not have, or does not take."""
    entry = content.entry(f"{played.system}:{target}")
    params = {p.name: p for p in entry.params} if entry is not None else {}
    for name, value in played.args(rule):
        param = params.get(name)
        if param is None:
            yield (where / name).problem("unknown-name", f"`{target}` has no parameter `{name}`{did_you_mean(name, list(params))}", key=True)
            continue
        _, error = param_value(param, value)
        if error is not None:
            yield (where / name).problem("bad-param", f"`{target}`: {error}")


def _step_problems(content: Content, played: PlayedWith, step: StepPlay, characteristics: list[str]) -> Iterator[Problem]:
    found = step_check(content, played.system, step.step)
    if found is None or not found[1].versus:
        aimed = [f"{e.id}.{c.name}" for e in content.entries_of(played.system) for c in e.checks if c.versus]
        yield step.where.problem("unknown-step", f"{played.system} has no `versus` step `{step.step}` (its steps aimed at a target: {', '.join(aimed) or 'none'}){did_you_mean(step.step, aimed)}", key=True)
        return
    inputs = [i.name for i in found[1].inputs if i.pool is None and i.dice is None]
    for fed in step.fed:
        if fed.input not in inputs:
            yield fed.where.problem("unknown-name", f"`{step.step}` has no input `{fed.input}`{did_you_mean(fed.input, inputs)}", key=True)
        if characteristics and fed.characteristic not in characteristics:
            yield fed.where.problem("unknown-name", f"no profile type has a characteristic `{fed.characteristic}`{did_you_mean(fed.characteristic, characteristics)}")
    if step.weapons_by is not None and characteristics and step.weapons_by not in characteristics:
        yield (step.where / "weapons" / "by").problem("unknown-name", f"no profile type has a characteristic `{step.weapons_by}`{did_you_mean(step.weapons_by, characteristics)}")
