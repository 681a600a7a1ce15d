"""Effects written into a composed check as expression text: each phase's value as a `let`.

`rulesref.logic.compose` decides which effects reach which check; this module writes them
in, phase by phase (`rulesref.logic.effects`), as text the analysis then types and checks
like any other: conditions as `x if c else y`, stacking as sums or `max`/`min`, caps as
`min`/`max`, halving by the helpers. Names are substituted by parsing and rewriting the
expression, never by pasting text into text.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from functools import lru_cache

from rulesref.logic.analyse import is_dice_value
from rulesref.logic.effect_forms import RESULT, names_in
from rulesref.logic.effects import Resolved, condition
from rulesref.model import Expr, PoolSpec, Where

PHASE_NAMES = ("settled", "set", "plus", "capped", "halved")  # the `let` a phase's value is kept in: `strength_plus`


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


def value_text(expr: Expr, values: tuple[str, ...] | None, dice: bool, names: dict[str, str]) -> str:
    """A written result value as expression text: an enum word or dice notation is quoted."""
    source = expr.source
    if isinstance(source, str) and ((values is not None and source in values) or (dice and is_dice_value(source))):
        return repr(source)
    return f"({substituted(source, names)})"


def _value_of(one: Resolved, names: dict[str, str]) -> str:
    """An effect's value (for `set`, `add` and the caps) as expression text."""
    assert one.effect.value is not None
    source = one.effect.value.source
    if isinstance(source, str) and one.vtype.kind == "str":  # a word or dice written bare: a literal
        words = (*one.vtype.values, *one.effect.new_values) if one.vtype.values is not None else None
        if (words is not None and source in words) or (words is None and is_dice_value(source)):
            return repr(source)
    return substituted(source, names)


def _when(value: str, cond: str, otherwise: str) -> str:
    """`value` where `cond` holds, else `otherwise` (just `value` where it always holds)."""
    return f"({value})" if cond == "True" else f"(({value}) if ({cond}) else ({otherwise}))"


def _phase(current: str, effects: list[Resolved], everything: list[Resolved], names: dict[str, str]) -> str:
    """The value after one phase's effects, as expression text of the value before it."""
    op = effects[0].effect.operation
    kept = [(e, c) for e in effects if (c := condition(e, everything)) != "False"]  # an effect an exception always overrides does nothing
    if not kept:
        return current
    effects, cond = [e for e, _ in kept], [substituted(c, names) for _, c in kept]
    if op in ("auto", "cannot", "set"):
        text = current
        for e, c in reversed(list(zip(effects, cond, strict=True))):  # at most one applies: the proof saw to it
            value = "True" if e.effect.operation == "auto" and e.effect.word == "pass" else "False" if op in ("auto", "cannot") else _value_of(e, names)
            text = _when(value, c, text)
        return text
    if op == "add":
        stacks = effects[0].effect.stacks
        terms = [_when(_value_of(e, names), c, "0") for e, c in zip(effects, cond, strict=True)]
        if stacks in ("highest", "lowest") and len(terms) > 1:
            return f"({current}) + {'max' if stacks == 'highest' else 'min'}(0, {', '.join(terms)})"
        return " + ".join([f"({current})", *terms])
    if op in ("at_most", "at_least"):
        text = current
        for e, c in zip(effects, cond, strict=True):
            helper = "min" if e.effect.operation == "at_most" else "max"
            text = _when(f"{helper}(({text}), ({_value_of(e, names)}))", c, text)
        return text
    text = current
    for e, c in zip(effects, cond, strict=True):
        text = _when(f"halve_{e.effect.word}({text})", c, text)
    return text


def chain(quantity: str, effects: list[Resolved], everything: list[Resolved], fresh: Names, lets: list[tuple[str, Expr]], where: Where, start: str, read: dict[int, dict[str, str]]) -> str:
    """The `let` steps that apply `effects` to a value (`start`, an expression text), phase by
    phase; the name of the last one. `read` gets what each effect's `result` is (by `id`)."""
    current = start
    for phase in range(len(PHASE_NAMES)):
        in_phase = [e for e in effects if e.phase == phase]
        if not in_phase:
            continue
        reading = {RESULT: current} if in_phase[0].on_result else {}
        read.update({id(e): reading for e in in_phase})
        step_name = fresh.fresh(f"{quantity or RESULT}_{PHASE_NAMES[phase]}")
        lets.append((step_name, Expr(_phase(current, in_phase, everything, reading), where)))
        current = step_name
    return current


def inlined(names: dict[str, str], lets: list[tuple[str, Expr]]) -> dict[str, str]:
    """Each changed input's final value as one expression of the inputs (its steps written
    out), for the pools: they read inputs, not steps."""
    texts: dict[str, str] = {}
    for name, expr in lets:
        texts[name] = substituted(expr.source, texts)
    return {quantity: texts[final] for quantity, final in names.items() if final in texts}


def substituted(source: object, texts: dict[str, str]) -> str:
    """An expression's text with names replaced by (parenthesised) expressions, or by other
    names (a literal as Python writes it)."""
    if not isinstance(source, str):
        return repr(source)
    read = names_in(source)
    return _substituted_text(source, tuple((k, v) for k, v in texts.items() if k in read))


@lru_cache(maxsize=4096)
def _substituted_text(source: str, texts: tuple[tuple[str, str], ...]) -> str:
    # (kept: many units compose the same steps with the same rules, so the same texts recur)
    swap = dict(texts)

    class Swap(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            return ast.parse(f"({swap[node.id]})", mode="eval").body if node.id in swap else node

    return ast.unparse(Swap().visit(ast.parse(source.strip(), mode="eval")))


def pool_with(pool: PoolSpec, inline: dict[str, str]) -> PoolSpec:
    """A pool whose expressions read the changed values of the inputs."""
    if not inline:
        return pool

    def swap(expr: Expr) -> Expr:
        if not isinstance(expr.source, str) or not (names_in(expr.source) & inline.keys()):
            return expr
        return Expr(substituted(expr.source, inline), expr.where)

    def maybe(expr: Expr | None) -> Expr | None:
        return swap(expr) if expr is not None else None

    keep = (pool.keep[0], swap(pool.keep[1])) if pool.keep is not None else None
    return replace(
        pool, dice=swap(pool.dice), target=maybe(pool.target), modifier=maybe(pool.modifier), best=maybe(pool.best),
        classes=tuple((n, swap(e)) for n, e in pool.classes), keep=keep,
    )


def outcome_texts(applied: list[Resolved], read: dict[int, dict[str, str]]) -> dict[str, tuple[Resolved, str]]:
    """Each field the effects add, as expression text: its value where its effect applies (as
    the composed check applies it, `result` being the result before its phase), else its
    `otherwise`; with the effect that adds it (a name two effects add: the first, and
    `compose` refuses the second)."""
    out: dict[str, tuple[Resolved, str]] = {}
    for one in applied:
        names = read.get(id(one), {})
        cond = substituted(condition(one, applied), names)
        for outcome in one.effect.outcomes:
            field = outcome.field
            dice = field.type == "dice"
            value, otherwise = (value_text(e, field.values or None, dice, names) for e in (outcome.value, outcome.otherwise))
            out.setdefault(field.name, (one, otherwise if cond == "False" else _when(value, cond, otherwise)))
    return out

