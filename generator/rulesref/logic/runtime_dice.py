"""Dice arithmetic shared by the generated check modules.

This file is copied verbatim into the generated package as `rulechecks/_dice.py`.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from math import gcd
from operator import itemgetter
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
    if modifier:
        return tuple((total + modifier, weight) for total, weight in faces(count, sides))
    if count == 0:
        return ((0, 1),)
    rolled: dict[int, int] = {}
    for total, weight in faces(count - 1, sides):  # one die more than the (cached) count before
        for face in range(1, sides + 1):
            rolled[total + face] = rolled.get(total + face, 0) + weight
    return tuple(sorted(rolled.items()))


@cache
def faces_better(count: int, sides: int) -> tuple[tuple[int, int], ...]:
    """`faces`, where one die may be rolled again and the better total kept (a charge's re-roll
    of one D6 of 2D6): the lowest die is the one to roll again, as no other gives more. The
    lowest number and the total of the dice are dealt out together, then each number the die
    rolled again can show: the ways add up to sides ** (count + 1)."""
    if count == 0:
        return ((0, 1),)
    states: dict[tuple[int, int], int] = {(face, face): 1 for face in range(1, sides + 1)}  # (total, lowest) -> ways
    for _ in range(count - 1):
        step: dict[tuple[int, int], int] = {}
        for (total, low), weight in states.items():
            for face in range(1, sides + 1):
                key = (total + face, min(low, face))
                step[key] = step.get(key, 0) + weight
        states = step
    rolled: dict[int, int] = {}
    for (total, low), weight in states.items():
        for again in range(1, sides + 1):
            best = max(total, total - low + again)
            rolled[best] = rolled.get(best, 0) + weight
    return tuple(sorted(rolled.items()))


def inches(distance: float) -> float:
    """A distance in half inches as a check returns it: 8.0 as 8, 7.5 as it is."""
    return int(distance) if distance == int(distance) else distance


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


# -- pools ------------------------------------------------------------------------------------
#
# A pool is many dice rolled one by one, each sorted into a class: 0 a failure, 1 a pass, 2 and
# on the pool's own named classes. What a check reads is how many dice fell in each counted
# class: a vector of counts (and, where a pool names a `total`, the sum of the numbers its dice
# show, counted as if each die were that many dice of the class TOTAL). A distribution is a pair (outcomes, total): each outcome a vector
# with its number of ways, out of `total` ways in all, so the odds stay whole numbers until the
# very end. Nothing here enumerates the rolls of many dice: a pool of n dice is the n-th power
# of one die, written out by the multinomial formula or by convolution, both polynomial in n.

Vector = tuple[int, ...]
Dist = tuple[tuple[tuple[Vector, int], ...], int]
FAIL, PASS = 0, 1
TOTAL = -1  # not a class: the place in `counted` of the total of the numbers the dice show


def _faces_after(sides: int, classes: tuple[int, ...], reroll: str) -> tuple[tuple[int, ...], int]:
    """The ways each number ends up on one die after its re-roll (`ones`, `failures` or none),
    out of the total returned: a re-rolled die is rolled once more and the second roll stands."""
    again = [f for f in range(1, sides + 1) if (reroll == "ones" and f == 1) or (reroll == "failures" and classes[f - 1] == FAIL)]
    if not again:
        return tuple(1 for _ in range(sides)), sides
    return tuple((0 if f in again else sides) + len(again) for f in range(1, sides + 1)), sides * sides


def _unit(size: int, at: int | None) -> Vector:
    return tuple(1 if i == at else 0 for i in range(size))


def _own(size: int, slot: dict[int, int], cls: int, face: int) -> Vector:
    """What one die showing `face` of class `cls` adds: one to its class's count, `face` to the total."""
    at, total = slot.get(cls), slot.get(TOTAL)
    return tuple((1 if i == at else 0) + (face if i == total else 0) for i in range(size))


def _add(a: Vector, b: Vector) -> Vector:
    return tuple(x + y for x, y in zip(a, b, strict=True))


@cache
def die(sides: int, classes: tuple[int, ...], counted: tuple[int, ...], reroll: str = "", explode: int = 0, depth: int = 0) -> Dist:
    """One die of a pool: the counted classes it adds to (more than one class when a high roll
    adds dice), over every way it can roll. `classes` gives each number's class, `counted` the
    classes counted, in order."""
    ways, total = _faces_after(sides, classes, reroll)
    size = len(counted)
    slot = {c: i for i, c in enumerate(counted)}

    def level(left: int) -> dict[Vector, int]:
        out: dict[Vector, int] = {}
        below = level(left - 1) if explode and left > 0 else None
        scale = total**left if explode else 1  # what one further die's ways add up to, `left` deep
        for face in range(1, sides + 1):
            own = _own(size, slot, classes[face - 1], face)
            if below is not None and face >= explode:
                for vector, weight in below.items():
                    key = _add(own, vector)
                    out[key] = out.get(key, 0) + ways[face - 1] * weight
            else:
                out[own] = out.get(own, 0) + ways[face - 1] * scale
        return out

    outcomes = level(depth)
    return _lowest(_nonzero(outcomes), total ** ((depth if explode else 0) + 1))


def _multinomial(n: int, weights: tuple[int, ...], rest: int) -> dict[Vector, int]:
    """n dice, each landing in counted class i in weights[i] ways and elsewhere in `rest`:
    the ways of every vector of counts, n! / (k1! ... km! r!) * w1^k1 ... wm^km * rest^r."""
    out: dict[Vector, int] = {}
    powers = [[w**k for k in range(n + 1)] for w in weights]
    rests = [rest**k for k in range(n + 1)]

    def place(i: int, left: int, ways: int, counts: list[int]) -> None:
        if i == len(weights):
            out[tuple(counts)] = ways * rests[left]
            return
        choose = 1
        for k in range(left + 1):
            counts.append(k)
            place(i + 1, left - k, ways * choose * powers[i][k], counts)
            counts.pop()
            choose = choose * (left - k) // (k + 1)

    place(0, n, 1, [])
    return out


def _convolve(a: dict[Vector, int], b: dict[Vector, int]) -> dict[Vector, int]:
    out: dict[Vector, int] = {}
    for u, x in a.items():
        for v, y in b.items():
            key = _add(u, v)
            out[key] = out.get(key, 0) + x * y
    return out


@cache
def power(n: int, one: Dist) -> Dist:
    """n independent dice like `one`: by the multinomial formula when each die adds at most one
    to one count, else by convolving the powers of two (O(log n) products)."""
    outcomes, total = one
    size = len(outcomes[0][0]) if outcomes else 0
    if all(sum(v) <= 1 for v, _ in outcomes):
        weights = tuple(sum(w for v, w in outcomes if v == _unit(size, i)) for i in range(size))
        rest = total - sum(weights)
        return _nonzero(_multinomial(n, weights, rest)), total**n
    result: dict[Vector, int] = {tuple([0] * size): 1}
    base = dict(outcomes)
    left = n
    while left:
        if left & 1:
            result = _convolve(result, base)
        left >>= 1
        if left:
            base = _convolve(base, base)
    return _nonzero(result), total**n


def _extra_slot(counted: tuple[int, ...], cls: int) -> tuple[tuple[int, ...], int]:
    """`counted` with `cls` counted too (at the end if it was not), and where it is."""
    if cls in counted:
        return counted, counted.index(cls)
    return counted + (cls,), len(counted)


def _reroll_one(n: int, sides: int, classes: tuple[int, ...], counted: tuple[int, ...]) -> Dist:
    """Re-roll one die that failed, when any did: the failures are counted first, then one of
    them (if there is one) becomes a fresh roll."""
    wide, fails = _extra_slot(counted, FAIL)
    base, total = power(n, die(sides, classes, wide))
    fresh, fresh_total = die(sides, classes, wide)
    out: dict[Vector, int] = {}
    for vector, weight in base:
        if vector[fails] == 0:
            out[vector] = out.get(vector, 0) + weight * fresh_total
            continue
        less = tuple(x - (i == fails) for i, x in enumerate(vector))
        for change, ways in fresh:
            key = _add(less, change)
            out[key] = out.get(key, 0) + weight * ways
    return _nonzero(_project(out, wide, counted)), total * fresh_total


def _reroll_all(n: int, sides: int, classes: tuple[int, ...], counted: tuple[int, ...]) -> Dist:
    """Re-roll the whole pool once when no die passed or fell in a class."""
    base, total = power(n, die(sides, classes, counted))
    # every die fails in `nothing` ways of sides**n; the whole roll is then made again
    nothing, rolls = sum(1 for c in classes if c == FAIL) ** n, sides**n
    blank = tuple((n if c == FAIL else 0) for c in counted)
    out: dict[Vector, int] = {}
    for vector, weight in base:
        out[vector] = out.get(vector, 0) + weight * rolls - (nothing * total if vector == blank else 0)
        out[vector] += nothing * weight
    return _nonzero(out), total * rolls


def _project(out: dict[Vector, int], wide: tuple[int, ...], counted: tuple[int, ...]) -> dict[Vector, int]:
    keep = [wide.index(c) for c in counted]
    merged: dict[Vector, int] = {}
    for vector, weight in out.items():
        key = tuple(vector[i] for i in keep)
        merged[key] = merged.get(key, 0) + weight
    return merged


def _nonzero(out: dict[Vector, int]) -> tuple[tuple[Vector, int], ...]:
    """The outcomes that can happen, in order (a number that is always re-rolled never stays)."""
    return tuple(sorted((v, w) for v, w in out.items() if w))


def _lowest(outcomes: tuple[tuple[Vector, int], ...], total: int) -> Dist:
    """One die's ways in lowest terms: a chain's die counts its ways out of 6 x 36 x 6 ... but
    its chances are fractions with far smaller denominators, and every power and product of it
    is the smaller for it."""
    common = gcd(total, *(w for _, w in outcomes))
    return tuple((v, w // common) for v, w in outcomes), total // common


def _keep(n: int, k: int, highest: bool, sides: int, classes: tuple[int, ...], counted: tuple[int, ...], reroll: str) -> Dist:
    """Only the k highest (or lowest) dice count: the numbers are dealt out from the kept end,
    choosing how many dice show each, until k are kept; the rest are summed without looking."""
    ways, total = _faces_after(sides, classes, reroll)
    order = list(range(sides, 0, -1)) if highest else list(range(1, sides + 1))
    size = len(counted)
    slot = {c: i for i, c in enumerate(counted)}
    out: dict[Vector, int] = {}
    states: dict[tuple[int, Vector], int] = {(0, tuple([0] * size)): 1}  # (dice dealt, counts) -> ways
    for index, face in enumerate(order):
        after = sum(ways[f - 1] for f in order[index + 1 :])
        own = _own(size, slot, classes[face - 1], face)
        step: dict[tuple[int, Vector], int] = {}
        for (dealt, vector), weight in states.items():
            left = n - dealt
            choose = 1
            for m in range(left + 1):
                here = weight * choose * ways[face - 1] ** m
                if dealt + m >= k or index == len(order) - 1:
                    kept = min(k, dealt + m) - dealt
                    key = tuple(x + kept * o for x, o in zip(vector, own, strict=True))
                    out[key] = out.get(key, 0) + here * after ** (left - m)
                else:
                    key2 = (dealt + m, tuple(x + m * o for x, o in zip(vector, own, strict=True)))
                    step[key2] = step.get(key2, 0) + here
                choose = choose * (left - m) // (m + 1)
        states = step
    return _nonzero(out), total**n


@cache
def pool(n: int, sides: int, classes: tuple[int, ...], counted: tuple[int, ...], reroll: str = "", explode: int = 0, depth: int = 0, keep: int = 0, highest: bool = True) -> Dist:
    """The counts of n dice of a pool: every way, without rolling them one by one."""
    if keep and keep < n:
        return _keep(n, keep, highest, sides, classes, counted, reroll)
    if reroll == "one":
        return _reroll_one(n, sides, classes, counted)
    if reroll == "all":
        return _reroll_all(n, sides, classes, counted)
    return power(n, die(sides, classes, counted, reroll, explode, depth))


@cache
def compose(outer: Dist, slot: int, inner: Dist) -> Dist:
    """Every die that `outer` counts at `slot` becomes a die of the pool `inner` describes one
    die of (a chain: each hit rolls to wound): that count is replaced by inner's counts, added
    at the end of the vector."""
    outcomes, total = outer
    most = max((v[slot] for v, _ in outcomes), default=0)
    inner_total = inner[1]
    out: dict[Vector, int] = {}
    for vector, weight in outcomes:
        rest = vector[:slot] + vector[slot + 1 :]
        sub, _ = power(vector[slot], inner)
        scale = inner_total ** (most - vector[slot])
        for counts, ways in sub:
            key = rest + counts
            out[key] = out.get(key, 0) + weight * ways * scale
    return _lowest(_nonzero(out), total * inner_total**most)


@cache
def gather(one: Dist, into: tuple[int, ...], width: int) -> Dist:
    """`one` with its counts added up by where `into` sends each (two pools of saves whose
    failures both roll Feel No Pain give one count of dice for it, not two)."""
    outcomes, total = one
    out: dict[Vector, int] = {}
    for vector, ways in outcomes:
        wide = [0] * width
        for at, count in zip(into, vector, strict=True):
            wide[at] += count
        key = tuple(wide)
        out[key] = out.get(key, 0) + ways
    return _nonzero(out), total


def totals(n: int, sides: int, better: bool = False) -> Dist:
    """n dice summed, as a distribution of one-number vectors (`better`: one re-rolled, the better total kept)."""
    if better:
        ways = faces_better(n, sides)
        return tuple(((t,), w) for t, w in ways), sum(w for _, w in ways)
    return tuple(((t,), w) for t, w in faces(n, sides)), sides**n


def extend(table: dict[Vector, int], den: int, step: Any, targets: tuple[int, ...], width: int, keep: tuple[int, ...]) -> tuple[dict[Vector, int], int]:
    """One step of the odds of a chain: `table` gives the ways (out of `den`) of each state of
    the values still needed; `step(*state)` gives a distribution whose counts are added at
    `targets` of the state widened to `width`; then only the positions `keep` stay, the others
    summed out. The totals differ from state to state, so each is brought to their common
    multiple."""
    rows = [(state, weight, step(*state)) for state, weight in table.items()]
    common = 1
    for _, _, (_, total) in rows:
        common = common * total // gcd(common, total)
    out: dict[Vector, int] = {}
    pick: Any = itemgetter(*keep) if keep else (lambda _: ())
    one = len(keep) == 1
    for state, weight, (outcomes, total) in rows:
        scale = weight * (common // total)
        wide = list(state) + [0] * (width - len(state))
        for counts, ways in outcomes:
            for at, count in zip(targets, counts, strict=True):
                wide[at] += count
            key: Vector = (pick(wide),) if one else pick(wide)
            out[key] = out.get(key, 0) + scale * ways
            for at, count in zip(targets, counts, strict=True):
                wide[at] -= count
    return out, den * common


def totals_of(notation: str) -> Dist:
    """The dice of a notation (`D6+1`, `3`) summed, as a distribution of one-number vectors."""
    ways = faces_of(notation)
    return tuple(((t,), w) for t, w in ways), sum(w for _, w in ways)


def classes(sides: int, natural: tuple[tuple[int, int], ...], special: Any, modifier: int, target: int | None, best: int) -> tuple[int, ...]:
    """The class of each number a die can show: what `natural` says it always is, else the
    first class whose condition `special(natural, roll)` names, else a pass when the roll (the
    number plus `modifier`) reaches `target` and the number reaches `best`, else a failure."""
    fixed = dict(natural)
    out = []
    for face in range(1, sides + 1):
        if face in fixed:
            out.append(fixed[face])
            continue
        named = special(face, face + modifier) if special is not None else None
        if named is not None:
            out.append(named)
        elif target is not None and face >= best and face + modifier >= target:
            out.append(PASS)
        else:
            out.append(FAIL)
    return tuple(out)
