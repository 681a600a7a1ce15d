"""Numbers written in BattleScribe files and rosters, read strictly.

Python's `int()` and `float()` take far more than a number as BattleScribe writes one: digits
of any script (`٣`), underscores (`1_000`), `inf` and `nan`, spaces around, and `int()` raises
on digit strings over 4,300 characters (while `str.isdigit()` says yes to `²`). Text from a
downloaded file is hostile, so every number read from one comes through here: ASCII digits
only, a bounded length, an optional sign and fraction where the attribute may have them, and
anything else is no number, which the caller refuses at its file and line.
"""

from __future__ import annotations

import json
import re

WHOLE_DIGITS = 12  # a count, a revision, a page: never near a trillion
FRACTION_DIGITS = 15  # a cost as a program wrote a double: `33.333333333333336`
WHOLE = re.compile(rf"[0-9]{{1,{WHOLE_DIGITS}}}")
DECIMAL = re.compile(rf"-?[0-9]{{1,{WHOLE_DIGITS}}}(?:\.[0-9]{{1,{FRACTION_DIGITS}}})?")
SHOWN = 24  # how much of a refused value a message quotes


def whole(text: str) -> int | None:
    """A whole number of ASCII digits (`0`, `106`), or None for anything else."""
    return int(text) if WHOLE.fullmatch(text) else None


def decimal(text: str) -> float | None:
    """A number with an optional minus and fraction (`205.0`, `-5`), or None for anything else."""
    return float(text) if DECIMAL.fullmatch(text) else None


def not_a_number(name: str, text: str, *, signed: bool) -> str:
    """Why an attribute's value was refused, quoting no more of it than a line can hold (as
    JSON quotes it, which the roster page's script writes alike)."""
    shown = text if len(text) <= SHOWN else f"{text[:SHOWN]}… ({len(text)} characters)"
    wanted = f"a number of at most {WHOLE_DIGITS} ASCII digits" + (" (with a minus or a fraction)" if signed else "")
    return f"`{name}` is {json.dumps(shown, ensure_ascii=False)}, which is not {wanted}"
