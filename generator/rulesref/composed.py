"""The parts of the model only a composed check has (`rulesref.logic.compose` makes them).

Apart from `rulesref.model`, which names them in its `Check`, so that the model stays one file
of a readable size.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Part:
    """One line of a composed check's account: the entry that supplied it, and what it did."""

    entry: str  # an entry id of the same system
    name: str  # that entry's name
    words: str
    # when it applies, where that is a plain matter of flags: each true/false input and the
    # value it must have (() for always); None where it depends on more (numbers, the result)
    flags: tuple[tuple[str, bool], ...] | None = ()


@dataclass(frozen=True)
class Shares:
    """How a composed check's code calls its step's own function rather than repeating its
    body (see `rulesref.logic.shared`). The composed `lets` and result stay whole beside it:
    the analysis and the proofs read them."""

    step: str  # the step's entry key
    check: str  # the step check's name
    args: tuple[tuple[str, bool | int | str], ...]  # each input an effect changes, and the `let` of its changed value (or the constant it is)
    body: tuple[str, ...]  # the composed `let`s that are the step's own: the call gives them
    reads: tuple[tuple[str, str], ...]  # each `let` or result field read off the call's result, and the step's field ("" for its single result)
    settled: tuple[str, ...] = ()  # the inputs of `args` given as constants
