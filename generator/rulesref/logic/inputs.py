"""How each argument of a check is checked, and what the error says when it fails.

The Python and the JavaScript writers both turn these descriptions into code, so a check
refuses the same inputs in both languages with the same words (taken from `describe`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Literal

from rulesref.logic import positions as pos
from rulesref.logic.describe import arg_values, expression_words
from rulesref.logic.plan import Arg, Plan
from rulesref.logic.pools import PoolPlan, counts_of, total_limits
from rulesref.logic.runtime_dice import TOTAL

RefKind = Literal["arg", "count", "dice_min", "dice_max"]


@dataclass(frozen=True)
class Ref:
    """A value computed when the check runs: an argument (`arg`), `factor` times the dice the
    `count` of an argument (`node`: a name or an expression) works out, or the lowest or
    highest total of the dice an argument names."""

    kind: RefKind
    name: str
    factor: int = 1
    node: ast.expr | None = field(default=None, compare=False)


Bound = int | float | Ref  # a float only ever the bound of a distance in half inches
Part = str | Ref  # a message is text with values placed in it (an argument shown as its repr)


@dataclass(frozen=True)
class InputCheck:
    """One argument's test: `bool` (exactly a bool), `one_of` (one of `values`), `whole`
    (exactly an int from `lo` to `hi`), or `half` (an int or a float from `lo` to `hi` whose
    double is whole: a distance in half inches)."""

    arg: str
    test: Literal["bool", "one_of", "whole", "half"]
    message: tuple[Part, ...]
    values: tuple[str, ...] = ()
    lo: Bound = 0
    hi: Bound = 0


def input_check(arg: Arg) -> InputCheck:
    """What makes a value of this argument acceptable, and the error when it is not (the
    words from `describe`; for dice whose range depends on another argument, that range as
    computed at the call)."""
    me = Ref("arg", arg.name)
    t = arg.vtype
    words: tuple[Part, ...] = (f"{arg.name} must be {arg_values(arg)}, not ", me)
    if arg.kind == "bool":
        return InputCheck(arg.name, "bool", words)
    if arg.kind == "enum" or (arg.kind == "param" and t.is_dice):
        values = t.values if t.values is not None else arg.param.values if arg.param else ()
        return InputCheck(arg.name, "one_of", words, values=values)
    if arg.kind == "dice":
        dice = arg.dice
        assert dice is not None
        if arg.count is not None:
            n, high = Ref("count", arg.name, 1, arg.count), Ref("count", arg.name, dice.sides, arg.count)
            text: tuple[Part, ...] = (f"{arg.name} must be a roll of ", n, f" D{dice.sides} (", n, " to ", high, "), not ", me)
            return InputCheck(arg.name, "whole", text, lo=n, hi=high)
        if dice.of_param is not None:
            x = Ref("arg", dice.of_param)
            low, top = Ref("dice_min", dice.of_param), Ref("dice_max", dice.of_param)
            text = (f"{arg.name} must be a roll of ", x, " (", low, " to ", top, "), not ", me)
            return InputCheck(arg.name, "whole", text, lo=low, hi=top)
        return InputCheck(arg.name, "whole", words, lo=dice.count, hi=dice.count * dice.sides)
    assert t.lo is not None and t.hi is not None
    return InputCheck(arg.name, "half" if t.halves else "whole", words, lo=t.lo, hi=t.hi)


def no_row_matched(plan: Plan) -> str:
    """What a `decide` without `otherwise` raises after its last row (the proof rules it out)."""
    return f"{plan.name}: no row matched (the build proved this cannot happen)"


def never_met(plan: Plan) -> str:
    """What an odds function raises when no roll meets `until` for its arguments (in words, as
    a "Try it" form may show it)."""
    assert plan.check.until is not None
    return f"no roll gives {expression_words(str(plan.check.until.source))} for these arguments: the dice would be rolled again forever"


@dataclass(frozen=True)
class PoolCheck:
    """What the counts of one pool must add up to: `exact`ly or at most `limit` (the dice
    rolled; the dice kept; the dice rolled and added), given as an expression of the inputs;
    or, `least`, at least it (the total of the numbers shown: at least 1 a die)."""

    pool: PoolPlan
    names: tuple[str, ...]
    exact: bool
    limit: ast.expr
    what: str  # the limit in words, after the number
    least: bool = False

    @property
    def words(self) -> tuple[str, str]:
        """The error's words before the limit and between it and the counts' total, which both
        writers place the two values in: `hits + rending must add up to at most ` 7 ` (the
        dice `wounds` rolls), not ` 9."""
        verb = "must be" if len(self.names) == 1 else "must add up to"
        relation = "exactly" if self.exact else "at least" if self.least else "at most"
        return f"{' + '.join(self.names)} {verb} {relation} ", f" ({self.what}), not "


def pool_checks(plan: Plan) -> list[PoolCheck]:
    out = []
    for pool in plan.pools:
        total = next((n for n, c in pool.counted if c == TOTAL), None)
        if total is not None:
            least, most, what = total_limits(pool)
            out.append(PoolCheck(pool, (total,), False, least, f"1 for each of {what}", least=True))
            out.append(PoolCheck(pool, (total,), False, most, f"{pool.sides} for each of {what}"))
        names = tuple(counts_of(pool.counted))
        if not names:
            continue
        dice = pool.dice
        if pool.keep is not None:
            limit: ast.expr = pos.Call(func=pos.Name(id="min", ctx=ast.Load()), args=[pool.keep, dice], keywords=[])
            out.append(PoolCheck(pool, names, pool.whole, limit, f"the dice `{pool.name}` keeps"))
        elif pool.explode_on:
            limit = pos.BinOp(left=dice, op=ast.Mult(), right=pos.BinOp(left=pool.explode_depth, op=ast.Add(), right=pos.Constant(1)))
            out.append(PoolCheck(pool, names, False, limit, f"the dice `{pool.name}` can roll and add"))
        else:
            out.append(PoolCheck(pool, names, pool.exact_total, dice, f"the dice `{pool.name}` rolls"))
    return out
