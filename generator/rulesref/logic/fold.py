"""Constant folding of a composed check's steps, so that what an effect makes moot is no argument.

A composed check is the step's logic with the effects written in as `let` steps, built as
expression trees (`rulesref.logic.phases`), which are folded here before they become text. Where an
effect settles a value outright (Fearless passes the Morale check: `result_settled = True`),
a later effect still reads it in its condition (Mob Rule's `... if not result_settled else
result_settled`), and that condition still reads Mob Rule's own inputs. Folding the constant
into it (`not True` is `False`, `a if False else b` is `b`) leaves those inputs unread, and
`compose._pruned` then drops them: a unit with Fearless and Mob Rule is asked nothing.

Only what cannot change a value is folded: a name bound to a constant, `not`, `and`, `or`,
`x if c else y` with a constant condition (or two equal branches), and a comparison of
constants. Expressions here are typed (true/false on both sides of `and`/`or`) and have no
side effects, so dropping a part never changes what is computed.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from typing import Any

Constant = bool | int | str

_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
}


class _Fold(ast.NodeTransformer):
    def __init__(self, known: dict[str, Constant]) -> None:
        self.known = known

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return ast.Constant(self.known[node.id]) if node.id in self.known else node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.expr:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not) and _is(node.operand, bool):
            return ast.Constant(not node.operand.value)  # type: ignore[attr-defined]
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.expr:
        self.generic_visit(node)
        neutral = isinstance(node.op, ast.And)  # True in `and`, False in `or`: no effect
        values = []
        for value in node.values:
            if _is(value, bool):
                if value.value is not neutral:  # type: ignore[attr-defined]
                    return ast.Constant(not neutral)  # `... and False`, `... or True`
                continue
            values.append(value)
        if not values:
            return ast.Constant(neutral)
        return values[0] if len(values) == 1 else ast.BoolOp(op=node.op, values=values)

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        self.generic_visit(node)
        if _is(node.test, bool):
            return node.body if node.test.value else node.orelse  # type: ignore[attr-defined]
        if ast.dump(node.body) == ast.dump(node.orelse):
            return node.body
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.expr:
        self.generic_visit(node)
        terms = [node.left, *node.comparators]
        if len(node.ops) != 1 or type(node.ops[0]) not in _COMPARE or not all(isinstance(t, ast.Constant) and type(t.value) in (int, str) for t in terms):
            return node
        left, right = (t.value for t in terms)  # type: ignore[attr-defined]
        if type(left) is not type(right):
            return node
        return ast.Constant(_COMPARE[type(node.ops[0])](left, right))


def _is(node: ast.expr, kind: type) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is kind


def folded(source: str, known: dict[str, Constant]) -> ast.expr:
    """An expression's text with the names in `known` replaced by their constants, folded.

    >>> ast.unparse(folded("(x if not settled else settled) and ready", {"settled": True}))
    'ready'
    >>> ast.unparse(folded("roll >= 3 if strength > 4 else False", {"strength": 2}))
    'False'
    """
    return _folded(ast.parse(source.strip(), mode="eval").body, known)


def _folded(node: ast.expr, known: dict[str, Constant]) -> ast.expr:
    out = _Fold(known).visit(node)
    assert isinstance(out, ast.expr)
    return out


def fold_steps(lets: list[tuple[str, ast.expr]], values: list[tuple[str, ast.expr]]) -> tuple[list[tuple[str, ast.expr]], list[tuple[str, ast.expr]]]:
    """`let` steps and result values (the nodes are changed in place) with every step that
    comes to a constant written into those after it: the steps folded, then the values."""
    known: dict[str, Constant] = {}
    out = []
    for name, node in lets:
        node = _folded(node, known)
        if isinstance(node, ast.Constant) and isinstance(node.value, bool | int | str):
            known[name] = node.value
        out.append((name, node))
    return out, [(name, _folded(node, known)) for name, node in values]
