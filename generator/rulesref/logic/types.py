"""Static types of the logic language: what a name or an expression can hold.

Three kinds of value exist at run time (bool, int, str). Statically an int carries an
interval and a str the set of values it can take (an enum) or "any dice expression". A
distance is an int in half inches (`halves`): 7.5 is exact in binary, so sums, differences
and whole multiples of halves stay exact in Python's floats and JavaScript's numbers alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rulesref.model import Input, OutputField, Param

Kind = Literal["bool", "int", "str"]


@dataclass(frozen=True)
class VType:
    kind: Kind
    lo: int | float | None = None  # int bounds, when known (halves of a distance are x.5)
    hi: int | float | None = None
    values: tuple[str, ...] | None = None  # str: the values it can take; None for a dice expression
    halves: bool = False  # an int that is a distance in half inches: 7.5 is one of its values

    @property
    def is_dice(self) -> bool:
        return self.kind == "str" and self.values is None

    def describe(self) -> str:
        if self.kind == "bool":
            return "true/false"
        if self.kind == "int":
            return "a distance in half inches" if self.halves else "a whole number"
        if self.values is None:
            return "a dice expression"
        return "one of " + ", ".join(repr(v) for v in self.values)

    def python(self) -> str:
        """The annotation this type has in generated code."""
        if self.kind == "str" and self.values is not None:
            return "Literal[" + ", ".join(repr(v) for v in self.values) + "]"
        if self.halves:
            return "float"  # 7.5; a whole number of inches may come as an int, which a float annotation takes
        return self.kind  # the kinds are named after their Python types


BOOL = VType("bool")
DICE = VType("str")


def int_type(lo: int | float | None, hi: int | float | None, *, halves: bool = False) -> VType:
    return VType("int", lo, hi, halves=halves)


def enum_type(values: tuple[str, ...] | list[str]) -> VType:
    return VType("str", values=tuple(values))


def join(a: VType, b: VType) -> VType | None:
    """The type of `a if c else b`, or None when the two cannot mix."""
    if a.kind != b.kind:
        return None
    if a.kind == "int":
        lo = None if a.lo is None or b.lo is None else min(a.lo, b.lo)
        hi = None if a.hi is None or b.hi is None else max(a.hi, b.hi)
        return int_type(lo, hi, halves=a.halves or b.halves)
    if a.kind == "str":
        if a.values is None or b.values is None:
            return DICE if a.is_dice and b.is_dice else None
        return enum_type(list(dict.fromkeys(a.values + b.values)))
    return a


# -- the types content declares --------------------------------------------------------------


def input_type(item: Input) -> VType:
    """The type of a content input (a dice input's is the analyser's to work out)."""
    if item.type == "bool":
        return BOOL
    if item.type == "enum":
        return enum_type(item.values)
    if item.type == "int":
        return int_type(item.min, item.max)
    if item.type == "inches":
        return int_type(item.min, item.max, halves=True)
    return int_type(None, None)


def field_type(out: OutputField) -> VType:
    """The type of a check's output field."""
    if out.type == "bool":
        return BOOL
    if out.type in ("int", "inches"):
        return int_type(out.min, out.max, halves=out.type == "inches")
    if out.type == "enum":
        return enum_type(out.values)
    return DICE


def param_type(param: Param) -> VType:
    """The type of an entry's parameter."""
    return DICE if param.type == "dice" else int_type(param.min, param.max)
