"""What a page and the JSON API show of an entry's checks: signature, arguments, examples,
the import line, and exact odds.

The checks are compiled with the same compiler `rulesref generate` uses and run in the same
sandbox as validation, so the odds a page draws are what the published functions return.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rulesref.config import entry_url
from rulesref.logic.check import plan_entry
from rulesref.logic.codegen import functions_module
from rulesref.logic.plan import Arg, Plan
from rulesref.logic.sandbox import run_module
from rulesref.logic.types import VType
from rulesref.model import Entry, Scalar

MAX_CHARTS = 4  # odds charts per check: one per distinct set of non-dice inputs of its examples


@dataclass(frozen=True)
class ArgView:
    name: str
    kind: str  # bool, int, enum, dice, param
    annotation: str  # the Python type of the argument
    domain: str  # the values it takes, in words
    summary: str | None
    lo: int | None
    hi: int | None
    values: tuple[str, ...]
    dice: str | None  # what a dice argument rolls: "3D6", "n D6", "X"


@dataclass(frozen=True)
class FieldView:
    name: str  # "" for a single-value output
    annotation: str
    domain: str
    summary: str | None


@dataclass(frozen=True)
class ExampleView:
    given: tuple[tuple[str, Scalar], ...]
    expect: tuple[tuple[str, Scalar], ...] | None  # field -> value ("" for a single value)
    raises: str | None
    note: str | None
    call: str  # the Python call, e.g. `breaks_away(distance=10, needed=7)`
    returns: str | None  # repr of what the function returns


@dataclass(frozen=True)
class OddsView:
    given: tuple[tuple[str, Scalar], ...]  # the non-dice inputs
    outcomes: tuple[tuple[str, Fraction], ...]  # result label -> exact probability, in result order
    histogram: bool  # the results are the values of one number: draw them as columns
    note: str  # what the labels leave out (fields that never change, numbers summed over)


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


def show(value: object) -> str:
    """A value as the YAML content writes it: true/false, numbers, words."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _domain(vtype: VType, lo: int | None = None, hi: int | None = None) -> str:
    if vtype.kind == "bool":
        return "true or false"
    if vtype.kind == "str":
        if vtype.values is None:
            return "dice, such as D6, 2D6, D3+1, or none"
        return ", ".join(vtype.values)
    lo = vtype.lo if lo is None else lo
    hi = vtype.hi if hi is None else hi
    if lo is None and hi is None:
        return "a whole number"
    if hi is None:
        return f"{lo} or more"
    if lo is None:
        return f"up to {hi}"
    return f"{lo} to {hi}"


def _arg_view(arg: Arg) -> ArgView:
    t = arg.vtype
    dice = None
    values: tuple[str, ...] = t.values or ()
    lo, hi = t.lo, t.hi
    if arg.dice is not None:
        spec = arg.dice
        if spec.of_param:
            dice = spec.of_param
            domain = f"the total rolled on the dice {spec.of_param}"
        elif spec.count_input:
            dice = f"{spec.count_input} D{spec.sides}"
            domain = f"the total of {spec.count_input} D{spec.sides}"
        else:
            dice = f"{spec.count if spec.count > 1 else ''}D{spec.sides}"
            lo, hi = spec.count, spec.count * spec.sides
            domain = f"a {dice} roll, {lo} to {hi}"
    elif arg.param is not None and arg.param.type == "dice":
        values = arg.param.values
        domain = ", ".join(values)
    elif arg.param is not None and arg.param.type == "roll":
        domain = f"the dice target, {t.lo}+ to {t.hi}+"
    else:
        domain = _domain(t)
    return ArgView(arg.name, arg.kind, t.python(), domain, arg.summary, lo, hi, values, dice)


def _fields(plan: Plan) -> tuple[FieldView, ...]:
    summaries = {o.name: o.summary for o in plan.check.output}
    return tuple(FieldView(name, vtype.python(), _domain(vtype), summaries.get(name)) for name, vtype in plan.fields)


def _signature(plan: Plan) -> str:
    args = ", ".join(f"{a.name}: {a.vtype.python()}" for a in plan.args)
    return f"{plan.name}(*, {args}) -> {plan.result_annotation}" if args else f"{plan.name}() -> {plan.result_annotation}"


MAX_BARS = 12  # more results than this are summarised (see `_shape`)


def _shape(plan: Plan, distribution: dict[Any, Fraction]) -> tuple[tuple[tuple[str, Fraction], ...], bool, str]:
    """The rows of a chart: one per result, labelled by the fields that vary. Many results
    of one number (a dice total) become a histogram; many results that mix words and
    numbers are summed over the numbers, so the chart shows the chances of each outcome."""
    if plan.record_class is None:
        rows = tuple((show(k), p) for k, p in distribution.items())
        return rows, len(rows) > MAX_BARS and plan.fields[0][1].kind == "int", ""
    names = [name for name, _ in plan.fields]
    values = [tuple(getattr(k, n) for n in names) for k in distribution]
    varying = [i for i, n in enumerate(names) if len({v[i] for v in values}) > 1] or list(range(len(names)))
    fixed = [i for i in range(len(names)) if i not in varying]
    note = ", ".join(f"{names[i]}: {show(values[0][i])}" for i in fixed)
    note = f"{note} in every case" if note else ""
    kinds = {name: vtype.kind for name, vtype in plan.fields}
    if len(distribution) > MAX_BARS and len(varying) == 1 and kinds[names[varying[0]]] == "int":
        rows = tuple((show(v[varying[0]]), p) for v, p in zip(values, distribution.values(), strict=True))
        return rows, True, note
    if len(distribution) > MAX_BARS:
        words = [i for i in varying if kinds[names[i]] != "int"]
        if words:
            summed = [names[i] for i in varying if i not in words]
            merged: dict[str, Fraction] = {}
            for v, p in zip(values, distribution.values(), strict=True):
                label = ", ".join(f"{names[i]}: {show(v[i])}" for i in words)
                merged[label] = merged.get(label, Fraction(0)) + p
            extra = f"summed over {', '.join(summed)}"
            return tuple(merged.items()), False, f"{note}; {extra}" if note else extra
    rows = tuple(
        (", ".join(f"{names[i]}: {show(v[i])}" for i in varying), p) for v, p in zip(values, distribution.values(), strict=True)
    )
    return rows, False, note


def _example(plan: Plan, function: Any, example: Any) -> ExampleView:
    given = tuple((a.name, dict(example.given)[a.name]) for a in plan.args if a.name in dict(example.given))
    call = f"{plan.name}(" + ", ".join(f"{k}={v!r}" for k, v in given) + ")"
    expect: tuple[tuple[str, Scalar], ...] | None = None
    returns = None
    if example.raises is None:
        expect = tuple(example.expect) if isinstance(example.expect, tuple) else (("", example.expect),)
        try:
            returns = repr(function(**dict(given)))
        except (ValueError, ArithmeticError):  # validation ran every example; never expected here
            returns = None
    return ExampleView(given, expect, example.raises, example.note, call, returns)


def _odds(plan: Plan, odds: Any, examples: tuple[ExampleView, ...]) -> tuple[OddsView, ...]:
    dice = {a.name for a in plan.dice_args}
    seen: list[tuple[tuple[str, Scalar], ...]] = []
    for example in examples:
        if example.raises is not None:
            continue
        fixed = tuple((k, v) for k, v in example.given if k not in dice)
        if fixed not in seen:
            seen.append(fixed)
    views = []
    for fixed in seen[:MAX_CHARTS]:
        try:
            distribution = odds(**dict(fixed))
        except (ValueError, ArithmeticError):
            continue
        rows, histogram, note = _shape(plan, distribution)
        views.append(OddsView(fixed, rows, histogram, note))
    return tuple(views)


class Record(tuple):  # type: ignore[type-arg]
    """A check's record result: built with keywords, compared, hashed and ordered by its
    fields in order, printed like the package's frozen dataclass."""

    __slots__ = ()
    fields: tuple[str, ...] = ()

    def __new__(cls, **values: Any) -> Record:
        return tuple.__new__(cls, tuple(values[name] for name in cls.fields))

    def __getattr__(self, name: str) -> Any:
        try:
            return self[type(self).fields.index(name)]
        except ValueError:
            raise AttributeError(name) from None

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(type(self).fields, self, strict=True))
        return f"{type(self).__name__}({shown})"


def record_type(name: str, fields: tuple[str, ...]) -> type[Record]:
    return type(name, (Record,), {"__slots__": (), "fields": fields})


def _functions(entry: Entry, plans: list[Plan]) -> dict[str, Any]:
    """The entry's functions as the package defines them: checked entry points, logic and odds
    functions, compiled from the same ASTs. Records are `Record`s here: they compare, hash,
    order and print like the package's frozen dataclasses, and cost far less to make (a big
    site has hundreds of them)."""
    records = {p.record_class: record_type(p.record_class, tuple(f for f, _ in p.fields)) for p in plans if p.record_class}
    module = functions_module(plans, odds_url=entry_url(entry))
    return run_module(module, f"rulechecks.{entry.system}.{entry.module}", records)


def check_views(entry: Entry) -> tuple[CheckView, ...]:
    """A view of every check of an entry (none when it has no checks)."""
    if not entry.checks:
        return ()
    plans, _ = plan_entry(entry)
    if not plans:  # validation reports why; a valid content never gets here
        return ()
    module = f"rulechecks.{entry.system.replace('-', '_')}.{entry.module}"
    namespace = _functions(entry, plans)
    views = []
    for plan in plans:
        examples = tuple(_example(plan, namespace[plan.name], e) for e in plan.check.examples)
        odds = _odds(plan, namespace[plan.odds_name], examples) if plan.odds_name else ()
        views.append(
            CheckView(
                name=plan.name,
                summary=plan.check.summary,
                module=module,
                args=tuple(_arg_view(a) for a in plan.args),
                fields=_fields(plan),
                record_class=plan.record_class,
                signature=_signature(plan),
                odds_name=plan.odds_name,
                dice_args=tuple(a.name for a in plan.dice_args),
                examples=examples,
                odds=odds,
            )
        )
    return tuple(views)
