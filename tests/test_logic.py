"""The logic language: the allow-list, typing, the compiled functions and their odds."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rulesref.logic.codegen import module_ast
from rulesref.logic.expressions import ExprError, translate
from rulesref.logic.sandbox import run_module
from rulesref.logic.types import BOOL, enum_type, int_type
from rulesref.validate import validate

SCOPE = {"a": int_type(0, 10), "b": int_type(0, 10), "flag": BOOL, "kind": enum_type(["infantry", "vehicle"])}

HOSTILE = [
    "a.__class__",
    "().__class__.__bases__[0].__subclasses__()",
    "__import__('os').system('id')",
    "open('/etc/passwd')",
    "eval('1')",
    "exec('x=1')",
    "getattr(a, 'real')",
    "globals()",
    "(lambda: 1)()",
    "[x for x in (1, 2)]",
    "{x for x in (1,)}",
    "{1: 2}",
    "[1, 2]",
    "(1, 2)",
    "a[0]",
    "a if flag else __builtins__",
    "_dice",
    "__name__",
    "9 ** 9 ** 9",
    "a / 2",
    "a % 2",
    "a << 2",
    "a & b",
    "~a",
    "f'{a}'",
    "(c := 1)",
    "a is b",
    "1.25",  # 1.5 is a distance in half inches; 1.25 is no number of the language
    "None",
    "b'x'",
    "...",
    "a + flag",
    "flag + 1",
    "not a",
    "kind < 'z'",
    "kind == 'tank'",
    "kind in ('infantry', 'walker')",
    "a in (1, 'x')",
    "a in b",
    "min(a)",
    "max(a, flag)",
    "clamp(a, 1)",
    "halve_up(a, b)",
    "abs(x=1)",
    "min(*a)",
    "dice_max(a)",
    "unknown + 1",
    "a if a else b",
    "a + 10000000",
    "a +",
    "a\nb",
    "(" * 300 + "a" + ")" * 300,
    "+".join(["a"] * 300),
    "yield a",
    "await a",
    "a.real",
    "print(a)",
]


@pytest.mark.parametrize("source", HOSTILE)
def test_hostile_expressions_are_refused(source: str) -> None:
    with pytest.raises(ExprError) as info:
        translate(source, SCOPE)
    assert info.value.message and 0 <= info.value.offset <= len(source)


ALLOWED: dict[str, Callable[[int, int, bool, str], object]] = {
    "a + b * 2 - 1": lambda a, b, flag, kind: a + b * 2 - 1,
    "a // 3": lambda a, b, flag, kind: a // 3,
    "halve_up(a)": lambda a, b, flag, kind: -(-a // 2),
    "halve_down(a - 5)": lambda a, b, flag, kind: (a - 5) // 2,
    "halve_up(a - 5)": lambda a, b, flag, kind: -(-(a - 5) // 2),
    "clamp(a - b, 0, 3)": lambda a, b, flag, kind: min(max(a - b, 0), 3),
    "min(a, b, 4) + max(a, 2) + abs(a - b)": lambda a, b, flag, kind: min(a, b, 4) + max(a, 2) + abs(a - b),
    "a if flag and not kind == 'vehicle' else -b": lambda a, b, flag, kind: a if flag and kind != "vehicle" else -b,
    "1 <= a <= 3 or b in (2, 4)": lambda a, b, flag, kind: 1 <= a <= 3 or b in (2, 4),
    "kind in ('infantry',) and a != b": lambda a, b, flag, kind: kind == "infantry" and a != b,
}


@pytest.mark.parametrize("source", sorted(ALLOWED))
def test_allowed_expressions_compute_what_they_say(source: str) -> None:
    import ast

    built, _, _ = translate(source, SCOPE)
    code = compile(ast.fix_missing_locations(ast.Expression(built)), "<expr>", "eval")
    for a, b, flag, kind in itertools.product(range(0, 11, 3), range(0, 11, 4), (False, True), ("infantry", "vehicle")):
        values = {"a": a, "b": b, "flag": flag, "kind": kind}
        assert eval(code, {"__builtins__": {"min": min, "max": max, "abs": abs}}, values) == ALLOWED[source](a, b, flag, kind)


def compiled(content: Path, system: str, entry_id: str) -> dict[str, Any]:
    result = validate([str(content)])
    assert result.problems == ()
    entry = result.content.entry(f"{system}:{entry_id}")
    assert entry is not None
    built = result.compiled[entry.key]
    module = module_ast(entry, built.plans, system_name=system, url=result.settings.entry_url(entry))
    return run_module(module, result.settings.module_path(entry))


def test_generated_functions_are_keyword_only_and_validate_inputs(content: Path) -> None:
    ns = compiled(content, "demo", "brutal")
    fn = ns["wounds_suffered"]
    assert fn(X=3, allocated_wounds=2, has_toughness=True) == 6
    with pytest.raises(TypeError):
        fn(3, 2, True)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"X": 3, "allocated_wounds": True, "has_toughness": True}, "allocated_wounds"),
        ({"X": 3, "allocated_wounds": 2, "has_toughness": 1}, "has_toughness"),
        ({"X": 11, "allocated_wounds": 2, "has_toughness": True}, "X must be a whole number from 2 to 10, not 11"),
        ({"X": 3, "allocated_wounds": -1, "has_toughness": True}, "from 0 to 100, not -1"),
        ({"X": 3, "allocated_wounds": 2.0, "has_toughness": True}, "not 2.0"),
    ]
    for bad, word in cases:
        with pytest.raises(ValueError, match=word):
            fn(**bad)


def test_dice_counted_by_another_input(content: Path) -> None:
    ns = compiled(content, "demo", "blitz")
    assert ns["distance"](turn=3, roll=18, used_this_game=False) == ns["Distance"](inches=20, attacks=10)
    with pytest.raises(ValueError, match=re.escape("roll must be a roll of 3 D6 (3 to 18), not 19")):
        ns["distance"](turn=3, roll=19, used_this_game=False)
    with pytest.raises(ValueError, match="once per game"):
        ns["distance"](turn=3, roll=5, used_this_game=True)
    odds = ns["distance_odds"](turn=2, used_this_game=False)
    assert sum(odds.values()) == 1
    assert odds[ns["Distance"](inches=8, attacks=10)] == Fraction(6, 36)


def test_odds_are_exact_and_match_brute_force(content: Path) -> None:
    ns = compiled(content, "demo", "mishap")
    odds = ns["outcome_odds"]()
    assert odds == {"delayed": Fraction(1, 2), "destroyed": Fraction(1, 6), "misplaced": Fraction(1, 3)}
    ns = compiled(content, "demo", "fearless")
    assert ns["passes_morale_odds"](leadership=2, fearless=True) == {True: Fraction(1)}
    assert ns["passes_morale_odds"](leadership=7, fearless=False) == {False: Fraction(15, 36), True: Fraction(21, 36)}


def test_odds_of_several_dice_inputs(content: Path) -> None:
    path = content / "demo" / "combo.yml"
    path.write_text(
        """id: combo
kind: rule
name: Combo
summary: Three dice against one.
text: Roll 3D6 and a D6.
checks:
  beats:
    summary: Whether the 3D6 total beats three times the D6.
    inputs:
      total: {type: 3D6}
      die: {type: D6}
      bonus: {type: int, min: 0, max: 2}
    output: {type: bool}
    expr: total + bonus > 3 * die
    examples:
      - {given: {total: 3, die: 1, bonus: 0}, expect: false}
      - {given: {total: 4, die: 1, bonus: 0}, expect: true}
      - {given: {total: 18, die: 6, bonus: 0}, expect: false}
"""
    )
    ns = compiled(content, "demo", "combo")
    for bonus in range(3):
        wins = sum(1 for a, b, c, d in itertools.product(range(1, 7), repeat=4) if a + b + c + bonus > 3 * d)
        odds = ns["beats_odds"](bonus=bonus)
        assert odds[True] == Fraction(wins, 6**4)
        assert sum(odds.values()) == 1


def test_dice_parameter_rolls_its_own_dice(content: Path) -> None:
    path = content / "demo" / "random-move.yml"
    path.write_text(
        """id: random-move
kind: rule
name: Random Move (X)
summary: Moves a random distance.
text: Moves X inches.
params:
  X: {type: dice, values: [D6, 2D6, 3D6], summary: The dice rolled}
checks:
  move:
    summary: Distance moved and the charge speed.
    inputs:
      roll: {type: dice, of: X}
    output: {distance: {type: int}, charge_speed: {type: int}}
    expr: {distance: roll, charge_speed: dice_max(X)}
    examples:
      - {given: {X: 2D6, roll: 7}, expect: {distance: 7, charge_speed: 12}}
      - {given: {X: D6, roll: 7}, raises: "roll must be a roll of 'D6' (1 to 6)"}
      - {given: {X: D3, roll: 2}, raises: "X must be one of"}
"""
    )
    ns = compiled(content, "demo", "random-move")
    odds = ns["move_odds"](X="2D6")
    assert sum(odds.values()) == 1 and len(odds) == 11


@pytest.mark.parametrize("roll", [1, 3], ids=["example outside the gap", "example in the gap"])
def test_a_decide_with_a_gap_is_a_problem_in_validation_and_when_weighing_odds(content: Path, roll: int) -> None:
    """A `decide` without `otherwise` that leaves a roll uncovered: its examples and its odds
    run before the proof, and neither may end in a crash; the proof names the gap."""
    from .conftest import FIXTURES

    text = (FIXTURES / "bad" / "logic-example-in-gap.yml").read_text().replace("roll: 3}", f"roll: {roll}}}")
    path = content / "demo" / "logic-example-in-gap.yml"
    path.write_text(text)
    for odds in (False, True):
        problems = validate([str(path)], odds=odds).problems
        codes = sorted((p.code, p.line) for p in problems)
        expected = [("decide-incomplete", 13)] + ([("example-failed", 18)] if roll == 3 else [])
        assert codes == expected, problems
        assert "no row matches roll=3" in next(p.message for p in problems if p.code == "decide-incomplete")
