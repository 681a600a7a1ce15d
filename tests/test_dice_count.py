"""Dice counted by an expression (`{type: D6, count: "2 if armourbane else 1"}`): the odds
against icepool (0 dice included), the call's refusal with the count worked out, the "Try it"
form's table of counts, and the words a page says them in. (The brute force over every die and
JavaScript against Python: `test_pools`, on the same checks of `fixtures/pools/volleys.yml`.)
"""

from __future__ import annotations

import re
import shutil
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import icepool  # a test dependency only: the exact reference
import pytest

from rulesref.build import Build
from rulesref.logic.describe import arg_values, dice_label
from rulesref.logic.plan import Plan
from rulesref.pages.try_it import description
from rulesref.validate import validate
from rulesref.views.checks import check_views

from .test_logic import compiled

FIXTURES = Path(__file__).parent / "fixtures"
VOLLEYS: list[Build] = []  # the build of the fixture below, for the pages' views


@pytest.fixture(scope="module")
def volleys(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Plan], dict[str, Any]]:
    content = tmp_path_factory.mktemp("counts") / "content"
    shutil.copytree(FIXTURES / "content", content)
    shutil.copy(FIXTURES / "pools" / "volleys.yml", content / "demo")
    result = validate([str(content)])
    assert result.problems == ()
    VOLLEYS[:] = [result]
    entry = result.content.entry("demo:volleys")
    assert entry is not None
    plans = {p.name: p for p in result.compiled[entry.key].plans}
    return plans, compiled(content, "demo", "volleys")


def _icepool(die: icepool.Die) -> dict[int, Fraction]:
    return {o: Fraction(die.quantity(o), die.denominator()) for o in die.outcomes()}


def _sum(count: int, sides: int) -> icepool.Die:
    """`count` dice added up; no dice are a total of 0."""
    return count @ icepool.d(sides) if count else icepool.Die([0])


def test_a_count_worked_out_from_inputs_and_a_parameter_equals_icepool(volleys: tuple[dict[str, Plan], dict[str, Any]]) -> None:
    _, namespace = volleys
    odds = namespace["armourbane_odds"]
    for x in range(2, 7):
        for armourbane in (False, True):
            for strength in range(4):
                penetration = 0 if strength == 0 else 2 if armourbane else 1
                expected = _icepool(_sum(penetration, 6) + _sum(max(x - 4, 0), 3) + strength)
                assert odds(X=x, armourbane=armourbane, strength=strength) == expected, (x, armourbane, strength)
    assert odds(X=2, armourbane=True, strength=0) == {0: Fraction(1)}  # no dice at all: a roll of nothing


def test_a_count_of_a_pool_times_two_equals_icepool(volleys: tuple[dict[str, Plan], dict[str, Any]]) -> None:
    _, namespace = volleys
    for attacks in (1, 2):
        expected: dict[int, Fraction] = {}
        for hits in range(attacks + 1):  # each attack hits on a 4+: half the time
            chance = Fraction(comb(attacks, hits), 2**attacks)
            for total, p in _icepool(_sum(2 * hits, 3)).items():
                expected[total] = expected.get(total, Fraction(0)) + chance * p
        assert namespace["wounds_doubled_odds"](attacks=attacks) == dict(sorted(expected.items()))


def test_the_call_refuses_a_total_the_count_does_not_allow(volleys: tuple[dict[str, Plan], dict[str, Any]]) -> None:
    _, namespace = volleys
    check = namespace["armourbane"]
    assert check(X=6, armourbane=True, strength=1, penetration=2, blast=2) == 5
    with pytest.raises(ValueError, match=re.escape("penetration must be a roll of 2 D6 (2 to 12), not 1")):
        check(X=6, armourbane=True, strength=1, penetration=1, blast=2)
    with pytest.raises(ValueError, match=re.escape("blast must be a roll of 0 D3 (0 to 0), not 1")):
        check(X=4, armourbane=False, strength=1, penetration=3, blast=1)
    with pytest.raises(ValueError, match=re.escape("damage must be a roll of 4 D3 (4 to 12), not 3")):
        namespace["wounds_doubled"](attacks=2, hits=2, damage=3)


def test_the_try_it_form_looks_each_count_up(volleys: tuple[dict[str, Plan], dict[str, Any]]) -> None:
    plans, _ = volleys
    plan = plans["armourbane"]
    args = {a.name: a for a in plan.args}
    assert args["penetration"].count_cases is not None
    assert sorted(args["penetration"].count_cases) == sorted(
        ((armourbane, strength), 0 if strength == 0 else 2 if armourbane else 1) for armourbane in (False, True) for strength in range(4)
    )
    assert args["blast"].count_cases == tuple(((x,), max(x - 4, 0)) for x in range(2, 7))
    view = next(v for v in check_views(VOLLEYS[0].compiled[plan.entry.key], VOLLEYS[0].settings) if v.name == "armourbane")
    form = {a["name"]: a for a in description(plan.entry, plan, view)["args"]}
    assert form["penetration"]["countReads"] == ["armourbane", "strength"] and form["penetration"]["countInput"] is None
    assert [[True, 0], 0] in form["penetration"]["countCases"] and [[True, 3], 2] in form["penetration"]["countCases"]


def test_a_count_is_said_in_words(volleys: tuple[dict[str, Plan], dict[str, Any]]) -> None:
    plans, _ = volleys
    args = {a.name: a for a in plans["armourbane"].args}
    dice = args["penetration"].dice
    assert dice is not None
    assert dice_label(dice) == "no dice if strength is 0, else 2 D6 if armourbane, else 1 D6"
    assert arg_values(args["penetration"]) == "a roll of no dice if strength is 0, else 2 D6 if armourbane, else 1 D6"
    blast = args["blast"].dice
    assert blast is not None
    assert dice_label(blast) == "as many D3 as X minus 4"  # (fewer dice than none are none)


BY_PARAMETER = """id: salvo
kind: rule
name: Salvo (K)
summary: K dice of damage, none at K 0.
text: x
params:
  K: {type: int, min: 0, max: 3, summary: How many dice}
checks:
  damage:
    summary: The damage of a salvo.
    inputs:
      roll: {type: D3, count: K}
    output: {type: int, min: 0, max: 9}
    expr: roll
    examples:
      - given: {K: 2, roll: 5}
        expect: 5
      - given: {K: 0, roll: 0}
        expect: 0
"""


def test_a_parameter_named_alone_counts_the_dice(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "content", content)
    (content / "demo" / "salvo.yml").write_text(BY_PARAMETER)
    assert validate([str(content)]).problems == ()
    odds = compiled(content, "demo", "salvo")["damage_odds"]
    for n in range(4):
        assert odds(K=n) == _icepool(_sum(n, 3)), n


NOT_WHOLE = """\
id: salvo
kind: rule
name: salvo
summary: x
text: x
checks:
  c:
    summary: x
    inputs:
      armourbane: {type: bool}
      roll: {type: D6, count: armourbane or False}
      hits: {type: pool, dice: armourbane, target: 4}
    output: {type: int}
    expr: "1"
    examples: [{given: {armourbane: true, roll: 2, hits: 1}, expect: 1}]
"""


def test_a_count_and_a_pools_dice_that_are_no_whole_number_are_refused_each_in_its_own_words(tmp_path: Path) -> None:
    """One check refuses both (`whole_number`); the count is said to be "of dice", a pool's `dice` not."""
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "content", content)
    (content / "demo" / "salvo.yml").write_text(NOT_WHOLE)
    problems = validate([str(content)]).problems
    said = {(p.code, p.line, p.message) for p in problems}
    assert said == {
        ("type-mismatch", 11, "`count` must be a whole number of dice, not true/false"),
        ("type-mismatch", 12, "`dice` must be a whole number, not true/false"),
    }, said
