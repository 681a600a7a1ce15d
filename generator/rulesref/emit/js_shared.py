"""The JavaScript a composed check shares with its step: the twin of `rulesref.logic.shared_code`.

The same `Call`s, written as the JavaScript writer writes a check (`rulesref.emit.javascript`):
a composed module imports the module of each step it calls (`$shared$<module>`), its logic
calls the step's logic (`$<check>`, which the step's module then exports besides its API),
and its odds take the step's table (`$table$<check>`, exported too, which the step's own
odds start from). Neither is declared in the module's types: they are no part of its API.
"""

from __future__ import annotations

from dataclasses import replace

from rulesref.emit.javascript import EntryModule, core_function, odds_function
from rulesref.emit.js_expressions import ExpressionWriter, constant, local
from rulesref.emit.js_module import ImportCheck, Line, exported
from rulesref.incremental.memo import Get, call, fresh
from rulesref.logic.chain import schedule
from rulesref.logic.plan import Plan
from rulesref.logic.shared_code import Call, Passed, called, calls

RESULT = "$result"


def _alias(call: Call) -> str:
    """The name the step's module is imported by (with its package where it is another system's)."""
    return f"$shared${call.module}" if call.package is None else f"$shared${call.package}${call.module}"


def _path(call: Call) -> str:
    return f"./{call.module}.js" if call.package is None else f"../{call.package}/{call.module}.js"


def _table(check: str) -> str:
    return f"$table${check}"


def _values(args: tuple[Passed, ...]) -> str:
    return ", ".join(constant(n) if settled else local(str(n)) for settled, n in args)


def shared_core(plan: Plan, call: Call) -> list[Line]:
    """The composed check's logic as a call of its step's (`shared_code.shared_core`)."""
    shares = plan.check.shares
    assert shares is not None
    body_lets, reads = set(shares.body), dict(shares.reads)
    writer = ExpressionWriter()

    def read(field: str) -> str:
        return f"{RESULT}.{field}" if call.step.record_class else RESULT

    lines = core_function(plan)[:1]
    the_call = f"  const {RESULT} = {_alias(call)}.${call.step.name}({_values(call.args)});"
    for let, value, _ in plan.lets:
        if (let in body_lets or let in reads) and the_call not in lines:
            lines.append(the_call)
        if let not in body_lets:
            lines.append(f"  const {local(let)} = {read(reads[let]) if let in reads else writer.write(value)};")
    if the_call not in lines:
        lines.append(the_call)
    values = [read(reads[f]) if f in reads else writer.write(v) for (f, _), v in zip(plan.fields, plan.rows[0].then.values, strict=True)]
    result = f"${plan.record_class}({', '.join(values)})" if plan.record_class else values[0]
    return [*lines, f"  return {result};", "}"]


def _from_table(plan: Plan, first: list[str], table: str) -> list[Line]:
    """The odds function of `plan`, its table given by `table` (after `first`)."""
    lines = odds_function(plan)
    start = lines.index("  let $table = $pools.start();")
    return [*lines[:start], *first, f"  let $table = {table};", *lines[start + 1 + len(schedule(plan)):]]


def _table_function(plan: Plan) -> list[Line]:
    """`$table$<check>`: a step's table of the states of its dice, for its odds arguments."""
    lines = odds_function(plan)
    start = lines.index("  let $table = $pools.start();")
    params = ", ".join(local(a.name) for a in plan.odds_args)
    return [exported(f"function {_table(plan.name)}({params}) {{"), *lines[start:start + 1 + len(schedule(plan))], "  return $table;", "}"]


def _shared_odds(plan: Plan, call: Call) -> list[Line]:
    assert call.table is not None
    lets, passed = call.table
    writer = ExpressionWriter()
    values = {let: value for let, value, _ in plan.lets}
    first = [f"  const {local(let)} = {writer.write(values[let])};" for let in lets]
    return _from_table(plan, first, f"{_alias(call)}.{_table(call.step.name)}({_values(passed)})")


def with_calls(items: list[EntryModule], get: Get = fresh) -> list[EntryModule]:
    """The entries' modules with each composed check calling its step, and each step the
    functions others call exported (see the module's docstring). With a `get` that
    remembers (`serve`), an entry's code is written again only when its plans, its calls or
    what other entries call of it changed."""
    found = calls([(item.entry, list(item.plans)) for item in items], get)
    steps = called(found)
    out = []
    for item in items:
        mine = found.get(item.entry.key, {})
        called_of = tuple(steps.get((item.entry.key, plan.name)) for plan in item.plans)  # (None: not called)
        code, imports = call(get, f"calls:{item.entry.key}", _code, item.plans, mine, called_of)
        out.append(item if not code else replace(item, code=code, imports=imports))
    return out


def _code(plans: tuple[Plan, ...], mine: dict[str, Call], called_of: tuple[bool | None, ...]) -> tuple[tuple[tuple[str, tuple[Line, ...]], ...], tuple[ImportCheck, ...]]:
    """An entry's code where it calls a step or is called (by check name), and its imports:
    `mine` are its composed checks' calls, `called_of` whether others call each plan's
    check (True: its table too), None where none does."""
    code: list[tuple[str, tuple[Line, ...]]] = []
    for plan, called_as in zip(plans, called_of, strict=True):
        step_call = mine.get(plan.name)
        if step_call is not None:
            odds = [] if not plan.odds_name else _shared_odds(plan, step_call) if step_call.table is not None else odds_function(plan)
            code.append((plan.name, (*odds, *([""] if odds else []), *shared_core(plan, step_call))))
        elif called_as is not None:
            core = core_function(plan)
            lines: list[Line] = [exported(core[0]), *core[1:]]
            if called_as:
                own = _from_table(plan, [], f"{_table(plan.name)}({', '.join(local(a.name) for a in plan.odds_args)})")
                lines = [*own, "", *lines, "", *_table_function(plan)]
            elif plan.odds_name:
                lines = [*odds_function(plan), "", *lines]
            code.append((plan.name, tuple(lines)))
    modules = {_alias(c): c for c in mine.values()}
    return tuple(code), tuple(ImportCheck(_path(c), a) for a, c in sorted(modules.items()))
