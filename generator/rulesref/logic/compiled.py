"""What compiling an entry's checks made: each check's plan, its examples as they ran, and
its exact odds (`rulesref.logic.check` makes them; the build holds them for every writer)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rulesref.logic.plan import Plan
from rulesref.model import Entry, Example, Scalar


@dataclass(frozen=True)
class ExampleResult:
    """One example as it ran: the value returned (None when it raised) and how it prints."""

    example: Example
    value: Any
    shown: str | None


@dataclass(frozen=True)
class OddsResult:
    """The exact distribution of a check's result for one set of non-dice arguments."""

    given: tuple[tuple[str, Scalar], ...]
    distribution: tuple[tuple[Any, Fraction], ...]  # result -> probability, in result order


@dataclass(frozen=True)
class CompiledCheck:
    plan: Plan
    examples: tuple[ExampleResult, ...]
    odds: tuple[OddsResult, ...]  # empty unless the build was asked for odds


@dataclass(frozen=True)
class CompiledEntry:
    entry: Entry
    checks: tuple[CompiledCheck, ...]

    @property
    def plans(self) -> list[Plan]:
        return [c.plan for c in self.checks]
