"""Static types of the logic language: what a name or an expression can hold.

Three kinds of value exist at run time (bool, int, str). Statically an int carries an
interval and a str the set of values it can take (an enum) or "any dice expression". A
distance is an int in half inches (`halves`): 7.5 is exact in binary, so sums, differences
and whole multiples of halves stay exact in Python's floats and JavaScript's numbers alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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
