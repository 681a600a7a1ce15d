"""The finite input domain of a check, enumerated for proofs.

Every input is bounded, so the build can try every combination. A whole-number input that
the logic only compares with constants is tried at the points around those constants
rather than over its whole range, which keeps wide ranges (1 to 100 models) cheap.

A proof's cost is its combinations times the parts of the logic evaluated for each, and an
entry's proofs share one budget of steps (a file may hold many checks): past it, the proof
is refused with a message instead of running for minutes. A clock guards the budget's
estimate, so no proof runs for longer than `PROOF_SECONDS` whatever it meets.
"""

from __future__ import annotations

import ast
import itertools
import time
from collections.abc import Iterator
from typing import Any

from rulesref.logic import runtime_dice
from rulesref.logic.plan import Arg, Plan
from rulesref.logic.sandbox import evaluate

MAX_COMBINATIONS = 100_000
MAX_PROOF_STEPS = 30_000_000  # per entry: combinations tried x (parts of the logic + the cost of one try); about 0.3 s
PER_COMBINATION = 250  # what one try costs beyond its parts (calls, the loop), in parts: measured
PROOF_SECONDS = 10.0  # per entry, measured every few thousand combinations


class DomainTooLarge(Exception):
    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.size = size


class ProofTimeout(Exception):
    """The entry's proofs ran past PROOF_SECONDS."""


def parts(plan: Plan) -> int:
    """How many AST nodes one combination evaluates (steps counted twice: the conditions and
    the result each compute them)."""
    nodes = [t for t, _ in plan.requires] + [v for _, v, _ in plan.lets] * 2
    for row in plan.rows:
        nodes += ([row.when] if row.when is not None else []) + list(row.then.values)
    return 1 + sum(sum(1 for _ in ast.walk(node)) for node in nodes)


class ProofBudget:
    """The steps and the time left for the proofs of one entry."""

    def __init__(self, steps: int = MAX_PROOF_STEPS, seconds: float = PROOF_SECONDS) -> None:
        self.left = steps
        self.seconds = seconds
        self.deadline = time.monotonic() + seconds

    def charge(self, plan: Plan, size: int) -> int | None:
        """Take the steps of proving `plan` over `size` combinations; their number when they
        do not fit in what is left (nothing is taken then)."""
        steps = size * (PER_COMBINATION + parts(plan))
        if steps > self.left:
            return steps
        self.left -= steps
        return None

    def check_clock(self) -> None:
        if time.monotonic() > self.deadline:
            raise ProofTimeout


def _points(lo: int | float, hi: int | float, constants: set[int | float], step: int | float = 1) -> list[int | float]:
    """The ends and the values either side of each constant (by `step`: 0.5 for a distance)."""
    points = {lo, hi}
    for c in constants:
        points |= {c - step, c, c + step}
    return sorted(p for p in points if lo <= p <= hi)


def _every(lo: int | float, hi: int | float, halves: bool) -> list[int | float]:
    """Every value from lo to hi: whole numbers, or half inches (7, 7.5, 8 ...)."""
    if not halves:
        return list(range(int(lo), int(hi) + 1))
    return [n // 2 if n % 2 == 0 else n / 2 for n in range(int(2 * lo), int(2 * hi) + 1)]


def every_value(arg: Arg, chosen: dict[str, Any]) -> list[Any]:
    """Every value an argument takes; for dice, the totals they can roll given the values
    `chosen` for the other arguments (how many dice, which dice)."""
    if arg.is_dice:
        return dice_domain(arg, chosen)
    t = arg.vtype
    if t.kind == "bool":
        return [False, True]
    if t.kind == "str":
        if t.values is not None:
            return list(t.values)
        assert arg.param is not None
        return list(arg.param.values)
    assert t.lo is not None and t.hi is not None
    return _every(t.lo, t.hi, t.halves)


def counted_by_pool(arg: Arg, plan: Plan) -> bool:
    """A dice total whose number of dice is a count of a pool (damage rolled per wound)."""
    return arg.dice is not None and any(a.name in arg.count_reads and a.pool for a in plan.args)


def static_domain(arg: Arg, plan: Plan) -> list[Any] | None:
    """The values an argument is tried with, or None for dice (they depend on other inputs):
    a whole number only compared with constants is tried at a few points around them.

    The counts of pools (and dice totals rolled per count) are tried as whole numbers each
    on its own, from 0 to the most the pool can reach: a superset of what the dice can give
    together. One the logic never reads is tried at 0 only."""
    if arg.pool is not None or counted_by_pool(arg, plan):
        t = arg.vtype
        assert t.lo is not None and t.hi is not None
        if arg.name not in plan.usage.free and arg.name not in plan.usage.compared:
            return [t.lo]
        if arg.name not in plan.usage.free:
            return _points(t.lo, t.hi, plan.usage.compared.get(arg.name, set()))
        return _every(t.lo, t.hi, False)
    if arg.is_dice:
        return None
    t = arg.vtype
    if t.kind == "int" and arg.name not in plan.usage.free:
        assert t.lo is not None and t.hi is not None
        return _points(t.lo, t.hi, plan.usage.compared.get(arg.name, set()), 0.5 if t.halves else 1)
    return every_value(arg, {})


def dice_domain(arg: Arg, values: dict[str, Any]) -> list[int]:
    dice = arg.dice
    assert dice is not None
    if dice.of_param is not None:
        return [total for total, _ in runtime_dice.faces_of(values[dice.of_param])]
    count = evaluate(arg.count, values) if arg.count is not None else dice.count
    return [total for total, _ in runtime_dice.faces(count, dice.sides)]


def _largest_dice(arg: Arg, plan: Plan) -> int:
    dice = arg.dice
    assert dice is not None
    if dice.of_param is not None:
        param = next(a.param for a in plan.args if a.name == dice.of_param)
        assert param is not None
        return max(len(runtime_dice.faces_of(v)) for v in param.values)
    if arg.count is not None:  # a total of so many dice is at most the most dice times their sides
        hi = int(arg.vtype.hi or 0) // dice.sides
        return hi * (dice.sides - 1) + 1
    return dice.count * (dice.sides - 1) + 1


def domain_size(plan: Plan) -> int:
    """How many combinations the proof tries (at most; dice counted at their largest)."""
    size = 1
    for arg in plan.args:
        domain = static_domain(arg, plan)
        size *= len(domain) if domain is not None else _largest_dice(arg, plan)
    return size


def combinations(plan: Plan, budget: ProofBudget | None = None) -> Iterator[dict[str, Any]]:
    """Every combination of argument values (raises DomainTooLarge before starting, and
    ProofTimeout when the budget's clock runs out on the way)."""
    domains = {a.name: static_domain(a, plan) for a in plan.args}
    fixed = [(a, domains[a.name]) for a in plan.args if domains[a.name] is not None]
    rolled = [a for a in plan.dice_args if domains[a.name] is None]
    size = domain_size(plan)
    if size > MAX_COMBINATIONS:
        raise DomainTooLarge(size)
    if all(a.dice is not None and a.count is None and a.dice.of_param is None for a in rolled):
        # every dice domain is fixed too: one product over everything
        fixed += [(a, [total for total, _ in runtime_dice.faces(a.dice.count, a.dice.sides)]) for a in rolled if a.dice]
        rolled = []
    names = [a.name for a, _ in fixed]
    for count, combo in enumerate(itertools.product(*[values or [] for _, values in fixed])):
        if budget is not None and count % 1024 == 0:
            budget.check_clock()
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
