"""What values an argument or a result takes, and what an expression computes, in words: the
one wording of those facts.

Generated docstrings, the error messages of generated functions (Python and JavaScript) and
the site's pages all describe the same arguments. They take the words from here, so a reader
meets one phrasing everywhere, and an example's `raises:` can quote an error message that the
page prints too. Where a player reads what an expression of the logic language computes (how
many dice a pool rolls, when a unit's rule applies), `expression_words` says it in words, so
no page shows code to a player.
"""

from __future__ import annotations

import ast
import re

from rulesref.logic.plan import Arg
from rulesref.logic.types import VType
from rulesref.model import DiceSpec, Scalar


def dice_label(spec: DiceSpec) -> str:
    """How dice a check rolls are written: `D6`, `2D6`, `turn D6` (as many as an input says),
    `2 D6 if armourbane, else 1 D6` (as an expression works out), or the parameter whose dice
    they are (`X`)."""
    if spec.of_param:
        return spec.of_param
    if spec.count_expr is not None:  # `turn D6`, `2 D6 if armourbane, else 1 D6`
        return dice_count_words(str(spec.count_expr.source), f"D{spec.sides}")
    return f"{spec.count if spec.count > 1 else ''}D{spec.sides}"


def quoted(values: tuple[str, ...]) -> str:
    return ", ".join(repr(v) for v in values)


def type_values(vtype: VType) -> str:
    """The values a type admits: `true or false`, `one of 'a', 'b'`, `a whole number from 1 to 6`."""
    if vtype.kind == "bool":
        return "true or false"
    if vtype.kind == "str":
        if vtype.values is None:
            return "dice such as 'D6', '2D6', 'D3+1', or 'none'"
        return f"one of {quoted(vtype.values)}"
    lo, hi = vtype.lo, vtype.hi
    if vtype.halves:
        return f"a distance in half inches from {lo} to {hi}" if lo is not None and hi is not None else "a distance in half inches"
    if lo is None and hi is None:
        return "a whole number"
    if hi is None:
        return f"a whole number from {lo} up"
    if lo is None:
        return f"a whole number up to {hi}"
    return f"a whole number from {lo} to {hi}"


def arg_values(arg: Arg) -> str:
    """The values an argument admits. For dice whose range depends on another argument the
    words name that argument; the error message adds the range computed at the call."""
    spec = arg.dice
    if spec is not None:
        again = " (one die rolled again, the better total kept)" if spec.better else ""
        if spec.of_param:
            return f"a roll of {spec.of_param}"
        if spec.count_expr is not None:
            return f"a roll of {dice_label(spec)}{again}"
        return f"a {dice_label(spec)} roll{again} from {spec.count} to {spec.count * spec.sides}"
    if arg.param is not None and arg.param.type == "dice":
        return f"one of {quoted(arg.param.values)}"
    if arg.param is not None and arg.param.type == "roll":
        return f"a dice target from {arg.vtype.lo} (for {arg.vtype.lo}+) to {arg.vtype.hi} (for {arg.vtype.hi}+)"
    return type_values(arg.vtype)


def identifier_words(name: str) -> str:
    """`locked_in_combat` -> `locked in combat`; a parameter such as `X` stays as it is."""
    return name.replace("_", " ")


def value_words(value: Scalar) -> str:
    """A value as a player reads it: `automatic-pass` -> `automatic pass`, true -> yes."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str) and re.fullmatch(r"[a-z]+(?:-[a-z]+)+", value):
        return value.replace("-", " ")
    return str(value)


def either(words: list[str]) -> str:
    """`a, b or c`."""
    return f"{', '.join(words[:-1])} or {words[-1]}" if len(words) > 1 else "".join(words)


_OPERATORS = {ast.Add: "plus", ast.Sub: "minus", ast.Mult: "times", ast.FloorDiv: "divided by"}
_COMPARISONS = {
    ast.Eq: "is", ast.NotEq: "is not", ast.Lt: "is less than", ast.LtE: "is at most", ast.Gt: "is more than",
    ast.GtE: "is at least", ast.In: "is", ast.NotIn: "is not",
}
_CALLS = {"min": "the lowest of", "max": "the highest of", "abs": "the size of", "dice_max": "the most rolled on", "dice_min": "the least rolled on"}


def expression_words(source: str) -> str:
    """What an expression of the logic language computes, in words: `10 if blitzed else
    attacks` -> `10 if blitzed, else attacks`; `purpose == 'combat-reform'` -> `purpose is
    combat reform`; `strength >= 2 * toughness` -> `strength is at least 2 times toughness`.
    (The expression passed validation; anything this does not word is said as written.)"""
    try:
        return _words(ast.parse(source.strip(), mode="eval").body)
    except (SyntaxError, ValueError):
        return source


def dice_count_words(source: str, die: str) -> str:
    """How many dice a pool rolls, in words: `attacks D6`; `10 D6 if blitzed, else attacks
    D6`; `no dice if flaming attacks, else as many D6 as wounds minus lethal sixes`."""
    try:
        return _count(ast.parse(source.strip(), mode="eval").body, die)
    except (SyntaxError, ValueError):
        return f"{source} {die}"


def _count(node: ast.expr, die: str) -> str:
    if isinstance(node, ast.IfExp):
        return f"{_count(node.body, die)} if {_words(node.test)}, else {_count(node.orelse, die)}"
    if isinstance(node, ast.Constant) and node.value == 0:
        return "no dice"
    if isinstance(node, (ast.Name, ast.Constant)):
        return f"{_words(node)} {die}"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "max" and len(node.args) == 2:
        others = [a for a in node.args if not (isinstance(a, ast.Constant) and a.value == 0)]
        if len(others) == 1:  # fewer dice than none are none
            return _count(others[0], die)
    return f"as many {die} as {_words(node)}"


def _words(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return identifier_words(node.id)
    if isinstance(node, ast.Constant) and isinstance(node.value, (bool, int, str)):
        return value_words(node.value)
    if isinstance(node, (ast.Tuple, ast.List)):
        return either([_words(e) for e in node.elts])
    if isinstance(node, ast.IfExp):
        return f"{_words(node.body)} if {_words(node.test)}, else {_words(node.orelse)}"
    if isinstance(node, ast.BoolOp):
        return (" and " if isinstance(node.op, ast.And) else " or ").join(_words(v) for v in node.values)
    if isinstance(node, ast.UnaryOp):
        return f"{'not' if isinstance(node.op, ast.Not) else 'minus'} {_words(node.operand)}"
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        said = f"{_words(node.left)} {_OPERATORS[type(node.op)]} {_words(node.right)}"
        return f"{said}, rounded down" if isinstance(node.op, ast.FloorDiv) else said
    if isinstance(node, ast.Compare) and all(type(op) in _COMPARISONS for op in node.ops):
        sides = [node.left, *node.comparators]  # `1 <= a < 3`: 1 is at most a and a is less than 3
        return " and ".join(f"{_words(sides[i])} {_COMPARISONS[type(op)]} {_words(sides[i + 1])}" for i, op in enumerate(node.ops))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords:
        args = [_words(a) for a in node.args]
        name = node.func.id
        if name in ("halve_up", "halve_down") and len(args) == 1:
            return f"half of {args[0]}, rounded {name.removeprefix('halve_')}"
        if name == "clamp" and len(args) == 3:
            return f"{args[0]}, at least {args[1]} and at most {args[2]}"
        if name in ("min", "max"):
            return f"{_CALLS[name]} {', '.join(args[:-1])} and {args[-1]}"
        if name in _CALLS and len(args) == 1:
            return f"{_CALLS[name]} {args[0]}"
    raise ValueError(ast.dump(node))
