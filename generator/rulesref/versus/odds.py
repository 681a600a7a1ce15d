"""The exact odds of one unit attacking another, worked out in-process (`rulesref versus`).

The same function a unit page's Versus form runs in the browser: the unit's composed check
of the step where its rules change it, else the step's own. Its arguments come from the
attacker's choice (a model with a weapon, times the models attacking), the target (a unit's
profile, with what its rules hold, or characteristics given), and the conditions; an argument
none of them gives takes its "none" (false, 7 for a save or an X+ roll, 0 for a count that
starts at 0), or is asked for.
"""

from __future__ import annotations

from typing import Any

from rulesref.build import Build
from rulesref.errors import UsageError
from rulesref.logic.check import run_plans
from rulesref.logic.plan import Plan
from rulesref.model import Entry, Scalar
from rulesref.names import python_function
from rulesref.versus import runtime
from rulesref.versus.matchups import Aim, Choice, Matchup
from rulesref.versus.runtime import Answer, Arg, answered


def plan_of(build: Build, unit: Entry, matchup: Matchup) -> tuple[Entry, Plan]:
    """The unit's composed check of the step where it has one, else the step's own."""
    composed = python_function(matchup.step.id) if len(matchup.step.checks) == 1 else matchup.check.name
    for entry, name in ((unit, composed), (matchup.step, matchup.check.name)):
        compiled = build.compiled.get(entry.key)
        plan = next((p for p in compiled.plans if p.check.name == name), None) if compiled is not None else None
        if plan is not None:
            return entry, plan
    raise UsageError(f"no check of `{matchup.play.step}` was compiled")  # (validation compiles every step it plays)


def odds_args(plan: Plan) -> list[Arg]:
    """The odds function's arguments, as the packages' `versus` data has them."""
    return [(a.name, a.vtype.kind, a.vtype.lo if isinstance(a.vtype.lo, int) else None, a.vtype.hi if isinstance(a.vtype.hi, int) else None) for a in plan.odds_args]


def arguments(plan: Plan, choice: Choice, models: int, target: dict[str, Scalar], conditions: dict[str, Scalar], *, lowest: bool = False) -> dict[str, Scalar]:
    """Every argument of the odds function, as `runtime.arguments` fills them in; one that
    nothing gives is asked for with `--set`."""
    try:
        return runtime.arguments(odds_args(plan), dict(choice.values), list(choice.per_model), models, target, conditions, lowest=lowest)
    except runtime.Missing as exc:
        raise UsageError(f"{exc} with --set NAME=VALUE") from None


class Odds:
    """Answers over one build: each odds function compiled once (a roster against another
    asks the same few functions hundreds of times)."""

    def __init__(self, build: Build) -> None:
        self.build = build
        self._functions: dict[tuple[str, str], Any] = {}

    def answer(self, unit: Entry, matchup: Matchup, choice: Choice, aim: Aim | None, models: int, target: dict[str, Scalar], conditions: dict[str, Scalar]) -> Answer:
        """The exact distribution of the attack's result, as the packages' `versus` gives it
        (`runtime.Answer`; its `function` is the module within the system's package)."""
        entry, plan = plan_of(self.build, unit, matchup)
        if plan.odds_name is None:
            raise UsageError(f"`{plan.name}` rolls no dice: it has no odds")
        held = dict(aim.held) if aim is not None else {}
        aimed = {**(dict(aim.values) if aim is not None else {}), **target, **held}
        given = arguments(plan, choice, models, aimed, conditions)
        function = self._functions.get((entry.key, plan.name))
        if function is None:
            function = self._functions[entry.key, plan.name] = run_plans(entry, [plan], self.build.settings, odds=True)[plan.odds_name]
        try:
            distribution = function(**given)
        except (ValueError, TypeError) as exc:  # a value the check does not take (given with --set, or too many models)
            raise UsageError(f"{plan.name}: {exc}") from None
        modelled = (*matchup.modelled, *choice.modelled, *(aim.brings if aim is not None else ()))
        not_modelled = (*choice.not_modelled, *matchup.not_modelled)
        return answered(matchup.play.step, choice.label, f"{entry.module}.{plan.odds_name}", given, distribution, modelled, not_modelled)
