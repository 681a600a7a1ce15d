"""What a page and the JSON API show of an entry's checks: signature, arguments, examples,
the import line, and exact odds.

Everything here is read from the build: the examples' results and the odds were computed
once, by the compile stage, from the same functions `rulesref generate` writes out, so what
a page shows is what the published functions return.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from rulesref.config import Settings
from rulesref.logic.compiled import CompiledCheck, CompiledEntry, ExampleResult, OddsResult
from rulesref.logic.describe import arg_values, dice_label, type_values
from rulesref.logic.plan import Arg, ExampleText, Plan
from rulesref.logic.pools import counts_of
from rulesref.logic.types import VType
from rulesref.model import Scalar


@dataclass(frozen=True)
class ArgView:
    name: str
    kind: str  # bool, int, enum, dice, param
    annotation: str  # the Python type of the argument
    domain: str  # the values it takes, in words
    summary: str | None
    lo: int | float | None  # a distance's may be x.5
    hi: int | float | None
    values: tuple[str, ...]
    dice: str | None  # what a dice argument rolls: "3D6", "n D6", "X"
    target: bool = False  # a dice target parameter: 4 is shown as 4+


@dataclass(frozen=True)
class FieldView:
    name: str  # "" for a single-value output
    kind: str  # bool, int, enum, dice
    annotation: str
    domain: str
    summary: str | None
    values: tuple[str, ...] = ()  # an enum's values


@dataclass(frozen=True)
class ExampleView:
    given: tuple[tuple[str, Scalar], ...]
    expect: tuple[tuple[str, Scalar], ...] | None  # field -> value ("" for a single value)
    raises: str | None
    note: str | None
    call: str  # the Python call, e.g. `breaks_away(distance=10, needed=7)`
    returns: str | None  # repr of what the function returns


Outcome = tuple[tuple[str, Scalar], ...]  # the fields a chart row shows, with their values ("" for a single value)


@dataclass(frozen=True)
class OddsView:
    given: tuple[tuple[str, Scalar], ...]  # the non-dice inputs
    outcomes: tuple[tuple[Outcome, Fraction], ...]  # each result -> exact probability, in result order
    histogram: bool  # the results are the values of one number: draw them as columns
    fixed: Outcome  # fields with the same value in every result (left out of `outcomes`)
    summed: tuple[str, ...]  # number fields summed over, so that `outcomes` shows the words

    @cached_property
    def numbers(self) -> tuple[int, ...] | None:
        """The value of each row when every row is one whole number (a count, a total): then
        the chances read as "at least N" too, and the odds have a mean."""
        values = []
        for outcome, _ in self.outcomes:
            if len(outcome) != 1 or type(outcome[0][1]) is not int:
                return None
            values.append(outcome[0][1])
        return tuple(values)

    @cached_property
    def mean(self) -> Fraction | None:
        numbers = self.numbers
        if numbers is None:
            return None
        return sum((n * p for n, (_, p) in zip(numbers, self.outcomes, strict=True)), Fraction(0))

    @cached_property
    def at_least(self) -> tuple[Fraction, ...] | None:
        """For each row of `numbers` (in their order, lowest first), the chance of that or more:
        the chances summed from the highest down, once."""
        if self.numbers is None:
            return None
        more, running = [], Fraction(0)
        for _, p in reversed(self.outcomes):
            running += p
            more.append(running)
        return tuple(reversed(more))


@dataclass(frozen=True)
class PoolView:
    """A pool as its rule writes it, for the page's words and the JSON API."""

    name: str
    summary: str | None
    dice: str  # how many dice: a number or an expression, as written
    die: str  # D6 or D3
    target: str | None
    modifier: str | None
    best: str | None
    natural: tuple[tuple[int, str], ...]
    classes: tuple[tuple[str, str], ...]  # name -> condition, as written
    fails: str | None
    reroll: str | None
    explode: tuple[int, int | str] | None  # (at, depth: a number or an expression, as written)
    keep: tuple[str, str] | None  # ("highest" or "lowest", how many)
    counts: tuple[str, ...]  # the arguments that count its dice, in order
    total: str | None = None  # the argument that totals the numbers its (kept) dice show


@dataclass(frozen=True)
class CheckView:
    name: str
    summary: str
    module: str  # rulechecks.<system>.<module>
    args: tuple[ArgView, ...]
    fields: tuple[FieldView, ...]
    record_class: str | None
    signature: str
    odds_name: str | None
    dice_args: tuple[str, ...]
    examples: tuple[ExampleView, ...]
    odds: tuple[OddsView, ...]
    pools: tuple[PoolView, ...] = ()
    parts: tuple[tuple[str, str], ...] = ()  # a composed check: (entry id, what it supplied)
    versus: bool = False
    targets: tuple[tuple[str, tuple[tuple[str, Scalar], ...], tuple[tuple[str, str], ...]], ...] = ()  # (unit id, values, parts)


def _arg_view(arg: Arg) -> ArgView:
    t = arg.vtype
    values: tuple[str, ...] = t.values or ()
    lo, hi = t.lo, t.hi
    if arg.dice is not None and not (arg.dice.of_param or arg.count is not None):
        lo, hi = arg.dice.count, arg.dice.count * arg.dice.sides
    elif arg.param is not None and arg.param.type == "dice":
        values = arg.param.values
    dice = dice_label(arg.dice) if arg.dice is not None else None
    target = arg.param is not None and arg.param.type == "roll"
    return ArgView(arg.name, arg.kind, t.python(), arg_values(arg), arg.summary, lo, hi, values, dice, target)


def _fields(plan: Plan) -> tuple[FieldView, ...]:
    summaries = {o.name: o.summary for o in plan.check.output}
    return tuple(
        FieldView(name, _kind(vtype), vtype.python(), type_values(vtype), summaries.get(name), vtype.values or ()) for name, vtype in plan.fields
    )


def _kind(vtype: VType) -> str:
    if vtype.kind != "str":
        return vtype.kind
    return "enum" if vtype.values is not None else "dice"


def _signature(plan: Plan) -> str:
    args = ", ".join(f"{a.name}: {a.vtype.python()}" for a in plan.args)
    return f"{plan.name}(*, {args}) -> {plan.result_annotation}" if args else f"{plan.name}() -> {plan.result_annotation}"


MAX_BARS = 12  # more results than this are summarised (see `_shape`)


def _shape(plan: Plan, distribution: dict[Any, Fraction]) -> tuple[tuple[tuple[Outcome, Fraction], ...], bool, Outcome, tuple[str, ...]]:
    """The rows of a chart: one per result, with the fields that vary. Many results of one
    number (a dice total) become a histogram; many results that mix words and numbers are
    summed over the numbers, so the chart shows the chances of each outcome."""
    if plan.record_class is None:
        rows: tuple[tuple[Outcome, Fraction], ...] = tuple(((("", k),), p) for k, p in distribution.items())
        return rows, len(rows) > MAX_BARS and plan.fields[0][1].kind == "int", (), ()
    names = [name for name, _ in plan.fields]
    values = [tuple(getattr(k, n) for n in names) for k in distribution]
    varying = [i for i, n in enumerate(names) if len({v[i] for v in values}) > 1] or list(range(len(names)))
    fixed = tuple((names[i], values[0][i]) for i in range(len(names)) if i not in varying)
    kinds = {name: vtype.kind for name, vtype in plan.fields}
    if len(distribution) > MAX_BARS and len(varying) == 1 and kinds[names[varying[0]]] == "int":
        rows = tuple((((names[varying[0]], v[varying[0]]),), p) for v, p in zip(values, distribution.values(), strict=True))
        return rows, True, fixed, ()
    if len(distribution) > MAX_BARS:
        words = [i for i in varying if kinds[names[i]] != "int"]
        if words:
            merged: dict[Outcome, Fraction] = {}
            for v, p in zip(values, distribution.values(), strict=True):
                shown = tuple((names[i], v[i]) for i in words)
                merged[shown] = merged.get(shown, Fraction(0)) + p
            return tuple(merged.items()), False, fixed, tuple(names[i] for i in varying if i not in words)
    rows = tuple((tuple((names[i], v[i]) for i in varying), p) for v, p in zip(values, distribution.values(), strict=True))
    return rows, False, fixed, ()


def _example(text: ExampleText, result: ExampleResult) -> ExampleView:
    example = result.example
    expect: tuple[tuple[str, Scalar], ...] | None = None
    if example.raises is None:
        assert example.expect is not None  # the schema wants `expect` where there is no `raises`
        expect = tuple(example.expect) if isinstance(example.expect, tuple) else (("", example.expect),)
    return ExampleView(text.given, expect, example.raises, example.note, text.call, result.shown)


def _odds(plan: Plan, odds: OddsResult) -> OddsView:
    return odds_view(plan, odds.given, odds.distribution)


def odds_view(plan: Plan, given: tuple[tuple[str, Scalar], ...], distribution: Iterable[tuple[Any, Fraction]]) -> OddsView:
    """The chart of one distribution of a check's results: in the chart's order (`result_order`), shaped."""
    key = result_order(plan)
    rows, histogram, fixed, summed = _shape(plan, dict(sorted(distribution, key=lambda item: key(item[0]))))
    return OddsView(given, rows, histogram, fixed, summed)


def result_order(plan: Plan) -> Callable[[Any], tuple[Any, ...]]:
    """How a chart orders a check's results: a word's by the order the check declares its
    values in (the order of the rule's table: destroyed, misplaced, delayed), numbers and
    yes or no as they sort. (The odds functions list results as Python sorts them, words
    A to Z; the "Try it" charts order theirs the same way, from `fields`' values.)"""

    def rank(vtype: VType, value: Any) -> Any:
        return vtype.values.index(value) if vtype.kind == "str" and vtype.values is not None and value in vtype.values else value

    if plan.record_class is None:
        return lambda result: (rank(plan.fields[0][1], result),)
    return lambda result: tuple(rank(vtype, getattr(result, name)) for name, vtype in plan.fields)


def _text(expr: Any) -> str | None:
    return None if expr is None else str(expr.source)


def _depth(source: Any) -> int | str:
    """An explode depth as written: a number stays one, an expression its text."""
    return source if type(source) is int else str(source)


def pool_views(plan: Plan) -> tuple[PoolView, ...]:
    """Each pool of a check as written (the analysed pool says which arguments count it)."""
    out = []
    for pool in plan.pools:
        item = plan.check.input(pool.name)
        assert item is not None and item.pool is not None
        spec = item.pool
        out.append(
            PoolView(
                name=pool.name,
                summary=item.summary,
                dice=str(spec.dice.source),
                die=f"D{spec.sides}",
                target=_text(spec.target),
                modifier=_text(spec.modifier),
                best=_text(spec.best),
                natural=spec.natural,
                classes=tuple((name, str(cond.source)) for name, cond in spec.classes),
                fails=spec.fails,
                reroll=pool.reroll or None,
                explode=(spec.explode_on, _depth(spec.explode_depth.source)) if spec.explode_on else None,
                keep=(spec.keep[0], str(spec.keep[1].source)) if spec.keep else None,
                counts=tuple(counts_of(pool.counted)),
                total=spec.total,
            )
        )
    return tuple(out)


def check_view(check: CompiledCheck, module: str) -> CheckView:
    plan = check.plan
    return CheckView(
        name=plan.name,
        summary=plan.check.summary,
        module=module,
        args=tuple(_arg_view(a) for a in plan.args),
        fields=_fields(plan),
        record_class=plan.record_class,
        signature=_signature(plan),
        odds_name=plan.odds_name,
        dice_args=tuple(a.name for a in plan.dice_args),
        examples=tuple(_example(t, r) for t, r in zip(plan.example_texts, check.examples, strict=True)),
        odds=tuple(_odds(plan, o) for o in check.odds),
        pools=pool_views(plan),
        parts=tuple((p.entry, p.words) for p in plan.check.parts),
        versus=plan.check.versus,
        targets=tuple((t.unit, t.values, tuple((p.entry, p.words) for p in t.parts)) for t in plan.check.targets),
    )


def check_views(compiled: CompiledEntry, settings: Settings) -> tuple[CheckView, ...]:
    """A view of every check of an entry."""
    module = settings.module_path(compiled.entry)
    return tuple(check_view(c, module) for c in compiled.checks)
