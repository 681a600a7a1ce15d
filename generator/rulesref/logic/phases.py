"""Effects written into a composed check as expressions: each phase's value as a `let`.

`rulesref.logic.compose` decides which effects reach which check; this module writes them
in, phase by phase (`rulesref.logic.effects`), as expression trees the analysis then types
and checks like any other: conditions as `x if c else y`, stacking as sums or `max`/`min`,
caps as `min`/`max`, halving by the helpers. Every value is built as a node of Python's `ast`
from the content's own expressions (parsed where they are read) and from nodes made here; a
name is replaced by a node, never by pasting text into text. What becomes text is what the
model holds as text: the composed check's `let`s and result (once each, after folding), a
pool's changed expressions, a rule's parameters given by a unit. (An effect's condition
comes as text from `rulesref.logic.effects.condition`, which the proofs read too.)
"""

from __future__ import annotations

import ast
import copy
from dataclasses import replace
from functools import lru_cache
from typing import Any

from rulesref.logic.analyse import is_dice_value
from rulesref.logic.effect_forms import RESULT, names_in
from rulesref.logic.effects import Resolved, condition
from rulesref.model import Expr, PoolSpec, Where

PHASE_NAMES = ("settled", "set", "plus", "capped", "halved")  # the `let` a phase's value is kept in: `strength_plus`

Nodes = dict[str, ast.expr]  # what names stand for: a `let`'s name, or a value


class Names:
    """Fresh names for the `let` steps, clear of every name the check already has."""

    def __init__(self, taken: set[str]) -> None:
        self.taken = set(taken)

    def fresh(self, base: str) -> str:
        name, n = base, 2
        while name in self.taken:
            name, n = f"{base}_{n}", n + 1
        self.taken.add(name)
        return name


def named(identifier: str) -> ast.expr:
    return ast.Name(id=identifier, ctx=ast.Load())


def text(node: ast.expr) -> str:
    """An expression as the model holds it."""
    return ast.unparse(node)


@lru_cache(maxsize=4096)
def _parsed(source: str) -> ast.expr:
    # (kept: many units compose the same steps with the same rules, so the same texts recur;
    # callers copy it before they change it)
    return ast.parse(source.strip(), mode="eval").body


class _Swap(ast.NodeTransformer):
    def __init__(self, nodes: Nodes) -> None:
        self.nodes = nodes

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return copy.deepcopy(self.nodes[node.id]) if node.id in self.nodes else node


def swapped(node: ast.expr, nodes: Nodes) -> ast.expr:
    """`node` (not changed) with each name of `nodes` replaced by its node."""
    out = _Swap(nodes).visit(copy.deepcopy(node))
    assert isinstance(out, ast.expr)
    return out


def expression(source: object, nodes: Nodes | None = None) -> ast.expr:
    """A written expression (or a literal) as a node, its names of `nodes` replaced."""
    if not isinstance(source, str):
        literal: Any = source  # (a number or a bool: the model's scalars)
        return ast.Constant(literal)
    read = names_in(source)
    wanted = {k: v for k, v in (nodes or {}).items() if k in read}
    return swapped(_parsed(source), wanted) if wanted else copy.deepcopy(_parsed(source))


def value_node(expr: Expr, values: tuple[str, ...] | None, dice: bool, nodes: Nodes) -> ast.expr:
    """A written result value: an enum word or dice notation is a string constant."""
    source = expr.source
    if isinstance(source, str) and ((values is not None and source in values) or (dice and is_dice_value(source))):
        return ast.Constant(source)
    return expression(source, nodes)


def _value_of(one: Resolved, nodes: Nodes) -> ast.expr:
    """An effect's value (for `set`, `add` and the caps)."""
    assert one.effect.value is not None
    source = one.effect.value.source
    if isinstance(source, str) and one.vtype.kind == "str":  # a word or dice written bare: a literal
        words = (*one.vtype.values, *one.effect.new_values) if one.vtype.values is not None else None
        if (words is not None and source in words) or (words is None and is_dice_value(source)):
            return ast.Constant(source)
    return expression(source, nodes)


def _is(node: ast.expr, value: bool) -> bool:
    return isinstance(node, ast.Constant) and node.value is value


def when(value: ast.expr, cond: ast.expr, otherwise: ast.expr) -> ast.expr:
    """`value` where `cond` holds, else `otherwise` (just `value` where it always holds)."""
    return value if _is(cond, True) else ast.IfExp(test=cond, body=value, orelse=otherwise)


def _call(helper: str, *args: ast.expr) -> ast.expr:
    return ast.Call(func=named(helper), args=list(args), keywords=[])


def _phase(current: ast.expr, effects: list[Resolved], everything: list[Resolved], nodes: Nodes) -> ast.expr:
    """The value after one phase's effects, as an expression of the value before it."""
    op = effects[0].effect.operation
    kept = [(e, written) for e in effects if (written := condition(e, everything)) != "False"]  # an effect an exception always overrides does nothing
    if not kept:
        return current
    effects, cond = [e for e, _ in kept], [expression(c, nodes) for _, c in kept]
    if op in ("auto", "cannot", "set"):
        out = current
        for e, c in reversed(list(zip(effects, cond, strict=True))):  # at most one applies: the proof saw to it
            value = ast.Constant(e.effect.operation == "auto" and e.effect.word == "pass") if op in ("auto", "cannot") else _value_of(e, nodes)
            out = when(value, c, out)
        return out
    if op == "add":
        stacks = effects[0].effect.stacks
        terms = [when(_value_of(e, nodes), c, ast.Constant(0)) for e, c in zip(effects, cond, strict=True)]
        if stacks in ("highest", "lowest") and len(terms) > 1:
            return ast.BinOp(left=current, op=ast.Add(), right=_call("max" if stacks == "highest" else "min", ast.Constant(0), *terms))
        out = current
        for term in terms:
            out = ast.BinOp(left=out, op=ast.Add(), right=term)
        return out
    if op in ("at_most", "at_least"):
        out = current
        for e, c in zip(effects, cond, strict=True):
            helper = "min" if e.effect.operation == "at_most" else "max"
            out = when(_call(helper, out, _value_of(e, nodes)), c, out)
        return out
    out = current
    for e, c in zip(effects, cond, strict=True):
        out = when(_call(f"halve_{e.effect.word}", out), c, out)
    return out


def chain(quantity: str, effects: list[Resolved], everything: list[Resolved], fresh: Names, lets: list[tuple[str, ast.expr]], start: ast.expr, read: dict[int, Nodes]) -> str:
    """The `let` steps that apply `effects` to a value (`start`), phase by phase; the name of
    the last one. `read` gets what each effect's `result` is (by `id`)."""
    current = start
    last = ""
    for phase in range(len(PHASE_NAMES)):
        in_phase = [e for e in effects if e.phase == phase]
        if not in_phase:
            continue
        reading = {RESULT: current} if in_phase[0].on_result else {}
        read.update({id(e): reading for e in in_phase})
        last = fresh.fresh(f"{quantity or RESULT}_{PHASE_NAMES[phase]}")
        lets.append((last, _phase(current, in_phase, everything, reading)))
        current = named(last)
    return last


def inlined(names: Nodes, lets: list[tuple[str, ast.expr]]) -> Nodes:
    """Each changed input's final value as one expression of the inputs (its steps written
    out), for the pools: they read inputs, not steps."""
    nodes: Nodes = {}
    for let, node in lets:
        nodes[let] = swapped(node, nodes)
    return {quantity: nodes[final.id] for quantity, final in names.items() if isinstance(final, ast.Name) and final.id in nodes}


def pool_with(pool: PoolSpec, inline: Nodes) -> PoolSpec:
    """A pool whose expressions read the changed values of the inputs."""
    if not inline:
        return pool

    def swap(expr: Expr) -> Expr:
        if not isinstance(expr.source, str) or not (names_in(expr.source) & inline.keys()):
            return expr
        return Expr(text(expression(expr.source, inline)), expr.where)

    def maybe(expr: Expr | None) -> Expr | None:
        return swap(expr) if expr is not None else None

    keep = (pool.keep[0], swap(pool.keep[1])) if pool.keep is not None else None
    return replace(
        pool, dice=swap(pool.dice), target=maybe(pool.target), modifier=maybe(pool.modifier), best=maybe(pool.best),
        classes=tuple((n, swap(e)) for n, e in pool.classes), keep=keep,
    )


def outcomes(applied: list[Resolved], read: dict[int, Nodes]) -> dict[str, tuple[Resolved, ast.expr]]:
    """Each field the effects add: its value where its effect applies (as the composed check
    applies it, `result` being the result before its phase), else its `otherwise`; with the
    effect that adds it (a name two effects add: the first, and `compose` refuses the second)."""
    out: dict[str, tuple[Resolved, ast.expr]] = {}
    for one in applied:
        nodes = read.get(id(one), {})
        cond = expression(condition(one, applied), nodes)
        for outcome in one.effect.outcomes:
            field = outcome.field
            dice = field.type == "dice"
            value, otherwise = (value_node(e, field.values or None, dice, nodes) for e in (outcome.value, outcome.otherwise))
            out.setdefault(field.name, (one, otherwise if _is(cond, False) else when(value, cond, otherwise)))
    return out


def as_lets(lets: list[tuple[str, ast.expr]], where: Where) -> list[tuple[str, Expr]]:
    """The `let`s as the model holds them."""
    return [(n, Expr(text(node), where)) for n, node in lets]
