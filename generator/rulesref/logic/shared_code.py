"""The code a composed check shares with its step: calls in place of copies.

A composed check that can call its step (`rulesref.logic.shared`) gets
- a logic function that works out the inputs its effects change, calls the step's own
  logic function with them, and applies the effects on the result to what that gives;
- where the check has pools, an odds function that takes the table of the dice's states from
  the step's module (its table function, which the step's own odds start from too) with the
  changed inputs, and runs its own logic on each state, instead of repeating the pools.

`calls` decides this once for both writers; this module writes the Python (the JavaScript
writer, `rulesref.emit.js_shared`, follows the same `Call`s). The step's functions are those
its own module has, so they are written once per package whatever the number of units. What
the composed code computes is what the analysis read: its `let`s and result, with the step's
body in one call of the same logic, so the proofs hold of it as of the plan.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace

from rulesref.incremental.memo import Get, fresh
from rulesref.incremental.memo import call as kept_call
from rulesref.logic import positions as pos
from rulesref.logic.chain import schedule
from rulesref.logic.codegen import (
    _arguments,
    _function,
    core_function,
    core_name,
    fill_expr,
    internal,
    name,
    odds_function,
    result_value,
    type_node,
)
from rulesref.logic.plan import Plan
from rulesref.logic.types import VType
from rulesref.model import Entry
from rulesref.names import python_name

TABLE = internal("table")  # the odds functions' table of states, by dice counts


Passed = tuple[bool, bool | int | str]  # what a call passes: (True, a constant) or (False, a name)


@dataclass(frozen=True)
class Call:
    """A composed check's call of its step: the step's module and plan, the values the call
    passes (the composed check's names, in the step's order), and, where its odds take the
    step's table, the `let`s those work out first and the values the table is given."""

    entry: str  # the step's entry key
    module: str
    step: Plan
    args: tuple[Passed, ...]
    table: tuple[tuple[str, ...], tuple[Passed, ...]] | None
    package: str | None = None  # the step's system's package, where it is not the composed check's (an imported system played with it)

    @property
    def alias(self) -> str:
        """The name the step's module is imported by in a composed module."""
        return internal("shared", self.module if self.package is None else f"{self.package}_{self.module}")


def _names(node: ast.expr) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _passed(plan: Plan, names: list[str], available: set[str]) -> tuple[Passed, ...] | None:
    """The composed check's values of the step's arguments `names`: the `let` holding each
    input an effect changes (or the constant an effect settles it to), else the input
    itself; None where a name is not in `available`."""
    shares = plan.check.shares
    assert shares is not None
    given = dict(shares.args)
    passed = tuple((True, given[n]) if n in shares.settled else (False, given.get(n, n)) for n in names)
    return passed if all(settled or n in available for settled, n in passed) else None


def _logic_reads(plan: Plan) -> set[str]:
    """The names a check's logic reads (its dice aside)."""
    nodes = [value for _, value, _ in plan.lets] + [n for row in plan.rows for n in (*([row.when] if row.when else []), *row.then.values)]
    return set().union(*(_names(n) for n in nodes))


def _core_args(plan: Plan, step: Plan) -> tuple[Passed, ...] | None:
    """What the logic passes its step: its arguments, and its `let`s before the step's body.
    An input an effect changes that only the step's dice read (Blitz's Attacks), and so is no
    value of the composed logic, is passed unchanged: the step's logic reads it nowhere."""
    assert plan.check.shares is not None
    stop = set(plan.check.shares.body) | {let for let, _ in plan.check.shares.reads}
    available = {a.name for a in plan.args}
    for let, _, _ in plan.lets:
        if let in stop:
            break
        available.add(let)
    given, unread = dict(plan.check.shares.args), {a.name for a in step.args} - _logic_reads(step)
    passed: list[Passed] = []
    for arg in step.args:
        if arg.name in plan.check.shares.settled:
            passed.append((True, given[arg.name]))
            continue
        value = str(given.get(arg.name, arg.name))
        if value not in available and arg.name in unread:
            value = arg.name
        if value not in available:
            return None
        passed.append((False, value))
    return tuple(passed)


def _table_args(plan: Plan, step: Plan) -> tuple[tuple[str, ...], tuple[Passed, ...]] | None:
    """What the odds work out before they take the step's table (the `let`s of the changed
    inputs it reads, which read no dice), and what they pass it; None where they cannot
    take it: where either has no pools, or the composed logic reads other counts at the end
    (the rest of the table is the same, since its pools are the step's with the changed
    inputs)."""
    if not plan.pools or not step.pools or plan.until is not None or schedule(plan)[-1].after != schedule(step)[-1].after:
        return None
    assert plan.check.shares is not None
    values = {a.name for a in plan.args} | {let for let, _, _ in plan.lets}
    available = {a.name for a in plan.odds_args}
    for let, value, _ in plan.lets:
        if _names(value) & values <= available:
            available.add(let)
    passed = _passed(plan, [a.name for a in step.odds_args], available)
    if passed is None:
        return None
    needed, lets = {str(n) for settled, n in passed if not settled}, list[str]()
    for let, value, _ in reversed(plan.lets):  # only those the table's arguments read
        if let in needed and let in available:
            lets.insert(0, let)
            needed |= _names(value)
    return tuple(lets), passed


def calls(entries: list[tuple[Entry, list[Plan]]], get: Get = fresh) -> dict[str, dict[str, Call]]:
    """Each composed check that calls its step, by entry key and check name. (With a `get`
    that remembers, a check's call is worked out again only when it or its step changed.)"""
    found = {(entry.key, plan.name): (entry, plan) for entry, plans in entries for plan in plans}
    out: dict[str, dict[str, Call]] = {}
    for entry, plans in entries:
        for plan in plans:
            shares = plan.check.shares
            step_found = found.get((shares.step, shares.check)) if shares is not None else None
            if step_found is None:
                continue
            step_entry, step = step_found
            package = None if step_entry.system == entry.system else python_name(step_entry.system)  # (a played system's step)
            made = kept_call(get, f"call:{entry.key}:{plan.name}", _step_call, plan, step_entry.key, step_entry.module, step, package)
            if made is not None:
                out.setdefault(entry.key, {})[plan.name] = made
    return out


def _step_call(plan: Plan, entry: str, module: str, step: Plan, package: str | None) -> Call | None:
    """The composed check's call of its step, None where its logic cannot pass the step its arguments."""
    args = _core_args(plan, step)
    return Call(entry, module, step, args, _table_args(plan, step) if plan.odds_name else None, package) if args is not None else None


def called(found: dict[str, dict[str, Call]]) -> dict[tuple[str, str], bool]:
    """The steps some composed check calls (by entry key and check name), and whether one
    takes its table."""
    out: dict[tuple[str, str], bool] = {}
    for mine in found.values():
        for call in mine.values():
            key = (call.entry, call.step.name)
            out[key] = out.get(key, False) or call.table is not None
    return out


# -- Python -----------------------------------------------------------------------------------


def _call(call: Call, function: str, args: tuple[Passed, ...]) -> ast.expr:
    values: list[ast.expr] = [pos.Constant(n) if settled else name(str(n)) for settled, n in args]
    return pos.Call(func=pos.Attribute(value=name(call.alias), attr=function, ctx=ast.Load()), args=values, keywords=[])


def _let(let: str, value: ast.expr, vtype: VType) -> ast.stmt:
    return pos.AnnAssign(target=pos.Name(id=let, ctx=ast.Store()), annotation=type_node(vtype), value=value, simple=1)


def shared_core(plan: Plan, call: Call) -> ast.FunctionDef:
    """The composed check's logic function as a call of its step's."""
    shares = plan.check.shares
    assert shares is not None
    body_lets, reads = set(shares.body), dict(shares.reads)
    result = internal("result")

    def read(field: str) -> ast.expr:
        return pos.Attribute(value=name(result), attr=field, ctx=ast.Load()) if call.step.record_class else name(result)

    the_call = pos.Assign(targets=[pos.Name(id=result, ctx=ast.Store())], value=_call(call, core_name(call.step), call.args))
    body: list[ast.stmt] = []
    for let, value, vtype in plan.lets:
        if (let in body_lets or let in reads) and the_call not in body:
            body.append(the_call)
        if let not in body_lets:
            body.append(_let(let, read(reads[let]) if let in reads else value, vtype))
    if the_call not in body:
        body.append(the_call)
    then = plan.rows[0].then
    values = tuple(read(reads[f]) if f in reads else v for (f, _), v in zip(plan.fields, then.values, strict=True))
    body.append(pos.Return(result_value(plan, replace(then, values=values))))
    return core_function(plan, body)


def _chain_span(body: list[ast.stmt]) -> tuple[int, int]:
    """Where an odds function with pools builds its table: from the table's first state to
    the loop over its states (`codegen.odds_function`)."""
    start = next(i for i, s in enumerate(body) if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name) and s.target.id == TABLE)
    return start, next(i for i in range(start, len(body)) if isinstance(body[i], ast.For))


def _from_table(plan: Plan, url: str, first: list[ast.stmt], table: ast.expr) -> ast.FunctionDef:
    """The odds function of `plan`, its table given by `table` (after `first`)."""
    function_def = odds_function(plan, url)
    start, end = _chain_span(function_def.body)
    function_def.body[start:end] = [*first, pos.Assign(targets=[pos.Name(id=TABLE, ctx=ast.Store())], value=table)]
    return function_def


def table_function(plan: Plan, url: str) -> ast.FunctionDef:
    """`_table_<check>`: a step's table of the states of its dice, for its odds arguments."""
    body = odds_function(plan, url).body
    start, end = _chain_span(body)
    returns = fill_expr("dict[tuple[int, ...], int]")
    return _function(internal("table", plan.name), _arguments(plan.odds_args, keyword_only=False), returns, [*body[start:end], pos.Return(name(TABLE))])


def shared_odds(plan: Plan, call: Call, url: str) -> ast.FunctionDef:
    """The composed check's odds function, its table taken from its step's."""
    assert call.table is not None
    lets, passed = call.table
    values = {let: (value, vtype) for let, value, vtype in plan.lets}
    first = [_let(let, *values[let]) for let in lets]
    return _from_table(plan, url, first, _call(call, internal("table", call.step.name), passed))


Code = tuple[dict[str, list[ast.stmt]], list[ast.stmt]]  # a module's checks' functions (`codegen.module_ast`), and its imports


def package_code(entries: list[tuple[Entry, list[Plan], str]]) -> dict[str, Code]:
    """What each entry's module writes in place of its checks' usual functions (by entry key,
    for `codegen.module_ast`), from the entries' plans (each with its page's URL): each
    composed check's calls of its step; each step whose table a composed check takes, its
    table function, which its own odds start from too."""
    found = calls([(entry, plans) for entry, plans, _ in entries])
    tables = {key for key, table in called(found).items() if table}
    out: dict[str, Code] = {}
    for entry, plans, url in entries:
        mine = found.get(entry.key, {})
        code: dict[str, list[ast.stmt]] = {}
        for plan in plans:
            call = mine.get(plan.name)
            if call is not None:
                odds = [] if not plan.odds_name else [shared_odds(plan, call, url) if call.table is not None else odds_function(plan, url)]
                code[plan.name] = [*odds, shared_core(plan, call)]
            elif (entry.key, plan.name) in tables:
                own = pos.Call(func=name(internal("table", plan.name)), args=[name(a.name) for a in plan.odds_args], keywords=[])
                code[plan.name] = [_from_table(plan, url, [], own), core_function(plan), table_function(plan, url)]
        steps = {call.alias: call for call in mine.values()}
        imports: list[ast.stmt] = [pos.ImportFrom(module=c.package, names=[pos.alias(name=c.module, asname=a)], level=1 if c.package is None else 2) for a, c in sorted(steps.items())]
        if code:
            out[entry.key] = code, imports
    return out
