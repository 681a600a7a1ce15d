"""The Horus Heresy's core steps against references written from the rulebook's numbers: every
input of the To Wound roll, the saving throw and the Leadership test, and the exact odds of the
Wounds a model loses, against rolling every die and against icepool. A rule that makes one
allocated Wound several (Brutal (X)) composes with the Wound step for a unit, its odds those of
as many saves."""

from __future__ import annotations

import itertools
import shutil
from fractions import Fraction
from pathlib import Path
from typing import Any

import icepool

from .conftest import REPO
from .test_logic import compiled


def _hh2(entry_id: str) -> dict[str, Any]:
    return compiled(REPO / "content", "hh2", entry_id)


def _wound_table(strength: int, toughness: int) -> int:
    """The D6 needed To Wound (7: no Wound), from the difference as the Wound Table gives it."""
    return {2: 2, 1: 3, 0: 4, -1: 5, -2: 6, -3: 6}.get(min(strength - toughness, 2), 7)


def test_the_to_wound_roll_is_the_wound_table_for_every_strength_and_toughness() -> None:
    check = _hh2("to-wound-roll")["wounds"]
    for roll, strength, toughness in itertools.product(range(1, 7), range(1, 11), range(1, 11)):
        assert check(roll=roll, strength=strength, toughness=toughness) is (roll >= _wound_table(strength, toughness)), (roll, strength, toughness)
    assert _wound_table(4, 8) == 7 and _wound_table(10, 1) == 2 and _wound_table(2, 5) == 6


def test_a_save_takes_the_better_of_an_armour_save_its_ap_allows_and_the_invulnerable_save() -> None:
    ns = _hh2("saving-throw")
    for roll, armour, ap, invulnerable in itertools.product(range(1, 7), range(2, 8), range(1, 8), range(2, 8)):
        usable = [invulnerable] + ([armour] if ap > armour else [])
        assert ns["saved"](roll=roll, armour_save=armour, ap=ap, invulnerable_save=invulnerable) is (roll >= min(usable)), (roll, armour, ap, invulnerable)
    assert ns["saved_odds"](armour_save=3, ap=5, invulnerable_save=7) == {False: Fraction(1, 3), True: Fraction(2, 3)}
    assert ns["saved_odds"](armour_save=3, ap=3, invulnerable_save=5) == {False: Fraction(2, 3), True: Fraction(1, 3)}


def test_a_leadership_test_is_two_d6_at_most_the_leadership() -> None:
    ns = _hh2("leadership-test")
    two_d6 = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}
    for leadership in range(2, 11):
        assert [ns["passed"](leadership=leadership, roll=r) for r in range(2, 13)] == [r <= leadership for r in range(2, 13)]
        passing = sum((p for t, p in two_d6.items() if t <= leadership), Fraction(0))
        assert ns["passed_odds"](leadership=leadership).get(True, Fraction(0)) == passing
    assert ns["passed_odds"](leadership=8)[True] == Fraction(26, 36)


def _lost_by_rolling(suffered: int, save: int, remaining: int) -> dict[int, Fraction]:
    """Every roll of the saves, one by one."""
    out: dict[int, Fraction] = {}
    for rolls in itertools.product(range(1, 7), repeat=suffered):
        lost = min(sum(1 for r in rolls if r < save), remaining)
        out[lost] = out.get(lost, Fraction(0)) + Fraction(1, 6**suffered)
    return out


def test_the_wounds_a_model_loses_are_exact_against_every_roll_and_icepool() -> None:
    odds = _hh2("wound")["wounds_lost_odds"]
    for suffered, save, remaining in itertools.product(range(1, 5), range(2, 8), (1, 2, 3, 10)):
        assert odds(suffered=suffered, save=save, wounds_remaining=remaining) == _lost_by_rolling(suffered, save, remaining), (suffered, save, remaining)
    for suffered, save in itertools.product((6, 10), (2, 4, 7)):
        failed = icepool.d6.pool(suffered).keep_outcomes(list(range(1, save))).size()  # how many dice fall under the save
        expected = {min(k, 3): Fraction(0) for k in range(suffered + 1)}
        for k, weight in failed.items():
            expected[min(k, 3)] += Fraction(weight, failed.denominator())
        assert odds(suffered=suffered, save=save, wounds_remaining=3) == {k: v for k, v in expected.items() if v}, (suffered, save)


UNIT = """\
id: severe-squad
kind: unit
name: Severe Squad
summary: A squad whose rules make each allocated Wound three.
rules: [{rule: brutal, X: 3}]
composed:
  wound:
    examples:
      - given: {has_toughness: true, suffered: 1, save: 3, saves: 1, unsaved: 2, wounds_remaining: 5}
        expect: 2
        note: Three saves for one allocated Wound; two fail.
      - given: {has_toughness: false, suffered: 1, save: 3, saves: 0, unsaved: 1, wounds_remaining: 5}
        expect: 1
"""


def test_brutal_composes_with_the_wound_step_for_a_unit_with_its_x(tmp_path: Path) -> None:
    """Brutal (X) as shipped, on a unit that has it as Brutal (3): the unit's Wound step rolls
    three saves for one allocated Wound (X is written into the check, no argument)."""
    content = tmp_path / "content"
    shutil.copytree(REPO / "content" / "hh2", content / "hh2")
    (content / "hh2" / "severe-squad.yml").write_text(UNIT)
    ns = compiled(content, "hh2", "severe-squad")
    composed = ns["wound"]
    assert composed(has_toughness=True, suffered=1, save=3, saves=1, unsaved=2, wounds_remaining=5) == 2  # three saves, not one
    for save, remaining in itertools.product(range(2, 8), (1, 2, 10)):
        assert ns["wound_odds"](has_toughness=True, suffered=1, save=save, wounds_remaining=remaining) == _lost_by_rolling(3, save, remaining)
        assert ns["wound_odds"](has_toughness=False, suffered=1, save=save, wounds_remaining=remaining) == _lost_by_rolling(1, save, remaining)


def test_the_leadership_tests_page_and_api_give_its_renamed_module_and_say_why() -> None:
    import json
    import re

    from rulesref.pages.check_section import check_section
    from rulesref.validate import validate
    from rulesref.views.checks import check_views

    result = validate([str(REPO / "content")])
    entry = result.content.entry("hh2:leadership-test")
    assert entry is not None and entry.module == "leadership_test_"
    (view,) = check_views(result.compiled[entry.key], result.settings)
    assert view.module == "rulechecks.hh2.leadership_test_"  # the JSON API's `module`
    pattern = json.loads((REPO / "schemas" / "api.schema.json").read_text())["$defs"]["check"]["properties"]["module"]["pattern"]
    assert re.fullmatch(pattern, view.module) and re.fullmatch(pattern, "rulechecks.demo._test_of_faith_")
    usage = str(check_section(entry, view)["usage"])
    assert usage.startswith("from rulechecks.hh2 import leadership_test_\n# `leadership_test` makes a file pytest collects as tests")
    assert "leadership_test_.passed(leadership=8, roll=8)" in usage
