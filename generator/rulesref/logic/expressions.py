"""Expressions: parsed with `ast`, checked against an allow-list, typed, and rebuilt.

An expression is written in Python syntax but only a small part of Python is allowed:
literals, names in scope, `+ - * //`, comparisons, `and`/`or`/`not`, `x if c else y`,
`in` a literal tuple, and a fixed set of helpers. The checked expression is rebuilt from
fresh AST nodes (never the parsed ones), so nothing the allow-list did not name can reach
generated code.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field

from rulesref.logic import bounds
from rulesref.logic import positions as pos
from rulesref.logic.types import BOOL, DICE, VType, enum_type, int_type, join
from rulesref.problems.suggest import did_you_mean

MAX_NODES = 200
MAX_CONSTANT = 1_000_000
DICE_TOTALS = (-98, 999)  # what `dice_min`/`dice_max` can give for any dice expression (D3-99 to 999)


class ExprError(Exception):
    """A problem in an expression, at a character offset of its source."""

    def __init__(self, offset: int, code: str, message: str) -> None:
        super().__init__(message)
        self.offset, self.code, self.message = offset, code, message


@dataclass
class Usage:
    """How names are used: constants they are compared with, and names used any other way.

    A whole-number input used only in comparisons with constants can be checked at a few
    points around those constants instead of over its whole range.
    """

    compared: dict[str, set[int | float]] = field(default_factory=dict)
    free: set[str] = field(default_factory=set)
    divides: bool = False  # a `//` by something that is not a constant: it could divide by zero

    def merge(self, other: Usage) -> None:
        for name, values in other.compared.items():
            self.compared.setdefault(name, set()).update(values)
        self.free |= other.free
        self.divides = self.divides or other.divides


def _call(name: str, *args: ast.expr) -> ast.Call:
    return pos.Call(func=pos.Name(id=name, ctx=ast.Load()), args=list(args), keywords=[])


def _dice_call(name: str, arg: ast.expr) -> ast.Call:
    return pos.Call(func=pos.Attribute(value=pos.Name(id="_dice", ctx=ast.Load()), attr=name, ctx=ast.Load()), args=[arg], keywords=[])


def _floordiv(a: ast.expr, b: ast.expr) -> ast.BinOp:
    return pos.BinOp(left=a, op=ast.FloorDiv(), right=b)


def _halve_up(x: ast.expr) -> ast.expr:
    # -(-x // 2): x / 2 rounded towards +infinity, integer arithmetic only
    return pos.UnaryOp(op=ast.USub(), operand=_floordiv(pos.UnaryOp(op=ast.USub(), operand=x), pos.Constant(2)))


def interval(vtype: VType) -> bounds.Interval:
    """The proved range of a whole-number type, or None when it has none."""
    return None if vtype.lo is None or vtype.hi is None else (vtype.lo, vtype.hi)


_PROVED_RANGE = "rulesref_proved_range"


def proved_range(node: ast.expr) -> bounds.Interval:
    """The lowest and highest value the type checker proved a whole-number expression can
    take, for writers that need it (JavaScript's negative zero); None when nothing was proved
    (not a whole number, or a node the checker did not build)."""
    found: bounds.Interval = getattr(node, _PROVED_RANGE, None)
    return found


def _ranged(found: bounds.Interval, halves: bool = False) -> VType:
    return int_type(None, None, halves=halves) if found is None else int_type(*found, halves=halves)


def _call_interval(helper: str, args: list[bounds.Interval]) -> bounds.Interval:
    if helper == "min":
        return bounds.smallest(args)
    if helper == "max":
        return bounds.largest(args)
    if helper == "abs":
        return bounds.absolute(args[0])
    if helper == "clamp":
        return bounds.smallest([bounds.largest(args[:2]), args[2]])
    if helper == "halve_up":
        return bounds.neg(bounds.floordiv(bounds.neg(args[0]), (2, 2)))
    if helper == "halve_down":
        return bounds.floordiv(args[0], (2, 2))
    return DICE_TOTALS  # dice_max, dice_min


# name -> (arguments, argument kind, result, builder)
HELPERS: dict[str, tuple[tuple[int, int | None], str, str, Callable[..., ast.expr]]] = {
    "min": ((2, None), "int", "int", lambda *a: _call("min", *a)),
    "max": ((2, None), "int", "int", lambda *a: _call("max", *a)),
    "abs": ((1, 1), "int", "int", lambda a: _call("abs", a)),
    "clamp": ((3, 3), "int", "int", lambda x, lo, hi: _call("min", _call("max", x, lo), hi)),
    "halve_up": ((1, 1), "int", "int", _halve_up),
    "halve_down": ((1, 1), "int", "int", lambda x: _floordiv(x, pos.Constant(2))),
    "dice_max": ((1, 1), "dice", "int", lambda x: _dice_call("maximum", x)),
    "dice_min": ((1, 1), "dice", "int", lambda x: _dice_call("minimum", x)),
}
HELPER_DOCS = {
    "min": "the smallest of its arguments",
    "max": "the largest of its arguments",
    "abs": "the value without its sign",
    "clamp": "clamp(x, lo, hi): x, but no less than lo and no more than hi",
    "halve_up": "half, rounding fractions up",
    "halve_down": "half, rounding fractions down",
    "dice_max": "the highest total a dice expression can roll (2D6 -> 12)",
    "dice_min": "the lowest total a dice expression can roll (2D6 -> 2)",
}

_ARITH = {ast.Add: ast.Add, ast.Sub: ast.Sub, ast.Mult: ast.Mult, ast.FloorDiv: ast.FloorDiv}
_COMPARE = {
    ast.Eq: ast.Eq, ast.NotEq: ast.NotEq, ast.Lt: ast.Lt, ast.LtE: ast.LtE,
    ast.Gt: ast.Gt, ast.GtE: ast.GtE, ast.In: ast.In, ast.NotIn: ast.NotIn,
}
_FORBIDDEN: dict[type, str] = {
    ast.Attribute: "attribute access (`x.y`) is not allowed",
    ast.Subscript: "subscripts (`x[i]`) are not allowed",
    ast.Lambda: "lambdas are not allowed",
    ast.ListComp: "comprehensions are not allowed",
    ast.SetComp: "comprehensions are not allowed",
    ast.DictComp: "comprehensions are not allowed",
    ast.GeneratorExp: "generator expressions are not allowed",
    ast.JoinedStr: "f-strings are not allowed",
    ast.Dict: "mappings are not allowed in expressions",
    ast.Set: "sets are not allowed in expressions",
    ast.List: "lists are not allowed in expressions; write a tuple after `in`: `x in (1, 2)`",
    ast.Tuple: "a tuple is only allowed after `in`",
    ast.NamedExpr: "assignment expressions (`:=`) are not allowed; use `let`",
    ast.Starred: "`*` unpacking is not allowed",
    ast.Await: "`await` is not allowed",
    ast.Yield: "`yield` is not allowed",
    ast.YieldFrom: "`yield` is not allowed",
    ast.Slice: "slices are not allowed",
}
_OPERATOR_HINTS: dict[type, str] = {
    ast.Div: "`/` is not allowed: use `//` (rounds down), `halve_up(x)` or `halve_down(x)`; every division states its rounding",
    ast.Pow: "powers (`**`) are not allowed",
    ast.Mod: "`%` is not allowed",
    ast.MatMult: "`@` is not allowed",
    ast.BitAnd: "bitwise operators are not allowed; use `and`",
    ast.BitOr: "bitwise operators are not allowed; use `or`",
    ast.BitXor: "bitwise operators are not allowed",
    ast.LShift: "bit shifts are not allowed",
    ast.RShift: "bit shifts are not allowed",
}


class _Translator:
    def __init__(self, source: str, scope: dict[str, VType]) -> None:
        self.source = source
        self.lines = source.split("\n")
        self.scope = scope
        self.usage = Usage()

    def offset(self, node: ast.AST) -> int:
        lineno = getattr(node, "lineno", 1)
        col = getattr(node, "col_offset", 0)
        line = self.lines[lineno - 1] if lineno - 1 < len(self.lines) else ""
        chars = len(line.encode("utf-8")[:col].decode("utf-8", errors="ignore"))
        return sum(len(x) + 1 for x in self.lines[: lineno - 1]) + chars

    def fail(self, node: ast.AST, code: str, message: str) -> ExprError:
        return ExprError(self.offset(node), code, message)

    def bounded(self, node: ast.AST, found: bounds.Interval, halves: bool = False) -> VType:
        """The type of a computed whole number (or distance, with `halves`), refused when its
        proved range passes the limit."""
        if found is None:
            raise self.fail(node, "number-too-large", "no bound can be proved for this value: every input and parameter it uses needs a min and a max")
        if bounds.exceeds(found):
            reach = found[1] if abs(found[1]) >= abs(found[0]) else found[0]
            raise self.fail(node, "number-too-large", f"this can reach {reach:,} for allowed inputs; whole numbers a check computes are limited to ±{bounds.LIMIT:,}")
        return _ranged(found, halves)

    def visit(self, node: ast.expr, *, compared: bool = False) -> tuple[ast.expr, VType]:
        """Check one node (and what is below it) and rebuild it from positioned node classes;
        the rebuilt node carries the range proved for it (see `proved_range`)."""
        built, vtype = self._visit(node, compared)
        setattr(built, _PROVED_RANGE, interval(vtype) if vtype.kind == "int" else None)
        return built, vtype

    def _visit(self, node: ast.expr, compared: bool) -> tuple[ast.expr, VType]:
        if isinstance(node, ast.Constant):
            return self.constant(node)
        if isinstance(node, ast.Name):
            return self.name(node, compared)
        if isinstance(node, ast.UnaryOp):
            return self.unary(node)
        if isinstance(node, ast.BinOp):
            return self.binary(node)
        if isinstance(node, ast.BoolOp):
            values = [self.expect(v, BOOL, "`and`/`or` combine true/false values") for v in node.values]
            op: ast.boolop = ast.And() if isinstance(node.op, ast.And) else ast.Or()
            return pos.BoolOp(op=op, values=values), BOOL
        if isinstance(node, ast.Compare):
            return self.compare(node)
        if isinstance(node, ast.IfExp):
            test = self.expect(node.test, BOOL, "the condition of `x if c else y` must be true/false")
            body, body_type = self.visit(node.body)
            orelse, else_type = self.visit(node.orelse)
            joined = join(body_type, else_type)
            if joined is None:
                raise self.fail(node, "type-mismatch", f"the two results of `if ... else` differ: {body_type.describe()} and {else_type.describe()}")
            return pos.IfExp(test=test, body=body, orelse=orelse), joined
        if isinstance(node, ast.Call):
            return self.call(node)
        message = _FORBIDDEN.get(type(node), f"`{type(node).__name__}` is not allowed in expressions")
        raise self.fail(node, "forbidden-syntax", message)

    def expect(self, node: ast.expr, wanted: VType, why: str) -> ast.expr:
        built, got = self.visit(node)
        if got.kind != wanted.kind:
            raise self.fail(node, "type-mismatch", f"{why}; this is {got.describe()}")
        return built

    def constant(self, node: ast.Constant) -> tuple[ast.expr, VType]:
        value = node.value
        if isinstance(value, bool):
            return pos.Constant(value), BOOL
        if isinstance(value, int):
            if abs(value) > MAX_CONSTANT:
                raise self.fail(node, "number-too-large", f"constants are limited to ±{MAX_CONSTANT:,}")
            return pos.Constant(value), int_type(value, value)
        if isinstance(value, str):
            return pos.Constant(value), enum_type([value])
        if isinstance(value, float) and (2 * value).is_integer() and abs(value) <= MAX_CONSTANT:
            return pos.Constant(value), int_type(value, value, halves=True)  # a distance: 7.5
        if isinstance(value, float):
            raise self.fail(node, "forbidden-syntax", f"the only numbers that are not whole are distances in half inches (7.5); {value!r} is not one")
        raise self.fail(node, "forbidden-syntax", "only whole numbers, half inches (7.5), True/False and 'quoted words' are allowed as constants")

    def name(self, node: ast.Name, compared: bool) -> tuple[ast.expr, VType]:
        if node.id.startswith("_"):
            raise self.fail(node, "forbidden-syntax", f"names starting with `_` are not allowed (`{node.id}`)")
        if node.id not in self.scope:
            hint = did_you_mean(node.id, [*self.scope, "True", "False"])
            known = ", ".join(sorted(self.scope)) or "none"
            raise self.fail(node, "unknown-name", f"unknown name `{node.id}`{hint} (names here: {known})")
        if not compared:
            self.usage.free.add(node.id)
        return pos.Name(id=node.id, ctx=ast.Load()), self.scope[node.id]

    def unary(self, node: ast.UnaryOp) -> tuple[ast.expr, VType]:
        if isinstance(node.op, ast.Not):
            return pos.UnaryOp(op=ast.Not(), operand=self.expect(node.operand, BOOL, "`not` needs true/false")), BOOL
        if isinstance(node.op, (ast.USub, ast.UAdd)):
            if isinstance(node.operand, ast.Constant) and type(node.operand.value) in (int, float):
                _built, constant_type = self.constant(node.operand)
                number = node.operand.value
                assert isinstance(number, (int, float))
                value = -number if isinstance(node.op, ast.USub) else number
                return pos.Constant(value), int_type(value, value, halves=constant_type.halves)
            operand, operand_type = self.visit(node.operand)
            if operand_type.kind != "int":
                raise self.fail(node.operand, "type-mismatch", f"a sign applies to whole numbers; this is {operand_type.describe()}")
            negative = isinstance(node.op, ast.USub)
            found = bounds.neg(interval(operand_type)) if negative else interval(operand_type)
            return pos.UnaryOp(op=ast.USub() if negative else ast.UAdd(), operand=operand), self.bounded(node, found, operand_type.halves)
        raise self.fail(node, "forbidden-syntax", "`~` is not allowed")

    def binary(self, node: ast.BinOp) -> tuple[ast.expr, VType]:
        op_type = type(node.op)
        if op_type not in _ARITH:
            raise self.fail(node, "forbidden-syntax", _OPERATOR_HINTS.get(op_type, "this operator is not allowed"))
        left, left_type = self.visit(node.left)
        right, right_type = self.visit(node.right)
        for side, side_type in ((node.left, left_type), (node.right, right_type)):
            if side_type.kind != "int":
                raise self.fail(side, "type-mismatch", f"arithmetic works on whole numbers; this is {side_type.describe()}")
        halves = left_type.halves or right_type.halves
        if halves and op_type is ast.FloorDiv:
            raise self.fail(node, "type-mismatch", "a distance in half inches is not divided: `//` would leave quarters; compare it, add it, or multiply it by a whole number")
        if left_type.halves and right_type.halves and op_type is ast.Mult:
            raise self.fail(node, "type-mismatch", "a distance times a distance is an area: multiply a distance by a whole number")
        if op_type is ast.FloorDiv and not (isinstance(right, ast.Constant) and right.value != 0):
            self.usage.divides = True
        combine = {ast.Add: bounds.add, ast.Sub: bounds.sub, ast.Mult: bounds.mul, ast.FloorDiv: bounds.floordiv}[op_type]
        found = combine(interval(left_type), interval(right_type))
        return pos.BinOp(left=left, op=_ARITH[op_type](), right=right), self.bounded(node, found, halves)

    def compare(self, node: ast.Compare) -> tuple[ast.expr, VType]:
        operands = [node.left, *node.comparators]
        built: list[ast.expr] = []
        types: list[VType] = []
        for index, operand in enumerate(operands):
            op_after = node.ops[index] if index < len(node.ops) else None
            op_before = node.ops[index - 1] if index > 0 else None
            if isinstance(op_before, (ast.In, ast.NotIn)):
                b, t = self.literal_tuple(operand)
            else:
                neighbours = [operands[i] for i in (index - 1, index + 1) if 0 <= i < len(operands)]
                against_constant = all(isinstance(n, ast.Constant) and type(n.value) is int for n in neighbours)
                b, t = self.visit(operand, compared=against_constant and not isinstance(op_after, (ast.In, ast.NotIn)))
                if against_constant and isinstance(operand, ast.Name):
                    for n in neighbours:
                        assert isinstance(n, ast.Constant) and isinstance(n.value, int)
                        self.usage.compared.setdefault(operand.id, set()).add(n.value)
            built.append(b)
            types.append(t)
        ops: list[ast.cmpop] = []
        for index, op in enumerate(node.ops):
            if type(op) not in _COMPARE:
                raise self.fail(node, "forbidden-syntax", "`is` is not allowed; use `==`")
            left, right = types[index], types[index + 1]
            if isinstance(op, (ast.In, ast.NotIn)):
                self.check_same(node, left, right, operands[index + 1])
            elif isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)):
                if left.kind != "int" or right.kind != "int":
                    raise self.fail(node, "type-mismatch", "`<`, `<=`, `>`, `>=` compare whole numbers")
            else:
                self.check_same(node, left, right, operands[index + 1])
                self.check_same(node, right, left, operands[index])
            ops.append(_COMPARE[type(op)]())
        return pos.Compare(left=built[0], ops=ops, comparators=built[1:]), BOOL

    def literal_tuple(self, node: ast.expr) -> tuple[ast.expr, VType]:
        if not isinstance(node, ast.Tuple) or not node.elts:
            raise self.fail(node, "forbidden-syntax", "`in` needs a literal tuple, e.g. `x in (1, 2)` or `kind in ('a', 'b')`")
        elements: list[ast.expr] = []
        element_type: VType | None = None
        for element in node.elts:
            if not isinstance(element, ast.Constant):
                raise self.fail(element, "forbidden-syntax", "the tuple after `in` may hold only constants")
            built, t = self.constant(element)
            elements.append(built)
            element_type = t if element_type is None else join(element_type, t)
            if element_type is None:
                raise self.fail(element, "type-mismatch", "the tuple after `in` mixes kinds of value")
        assert element_type is not None
        return pos.Tuple(elts=elements, ctx=ast.Load()), element_type

    def check_same(self, node: ast.AST, value: VType, other: VType, other_node: ast.expr) -> None:
        if value.kind != other.kind:
            raise self.fail(node, "type-mismatch", f"cannot compare {value.describe()} with {other.describe()}")
        if value.kind == "str" and value.values is not None and other.values is not None and len(value.values) > 1:
            impossible = [v for v in other.values if v not in value.values]
            if impossible:
                raise self.fail(
                    other_node, "impossible-value",
                    f"{impossible[0]!r} is never a value here; the values are {', '.join(repr(v) for v in value.values)}{did_you_mean(impossible[0], value.values)}",
                )

    def call(self, node: ast.Call) -> tuple[ast.expr, VType]:
        if not isinstance(node.func, ast.Name):
            self.visit(node.func)  # reports what the callee is (an attribute, a subscript...)
            raise self.fail(node, "forbidden-call", f"only the helpers can be called: {', '.join(HELPERS)}")
        if node.func.id not in HELPERS:
            name = node.func.id if isinstance(node.func, ast.Name) else None
            hint = did_you_mean(name, HELPERS) if name else ""
            shown = f"`{name}`" if name else "this"
            raise self.fail(node, "forbidden-call", f"cannot call {shown}{hint}; the helpers are {', '.join(HELPERS)}")
        if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            raise self.fail(node, "forbidden-syntax", f"`{node.func.id}` takes plain positional arguments")
        (least, most), arg_kind, _, build = HELPERS[node.func.id]
        if len(node.args) < least or (most is not None and len(node.args) > most):
            count = f"{least}" if least == most else f"at least {least}"
            raise self.fail(node, "wrong-arguments", f"`{node.func.id}` takes {count} argument{'s' if count != '1' else ''}")
        wanted = DICE if arg_kind == "dice" else int_type(None, None)
        args = []
        ranges = []
        halves = False
        for arg in node.args:
            built, got = self.visit(arg)
            if got.kind != wanted.kind or (arg_kind == "dice" and not got.is_dice):
                raise self.fail(arg, "type-mismatch", f"`{node.func.id}` takes {wanted.describe()}, not {got.describe()}")
            if got.halves and node.func.id.startswith("halve"):
                raise self.fail(arg, "type-mismatch", f"`{node.func.id}` rounds a whole number; half of a distance in half inches would be quarters")
            halves = halves or got.halves
            args.append(built)
            ranges.append(interval(got))
        return build(*args), self.bounded(node, _call_interval(node.func.id, ranges), halves)


def parse(source: str) -> ast.expr:
    """The parsed expression, or ExprError for bad syntax or an expression too large."""
    try:
        tree = ast.parse(source.rstrip("\n"), mode="eval")
    except SyntaxError as exc:
        lines = source.rstrip("\n").split("\n")
        lineno = min(max((exc.lineno or 1), 1), len(lines))
        offset = sum(len(x) + 1 for x in lines[: lineno - 1]) + max((exc.offset or 1) - 1, 0)
        raise ExprError(min(offset, len(source)), "expression-syntax", f"invalid expression: {exc.msg}") from None
    except (RecursionError, MemoryError, ValueError):
        raise ExprError(0, "expression-too-large", "the expression is nested too deeply") from None
    count = sum(1 for _ in ast.walk(tree)) if len(source) > MAX_NODES // 4 else 0  # fewer chars, fewer nodes
    if count > MAX_NODES:
        raise ExprError(0, "expression-too-large", f"the expression has {count} parts; the limit is {MAX_NODES}: split it with `let`")
    return tree.body


def translate(source: str, scope: dict[str, VType]) -> tuple[ast.expr, VType, Usage]:
    """Check an expression against the allow-list and the scope; returns the rebuilt AST,
    its type and how it uses names. Raises ExprError."""
    tree = parse(source)
    translator = _Translator(source.rstrip("\n"), scope)
    built, vtype = translator.visit(tree)
    return built, vtype, translator.usage


def literal(value: bool | int | float | str) -> tuple[ast.expr, VType]:
    """A YAML scalar used directly as a value (a float is a distance: the schema keeps it to halves)."""
    if isinstance(value, bool):
        return pos.Constant(value), BOOL
    if isinstance(value, int):
        return pos.Constant(value), int_type(value, value)
    if isinstance(value, float):
        return pos.Constant(value), int_type(value, value, halves=True)
    return pos.Constant(value), enum_type([value])


__all__ = ["DICE", "HELPERS", "HELPER_DOCS", "ExprError", "Usage", "literal", "parse", "translate"]
