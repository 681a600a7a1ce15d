"""Render the `rulechecks-js` package: the compiled plans as ES modules with TypeScript
declarations, one module per entry with checks, one folder per system.

It reads plans only (never the analyser or the sandbox), the same plans the Python package is
written from, and takes the input checks and their messages from `rulesref.logic.inputs`, so
both packages refuse the same inputs with the same words. The API keeps the Python names:
`resolve({roll: 1, locked_in_combat: true, ...})` and `resolve_odds({...})`; records are
frozen plain objects; odds are exact BigInt fractions in Python's order of results.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from rulesref.emit.js_expressions import ExpressionWriter, bare, constant, local
from rulesref.emit.js_module import ImportCheck, ImportRuntime, Line, Module, exported
from rulesref.logic.chain import Step, schedule
from rulesref.logic.inputs import Bound, InputCheck, PoolCheck, input_check, never_met, no_row_matched, pool_checks
from rulesref.logic.plan import Arg, Plan, ResultPlan
from rulesref.logic.pools import PoolPlan
from rulesref.logic.types import VType
from rulesref.model import Entry, System
from rulesref.support.templates import render

RUNTIME = "_runtime"
POOLS = "_pools"  # only a module with a pool imports it (see `_pools.js`)


@dataclass(frozen=True)
class EntryModule:
    """What one entry's module is written from: the entry, its system, its compiled plans."""

    system: System
    entry: Entry
    plans: tuple[Plan, ...]
    source: str  # its YAML file, as the header names it
    url: str  # its page
    code: tuple[tuple[str, tuple[Line, ...]], ...] = ()  # a check's odds and logic where they call a step's (`rulesref.emit.js_shared`)
    imports: tuple[ImportCheck, ...] = ()  # the modules of the steps they call


def _composed_from(plan: Plan) -> str:
    """A composed check's parts, for its declaration's doc comment (the docstring's list)."""
    parts = plan.check.parts
    return " Composed from: " + "; ".join(f"{comment(p.name)}: {comment(p.words.rstrip('.'))}" for p in parts) + "." if parts else ""


def comment(text: str) -> str:
    """Content text inside a `/** ... */` comment: one line, and it can never close the comment."""
    return " ".join(text.split()).replace("*/", "*\\/")


def header(source: str) -> str:
    """The `//` header naming the source file; no character of the path can end the line."""
    return render("generated-header.jinja", source=_LINE_BREAKS.sub(" ", source), comment="//")


_LINE_BREAKS = re.compile("[\r\n\u2028\u2029]")  # what ends a line in JavaScript


# -- values and types -------------------------------------------------------------------------


def ts_type(vtype: VType) -> str:
    """The TypeScript type of a value: literal unions for enums."""
    if vtype.kind == "bool":
        return "boolean"
    if vtype.kind == "int":
        return "number"
    if vtype.values is not None:
        return " | ".join(constant(v) for v in vtype.values)
    return "string"


# -- functions --------------------------------------------------------------------------------


def _value(value: Bound) -> str:
    if isinstance(value, (int, float)):
        return constant(value)
    if value.kind == "arg":
        return local(value.name)
    if value.kind == "count":  # so many times the count of dice an argument's `count` works out
        assert value.node is not None
        count = ExpressionWriter().write(value.node)
        return count if value.factor == 1 else f"{value.factor} * {count}"
    return f"$.{'diceMin' if value.kind == 'dice_min' else 'diceMax'}({local(value.name)})"


def _message(check: InputCheck) -> str:
    return " + ".join(constant(p) if isinstance(p, str) else f"$.repr({_value(p)})" for p in check.message)


def validation(arg: Arg) -> str:
    """One line that refuses a bad value with Python's message (a bool is not a number)."""
    check = input_check(arg)
    a = local(arg.name)
    if check.test == "bool":
        test = f'typeof {a} !== "boolean"'
    elif check.test == "one_of":
        test = " && ".join(f"{a} !== {constant(v)}" for v in check.values)
    elif check.test == "half":  # a distance: a number in range whose double is whole
        test = f'typeof {a} !== "number" || !({_value(check.lo)} <= {a} && {a} <= {_value(check.hi)}) || !Number.isInteger(2 * {a})'
    else:
        test = f"!Number.isInteger({a}) || !({_value(check.lo)} <= {a} && {a} <= {_value(check.hi)})"
    return f"  if ({test}) $.fail({_message(check)});"


def pool_validation(check: PoolCheck, writer: ExpressionWriter) -> str:
    """The counts of a pool add up to its dice, as the Python package words it."""
    total = " + ".join(local(n) for n in check.names)
    limit = writer.write(check.limit)
    test = f"({total}) {'!==' if check.exact else '<' if check.least else '>'} {limit}"
    before, between = check.words
    text = f"{constant(before)} + $.repr({limit}) + {constant(between)} + $.repr({total})"
    return f"  if ({test}) $.fail({text});"


def _requirements(plan: Plan, writer: ExpressionWriter) -> list[str]:
    return [f"  if (!({bare(writer.write(test))})) $.fail({constant(text)});" for test, text in plan.requires]


def _core(plan: Plan) -> str:
    return "$" + plan.name


def _record_maker(plan: Plan) -> str:
    return "$" + (plan.record_class or "")


def _result(plan: Plan, result: ResultPlan, writer: ExpressionWriter) -> str:
    values = [writer.write(v) for v in result.values]
    if plan.record_class is None:
        return values[0]
    return f"{_record_maker(plan)}({', '.join(values)})"


def _destructure(args: Sequence[Arg]) -> str:
    if not args:
        return ""
    names = ", ".join(a.name if local(a.name) == a.name else f"{a.name}: {local(a.name)}" for a in args)
    return f"  const {{ {names} }} = args;"


def core_function(plan: Plan) -> list[str]:
    writer = ExpressionWriter()
    params = ", ".join(local(a.name) for a in plan.args)
    lines = [f"function {_core(plan)}({params}) {{"]
    for step, value, _ in plan.lets:
        lines.append(f"  const {local(step)} = {writer.write(value)};")
    for row in plan.rows:
        returned = f"return {_result(plan, row.then, writer)};"
        lines.append(f"  {returned}" if row.when is None else f"  if ({bare(writer.write(row.when))}) {returned}")
    if plan.rows[-1].when is not None:
        lines.append(f"  throw new Error({constant(no_row_matched(plan))});")
    lines.append("}")
    return lines


# Python's own refusals of keyword arguments a function does not take or is not given (a
# TypeError, worded as CPython words it); one copy per module, as modules load one at a time
KEYWORDS = """function $keywords(args, keys, name) {
  args ??= {};
  let given = 0;
  for (const key in args) {
    if (!keys.includes(key)) throw new TypeError(name + "() got an unexpected keyword argument '" + key + "'");
    given++;
  }
  if (given === keys.length) return args;
  const missing = keys.filter((key) => !(key in args)).map($.repr);
  const n = missing.length;
  throw new TypeError(name + "() missing " + n + " required keyword-only argument" + (n > 1 ? "s: " : ": ") + (n > 2 ? missing.slice(0, -1).join(", ") + ", and " + missing[n - 1] : missing.join(" and ")));
}"""


def _keywords(function: str, args: Sequence[Arg]) -> list[str]:
    """The names a function takes, once per module (`$keywords` reads them on every call)."""
    return [f"const ${function}$keys = Object.freeze([{', '.join(constant(a.name) for a in args)}]);"]


def _taking(function: str, args: Sequence[Arg]) -> list[Line]:
    """The start of a function of one object of keyword arguments, refused as Python refuses them."""
    checked = f"$keywords(args, ${function}$keys, {constant(function)})"
    if not args:
        return [exported(f"function {function}(args) {{"), f"  {checked};"]
    return [exported(f"function {function}(args) {{"), f"  args = {checked};", _destructure(args)]


def public_function(plan: Plan) -> list[Line]:
    writer = ExpressionWriter()
    lines = _taking(plan.name, plan.args)
    lines += [validation(a) for a in plan.args]
    lines += [pool_validation(c, writer) for c in pool_checks(plan)]
    lines += _requirements(plan, writer)
    if plan.until is not None:
        lines.append(f"  if (!({bare(writer.write(plan.until[0]))})) $.fail({constant(plan.until[1])});")
    lines.append(f"  return {_core(plan)}({', '.join(local(a.name) for a in plan.args)});")
    lines.append("}")
    return [line for line in lines if line]


def _faces(arg: Arg) -> str:
    dice = arg.dice
    assert dice is not None
    if dice.of_param is not None:
        return f"$.facesOf({local(dice.of_param)})"
    count = ExpressionWriter().write(arg.count) if arg.count is not None else str(dice.count)
    return f"$.facesBetter({count}, {dice.sides})" if dice.better else f"$.faces({count}, {dice.sides})"


def _opt(writer: ExpressionWriter, node: ast.expr | None, default: str) -> str:
    return writer.write(node) if node is not None else default


def _classes(pool: PoolPlan, writer: ExpressionWriter) -> str:
    special = "null"
    if pool.classes:
        body = "null"
        for index in range(len(pool.classes) - 1, -1, -1):
            body = f"({writer.write(pool.classes[index][1])} ? {2 + index} : {body})"
        special = f"(natural, roll) => {body}"
    natural = json.dumps([list(pair) for pair in pool.natural])
    modifier, target, best = _opt(writer, pool.modifier, "0"), _opt(writer, pool.target, "null"), _opt(writer, pool.best, "1")
    return f"$pools.classes({pool.sides}, {natural}, {special}, {modifier}, {target}, {best})"


def _die(pool: PoolPlan, counted: tuple[tuple[str, int], ...], writer: ExpressionWriter) -> str:
    numbers = json.dumps([c for _, c in counted])
    return f"$pools.die({pool.sides}, {_classes(pool, writer)}, {numbers}, {constant(pool.reroll)}, {pool.explode_on}, {writer.write(pool.explode_depth)})"


def step_value(step: Step, writer: ExpressionWriter) -> str:
    """The twin of `codegen.step_value`: what one step of a chain gives for a state."""
    if step.dice is not None:
        spec = step.dice.dice
        assert spec is not None
        if spec.of_param is not None:
            return f"$pools.totalsOf({local(spec.of_param)})"
        count = writer.write(step.dice.count) if step.dice.count is not None else str(spec.count)
        return f"$pools.totals({count}, {spec.sides}{', true' if spec.better else ''})"
    pool = step.pool
    assert pool is not None
    if not pool.independent:
        numbers = json.dumps([c for _, c in step.counted])
        keep = _opt(writer, pool.keep, "0")
        return (
            f"$pools.pool({writer.write(pool.dice)}, {pool.sides}, {_classes(pool, writer)}, {numbers}, {constant(pool.reroll)}, "
            f"{pool.explode_on}, {writer.write(pool.explode_depth)}, {keep}, {constant(pool.keep_highest)})"
        )
    one = _die(pool, step.counted, writer)
    for fusion in step.fusions:
        one = f"$pools.compose({one}, {fusion.slot}, {_die(fusion.inner, fusion.counted, writer)})"
    if step.gather is not None:  # a pool fed by two counts: one count of its dice
        one = f"$pools.gather({one}, {json.dumps(list(step.gather))}, {len(step.names)})"
    return f"$pools.power({writer.write(pool.dice)}, {one})"


def _chain(plan: Plan, writer: ExpressionWriter) -> list[Line]:
    lines: list[Line] = ["  let $table = $pools.start();"]
    steps = schedule(plan)
    for step in steps:
        params = ", ".join(local(n) for n in step.state)
        lines.append(f"  $table = $pools.extend($table, ({params}) => {step_value(step, writer)}, {json.dumps(list(step.targets))}, {step.width}, {json.dumps(list(step.keep))});")
    final = steps[-1].after if steps else ()
    args = ", ".join(local(a.name) if not a.is_random or a.name in final else "0" for a in plan.args)
    fields = "null" if plan.record_class is None else f"{_record_maker(plan)}$fields"
    lines.append(f"  for (const [[{', '.join(local(n) for n in final)}], $weight] of $table.states.values()) {{")
    lines.append(f"    {_until(plan, writer)}$.tally($counts, {_core(plan)}({args}), $weight, {fields});")
    lines.append("  }")
    return lines


def _until(plan: Plan, writer: ExpressionWriter) -> str:
    """The twin of `codegen._until`: a roll is counted only where `until` holds."""
    return "" if plan.until is None else f"if ({bare(writer.write(plan.until[0]))}) "


def _never_met(plan: Plan) -> list[Line]:
    return [] if plan.until is None else [f"  if ($counts.size === 0) $.fail({constant(never_met(plan))});"]


def odds_function(plan: Plan) -> list[Line]:
    assert plan.odds_name is not None
    writer = ExpressionWriter()
    fixed = plan.odds_args
    dice = plan.dice_args
    lines = _taking(plan.odds_name, fixed)
    lines += [validation(a) for a in fixed]
    lines += _requirements(plan, writer)
    lines.append("  const $counts = new Map();")
    if plan.pools:
        lines += _chain(plan, writer)
        lines += _never_met(plan)
        lines.append("  return $.odds($counts);")
        lines.append("}")
        return [line for line in lines if line]
    indent = "  "
    for arg in dice:
        lines.append(f"{indent}for (const [{local(arg.name)}, $w_{arg.name}] of {_faces(arg)}) {{")
        indent += "  "
    weight = " * ".join(f"$w_{a.name}" for a in dice)
    call = f"{_core(plan)}({', '.join(local(a.name) for a in plan.args)})"
    fields = "null" if plan.record_class is None else f"{_record_maker(plan)}$fields"
    lines.append(f"{indent}{_until(plan, writer)}$.tally($counts, {call}, {weight}, {fields});")
    for _ in dice:
        indent = indent[:-2]
        lines.append(f"{indent}}}")
    lines += _never_met(plan)
    lines.append("  return $.odds($counts);")
    lines.append("}")
    return [line for line in lines if line]


def record_maker(plan: Plan) -> list[str]:
    fields = [f for f, _ in plan.fields]
    maker = _record_maker(plan)
    pairs = ", ".join(f"{f}: {local(f)}" if local(f) != f else f for f in fields)
    return [
        f"const {maker}$fields = Object.freeze([{', '.join(constant(f) for f in fields)}]);",
        f"function {maker}({', '.join(local(f) for f in fields)}) {{",
        f"  return Object.freeze({{ {pairs} }});",
        "}",
    ]


# -- modules ----------------------------------------------------------------------------------


def _constants(item: EntryModule) -> dict[str, str]:
    entry = item.entry
    return {"ID": entry.id, "NAME": entry.name, "SYSTEM": entry.system, "KIND": entry.kind, "SUMMARY": entry.summary, "URL": item.url}


def entry_module(item: EntryModule) -> Module:
    """The module of one entry: constants, then per check its record maker, checked entry
    point, odds function and logic."""
    entry = item.entry
    lines: list[Line] = [
        f"/** {comment(entry.name)} ({comment(item.system.name)}): {comment(entry.summary)} {comment(item.url)} */",
        "",
        ImportRuntime(f"../{RUNTIME}.js"),
        *([ImportRuntime(f"../{POOLS}.js", "$pools")] if any(p.pools for p in item.plans) else []),
        *item.imports,
        "",
    ]
    lines += [exported(f"const {k} = {constant(v)};") for k, v in _constants(item).items()]
    lines += ["", KEYWORDS]
    code = dict(item.code)
    for plan in item.plans:
        lines.append("")
        if plan.record_class:
            lines += record_maker(plan) + [""]
        lines += _keywords(plan.name, plan.args) + [f"/** {comment(plan.check.summary)} */"] + public_function(plan) + [""]
        if plan.odds_name:
            lines += _keywords(plan.odds_name, plan.odds_args)
            lines += [f"/** Exact odds of each result of `{plan.name}` over its dice, in order of result. */"]
            lines += [] if plan.name in code else odds_function(plan) + [""]
        lines += code[plan.name] if plan.name in code else core_function(plan)
    return Module(header(item.source), tuple(lines))


def arg_type(arg: Arg) -> str:
    """An argument's TypeScript type: a dice parameter is one of the notations it allows."""
    if arg.param is not None and arg.param.type == "dice":
        return " | ".join(constant(v) for v in arg.param.values)
    return ts_type(arg.vtype)


def _args_namespace(function: str, args: Sequence[Arg]) -> list[str]:
    """`<function>.Args`: the argument object's type, in a namespace merged with the function,
    so its name can never clash with another declaration of the module."""
    lines = [f"export declare namespace {function} {{", "  interface Args {"]
    for arg in args:
        if arg.summary:
            lines.append(f"    /** {comment(arg.summary)} */")
        lines.append(f"    readonly {arg.name}: {arg_type(arg)};")
    return lines + ["  }", "}"]


def _result_type(plan: Plan) -> str:
    return plan.record_class or ts_type(plan.fields[0][1])


def module_dts(item: EntryModule) -> str:
    entry = item.entry
    lines = [f"/** {comment(entry.name)} ({comment(item.system.name)}): {comment(entry.summary)} */", ""]
    if any(p.odds_name for p in item.plans):
        lines += [f'import type {{ Odds }} from "../{RUNTIME}.js";', ""]
    lines += [f"export declare const {k}: {constant(v)};" for k, v in _constants(item).items()]
    for plan in item.plans:
        lines.append("")
        if plan.record_class:
            summaries = {o.name: o.summary for o in plan.check.output}
            lines.append(f"/** The result of `{plan.name}`. */")
            lines.append(f"export interface {plan.record_class} {{")
            for field, vtype in plan.fields:
                if summaries.get(field):
                    lines.append(f"  /** {comment(summaries[field] or '')} */")
                lines.append(f"  readonly {field}: {ts_type(vtype)};")
            lines += ["}", ""]
        url = comment(item.url)
        lines.append(f"/** {comment(plan.check.summary)}{_composed_from(plan)} {url} @throws {{RangeError}} a ValueError naming the input */")
        call = f"args: {plan.name}.Args" if plan.args else ""
        lines.append(f"export declare function {plan.name}({call}): {_result_type(plan)};")
        lines += _args_namespace(plan.name, plan.args)
        if plan.odds_name:
            fixed = plan.odds_args
            lines += ["", f"/** Exact odds of each result of `{plan.name}` over its dice, in order of result. */"]
            call = f"args: {plan.odds_name}.Args" if fixed else ""
            lines.append(f"export declare function {plan.odds_name}({call}): readonly Odds<{_result_type(plan)}>[];")
            lines += _args_namespace(plan.odds_name, fixed)
    return "\n".join(lines) + "\n"
