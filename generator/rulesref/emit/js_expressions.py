"""Checked logic expressions (the analyser's rebuilt Python ASTs) written as JavaScript.

Only the node shapes the analyser builds are accepted; anything else is a bug and raises.
Content reaches the output only as JSON-quoted constants. Python's semantics are kept where
JavaScript differs: `//` rounds towards minus infinity, `==` never converts types (`===`),
chained comparisons test each pair, `in` a tuple tests each value, `not` gives a bool, and no
negative zero appears (Python has none). Whole numbers are JavaScript numbers: validation has
proved every value of the check within ±10^12 (`rulesref.logic.bounds`), where they are exact.
"""

from __future__ import annotations

import ast
import json
import re

from rulesref.logic import bounds
from rulesref.logic.expressions import proved_range
from rulesref.names import JAVASCRIPT_RESERVED

RESERVED = JAVASCRIPT_RESERVED  # (`rulesref.names`: no check function may be one either)
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def local(name: str) -> str:
    """The JavaScript name of a Python name (argument or step). A reserved word gets a `$`,
    which no Python name contains, so renamed names never clash."""
    if not _IDENTIFIER.match(name):
        raise ValueError(f"not an identifier: {name!r}")
    return name + "$" if name in RESERVED else name


def constant(value: object) -> str:
    """A constant as JavaScript source: bools and whole numbers as themselves, strings JSON-quoted
    (ASCII only, so no character can end the literal or the line)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        assert abs(value) <= bounds.LIMIT, "validation proved every value within the limit"
        return str(value)
    if isinstance(value, float) and (2 * value).is_integer():  # a distance in half inches: exact in both
        assert abs(value) <= bounds.LIMIT, "validation proved every value within the limit"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=True)
    raise TypeError(f"not a constant of the logic language: {value!r}")


def bare(source: str) -> str:
    """An expression without the parentheses that wrap all of it, where a statement already
    brackets it (`if (...)`). Parentheses inside JSON-quoted constants do not count."""
    if not (source.startswith("(") and source.endswith(")")):
        return source
    depth = 0
    index = 0
    while index < len(source):
        char = source[index]
        if char == '"':  # a JSON-quoted constant: skip to its closing quote
            index += 1
            while source[index] != '"':
                index += 2 if source[index] == "\\" else 1
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0 and index < len(source) - 1:
                return source  # the first parenthesis closes before the end: `(a) && (b)`
        index += 1
    return bare(source[1:-1])


_COMPARE = {ast.Eq: "===", ast.NotEq: "!==", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}


def _may_be_negative(node: ast.expr) -> bool:
    found = proved_range(node)
    return found is None or found[0] < 0


class ExpressionWriter:
    """Writes the expressions of one check, reading the ranges the type checker proved."""

    def write(self, node: ast.expr) -> str:
        if isinstance(node, ast.Constant):
            return constant(node.value)
        if isinstance(node, ast.Name):
            return local(node.id)
        if isinstance(node, ast.UnaryOp):
            operand = self.write(node.operand)
            if isinstance(node.op, ast.Not):
                return f"!{operand}"
            if isinstance(node.op, ast.UAdd):
                return operand
            if isinstance(node.op, ast.USub):  # 0 - x, never -x: -0 would be a negative zero
                return f"(0 - {operand})"
        if isinstance(node, ast.BinOp):
            return self.binary(node)
        if isinstance(node, ast.BoolOp):
            joiner = " && " if isinstance(node.op, ast.And) else " || "
            return "(" + joiner.join(self.write(v) for v in node.values) + ")"
        if isinstance(node, ast.Compare):
            return self.compare(node)
        if isinstance(node, ast.IfExp):
            return f"({self.write(node.test)} ? {self.write(node.body)} : {self.write(node.orelse)})"
        if isinstance(node, ast.Call):
            return self.call(node)
        raise TypeError(f"not in the logic language: {ast.dump(node)}")

    def binary(self, node: ast.BinOp) -> str:
        left, right = self.write(node.left), self.write(node.right)
        if isinstance(node.op, ast.Add):
            return f"({left} + {right})"
        if isinstance(node.op, ast.Sub):
            return f"({left} - {right})"
        if isinstance(node.op, ast.Mult):
            # a zero times a negative number is -0 in JavaScript; `+ 0` makes it 0
            negative = _may_be_negative(node.left) or _may_be_negative(node.right)
            return f"({left} * {right}{' + 0' if negative else ''})"
        if isinstance(node.op, ast.FloorDiv):
            divisor = node.right
            if isinstance(divisor, ast.Constant) and isinstance(divisor.value, int) and divisor.value > 0:
                return f"Math.floor({left} / {divisor.value})"
            return f"$.floordiv({left}, {right})"
        raise TypeError(f"not in the logic language: {ast.dump(node)}")

    def _pair(self, left: str, op: ast.cmpop, right: ast.expr) -> str:
        if isinstance(op, (ast.In, ast.NotIn)):
            assert isinstance(right, ast.Tuple)
            test, joiner = ("===", " || ") if isinstance(op, ast.In) else ("!==", " && ")
            return "(" + joiner.join(f"{left} {test} {self.write(e)}" for e in right.elts) + ")"
        return f"{left} {_COMPARE[type(op)]} {self.write(right)}"

    def compare(self, node: ast.Compare) -> str:
        # `a < b < c` tests `a < b && b < c`; the operands are pure, so repeating `b` is safe
        parts = []
        left = self.write(node.left)
        for op, right in zip(node.ops, node.comparators, strict=True):
            parts.append(self._pair(left, op, right))
            if not isinstance(op, (ast.In, ast.NotIn)):
                left = self.write(right)
        return "(" + " && ".join(parts) + ")"

    def call(self, node: ast.Call) -> str:
        func = node.func
        args = ", ".join(self.write(a) for a in node.args)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "_dice":
            helper = {"maximum": "diceMax", "minimum": "diceMin"}[func.attr]
            return f"$.{helper}({args})"
        if isinstance(func, ast.Name) and func.id in ("min", "max", "abs"):
            return f"Math.{func.id}({args})"
        raise TypeError(f"not in the logic language: {ast.dump(node)}")
