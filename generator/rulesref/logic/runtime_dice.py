"""Dice arithmetic shared by the generated check modules.

This file is copied verbatim into the generated package as `rulechecks/_dice.py`.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from typing import Any, Protocol, TypeVar

# Dice as rules write them: `D6`, `2D6`, `D3+1`, or a plain number. The one definition of
# the notation: rulesref reads content with it too, and the JSON Schema spells it alike (a test
# holds them together).
NOTATION = re.compile(r"([1-9][0-9]?)?D(3|6)([+-][1-9][0-9]?)?|([0-9]{1,3})")


class _Ordered(Protocol):
    def __lt__(self, other: Any, /) -> bool: ...


K = TypeVar("K", bound=_Ordered)


@cache
def faces(count: int, sides: int, modifier: int = 0) -> tuple[tuple[int, int], ...]:
    """Each total that `count` dice with `sides` faces (plus `modifier`) can roll, with the
    number of ways to roll it: faces(2, 6) -> ((2, 1), (3, 2), ..., (12, 1))."""
    ways = {0: 1}
    for _ in range(count):
        rolled: dict[int, int] = {}
        for total, weight in ways.items():
            for face in range(1, sides + 1):
                rolled[total + face] = rolled.get(total + face, 0) + weight
        ways = rolled
    return tuple(sorted((total + modifier, weight) for total, weight in ways.items()))


def parse(notation: str) -> tuple[int, int, int]:
    """`2D6+1` -> (2, 6, 1); a fixed number `3` -> (0, 6, 3)."""
    match = NOTATION.fullmatch(notation)
    if match is None:
        raise ValueError(f"not a dice expression: {notation!r}")
    if match.group(4) is not None:
        return 0, 6, int(match.group(4))
    return int(match.group(1) or 1), int(match.group(2)), int(match.group(3) or 0)


def faces_of(notation: str) -> tuple[tuple[int, int], ...]:
    return faces(*parse(notation))


def minimum(notation: str) -> int:
    count, _, modifier = parse(notation)
    return count + modifier


def maximum(notation: str) -> int:
    count, sides, modifier = parse(notation)
    return count * sides + modifier


def odds(counts: dict[K, int]) -> dict[K, Fraction]:
    """Counts of ways -> exact probabilities, ordered by result."""
    total = sum(counts.values())
    return {key: Fraction(counts[key], total) for key in sorted(counts)}
