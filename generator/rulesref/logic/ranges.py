"""The range of every whole-number expression of a check, worked out from its inputs' bounds.

Python's whole numbers have no limit; JavaScript's numbers are exact only up to 2**53. The
generated JavaScript uses plain numbers, so validation proves that no value of a check (a
step, a condition's operand, a result) can leave that range, and refuses the check
(`javascript-inexact`) when it cannot prove it. The JavaScript writer reads the same ranges
to know where a negative zero could appear.
"""

from __future__ import annotations

import ast

from rulesref.logic import runtime_dice
from rulesref.logic.plan import Arg, Plan
from rulesref.problems import Problem

MAX_EXACT = 2**53 - 1

Range = tuple[int, int] | None  # the lowest and highest value of a whole number; None otherwise


class Inexact(Exception):
    """A value that could leave the range where JavaScript numbers are exact."""


def _exact(lo: int, hi: int) -> tuple[int, int]:
    if max(abs(lo), abs(hi)) > MAX_EXACT:
        raise Inexact(f"a value could reach {hi if abs(hi) >= abs(lo) else lo}, beyond 2**53")
    return lo, hi


def _dice_totals(notations: tuple[str, ...]) -> tuple[int, int]:
    return min(runtime_dice.minimum(v) for v in notations), max(runtime_dice.maximum(v) for v in notations)


def arg_range(arg: Arg, plan: Plan) -> Range:
    """The lowest and highest value a whole-number argument (or dice total) can take."""
    dice = arg.dice
    if dice is None:
        t = arg.vtype
        return (t.lo, t.hi) if t.kind == "int" and t.lo is not None and t.hi is not None else None
    if dice.of_param is not None:
        param = next(a.param for a in plan.args if a.name == dice.of_param)
        assert param is not None
        return _dice_totals(param.values)
    if dice.count_input is not None:
        counter = next(a for a in plan.args if a.name == dice.count_input).vtype
        assert counter.lo is not None and counter.hi is not None
        return counter.lo, counter.hi * dice.sides
    return dice.count, dice.count * dice.sides


class Ranges:
    """The ranges of a check's expressions: arguments first, then its steps in order."""

    def __init__(self, plan: Plan) -> None:
        self.scope: dict[str, Range] = {a.name: arg_range(a, plan) for a in plan.args}
        self.dice = {a.name: _dice_totals(a.param.values) for a in plan.args if a.param is not None and a.param.type == "dice"}
        for step, value, _ in plan.lets:
            self.scope[step] = self.of(value)

    def of(self, node: ast.expr) -> Range:
        """The range of an expression (None when it is not a whole number); raises Inexact."""
        if isinstance(node, ast.Constant):
            value = node.value
            return _exact(value, value) if isinstance(value, int) and not isinstance(value, bool) else None
        if isinstance(node, ast.Name):
            return self.scope[node.id]
        if isinstance(node, ast.UnaryOp):
            inner = self.of(node.operand)
            if isinstance(node.op, ast.USub) and inner is not None:
                return -inner[1], -inner[0]
            return inner if isinstance(node.op, ast.UAdd) else None
        if isinstance(node, ast.BinOp):
            return self._binary(node)
        if isinstance(node, ast.IfExp):
            self.of(node.test)
            body, orelse = self.of(node.body), self.of(node.orelse)
            return None if body is None or orelse is None else (min(body[0], orelse[0]), max(body[1], orelse[1]))
        if isinstance(node, ast.Call):
            return self._call(node)
        for child in ast.iter_child_nodes(node):  # comparisons and `and`/`or`: their operands
            if isinstance(child, ast.expr):
                self.of(child)
        return None

    def _binary(self, node: ast.BinOp) -> tuple[int, int]:
        left, right = self.of(node.left), self.of(node.right)
        assert left is not None and right is not None
        (a, b), (c, d) = left, right
        if isinstance(node.op, ast.Add):
            return _exact(a + c, b + d)
        if isinstance(node.op, ast.Sub):
            return _exact(a - d, b - c)
        if isinstance(node.op, ast.Mult):
            products = [a * c, a * d, b * c, b * d]
            return _exact(min(products), max(products))
        assert isinstance(node.op, ast.FloorDiv)
        if c == d and c > 0:
            return a // c, b // c
        largest = max(abs(a), abs(b))  # |x // y| <= |x| for any whole y other than 0
        return -largest, largest

    def _call(self, node: ast.Call) -> Range:
        func = node.func
        if isinstance(func, ast.Attribute):  # _dice.minimum(X) / _dice.maximum(X)
            (arg,) = node.args
            assert isinstance(arg, ast.Name)
            return self.dice[arg.id]
        assert isinstance(func, ast.Name)
        ranges = [self.of(a) for a in node.args]
        los = [r[0] for r in ranges if r is not None]
        his = [r[1] for r in ranges if r is not None]
        if func.id == "min":
            return min(los), min(his)
        if func.id == "max":
            return max(los), max(his)
        assert func.id == "abs"
        lo, hi = los[0], his[0]
        return (0 if lo <= 0 <= hi else min(abs(lo), abs(hi))), max(abs(lo), abs(hi))


def exactness_problems(plan: Plan) -> list[Problem]:
    """A problem when some value of the check could leave JavaScript's exact whole numbers."""
    try:
        ranges = Ranges(plan)
        for test, _ in plan.requires:
            ranges.of(test)
        for row in plan.rows:
            if row.when is not None:
                ranges.of(row.when)
            for value in row.then.values:
                ranges.of(value)
    except Inexact as exc:
        message = f"`{plan.name}` cannot be written as exact JavaScript: {exc}; narrow the min/max of its inputs"
        return [plan.check.where.problem("javascript-inexact", message, key=True)]
    return []
