"""How many dice a dice input totals (`{type: D6, count: ...}`), checked before it is compiled.

A count is the name of an int input or of a pool's count (`count: turn`, `count: unsaved`), or
an expression of the parameters and the inputs before it (`2 if armourbane else 1`, `hits * 2`,
`X`): a weapon that rolls one die or two is one check, not two. Either way it is a whole
number worked out when the check runs (in its validation, its odds and the proofs), and 0 is a
roll of no dice, a total of 0. It is proved to stay within what is rolled at a time, or refused
at its line with the range it can take.
"""

from __future__ import annotations

import ast
from itertools import product
from math import prod

from rulesref.logic import positions as pos
from rulesref.logic.domain import every_value
from rulesref.logic.plan import Arg
from rulesref.logic.pools import MAX_POOL, PoolPlan, Report, Translate, whole_number
from rulesref.logic.sandbox import evaluate
from rulesref.logic.types import VType, int_type
from rulesref.model import Check, Input, Scalar, Where
from rulesref.problems.suggest import did_you_mean

MAX_DICE = 20  # dice totalled at once, as many as an int input or an expression of fixed inputs says
MAX_COUNT_CASES = 512  # settings of what a count reads that a "Try it" form is given its value for

Counted = tuple[ast.expr, tuple[int, int] | None]  # the count, and its bounds (None: not bounded)


def dice_type(sides: int, bounds: tuple[int, int] | None) -> VType:
    """A total of so many dice: from 0 (no dice) to the most times the highest face."""
    if bounds is None:
        return int_type(None, None)
    return int_type(min(bounds[0], 0), max(bounds[1], 0) * sides)


def analyse_count(item: Input, check: Check, pool_counts: dict[str, PoolPlan], scope: dict[str, VType], translate: Translate, report: Report) -> Counted | None:
    """The count of a dice input written with `count`, and its bounds; None (with each problem
    reported at its line) when it cannot be used."""
    dice = item.dice
    assert dice is not None and dice.count_expr is not None
    where = item.where
    if dice.count != 1:
        report(where / "type", "bad-input", f"with `count`, write the type as `D{dice.sides}`")
    written = dice.count_expr.source
    named = written if isinstance(written, str) and written.isidentifier() else None  # an input's name, or a parameter's
    if named is not None and (named in pool_counts or check.input(named) is not None or named not in scope):
        return _named(named, check, pool_counts, report, where / "count")
    return _expression(item, check, pool_counts, scope, translate, report)


def _named(named: str, check: Check, pool_counts: dict[str, PoolPlan], report: Report, where: Where) -> Counted | None:
    """An input's name: its own bounds, refused at its `max` when they leave 0 to MAX_DICE."""
    node = pos.Name(id=named, ctx=ast.Load())
    if named in pool_counts:  # a pool's count: bounded by the pool (at most MAX_POOL dice)
        return node, (0, pool_counts[named].most)
    counter = check.input(named)
    if counter is None:
        known = [i.name for i in check.inputs] + list(pool_counts)
        report(where, "unknown-name", f"no input `{named}` to count the dice{did_you_mean(named, known)}")
        return None
    if counter.type != "int" or counter.min is None or counter.max is None:
        report(where, "bad-input", f"`{named}` must be an int input to count dice")
        return node, None
    if counter.min < 0 or counter.max > MAX_DICE:
        report(counter.where / "max", "bad-range", f"`{named}` counts dice, so it must stay within 0 to {MAX_DICE}")
    return node, (int(counter.min), int(counter.max))


def _expression(item: Input, check: Check, pool_counts: dict[str, PoolPlan], scope: dict[str, VType], translate: Translate, report: Report) -> Counted | None:
    """An expression (or a parameter, or a number): typed, and its range proved to stay from 0
    to MAX_DICE, or to MAX_POOL when it reads a pool's counts (as many dice as the pool rolls)."""
    dice = item.dice
    assert dice is not None and dice.count_expr is not None
    expr = dice.count_expr
    found = whole_number(translate, report, expr, scope, "`count`", "a whole number of dice")
    if found is None:
        return None
    node, vtype = found
    reads = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    rolled = sorted(n for n in reads if (read := check.input(n)) is not None and read.dice is not None)
    if rolled:  # the odds weigh every total alike: dice rolled by the count of other dice are a pool's business
        report(expr.where, "bad-input", f"how many dice are rolled cannot hang on `{rolled[0]}`, a total of dice: count them with an input, a parameter or a pool's count")
        return None
    most = MAX_POOL if reads & pool_counts.keys() else MAX_DICE
    if vtype.lo is None or vtype.hi is None or vtype.lo < 0 or vtype.hi > most:
        found_range = f"{_bound(vtype.lo)} to {_bound(vtype.hi)}"
        report(expr.where, "bad-range", f"dice are rolled 0 to {most} at a time, but `count` can be {found_range}: bound the inputs it uses")
        return None
    return node, (int(vtype.lo), int(vtype.hi))


def count_cases(count: ast.expr, read: list[Arg]) -> tuple[tuple[tuple[Scalar, ...], int], ...] | None:
    """How many dice `count` rolls for each setting of the arguments it reads (`read`, in
    order), worked out here so that a "Try it" form looks it up and no expression runs in the
    browser; None past MAX_COUNT_CASES settings (the form then offers every total)."""
    domains = [every_value(a, {}) for a in read]
    if prod(len(d) for d in domains) > MAX_COUNT_CASES:
        return None
    names = [a.name for a in read]
    return tuple((combo, int(evaluate(count, dict(zip(names, combo, strict=True))))) for combo in product(*domains))


def _bound(value: int | float | None) -> str:
    return "unbounded" if value is None else str(value)

