"""The finite input domain of a check, enumerated for proofs.

Every input is bounded, so the build can try every combination. A whole-number input that
the logic only compares with constants is tried at the points around those constants
rather than over its whole range, which keeps wide ranges (1 to 100 models) cheap.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from rulesref.logic import runtime_dice
from rulesref.logic.plan import Arg, Plan

MAX_COMBINATIONS = 100_000


class DomainTooLarge(Exception):
    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.size = size


def _points(lo: int, hi: int, constants: set[int]) -> list[int]:
    points = {lo, hi}
    for c in constants:
        points |= {c - 1, c, c + 1}
    return sorted(p for p in points if lo <= p <= hi)


def static_domain(arg: Arg, plan: Plan) -> list[Any] | None:
    """The values an argument is tried with, or None for dice (they depend on other inputs)."""
    t = arg.vtype
    if arg.is_dice:
        return None
    if t.kind == "bool":
        return [False, True]
    if t.kind == "str":
        if t.values is not None:
            return list(t.values)
        assert arg.param is not None
        return list(arg.param.values)
    assert t.lo is not None and t.hi is not None
    if arg.name not in plan.usage.free:
        return _points(t.lo, t.hi, plan.usage.compared.get(arg.name, set()))
    return list(range(t.lo, t.hi + 1))


def dice_domain(arg: Arg, values: dict[str, Any]) -> list[int]:
    dice = arg.dice
    assert dice is not None
    if dice.of_param is not None:
        return [total for total, _ in runtime_dice.faces_of(values[dice.of_param])]
    count = values[dice.count_input] if dice.count_input else dice.count
    return [total for total, _ in runtime_dice.faces(count, dice.sides)]


def _largest_dice(arg: Arg, plan: Plan) -> int:
    dice = arg.dice
    assert dice is not None
    if dice.of_param is not None:
        param = next(a.param for a in plan.args if a.name == dice.of_param)
        assert param is not None
        return max(len(runtime_dice.faces_of(v)) for v in param.values)
    if dice.count_input is not None:
        counter = next(a for a in plan.args if a.name == dice.count_input)
        hi = counter.vtype.hi or 0
        return hi * (dice.sides - 1) + 1
    return dice.count * (dice.sides - 1) + 1


def combinations(plan: Plan) -> Iterator[dict[str, Any]]:
    """Every combination of argument values (raises DomainTooLarge before starting)."""
    fixed = [(a, static_domain(a, plan)) for a in plan.args if not a.is_dice]
    rolled = plan.dice_args
    size = 1
    for _, values in fixed:
        size *= len(values or [])
    for arg in rolled:
        size *= _largest_dice(arg, plan)
    if size > MAX_COMBINATIONS:
        raise DomainTooLarge(size)
    if all(a.dice is not None and a.dice.count_input is None and a.dice.of_param is None for a in rolled):
        # every dice domain is fixed too: one product over everything
        fixed += [(a, [total for total, _ in runtime_dice.faces(a.dice.count, a.dice.sides)]) for a in rolled if a.dice]
        rolled = []
    names = [a.name for a, _ in fixed]
    for combo in itertools.product(*[values or [] for _, values in fixed]):
        yield from _with_dice(dict(zip(names, combo, strict=True)), rolled)


def _with_dice(values: dict[str, Any], rolled: list[Arg]) -> Iterator[dict[str, Any]]:
    if not rolled:
        yield dict(values)
        return
    first, rest = rolled[0], rolled[1:]
    for total in dice_domain(first, values):
        values[first.name] = total
        yield from _with_dice(values, rest)
    del values[first.name]
