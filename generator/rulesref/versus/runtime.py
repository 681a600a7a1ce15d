"""What a generated package's `versus(attacker, target)` runs, and how every Versus answer
fills in its arguments.

A played system's package gets a `versus` module: its units as data (each one's weapons, what
its profile gives as a target, the rules each choice models and those it does not) and the
function this module's `PlayedUnits` makes of them. The function finds the attacker's check for
each step (its composed check where its rules change the step, else the step's own), fills in
its arguments as `arguments` says, and returns the exact distribution of the result.

This module is copied into each package as `_versus.py`, as `logic/runtime_dice.py` is as
`_dice.py`, so it imports nothing but the standard library. `rulesref versus` fills in its
arguments with the same `arguments`, so the command, the packages and the site's forms
(`rulesref-versus.js`, which does it in the browser) agree.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

NONE_VALUE = 7  # the steps' "none" for a save, an AP or an X+ roll: the highest of 2..7
# What a played step's result and arguments are called where answers add up (`combined`) and a
# roster matrix's cell sums one up: the unsaved Wounds, the models they remove, and the target's
# models and Wounds characteristic.
UNSAVED, REMOVED, MODELS, WOUNDS = "unsaved", "models_removed", "models", "wounds"

Scalar = bool | int | float | str
Arg = tuple[str, str, int | None, int | None]  # an odds function's argument: name, kind ("bool", "int", ...), lowest, highest


class Missing(ValueError):
    """Arguments that nothing gives, and that have no "none" to take."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(f"give {', '.join(f'`{n}`' for n in names)}")
        self.names = names


def arguments(args: list[Arg], values: dict[str, Scalar], per_model: list[str], models: int, target: dict[str, Scalar], conditions: dict[str, Scalar], *, lowest: bool = False) -> dict[str, Scalar]:
    """Every argument of the odds function: the conditions over the target over the attacker's
    choice (its `values`, each of `per_model` times the `models` attacking, within its range),
    the rest "none" (false, 7 for a save or an X+ roll, 0 for a count that may be 0); a number
    that has no "none" raises
    `Missing` (or, with `lowest`, takes its lowest value)."""
    given: dict[str, Scalar] = dict(values)
    for name in per_model:
        value = given.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            given[name] = value * models
    given |= target | conditions
    out: dict[str, Scalar] = {}
    missing = []
    for name, kind, lo, hi in args:
        if name in given:
            value = given[name]
            capped = name in per_model and isinstance(value, int) and not isinstance(value, bool) and hi is not None
            out[name] = min(value, hi) if capped and isinstance(value, int) and hi is not None else value
        elif kind == "bool":
            out[name] = False
        elif kind == "int" and hi == NONE_VALUE:
            out[name] = NONE_VALUE
        elif kind == "int" and lo == 0:  # a count of models (Rage's that charged): none
            out[name] = 0
        elif lowest and kind == "int" and lo is not None:
            out[name] = lo
        else:
            missing.append(name)
    if missing:
        raise Missing(missing)
    return out


def fields(result: Any) -> tuple[tuple[str, Scalar], ...]:
    """A result as its fields and values (a single value as the field ""): a package's record
    (a dataclass), or the one `rulesref versus` runs in-process, whose class names its
    `fields` (`rulesref.logic.records.Record`)."""
    if dataclasses.is_dataclass(result) and not isinstance(result, type):
        return tuple((f.name, getattr(result, f.name)) for f in dataclasses.fields(result))
    names = getattr(type(result), "fields", None)
    if isinstance(names, tuple):
        return tuple((name, getattr(result, name)) for name in names)
    return (("", result),)


@dataclass(frozen=True)
class Answer:
    """The exact distribution of one weapon's attack in one step, and what was modelled."""

    step: str
    weapon: str
    function: str  # the odds function, as `module.name` within the package
    given: dict[str, Scalar]
    distribution: tuple[tuple[tuple[tuple[str, Scalar], ...], Fraction], ...]  # each result (its fields) and its chance, in order of result
    modelled: tuple[str, ...]  # rule ids
    not_modelled: tuple[str, ...]
    parts: tuple[Answer, ...] = ()  # the answers of the weapons `combined` added up, each alone

    def mean(self, field: str) -> Fraction:
        """The mean of a whole-number field of the result."""
        return sum((p * int(dict(result)[field]) for result, p in self.distribution), Fraction(0))

    def at_least_one(self, field: str) -> Fraction:
        """The chance that a whole-number field of the result is 1 or more."""
        return sum((p for result, p in self.distribution if int(dict(result)[field]) >= 1), Fraction(0))


def answered(step: str, weapon: str, function: str, given: dict[str, Scalar], odds: dict[Any, Any], modelled: Iterable[str], not_modelled: Iterable[str]) -> Answer:
    """An `Answer` of what an odds function returned: its results in order, each rule once."""
    rows = sorted(((fields(result), Fraction(chance)) for result, chance in odds.items()), key=lambda row: tuple(v for _, v in row[0]))
    return Answer(step, weapon, function, given, tuple(rows), tuple(dict.fromkeys(modelled)), tuple(dict.fromkeys(not_modelled)))


def combined(answers: list[Answer]) -> Answer:
    """Several weapons of one step firing at the same target, as one answer: the exact
    distribution of the unsaved Wounds they inflict between them, and of the models they remove.

    The weapons' attacks are independent, so the Wounds add up (a convolution). Models removed
    follow wound allocation across the weapons' pools: a Wound that removes a whole model
    (Instant Death, or a 1-Wound target) removes one; the others gather on the models left, so
    a model falls at each Wounds characteristic's worth of them, whichever weapon inflicted
    them. An attacker resolves the whole-model Wounds first (a model that has lost Wounds is
    not wasted on them), and at most the target's models are removed. Each weapon's own answer
    says which its Wounds are: removing `min(models, unsaved)` models in every result, they
    remove whole models; `min(models, unsaved // wounds)`, they gather. So the two kinds add up
    apart (each a convolution) and meet once. A weapon whose results are neither cannot be
    added up, and raises ValueError, as do answers of different steps or targets.
    """
    if not answers:
        raise ValueError("no answers to add up")
    first = answers[0]
    if len(answers) == 1:
        return first
    if any(a.step != first.step for a in answers):
        raise ValueError("only the weapons of one step add up")
    target = {name: first.given.get(name) for name in (MODELS, WOUNDS)}
    if any({name: a.given.get(name) for name in target} != target for a in answers):
        raise ValueError("only answers against the same target add up")
    models, wounds = target[MODELS], target[WOUNDS]
    if not isinstance(models, int) or not isinstance(wounds, int) or wounds < 1:
        raise ValueError(f"answers add up only where the target's `{MODELS}` and `{WOUNDS}` are given")
    # the Wounds of the weapons whose Wounds each remove a model, and of those whose Wounds
    # gather: each a sum of whole numbers over one denominator (Fractions would reduce every step)
    sums: list[tuple[dict[int, int], int]] = [({0: 1}, 1), ({0: 1}, 1)]
    for one in answers:
        rows = []
        for result, chance in one.distribution:
            values = dict(result)
            unsaved, removed = values.get(UNSAVED), values.get(REMOVED)
            if not isinstance(unsaved, int) or not isinstance(removed, int):
                raise ValueError(f"`{one.function}` gives no `{UNSAVED}` and `{REMOVED}` to add up")
            rows.append((unsaved, removed, chance))
        if all(removed == min(models, unsaved) for unsaved, removed, _ in rows):
            kind = 0
        elif all(removed == min(models, unsaved // wounds) for unsaved, removed, _ in rows):
            kind = 1
        else:
            raise ValueError(f"`{one.function}` ({one.weapon}) removes models neither one a Wound nor one a model's Wounds")
        denominator = math.lcm(*(chance.denominator for _, _, chance in rows))
        weights = [(unsaved, chance.numerator * (denominator // chance.denominator)) for unsaved, _, chance in rows]
        counts, below = sums[kind]
        added: dict[int, int] = {}
        for total, n in counts.items():
            for unsaved, m in weights:
                added[total + unsaved] = added.get(total + unsaved, 0) + n * m
        sums[kind] = (added, below * denominator)
    (whole_counts, whole_below), (gather_counts, gather_below) = sums
    outcomes: dict[tuple[int, int], int] = {}
    for whole, n in whole_counts.items():
        for gather, m in gather_counts.items():
            outcome = (whole + gather, min(models, whole + gather // wounds))
            outcomes[outcome] = outcomes.get(outcome, 0) + n * m
    distribution = {outcome: Fraction(n, whole_below * gather_below) for outcome, n in outcomes.items() if n}
    shared = {name: value for name, value in first.given.items() if all(name in a.given and a.given[name] == value for a in answers)}
    return Answer(
        first.step, " + ".join(a.weapon for a in answers), first.function, shared,
        tuple((((UNSAVED, total), (REMOVED, removed)), p) for (total, removed), p in sorted(distribution.items())),
        tuple(dict.fromkeys(r for a in answers for r in a.modelled)), tuple(dict.fromkeys(r for a in answers for r in a.not_modelled)), tuple(answers),
    )


Named = str | tuple[str, int]  # a weapon asked for by name, with the models that wield it or not


def picked(labels: list[str], names: Iterable[Named] | None, models: int) -> list[tuple[int, int]]:
    """The choices (by index, in their order) that `names` ask for, each with its models
    attacking: a name that is a choice's label exactly picks that choice only, any other the
    choices whose label holds it; a name with its own count (`("Boltgun", 9)`) gives it to
    what it picks, the others `models`. No names: every choice."""
    if names is None:
        return [(i, models) for i in range(len(labels))]
    out: dict[int, int] = {}
    folded = [label.casefold() for label in labels]
    for named in names:
        name, count = (named, models) if isinstance(named, str) else named
        exact = [i for i, label in enumerate(folded) if label == name.casefold()]
        for i in exact or [i for i, label in enumerate(folded) if name.casefold() in label]:
            out.setdefault(i, count)
    return sorted(out.items())


class PlayedUnits:
    """A played system's units, and `versus` over them (see the module's docstring)."""

    def __init__(self, package: str, units: str, checks: dict[str, list[Arg]]) -> None:
        self.package = package  # the package that holds every system's modules
        self._units_json = units  # (read at the first answer: an import's units are megabytes)
        self._units: dict[str, Any] | None = None
        self.checks = checks

    @property
    def units(self) -> dict[str, Any]:
        """The units by id, as `rulesref.versus.package_data` wrote them."""
        if self._units is None:
            self._units = json.loads(self._units_json)
        return self._units

    def _unit(self, unit_id: str) -> dict[str, Any]:
        unit = self.units.get(unit_id)
        if unit is None:
            raise ValueError(f"no unit `{unit_id}` (give a unit's id, as its page's address has it)")
        return dict(unit)

    def versus(
        self, attacker: str, target: str, *, weapon: Named | Iterable[Named] | None = None, together: bool = False, models: int = 1,
        target_models: int = 1, target_profile: str | None = None, conditions: dict[str, Scalar] | None = None,
    ) -> list[Answer]:
        """The exact odds of `attacker` (a unit id) attacking `target` (a unit id): one answer
        for each of its weapons (or those `weapon` names: a name or several, each with its own
        count of models or not, as `picked` reads them) in each step it is played in, `models`
        of its models attacking a target of
        `target_models` models (its first profile, or the one whose name holds
        `target_profile`). With `together`, the weapons of each step fire together: one answer
        a step, their Wounds and models removed added up (`combined`).
        `conditions` sets the other arguments (`{"cover_save": 4}`); what nothing sets takes
        its "none".

        Raises ValueError for an unknown unit, an argument none of them gives, or a value the
        check does not take.
        """
        names = None if weapon is None else [weapon] if isinstance(weapon, (str, tuple)) else list(weapon)
        unit, aimed = self._unit(attacker), self._unit(target)["steps"]
        answers = []
        for step, played in unit["steps"].items():
            if "check" not in played:  # (a unit with no weapon for the step is only ever its target)
                continue
            aims = [a for a in (aimed.get(step) or {}).get("aims", []) if target_profile is None or target_profile.lower() in a["label"].lower()]
            aim = aims[0] if aims else {"values": {}, "held": {}, "brings": []}
            module, name = played["check"]
            function = getattr(importlib.import_module(f"{self.package}.{module}"), name)
            step_answers = []
            for index, wielding in picked([choice[0] for choice in played["choices"]], names, models):
                label, values, per_model, choice_modelled, choice_not = played["choices"][index]
                given = arguments(
                    self.checks[f"{module}.{name}"], {n: v for n, v in zip(played["names"], values, strict=True) if v is not None}, per_model,
                    wielding, {**aim["values"], "models": target_models, **aim["held"]}, conditions or {},
                )
                modelled = (*played["modelled"], *choice_modelled, *aim["brings"])
                step_answers.append(answered(step, label, f"{module}.{name}", given, function(**given), modelled, (*choice_not, *played["notModelled"])))
            answers += [combined(step_answers)] if together and step_answers else step_answers
        return answers
