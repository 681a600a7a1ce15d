"""Pools by brute force: every roll of every die, one by one, as a player would roll them.

The independent reference the pool odds are tested against. It shares nothing with the
runtime (`_dice.py`) but the meaning of the words: it rolls each die, re-rolls it, adds a die
on a high roll, keeps the highest, in the plainest code, and counts the exact chance of every
sequence of rolls. So it is exponential in the dice, and only ever run on a few.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from typing import Any

FAIL, PASS, TOTAL = 0, 1, -1  # TOTAL: the sum of the numbers the (kept) dice show
Rolls = list[tuple[tuple[int, ...], Fraction]]  # the numbers a die (and the dice it adds) ends on, with their chance


def one_die(sides: int, sort: Callable[[int], int], reroll: str, explode: int, depth: int) -> Rolls:
    """Every way one die can end up: rolled, maybe re-rolled (the second roll stands), and
    maybe adding another die, up to `depth` times."""
    out: Rolls = []
    for first in range(1, sides + 1):
        again = (reroll == "ones" and first == 1) or (reroll == "failures" and sort(first) == FAIL)
        for final, chance in ([(g, Fraction(1, sides * sides)) for g in range(1, sides + 1)] if again else [(first, Fraction(1, sides))]):
            if explode and final >= explode and depth > 0:
                for more, p in one_die(sides, sort, reroll, explode, depth - 1):
                    out.append(((final, *more), chance * p))
            else:
                out.append(((final,), chance))
    return out


def rolls(n: int, sides: int, sort: Callable[[int], int], reroll: str = "", explode: int = 0, depth: int = 0) -> Iterator[tuple[list[int], Fraction]]:
    """Every sequence of numbers n dice end on, with its chance."""
    if reroll in ("one", "all"):
        plain = [(f,) for f in range(1, sides + 1)]
        for thrown in itertools.product(range(1, sides + 1), repeat=n):
            chance = Fraction(1, sides**n)
            failed = [i for i, f in enumerate(thrown) if sort(f) == FAIL]
            if reroll == "one" and failed:
                for g in range(1, sides + 1):  # the first failed die is rolled again (the dice are alike)
                    yield [*thrown[: failed[0]], g, *thrown[failed[0] + 1 :]], chance / sides
            elif reroll == "all" and len(failed) == n and n:
                for again in itertools.product(range(1, sides + 1), repeat=n):
                    yield list(again), chance / sides**n
            else:
                yield list(thrown), chance
        del plain
        return
    single = one_die(sides, sort, reroll, explode, depth)
    for combo in itertools.product(single, repeat=n):
        chance = Fraction(1)
        faces: list[int] = []
        for numbers, p in combo:
            faces += numbers
            chance *= p
        yield faces, chance


@cache
def _thrown(n: int, sides: int, classes: tuple[int, ...], reroll: str, explode: int, depth: int) -> dict[tuple[int, ...], Fraction]:
    """The chance of each multiset of numbers the dice end on (every sequence rolled, then
    gathered, so that the many ways of asking about one throw share it)."""
    out: dict[tuple[int, ...], Fraction] = {}
    for faces, chance in rolls(n, sides, lambda f: classes[f - 1], reroll, explode, depth):
        key = tuple(sorted(faces))
        out[key] = out.get(key, Fraction(0)) + chance
    return out


def pool(n: int, sides: int, classes: tuple[int, ...], counted: tuple[int, ...], reroll: str = "", explode: int = 0, depth: int = 0, keep: int = 0, highest: bool = True) -> dict[tuple[int, ...], Fraction]:
    """The chance of each vector of counts, by rolling every die."""
    out: dict[tuple[int, ...], Fraction] = {}
    for faces, chance in _thrown(n, sides, classes, reroll, explode, depth).items():
        kept = sorted(faces, reverse=highest)[:keep] if keep else faces
        vector = tuple(sum(kept) if c == TOTAL else sum(1 for f in kept if classes[f - 1] == c) for c in counted)
        out[vector] = out.get(vector, Fraction(0)) + chance
    return out


# -- whole checks, read from the content as written ------------------------------------------


def _value(source: Any, names: dict[str, Any]) -> Any:
    if not isinstance(source, str):
        return source
    return eval(source, {"__builtins__": {}, "min": min, "max": max, "abs": abs}, dict(names))  # content of the tests' own fixtures and of the shipped rules


def check_odds(check: Any, function: Callable[..., Any], fixed: dict[str, Any]) -> dict[Any, Fraction]:
    """The odds of a check's result for the `fixed` arguments: every pool and every dice input
    rolled die by die, in order, and the check's own function called on what they showed; with
    `until`, the rolls that miss it are rolled again, which leaves the others in proportion."""
    out: dict[Any, Fraction] = {}

    def walk(index: int, names: dict[str, Any], chance: Fraction) -> None:
        if index == len(check.inputs):
            if check.until is not None and not _value(check.until.source, names):
                return  # rolled again: what is left is divided by its own chance below
            result = function(**names)
            out[result] = out.get(result, Fraction(0)) + chance
            return
        item = check.inputs[index]
        if item.pool is not None:
            spec = item.pool
            n = _value(spec.dice.source, names)
            modifier = _value(spec.modifier.source, names) if spec.modifier else 0
            target = _value(spec.target.source, names) if spec.target else None
            best = _value(spec.best.source, names) if spec.best else 1
            natural = {face: meaning for face, meaning in spec.natural}
            class_names = [name for name, _ in spec.classes]

            @cache  # what a number means is fixed for this pool's settings: worked out once a number
            def sort(face: int) -> int:
                meaning = natural.get(face)
                if meaning is not None:
                    return {"pass": PASS, "fail": FAIL}.get(meaning, PASS + 1 + class_names.index(meaning) if meaning in class_names else -1)
                for number, (_, cond) in enumerate(spec.classes):
                    if _value(cond.source, {**names, "natural": face, "roll": face + modifier}):
                        return PASS + 1 + number
                return PASS if target is not None and face >= best and face + modifier >= target else FAIL

            keep = _value(spec.keep[1].source, names) if spec.keep else 0
            highest = spec.keep is None or spec.keep[0] == "highest"
            counted = ([(item.name, PASS)] if spec.target is not None else []) + [(name, PASS + 1 + i) for i, name in enumerate(class_names)]
            counted += [(spec.fails, FAIL)] if spec.fails else []
            counted += [(spec.total, TOTAL)] if spec.total else []
            tally: dict[tuple[int, ...], Fraction] = {}
            for faces, p in rolls(n, spec.sides, sort, spec.reroll or "", spec.explode_on or 0, _value(spec.explode_depth.source, names) if spec.explode_on else 0):
                if keep:
                    faces = sorted(faces, reverse=highest)[:keep]
                vector = tuple(sum(faces) if c == TOTAL else sum(1 for f in faces if sort(f) == c) for _, c in counted)
                tally[vector] = tally.get(vector, Fraction(0)) + p
            for vector, p in tally.items():
                walk(index + 1, {**names, **{name: v for (name, _), v in zip(counted, vector, strict=True)}}, chance * p)
            return
        if item.dice is not None:
            dice = item.dice
            count, sides, plus = (_value(dice.count_expr.source, names) if dice.count_expr is not None else dice.count), dice.sides, 0
            if dice.of_param is not None:  # `D6+3`, `2D6`, `D3`, or a fixed `4`, read as a player reads it
                found = re.fullmatch(r"(\d*)D(\d)([+-]\d+)?|(\d+)", names[dice.of_param])
                assert found is not None
                count, sides, plus = (0, 6, int(found[4])) if found[4] else (int(found[1] or 1), int(found[2]), int(found[3] or 0))
            if dice.better and count:  # one die rolled again (whichever the player likes), the better total kept
                for throw in itertools.product(range(1, sides + 1), repeat=count + 1):
                    rolled, again = throw[:-1], throw[-1]
                    best = max([sum(rolled)] + [sum(rolled) - f + again for f in rolled])
                    walk(index + 1, {**names, item.name: best}, chance / sides ** (count + 1))
                return
            for throw in itertools.product(range(1, sides + 1), repeat=count):
                walk(index + 1, {**names, item.name: sum(throw) + plus}, chance / sides**count)
            return
        walk(index + 1, {**names, item.name: fixed[item.name]}, chance)

    params = {k: v for k, v in fixed.items() if k not in {i.name for i in check.inputs}}
    walk(0, params, Fraction(1))
    met = sum(out.values(), Fraction(0))  # the chance a roll meets `until` (1 without one)
    return {result: chance / met for result, chance in sorted(out.items())}
