"""Interval arithmetic: a proof, from the declared input ranges, of how large every whole
number a check computes can get.

Every input is bounded (ints by min/max, dice by their faces, parameters by their range), so
each sub-expression has an interval that contains every value it can take. The type checker
carries these intervals on its types and refuses, at the sub-expression's column, any whose
bound passes `LIMIT` or cannot be proved at all: `let` steps that multiply allowed constants
could otherwise build integers of thousands of digits, which printing cannot show and the
proof cannot enumerate in any reasonable time.

The same bound makes the generated JavaScript exact: its numbers hold every whole number up to
2**53, far beyond `LIMIT` (and beyond the largest constant and input bound content may state),
so the JavaScript writer needs no range analysis of its own. It reads the intervals proved here
(`rulesref.logic.expressions.proved_range`) only to know where a negative zero could appear.
"""

from __future__ import annotations

from collections.abc import Iterable

LIMIT = 10**12

Interval = tuple[int | float, int | float] | None  # None: no bound is known (a distance has halves: 7.5)


def exceeds(interval: Interval) -> bool:
    """True when a value in the interval may pass ±LIMIT (or no bound is known)."""
    return interval is None or interval[0] < -LIMIT or interval[1] > LIMIT


def add(a: Interval, b: Interval) -> Interval:
    return None if a is None or b is None else (a[0] + b[0], a[1] + b[1])


def sub(a: Interval, b: Interval) -> Interval:
    return None if a is None or b is None else (a[0] - b[1], a[1] - b[0])


def neg(a: Interval) -> Interval:
    return None if a is None else (-a[1], -a[0])


def mul(a: Interval, b: Interval) -> Interval:
    if a is None or b is None:
        return None
    corners = [x * y for x in a for y in b]
    return min(corners), max(corners)


def floordiv(a: Interval, b: Interval) -> Interval:
    """`a // b`. By a divisor that cannot be 0 the corners bound it (floor is monotonic on
    each side of 0); otherwise |a // b| <= |a| for every whole b other than 0."""
    if a is None or b is None:
        return None
    if b[0] > 0 or b[1] < 0:
        corners = [x // y for x in a for y in b]
        return min(corners), max(corners)
    largest = max(abs(a[0]), abs(a[1]))
    return -largest, largest


def smallest(items: Iterable[Interval]) -> Interval:
    """min(...) of values in these intervals."""
    given = list(items)
    if any(i is None for i in given):
        return None
    bounds = [i for i in given if i is not None]
    return min(i[0] for i in bounds), min(i[1] for i in bounds)


def largest(items: Iterable[Interval]) -> Interval:
    """max(...) of values in these intervals."""
    given = list(items)
    if any(i is None for i in given):
        return None
    bounds = [i for i in given if i is not None]
    return max(i[0] for i in bounds), max(i[1] for i in bounds)


def absolute(a: Interval) -> Interval:
    if a is None:
        return None
    lo, hi = a
    if lo >= 0:
        return a
    if hi <= 0:
        return -hi, -lo
    return 0, max(-lo, hi)

