"""Dice tables: which results a row covers, and whether a table covers each face exactly once."""

from __future__ import annotations

import re

from rulesref.model import Table
from rulesref.problems import Problem

FACES = {"D3": (1, 3), "D6": (1, 6), "2D6": (2, 12), "3D6": (3, 18)}
_ROLL = re.compile(r"([0-9]{1,2})(?:(-)([0-9]{1,2})|(\+))?")


def roll_range(roll: str, die: str) -> tuple[int, int] | None:
    """`"2-3"` -> (2, 3); `"4+"` -> (4, highest face); `"1"` -> (1, 1); None if malformed."""
    match = _ROLL.fullmatch(roll.strip())
    if match is None:
        return None
    low = int(match.group(1))
    if match.group(4):
        return low, FACES[die][1]
    high = int(match.group(3)) if match.group(2) else low
    return (low, high) if low <= high else None


def table_problems(table: Table) -> list[Problem]:
    """Every face of the die covered by exactly one row, and no row outside the die."""
    problems = []
    lowest, highest = FACES[table.die]
    covered: dict[int, int] = {}
    for index, row in enumerate(table.rows, start=1):
        span = roll_range(row.roll, table.die)
        where = row.where / "roll"
        if span is None:
            problems.append(where.problem("table-roll", f"row {index}: `{row.roll}` is not a roll; write `3`, `2-3` or `4+`"))
            continue
        low, high = span
        if low < lowest or high > highest:
            problems.append(
                where.problem("table-roll", f"row {index}: {table.die} rolls {lowest} to {highest}; `{row.roll}` is outside that")
            )
        for face in range(max(low, lowest), min(high, highest) + 1):
            if face in covered:
                problems.append(
                    where.problem("table-overlap", f"row {index}: a roll of {face} is already covered by row {covered[face]}")
                )
            else:
                covered[face] = index
    missing = [face for face in range(lowest, highest + 1) if face not in covered]
    if missing:
        shown = ", ".join(str(f) for f in missing)
        problems.append(
            (table.where / "rows").problem("table-gap", f"no row covers a roll of {shown} on the {table.die}")
        )
    return problems
