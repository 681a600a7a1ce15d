"""A compiled check: typed arguments and rebuilt ASTs of every part, as the analyser leaves it.

This is what the analyser produces and every later stage reads (the prover, the examples'
runner, the Python and JavaScript writers), so it lives apart from the analyser: a writer
imports the shape of a plan, never the code that makes one.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from rulesref.logic import positions as pos
from rulesref.logic.expressions import Usage
from rulesref.logic.pools import PoolPlan, counts_of, names_read, sum_of, total_limits
from rulesref.logic.runtime_dice import TOTAL
from rulesref.logic.types import VType
from rulesref.model import Check, DiceSpec, Entry, Example, Param, Scalar, Where
from rulesref.names import python_class

ArgKind = Literal["bool", "int", "enum", "dice", "param", "pool"]


@dataclass(frozen=True)
class Arg:
    """One argument of a generated check function."""

    name: str
    vtype: VType
    kind: ArgKind
    summary: str | None
    dice: DiceSpec | None = None
    param: Param | None = None
    pool: PoolPlan | None = None  # for a count of a pool: the pool
    count: ast.expr | None = None  # for dice written with `count`: how many, worked out at the call (see `dice_count`)
    count_cases: tuple[tuple[tuple[Scalar, ...], int], ...] | None = None  # an expression's count for each setting of what it reads

    @property
    def count_reads(self) -> frozenset[str]:
        """The names the count of its dice reads (none for a fixed number of dice)."""
        if self.count is None:
            return frozenset()
        return frozenset(n.id for n in ast.walk(self.count) if isinstance(n, ast.Name))

    @property
    def is_dice(self) -> bool:
        return self.dice is not None

    @property
    def is_random(self) -> bool:
        """Whether the odds sum over this argument: a dice total or a count of a pool."""
        return self.dice is not None or self.pool is not None


@dataclass(frozen=True)
class ResultPlan:
    """One result: an AST per output field, in field order, with the range each can take
    (None where it is not a whole number worked out from bounded parts)."""

    values: tuple[ast.expr, ...]
    ranges: tuple[tuple[int | float, int | float] | None, ...] = ()


@dataclass(frozen=True)
class RowPlan:
    when: ast.expr | None
    then: ResultPlan
    where: Where


@dataclass(frozen=True)
class ExampleText:
    """One example as every writer shows it: the arguments given, in the function's order,
    the call as Python code, and the expected result as Python prints it (None when the
    example is refused). Made once per plan: the doctests, the pages' tables and usage lines
    and the "Try it" form read these."""

    example: Example
    given: tuple[tuple[str, Scalar], ...]
    call: str
    expected: str | None


@dataclass
class Plan:
    """A check ready to compile: typed arguments and rebuilt ASTs of every part."""

    entry: Entry
    check: Check
    args: list[Arg]
    requires: list[tuple[ast.expr, str]]
    lets: list[tuple[str, ast.expr, VType]]
    rows: list[RowPlan]
    is_decide: bool
    fields: list[tuple[str, VType]]
    record_class: str | None
    usage: Usage = field(default_factory=Usage)
    until: tuple[ast.expr, str] | None = None  # the dice are rolled again until it holds, and the words of its refusal

    @property
    def name(self) -> str:
        return self.check.name

    @property
    def dice_args(self) -> list[Arg]:
        return [a for a in self.args if a.is_dice]

    @property
    def random_args(self) -> list[Arg]:
        """What the odds sum over: dice totals and the counts of pools."""
        return [a for a in self.args if a.is_random]

    @property
    def odds_args(self) -> list[Arg]:
        """The arguments an odds function takes: all but the dice it sums over."""
        return [a for a in self.args if not a.is_random]

    @property
    def pools(self) -> list[PoolPlan]:
        """The check's pools, in order (each once, however many counts it has)."""
        return list({id(a.pool): a.pool for a in self.args if a.pool is not None}.values())

    @cached_property
    def proof_requires(self) -> list[ast.expr]:
        """What the proofs take as given: the preconditions, and that the counts of each pool
        add up to no more than its dice, or the dice it keeps (a count the logic does not read
        is tried at 0 only, so a pool whose dice hang on such a count is bounded by the most it
        can roll instead). Where every die is counted they add up to exactly that, so a result
        the counts can never give (no dice at all of two kept) is never tried; only when each
        count is tried at every value, as an equation cannot hold at a few points alone. A
        total of the numbers shown is at least 1 and at most the die's highest number for each
        die, when tried at every value."""
        tests = [test for test, _ in self.requires]
        read = self.usage.free | set(self.usage.compared)
        unread = {a.name for a in self.random_args if a.name not in read}  # tried at 0 only
        for pool in self.pools:
            names = counts_of(pool.counted)
            fixed = not ((names_read(pool.dice) | (names_read(pool.keep) if pool.keep else frozenset())) & unread) and not pool.explode_on
            limit: ast.expr = pos.Constant(pool.most)
            if fixed:
                limit = pool.dice if pool.keep is None else pos.Call(func=pos.Name(id="min", ctx=ast.Load()), args=[pool.keep, pool.dice], keywords=[])
            exact = fixed and pool.whole and all(n in self.usage.free for n in names)
            if names:
                tests.append(pos.Compare(left=sum_of(names), ops=[ast.Eq() if exact else ast.LtE()], comparators=[limit]))
            total = next((n for n, c in pool.counted if c == TOTAL), None)
            hangs = names_read(pool.dice) | (names_read(pool.keep) if pool.keep else frozenset()) | names_read(pool.explode_depth)
            if total is not None and total in self.usage.free and not hangs & unread:
                least, most, _ = total_limits(pool)
                tests.append(pos.Compare(left=least, ops=[ast.LtE(), ast.LtE()], comparators=[pos.Name(id=total, ctx=ast.Load()), most]))
        if self.until is not None:  # last: what the function refuses, as the dice are rolled again
            tests.append(self.until[0])
        return tests

    @property
    def odds_name(self) -> str | None:
        return f"{self.check.name}_odds" if self.random_args else None

    @cached_property
    def example_texts(self) -> tuple[ExampleText, ...]:
        """Every example of the check, as written out (see `ExampleText`)."""
        return tuple(self._example_text(e) for e in self.check.examples)

    def _example_text(self, example: Example) -> ExampleText:
        written = dict(example.given)
        given = tuple((a.name, written[a.name]) for a in self.args if a.name in written)
        call = f"{self.name}(" + ", ".join(f"{k}={v!r}" for k, v in given) + ")"
        if example.raises is not None:
            return ExampleText(example, given, call, None)
        if self.record_class is None:
            return ExampleText(example, given, call, repr(example.expect))
        assert isinstance(example.expect, tuple)  # the analyser checked a record's example
        values = dict(example.expect)
        return ExampleText(example, given, call, f"{self.record_class}(" + ", ".join(f"{f}={values[f]!r}" for f, _ in self.fields) + ")")

    @property
    def result_annotation(self) -> str:
        return self.record_class or self.fields[0][1].python()


def class_name(check_name: str) -> str:
    return python_class(check_name)
