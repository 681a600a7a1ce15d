"""Static analysis of one check: names, types and shape, turned into a `Plan` for the compiler.

Everything that can be decided without running the logic is decided here: that names are
usable in Python and unique, that inputs are well-formed, that every expression passes the
allow-list and has the right type, that records have exactly their fields, and that
examples name exactly the function's arguments.
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace

from rulesref.logic import positions as pos
from rulesref.logic import runtime_dice
from rulesref.logic.dice_count import analyse_count, count_cases, dice_type
from rulesref.logic.expressions import HELPERS, ExprError, Usage, literal, translate
from rulesref.logic.plan import Arg, ArgKind, Plan, ResultPlan, RowPlan, class_name
from rulesref.logic.pools import Lineage, PoolPlan, analyse_pool, count_bound, count_summary, names_read, pool_arguments
from rulesref.logic.runtime_dice import NOTATION
from rulesref.logic.types import VType, field_type, input_type, int_type, param_type
from rulesref.logic.until import analyse_until
from rulesref.model import Check, Effect, Entry, Expr, Input, Result, Where
from rulesref.names import MODULE_IMPORTS, function_reason, python_reason
from rulesref.problems import Problem
from rulesref.problems.suggest import did_you_mean

BARE_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_+-]*")


def is_dice_value(text: str) -> bool:
    """A dice result a check may give: dice notation, or `none`."""
    return text == "none" or NOTATION.fullmatch(text) is not None


# names the generated module imports at module level: an input or step cannot shadow them
MODULE_NAMES = frozenset(MODULE_IMPORTS)



class _Analyser:
    def __init__(self, entry: Entry, check: Check) -> None:
        self.entry = entry
        self.check = check
        self.problems: list[Problem] = []
        self.usage = Usage()
        self.pool_usage = Usage()  # what the pools' own expressions read
        self.pool_counts: dict[str, PoolPlan] = {}
        self.lineage = Lineage()
        self.unsound: set[str] = set()  # the counts of pools already reported: examples may name them

    # -- helpers -----------------------------------------------------------------------

    def report(self, where: Where, code: str, message: str, *, key: bool = False) -> None:
        self.problems.append(where.problem(code, message, key=key))

    def expression(self, expr: Expr, scope: dict[str, VType]) -> tuple[ast.expr, VType] | None:
        if not isinstance(expr.source, str):
            built, vtype = literal(expr.source)
            return built, vtype
        try:
            built, vtype, usage = translate(expr.source, scope)
        except ExprError as exc:
            self.problems.append(expr.where.problem_at(exc.offset, exc.code, exc.message))
            return None
        self.usage.merge(usage)
        return built, vtype

    def value(self, expr: Expr, wanted: VType, scope: dict[str, VType], what: str) -> ast.expr | None:
        """A result value: a literal of the field's type, or an expression of that type."""
        found = self.typed_value(expr, wanted, scope, what)
        return found[0] if found is not None else None

    def typed_value(self, expr: Expr, wanted: VType, scope: dict[str, VType], what: str) -> tuple[ast.expr, VType | None] | None:
        """`value`, with the type the expression has (None for a word)."""
        if isinstance(expr.source, str) and wanted.kind == "str":
            if wanted.values is not None and expr.source in wanted.values:
                return pos.Constant(expr.source), None
            if wanted.values is None and is_dice_value(expr.source):
                return pos.Constant(expr.source), None
            if BARE_WORD.fullmatch(expr.source) and expr.source not in scope:
                allowed = list(wanted.values or ["D6", "2D6", "D3+1", "none"])
                self.report(expr.where, "impossible-value", f"{what} `{expr.source}` is not one of {', '.join(allowed)}{did_you_mean(expr.source, allowed)}")
                return None
        result = self.expression(expr, scope)
        if result is None:
            return None
        built, got = result
        if got.kind != wanted.kind or (got.halves and not wanted.halves):
            self.report(expr.where, "type-mismatch", f"{what} must be {wanted.describe()}, not {got.describe()}")
            return None
        if wanted.kind == "str" and got.values is not None:
            permitted = wanted.values
            bad = [v for v in got.values if (v not in permitted if permitted is not None else not is_dice_value(v))]
            if bad:
                shown = ", ".join(permitted) if permitted is not None else "dice such as D6, 2D6, D3+1 or none"
                self.report(expr.where, "impossible-value", f"{what} can be {bad[0]!r}, which is not one of {shown}{did_you_mean(bad[0], permitted or [])}")
                return None
        if wanted.kind == "str" and got.is_dice and wanted.values is not None:
            self.report(expr.where, "type-mismatch", f"{what} must be {wanted.describe()}, not a dice expression")
            return None
        return built, got

    def python_name(self, where: Where, name: str, what: str, *, key: bool = True, function: bool = False) -> bool:
        reason = function_reason(name) if function else python_reason(name)  # a function: of both packages
        if reason is None and name in HELPERS:
            reason = "is the name of a helper"
        if reason is None and name in MODULE_NAMES:
            reason = "is used by the generated module"
        if reason:
            self.report(where, "python-name", f"{what} `{name}` {reason}; choose another name", key=key)
            return False
        return True

    # -- parts -------------------------------------------------------------------------

    def args(self) -> tuple[list[Arg], dict[str, VType]]:
        check = self.check
        args: list[Arg] = []
        scope: dict[str, VType] = {}
        used_params = self._used_params()
        for param in self.entry.params:
            if param.min is not None and param.max is not None and param.min > param.max:
                self.report(param.where / "min", "bad-range", f"min {param.min} is above max {param.max}")
            if param.name in used_params:
                args.append(Arg(param.name, param_type(param), "param", param.summary, param=param))
                scope[param.name] = param_type(param)
        for item in check.inputs:
            self.python_name(item.where, item.name, "input")
            if item.pool is not None:
                args += self._pool_args(item, scope)
                continue
            self._check_input(item)
            kind: ArgKind = "int" if item.type == "inches" else item.type  # a distance is an int in halves
            vtype = self._dice_type(item) if item.dice is not None else input_type(item)
            count = None
            if item.dice is not None and item.dice.count_expr is not None:
                counted = analyse_count(item, check, self.pool_counts, scope, self._odds_expression, self.report)
                count, vtype = counted[0] if counted else None, dice_type(item.dice.sides, counted[1] if counted else None)
            cases = count_cases(count, [a for a in args if a.name in names_read(count)]) if count is not None and not isinstance(count, ast.Name) else None
            args.append(Arg(item.name, vtype, kind, item.summary, dice=item.dice, count=count, count_cases=cases))
            scope[item.name] = vtype
        return args, scope

    def _odds_expression(self, expr: Expr, names: dict[str, VType]) -> tuple[ast.expr, VType] | None:
        """An expression of how dice are rolled (a pool's, a dice count): the odds' business, so
        it does not count as the logic's usage."""
        kept, self.usage = self.usage, Usage()
        try:
            return self.expression(expr, names)
        finally:
            self.pool_usage.merge(self.usage)
            self.usage = kept

    def _pool_args(self, item: Input, scope: dict[str, VType]) -> list[Arg]:
        """One argument per class the pool counts, each a bounded whole number (see `pools`)."""
        pool = analyse_pool(item, scope, self._odds_expression, self.report, self.lineage)
        out: list[Arg] = []
        if pool is None:
            self.unsound |= {n for n, _, _ in pool_arguments(item)}
        for name, number, where in pool_arguments(item):
            if name != item.name and not self.python_name(where, name, "count"):
                continue
            if name in scope:
                self.report(where, "duplicate-name", f"`{name}` is already an input", key=name != item.name)
                continue
            vtype = count_bound(pool, number) if pool is not None else int_type(0, 0)
            summary = count_summary(item, name, number)
            if pool is not None:
                out.append(Arg(name, vtype, "pool", summary, pool=pool))
                self.pool_counts[name] = pool
            scope[name] = vtype
        return out

    def _dice_type(self, item: Input) -> VType:
        """A dice input is the total it rolls: its range bounds what the logic computes from it."""
        dice = item.dice
        assert dice is not None
        if dice.of_param is not None:
            param = self.entry.param(dice.of_param)
            notations = [v for v in (param.values if param else ()) if NOTATION.fullmatch(v)]
            if not notations:
                return int_type(None, None)
            return int_type(min(map(runtime_dice.minimum, notations)), max(map(runtime_dice.maximum, notations)))
        return int_type(dice.count, dice.count * dice.sides)

    def _used_params(self) -> set[str]:
        """Parameters named in any expression or dice input of the check."""
        names: set[str] = set()
        words = re.compile(r"\b[A-Z][A-Z0-9]*\b")
        for expr in _expressions(self.check):
            if isinstance(expr.source, str):
                names |= set(words.findall(expr.source))
        for item in self.check.inputs:
            if item.dice and item.dice.of_param:
                names.add(item.dice.of_param)
            counted = [item.dice.count_expr] if item.dice is not None and item.dice.count_expr is not None else []
            for part in item.pool.expressions if item.pool is not None else counted:
                if isinstance(part.source, str):
                    names |= set(words.findall(part.source))
        return {n for n in names if self.entry.param(n) is not None}

    def _check_input(self, item: Input) -> None:
        where = item.where
        if item.type in ("int", "inches") and item.min is not None and item.max is not None and item.min > item.max:
            self.report(where / "min", "bad-range", f"min {item.min} is above max {item.max}")
        for key, bound in (("min", item.min), ("max", item.max)):  # (the schema keeps bounds to halves)
            if item.type == "int" and isinstance(bound, float):
                self.report(where / key, "bad-range", f"an int input's {key} is a whole number, not {bound}; for a distance in half inches, write `type: inches`")
        # (a key of another type's, such as a D6's `min`, is the schema's to refuse)
        dice = item.dice
        if dice is None:
            return
        if dice.of_param is not None and dice.better:
            self.report(where / "reroll_one", "bad-input", "the dice of a parameter (`D6+1`, or a fixed number) are not re-rolled one die at a time: write the dice as the type (`2D6`)", key=True)
        if dice.of_param is not None:
            param = self.entry.param(dice.of_param)
            if param is None or param.type != "dice":
                self.report(where / "of", "unknown-name", f"`of: {dice.of_param}` must name a dice parameter of this rule")

    def requires(self, scope: dict[str, VType], dice_names: set[str]) -> list[tuple[ast.expr, str]]:
        out = []
        for require in self.check.requires:
            if isinstance(require.that.source, str):
                uses = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", require.that.source)) & dice_names
                if uses:
                    self.report(require.that.where, "dice-in-requires", f"a precondition cannot depend on `{sorted(uses)[0]}`, which is rolled (a dice input or a count of a pool)")
                    continue
            result = self.expression(require.that, scope)
            if result is None:
                continue
            built, vtype = result
            if vtype.kind != "bool":
                self.report(require.that.where, "type-mismatch", f"`that` must be true/false, not {vtype.describe()}")
                continue
            out.append((built, require.message))
        return out

    def lets(self, scope: dict[str, VType]) -> list[tuple[str, ast.expr, VType]]:
        out = []
        for name, expr in self.check.lets:
            where = self.check.where / "let" / name
            if name in scope:
                self.report(where, "duplicate-name", f"`{name}` is already an input or step", key=True)
                continue
            if not self.python_name(where, name, "step"):
                continue
            result = self.expression(expr, scope)
            if result is None:
                scope[name] = int_type(0, 0)  # keep going; the error is reported (and not again through its bound)
                continue
            built, vtype = result
            out.append((name, built, vtype))
            scope[name] = vtype
        return out

    def result(self, result: Result, fields: list[tuple[str, VType]], scope: dict[str, VType]) -> ResultPlan | None:
        given = dict(result.values)
        values: list[ast.expr] = []
        ok = True
        if result.made:
            pass  # made by the composer from checked parts: no written shape
        elif self.check.is_record:
            if not isinstance(result.where.value(), dict):
                self.report(result.where, "wrong-type", f"the output is a record: give {', '.join(f'`{n}`' for n, _ in fields)}")
                return None
            for name in given:
                if name not in dict(fields):
                    self.report(result.where / name, "unknown-field", f"the output has no field `{name}`{did_you_mean(name, dict(fields))}", key=True)
                    ok = False
        elif isinstance(result.where.value(), dict):
            self.report(result.where, "wrong-type", "the output is a single value, not a record")
            return None
        ranges: list[tuple[int | float, int | float] | None] = []
        for name, vtype in fields:
            if name not in given:
                self.report(result.where, "missing-field", f"no value for the output field `{name}`")
                ok = False
                continue
            found = self.typed_value(given[name], vtype, scope, f"`{name}`" if name else "the result")
            if found is None:
                ok = False
            else:
                values.append(found[0])
                got = found[1]
                ranges.append((got.lo, got.hi) if got is not None and got.kind == "int" and got.lo is not None and got.hi is not None else None)
        return ResultPlan(tuple(values), tuple(ranges)) if ok else None

    def body(self, fields: list[tuple[str, VType]], scope: dict[str, VType]) -> tuple[list[RowPlan], bool]:
        check = self.check
        if check.expr is None and check.decide is None:
            self.report(check.where, "missing-body", f"check `{check.name}` needs `expr` or `decide`", key=True)
            return [], False
        if check.expr is not None and check.decide is not None:
            self.report(check.where / "decide", "conflicting-keys", "a check has `expr` or `decide`, not both", key=True)
            return [], False
        if check.expr is not None:
            plan = self.result(check.expr, fields, scope)
            return ([RowPlan(None, plan, check.expr.where)] if plan else []), False
        rows: list[RowPlan] = []
        assert check.decide is not None
        for index, row in enumerate(check.decide):
            if row.when is None and index != len(check.decide) - 1:
                self.report(row.where, "otherwise-not-last", f"`otherwise` must be the last row (it is row {index + 1} of {len(check.decide)})")
            when = None
            if row.when is not None:
                result = self.expression(row.when, scope)
                if result is not None:
                    when, vtype = result
                    if vtype.kind != "bool":
                        self.report(row.when.where, "type-mismatch", f"`when` must be true/false, not {vtype.describe()}")
                        when = None
                if when is None:
                    continue
            plan = self.result(row.then, fields, scope)
            if plan is not None:
                rows.append(RowPlan(when, plan, row.where))
        return rows, True

    def unused(self, args: list[Arg], lets: list[tuple[str, ast.expr, VType]]) -> None:
        """An input or step that cannot affect the result is a mistake (or a misleading argument)."""
        if self.problems:
            return
        used = self.usage.free | set(self.usage.compared) | self.pool_usage.free | set(self.pool_usage.compared)
        used |= {n for a in args for n in a.count_reads}
        for arg in args:
            if arg.pool is not None and any(n in used for n, _ in arg.pool.counted):
                continue  # one count of a pool in use is the pool in use: the others check the dice add up
            if arg.kind != "param" and arg.name not in used:
                self.report(self.check.where / "inputs" / arg.name, "unused-input", f"input `{arg.name}` is never used; use it or remove it", key=True)
        for name, _, _ in lets:
            if name not in used:
                self.report(self.check.where / "let" / name, "unused-step", f"step `{name}` is never used; use it or remove it", key=True)

    def examples(self, args: list[Arg], fields: list[tuple[str, VType]]) -> None:
        names = [a.name for a in args]
        for example in self.check.examples:
            given = dict(example.given)
            for name in given:
                if name not in names and name not in self.unsound:
                    self.report(example.where / "given" / name, "example-input", f"`{name}` is not an input of `{self.check.name}`{did_you_mean(name, names)}", key=True)
            missing = [n for n in names if n not in given]
            if missing:
                self.report(example.where / "given", "example-input", f"the example gives no value for {', '.join(f'`{m}`' for m in missing)}")
            if example.expect is None:
                continue
            expect_raw = (example.where / "expect").value()
            if self.check.is_record:
                if not isinstance(expect_raw, dict):
                    self.report(example.where / "expect", "example-expect", f"expect a record: {', '.join(f'`{n}`' for n, _ in fields)}")
                    continue
                for name in expect_raw:
                    if name not in dict(fields):
                        self.report(example.where / "expect" / name, "example-expect", f"the output has no field `{name}`{did_you_mean(name, dict(fields))}", key=True)
                for name, _ in fields:
                    if name not in expect_raw:
                        self.report(example.where / "expect", "example-expect", f"expect gives no value for the field `{name}`")
            elif isinstance(expect_raw, dict):
                self.report(example.where / "expect", "example-expect", "the output is a single value, not a record")

    def plan(self) -> Plan | None:
        check = self.check
        self.python_name(check.where, check.name, "check name", function=True)
        fields: list[tuple[str, VType]] = []
        for out in check.output:
            if out.name:
                self.python_name(out.where, out.name, "output field")
            if out.type in ("int", "inches") and out.min is not None and out.max is not None and out.min > out.max:
                self.report(out.where / "min", "bad-range", f"min {out.min} is above max {out.max}")
            fields.append((out.name, field_type(out)))
        args, scope = self.args()
        dice_names = {a.name for a in args if a.is_random}
        requires = self.requires(dict(scope), dice_names)
        until = analyse_until(check.until, dict(scope), dice_names, self.expression, self.report)
        lets = self.lets(scope)
        rows, is_decide = self.body(fields, scope)
        self.unused(args, lets)
        self.examples(args, fields)
        if self.problems:
            return None
        record = class_name(check.name) if check.is_record else None
        return Plan(self.entry, check, args, requires, lets, rows, is_decide, fields, record, self.usage, until)


def _expressions(check: Check) -> list[Expr]:
    exprs = [r.that for r in check.requires] + [e for _, e in check.lets]
    if check.expr:
        exprs += [e for _, e in check.expr.values]
    for row in check.decide or ():
        exprs += ([row.when] if row.when else []) + [e for _, e in row.then.values]
    return exprs


def analyse(entry: Entry, check: Check) -> tuple[Plan | None, list[Problem]]:
    analyser = _Analyser(entry, check)
    plan = analyser.plan()
    return plan, analyser.problems


def effect_scope(entry: Entry, effect: Effect, base: dict[str, VType], wanted: VType) -> tuple[dict[str, tuple[Input, VType]], list[Problem]]:
    """An effect's own inputs, typed, with its `when` and value checked against `base` (the
    names of the check it acts on, and `result` on a result) and its inputs: each problem at
    its line. `wanted` is the type of what the effect changes."""
    where = effect.where
    refused: list[Problem] = []
    for item in effect.inputs:
        if item.name in base:
            refused.append(item.where.problem("duplicate-name", f"`{item.name}` is already a name of the check the effect acts on: use it without declaring it", key=True))
        elif item.pool is not None:
            refused.append((item.where / "type").problem("bad-input", "an effect's input is a value the player gives, not a pool of dice"))
    kept = tuple(i for i in effect.inputs if i.name not in base and i.pool is None)
    check = Check(effect.id, effect.summary, kept, (), False, (), (), None, None, (), where)
    analyser = _Analyser(replace(entry, params=()) if entry.params else entry, check)  # (a copy only where it changes)
    analyser.problems += refused
    args, _ = analyser.args()  # each input typed as a check's is, with the same problems
    typed = {a.name: (written, a.vtype) for a in args if (written := check.input(a.name)) is not None}
    scope = {**base, **{n: t for n, (_, t) in typed.items()}}
    if effect.when is not None:
        found = analyser.expression(effect.when, scope)
        if found is not None and found[1].kind != "bool":
            analyser.report(effect.when.where, "type-mismatch", f"`when` must be true/false, not {found[1].describe()}")
    if effect.value is not None:
        analyser.value(effect.value, wanted, scope, f"`{effect.operation}`")
    return typed, analyser.problems
