"""What values an argument or a result takes, in words: the one wording of that fact.

Generated docstrings, the error messages of generated functions (Python and JavaScript) and
the site's pages all describe the same arguments. They take the words from here, so a reader
meets one phrasing everywhere, and an example's `raises:` can quote an error message that the
page prints too.
"""

from __future__ import annotations

from rulesref.logic.plan import Arg
from rulesref.logic.types import VType
from rulesref.model import DiceSpec


def dice_label(spec: DiceSpec) -> str:
    """How dice a check rolls are written: `D6`, `2D6`, `turn D6` (as many as an input says),
    or the parameter whose dice they are (`X`)."""
    if spec.of_param:
        return spec.of_param
    if spec.count_input:
        return f"{spec.count_input} D{spec.sides}"
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
        if spec.of_param:
            return f"a roll of {spec.of_param}"
        if spec.count_input:
            return f"a roll of {dice_label(spec)}"
        return f"a {dice_label(spec)} roll from {spec.count} to {spec.count * spec.sides}"
    if arg.param is not None and arg.param.type == "dice":
        return f"one of {quoted(arg.param.values)}"
    if arg.param is not None and arg.param.type == "roll":
        return f"a dice target from {arg.vtype.lo} (for {arg.vtype.lo}+) to {arg.vtype.hi} (for {arg.vtype.hi}+)"
    return type_values(arg.vtype)
