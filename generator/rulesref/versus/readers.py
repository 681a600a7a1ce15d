"""A profile's printed values read as a step's inputs: `4` is 4, `3+` is 3, `-` is none.

BattleScribe data prints characteristics for people: a save as `3+`, an AP of `-`, a weapon's
Strength as `User`, `x2` or `+1` (the wielder's, doubled, raised), its shots in its type
(`Assault 2`, `Heavy 3`, `Rapid Fire`). Each is read here into the whole number an input takes,
within the input's range: a Strength raised above the highest (`x2` of 6) counts as the highest
(10), as the rules cap characteristics. What cannot be read as one number (`D6`, `*`, `2D6`),
or is beyond what the step takes (a model of 6 Wounds where the step counts up to 4), is None,
and the caller says so rather than guessing.
"""

from __future__ import annotations

import re

from rulesref.model import Input
from rulesref.versus.runtime import NONE_VALUE

_NUMBER = re.compile(r"(\d+)\+?")
_RELATIVE = re.compile(r"(?:[xX×](\d+)|\+(\d+)|-(\d+))")
_SHOTS = re.compile(r"(?:assault|heavy|salvo|ordnance|pistol|rapid fire|grenade)\s*(\d+)?", re.IGNORECASE)
_DOUBLED_AT_HALF = re.compile(r"rapid fire", re.IGNORECASE)


def clean(text: str) -> str:
    """The value without the inch marks and spaces around it (`18"` is `18`)."""
    return text.strip().rstrip('"”').strip()


def read_value(text: str, item: Input, wielder: int | None = None) -> int | None:
    """`text` as `item` takes it: a number, `N+`, `-` for none (where the input's range ends
    at 7, the steps' "none"), or relative to the `wielder`'s value (`User`, `x2`, `+1`)."""
    value = clean(text)
    number: int | None = None
    relative = False
    if value in ("-", "—", "") and item.max == NONE_VALUE:
        number = NONE_VALUE
    elif (match := _NUMBER.fullmatch(value)) is not None:
        number = int(match.group(1))
    elif wielder is not None and value.lower() == "user":
        number = wielder
    elif wielder is not None and (match := _RELATIVE.fullmatch(value)) is not None:
        relative = True
        times, plus, minus = match.groups()
        number = wielder * int(times) if times else wielder + int(plus) if plus else wielder - int(minus)
    if number is None or item.min is None or item.max is None:
        return number
    if relative:  # a characteristic raised past the highest counts as the highest (Strength 10)
        return max(int(item.min), min(int(item.max), number))
    return number if item.min <= number <= item.max else None  # beyond what the step takes: not guessed


def read_shots(text: str) -> tuple[int, int | None] | None:
    """The shots a model fires with a weapon of this type (`Assault 2` is 2; `Rapid Fire` is
    1, and 2 within half range: the second value), or None for a type that names no shots
    (`Melee`) or rolls them (`Heavy D6`)."""
    match = _SHOTS.search(text)
    if match is None:
        return None
    if match.group(1) is not None:
        return int(match.group(1)), None
    if re.search(r"\b(?:assault|heavy|salvo|ordnance|rapid fire|grenade)\s+D\d", text, re.IGNORECASE):
        return None
    return (1, 2) if _DOUBLED_AT_HALF.search(match.group(0)) else (1, None)
