"""Every whole number a check computes is bounded by a proof from its declared inputs, and
proofs stay within a budget of steps and time."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesref.logic import bounds
from rulesref.logic.check import plan_entry
from rulesref.logic.domain import PER_COMBINATION, ProofBudget, ProofTimeout, combinations, domain_size, parts
from rulesref.logic.expressions import ExprError, translate
from rulesref.logic.types import int_type
from rulesref.validate import validate

SCOPE = {"a": int_type(-3, 10), "b": int_type(0, 1000), "huge": int_type(0, 10**11)}


@pytest.mark.parametrize(
    ("source", "lo", "hi"),
    [
        ("a + b", -3, 1010),
        ("a - b", -1003, 10),
        ("a * b", -3000, 10000),
        ("-a", -10, 3),
        ("b // 7", 0, 142),
        ("b // a", -1000, 1000),
        ("min(a, b)", -3, 10),
        ("max(a, b)", 0, 1000),
        ("abs(a)", 0, 10),
        ("clamp(b, 2, 5)", 2, 5),
        ("halve_up(a)", -1, 5),
        ("halve_down(a)", -2, 5),
        ("a if b > 3 else b * 2", -3, 2000),
    ],
)
def test_the_proved_range_holds_every_value(source: str, lo: int, hi: int) -> None:
    _, vtype, _ = translate(source, SCOPE)
    assert (vtype.lo, vtype.hi) == (lo, hi)


@pytest.mark.parametrize(("source", "column"), [("b + huge * 11", 4), ("1 + (huge + huge) * (b + 1)", 4), ("-(huge * 20)", 2), ("min(huge * huge, 1)", 4)])
def test_a_value_past_the_limit_is_refused_at_its_column(source: str, column: int) -> None:
    with pytest.raises(ExprError) as caught:
        translate(source, SCOPE)
    assert caught.value.code == "number-too-large"
    assert caught.value.offset == column
    assert f"{bounds.LIMIT:,}" in caught.value.message


def test_an_unbounded_value_is_refused() -> None:
    with pytest.raises(ExprError, match="no bound can be proved"):
        translate("x * 2", {"x": int_type(0, None)})


def test_the_division_bound_holds_for_every_small_divisor() -> None:
    for a in range(-6, 7):
        for b in [*range(-4, 0), *range(1, 5)]:
            lo, hi = bounds.floordiv((-6, 6), (-4, 4)) or (0, 0)
            assert lo <= a // b <= hi


def test_the_proofs_of_an_entry_stop_at_their_clock(content: Path) -> None:
    entry = next(e for e in validate([str(content)]).content.entries if e.checks)
    plans, _ = plan_entry(entry)
    with pytest.raises(ProofTimeout):
        list(combinations(plans[0], ProofBudget(seconds=-1)))
    assert 0 < len(list(combinations(plans[0], ProofBudget()))) <= domain_size(plans[0])


def test_the_step_budget_is_shared_by_the_checks_of_an_entry(content: Path) -> None:
    entry = next(e for e in validate([str(content)]).content.entries if e.checks)
    plan = plan_entry(entry)[0][0]
    steps = domain_size(plan) * (PER_COMBINATION + parts(plan))
    budget = ProofBudget(steps=2 * steps)
    assert budget.charge(plan, domain_size(plan)) is None
    assert budget.charge(plan, domain_size(plan)) is None
    assert budget.charge(plan, domain_size(plan)) == steps
