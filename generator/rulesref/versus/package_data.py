"""What a played system's `versus` module holds in the generated packages: its units as data.

For each unit of a system with `played_with`, and each step it is played in: the attacker's
check (module and odds function, within the package), its choices (a model with a weapon:
its label, its values in the order of the step's `names` (null where it gives none), those a
model multiplies, the rules it models and those it does not; rows rather than objects, since
an import has thousands), and the unit as a target (`rulesref.versus.matchups`); for each check,
its arguments, so that `runtime.arguments` can fill in their "none". The data is JSON-shaped,
so the Python and JavaScript packages hold the same, each written as its own constants.
"""

from __future__ import annotations

from typing import Any

from rulesref.build import Build
from rulesref.model import Content, Entry
from rulesref.versus.matchups import Matchup, matchups, playing
from rulesref.versus.odds import odds_args, plan_of
from rulesref.versus.runtime import Arg


def _step(build: Build, unit: Entry, matchup: Matchup, checks: dict[str, list[Arg]]) -> dict[str, Any]:
    """One step of a unit: as a target always, as an attacker where it has a weapon for it."""
    out: dict[str, Any] = {"aims": [{"label": a.label, "values": dict(a.values), "held": dict(a.held), "brings": list(a.brings)} for a in matchup.aims]}
    if not matchup.choices:
        return out
    entry, plan = plan_of(build, unit, matchup)
    system = build.content.system(entry.system)
    if plan.odds_name is None or system is None:
        return out
    module = f"{system.package}.{entry.module}"
    checks[f"{module}.{plan.odds_name}"] = odds_args(plan)
    names = list(dict.fromkeys(n for c in matchup.choices for n, _ in c.values))
    rows = [[c.label, [dict(c.values).get(n) for n in names], list(c.per_model), list(c.modelled), list(c.not_modelled)] for c in matchup.choices]
    return out | {"check": [module, plan.odds_name], "names": names, "choices": rows, "modelled": list(matchup.modelled), "notModelled": list(matchup.not_modelled)}


PlayedData = dict[str, tuple[dict[str, Any], dict[str, list[Arg]]]]  # by system: its units, its checks' arguments


def played_data(build: Build) -> PlayedData:
    """Each played system's units (by id) and its checks' arguments (by `module.function`),
    by the system's id."""
    content: Content = build.content
    out = {}
    for system in (s for s in content.systems if s.played_with is not None):
        played = playing(content, system.id)
        units: dict[str, Any] = {}
        checks: dict[str, list[Arg]] = {}
        for unit in (u for u in content.entries_of(system.id) if u.kind == "unit"):
            steps = {m.play.step: _step(build, unit, m, checks) for m in matchups(played, unit)}
            if steps:
                units[unit.id] = {"name": unit.name, "steps": steps}
        out[system.id] = (units, dict(sorted(checks.items())))
    return out
