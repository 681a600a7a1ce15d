"""The compiler's back end: checked plans -> one Python module AST per entry -> source.

Statements are built from small fixed skeletons of our own (parsed once with `ast`) whose
placeholder names are replaced by checked nodes; content strings only ever become
`ast.Constant`s, so `ast.unparse` quotes them. Nothing is pasted into code as text.
"""

from __future__ import annotations

import ast
import sys
from typing import Any

from rulesref.logic import positions as pos
from rulesref.logic.chain import Step, schedule
from rulesref.logic.docstrings import doc_text, docstring, function_doc
from rulesref.logic.inputs import Bound, PoolCheck, input_check, never_met, no_row_matched, pool_checks
from rulesref.logic.plan import Arg, Plan, ResultPlan
from rulesref.logic.pools import PoolPlan, sum_of
from rulesref.logic.types import VType
from rulesref.model import Entry

# The names generated code gives its own parts. Content names (checks, inputs, steps, fields)
# are snake_case and never start with `_` (the schema's pattern); each name here is `_` and
# one word without `_`, then optionally `_` and a content name. So no content name can equal
# one of them, and two of them are equal only when word and content name both are: a check
# named `conditions_x` can never meet the proof helper of a check `x`.
INTERNAL_WORDS = frozenset({"dice", "core", "conditions", "requires", "counts", "result", "w", "table", "den", "step", "weight", "until", "shared"})


def internal(word: str, of: str = "") -> str:
    """The name of one of the generated code's own parts (see INTERNAL_WORDS)."""
    if word not in INTERNAL_WORDS:
        raise ValueError(f"not an internal word: {word}")
    return f"_{word}_{of}" if of else f"_{word}"


# -- skeletons ------------------------------------------------------------------------------


def _skeleton(source: str) -> list[ast.stmt]:
    return ast.parse(source).body  # parsing afresh is cheaper than deep-copying a cached tree


class _Fill(ast.NodeTransformer):
    def __init__(self, values: dict[str, Any]) -> None:
        self.values = values

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id in self.values:
            value = self.values[node.id]
            if isinstance(value, ast.AST):
                return value
            if isinstance(value, str) and value.startswith("@"):
                return ast.copy_location(pos.Name(id=value[1:], ctx=node.ctx), node)
            return ast.copy_location(pos.Constant(value), node)
        return node


def fill(source: str, **values: Any) -> list[ast.stmt]:
    """Statements from a fixed skeleton; each upper-case placeholder Name is replaced by an
    AST node, by a constant, or (for "@name") by the name `name`."""
    return [_Fill(values).visit(stmt) for stmt in _skeleton(source)]


def fill_expr(source: str, **values: Any) -> ast.expr:
    stmt = fill(source, **values)[0]
    assert isinstance(stmt, ast.Expr)
    return stmt.value


def name(identifier: str) -> ast.Name:
    return pos.Name(id=identifier, ctx=ast.Load())


def type_node(vtype: VType) -> ast.expr:
    """The annotation of a type, built as nodes (enum values become constants in `Literal[...]`)."""
    if vtype.kind == "str" and vtype.values is not None:
        values: list[ast.expr] = [pos.Constant(v) for v in vtype.values]
        inner: ast.expr = values[0] if len(values) == 1 else pos.Tuple(elts=values, ctx=ast.Load())
        return pos.Subscript(value=name("Literal"), slice=inner, ctx=ast.Load())
    return name(vtype.python())  # the kinds are named after their Python types (a distance is a float)


def result_type(plan: Plan) -> ast.expr:
    """A check's result annotation: its record class, or the type of its one value."""
    return name(plan.record_class) if plan.record_class else type_node(plan.fields[0][1])


def message(*parts: str | ast.expr) -> ast.expr:
    """An f-string built from constant text and expressions (each shown with `!r`)."""
    values: list[ast.expr] = []
    for part in parts:
        if isinstance(part, str):
            values.append(pos.Constant(part))
        else:
            values.append(pos.FormattedValue(value=part, conversion=ord("r"), format_spec=None))
    return pos.JoinedStr(values=values)


# -- argument validation --------------------------------------------------------------------


def _guard(test: ast.expr, text: ast.expr) -> list[ast.stmt]:
    """`if test: raise ValueError(text)` (built directly: validation builds thousands)."""
    error = pos.Call(func=name("ValueError"), args=[text], keywords=[])
    return [pos.If(test=test, body=[pos.Raise(exc=error, cause=None)], orelse=[])]


def _not_type(a: ast.Name, type_name: str) -> ast.expr:
    """`type(a) is not <type_name>`: exact, so a bool is not accepted as an int."""
    return pos.Compare(left=pos.Call(func=name("type"), args=[a], keywords=[]), ops=[ast.IsNot()], comparators=[name(type_name)])


def _value(value: Bound) -> ast.expr:
    """A bound or a value placed in a message, as an expression."""
    if isinstance(value, (int, float)):
        return pos.Constant(value)
    if value.kind == "arg":
        return name(value.name)
    if value.kind == "count" and value.node is not None:  # so many times the count of dice an argument's `count` works out
        return value.node if value.factor == 1 else fill_expr("S * N", S=value.factor, N=value.node)
    helper = "_dice.minimum(X)" if value.kind == "dice_min" else "_dice.maximum(X)"
    return fill_expr(helper, X=name(value.name))


def validation(arg: Arg) -> list[ast.stmt]:
    """Statements that raise ValueError naming the argument, its value and what is allowed."""
    check = input_check(arg)
    a = name(arg.name)
    text = message(*[part if isinstance(part, str) else _value(part) for part in check.message])
    if check.test == "bool":
        return _guard(_not_type(a, "bool"), text)
    if check.test == "one_of":
        allowed = pos.Tuple(elts=[pos.Constant(v) for v in check.values], ctx=ast.Load())
        return _guard(pos.Compare(left=a, ops=[ast.NotIn()], comparators=[allowed]), text)
    in_range = pos.Compare(left=_value(check.lo), ops=[ast.LtE(), ast.LtE()], comparators=[a, _value(check.hi)])
    if check.test == "half":
        # an int or a float (never a bool), in range, whose double is whole: 7 or 7.5, not 7.25
        kind = pos.Compare(left=pos.Call(func=name("type"), args=[a], keywords=[]), ops=[ast.NotIn()], comparators=[pos.Tuple(elts=[name("int"), name("float")], ctx=ast.Load())])
        halves = fill_expr("2 * A == int(2 * A)", A=a)
        test = pos.BoolOp(op=ast.Or(), values=[kind, pos.UnaryOp(op=ast.Not(), operand=in_range), pos.UnaryOp(op=ast.Not(), operand=halves)])
        return _guard(test, text)
    test = pos.BoolOp(op=ast.Or(), values=[_not_type(a, "int"), pos.UnaryOp(op=ast.Not(), operand=in_range)])
    return _guard(test, text)


_INVERSE: dict[type, type] = {
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.GtE, ast.GtE: ast.Lt,
    ast.Gt: ast.LtE, ast.LtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In,
}


def negate(test: ast.expr) -> ast.expr:
    """`not test`, written the way a person would (`not not x` -> `x`, `not a < b` -> `a >= b`)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return test.operand
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        return pos.Compare(left=test.left, ops=[_INVERSE[type(test.ops[0])]()], comparators=test.comparators)
    return pos.UnaryOp(op=ast.Not(), operand=test)


def requirement(test: ast.expr, text: str) -> list[ast.stmt]:
    return _guard(negate(test), pos.Constant(text))


def pool_validation(check: PoolCheck) -> list[ast.stmt]:
    """The counts of a pool add up to no more than its dice (exactly, when failures are counted)."""
    total = sum_of(check.names)
    test = pos.Compare(left=total, ops=[ast.NotEq() if check.exact else ast.Lt() if check.least else ast.Gt()], comparators=[check.limit])
    before, between = check.words
    return _guard(test, message(before, check.limit, between, total))


# -- functions ------------------------------------------------------------------------------


def _arguments(args: list[Arg], *, keyword_only: bool) -> ast.arguments:
    params = [pos.arg(arg=a.name, annotation=type_node(a.vtype)) for a in args]
    if keyword_only:
        return ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=params, kw_defaults=[None] * len(params), kwarg=None, defaults=[])
    return ast.arguments(posonlyargs=[], args=params, vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])


# Python 3.12 added type parameters to definitions; unparse expects the field there
_TYPE_PARAMS: dict[str, Any] = {"type_params": []} if sys.version_info >= (3, 12) else {}


def _function(fn_name: str, args: ast.arguments, returns: ast.expr, body: list[ast.stmt]) -> ast.FunctionDef:
    return pos.FunctionDef(name=fn_name, args=args, body=body, decorator_list=[], returns=returns, **_TYPE_PARAMS)


def _distance(value: ast.expr, vtype: VType) -> ast.expr:
    """A distance as a result: a whole number of inches as an int (8, not 8.0), so that it
    equals what the content wrote and prints as JavaScript prints it."""
    return fill_expr("_dice.inches(V)", V=value) if vtype.halves else value


def result_value(plan: Plan, result: ResultPlan) -> ast.expr:
    if plan.record_class is None:
        return _distance(result.values[0], plan.fields[0][1])
    keywords = [pos.keyword(arg=field, value=_distance(value, vtype)) for (field, vtype), value in zip(plan.fields, result.values, strict=True)]
    return pos.Call(func=name(plan.record_class), args=[], keywords=keywords)


def core_body(plan: Plan) -> list[ast.stmt]:
    """The logic itself: steps, then the result (one expression or the decision rows)."""
    body: list[ast.stmt] = []
    for step, value, vtype in plan.lets:
        body.append(pos.AnnAssign(target=pos.Name(id=step, ctx=ast.Store()), annotation=type_node(vtype), value=value, simple=1))
    if not plan.is_decide:
        body.append(pos.Return(result_value(plan, plan.rows[0].then)))
        return body
    for row in plan.rows:
        ret = pos.Return(result_value(plan, row.then))
        if row.when is None:
            body.append(ret)
        else:
            body.append(pos.If(test=row.when, body=[ret], orelse=[]))
    if plan.rows[-1].when is not None:
        body += fill("raise AssertionError(M)", M=no_row_matched(plan))
    return body


def core_name(plan: Plan) -> str:
    return internal("core", plan.name)


def _core_call(plan: Plan) -> ast.expr:
    return pos.Call(func=name(core_name(plan)), args=[name(a.name) for a in plan.args], keywords=[])


def public_function(plan: Plan, url: str | None) -> ast.FunctionDef:
    """The checked entry point; without `url`, no docstring (the lean form validation runs)."""
    body: list[ast.stmt] = [docstring(function_doc(plan, url), "    ")] if url is not None else []
    for arg in plan.args:
        body += validation(arg)
    for check in pool_checks(plan):
        body += pool_validation(check)
    for test, text in plan.requires:
        body += requirement(test, text)
    if plan.until is not None:
        body += requirement(*plan.until)
    body.append(pos.Return(_core_call(plan)))
    return _function(plan.name, _arguments(plan.args, keyword_only=True), result_type(plan), body)


def core_function(plan: Plan, body: list[ast.stmt] | None = None) -> ast.FunctionDef:
    return _function(core_name(plan), _arguments(plan.args, keyword_only=False), result_type(plan), core_body(plan) if body is None else body)


def _faces_call(arg: Arg) -> ast.expr:
    dice = arg.dice
    assert dice is not None
    if dice.of_param is not None:
        return fill_expr("_dice.faces_of(X)", X=name(dice.of_param))
    count = arg.count if arg.count is not None else pos.Constant(dice.count)  # worked out at the call: see `dice_count`
    return fill_expr("_dice.faces_better(N, S)" if dice.better else "_dice.faces(N, S)", N=count, S=dice.sides)


def _opt(node: ast.expr | None, default: Any) -> ast.expr:
    return node if node is not None else pos.Constant(default)


def _special(pool: PoolPlan) -> ast.expr:
    """`lambda natural, roll: 2 if ... else 3 if ... else None`: the class a die falls in by
    the pool's own conditions, or None."""
    if not pool.classes:
        return pos.Constant(None)
    body: ast.expr = pos.Constant(None)
    for index in range(len(pool.classes) - 1, -1, -1):
        body = pos.IfExp(test=pool.classes[index][1], body=pos.Constant(2 + index), orelse=body)
    params = [pos.arg(arg="natural", annotation=None), pos.arg(arg="roll", annotation=None)]
    return pos.Lambda(args=ast.arguments(posonlyargs=[], args=params, vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=body)


def _dice_call_of(helper: str, *args: ast.expr) -> ast.expr:
    return pos.Call(func=pos.Attribute(value=name("_dice"), attr=helper, ctx=ast.Load()), args=list(args), keywords=[])


def _constant_tuple(values: Any) -> ast.expr:
    """A tuple of constants (numbers, or pairs of them) as one constant node."""
    value: Any = tuple(values)
    return pos.Constant(value)


def pool_classes(pool: PoolPlan) -> ast.expr:
    return _dice_call_of(
        "classes", pos.Constant(pool.sides), _constant_tuple(pool.natural), _special(pool),
        _opt(pool.modifier, 0), _opt(pool.target, None), _opt(pool.best, 1),
    )


def _die(pool: PoolPlan, counted: tuple[tuple[str, int], ...]) -> ast.expr:
    return _dice_call_of(
        "die", pos.Constant(pool.sides), pool_classes(pool), _constant_tuple(c for _, c in counted),
        pos.Constant(pool.reroll), pos.Constant(pool.explode_on), pool.explode_depth,
    )


def step_value(step: Step) -> ast.expr:
    """What one step of a chain gives for a state: the distribution of its counts (or total)."""
    if step.dice is not None:
        spec = step.dice.dice
        assert spec is not None
        if spec.of_param is not None:
            return _dice_call_of("totals_of", name(spec.of_param))
        count = step.dice.count if step.dice.count is not None else pos.Constant(spec.count)
        return _dice_call_of("totals", count, pos.Constant(spec.sides), *([pos.Constant(True)] if spec.better else []))
    pool = step.pool
    assert pool is not None
    if not pool.independent:
        return _dice_call_of(
            "pool", pool.dice, pos.Constant(pool.sides), pool_classes(pool), _constant_tuple(c for _, c in step.counted),
            pos.Constant(pool.reroll), pos.Constant(pool.explode_on), pool.explode_depth,
            _opt(pool.keep, 0), pos.Constant(pool.keep_highest),
        )
    one = _die(pool, step.counted)
    for fusion in step.fusions:
        one = _dice_call_of("compose", one, pos.Constant(fusion.slot), _die(fusion.inner, fusion.counted))
    if step.gather is not None:  # a pool fed by two counts: one count of its dice
        one = _dice_call_of("gather", one, _constant_tuple(step.gather), pos.Constant(len(step.names)))
    return _dice_call_of("power", pool.dice, one)


def _chain_body(plan: Plan) -> list[ast.stmt]:
    """The table of states, extended step by step (see `chain`), then the logic on each state."""
    body: list[ast.stmt] = fill("_table: dict[tuple[int, ...], int] = {(): 1}\n_den = 1")
    steps = schedule(plan)
    for step in steps:
        subject = step.pool.name if step.pool is not None else step.dice.name if step.dice is not None else ""
        params = [pos.arg(arg=n, annotation=name("int")) for n in step.state]
        fn = internal("step", subject)
        returns = pos.Attribute(value=name("_dice"), attr="Dist", ctx=ast.Load())
        body.append(_function(fn, ast.arguments(posonlyargs=[], args=params, vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), returns, [pos.Return(step_value(step))]))
        body += fill(
            "_table, _den = _dice.extend(_table, _den, STEP, TARGETS, WIDTH, KEEP)",
            STEP=name(fn), TARGETS=step.targets, WIDTH=step.width, KEEP=step.keep,
        )
    final = steps[-1].after if steps else ()
    call = pos.Call(func=name(core_name(plan)), args=[name(a.name) if not a.is_random or a.name in final else pos.Constant(0) for a in plan.args], keywords=[])
    target = pos.Tuple(elts=[pos.Name(id=n, ctx=ast.Store()) for n in final], ctx=ast.Store())
    loop = pos.For(
        target=pos.Tuple(elts=[target, pos.Name(id=internal("weight"), ctx=ast.Store())], ctx=ast.Store()),
        iter=fill_expr("_table.items()"),
        body=_until(plan, fill("_result = CALL\n_counts[_result] = _counts.get(_result, 0) + _weight", CALL=call)),
        orelse=[],
    )
    return body + [loop]


def _until(plan: Plan, tally: list[ast.stmt]) -> list[ast.stmt]:
    """The odds count a roll only where `until` holds: rolled again until it does, the dice
    end on each such roll in proportion to its chance, so dropping the others and dividing by
    what is left is the exact distribution, however many times they were rolled."""
    return tally if plan.until is None else [pos.If(test=plan.until[0], body=tally, orelse=[])]


def odds_function(plan: Plan, url: str) -> ast.FunctionDef:
    """`<check>_odds`: the exact distribution of the result over the dice inputs."""
    fixed = plan.odds_args
    dice = plan.random_args
    rolled = ", ".join(a.name for a in dice)
    doc = [
        f"Exact odds of each result of `{plan.name}` over the dice ({rolled}), as fractions summing to 1.",
        "",
        f"{doc_text(plan.entry.name)}: {url}",
    ]
    body: list[ast.stmt] = [docstring("\n".join(doc) + "\n", "    ")]
    for arg in fixed:
        body += validation(arg)
    for test, text in plan.requires:
        body += requirement(test, text)
    key = result_type(plan)
    body.append(
        pos.AnnAssign(
            target=pos.Name(id=internal("counts"), ctx=ast.Store()),
            annotation=pos.Subscript(value=name("dict"), slice=pos.Tuple(elts=[key, name("int")], ctx=ast.Load()), ctx=ast.Load()),
            value=pos.Dict(keys=[], values=[]),
            simple=1,
        )
    )
    if plan.pools:
        body += _chain_body(plan)
    else:
        weight: ast.expr = name(internal("w", dice[0].name))
        for arg in dice[1:]:
            weight = pos.BinOp(left=weight, op=ast.Mult(), right=name(internal("w", arg.name)))
        inner: list[ast.stmt] = _until(plan, fill(
            "_result = CALL\n_counts[_result] = _counts.get(_result, 0) + W", CALL=_core_call(plan), W=weight
        ))
        for arg in reversed(dice):
            target = pos.Tuple(elts=[pos.Name(id=arg.name, ctx=ast.Store()), pos.Name(id=internal("w", arg.name), ctx=ast.Store())], ctx=ast.Store())
            inner = [pos.For(target=target, iter=_faces_call(arg), body=inner, orelse=[])]
        body += inner
    if plan.until is not None:
        body += _guard(fill_expr("not _counts"), pos.Constant(never_met(plan)))
    body += fill("return _dice.odds(_counts)")
    returns = pos.Subscript(value=name("dict"), slice=pos.Tuple(elts=[key, name("Fraction")], ctx=ast.Load()), ctx=ast.Load())
    assert plan.odds_name is not None
    return _function(plan.odds_name, _arguments(fixed, keyword_only=True), returns, body)


def record_class(plan: Plan) -> ast.ClassDef:
    assert plan.record_class is not None
    body: list[ast.stmt] = [docstring(f"The result of `{plan.name}`.", "    ")]
    for field, vtype in plan.fields:
        body.append(pos.AnnAssign(target=pos.Name(id=field, ctx=ast.Store()), annotation=type_node(vtype), value=None, simple=1))
    decorator = fill_expr("dataclass(frozen=True, order=True, slots=True)")
    return pos.ClassDef(name=plan.record_class, bases=[], keywords=[], body=body, decorator_list=[decorator], **_TYPE_PARAMS)


# -- modules --------------------------------------------------------------------------------


def _uses(plans: list[Plan], test: Any) -> bool:
    return any(test(t) for p in plans for t in [a.vtype for a in p.args] + [v for _, v in p.fields] + [v for _, _, v in p.lets])


def module_ast(entry: Entry, plans: list[Plan], *, system_name: str, url: str, code: dict[str, list[ast.stmt]] | None = None, imports: list[ast.stmt] | None = None) -> ast.Module:
    body: list[ast.stmt] = [docstring(f"{doc_text(entry.name)} ({doc_text(system_name)}): {doc_text(entry.summary)}\n\n{url}\n")]
    has_odds = any(p.odds_name for p in plans)
    needs_dice = has_odds or any(a.dice and a.dice.of_param for p in plans for a in p.args) or _uses_dice_helpers(plans)
    needs_dice = needs_dice or any(vtype.halves for p in plans for _, vtype in p.fields)
    if any(p.record_class for p in plans):
        body += fill("from dataclasses import dataclass")
    if has_odds:
        body += fill("from fractions import Fraction")
    typing_names = ["Final"] + (["Literal"] if _uses(plans, lambda t: isinstance(t, VType) and t.kind == "str" and t.values is not None) else [])
    body.append(pos.ImportFrom(module="typing", names=[pos.alias(n) for n in typing_names], level=0))
    if needs_dice:
        body += fill("from .. import _dice")
    body += imports or []
    exported: list[str] = []
    for plan in plans:
        exported += [plan.record_class] if plan.record_class else []
        exported += [plan.name] + ([plan.odds_name] if plan.odds_name else [])
    constants = {
        "ID": entry.id,
        "NAME": entry.name,
        "SYSTEM": entry.system,
        "KIND": entry.kind,
        "SUMMARY": entry.summary,
        "URL": url,
    }
    names = sorted(["ID", "NAME", "SYSTEM", "KIND", "SUMMARY", "URL", *exported], key=_isort_key)
    body.append(pos.Assign(targets=[pos.Name(id="__all__", ctx=ast.Store())], value=pos.List(elts=[pos.Constant(n) for n in names], ctx=ast.Load())))
    for const, value in constants.items():
        body.append(pos.AnnAssign(target=pos.Name(id=const, ctx=ast.Store()), annotation=name("Final"), value=pos.Constant(value), simple=1))
    for plan in plans:
        if plan.record_class:
            body.append(record_class(plan))
        body.append(public_function(plan, url))
        mine = (code or {}).get(plan.name)  # its functions besides its entry point, where they call a step's (`logic.shared_code`)
        body += mine if mine is not None else [*([odds_function(plan, url)] if plan.odds_name else []), core_function(plan)]
    module = ast.Module(body=body, type_ignores=[])
    return ast.fix_missing_locations(module)


def _isort_key(name: str) -> tuple[int, str]:
    """CONSTANTS, then Classes, then functions: the order linters expect in `__all__`."""
    return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)


def _group(stmt: ast.stmt) -> str:
    if isinstance(stmt, ast.ImportFrom):
        return "local-import" if stmt.level > 0 else "import"
    if isinstance(stmt, (ast.FunctionDef, ast.ClassDef)):
        return "definition"
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
        return "docstring"
    return "statement"


def module_source(module: ast.Module) -> str:
    """Source of a module, each statement unparsed from the AST, laid out the way PEP 8 and
    the linters want it: import groups apart, two blank lines around definitions."""
    chunks: list[str] = []
    previous = None
    for stmt in module.body:
        group = _group(stmt)
        if previous is not None:
            if group == "definition" or previous == "definition":
                chunks.append("\n\n")
            elif group != previous:
                chunks.append("\n")
        if group == "docstring" and previous is None:  # unparsed in place, so it stays a docstring
            chunks.append(ast.unparse(ast.Module(body=[stmt], type_ignores=[])) + "\n")
        else:
            chunks.append(ast.unparse(stmt) + "\n")
        previous = group
    return "".join(chunks)


def _uses_dice_helpers(plans: list[Plan]) -> bool:
    for plan in plans:
        nodes: list[ast.expr] = [v for _, v, _ in plan.lets] + [t for t, _ in plan.requires]
        for row in plan.rows:
            nodes += ([row.when] if row.when else []) + list(row.then.values)
        for node in nodes:
            for sub in ast.walk(node):
                if isinstance(sub, ast.Name) and sub.id == "_dice":
                    return True
    return False


# -- validation (compiled in-process only, never written out) ---------------------------------


def proof_functions(plan: Plan) -> list[ast.stmt]:
    """`_conditions_<check>`: every row's condition (steps first); `_requires_<check>`: whether
    the preconditions hold. The proof tries these over the whole input domain."""
    lets: list[ast.stmt] = [
        pos.Assign(targets=[pos.Name(id=step, ctx=ast.Store())], value=value) for step, value, _ in plan.lets
    ]
    conditions = pos.Tuple(elts=[row.when if row.when is not None else pos.Constant(True) for row in plan.rows], ctx=ast.Load())
    tests = plan.proof_requires
    functions: list[ast.stmt] = [
        _function(internal("conditions", plan.name), _arguments(plan.args, keyword_only=False), name("tuple"), [*lets, pos.Return(conditions)]),
        _function(internal("requires", plan.name), _arguments(plan.args, keyword_only=False), name("bool"), [pos.Return(_all(tests))]),
    ]
    if plan.until is not None:  # `_until_<check>`: (whether the rest holds, whether `until` holds too)
        pair = pos.Tuple(elts=[_all(tests[:-1]), _all(tests)], ctx=ast.Load())
        functions.append(_function(internal("until", plan.name), _arguments(plan.args, keyword_only=False), name("tuple"), [pos.Return(pair)]))
    return functions


def _all(tests: list[ast.expr]) -> ast.expr:
    return pos.BoolOp(op=ast.And(), values=tests) if len(tests) > 1 else tests[0] if tests else pos.Constant(True)


_IMPORTS = "from fractions import Fraction\nfrom typing import Literal\nfrom .. import _dice"  # what generated logic may use


def proof_module(plan: Plan) -> ast.Module:
    """One check's proof helpers alone (`proof_functions`), to run in-process beside its
    entry's module when the enumerator needs them."""
    return ast.Module(body=[*fill(_IMPORTS), *proof_functions(plan)], type_ignores=[])


def functions_module(plans: list[Plan], *, odds_url: str | None = None, proofs: bool = False) -> ast.Module:
    """The functions of an entry's module as the package has them, to run in-process: the
    checked entry points and the logic; with `odds_url`, the odds functions too; with `proofs`,
    the proof helpers. No docstrings and no record classes: callers pass a record type in
    (creating a dataclass costs more than everything else about a check)."""
    body: list[ast.stmt] = fill(_IMPORTS)
    for plan in plans:
        body += [public_function(plan, None), core_function(plan)]
        if odds_url is not None and plan.odds_name:
            body.append(odds_function(plan, odds_url))
        if proofs:
            body += proof_functions(plan)
    return ast.Module(body=body, type_ignores=[])

